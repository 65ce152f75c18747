import { base64ToFloat64, float64ToBase64 } from './base64';
import { symmetricEigen } from './eigen';
import type { Vector } from './vector';

/**
 * Sufficient statistics of a taste profile: everything needed to compose the profile of an
 * entity from the unit vectors `u_i` of its children and their link weights `w_i`, updated in
 * O(d²) per child regardless of how many children there are.
 */
export interface TasteStats {
  /** Embedding dimension d. */
  readonly dim: number;
  /** Number of children currently added (adds minus removes). */
  count: number;
  /** Σ w_i. */
  weight: number;
  /** Σ w_i u_i (length d). */
  readonly sum: Float64Array;
  /**
   * Σ w_i u_i u_iᵀ as a packed upper triangle, row-major: entries (0,0..d-1), (1,1..d-1), …
   * (length d(d+1)/2). Its trace equals `weight` up to rounding because every u_i is a unit vector.
   */
  readonly second: Float64Array;
}

/** Wire form of {@link TasteStats} (JSON-safe). */
export interface SerializedTasteStats {
  /** Embedding dimension d. */
  dim: number;
  /** Number of children. */
  count: number;
  /** Σ w_i. */
  weight: number;
  /** base64 of the d little-endian float64 values of Σ w_i u_i. */
  sum: string;
  /**
   * base64 of little-endian float64 values of Σ w_i u_i u_iᵀ: the packed upper triangle
   * (d(d+1)/2 values, as written by {@link serializeStats}); a full row-major d×d matrix is also
   * accepted by {@link deserializeStats}.
   */
  second: string;
}

/** How a profile represents taste: one direction, or a low-rank subspace. */
export type TasteRepresentation = 'point' | 'subspace';

/** Options of {@link composeProfile}. */
export interface ComposeOptions {
  /** `'subspace'` (default) keeps the top eigenvectors; `'point'` keeps only the mean direction. */
  representation?: TasteRepresentation;
  /** Upper bound on the subspace rank (default 8). */
  maxRank?: number;
  /** Share of the second-moment energy the subspace must hold, in (0, 1] (default 0.8). */
  energy?: number;
}

/** A composed taste profile, ready for {@link affinity}. */
export interface TasteProfile {
  /** Embedding dimension d. */
  dim: number;
  /** Number of children the profile was pooled from. */
  count: number;
  /** Total link weight. */
  weight: number;
  /** Unit vector of the weighted mean direction (all zeros for an empty profile). */
  mean: Float32Array;
  /** Orthonormal basis of the taste subspace, strongest direction first; `[mean]` for `point`. */
  basis: Float32Array[];
  /** Energy share (eigenvalue / trace, in [0, 1]) of each basis direction. */
  eigenvalues: number[];
  /** `basis.length`: ≥ 1 whenever `count` ≥ 1, 0 for an empty profile. */
  rank: number;
  /** The representation that was composed. */
  representation: TasteRepresentation;
  /**
   * ‖Σ w_i u_i‖ / Σ w_i in [0, 1]: the weighted mean cosine of the children with `mean`.
   * 1 for a single tight interest, about 1/√k for k equally weighted unrelated interests.
   */
  coherence: number;
}

/**
 * Creates empty statistics for d-dimensional embeddings.
 *
 * @throws RangeError unless `dim` is a positive integer.
 */
export function createTasteStats(dim: number): TasteStats {
  if (!Number.isInteger(dim) || dim < 1) throw new RangeError(`createTasteStats: invalid dim ${dim}`);
  return { dim, count: 0, weight: 0, sum: new Float64Array(dim), second: new Float64Array(packedLength(dim)) };
}

function packedLength(dim: number): number {
  return (dim * (dim + 1)) / 2;
}

/**
 * Adds child vector `v` (normalised first) with link weight `w` in O(d²).
 *
 * @returns `stats`, mutated in place.
 * @throws RangeError on a dimension mismatch, a zero/non-finite vector or a weight that is not
 *   a finite positive number.
 */
export function addToStats(stats: TasteStats, v: Vector, w = 1): TasteStats {
  accumulate(stats, v, w, 1, 'addToStats');
  stats.count += 1;
  return stats;
}

/**
 * Removes a child previously added with the same vector and weight: the exact algebraic inverse
 * of {@link addToStats} (the same increments are subtracted), so unlink and re-embed (remove old
 * vector, add new one) keep the statistics equal to a recomputation up to rounding. Removing the
 * last child resets the statistics to exact zeros.
 *
 * @returns `stats`, mutated in place.
 * @throws RangeError when `stats` is empty, or for the same invalid inputs as {@link addToStats}.
 */
