import type { WorkspaceCatalog } from '@tg/domain';
import { dotAt, type TasteProfile } from '@tg/math';

/**
 * The taste neighbourhood of an anchor: the items of one entity type nearest to each of its interests,
 * found with a few vector-index probes and kept per anchor, so that a search does not probe the index for
 * the taste again on every request (at 100,000 items one HNSW probe costs 0.1-0.2 ms of CPU, see
 * docs/benchmarks.md). Each search then ranks the neighbourhood against its query in O(size · d).
 *
 * Probes: the taste's mean direction, and for each of its next principal directions b both
 * `mean + b` and `mean − b` (the two sides of the mean along b: for two unrelated interests A and B the
 * mean lies between them and b ≈ ±(A − B), so the pair reaches both).
 *
 * Freshness: an entry is reused while the anchor's profile is the same object (a link, unlink or
 * re-pool makes a new one) and either the workspace has not changed or the entry is younger than
 * {@link NEIGHBOURHOOD.maxStaleMs}. Items added since then still reach a search through its query probe,
 * its lexical terms and the link graph; only the taste side of the candidate set can lag, by at most that long.
 */
export const NEIGHBOURHOOD = Object.freeze({
  /** Items taken from the probe at the mean direction… */
  meanK: 48,
  /** …and from each side of each further principal direction. */
  directionK: 24,
  /** Principal directions after the first that get probes. */
  directions: 2,
  /** How long an entry may outlive a change of its workspace (ms). */
  maxStaleMs: 2_000,
  /** Most anchors kept per workspace (least recently used dropped first). */
  maxEntries: 10_000,
});

/**
 * The items of a neighbourhood: ids, their vectors as one row-major matrix (rows scaled to unit length, so a
 * query's cosine with every item is one pass of dot products) and their content-taste match to the profile
 * (computed once per entry).
 */
export class Neighbourhood {
  constructor(
    readonly ids: readonly string[],
    /** The vectors the entry was built from (the catalog's own arrays, to tell a re-indexed item). */
    private readonly vectors: readonly Float32Array[],
    private readonly rows: Float32Array,
    readonly taste: Float32Array,
    private readonly dim: number,
  ) {}

  get size(): number {
    return this.ids.length;
  }

  /** Content-taste match of an item of the neighbourhood with vector `v` (undefined for others, or a new vector). */
  tasteOf(id: string, v: Float32Array | null): number | undefined {
    const i = this.index().get(id);
    return i === undefined || this.vectors[i] !== v ? undefined : this.taste[i];
  }

  /** The vector row `i` was built from (see {@link tasteOf}). */
  vectorAt(i: number): Float32Array {
    return this.vectors[i]!;
  }

  private byId?: Map<string, number>;
  private index(): Map<string, number> {
    return (this.byId ??= new Map(this.ids.map((id, i) => [id, i])));
  }

  /**
   * The `k` items with the highest `value(cosine(item, q), taste)` (`q` a unit vector), best first, with their
   * cosine to the query; without a query, the `k` with the highest taste.
   */
  best(q: Float32Array | null, k: number, value: (cosine: number, taste: number) => number): { id: string; cosine?: number }[] {
    const { rows, cosines } = this.bestRows(q, k, value);
    return rows.map((i, j) => (q ? { id: this.ids[i]!, cosine: cosines[j]! } : { id: this.ids[i]! }));
  }

  /**
   * {@link best} by row: the rows of the `k` best items, best first, and their cosines to the query (in the same order;
   * 0 without a query). No object per item.
   */
  bestRows(q: Float32Array | null, k: number, value: (cosine: number, taste: number) => number): { rows: number[]; cosines: Float64Array } {
    const n = this.ids.length;
    const d = this.dim;
    // Scratch shared by every neighbourhood: filled and read within this call.
    if (scratch.scores.length < n) scratch = { scores: new Float64Array(n), cosines: new Float64Array(n) };
    const { scores, cosines } = scratch;
    for (let i = 0; i < n; i++) {
      if (!q) {
        scores[i] = this.taste[i]!;
        continue;
      }
      cosines[i] = Math.max(-1, Math.min(1, dotAt(this.rows, i * d, q, d)));
      scores[i] = value(cosines[i]!, this.taste[i]!);
    }
    // The k best by selection (k is a fraction of n): keep a sorted window of the best k seen so far.
    const top: number[] = [];
    const better = (a: number, b: number) => scores[a]! > scores[b]! || (scores[a] === scores[b] && a < b);
    for (let i = 0; i < n; i++) {
      if (top.length === k && !better(i, top[k - 1]!)) continue;
      let j = top.length === k ? k - 1 : top.length;
      while (j > 0 && better(i, top[j - 1]!)) {
        top[j] = top[j - 1]!;
        j--;
      }
      top[j] = i;
    }
    const picked = new Float64Array(top.length);
    if (q) for (let j = 0; j < top.length; j++) picked[j] = cosines[top[j]!]!;
    return { rows: top, cosines: picked };
  }
}

/** {@link Neighbourhood.bestRows}'s per-item numbers (grown to the largest neighbourhood ranked). */
let scratch = { scores: new Float64Array(0), cosines: new Float64Array(0) };

interface Entry {
  profile: TasteProfile;
  version: number;
  at: number;
  items: Neighbourhood;
}

/** What the neighbourhood needs from the ranking service. */
export interface NeighbourhoodSource {
  /** Nearest entities of a type to a unit vector (ids, best first). */
  search(ws: string, type: string, q: Float32Array, k: number): Promise<{ id: string }[]>;
  /** Optional: {@link search} for several vectors at once (`ks[i]` hits for `qs[i]`), the same answers in one call. */
  searchMany?(ws: string, type: string, qs: Float32Array[], ks: number[]): Promise<{ id: string }[][]>;
  /** An entity's representative vector. */
  vector(cat: WorkspaceCatalog, id: string): Float32Array | null;
  /** Content-taste match of a vector to the profile, in [0, 1]. */
  match(v: Float32Array, profile: TasteProfile): number;
}

