import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ThreadedVectorIndex } from './graph-thread';
import { InProcessVectorIndex } from './in-process';

const dir = mkdtempSync(join(tmpdir(), 'tg-vector-snap-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const unit = (seed: number) => {
  const v = Float32Array.from({ length: 8 }, (_, k) => Math.sin(seed * 1.7 + k * 0.9) + (k === seed % 8 ? 1 : 0));
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
};
const fill = (idx: { upsertSync(ns: string, c: string, id: string, v: Float32Array): void }, n: number) => {
  for (let i = 0; i < n; i++) idx.upsertSync('ws', 'content', `c${i}`, unit(i));
};
// Small collections, searched exactly (in the worker from 1 vector on): the answers are deterministic.
const threaded = () => new ThreadedVectorIndex({ threadFrom: 1 });
const queries = [3, 17, 42].map((s) => unit(s + 0.5));
const answers = (idx: ThreadedVectorIndex | InProcessVectorIndex) => Promise.all(queries.map((q) => idx.search('ws', 'content', q, 5)));

describe('vector index snapshots: the worker starts from a saved index instead of being sent every vector', () => {
  it('nothing to save while no worker runs (no collection was searched in one)', async () => {
    const a = threaded();
    fill(a, 10);
    expect(await a.save(join(dir, 'none'), 's1')).toBe(false);
    await a.close();
  });

  it('save, then preload and restore in another index holding the same vectors: the same answers', async () => {
    const a = threaded();
    fill(a, 60);
    const expected = await answers(a);
    const path = join(dir, 'a');
    expect(await a.save(path, 's1')).toBe(true);
    await a.close();

    const b = threaded();
    expect(b.preload(path, 's1')).toBeDefined();
    // Written while the worker reads: the restored state, which the snapshot holds (not sent again).
    fill(b, 60);
    expect(await b.restore(path, 's1')).toBe(true);
    expect(await answers(b)).toEqual(expected);
    // Later writes reach the worker.
    b.upsertSync('ws', 'content', 'late', queries[0]!);
    expect((await b.search('ws', 'content', queries[0]!, 1))[0]?.id).toBe('late');
    await b.close();
  });

  it('a snapshot of other vectors (or of another id) is refused: the worker gets every vector instead', async () => {
    const a = threaded();
    fill(a, 60);
    await answers(a);
    const path = join(dir, 'b');
    expect(await a.save(path, 's1')).toBe(true);
    await a.close();
    const b = threaded();
    b.preload(path, 's1');
    fill(b, 59);
    b.upsertSync('ws', 'content', 'late', queries[1]!);
    expect(await b.restore(path, 's1')).toBe(false);
    expect((await b.search('ws', 'content', queries[1]!, 1))[0]?.id).toBe('late');
    expect((await b.search('ws', 'content', unit(59), 60)).map((h) => h.id)).not.toContain('c59');
    await b.close();
    const c = threaded();
    fill(c, 60);
    await expect(c.restore(path, 's2')).rejects.toThrow(/not of catalog snapshot s2/);
    expect((await answers(c)).every((h) => h.length === 5)).toBe(true);
    await c.close();
  });

  it('a preload dropped (its catalog was unusable): the worker is stopped, and the next one gets every vector', async () => {
    const a = threaded();
    fill(a, 60);
    await answers(a);
    const path = join(dir, 'c');
    expect(await a.save(path, 's1')).toBe(true);
    await a.close();
    const b = threaded();
    b.preload(path, 's1');
    await b.close();
    // A replay with one vector more than the snapshot: a worker left with the snapshot would not know it.
    fill(b, 60);
    b.upsertSync('ws', 'content', 'late', queries[2]!);
    expect((await b.search('ws', 'content', queries[2]!, 1))[0]?.id).toBe('late');
    await b.close();
  });

  it('the main-thread index saves and restores its collections the same way', async () => {
    const a = new InProcessVectorIndex();
    fill(a, 60);
    const path = join(dir, 'd');
    await a.save(path, 's1');
    const b = new InProcessVectorIndex();
    fill(b, 60);
    expect(await b.restore(path, 's1')).toBe(true);
    expect(await answers(b)).toEqual(await answers(a));
    const c = new InProcessVectorIndex();
    fill(c, 61);
    expect(await c.restore(path, 's1')).toBe(false);
  });
});