export function removeFromStats(stats: TasteStats, v: Vector, w = 1): TasteStats {
  if (stats.count < 1) throw new RangeError('removeFromStats: statistics are empty');
  if (stats.count === 1) {
    validate(stats, v, w, 'removeFromStats');
    stats.count = 0;
    stats.weight = 0;
    stats.sum.fill(0);
    stats.second.fill(0);
    return stats;
  }
  accumulate(stats, v, w, -1, 'removeFromStats');
  stats.count -= 1;
  return stats;
}

/** Number of children currently pooled in `stats`. */
export function statsCount(stats: TasteStats): number {
  return stats.count;
}

/** Returns 1/‖v‖² after checking the inputs. */
function validate(stats: TasteStats, v: Vector, w: number, op: string): number {
  if (v.length !== stats.dim) throw new RangeError(`${op}: expected dim ${stats.dim}, got ${v.length}`);
  if (!(w > 0) || !Number.isFinite(w)) throw new RangeError(`${op}: weight must be a finite positive number, got ${w}`);
  let n2 = 0;
  for (let i = 0; i < v.length; i++) n2 += v[i] * v[i];
  if (!(n2 > 0) || !Number.isFinite(n2)) throw new RangeError(`${op}: vector must be non-zero and finite`);
  return 1 / n2;
}

/** Scratch for the child vector widened to float64 (exactly: every float32 is a float64), grown on demand. */
let widened = new Float64Array(256);

/**
 * Adds `sign · w · u uᵀ` (u = v/‖v‖) to the statistics. Every entry of `sum` and `second` receives exactly
 * one addition per call, of the same product as the plain loop
 * `for i: sum[i] += s1·v[i]; a = s2·v[i]; for j ≥ i: second[k++] += a·v[j]` computes, so the order in which
 * entries are visited does not change a bit of the result: two rows of the packed triangle are updated per
 * pass over v, unrolled by four (about three times faster than the plain loop at d = 100).
 */
function accumulate(stats: TasteStats, v: Vector, w: number, sign: 1 | -1, op: string): void {
  const { s1, s2 } = scales(stats, v, w, sign, op);
  accumulateScaled(stats, widen(v, stats.dim), s1, s2);
}

/**
 * Checks a change of the statistics by `sign · w · u uᵀ`, adds it to `weight`, and returns the factors its O(d²)
 * part applies to v (not yet normalised): s1 = sign·w/‖v‖ for `sum`, s2 = sign·w/‖v‖² for `second`.
 */
function scales(stats: TasteStats, v: Vector, w: number, sign: 1 | -1, op: string): { s1: number; s2: number } {
  const inv2 = validate(stats, v, w, op);
  stats.weight += sign * w;
  return { s1: sign * w * Math.sqrt(inv2), s2: sign * w * inv2 };
}

/** v widened to float64 (exactly) in the shared scratch {@link widened}. */
function widen(v: Vector, dim: number): Float64Array {
  if (widened.length < dim) widened = new Float64Array(dim);
  for (let i = 0; i < dim; i++) widened[i] = v[i];
  return widened;
}

/** The O(d²) part of {@link accumulate}: `sum += s1·x`, `second += s2·x xᵀ` (packed), x already float64. */
function accumulateScaled(stats: TasteStats, x: Float64Array, s1: number, s2: number): void {
  const { dim, sum, second } = stats;
  for (let i = 0; i < dim; i++) sum[i] += s1 * x[i];
  // Row i of the packed upper triangle holds (i, i..d-1) and starts at k; row i + 1 starts at k + d - i.
  let k = 0;
  let i = 0;
  for (; i + 1 < dim; i += 2) {
    const a = s2 * x[i];
    const b = s2 * x[i + 1];
    second[k] += a * x[i];
    let k0 = k + 1;
    let k1 = k + dim - i;
    let j = i + 1;
    const end = dim - ((dim - j) & 3);
    for (; j < end; j += 4, k0 += 4, k1 += 4) {
      const x0 = x[j];
      const x1 = x[j + 1];
      const x2 = x[j + 2];
      const x3 = x[j + 3];
      second[k0] += a * x0;
      second[k0 + 1] += a * x1;
      second[k0 + 2] += a * x2;
      second[k0 + 3] += a * x3;
      second[k1] += b * x0;
      second[k1 + 1] += b * x1;
      second[k1 + 2] += b * x2;
      second[k1 + 3] += b * x3;
    }
    for (; j < dim; j++, k0++, k1++) {
      const xj = x[j];
      second[k0] += a * xj;
      second[k1] += b * xj;
    }
    k = k1;
  }
  if (i < dim) second[k] += s2 * x[i] * x[i];
}