/** The probe vectors of a profile (unit vectors), mean first. */
export function neighbourhoodProbes(profile: TasteProfile): { vector: Float32Array; k: number }[] {
  if (!profile.rank) return [];
  const out: { vector: Float32Array; k: number }[] = [{ vector: profile.mean, k: NEIGHBOURHOOD.meanK }];
  // Skip a basis direction that is (nearly) the mean itself: for an uncentred subspace it usually leads.
  const dirs = profile.basis.filter((b) => Math.abs(dot(b, profile.mean)) < 0.9).slice(0, NEIGHBOURHOOD.directions);
  for (const b of dirs) {
    for (const sign of [1, -1]) {
      const v = combine(profile.mean, b, sign);
      if (v) out.push({ vector: v, k: NEIGHBOURHOOD.directionK });
    }
  }
  return out;
}

/** Per-anchor taste neighbourhoods, cached per workspace catalog. */
export class TasteNeighbourhoods {
  private readonly byCatalog = new WeakMap<WorkspaceCatalog, Map<string, Entry>>();
  /** Computations under way, so that concurrent requests of one anchor share one. */
  private readonly computing = new WeakMap<TasteProfile, Map<string, Promise<Neighbourhood>>>();

  constructor(
    private readonly source: NeighbourhoodSource,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The neighbourhood of `anchorId` among entities of `type` (the anchor itself excluded). */
  async get(cat: WorkspaceCatalog, anchorId: string, type: string, profile: TasteProfile): Promise<Neighbourhood> {
    let m = this.byCatalog.get(cat);
    if (!m) this.byCatalog.set(cat, (m = new Map()));
    const key = `${anchorId}\u0000${type}`;
    const t = this.now();
    const hit = m.get(key);
    if (hit && hit.profile === profile && (hit.version === cat.version || t - hit.at < NEIGHBOURHOOD.maxStaleMs)) {
      // Refresh the LRU position.
      m.delete(key);
      m.set(key, hit);
      return hit.items;
    }
    let byKey = this.computing.get(profile);
    if (!byKey) this.computing.set(profile, (byKey = new Map()));
    const running = byKey.get(key);
    if (running) return running;
    const version = cat.version;
    const p = this.compute(cat, anchorId, type, profile).then((items) => {
      m.delete(key);
      m.set(key, { profile, version, at: t, items });
      if (m.size > NEIGHBOURHOOD.maxEntries) m.delete(m.keys().next().value as string);
      return items;
    });
    byKey.set(key, p);
    try {
      return await p;
    } finally {
      byKey.delete(key);
    }
  }

  /**
   * Computes `anchorId`'s neighbourhoods for its new `profile`, for every entity type a search has asked about
   * for it (they are kept while they last), so that its next search finds them instead of probing the index
   * on its own path. What a search then gets is what it would have computed itself, a moment earlier.
   */
  async refresh(cat: WorkspaceCatalog, anchorId: string, profile: TasteProfile): Promise<void> {
    const m = this.byCatalog.get(cat);
    if (!m) return;
    const types: string[] = [];
    for (const type of cat.typeCounts.keys()) {
      const e = m.get(`${anchorId}\u0000${type}`);
      if (e && e.profile !== profile) types.push(type);
    }
    await Promise.all(types.map((type) => this.get(cat, anchorId, type, profile)));
  }

  private async compute(cat: WorkspaceCatalog, anchorId: string, type: string, profile: TasteProfile): Promise<Neighbourhood> {
    const seen = new Set<string>([anchorId]);
    const ids: string[] = [];
    const vectors: Float32Array[] = [];
    const probes = neighbourhoodProbes(profile);
    // All probes in one request to the index when it can (one message to its worker thread and back, not five).
    const answers = this.source.searchMany ? await this.source.searchMany(cat.id, type, probes.map((p) => p.vector), probes.map((p) => p.k)) : undefined;
    for (let i = 0; i < probes.length; i++) {
      const p = probes[i]!;
      for (const h of answers ? answers[i]! : await this.source.search(cat.id, type, p.vector, p.k)) {
        if (seen.has(h.id)) continue;
        seen.add(h.id);
        const v = this.source.vector(cat, h.id);
        if (v && v.length === profile.dim) {
          ids.push(h.id);
          vectors.push(v);
        }
      }
    }
    const d = profile.dim;
    const rows = new Float32Array(ids.length * d);
    const taste = new Float32Array(ids.length);
    vectors.forEach((v, i) => {
      let norm = 0;
      for (let j = 0; j < d; j++) norm += v[j]! * v[j]!;
      const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
      for (let j = 0; j < d; j++) rows[i * d + j] = v[j]! * inv;
      taste[i] = this.source.match(v, profile);
    });
    return new Neighbourhood(ids, vectors, rows, taste, d);
  }
}

function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/** Unit vector of `a + sign·b`, or null when it (nearly) vanishes. */
function combine(a: Float32Array, b: Float32Array, sign: number): Float32Array | null {
  const out = new Float32Array(a.length);
  let n = 0;
  for (let i = 0; i < a.length; i++) {
    out[i] = a[i]! + sign * b[i]!;
    n += out[i]! * out[i]!;
  }
  if (!(n > 0.09)) return null;
  const inv = 1 / Math.sqrt(n);
  for (let i = 0; i < out.length; i++) out[i]! *= inv;
  return out;
}
