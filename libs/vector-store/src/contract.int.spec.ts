import { afterAll, describe, expect, it } from 'vitest';
import { InProcessVectorIndex, EXACT_BELOW } from './in-process';
import { QdrantVectorIndex } from './qdrant';
import type { VectorIndex } from './port';

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
  });
}

contract('in-process', () => new InProcessVectorIndex());
if (process.env['QDRANT_URL']) contract('qdrant', () => new QdrantVectorIndex({ url: process.env['QDRANT_URL']!, model: `contract_${Date.now()}`, dim: 3 }));

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
