import { describe, expect, it } from 'vitest';
import { EXACT_BELOW } from './in-process';
import { ThreadedVectorIndex } from './graph-thread';

function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}
function unitRandom(r: () => number, d: number): Float32Array {
  const v = Float32Array.from({ length: d }, () => r() - 0.5);
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
}

describe('threaded vector index: several queries in one message', () => {
  for (const n of [EXACT_BELOW + 500, 300]) {
    it(`searchMany answers what search answers for each query, after the writes before it (${n} vectors: ${n >= EXACT_BELOW ? 'worker' : 'main thread'})`, async () => {
      const r = rng(7);
      const idx = new ThreadedVectorIndex();
      for (let i = 0; i < n; i++) idx.upsertSync('ws', 'content', `i${i}`, unitRandom(r, 24));
      const queries = Array.from({ length: 5 }, () => unitRandom(r, 24));
      const ks = [48, 24, 24, 24, 24];
      // Read-your-writes: a write just before is seen.
      idx.upsertSync('ws', 'content', 'fresh', queries[2]!);
      const many = await idx.searchMany('ws', 'content', queries, ks);
      const one = await Promise.all(queries.map((q, i) => idx.search('ws', 'content', q, ks[i]!)));
      expect(many).toEqual(one);
      expect(many[2]![0]!.id).toBe('fresh');
      expect(many.map((h) => h.length)).toEqual(ks);
      await idx.close();
    });
  }
});
