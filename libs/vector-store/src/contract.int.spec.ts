import { afterAll, describe, expect, it } from 'vitest';
import { InProcessVectorIndex, EXACT_BELOW } from './in-process';
import { ThreadedVectorIndex } from './graph-thread';
import { QdrantVectorIndex } from './qdrant';
import type { ProjectedVectorIndex, VectorIndex } from './port';

function unit(v: number[]): Float32Array {
  const n = Math.hypot(...v);
  return Float32Array.from(v.map((x) => x / n));
}
function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

/** One contract, run against every adapter available here. */
function contract(name: string, make: () => VectorIndex) {
  describe(`vector index contract: ${name}`, () => {
    const idx = make();
    afterAll(async () => {
      await idx.clear();
      await idx.close();
    });
    it('finds the nearest vectors first, within a namespace and collection only', async () => {
      await idx.upsert('ws_a', 'content', 'x', unit([1, 0, 0]));
      await idx.upsert('ws_a', 'content', 'y', unit([0.9, 0.1, 0]));
      await idx.upsert('ws_a', 'content', 'z', unit([0, 0, 1]));
      await idx.upsert('ws_b', 'content', 'other', unit([1, 0, 0]));
      await idx.upsert('ws_a', 'user', 'u', unit([1, 0, 0]));
      const hits = await idx.search('ws_a', 'content', unit([1, 0, 0]), 10);
      expect(hits.map((h) => h.id)).toEqual(['x', 'y', 'z']);
      expect(hits[0]!.score).toBeCloseTo(1, 5);
      expect(await idx.count('ws_a', 'content')).toBe(3);
    });
    it('replaces a vector on upsert and forgets it on remove', async () => {
      await idx.upsert('ws_a', 'content', 'x', unit([0, 0, 1]));
      expect((await idx.search('ws_a', 'content', unit([0, 0, 1]), 1))[0]!.id).toMatch(/x|z/);
      await idx.remove('ws_a', 'x');
      expect((await idx.search('ws_a', 'content', unit([1, 0, 0]), 10)).map((h) => h.id)).not.toContain('x');
      expect(await idx.count('ws_a', 'content')).toBe(2);
    });

    it('moves an id upserted into another collection of its namespace, and removes it from the one that holds it', async () => {
      await idx.upsert('ws_m', 'user', 'm', unit([1, 0, 0]));
      await idx.upsert('ws_m', 'place', 'm', unit([1, 0, 0]));
      await idx.upsert('ws_n', 'user', 'm', unit([1, 0, 0]));
      expect(await idx.count('ws_m', 'user')).toBe(0);
      expect(await idx.count('ws_m', 'place')).toBe(1);
      expect((await idx.search('ws_m', 'place', unit([1, 0, 0]), 5)).map((h) => h.id)).toEqual(['m']);
      await idx.remove('ws_m', 'm');
      expect(await idx.count('ws_m', 'place')).toBe(0);
      // The same id in another namespace is another vector.
      expect(await idx.count('ws_n', 'user')).toBe(1);
    });
  });
}

/** What the vector projection needs beyond search: batched writes, a namespace's ids, checkpoints kept with the vectors. */
function projectedContract(name: string, make: () => ProjectedVectorIndex) {
  describe(`projected vector index contract: ${name}`, () => {
    const idx = make();
    afterAll(async () => {
      await idx.clear();
      await idx.close();
    });
    it('writes and removes in batches, lists a namespace\'s ids, and keeps checkpoints apart from every namespace', async () => {
      const points = Array.from({ length: 600 }, (_, i) => ({ collection: i % 2 ? 'content' : 'user', id: `p${i}`, vector: unit([Math.cos(i), Math.sin(i), 0.5]) }));
      await idx.upsertMany('ws_p', points);
      await idx.upsertMany('ws_q', [{ collection: 'content', id: 'q0', vector: unit([1, 0, 0]) }]);
      expect(await idx.readCheckpoint('ranking:all')).toBeNull();
      await idx.writeCheckpoint('ranking:all', { position: 41, version: 'v@s', at: 5 });
      await idx.writeCheckpoint('ranking:all', { position: 42, version: 'v@s', at: 6 });
      expect(await idx.readCheckpoint('ranking:all')).toEqual({ position: 42, version: 'v@s', at: 6 });
      expect(await idx.readCheckpoint('ranking:0 of 2')).toBeNull();
      expect((await idx.listIds('ws_p')).sort()).toEqual(points.map((p) => p.id).sort());
      await idx.removeMany('ws_p', points.slice(0, 300).map((p) => p.id));
      expect((await idx.listIds('ws_p')).length).toBe(300);
      expect(await idx.count('ws_p', 'content')).toBe(150);
      expect(await idx.listIds('ws_q')).toEqual(['q0']);
      // The checkpoint is no vector of any workspace.
      expect((await idx.search('ws_p', 'content', unit([1, 0, 0]), 1_000)).length).toBe(150);
    });
  });
}

