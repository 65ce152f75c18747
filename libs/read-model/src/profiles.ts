import type { ParentTaste, WorkspaceCatalog } from '@tg/domain';
import { addToStats, composeProfile, createTasteStats, type ComposeOptions, type TasteProfile, type TasteStats } from '@tg/math';

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
  const byId = cached(cat);
  const p = cat.parents.get(id);
  const stats = pooledStats(p);
  const pooled = stats !== undefined;
  const self = pooled ? undefined : cat.vectors.get(id);
  const hit = byId.get(id);
  if (hit && (pooled ? isCurrent(hit, p!) : hit.parent === undefined && hit.self === self)) return hit.profile;
  let profile: TasteProfile | null = null;
  if (pooled) {
    profile = composeProfile(stats, composeOptions(p!));
  } else if (self && cat.entities.get(id)?.kind === 'entity') {
    const s = createTasteStats(self.length);
    addToStats(s, self, 1);
    profile = composeProfile(s, { representation: 'point' });
  }
  remember(byId, id, { parent: pooled ? p : undefined, version: pooled ? p!.version : 0, self, profile });
  return profile;
}

/**
 * What a reply reports of an entity's profile in this catalog: its representation (`point` until content is
 * pooled; else the composed profile's, or `wanted` when there is none) and its subspace rank.
 */
export function profileShape(cat: WorkspaceCatalog, id: string, wanted: string = cat.parents.get(id)?.settings.representation ?? 'subspace'): { representation: string; subspace_rank: number } {
  const profile = profileFor(cat, id);
  const pooled = (cat.parents.get(id)?.pooled.size ?? 0) > 0;
  return { representation: pooled ? (profile?.representation ?? wanted) : 'point', subspace_rank: profile?.rank ?? 0 };
}

function cached(cat: WorkspaceCatalog): Map<string, Cached> {
  let byId = cache.get(cat);
  if (!byId) cache.set(cat, (byId = new Map()));
  return byId;
}

function remember(byId: Map<string, Cached>, id: string, entry: Cached): void {
  byId.delete(id);
  byId.set(id, entry);
  if (byId.size > MAX_CACHED) byId.delete(byId.keys().next().value as string);
}

/** A parent's running statistics when it has pooled content (a profile is then composed from them), else undefined. */
function pooledStats(p: ParentTaste | undefined): TasteStats | undefined {
  return p?.stats && p.pooled.size > 0 ? p.stats : undefined;
}

/** Whether a cached entry is the profile of this parent at its current version. */
function isCurrent(hit: Cached | undefined, p: ParentTaste): boolean {
  return hit !== undefined && hit.parent === p && hit.version === p.version;
}

function composeOptions(p: ParentTaste): ComposeOptions {
  return { representation: p.settings.representation, maxRank: p.settings.maxRank, energy: p.settings.energy };
}

/**
 * A pooled profile's composition taken out of the read path: a copy of the parent's statistics at one version,
 * to compose elsewhere (a worker thread) with `composeProfile(stats, options)` and hand to {@link installProfile}.
 */
export interface ProfileJob {
  id: string;
  /** The parent and its version the statistics were copied at. */
  parent: ParentTaste;
  version: number;
  stats: TasteStats;
  options: ComposeOptions;
}

/**
 * The composition {@link profileFor} would do on the next read of `id`'s pooled profile, or undefined when it
 * would do none (cached at the current version) or the entity has no pooled content (its cold-start profile is
 * O(d) and composed on read).
 */
export function profileJob(cat: WorkspaceCatalog, id: string): ProfileJob | undefined {
  const p = cat.parents.get(id);
  const stats = pooledStats(p);
  if (!p || !stats || isCurrent(cache.get(cat)?.get(id), p)) return undefined;
  const copy: TasteStats = { dim: stats.dim, count: stats.count, weight: stats.weight, sum: Float64Array.from(stats.sum), second: Float64Array.from(stats.second) };
  return { id, parent: p, version: p.version, stats: copy, options: composeOptions(p) };
}

/**
 * Caches a profile composed from `job` (`composeProfile(job.stats, job.options)`, the very composition
 * {@link profileFor} does) when the parent is still at the job's version and no read composed it meanwhile;
 * a later change makes it stale as any cached profile. Returns whether it was cached.
 */
export function installProfile(cat: WorkspaceCatalog, job: ProfileJob, profile: TasteProfile): boolean {
  const p = cat.parents.get(job.id);
  if (p !== job.parent || p.version !== job.version || !p.pooled.size) return false;
  const byId = cached(cat);
  if (isCurrent(byId.get(job.id), p)) return false;
  remember(byId, job.id, { parent: p, version: job.version, self: undefined, profile });
  return true;
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
