import { describe, expect, it } from 'vitest';
import { EigenvalueDecomposition, Matrix } from 'ml-matrix';
import { commonComponent, harmonic, sifWeights, type WordRows } from './sif-math';

/** Deterministic pseudo-random numbers (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function syntheticRows(count: number, dim: number, seed: number): WordRows {
  const rand = rng(seed);
  const rows = new Int8Array(count * dim);
  // a shared offset gives the vectors a common direction, as real word vectors have
  for (let i = 0; i < rows.length; i++) rows[i] = Math.round((rand() - 0.5) * 200 + (i % dim === 0 ? 40 : 0) * 0.5);
  const scales = Float32Array.from({ length: count }, () => 0.01 + rand() * 0.02);
  return { dim, count, rows, scales, eligible: (r) => r % 7 !== 3 };
}

/** The same matrix, formed explicitly and solved by a general eigen-solver. */
function referenceComponent(src: WordRows, a: number, L: number): number[] {
  const { dim, count, rows, scales } = src;
  const h = harmonic(count);
  const mu = new Array<number>(dim).fill(0);
  const s = Matrix.zeros(dim, dim);
  let mass = 0;
  for (let r = 0; r < count; r++) {
    if (!src.eligible(r)) continue;
    const p = 1 / ((r + 1) * h);
    const u = Array.from({ length: dim }, (_, d) => (a / (a + p)) * scales[r] * rows[r * dim + d]);
    mass += p;
    for (let i = 0; i < dim; i++) {
      mu[i] += p * u[i];
      for (let j = 0; j < dim; j++) s.set(i, j, s.get(i, j) + p * u[i] * u[j]);
    }
  }
  const m = Matrix.zeros(dim, dim);
  for (let i = 0; i < dim; i++) {
    for (let j = 0; j < dim; j++) m.set(i, j, ((1 - 1 / L) * mu[i] * mu[j]) / (mass * mass) + s.get(i, j) / L / mass);
  }
  const evd = new EigenvalueDecomposition(m, { assumeSymmetric: true });
  const values = evd.realEigenvalues;
  const top = values.indexOf(Math.max(...values));
  return evd.eigenvectorMatrix.getColumn(top);
}

describe('harmonic', () => {
  it('matches direct summation on both sides of the asymptotic switch', () => {
    for (const n of [1, 2, 10, 999, 1000, 5000, 341_479]) {
      let direct = 0;
      for (let k = 1; k <= n; k++) direct += 1 / k;
      expect(harmonic(n)).toBeCloseTo(direct, 10);
    }
  });
});

describe('sifWeights', () => {
  it('gives frequent ranks small weights and rare ranks weights near 1', () => {
    const w = sifWeights(341_479, 1e-3);
    expect(w[0]).toBeLessThan(0.02);
    expect(w[100]).toBeGreaterThan(0.5);
    expect(w[100]).toBeLessThan(0.7);
    expect(w[340_000]).toBeGreaterThan(0.999);
    for (let r = 1; r < w.length; r += 997) expect(w[r]).toBeGreaterThanOrEqual(w[r - 1]);
  });
});

describe('commonComponent', () => {
  it('is the top eigenvector of the explicit expected second-moment matrix', () => {
    const src = syntheticRows(400, 12, 7);
    for (const L of [1, 10, 1000]) {
      const got = commonComponent(src, 1e-3, L);
      const ref = referenceComponent(src, 1e-3, L);
      const cos = Math.abs(got.reduce((sum, x, i) => sum + x * ref[i], 0)) / Math.hypot(...got) / Math.hypot(...ref);
      // float32 output: agreement to ~1e-7 is all that can be asked
      expect(cos).toBeGreaterThan(1 - 1e-7);
    }
  });

  it('is unit-norm, sign-fixed and bit-for-bit repeatable', () => {
    const src = syntheticRows(300, 10, 3);
    const a = commonComponent(src);
    const b = commonComponent(syntheticRows(300, 10, 3));
    expect(Buffer.from(a.buffer).equals(Buffer.from(b.buffer))).toBe(true);
    expect(Math.hypot(...a)).toBeCloseTo(1, 6);
    const biggest = [...a].reduce((best, x) => (Math.abs(x) > Math.abs(best) ? x : best), 0);
    expect(biggest).toBeGreaterThan(0);
  });

  it('ignores ineligible words', () => {
    const src = syntheticRows(200, 8, 11);
    const poisoned: WordRows = { ...src, rows: src.rows.slice(), eligible: (r) => r !== 0 && src.eligible(r) };
    for (let d = 0; d < 8; d++) poisoned.rows[d] = d === 5 ? 127 : 0;
    const clean: WordRows = { ...src, eligible: (r) => r !== 0 && src.eligible(r) };
    expect(commonComponent(poisoned)).toEqual(commonComponent(clean));
  });
});
