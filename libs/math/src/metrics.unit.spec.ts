import { describe, expect, it } from 'vitest';
import { auc, ndcgAtK, percentile, recallAtK } from './metrics';

describe('auc', () => {
  it('matches hand-computed values, ties counting one half', () => {
    expect(auc([0.1, 0.4, 0.35, 0.8], [false, false, true, true])).toBe(0.75);
    expect(auc([1, 2, 3], [false, true, true])).toBe(1);
    expect(auc([3, 2, 1], [false, true, true])).toBe(0);
    // Pairs: (p=1, n=1) tie → 0.5, (p=1, n=0) → 1.
    expect(auc([1, 1, 0], [true, false, false])).toBe(0.75);
    expect(auc([5, 5, 5, 5], [true, false, true, false])).toBe(0.5);
  });

  it('is NaN without both classes and rejects bad input', () => {
    expect(auc([1, 2], [true, true])).toBeNaN();
    expect(auc([], [])).toBeNaN();
    expect(() => auc([1], [true, false])).toThrow(RangeError);
    expect(() => auc([NaN, 1], [true, false])).toThrow(RangeError);
  });
});

describe('ndcgAtK and recallAtK', () => {
  const relevant = new Set(['a', 'c']);

  it('computes nDCG with binary gains', () => {
    // DCG = 1 + 1/log2(4) = 1.5; ideal = 1 + 1/log2(3).
    expect(ndcgAtK(['a', 'b', 'c', 'd'], relevant, 3)).toBeCloseTo(1.5 / (1 + 1 / Math.log2(3)), 12);
    expect(ndcgAtK(['a', 'c', 'b'], relevant, 2)).toBe(1);
    expect(ndcgAtK(['a', 'b'], relevant, 1)).toBe(1);
    expect(ndcgAtK(['b', 'a'], relevant, 1)).toBe(0);
    // Repeated ids count once: the second 'a' neither scores nor takes a slot.
    expect(ndcgAtK(['a', 'a', 'c'], relevant, 2)).toBe(1);
    expect(ndcgAtK(['a'], new Set(), 3)).toBe(0);
    expect(ndcgAtK(['a'], relevant, 0)).toBe(0);
  });

  it('computes recall', () => {
    const rel = new Set(['a', 'c', 'e']);
    expect(recallAtK(['a', 'b', 'c', 'd'], rel, 2)).toBeCloseTo(1 / 3, 15);
    expect(recallAtK(['a', 'b', 'c', 'd'], rel, 4)).toBeCloseTo(2 / 3, 15);
    expect(recallAtK(['a', 'a', 'c'], rel, 2)).toBeCloseTo(2 / 3, 15);
    expect(recallAtK(['a'], new Set(), 5)).toBe(0);
  });
});

describe('percentile', () => {
  it('interpolates linearly between closest ranks', () => {
    expect(percentile([1, 2, 3, 4], 50)).toBe(2.5);
    expect(percentile([1, 2, 3, 4], 25)).toBe(1.75);
    expect(percentile([1, 2, 3, 4], 0)).toBe(1);
    expect(percentile([1, 2, 3, 4], 100)).toBe(4);
    expect(percentile([10, 20, 30, 40, 50], 90)).toBe(46);
    expect(percentile([7], 99)).toBe(7);
  });

  it('accepts unsorted input without modifying it', () => {
    const values = [4, 1, 3, 2];
    expect(percentile(values, 25)).toBe(1.75);
    expect(values).toEqual([4, 1, 3, 2]);
  });

  it('is NaN for no data and rejects p outside [0, 100]', () => {
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile([1], 101)).toThrow(RangeError);
    expect(() => percentile([1], -1)).toThrow(RangeError);
  });
});