/** Scratch for four vectors widened and interleaved (x_m[j] at 4j + m), grown on demand. */
let widened4 = new Float64Array(1024);

/**
 * Four {@link accumulateScaled} calls in one pass over the statistics: every entry receives the same four
 * products, added one after the other in the order of the vectors, exactly as four calls in that order add
 * them, so the result is the same to the bit; the entry is loaded and stored once instead of four times.
 */
function accumulateScaled4(stats: TasteStats, xs: readonly Vector[], s1: ArrayLike<number>, s2: ArrayLike<number>, at: number): void {
  const { dim, sum, second } = stats;
  if (widened4.length < 4 * dim) widened4 = new Float64Array(4 * dim);
  const x = widened4;
  for (let m = 0; m < 4; m++) {
    const v = xs[at + m]!;
    for (let j = 0; j < dim; j++) x[4 * j + m] = v[j];
  }
  const p0 = s1[at]!;
  const p1 = s1[at + 1]!;
  const p2 = s1[at + 2]!;
  const p3 = s1[at + 3]!;
  for (let i = 0; i < dim; i++) {
    let t = sum[i];
    t += p0 * x[4 * i];
    t += p1 * x[4 * i + 1];
    t += p2 * x[4 * i + 2];
    t += p3 * x[4 * i + 3];
    sum[i] = t;
  }
  const q0 = s2[at]!;
  const q1 = s2[at + 1]!;
  const q2 = s2[at + 2]!;
  const q3 = s2[at + 3]!;
  let k = 0;
  let i = 0;
  for (; i + 1 < dim; i += 2) {
    const xi = 4 * i;
    const a0 = q0 * x[xi];
    const a1 = q1 * x[xi + 1];
    const a2 = q2 * x[xi + 2];
    const a3 = q3 * x[xi + 3];
    const b0 = q0 * x[xi + 4];
    const b1 = q1 * x[xi + 5];
    const b2 = q2 * x[xi + 6];
    const b3 = q3 * x[xi + 7];
    let t = second[k];
    t += a0 * x[xi];
    t += a1 * x[xi + 1];
    t += a2 * x[xi + 2];
    t += a3 * x[xi + 3];
    second[k] = t;
    let k0 = k + 1;
    let k1 = k + dim - i;
    for (let j = i + 1; j < dim; j++, k0++, k1++) {
      const xj = 4 * j;
      const x0 = x[xj];
      const x1 = x[xj + 1];
      const x2 = x[xj + 2];
      const x3 = x[xj + 3];
      let u = second[k0];
      u += a0 * x0;
      u += a1 * x1;
      u += a2 * x2;
      u += a3 * x3;
      second[k0] = u;
      let r = second[k1];
      r += b0 * x0;
      r += b1 * x1;
      r += b2 * x2;
      r += b3 * x3;
      second[k1] = r;
    }
    k = k1;
  }
  if (i < dim) {
    const xi = 4 * i;
    let t = second[k];
    t += q0 * x[xi] * x[xi];
    t += q1 * x[xi + 1] * x[xi + 1];
    t += q2 * x[xi + 2] * x[xi + 2];
    t += q3 * x[xi + 3] * x[xi + 3];
    second[k] = t;
  }
}

/**
 * Additions and removals of statistics whose O(d²) part is deferred: {@link queueAdd} and {@link queueRemove}
 * check their input and update `count` and `weight` at once (so those are always current), and queue the
 * vector; {@link settle} applies the queue in order, four vectors per pass over the triangle. The settled
 * statistics are bit for bit those {@link addToStats} and {@link removeFromStats}, called in the same order,
 * compute: each entry gets the same products added in the same order. A removal of the last child resets
 * the statistics at once (the queued vectors before it are dropped: the reset overwrites them).
 * The queued vectors must not change until they are settled.
 */
