import type { WorkspaceCatalog } from '@tg/domain';
import { addToStats, composeProfile, createTasteStats, type TasteProfile } from '@tg/math';

interface Cached {
  /** The parent's version, or the self vector the profile was built from. */
  key: number | Float32Array | undefined;
  profile: TasteProfile | null;
}
const cache = new WeakMap<WorkspaceCatalog, Map<string, Cached>>();

/**
 * The taste profile of an entity: composed from its linked content's running statistics, or from its
 * own name/description vector until it has linked content (cold start). Cached by the parent's version.
 */
export function profileFor(cat: WorkspaceCatalog, id: string): TasteProfile | null {
  let byId = cache.get(cat);
  if (!byId) cache.set(cat, (byId = new Map()));
  const p = cat.parents.get(id);
  const pooled = !!(p?.stats && p.pooled.size > 0);
  const key = pooled ? p!.version : cat.vectors.get(id);
  const hit = byId.get(id);
  if (hit && hit.key === key) return hit.profile;
  let profile: TasteProfile | null = null;
  if (pooled) {
    profile = composeProfile(p!.stats!, { representation: p.settings.representation, maxRank: p.settings.maxRank, energy: p.settings.energy });
  } else {
    const self = cat.vectors.get(id);
    if (self && cat.entities.get(id)?.kind === 'entity') {
      const s = createTasteStats(self.length);
      addToStats(s, self, 1);
      profile = composeProfile(s, { representation: 'point' });
    }
  }
  byId.set(id, { key, profile });
  if (byId.size > 50_000) byId.delete(byId.keys().next().value as string);
  return profile;
}

/**
 * The vector that stands for an entity in a vector index: a content item's own vector, a parent's
 * taste mean, or a non-content entity's own text vector.
 */
export function representativeVector(cat: WorkspaceCatalog, id: string): Float32Array | null {
  const doc = cat.entities.get(id);
  if (!doc) return null;
  if (doc.kind === 'content') return cat.vectors.get(id) ?? null;
  const prof = profileFor(cat, id);
  return prof && prof.rank > 0 ? prof.mean : (cat.vectors.get(id) ?? null);
}
