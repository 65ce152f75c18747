import type { ParentTaste, WorkspaceCatalog } from '@tg/domain';
import { addToStats, composeProfile, createTasteStats, type TasteProfile } from '@tg/math';

interface Cached {
  /** The parent the profile was composed for (a re-created parent is a new object) and its version… */
  parent: ParentTaste | undefined;
  version: number;
  /** …or the entity's own vector, for a cold-start profile. */
  self: Float32Array | undefined;
  profile: TasteProfile | null;
}
const cache = new WeakMap<WorkspaceCatalog, Map<string, Cached>>();
/** Most profiles cached per workspace (oldest dropped first). */
const MAX_CACHED = 50_000;

/**
 * The taste profile of an entity: composed from its linked content's running statistics, or from its
 * own name/description vector until it has pooled content (cold start). Cached by the parent's version,
 * so repeated reads cost nothing and a change costs one composition (O(d³), whatever the child count).
 */
export function profileFor(cat: WorkspaceCatalog, id: string): TasteProfile | null {
  let byId = cache.get(cat);
  if (!byId) cache.set(cat, (byId = new Map()));
  const p = cat.parents.get(id);
  const pooled = !!(p?.stats && p.pooled.size > 0);
  const self = pooled ? undefined : cat.vectors.get(id);
  const hit = byId.get(id);
  if (hit && (pooled ? hit.parent === p && hit.version === p!.version : hit.parent === undefined && hit.self === self)) return hit.profile;
  let profile: TasteProfile | null = null;
  if (pooled) {
    profile = composeProfile(p!.stats!, { representation: p!.settings.representation, maxRank: p!.settings.maxRank, energy: p!.settings.energy });
  } else if (self && cat.entities.get(id)?.kind === 'entity') {
    const s = createTasteStats(self.length);
    addToStats(s, self, 1);
    profile = composeProfile(s, { representation: 'point' });
  }
  byId.delete(id);
  byId.set(id, { parent: pooled ? p : undefined, version: pooled ? p!.version : 0, self, profile });
  if (byId.size > MAX_CACHED) byId.delete(byId.keys().next().value as string);
  return profile;
}

/**
 * The unit mean direction of a parent's pooled content, in O(d) from its running statistics (no
 * eigen-decomposition); null when nothing is pooled or the children cancel out.
 */
export function pooledMean(p: ParentTaste | undefined): Float32Array | null {
  if (!p?.stats || p.pooled.size === 0) return null;
  const sum = p.stats.sum;
  let n = 0;
  for (let i = 0; i < sum.length; i++) n += sum[i]! * sum[i]!;
  if (!(n > 1e-18)) return null;
  const inv = 1 / Math.sqrt(n);
  const out = new Float32Array(sum.length);
  for (let i = 0; i < sum.length; i++) out[i] = sum[i]! * inv;
  return out;
}

/**
 * The vector that stands for an entity in a vector index or a clustering: a content item's own vector,
 * a parent's pooled mean direction, or a non-content entity's own text vector (cold start).
 */
export function representativeVector(cat: WorkspaceCatalog, id: string, doc = cat.entities.get(id)): Float32Array | null {
  if (!doc) return null;
  if (doc.kind === 'content') return cat.vectors.get(id) ?? null;
  const p = cat.parents.get(id);
  if (p && p.pooled.size > 0) {
    const mean = pooledMean(p);
    if (mean) return mean;
    // Children that cancel out leave no mean: the profile's dominant direction stands in.
    const prof = profileFor(cat, id);
    if (prof && prof.rank > 0) return prof.mean;
  }
  return cat.vectors.get(id) ?? null;
}
