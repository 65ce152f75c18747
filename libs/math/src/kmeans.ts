import { symmetricEigen } from './eigen';
import { createRng, gaussian, type Rng } from './random';
import type { Vector } from './vector';

/** Options of {@link kmeans}. */
export interface KMeansOptions {
  /** PRNG seed for k-means++ initialisation (default 1). Same input + seed = same output. */
  seed?: number;
  /** Maximum Lloyd iterations (default 100). */
  maxIter?: number;
  /** Independent seedings to run, keeping the lowest inertia (default 1). */
  restarts?: number;
}

/** Result of {@link kmeans}. */
export interface KMeansResult {
  /** Cluster index of each input vector (zero vectors go to cluster 0). */
  assignments: number[];
  /** Unit centroid of each cluster. */
  centroids: Float32Array[];
  /** Σ (1 − cos(x_i, centroid of x_i)) over all inputs; lower is tighter. */
  inertia: number;
}

/** Options of {@link chooseK}. */
export interface ChooseKOptions {
  /** Smallest k tried (default 2). */
  kMin?: number;
  /** Largest k tried (default 12, never more than n − 1). */
  kMax?: number;
  /** Seed for clustering and sampling (default 1). */
  seed?: number;
  /** Most points the silhouette is computed on (default 1000), drawn deterministically from the seed. */
  sampleSize?: number;
  /** Best silhouette below which the data is treated as one cluster (default 0.05). */
  minSilhouette?: number;
  /**
   * Factor by which the best silhouette must exceed that of the same k on a one-blob Gaussian
   * twin of the sample (default 1.4), otherwise the data is treated as one cluster. On synthetic
   * data separable blobs scored ≥ 1.75× their twin, single blobs (round or 3:1 elongated) ≤ 1.22×.
   */
  minLift?: number;
  /** Maximum Lloyd iterations per run. */
  maxIter?: number;
  /** Seedings per k, keeping the lowest inertia (default 3): one unlucky seeding can merge two clusters. */
  restarts?: number;
}

/** Result of {@link chooseK}. */
export interface ChooseKResult extends Omit<KMeansResult, 'inertia'> {
  /** Chosen number of clusters (0 only for empty input). */
  k: number;
  /** Mean cosine-distance silhouette of the chosen k on the sample; 0 when k ≤ 1. */
  score: number;
}

/** Row-normalised copy of the inputs in one flat buffer (zero rows stay zero). */
function unitRows(vectors: readonly Vector[]): { x: Float64Array; n: number; d: number } {
  const n = vectors.length;
  const d = n > 0 ? vectors[0].length : 0;
  const x = new Float64Array(n * d);
  for (let i = 0; i < n; i++) {
    const v = vectors[i];
    if (v.length !== d) throw new RangeError(`kmeans: vector ${i} has dim ${v.length}, expected ${d}`);
    let s = 0;
    for (let j = 0; j < d; j++) s += v[j] * v[j];
    if (!(s > 0) || !Number.isFinite(s)) continue;
    const inv = 1 / Math.sqrt(s);
    for (let j = 0; j < d; j++) x[i * d + j] = v[j] * inv;
  }
  return { x, n, d };
}

function rowDot(a: Float64Array, ai: number, b: Float64Array, bi: number, d: number): number {
  // Four independent partial sums let the CPU overlap the multiply-adds.
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let j = 0;
  for (; j + 3 < d; j += 4) {
    s0 += a[ai + j] * b[bi + j];
    s1 += a[ai + j + 1] * b[bi + j + 1];
    s2 += a[ai + j + 2] * b[bi + j + 2];
    s3 += a[ai + j + 3] * b[bi + j + 3];
  }
  for (; j < d; j++) s0 += a[ai + j] * b[bi + j];
  return s0 + s1 + (s2 + s3);
}

function isZeroRow(x: Float64Array, i: number, d: number): boolean {
  for (let j = 0; j < d; j++) if (x[i * d + j] !== 0) return false;
  return true;
}

/**
 * Greedy k-means++ seeding (as in scikit-learn): each new centre is the best of 2 + ⌊ln k⌋
 * candidates drawn with probability ∝ 1 − (best cosine so far), which avoids most of plain
 * k-means++'s unlucky double seeding of one blob. Stops early when every remaining point
 * coincides with a chosen centre, so duplicates never yield duplicate centroids.
 */
