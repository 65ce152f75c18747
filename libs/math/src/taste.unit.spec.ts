import { EigenvalueDecomposition, Matrix } from 'ml-matrix';
import { describe, expect, it } from 'vitest';
import { Synth } from './spec-helpers';
import {
  addToStats,
  composeProfile,
  createTasteStats,
  deserializeStats,
  removeFromStats,
  serializeStats,
  statsCount,
  StatsQueue,
  type TasteStats,
} from './taste';
import { dot, normalize } from './vector';

/** Reference: the statistics computed from scratch, full d×d second moment. */
function batch(dim: number, items: { v: Float32Array; w: number }[]) {
  const sum = new Float64Array(dim);
  const second = new Float64Array(dim * dim);
  let weight = 0;
  for (const { v, w } of items) {
    const u = normalize(Float64Array.from(v));
    for (let i = 0; i < dim; i++) {
      sum[i] += w * u[i];
      for (let j = 0; j < dim; j++) second[i * dim + j] += w * u[i] * u[j];
    }
    weight += w;
  }
  return { sum, second, weight, count: items.length };
}

function expectMatchesBatch(stats: TasteStats, ref: ReturnType<typeof batch>, tol: number): void {
  const d = stats.dim;
  expect(stats.count).toBe(ref.count);
  expect(Math.abs(stats.weight - ref.weight)).toBeLessThan(tol);
  for (let i = 0; i < d; i++) expect(Math.abs(stats.sum[i] - ref.sum[i])).toBeLessThan(tol);
  let k = 0;
  for (let i = 0; i < d; i++) for (let j = i; j < d; j++) expect(Math.abs(stats.second[k++] - ref.second[i * d + j])).toBeLessThan(tol);
}

function basisVector(dim: number, i: number): Float32Array {
  const e = new Float32Array(dim);
  e[i] = 1;
  return e;
}

