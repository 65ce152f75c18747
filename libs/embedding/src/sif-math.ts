/**
 * SIF (smooth inverse frequency, Arora, Liang and Ma 2017) parameters and the pure maths around them.
 * Changing any constant here changes every vector: bump {@link GLOVE_FORMAT_VERSION} in the binary
 * format and the embedder id together.
 */

/** SIF smoothing constant `a` in `a / (a + p(w))`. */
export const SIF_A = 1e-3;

/**
 * Length, in words, of the typical text assumed when estimating the common component. Short product
 * texts (titles, captions, descriptions) are mostly 5-20 words.
 */
export const PC_TEXT_LENGTH = 10;

/** Harmonic number H(n): the normaliser of a Zipf distribution over n ranks. */
export function harmonic(n: number): number {
  // exact summation for small n; Euler-Maclaurin beyond, accurate to ~1e-12
  if (n < 1000) {
    let h = 0;
    for (let k = 1; k <= n; k++) h += 1 / k;
    return h;
  }
  return Math.log(n) + 0.5772156649015329 + 1 / (2 * n) - 1 / (12 * n * n);
}

/**
 * SIF weight of every rank: `a / (a + p(r))` with the Zipf estimate `p(r) = 1 / ((r + 1) H(n))`, because the
 * source stores its words in corpus-frequency order but not the counts.
 */
export function sifWeights(count: number, a = SIF_A): Float32Array {
  const h = harmonic(count);
  const out = new Float32Array(count);
  for (let r = 0; r < count; r++) out[r] = a / (a + 1 / ((r + 1) * h));
  return out;
}

/** A word-level view of quantised vectors, enough to estimate the common component. */
export interface WordRows {
  /** Dimensions per row. */
  dim: number;
  /** Number of rows, ranked by frequency. */
  count: number;
  /** int8 components, `count * dim`. */
  rows: Int8Array;
  /** Per-row scales. */
  scales: Float32Array;
  /** Whether rank r can be produced by the tokenizer (words, not punctuation). */
  eligible(rank: number): boolean;
}

/**
 * The common component removed from every SIF sentence vector: the top eigenvector of the expected
 * uncentred second moment of SIF sentence vectors of `textLength`-word texts drawn from the Zipf unigram
 * model over the eligible vocabulary,
 *
 *   M = (1 - 1/L) mu mu^T + (1/L) S,   mu = sum_w q(w) u_w,   S = sum_w q(w) u_w u_w^T,   u_w = sif(w) v_w,
 *
 * with q the Zipf probabilities renormalised over eligible words. This is what the SIF paper estimates
 * by SVD over a sample corpus, computed in closed form over the whole vocabulary instead: no bundled
 * corpus, no sampling, bit-for-bit reproducible. Power iteration runs matrix-free (M is never formed)
 * from the mean direction, which is already within a degree of the answer, and has a fixed summation
 * order. The sign is fixed so that the largest-magnitude component is positive.
 */
export function commonComponent(src: WordRows, a = SIF_A, textLength = PC_TEXT_LENGTH): Float32Array {
  const { dim, count, rows } = src;
  const { mu, p, coef, mass } = unigramMean(src, a);
  const wMean = (1 - 1 / textLength) / (mass * mass);
  const wSecond = 1 / textLength / mass;
  let v = Float64Array.from(mu);
  if (!normalize(v)) throw new Error('common component: zero mean vector');
  let next = new Float64Array(dim);
  for (let it = 0; it < 100; it++) {
    let muDotV = 0;
    for (let d = 0; d < dim; d++) muDotV += mu[d] * v[d];
    for (let d = 0; d < dim; d++) next[d] = wMean * muDotV * mu[d];
    for (let r = 0; r < count; r++) {
      const c = coef[r];
      if (c === 0) continue;
      const base = r * dim;
      let dot = 0;
      for (let d = 0; d < dim; d++) dot += rows[base + d] * v[d];
      const s = wSecond * p[r] * c * c * dot;
      for (let d = 0; d < dim; d++) next[d] += s * rows[base + d];
    }
    if (!normalize(next)) throw new Error('common component: zero matrix');
    let delta = 0;
    for (let d = 0; d < dim; d++) delta = Math.max(delta, Math.abs(next[d] - v[d]));
    [v, next] = [next, v];
    if (delta < 1e-12) break;
  }
  let big = 0;
  for (let i = 1; i < dim; i++) if (Math.abs(v[i]) > Math.abs(v[big])) big = i;
  const sign = v[big] < 0 ? -1 : 1;
  return Float32Array.from(v, (x) => x * sign);
}

/** mu = sum p u over eligible words, with each word's Zipf p and SIF-times-scale coefficient (0 = skip). */
function unigramMean(src: WordRows, a: number): { mu: Float64Array; p: Float64Array; coef: Float64Array; mass: number } {
  const { dim, count, rows, scales } = src;
  const h = harmonic(count);
  const mu = new Float64Array(dim);
  const p = new Float64Array(count);
  const coef = new Float64Array(count);
  let mass = 0;
  for (let r = 0; r < count; r++) {
    if (!src.eligible(r)) continue;
    const pr = 1 / ((r + 1) * h);
    const c = (a / (a + pr)) * scales[r];
    p[r] = pr;
    coef[r] = c;
    mass += pr;
    const base = r * dim;
    for (let d = 0; d < dim; d++) mu[d] += pr * c * rows[base + d];
  }
  return { mu, p, coef, mass };
}

function normalize(v: Float64Array): boolean {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i] * v[i];
  if (!(sum > 0)) return false;
  const inv = 1 / Math.sqrt(sum);
  for (let i = 0; i < v.length; i++) v[i] *= inv;
  return true;
}
