import { describe, expect, it } from 'vitest';
import { mmr, type MmrCandidate } from './mmr';
import { Synth } from './spec-helpers';

describe('mmr', () => {
  const s = new Synth(50, 21);
  const a = s.unit();
  const b = s.unit();
  // Group A is slightly more relevant, so pure relevance would return only A items.
  const candidates: MmrCandidate[] = [
    ...Array.from({ length: 6 }, (_, i) => ({ id: `a${i}`, vector: s.near(a, 0.95), score: 0.9 - i * 0.01 })),
    ...Array.from({ length: 6 }, (_, i) => ({ id: `b${i}`, vector: s.near(b, 0.95), score: 0.8 - i * 0.01 })),
  ];

  it('mixes both taste groups into the top-k', () => {
    const top = mmr(candidates, 4);
    expect(top[0]).toBe('a0');
    expect(top.filter((id) => id.startsWith('a')).length).toBeGreaterThan(0);
    expect(top.filter((id) => id.startsWith('b')).length).toBeGreaterThan(0);
    expect(new Set(top).size).toBe(4);
  });

  it('reduces to relevance order when lambda = 1', () => {
    expect(mmr(candidates, 4, 1)).toEqual(['a0', 'a1', 'a2', 'a3']);
  });

  it('handles k beyond n, k = 0, ties and bad lambda', () => {
    expect(mmr(candidates, 100)).toHaveLength(12);
    expect(mmr(candidates, 0)).toEqual([]);
    expect(mmr([], 3)).toEqual([]);
    const tie = [
      { id: 'x', vector: a, score: 0.5 },
      { id: 'y', vector: b, score: 0.5 },
    ];
    expect(mmr(tie, 1)).toEqual(['x']);
    expect(() => mmr(candidates, 2, 1.2)).toThrow(RangeError);
    expect(() => mmr([{ id: 'p', vector: a, score: 1 }, { id: 'q', vector: new Float32Array(3), score: 1 }], 2)).toThrow(RangeError);
  });
});