export class StatsQueue {
  private readonly xs: Vector[] = [];
  private readonly s1: number[] = [];
  private readonly s2: number[] = [];
  /** Vectors waiting to be added or removed. */
  get length(): number {
    return this.xs.length;
  }
  /** {@link addToStats}, its O(d²) part deferred. */
  queueAdd(stats: TasteStats, v: Vector, w = 1): void {
    this.push(stats, v, w, 1, 'addToStats');
    stats.count += 1;
  }
  /** {@link removeFromStats}, its O(d²) part deferred (a removal of the last child resets at once). */
  queueRemove(stats: TasteStats, v: Vector, w = 1): void {
    if (stats.count < 1) throw new RangeError('removeFromStats: statistics are empty');
    if (stats.count === 1) {
      this.clear();
      removeFromStats(stats, v, w);
      return;
    }
    this.push(stats, v, w, -1, 'removeFromStats');
    stats.count -= 1;
  }
  /** Checks and queues one change (`weight` updated at once, see {@link scales}). */
  private push(stats: TasteStats, v: Vector, w: number, sign: 1 | -1, op: string): void {
    const { s1, s2 } = scales(stats, v, w, sign, op);
    this.xs.push(v);
    this.s1.push(s1);
    this.s2.push(s2);
  }
  /** Applies the queued vectors to `stats` (the statistics they were queued against), in order, and empties the queue. */
  settle(stats: TasteStats): void {
    const n = this.xs.length;
    let at = 0;
    for (; at + 4 <= n; at += 4) accumulateScaled4(stats, this.xs, this.s1, this.s2, at);
    for (; at < n; at++) accumulateScaled(stats, widen(this.xs[at]!, stats.dim), this.s1[at]!, this.s2[at]!);
    this.clear();
  }
  /** Drops the queued vectors (the statistics were replaced or reset). */
  clear(): void {
    this.xs.length = 0;
    this.s1.length = 0;
    this.s2.length = 0;
  }
}

/** Serialises statistics to a JSON-safe object (second moment as a packed upper triangle). */
export function serializeStats(stats: TasteStats): SerializedTasteStats {
  return {
    dim: stats.dim,
    count: stats.count,
    weight: stats.weight,
    sum: float64ToBase64(stats.sum),
    second: float64ToBase64(stats.second),
  };
}

/**
 * Restores statistics written by {@link serializeStats} (also accepts a full d×d second moment).
 *
 * @throws RangeError when the fields are inconsistent with each other.
 */
export function deserializeStats(data: SerializedTasteStats): TasteStats {
  const stats = createTasteStats(data.dim);
  if (!Number.isInteger(data.count) || data.count < 0) throw new RangeError(`deserializeStats: invalid count ${data.count}`);
  if (!Number.isFinite(data.weight) || data.weight < 0) throw new RangeError(`deserializeStats: invalid weight ${data.weight}`);
  const sum = base64ToFloat64(data.sum);
  if (sum.length !== data.dim) throw new RangeError(`deserializeStats: sum has ${sum.length} values, expected ${data.dim}`);
  const second = base64ToFloat64(data.second);
  stats.count = data.count;
  stats.weight = data.weight;
  stats.sum.set(sum);
  if (second.length === stats.second.length) {
    stats.second.set(second);
  } else if (second.length === data.dim * data.dim) {
    let k = 0;
    for (let i = 0; i < data.dim; i++) for (let j = i; j < data.dim; j++) stats.second[k++] = second[i * data.dim + j];
  } else {
    throw new RangeError(`deserializeStats: second moment has ${second.length} values, expected ${stats.second.length}`);
  }
  return stats;
}

/** Unpacks the second moment into a full symmetric row-major matrix. */
function fullSecondMoment(stats: TasteStats): Float64Array {
  const d = stats.dim;
  const m = new Float64Array(d * d);
  let k = 0;
  for (let i = 0; i < d; i++) {
    for (let j = i; j < d; j++) {
      const x = stats.second[k++];
      m[i * d + j] = x;
      m[j * d + i] = x;
    }
  }
  return m;
}

function trace(stats: TasteStats): number {
  let t = 0;
  let k = 0;
  for (let i = 0; i < stats.dim; i++) {
    t += stats.second[k];
    k += stats.dim - i;
  }
  return t;
}

/** uᵀ M u / trace(M) for the packed second moment M. */
function energyAlong(stats: TasteStats, u: Float64Array, tr: number): number {
  const d = stats.dim;
  let q = 0;
  let k = 0;
  for (let i = 0; i < d; i++) {
    q += stats.second[k++] * u[i] * u[i];
    let row = 0;
    for (let j = i + 1; j < d; j++) row += stats.second[k++] * u[j];
    q += 2 * u[i] * row;
  }
  return tr > 0 ? Math.min(1, Math.max(0, q / tr)) : 0;
}