function seedCentroids(x: Float64Array, n: number, d: number, k: number, rng: Rng): Float64Array[] {
  const eligible: number[] = [];
  for (let i = 0; i < n; i++) if (!isZeroRow(x, i, d)) eligible.push(i);
  if (eligible.length === 0) return [];
  const trials = 2 + Math.floor(Math.log(k));
  const weight = new Float64Array(n).fill(Infinity);
  const centers: Float64Array[] = [];
  let next = eligible[Math.floor(rng() * eligible.length)];
  for (;;) {
    const c = x.slice(next * d, next * d + d);
    centers.push(c);
    let total = 0;
    for (const i of eligible) {
      weight[i] = Math.min(weight[i], Math.max(0, 1 - rowDot(x, i * d, c, 0, d)));
      total += weight[i];
    }
    // Below this every point is (numerically) one of the centres already.
    if (centers.length >= k || total <= 1e-12) return centers;
    let bestPotential = Infinity;
    for (let t = 0; t < trials; t++) {
      const cand = drawWeighted(eligible, weight, total, rng);
      let potential = 0;
      for (const i of eligible) potential += Math.min(weight[i], Math.max(0, 1 - rowDot(x, i * d, x, cand * d, d)));
      if (potential < bestPotential) {
        bestPotential = potential;
        next = cand;
      }
    }
  }
}

function drawWeighted(eligible: number[], weight: Float64Array, total: number, rng: Rng): number {
  let r = rng() * total;
  let pick = eligible[0];
  for (const i of eligible) {
    if (weight[i] <= 0) continue;
    // Rounding can leave r ≥ 0 after the last positive weight; that point is then the pick.
    pick = i;
    r -= weight[i];
    if (r < 0) break;
  }
  return pick;
}

/** Assigns each row to its most similar centre; returns Σ(1 − cos) and whether anything changed. */
function assign(x: Float64Array, n: number, d: number, centers: Float64Array[], out: Int32Array, best: Float64Array): { inertia: number; changed: boolean } {
  // One flat k×d block keeps the inner loop monomorphic and cache-friendly.
  const k = centers.length;
  const flat = new Float64Array(k * d);
  centers.forEach((c, i) => flat.set(c, i * d));
  let inertia = 0;
  let changed = false;
  for (let i = 0; i < n; i++) {
    let arg = 0;
    let top = -Infinity;
    for (let c = 0; c < k; c++) {
      const s = rowDot(x, i * d, flat, c * d, d);
      if (s > top) {
        top = s;
        arg = c;
      }
    }
    if (out[i] !== arg) changed = true;
    out[i] = arg;
    best[i] = top;
    inertia += 1 - top;
  }
  return { inertia, changed };
}

/** Recomputes unit centroids; an empty cluster takes over the worst-fitting point of a shared cluster. */
function update(x: Float64Array, n: number, d: number, centers: Float64Array[], labels: Int32Array, best: Float64Array): void {
  const sizes = new Int32Array(centers.length);
  for (const c of centers) c.fill(0);
  for (let i = 0; i < n; i++) {
    sizes[labels[i]]++;
    const c = centers[labels[i]];
    for (let j = 0; j < d; j++) c[j] += x[i * d + j];
  }
  for (let c = 0; c < centers.length; c++) {
    if (sizes[c] > 0) continue;
    let worst = -1;
    for (let i = 0; i < n; i++) if (sizes[labels[i]] > 1 && (worst < 0 || best[i] < best[worst])) worst = i;
    if (worst < 0) continue;
    const from = centers[labels[worst]];
    for (let j = 0; j < d; j++) from[j] -= x[worst * d + j];
    sizes[labels[worst]]--;
    labels[worst] = c;
    best[worst] = 1;
    sizes[c] = 1;
    centers[c].set(x.subarray(worst * d, worst * d + d));
  }
  for (const c of centers) {
    let s = 0;
    for (let j = 0; j < d; j++) s += c[j] * c[j];
    if (s > 0) {
      const inv = 1 / Math.sqrt(s);
      for (let j = 0; j < d; j++) c[j] *= inv;
    }
  }
}

/**
 * Spherical (cosine) k-means: Lloyd iterations on normalised inputs with unit centroids, seeded
 * by greedy k-means++ from a seeded PRNG (best inertia over `restarts` seedings). Deterministic
 * for a given input, k and options. Cost O(restarts · iterations · n · k · d).
 *
 * Returns fewer than k centroids when there are fewer distinct directions than k (duplicates),
 * and an empty result for empty input. Zero vectors never seed a centroid.
 *
 * @throws RangeError unless k is a positive integer, or on mixed dimensions.
 */
