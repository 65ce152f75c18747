import { createHash } from 'node:crypto';
import { decodeVector, encodeVector, type EventData } from '@tg/contracts';
import { contentLabelText, displayName, distinctiveKeywords, documentFrequencies, type EntityDoc, labelTokens, type WorkspaceCatalog } from '@tg/domain';
import { chooseK, cosine, type ChooseKOptions, type ChooseKResult } from '@tg/math';
// The pure profile helpers alone, not the read-model host (NATS): clustering is unit-tested without a bus.
import { representativeVector } from '@tg/read-model/profiles';

type ClusterRow = EventData<'ClustersComputed'>['clusters'][number];

/** Most points k is chosen on; the rest are assigned to the nearest centroid in one pass. */
const FIT_SAMPLE = 2_000;
/** Most members kept per cluster in the event (the most central ones); `size` stays exact. */
export const MAX_MEMBERS = 2_000;
/** Lloyd steps of an incremental update from the previous centroids. */
const UPDATE_STEPS = 3;

/** Tokens of a content document, cached per document version (the projection replaces a document when it changes). */
const contentTokens = new WeakMap<EntityDoc, string[]>();

/** Words of an entity for labelling: its own text, and for a parent, its linked content's. */
function wordsOf(cat: WorkspaceCatalog, id: string): string[] {
  const d = cat.entities.get(id);
  if (!d) return [];
  if (d.kind === 'content') {
    let t = contentTokens.get(d);
    if (!t) contentTokens.set(d, (t = labelTokens(contentLabelText(d, 4_000, true).slice(0, 4_000))));
    return t;
  }
  const parts = [d.name, d.description];
  let n = 0;
  for (const child of cat.parents.get(id)?.children.keys() ?? []) {
    const c = cat.entities.get(child);
    if (c) parts.push(c.kind === 'content' ? contentLabelText(c, 300, true) : `${c.name} ${c.description}`);
    if (++n >= 50) break;
  }
  return labelTokens(parts.join(' '));
}

/** Rows of unit vectors in one flat array (zero vectors stay zero), so that cosines are plain dot products. */
function unitRows(vecs: readonly Float32Array[], d: number): Float64Array {
  const x = new Float64Array(vecs.length * d);
  vecs.forEach((v, r) => {
    let n2 = 0;
    for (let i = 0; i < d; i++) n2 += v[i]! * v[i]!;
    const inv = n2 > 0 ? 1 / Math.sqrt(n2) : 0;
    for (let i = 0; i < d; i++) x[r * d + i] = v[i]! * inv;
  });
  return x;
}

/** Index of the centroid (unit rows) nearest to row `r` of `x` and that cosine. */
function nearest(x: Float64Array, r: number, d: number, c: Float64Array, k: number): { j: number; sim: number } {
  let j = 0;
  let sim = -Infinity;
  const o = r * d;
  for (let q = 0; q < k; q++) {
    let s = 0;
    const co = q * d;
    for (let i = 0; i < d; i++) s += x[o + i]! * c[co + i]!;
    if (s > sim) {
      sim = s;
      j = q;
    }
  }
  return { j, sim };
}

/**
 * A few Lloyd steps from given centroids (spherical: members enter as unit vectors, centroids are
 * normalised means). Clusters left empty are dropped. O(steps · n · k · d).
 */
function refine(x: Float64Array, n: number, d: number, seeds: readonly Float32Array[], steps: number): Float32Array[] {
  let c = unitRows(seeds, d);
  let k = seeds.length;
  for (let step = 0; step < steps; step++) {
    const sums = new Float64Array(k * d);
    const counts = new Array<number>(k).fill(0);
    for (let r = 0; r < n; r++) {
      const { j } = nearest(x, r, d, c, k);
      counts[j]!++;
      for (let i = 0; i < d; i++) sums[j * d + i] += x[r * d + i]!;
    }
    const next: number[] = [];
    for (let q = 0; q < k; q++) {
      let n2 = 0;
      for (let i = 0; i < d; i++) n2 += sums[q * d + i]! ** 2;
      if (counts[q] && n2 > 0) {
        const inv = 1 / Math.sqrt(n2);
        for (let i = 0; i < d; i++) next.push(sums[q * d + i]! * inv);
      }
    }
    if (!next.length) break;
    c = Float64Array.from(next);
    k = next.length / d;
  }
  return Array.from({ length: k }, (_, q) => Float32Array.from(c.subarray(q * d, q * d + d)));
}

/** Options of {@link computeClusters}. */
export interface ClusterOptions {
  /**
   * The type's current clusters. When given (and of the same dimension), their centroids seed a cheap
   * update (assignment and a few Lloyd steps, k kept) instead of a refit that chooses k from the data.
   */
  previous?: readonly ClusterRow[];
}

/** Deterministic sample of indices (every n/k-th), so a recompute on the same data gives the same answer. */
function strided(n: number, k: number): number[] {
  if (n <= k) return Array.from({ length: n }, (_, i) => i);
  const step = n / k;
  return Array.from({ length: k }, (_, i) => Math.floor(i * step));
}