describe('taste statistics', () => {
  it('incremental adds and removes equal a batch recomputation (1e-9)', () => {
    const s = new Synth(24, 1);
    const kept = Array.from({ length: 60 }, () => ({ v: s.near(s.unit(), 0.5).map((x) => x * 3), w: 0.1 + 2 * s.rng() }));
    const transient = Array.from({ length: 30 }, () => ({ v: s.unit(), w: 0.5 + s.rng() }));
    const stats = createTasteStats(24);
    kept.forEach((item, i) => {
      addToStats(stats, item.v, item.w);
      if (i < transient.length) addToStats(stats, transient[i].v, transient[i].w);
      if (i >= 10 && i - 10 < transient.length) removeFromStats(stats, transient[i - 10].v, transient[i - 10].w);
    });
    for (const t of transient.slice(kept.length - 10)) removeFromStats(stats, t.v, t.w);
    expect(statsCount(stats)).toBe(kept.length);
    expectMatchesBatch(stats, batch(24, kept), 1e-9);
  });

  it('adds and removes bit for bit as the plain row-by-row loop does (odd and even d, float32 and float64 input)', () => {
    // The plain loop the statistics were first computed with: live folds, replays and snapshots written
    // before must agree with every bit of today's unrolled one.
    const plain = (s: { sum: Float64Array; second: Float64Array; weight: number }, dim: number, v: Float32Array | Float64Array, w: number, sign: 1 | -1) => {
      let n2 = 0;
      for (let i = 0; i < dim; i++) n2 += v[i] * v[i];
      const inv2 = 1 / n2;
      const s1 = sign * w * Math.sqrt(inv2);
      const s2 = sign * w * inv2;
      let k = 0;
      for (let i = 0; i < dim; i++) {
        s.sum[i] += s1 * v[i];
        const a = s2 * v[i];
        for (let j = i; j < dim; j++) s.second[k++] += a * v[j];
      }
      s.weight += sign * w;
    };
    for (const dim of [1, 2, 3, 5, 8, 100, 101, 384]) {
      const syn = new Synth(dim, dim);
      const stats = createTasteStats(dim);
      const ref = { sum: new Float64Array(dim), second: new Float64Array((dim * (dim + 1)) / 2), weight: 0 };
      const added: { v: Float32Array | Float64Array; w: number }[] = [];
      for (let n = 0; n < 40; n++) {
        const raw = Float32Array.from(syn.unit(), (x, i) => x * (1 + ((n + i) % 7)));
        const v = n % 3 === 0 ? Float64Array.from(raw, (x) => x / 3) : raw;
        const w = 0.25 + (n % 5);
        addToStats(stats, v, w);
        plain(ref, dim, v, w, 1);
        added.push({ v, w });
        if (n % 4 === 3) {
          const out = added.splice(n % added.length, 1)[0]!;
          removeFromStats(stats, out.v, out.w);
          plain(ref, dim, out.v, out.w, -1);
        }
      }
      expect(Object.is(stats.weight, ref.weight)).toBe(true);
      expect(Buffer.from(stats.sum.buffer).equals(Buffer.from(ref.sum.buffer))).toBe(true);
      expect(Buffer.from(stats.second.buffer).equals(Buffer.from(ref.second.buffer))).toBe(true);
    }
  });

  it('a deferred queue settles bit for bit to the same adds and removes made one at a time (resets, partial groups)', () => {
    const same = (a: TasteStats, b: TasteStats) => {
      expect(a.count).toBe(b.count);
      expect(Object.is(a.weight, b.weight)).toBe(true);
      expect(Buffer.from(a.sum.buffer).equals(Buffer.from(b.sum.buffer))).toBe(true);
      expect(Buffer.from(a.second.buffer).equals(Buffer.from(b.second.buffer))).toBe(true);
    };
    for (const dim of [1, 2, 3, 4, 5, 7, 8, 100, 101, 384]) {
      const syn = new Synth(dim, 7 * dim);
      const eager = createTasteStats(dim);
      const lazy = createTasteStats(dim);
      const queue = new StatsQueue();
      const pooled: { v: Float32Array | Float64Array; w: number }[] = [];
      let settles = 0;
      for (let n = 0; n < 300; n++) {
        const r = syn.rng();
        if (pooled.length && r < 0.3) {
          // Remove one (sometimes down to empty: the reset path), in a random order.
          const out = pooled.splice(Math.floor(syn.rng() * pooled.length), 1)[0]!;
          removeFromStats(eager, out.v, out.w);
          queue.queueRemove(lazy, out.v, out.w);
        } else {
          const raw = Float32Array.from(syn.unit(), (x, i) => x * (1 + ((n + i) % 5)));
          const v = n % 4 === 0 ? Float64Array.from(raw, (x) => x / 3) : raw;
          const w = 0.25 + (n % 7) / 3;
          addToStats(eager, v, w);
          queue.queueAdd(lazy, v, w);
          pooled.push({ v, w });
        }
        // count and weight are current at every step; the rest once settled, at any point (1 … many queued).
        expect(lazy.count).toBe(eager.count);
        expect(Object.is(lazy.weight, eager.weight)).toBe(true);
        if (syn.rng() < 0.08) {
          queue.settle(lazy);
          settles++;
          same(lazy, eager);
        }
      }
      queue.settle(lazy);
      expect(queue.length).toBe(0);
      same(lazy, eager);
      expect(settles).toBeGreaterThan(5);
    }
  });

  it('a deferred queue checks its input at once, as addToStats and removeFromStats do', () => {
    const stats = createTasteStats(3);
    const queue = new StatsQueue();
    expect(() => queue.queueAdd(stats, new Float32Array([0, 0, 0]))).toThrow(RangeError);
    expect(() => queue.queueAdd(stats, new Float32Array([1, 0, 0]), Infinity)).toThrow(RangeError);
    expect(() => queue.queueAdd(stats, new Float32Array([1, 0]))).toThrow(RangeError);
    expect(() => queue.queueRemove(stats, new Float32Array([1, 0, 0]))).toThrow(RangeError);
    expect(queue.length).toBe(0);
    expect(stats.count).toBe(0);
  });

  it('remove is the inverse of add, and re-embedding matches a recomputation', () => {
    const s = new Synth(10, 2);
    const a = s.unit();
    const b = s.unit();
    const stats = addToStats(addToStats(createTasteStats(10), a, 2), b, 0.5);
    removeFromStats(stats, b, 0.5);
    expectMatchesBatch(stats, batch(10, [{ v: a, w: 2 }]), 1e-12);
    const b2 = s.unit();
    addToStats(stats, b, 0.5);
    removeFromStats(stats, b, 0.5);
    addToStats(stats, b2, 0.5);
    expectMatchesBatch(stats, batch(10, [{ v: a, w: 2 }, { v: b2, w: 0.5 }]), 1e-12);
  });

  it('resets to exact zeros when the last child is removed and refuses to go below empty', () => {
    const s = new Synth(6, 3);
    const v = s.unit();
    const stats = removeFromStats(addToStats(createTasteStats(6), v, 0.3), v, 0.3);
    expect(stats.count).toBe(0);
    expect(stats.weight).toBe(0);
    expect(stats.sum.every((x) => x === 0)).toBe(true);
    expect(stats.second.every((x) => x === 0)).toBe(true);
    expect(() => removeFromStats(stats, v, 0.3)).toThrow(RangeError);
  });

  it('normalises vectors before adding them', () => {
    const s = new Synth(8, 4);
    const v = s.unit();
    const a = addToStats(createTasteStats(8), v);
    const b = addToStats(createTasteStats(8), v.map((x) => x * 7));
    for (let i = 0; i < a.sum.length; i++) expect(b.sum[i]).toBeCloseTo(a.sum[i], 6);
    for (let i = 0; i < a.second.length; i++) expect(b.second[i]).toBeCloseTo(a.second[i], 6);
  });

  it('rejects invalid input', () => {
    const stats = createTasteStats(3);
    expect(() => createTasteStats(0)).toThrow(RangeError);
    expect(() => addToStats(stats, Float32Array.from([0, 0, 0]))).toThrow(RangeError);
    expect(() => addToStats(stats, Float32Array.from([1, NaN, 0]))).toThrow(RangeError);
    expect(() => addToStats(stats, Float32Array.from([1, 0]))).toThrow(RangeError);
    expect(() => addToStats(stats, Float32Array.from([1, 0, 0]), 0)).toThrow(RangeError);
    expect(() => addToStats(stats, Float32Array.from([1, 0, 0]), -1)).toThrow(RangeError);
    expect(() => addToStats(stats, Float32Array.from([1, 0, 0]), Infinity)).toThrow(RangeError);
    expect(stats.count).toBe(0);
  });

  it('round-trips through JSON exactly, and accepts a full second-moment matrix', () => {
    const s = new Synth(12, 5);
    const stats = createTasteStats(12);
    for (let i = 0; i < 9; i++) addToStats(stats, s.unit(), 1 + i);
    const wire = JSON.parse(JSON.stringify(serializeStats(stats)));
    const back = deserializeStats(wire);
    expect(back).toEqual(stats);

    const full = new Float64Array(144);
    let k = 0;
    for (let i = 0; i < 12; i++) for (let j = i; j < 12; j++) full[i * 12 + j] = full[j * 12 + i] = stats.second[k++];
    const fromFull = deserializeStats({ ...wire, second: Buffer.from(full.buffer).toString('base64') });
    expect(fromFull).toEqual(stats);

    expect(() => deserializeStats({ ...wire, second: wire.sum })).toThrow(RangeError);
    expect(() => deserializeStats({ ...wire, dim: 13 })).toThrow(RangeError);
    expect(() => deserializeStats({ ...wire, count: -1 })).toThrow(RangeError);
  });
});