export function kmeans(vectors: readonly Vector[], k: number, opts: KMeansOptions = {}): KMeansResult {
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`kmeans: k must be a positive integer, got ${k}`);
  const { x, n, d } = unitRows(vectors);
  return clusterRows(x, n, d, k, opts);
}

function clusterRows(x: Float64Array, n: number, d: number, k: number, opts: KMeansOptions): KMeansResult {
  const { seed = 1, maxIter = 100, restarts = 1 } = opts;
  const rng = createRng(seed);
  let best = lloyd(x, n, d, k, maxIter, rng);
  for (let r = 1; r < restarts; r++) {
    const next = lloyd(x, n, d, k, maxIter, rng);
    if (next.inertia < best.inertia - 1e-9 * n) best = next;
  }
  return best;
}

function lloyd(x: Float64Array, n: number, d: number, k: number, maxIter: number, rng: Rng): KMeansResult {
  const centers = seedCentroids(x, n, d, Math.min(k, n), rng);
  if (centers.length === 0) return { assignments: new Array<number>(n).fill(0), centroids: [], inertia: n };
  const labels = new Int32Array(n).fill(-1);
  const best = new Float64Array(n);
  let { inertia } = assign(x, n, d, centers, labels, best);
  for (let iter = 0; iter < maxIter; iter++) {
    update(x, n, d, centers, labels, best);
    const step = assign(x, n, d, centers, labels, best);
    inertia = step.inertia;
    if (!step.changed) break;
  }
  return { assignments: Array.from(labels), centroids: centers.map((c) => Float32Array.from(c)), inertia };
}

/** Deterministic sample of at most `size` row indices (sorted), by a seeded partial Fisher–Yates. */
function sampleIndices(n: number, size: number, rng: Rng): number[] {
  const idx = Array.from({ length: n }, (_, i) => i);
  if (n <= size) return idx;
  for (let i = 0; i < size; i++) {
    const j = i + Math.floor(rng() * (n - i));
    [idx[i], idx[j]] = [idx[j], idx[i]];
  }
  return idx.slice(0, size).sort((a, b) => a - b);
}

function gatherRows(x: Float64Array, d: number, rows: number[]): Float64Array {
  const out = new Float64Array(rows.length * d);
  rows.forEach((r, i) => out.set(x.subarray(r * d, r * d + d), i * d));
  return out;
}

/** Pairwise cosine distances 1 − cos between unit rows (m×m). */
function distanceMatrix(x: Float64Array, m: number, d: number): Float64Array {
  const dist = new Float64Array(m * m);
  for (let a = 0; a < m; a++) {
    for (let b = a + 1; b < m; b++) {
      const v = 1 - rowDot(x, a * d, x, b * d, d);
      dist[a * m + b] = v;
      dist[b * m + a] = v;
    }
  }
  return dist;
}

/** Mean silhouette; points alone in their cluster score 0 (Rousseeuw's convention). */
function silhouette(dist: Float64Array, labels: number[], k: number): number {
  const m = labels.length;
  const sums = new Float64Array(k);
  const sizes = new Int32Array(k);
  for (const l of labels) sizes[l]++;
  let total = 0;
  for (let a = 0; a < m; a++) {
    const own = labels[a];
    if (sizes[own] < 2) continue;
    sums.fill(0);
    for (let b = 0; b < m; b++) sums[labels[b]] += dist[a * m + b];
    const intra = sums[own] / (sizes[own] - 1);
    let inter = Infinity;
    for (let c = 0; c < k; c++) if (c !== own && sizes[c] > 0) inter = Math.min(inter, sums[c] / sizes[c]);
    const denom = Math.max(intra, inter);
    if (inter !== Infinity && denom > 0) total += (inter - intra) / denom;
  }
  return m > 0 ? total / m : 0;
}

/**
 * Draws m unit rows from the Gaussian with the mean and covariance of the given unit rows: the
 * same spread and orientation, but one blob. k-means splits it too, and the silhouette of that
 * split is the bar real structure has to clear.
 */
