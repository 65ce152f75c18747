import { createHash } from 'node:crypto';
import { encodeVector, type EventData } from '@tg/contracts';
import type { WorkspaceCatalog } from '@tg/domain';
import { chooseK, cosine, tokenize } from '@tg/math';
import { representativeVector } from '../read-model/profiles';
import { distinctiveKeywords, documentFrequencies } from './labels';

type ClusterRow = EventData<'ClustersComputed'>['clusters'][number];

/** Most points k is chosen on; the rest are assigned to the nearest centroid in one pass. */
const FIT_SAMPLE = 2_000;
/** Most members kept per cluster in the event (the most central ones); `size` stays exact. */
export const MAX_MEMBERS = 2_000;

/** Words of an entity for labelling: its own text, and for a parent, its linked content's. */
function wordsOf(cat: WorkspaceCatalog, id: string): string[] {
  const d = cat.entities.get(id);
  if (!d) return [];
  if (d.kind === 'content') return tokenize(`${d.name} ${d.description} ${d.text ?? ''}`.slice(0, 4_000));
  const parts = [d.name, d.description];
  let n = 0;
  for (const child of cat.parents.get(id)?.children.keys() ?? []) {
    const c = cat.entities.get(child);
    if (c) parts.push(`${c.name} ${c.description} ${(c.text ?? '').slice(0, 300)}`);
    if (++n >= 50) break;
  }
  return tokenize(parts.join(' '));
}

/** Deterministic sample of indices (every n/k-th), so a recompute on the same data gives the same answer. */
function strided(n: number, k: number): number[] {
  if (n <= k) return Array.from({ length: n }, (_, i) => i);
  const step = n / k;
  return Array.from({ length: k }, (_, i) => Math.floor(i * step));
}

/**
 * Clusters the entities of one type in a workspace: k chosen from the data (silhouette), a readable
 * label from each cluster's distinctive words, centroid-to-centroid affinities. Pure and deterministic.
 */
export function computeClusters(cat: WorkspaceCatalog, entityType: string): ClusterRow[] {
  const ids: string[] = [];
  const vecs: Float32Array[] = [];
  for (const d of cat.entities.values()) {
    if (d.type !== entityType) continue;
    const v = representativeVector(cat, d.id);
    if (!v) continue;
    ids.push(d.id);
    vecs.push(v);
  }
  if (ids.length === 0) return [];
  const sampleIdx = strided(ids.length, FIT_SAMPLE);
  const fit = chooseK(
    sampleIdx.map((i) => vecs[i]!),
    { kMin: 2, kMax: Math.max(2, Math.min(12, Math.floor(Math.sqrt(sampleIdx.length)) + 1)), seed: 7 },
  );
  const centroids = fit.k > 0 ? fit.centroids : [vecs[0]!];
  // Assign every entity to its nearest centroid.
  const members: { id: string; sim: number }[][] = centroids.map(() => []);
  ids.forEach((id, i) => {
    let best = 0;
    let bestSim = -Infinity;
    centroids.forEach((c, j) => {
      const s = cosine(vecs[i]!, c);
      if (s > bestSim) {
        bestSim = s;
        best = j;
      }
    });
    members[best]!.push({ id, sim: bestSim });
  });
  const docs = new Map(ids.map((id) => [id, wordsOf(cat, id)]));
  const { df, total } = documentFrequencies(docs.values());
  const rows: ClusterRow[] = [];
  members.forEach((ms, j) => {
    if (!ms.length) return;
    ms.sort((a, b) => b.sim - a.sim || (a.id < b.id ? -1 : 1));
    const keywords = distinctiveKeywords(ms.slice(0, 500).map((m) => docs.get(m.id) ?? []), df, total, 3);
    const label = keywords.length ? keywords.join(' · ') : (cat.entities.get(ms[0]!.id)?.name ?? `cluster ${j + 1}`);
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