describe('composeProfile', () => {
  it('returns an empty profile for empty statistics', () => {
    const p = composeProfile(createTasteStats(4));
    expect(p.rank).toBe(0);
    expect(p.basis).toEqual([]);
    expect(Array.from(p.mean)).toEqual([0, 0, 0, 0]);
  });

  it('point: the normalised weighted mean, rank 1', () => {
    const stats = createTasteStats(3);
    addToStats(stats, Float32Array.from([1, 0, 0]), 3);
    addToStats(stats, Float32Array.from([0, 2, 0]), 1);
    const p = composeProfile(stats, { representation: 'point' });
    expect(p.rank).toBe(1);
    expect(p.representation).toBe('point');
    expect(p.mean[0]).toBeCloseTo(3 / Math.sqrt(10), 6);
    expect(p.mean[1]).toBeCloseTo(1 / Math.sqrt(10), 6);
    expect(Array.from(p.basis[0])).toEqual(Array.from(p.mean));
    // Energy along the mean: (3·0.9 + 1·0.1) / 4.
    expect(p.eigenvalues[0]).toBeCloseTo(0.7, 6);
    expect(p.coherence).toBeCloseTo(Math.sqrt(10) / 4, 12);
  });

  it('weights matter: the heavier child pulls the mean towards it', () => {
    const a = Float32Array.from([1, 0]);
    const b = Float32Array.from([0, 1]);
    const heavyA = composeProfile(addToStats(addToStats(createTasteStats(2), a, 5), b, 1));
    const heavyB = composeProfile(addToStats(addToStats(createTasteStats(2), a, 1), b, 5));
    expect(dot(heavyA.mean, a)).toBeGreaterThan(dot(heavyA.mean, b));
    expect(dot(heavyB.mean, b)).toBeGreaterThan(dot(heavyB.mean, a));
    expect(heavyA.eigenvalues[0]).toBeCloseTo(5 / 6, 6);
  });

  describe('rank selection on orthogonal children with energy shares 0.4/0.3/0.2/0.1', () => {
    const dim = 10;
    const stats = createTasteStats(dim);
    [4, 3, 2, 1].forEach((w, i) => addToStats(stats, basisVector(dim, i), w));

    it.each([
      [0.3, 8, 1],
      [0.5, 8, 2],
      [0.7, 8, 2],
      [0.8, 8, 3],
      [0.95, 8, 4],
      [1, 8, 4],
      [0.95, 2, 2],
      [1, 1, 1],
    ])('energy %f, maxRank %i → rank %i', (energy, maxRank, rank) => {
      const p = composeProfile(stats, { energy, maxRank });
      expect(p.rank).toBe(rank);
      expect(p.basis).toHaveLength(rank);
      p.eigenvalues.forEach((share, k) => expect(share).toBeCloseTo([0.4, 0.3, 0.2, 0.1][k], 12));
      p.basis.forEach((u, k) => expect(u[k]).toBeCloseTo(1, 6));
    });

    it('rejects invalid options', () => {
      expect(() => composeProfile(stats, { energy: 0 })).toThrow(RangeError);
      expect(() => composeProfile(stats, { energy: 1.5 })).toThrow(RangeError);
      expect(() => composeProfile(stats, { maxRank: 0 })).toThrow(RangeError);
    });
  });

  it('keeps rank ≥ 1 and ≤ count, and falls back to the dominant axis when children cancel out', () => {
    const s = new Synth(16, 6);
    const v = s.unit();
    const single = composeProfile(addToStats(createTasteStats(16), v), { energy: 1 });
    expect(single.rank).toBe(1);
    expect(Math.abs(dot(single.basis[0], v))).toBeCloseTo(1, 5);

    const cancel = composeProfile(addToStats(addToStats(createTasteStats(16), v), v.map((x) => -x)));
    expect(cancel.coherence).toBeLessThan(1e-9);
    expect(cancel.rank).toBe(1);
    expect(Math.abs(dot(cancel.mean, v))).toBeCloseTo(1, 5);
  });

  it('returns an orthonormal basis with the eigenvalues ml-matrix finds, deterministically', () => {
    const s = new Synth(100, 7);
    const centres = [s.unit(), s.unit(), s.unit()];
    const stats = createTasteStats(100);
    for (let i = 0; i < 150; i++) addToStats(stats, s.near(centres[i % 3], 0.8), 1 + (i % 4));
    const p = composeProfile(stats, { energy: 0.9, maxRank: 6 });
    expect(p.rank).toBe(6);
    for (let a = 0; a < p.rank; a++) {
      for (let b = a; b < p.rank; b++) expect(dot(p.basis[a], p.basis[b])).toBeCloseTo(a === b ? 1 : 0, 5);
    }
    const m = new Matrix(100, 100);
    let k = 0;
    for (let i = 0; i < 100; i++) for (let j = i; j < 100; j++) {
      m.set(i, j, stats.second[k]);
      m.set(j, i, stats.second[k++]);
    }
    const ref = new EigenvalueDecomposition(m, { assumeSymmetric: true }).realEigenvalues.sort((x, y) => y - x);
    p.eigenvalues.forEach((share, i) => expect(share).toBeCloseTo(ref[i] / stats.weight, 9));
    expect(composeProfile(stats, { energy: 0.9, maxRank: 6 })).toEqual(p);
  });
});