function gaussianTwin(x: Float64Array, m: number, d: number, rng: Rng): Float64Array {
  const mu = new Float64Array(d);
  for (let i = 0; i < m; i++) for (let j = 0; j < d; j++) mu[j] += x[i * d + j] / m;
  const cov = new Float64Array(d * d);
  const c = new Float64Array(d);
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < d; j++) c[j] = x[i * d + j] - mu[j];
    for (let a = 0; a < d; a++) {
      const ca = c[a] / m;
      for (let b = a; b < d; b++) cov[a * d + b] += ca * c[b];
    }
  }
  for (let a = 0; a < d; a++) for (let b = a + 1; b < d; b++) cov[b * d + a] = cov[a * d + b];
  const { values, vectors } = symmetricEigen(cov, d);
  const sd = values.map((v) => Math.sqrt(Math.max(0, v)));
  const y = new Float64Array(m * d);
  const row = new Float64Array(d);
  for (let i = 0; i < m; i++) {
    row.set(mu);
    for (let k = 0; k < d; k++) {
      if (sd[k] === 0) continue;
      const z = sd[k] * gaussian(rng);
      for (let j = 0; j < d; j++) row[j] += z * vectors[k * d + j];
    }
    let s = 0;
    for (let j = 0; j < d; j++) s += row[j] * row[j];
    const inv = s > 0 ? 1 / Math.sqrt(s) : 0;
    for (let j = 0; j < d; j++) y[i * d + j] = row[j] * inv;
  }
  return y;
}

function singleCluster(x: Float64Array, n: number, d: number): ChooseKResult {
  const c = new Float64Array(d);
  for (let i = 0; i < n; i++) for (let j = 0; j < d; j++) c[j] += x[i * d + j];
  let s = 0;
  for (let j = 0; j < d; j++) s += c[j] * c[j];
  const inv = s > 0 ? 1 / Math.sqrt(s) : 0;
  return { k: 1, assignments: new Array<number>(n).fill(0), centroids: [Float32Array.from(c, (v) => v * inv)], score: 0 };
}

/**
 * Chooses the number of clusters from the data and clusters it (spherical k-means).
 *
 * k is picked on a deterministic sample of at most `sampleSize` points: the k in [kMin, kMax]
 * with the best mean silhouette (cosine distance), ties to the smaller k. That clustering is kept
 * only if its silhouette reaches `minSilhouette` and is `minLift` times the silhouette of the same
 * k on a Gaussian twin of the sample (same mean and covariance, one blob), since k-means splits
 * structureless data too and a fixed silhouette bar cannot tell (a split blob scores about 0.1
 * in 20-d but 0.03 in 100-d); otherwise k = 1. The chosen k is then run on all points.
 *
 * Returns k = 0 for empty input and k = 1 (one centroid: the normalised mean) when n < 3 or the
 * inputs have fewer than two distinct directions.
 *
 * @throws RangeError for kMin < 2 or kMax < kMin.
 */
export function chooseK(vectors: readonly Vector[], opts: ChooseKOptions = {}): ChooseKResult {
  const { kMin = 2, kMax = 12, seed = 1, sampleSize = 1000, minSilhouette = 0.05, minLift = 1.4, maxIter, restarts = 3 } = opts;
  if (!Number.isInteger(kMin) || kMin < 2 || !Number.isInteger(kMax) || kMax < kMin) {
    throw new RangeError(`chooseK: need integers 2 <= kMin <= kMax, got ${kMin}..${kMax}`);
  }
  const { x, n, d } = unitRows(vectors);
  if (n === 0) return { k: 0, assignments: [], centroids: [], score: 0 };
  const rng = createRng(seed ^ 0x9e3779b9);
  const sample = sampleIndices(n, Math.max(3, sampleSize), rng);
  const m = sample.length;
  const xs = m === n ? x : gatherRows(x, d, sample);
  const hi = Math.min(kMax, m - 1);
  const dist = distanceMatrix(xs, m, d);
  let best: { k: number; score: number; res: KMeansResult } | undefined;
  for (let k = kMin; k <= hi; k++) {
    const res = clusterRows(xs, m, d, k, { seed, maxIter, restarts });
    if (res.centroids.length < k) break;
    const score = silhouette(dist, res.assignments, k);
    if (!best || score > best.score) best = { k, score, res };
  }
  if (!best || best.score < minSilhouette) return singleCluster(x, n, d);
  const twin = gaussianTwin(xs, m, d, rng);
  const twinScore = silhouette(distanceMatrix(twin, m, d), clusterRows(twin, m, d, best.k, { seed, maxIter, restarts }).assignments, best.k);
  if (best.score < twinScore * minLift) return singleCluster(x, n, d);
  const res = m === n ? best.res : clusterRows(x, n, d, best.k, { seed, maxIter, restarts });
  return { k: res.centroids.length, assignments: res.assignments, centroids: res.centroids, score: best.score };
}
