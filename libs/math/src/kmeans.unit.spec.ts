import { describe, expect, it } from 'vitest';
import { chooseK, kmeans } from './kmeans';
import { Synth } from './spec-helpers';
import { cosine, norm } from './vector';

/** True when every found cluster holds exactly one true label and vice versa. */
function isPure(assignments: number[], labels: number[]): boolean {
  const found = new Map<number, number>();
  const truth = new Map<number, number>();
  for (let i = 0; i < labels.length; i++) {
    if ((found.get(assignments[i]) ?? labels[i]) !== labels[i]) return false;
    if ((truth.get(labels[i]) ?? assignments[i]) !== assignments[i]) return false;
    found.set(assignments[i], labels[i]);
    truth.set(labels[i], assignments[i]);
  }
  return true;
}

describe('kmeans', () => {
  const { vectors, labels } = new Synth(20, 1).blobs(3, 60, 0.3);

  it('recovers well-separated blobs with unit centroids and consistent inertia', () => {
    const res = kmeans(vectors, 3, { seed: 9 });
    expect(res.centroids).toHaveLength(3);
    expect(isPure(res.assignments, labels)).toBe(true);
    res.centroids.forEach((c) => expect(norm(c)).toBeCloseTo(1, 6));
    const inertia = vectors.reduce((acc, v, i) => acc + 1 - cosine(v, res.centroids[res.assignments[i]]), 0);
    expect(res.inertia).toBeCloseTo(inertia, 4);
  });

  it('is deterministic for a given seed', () => {
    expect(kmeans(vectors, 4, { seed: 5 })).toEqual(kmeans(vectors, 4, { seed: 5 }));
  });

  it('handles empty input, one point, duplicates and zero vectors', () => {
    expect(kmeans([], 3)).toEqual({ assignments: [], centroids: [], inertia: 0 });
    const one = kmeans([Float32Array.from([3, 4])], 3);
    expect(one.assignments).toEqual([0]);
    expect(Array.from(one.centroids[0])).toEqual([Math.fround(0.6), Math.fround(0.8)]);
    const same = Array.from({ length: 10 }, () => Float32Array.from([1, 2, 2]));
    const dup = kmeans(same, 3);
    expect(dup.centroids).toHaveLength(1);
    expect(dup.assignments.every((a) => a === 0)).toBe(true);
    const two = [...same, ...Array.from({ length: 5 }, () => Float32Array.from([0, 0, 2]))];
    const res = kmeans(two, 5);
    expect(res.centroids).toHaveLength(2);
    expect(res.assignments.slice(0, 10).every((a) => a === res.assignments[0])).toBe(true);
    expect(res.assignments[10]).not.toBe(res.assignments[0]);
    expect(res.inertia).toBeCloseTo(0, 6);
    const withZero = kmeans([new Float32Array(3), Float32Array.from([1, 0, 0])], 2);
    expect(withZero.centroids).toHaveLength(1);
    expect(kmeans([new Float32Array(2)], 1).centroids).toEqual([]);
  });

  it('rejects invalid k and mixed dimensions', () => {
    expect(() => kmeans(vectors, 0)).toThrow(RangeError);
    expect(() => kmeans(vectors, 1.5)).toThrow(RangeError);
    expect(() => kmeans([new Float32Array(2), new Float32Array(3)], 1)).toThrow(RangeError);
  });
});

describe('chooseK', () => {
  it('finds k = 3 with pure clusters on three well-separated blobs in 20-d', () => {
    const { vectors, labels } = new Synth(20, 2).blobs(3, 80, 0.3);
    const res = chooseK(vectors, { seed: 4 });
    expect(res.k).toBe(3);
    expect(res.centroids).toHaveLength(3);
    expect(isPure(res.assignments, labels)).toBe(true);
    expect(res.score).toBeGreaterThan(0.5);
  });

  it('finds k = 5 on overlapping-but-distinct blobs in 100-d', () => {
    const { vectors, labels } = new Synth(100, 3).blobs(5, 60, 1);
    const res = chooseK(vectors, { seed: 1 });
    expect(res.k).toBe(5);
    expect(isPure(res.assignments, labels)).toBe(true);
  });

  it('returns k = 1 for a single blob, in low and high dimension', () => {
    for (const dim of [20, 100]) {
      const { vectors } = new Synth(dim, 5).blobs(1, 300, 1);
      const res = chooseK(vectors, { seed: 2 });
      expect(res.k).toBe(1);
      expect(res.assignments.every((a) => a === 0)).toBe(true);
      expect(res.score).toBe(0);
    }
  });

  it('chooses on a deterministic sample when n exceeds the sample size', () => {
    const { vectors, labels } = new Synth(20, 6).blobs(4, 400, 0.5);
    const a = chooseK(vectors, { seed: 3, sampleSize: 300 });
    expect(a.k).toBe(4);
    expect(isPure(a.assignments, labels)).toBe(true);
    expect(chooseK(vectors, { seed: 3, sampleSize: 300 })).toEqual(a);
  });

  it('handles n = 0, tiny n and duplicates', () => {
    expect(chooseK([])).toEqual({ k: 0, assignments: [], centroids: [], score: 0 });
    const one = chooseK([Float32Array.from([0, 5])]);
    expect(one.k).toBe(1);
    expect(Array.from(one.centroids[0])).toEqual([0, 1]);
    expect(chooseK([Float32Array.from([1, 0]), Float32Array.from([0, 1])]).k).toBe(1);
    expect(chooseK(Array.from({ length: 50 }, () => Float32Array.from([1, 1, 0]))).k).toBe(1);
  });

  it('rejects an invalid k range', () => {
    expect(() => chooseK([], { kMin: 1 })).toThrow(RangeError);
    expect(() => chooseK([], { kMin: 5, kMax: 3 })).toThrow(RangeError);
  });
});
