import { describe, expect, it } from 'vitest';
import type { Embedder } from './embedder';
import { CachingEmbedder } from './caching-embedder';

/** A wrapped embedder that records every call; its vector depends only on (id, text). */
class RecordingEmbedder implements Embedder {
  readonly dim = 3;
  readonly calls: string[][] = [];
  constructor(public id = 'fake-v1') {}
  async embed(texts: string[]): Promise<(Float32Array | null)[]> {
    this.calls.push([...texts]);
    return texts.map((t) => (t === '' ? null : Float32Array.of(t.length, this.id.length, 1)));
  }
}

describe('CachingEmbedder', () => {
  it('answers repeats from the cache and counts hits and misses', async () => {
    const inner = new RecordingEmbedder();
    const cache = new CachingEmbedder(inner, { maxEntries: 10 });
    expect(cache.id).toBe('fake-v1');
    expect(cache.dim).toBe(3);
    const first = await cache.embed(['a', 'bb', '']);
    const second = await cache.embed(['bb', 'ccc', 'a', '']);
    expect(inner.calls).toEqual([['a', 'bb', ''], ['ccc']]);
    expect(first).toEqual([Float32Array.of(1, 7, 1), Float32Array.of(2, 7, 1), null]);
    expect(second).toEqual([Float32Array.of(2, 7, 1), Float32Array.of(3, 7, 1), Float32Array.of(1, 7, 1), null]);
    expect(cache.stats()).toEqual({ hits: 3, misses: 4, size: 4, maxEntries: 10 });
  });

  it('sends a text repeated within one call only once', async () => {
    const inner = new RecordingEmbedder();
    const cache = new CachingEmbedder(inner);
    const out = await cache.embed(['x', 'y', 'x', 'x']);
    expect(inner.calls).toEqual([['x', 'y']]);
    expect(out).toEqual([Float32Array.of(1, 7, 1), Float32Array.of(1, 7, 1), Float32Array.of(1, 7, 1), Float32Array.of(1, 7, 1)]);
    expect(out[0]).not.toBe(out[2]);
    expect(cache.stats()).toMatchObject({ hits: 2, misses: 2 });
  });

  it('evicts the least recently used entry first', async () => {
    const inner = new RecordingEmbedder();
    const cache = new CachingEmbedder(inner, { maxEntries: 2 });
    await cache.embed(['a', 'b']);
    await cache.embed(['a']); // a is now more recent than b
    await cache.embed(['c']); // evicts b
    inner.calls.length = 0;
    await cache.embed(['a', 'c', 'b']);
    expect(inner.calls).toEqual([['b']]);
    expect(cache.stats().size).toBe(2);
  });

  it('keys entries by model id as well as text', async () => {
    const inner = new RecordingEmbedder('model-a');
    const cache = new CachingEmbedder(inner);
    await cache.embed(['same text']);
    inner.id = 'model-bb';
    const [v] = await cache.embed(['same text']);
    expect(inner.calls).toEqual([['same text'], ['same text']]);
    expect(v).toEqual(Float32Array.of(9, 8, 1));
  });

  it('hands out copies, so a caller mutating a vector cannot poison the cache', async () => {
    const cache = new CachingEmbedder(new RecordingEmbedder());
    const [v] = await cache.embed(['abc']);
    v!.fill(0);
    const [again] = await cache.embed(['abc']);
    expect(again).toEqual(Float32Array.of(3, 7, 1));
  });

  it('rejects a wrapped embedder that returns the wrong number of vectors', async () => {
    const broken: Embedder = { id: 'broken', dim: 1, embed: async () => [] };
    await expect(new CachingEmbedder(broken).embed(['x'])).rejects.toThrow(/returned 0 vectors for 1 texts/);
  });

  it('forgets everything on clear()', async () => {
    const inner = new RecordingEmbedder();
    const cache = new CachingEmbedder(inner);
    await cache.embed(['a']);
    cache.clear();
    await cache.embed(['a']);
    expect(inner.calls).toHaveLength(2);
    expect(cache.stats()).toMatchObject({ hits: 0, misses: 2, size: 1 });
  });
});