contract('in-process', () => new InProcessVectorIndex());
projectedContract('in-process', () => new InProcessVectorIndex());
contract('threaded (small collections: main thread)', () => new ThreadedVectorIndex());
contract('threaded (every search on the worker)', () => new ThreadedVectorIndex({ threadFrom: 1 }));
if (process.env['QDRANT_URL']) {
  contract('qdrant', () => new QdrantVectorIndex({ url: process.env['QDRANT_URL']!, model: `contract_${Date.now()}`, dim: 3 }));
  projectedContract('qdrant', () => new QdrantVectorIndex({ url: process.env['QDRANT_URL']!, model: `projected_${Date.now()}`, dim: 3 }));
}

describe('in-process index past the exact-search size (HNSW graph)', () => {
  it('keeps high recall and follows updates and removals', async () => {
    const idx = new InProcessVectorIndex();
    const r = rng(42);
    const d = 32;
    const n = EXACT_BELOW + 1_000;
    const vecs: Float32Array[] = [];
    for (let i = 0; i < n; i++) vecs.push(unit(Array.from({ length: d }, () => r() - 0.5)));
    vecs.forEach((v, i) => idx.upsertSync('ws', 'content', `id${i}`, v));
    let hits = 0;
    for (let q = 0; q < 50; q++) if (idx.searchSync('ws', 'content', vecs[q]!, 1)[0]?.id === `id${q}`) hits++;
    expect(hits).toBeGreaterThanOrEqual(48);
    idx.removeSync('ws', 'id0');
    expect(idx.searchSync('ws', 'content', vecs[0]!, 5).map((h) => h.id)).not.toContain('id0');
    idx.upsertSync('ws', 'content', 'new', vecs[1]!);
    expect(idx.searchSync('ws', 'content', vecs[1]!, 2).map((h) => h.id).sort()).toEqual(['id1', 'new']);
  });
});

describe('threaded index past the exact-search size: the worker answers as the main-thread graph does', () => {
  it('agrees with the in-process index, follows writes in order, and falls back when the worker dies', async () => {
    const r = rng(7);
    const d = 32;
    const n = EXACT_BELOW + 1_500;
    const vecs = Array.from({ length: n }, () => unit(Array.from({ length: d }, () => r() - 0.5)));
    const main = new InProcessVectorIndex();
    let failed: Error | undefined;
    const threaded = new ThreadedVectorIndex({ onError: (e) => (failed = e) });
    try {
      vecs.forEach((v, i) => {
        main.upsertSync('ws', 'content', `id${i}`, v);
        threaded.upsertSync('ws', 'content', `id${i}`, v);
      });
      threaded.upsertSync('ws', 'user', 'u1', vecs[0]!);
      // An approximate index: nearly every query finds itself first, with its exact score.
      let same = 0;
      let self = 0;
      for (let q = 0; q < 40; q++) {
        const a = main.searchSync('ws', 'content', vecs[q]!, 10).map((h) => h.id);
        const b = await threaded.search('ws', 'content', vecs[q]!, 10);
        if (b[0]!.id === `id${q}`) {
          self++;
          expect(b[0]!.score).toBeCloseTo(1, 5);
        }
        same += b.filter((h) => a.includes(h.id)).length;
      }
      expect(threaded.threaded).toBe(true);
      expect(self).toBeGreaterThanOrEqual(37);
      expect(same / 400).toBeGreaterThan(0.85);
      // A write is seen by the very next search (ordered with it on the way to the worker)…
      threaded.upsertSync('ws', 'content', 'fresh', vecs[5]!);
      threaded.removeSync('ws', 'id5');
      const after = (await threaded.search('ws', 'content', vecs[5]!, 3)).map((h) => h.id);
      expect(after).toContain('fresh');
      expect(after).not.toContain('id5');
      // …concurrent searches each get their own answer…
      const qs = [11, 12, 13, 14];
      const many = await Promise.all(qs.map((q) => threaded.search('ws', 'content', vecs[q]!, 3)));
      for (const [i, q] of qs.entries()) expect(many[i]).toEqual(await threaded.search('ws', 'content', vecs[q]!, 3));
      expect(new Set(many.map((h) => h[0]!.id)).size).toBe(4);
      // …small collections stay on the main thread, and namespaces stay apart.
      expect((await threaded.search('ws', 'user', vecs[0]!, 5)).map((h) => h.id)).toEqual(['u1']);
      expect(await threaded.search('other', 'content', vecs[0]!, 5)).toEqual([]);
      // The worker dies: searches still answer, from the main thread.
      const worker = (threaded as unknown as { worker: { terminate(): Promise<number> } }).worker;
      await worker.terminate();
      await expect.poll(() => failed, { timeout: 5_000 }).toBeInstanceOf(Error);
      expect(threaded.threaded).toBe(false);
      expect((await threaded.search('ws', 'content', vecs[7]!, 1))[0]!.id).toBe('id7');
    } finally {
      await threaded.close();
    }
  }, 60_000);
});
