/** A dense real vector. Embeddings are usually Float32Array; accumulators are Float64Array. */
export type Vector = Float32Array | Float64Array;

function sameLength(a: Vector, b: Vector, op: string): void {
  if (a.length !== b.length) {
    throw new RangeError(`${op}: dimension mismatch (${a.length} vs ${b.length})`);
  }
}

/**
 * Inner product of two vectors of the same dimension.
 *
 * @throws RangeError when the dimensions differ.
 */
export function dot(a: Vector, b: Vector): number {
  sameLength(a, b, 'dot');
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

/**
 * The dot product of `b` with the `n` numbers of `rows` from `offset` (a row of a row-major matrix), summed in index
 * order as {@link dot} sums. A function of its own: V8 compiles this loop about twice as fast as the same loop inlined
 * in a loop over rows (measured: 300 rows of 100, 23 against 43 µs). Unrolled by four with one running sum, so the
 * additions happen in the same order and the number is {@link dot}'s bit for bit (V8 does not unroll loops; 444 rows
 * of 100: 44 against 51 µs).
 */
export function dotAt(rows: Vector, offset: number, b: Vector, n: number): number {
  let s = 0;
  let i = 0;
  for (; i + 3 < n; i += 4) {
    const o = offset + i;
    s += rows[o]! * b[i]!;
    s += rows[o + 1]! * b[i + 1]!;
    s += rows[o + 2]! * b[i + 2]!;
    s += rows[o + 3]! * b[i + 3]!;
  }
  for (; i < n; i++) s += rows[offset + i]! * b[i]!;
  return s;
}

/** Euclidean (L2) norm. */
export function norm(a: Vector): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * a[i];
  return Math.sqrt(s);
}

/**
 * Returns a new vector of the same array type pointing the same way with norm 1.
 * A zero vector (or one whose norm is not finite) is returned as a zero vector.
 */
export function normalize<T extends Vector>(a: T): T {
  const out = (a instanceof Float32Array ? new Float32Array(a.length) : new Float64Array(a.length)) as T;
  const n = norm(a);
  if (n === 0 || !Number.isFinite(n)) return out;
  const inv = 1 / n;
  for (let i = 0; i < a.length; i++) out[i] = a[i] * inv;
  return out;
}

/**
 * Cosine similarity in [-1, 1]; 0 when either vector is zero.
 *
 * @throws RangeError when the dimensions differ.
 */
export function cosine(a: Vector, b: Vector): number {
  sameLength(a, b, 'cosine');
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    ab += a[i] * b[i];
    aa += a[i] * a[i];
    bb += b[i] * b[i];
  }
  if (aa === 0 || bb === 0) return 0;
  // Rounding can push |cos| a hair past 1 for parallel vectors.
  return Math.max(-1, Math.min(1, ab / Math.sqrt(aa * bb)));
}

/**
 * In-place `acc += w * v`.
 *
 * @returns `acc`, for chaining.
 * @throws RangeError when the dimensions differ.
 */
export function addScaled<T extends Vector>(acc: T, v: Vector, w: number): T {
  sameLength(acc, v, 'addScaled');
  for (let i = 0; i < acc.length; i++) acc[i] += w * v[i];
  return acc;
}

/**
 * (Weighted) arithmetic mean of equally sized vectors, accumulated in double precision.
 *
 * @param vectors - the vectors to average; an empty list yields an empty Float64Array.
 * @param weights - optional non-negative weight per vector (default 1 each).
 * @returns a new Float64Array; all zeros when the total weight is 0.
 * @throws RangeError on mismatched dimensions or weight count.
 */
export function meanOf(vectors: readonly Vector[], weights?: readonly number[]): Float64Array {
  if (vectors.length === 0) return new Float64Array(0);
  if (weights && weights.length !== vectors.length) {
    throw new RangeError(`meanOf: ${vectors.length} vectors but ${weights.length} weights`);
  }
  const acc = new Float64Array(vectors[0].length);
  let total = 0;
  for (let i = 0; i < vectors.length; i++) {
    const w = weights ? weights[i] : 1;
    addScaled(acc, vectors[i], w);
    total += w;
  }
  if (total === 0) return acc.fill(0);
  for (let i = 0; i < acc.length; i++) acc[i] /= total;
  return acc;
}