function emptyProfile(stats: TasteStats, representation: TasteRepresentation): TasteProfile {
  return {
    dim: stats.dim,
    count: stats.count,
    weight: stats.weight,
    mean: new Float32Array(stats.dim),
    basis: [],
    eigenvalues: [],
    rank: 0,
    representation,
    coherence: 0,
  };
}

/**
 * Composes a taste profile from its sufficient statistics.
 *
 * - `point`: the normalised weighted mean; rank 1, `basis = [mean]`. O(d²).
 * - `subspace`: the top-r eigenvectors of the weighted second-moment matrix, r the smallest rank
 *   whose eigenvalues hold `energy` of the trace, capped by `maxRank` and by `count`. Full
 *   symmetric eigen-decomposition: about 5 ms at d = 100.
 *
 * Eigenvector signs are fixed (positive dot with the mean, else largest component positive) so
 * the same statistics always give the same profile.
 *
 * @throws RangeError for `energy` outside (0, 1] or a `maxRank` that is not a positive integer.
 */
export function composeProfile(stats: TasteStats, opts: ComposeOptions = {}): TasteProfile {
  const { representation = 'subspace', maxRank = 8, energy = 0.8 } = opts;
  if (!(energy > 0 && energy <= 1)) throw new RangeError(`composeProfile: energy must be in (0, 1], got ${energy}`);
  if (!Number.isInteger(maxRank) || maxRank < 1) throw new RangeError(`composeProfile: invalid maxRank ${maxRank}`);
  if (stats.count < 1 || !(stats.weight > 0)) return emptyProfile(stats, representation);

  const d = stats.dim;
  const tr = trace(stats);
  let sumNorm = 0;
  for (let i = 0; i < d; i++) sumNorm += stats.sum[i] * stats.sum[i];
  sumNorm = Math.sqrt(sumNorm);
  const coherence = Math.min(1, sumNorm / stats.weight);
  // Children that cancel out (e.g. two antipodal vectors) leave no mean direction; fall back to
  // the dominant eigenvector so the profile still points somewhere meaningful.
  const degenerate = coherence < 1e-9;
  const eig = representation === 'subspace' || degenerate ? symmetricEigen(fullSecondMoment(stats), d) : undefined;

  const mean = new Float64Array(d);
  if (degenerate) {
    mean.set(eig!.vectors.subarray(0, d));
    orient(mean, undefined);
  } else {
    for (let i = 0; i < d; i++) mean[i] = stats.sum[i] / sumNorm;
  }

  const base = { dim: d, count: stats.count, weight: stats.weight, mean: Float32Array.from(mean), representation, coherence };
  if (representation === 'point') {
    return { ...base, basis: [Float32Array.from(mean)], eigenvalues: [energyAlong(stats, mean, tr)], rank: 1 };
  }
  const rank = chooseRank(eig!.values, tr, energy, Math.min(maxRank, stats.count, d));
  const basis: Float32Array[] = [];
  const eigenvalues: number[] = [];
  for (let k = 0; k < rank; k++) {
    const u = eig!.vectors.slice(k * d, k * d + d);
    orient(u, mean);
    basis.push(Float32Array.from(u));
    eigenvalues.push(Math.max(0, eig!.values[k] / tr));
  }
  return { ...base, basis, eigenvalues, rank };
}

/** Smallest r whose leading eigenvalues reach `energy` of the trace, within [1, cap]. */
function chooseRank(values: Float64Array, tr: number, energy: number, cap: number): number {
  // Shares below this are rounding noise of an exactly rank-deficient matrix.
  const floor = 1e-12 * tr;
  let acc = 0;
  let r = 0;
  while (r < cap) {
    if (r > 0 && values[r] <= floor) break;
    acc += values[r];
    r++;
    if (acc >= energy * tr * (1 - 1e-12)) break;
  }
  return Math.max(1, r);
}

/** Flips `u` in place so it agrees with `ref` (or, without a usable ref, so its largest component is positive). */
function orient(u: Float64Array, ref: Float64Array | undefined): void {
  let s = 0;
  if (ref) for (let i = 0; i < u.length; i++) s += u[i] * ref[i];
  if (Math.abs(s) < 1e-12) {
    let best = 0;
    for (let i = 0; i < u.length; i++) if (Math.abs(u[i]) > Math.abs(best)) best = u[i];
    s = best;
  }
  if (s < 0) for (let i = 0; i < u.length; i++) u[i] = -u[i];
}