/**
 * Clusters the entities of one type in a workspace: k chosen from the data (silhouette), or, with
 * `previous`, an incremental update of the current clusters; a readable label from each cluster's
 * distinctive words; centroid-to-centroid affinities. Pure and deterministic.
 */
export function computeClusters(cat: WorkspaceCatalog, entityType: string, opts: ClusterOptions = {}): ClusterRow[] {
  const p = prepare(cat, entityType, opts);
  if (!p) return [];
  return finish(cat, entityType, p, p.fit ? fitted(p, chooseK(p.fit.sample, p.fit.opts)) : p.centroids!);
}

/**
 * {@link computeClusters} with the choice of k (the costly part of a full fit) done by `fit` — a worker
 * thread in the taste service (see `fit-thread.ts`). Same rows as the synchronous version.
 */
export async function computeClustersWith(
  cat: WorkspaceCatalog,
  entityType: string,
  opts: ClusterOptions,
  fit: (vectors: readonly Float32Array[], opts: ChooseKOptions) => Promise<ChooseKResult>,
): Promise<ClusterRow[]> {
  const p = prepare(cat, entityType, opts);
  if (!p) return [];
  return finish(cat, entityType, p, p.fit ? fitted(p, await fit(p.fit.sample, p.fit.opts)) : p.centroids!);
}

interface Prepared {
  ids: string[];
  vecs: Float32Array[];
  dim: number;
  x: Float64Array;
  /** Centroids refined from the previous ones (an incremental update)… */
  centroids?: Float32Array[];
  /** …or the sample and options of a full fit. */
  fit?: { sample: Float32Array[]; opts: ChooseKOptions };
}

function prepare(cat: WorkspaceCatalog, entityType: string, opts: ClusterOptions): Prepared | null {
  const ids: string[] = [];
  const vecs: Float32Array[] = [];
  for (const d of cat.entities.values()) {
    if (d.type !== entityType) continue;
    const v = representativeVector(cat, d.id);
    if (!v) continue;
    ids.push(d.id);
    vecs.push(v);
  }
  if (ids.length === 0) return null;
  const dim = vecs[0]!.length;
  const x = unitRows(vecs, dim);
  const seeds = (opts.previous ?? []).map((r) => decodeVector(r.centroid)).filter((c) => c.length === dim);
  if (seeds.length) return { ids, vecs, dim, x, centroids: refine(x, ids.length, dim, seeds, UPDATE_STEPS) };
  const sampleIdx = strided(ids.length, FIT_SAMPLE);
  const sample = sampleIdx.map((i) => vecs[i]!);
  return { ids, vecs, dim, x, fit: { sample, opts: { kMin: 2, kMax: Math.max(2, Math.min(12, Math.floor(Math.sqrt(sample.length)) + 1)), seed: 7 } } };
}

function fitted(p: Prepared, fit: ChooseKResult): Float32Array[] {
  return fit.k > 0 ? fit.centroids : [p.vecs[0]!];
}

/** Assignment, labels, ids and affinities of the clusters around `centroids`. */
function finish(cat: WorkspaceCatalog, entityType: string, p: Prepared, centroids: Float32Array[]): ClusterRow[] {
  const { ids, dim, x } = p;
  // Assign every entity to its nearest centroid.
  const members: { id: string; sim: number }[][] = centroids.map(() => []);
  const c = unitRows(centroids, dim);
  ids.forEach((id, i) => {
    const { j, sim } = nearest(x, i, dim, c, centroids.length);
    members[j]!.push({ id, sim });
  });
  const docs = new Map(ids.map((id) => [id, wordsOf(cat, id)]));
  const { df, total } = documentFrequencies(docs.values());
  const rows: ClusterRow[] = [];
  members.forEach((ms, j) => {
    if (!ms.length) return;
    ms.sort((a, b) => b.sim - a.sim || (a.id < b.id ? -1 : 1));
    const keywords = distinctiveKeywords(ms.slice(0, 500).map((m) => docs.get(m.id) ?? []), df, total, 3);
    const first = cat.entities.get(ms[0]!.id);
    const label = keywords.length ? keywords.join(' · ') : first ? displayName(first) : `cluster ${j + 1}`;
    const memberIds = ms.slice(0, MAX_MEMBERS).map((m) => m.id);
    const id = `cl_${createHash('sha256').update(`${entityType}\u0000${[...memberIds].sort().join('\u0000')}`).digest('hex').slice(0, 16)}`;
    rows.push({ id, label, keywords, members: memberIds, centroid: encodeVector(centroids[j]!), affinities: [], size: ms.length });
  });
  rows.sort((a, b) => b.size - a.size || (a.id < b.id ? -1 : 1));
  const cents = rows.map((r) => centroids[members.findIndex((m) => m.length && m[0]!.id === r.members[0])]!);
  rows.forEach((r, i) => {
    r.affinities = rows
      .map((o, j) => ({ cluster_id: o.id, score: Math.round(((cosine(cents[i]!, cents[j]!) + 1) / 2) * 1e4) / 1e4 }))
      .filter((a) => a.cluster_id !== r.id)
      .sort((a, b) => b.score - a.score)
      .slice(0, 10);
  });
  return rows;
}
