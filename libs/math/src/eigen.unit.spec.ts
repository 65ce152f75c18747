import { EigenvalueDecomposition, Matrix } from 'ml-matrix';
import { describe, expect, it } from 'vitest';
import { symmetricEigen } from './eigen';
import { createRng, gaussian } from './random';

function randomSymmetric(n: number, seed: number): Float64Array {
  const rng = createRng(seed);
  const a = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = i; j < n; j++) {
      const x = gaussian(rng);
      a[i * n + j] = x;
      a[j * n + i] = x;
    }
  }
  return a;
}

describe('symmetricEigen', () => {
  it('solves a 2×2 case by hand', () => {
    const { values, vectors } = symmetricEigen(Float64Array.from([2, 1, 1, 2]), 2);
    expect(values[0]).toBeCloseTo(3, 14);
    expect(values[1]).toBeCloseTo(1, 14);
    expect(Math.abs(vectors[0])).toBeCloseTo(Math.SQRT1_2, 14);
    expect(vectors[0] * vectors[1]).toBeGreaterThan(0);
    expect(vectors[2] * vectors[3]).toBeLessThan(0);
  });

  it('returns descending eigenvalues with orthonormal eigenvectors satisfying Av = λv', () => {
    const n = 40;
    const a = randomSymmetric(n, 7);
    const { values, vectors } = symmetricEigen(a, n);
    for (let k = 1; k < n; k++) expect(values[k]).toBeLessThanOrEqual(values[k - 1]);
    for (let k = 0; k < n; k++) {
      for (let i = 0; i < n; i++) {
        let av = 0;
        for (let j = 0; j < n; j++) av += a[i * n + j] * vectors[k * n + j];
        expect(av).toBeCloseTo(values[k] * vectors[k * n + i], 10);
      }
      for (let l = k; l < n; l++) {
        let g = 0;
        for (let j = 0; j < n; j++) g += vectors[k * n + j] * vectors[l * n + j];
        expect(g).toBeCloseTo(k === l ? 1 : 0, 12);
      }
    }
  });

  it('agrees with ml-matrix on a d = 100 positive semi-definite matrix', () => {
    const n = 100;
    const rng = createRng(3);
    const b = Matrix.from1DArray(n, 30, Array.from({ length: n * 30 }, () => gaussian(rng)));
    const m = b.mmul(b.transpose());
    const ours = symmetricEigen(Float64Array.from(m.to1DArray()), n);
    const theirs = new EigenvalueDecomposition(m, { assumeSymmetric: true }).realEigenvalues.sort((x, y) => y - x);
    theirs.forEach((v, k) => expect(ours.values[k]).toBeCloseTo(v, 9));
  });

  it('handles 1×1 and zero matrices and rejects bad shapes', () => {
    expect(Array.from(symmetricEigen(Float64Array.from([5]), 1).values)).toEqual([5]);
    const z = symmetricEigen(new Float64Array(9), 3);
    expect(Array.from(z.values)).toEqual([0, 0, 0]);
    expect(() => symmetricEigen(new Float64Array(5), 2)).toThrow(RangeError);
  });
});
