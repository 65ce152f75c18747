import type { EntityDoc, WorkspaceCatalog } from '@tg/domain';
import { addToStats, composeProfile, createTasteStats, type TasteProfile } from '@tg/math';
import { contentMatch } from './scoring';

/**
 * What a workspace knows without an anchor: used by /rerank and /recommend when the anchor does not exist or
 * has no taste yet and no history was given (clients rerank for their own user ids before creating them).
 * See docs/ranking.md ("Rerank without a taste").
 */
export interface WorkspacePrior {
  /** The workspace's taste: a multi-interest profile of the content its entities link (by audience). */
  profile: TasteProfile | null;
  /** Mean audience (linking entities) of a linked item: the scale of popularity. */
  meanAudience: number;
}

/** Weights of the prior score: closeness to the workspace's taste, popularity, content quality. */
export const PRIOR_WEIGHTS = { closeness: 0.6, popularity: 0.3, quality: 0.1 };
/** Items sampled to estimate the workspace's taste (strided over the catalog, bounded cost). */
export const PRIOR_SAMPLE = 2_000;
/** A cached prior is reused for this long after the catalog changed (recomputing costs tens of ms). */
export const PRIOR_MAX_AGE_MS = 10_000;
/** Words of text at which a content item counts as fully described (quality 1). */
export const QUALITY_WORDS = 40;

const cache = new WeakMap<WorkspaceCatalog, { version: number; at: number; prior: WorkspacePrior }>();

/** The workspace prior, cached per catalog while unchanged (or for {@link PRIOR_MAX_AGE_MS} after a change). */
export function workspacePrior(cat: WorkspaceCatalog, now = Date.now()): WorkspacePrior {
  const hit = cache.get(cat);
  if (hit && (hit.version === cat.version || now - hit.at < PRIOR_MAX_AGE_MS)) return hit.prior;
  const prior = computePrior(cat);
  cache.set(cat, { version: cat.version, at: now, prior });
  return prior;
}

function computePrior(cat: WorkspaceCatalog): WorkspacePrior {
  // Linked items weighted by their audience; a workspace without links falls back to all its content.
  const linked: [string, number][] = [];
  for (const [id, parents] of cat.childParents) if (parents.size && cat.vectors.has(id)) linked.push([id, parents.size]);
  const pool: [string, number][] = linked.length ? linked : [...cat.vectors.keys()].map((id) => [id, 1]);
  const meanAudience = linked.length ? linked.reduce((a, [, n]) => a + n, 0) / linked.length : 0;
  if (!pool.length) return { profile: null, meanAudience };
  const step = Math.max(1, Math.floor(pool.length / PRIOR_SAMPLE));
  const first = cat.vectors.get(pool[0]![0])!;
  const stats = createTasteStats(first.length);
  for (let i = 0; i < pool.length; i += step) {
    const [id, w] = pool[i]!;
    addToStats(stats, cat.vectors.get(id)!, w);
  }
  return { profile: composeProfile(stats, { representation: 'subspace', maxRank: 6, energy: 0.8 }), meanAudience };
}

/** The prior score of a candidate and its parts (echoed as signals). */
export function priorScore(
  cat: WorkspaceCatalog,
  prior: WorkspacePrior,
  c: { entity_id: string; vector: Float32Array | null; doc?: EntityDoc; text?: string },
): { score: number; closeness: number; popularity: number; quality: number } {
  if (!c.vector) return { score: 0, closeness: 0, popularity: 0, quality: 0 };
  // A single-interest summary of the whole workspace would over-state the match of every item, so the
  // closeness is the calibrated content match to a profile of one item's depth.
  const closeness = prior.profile ? contentMatch(c.vector, prior.profile, 1).score : 0;
  const audience = c.doc ? (cat.childParents.get(c.doc.id)?.size ?? 0) : 0;
  const popularity = prior.meanAudience > 0 ? audience / (audience + prior.meanAudience) : 0;
  const words = (c.text ?? c.doc?.text ?? '').split(/\s+/).filter(Boolean).length;
  const quality = Math.min(1, Math.log1p(words) / Math.log1p(QUALITY_WORDS));
  const w = { ...PRIOR_WEIGHTS };
  if (!prior.profile) w.closeness = 0;
  if (prior.meanAudience === 0) w.popularity = 0;
  const total = w.closeness + w.popularity + w.quality;
  const score = (w.closeness * closeness + w.popularity * popularity + w.quality * quality) / total;
  return { score, closeness, popularity, quality };
}

/**
 * Scores made to follow a given order: each is the lower of its own and the one above it, so the returned
 * scores never increase down the list (used where diversity reorders results). Input order is kept.
 */
export function capToOrder(scores: readonly number[]): number[] {
  const out: number[] = [];
  let floor = Infinity;
  for (const s of scores) {
    floor = Math.min(floor, s);
    out.push(floor);
  }
  return out;
}
