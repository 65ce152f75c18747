import type { WorkspaceCatalog } from '@tg/domain';

/**
 * Graph evidence: what the workspace's other entities link, next to what the anchor links.
 *
 * Two items are close in the graph when the same entities link both: their co-link similarity is
 * `|P(i) ∩ P(j)| / (√(|P(i)|·|P(j)|) + shrink)`, P(x) the entities other than the anchor that link x
 * (item-based collaborative filtering over the link graph). A candidate's graph similarity `g` is the
 * mean of its co-link similarity with each item the anchor links, and its graph match is
 * `G = 1 − exp(−g / tau)` in [0, 1).
 *
 * The taste score combines content and graph as independent evidence (noisy-or, see `tasteScore`):
 * `1 − (1 − content)(1 − G)`. Graph evidence can only raise a score, so a workspace where nobody else
 * links what the anchor links (one user, or disjoint tastes) scores by content alone, on the same scale.
 */
export const GRAPH = Object.freeze({
  /**
   * Mean co-link similarity that gives a graph match of 1 − 1/e ≈ 0.63: for example one of the anchor's
   * 40 items whose other fans nearly all (0.8) link the candidate too. Chosen on MovieLens (0.01-0.05 within
   * 2% NDCG@10 of each other; see docs/ranking.md).
   */
  tau: 0.02,
  /** Added to the co-link denominator so that items linked by one or two entities do not look identical. */
  shrink: 1,
  /** Bounds on the work per request in large graphs: links of the anchor considered… */
  maxLinks: 500,
  /** …entities per item followed… */
  maxParents: 300,
  /** …and links per entity followed (when listing graph neighbours). */
  maxChildren: 2_000,
});

/** Graph evidence for one anchor. */
export interface GraphEvidence {
  /** Whether another entity links any of the anchor's items (else every match is 0). */
  readonly active: boolean;
  /**
   * How many pieces of evidence the content match counts for beside this graph evidence (taste = 1 − (1 − content)^w
   * (1 − graph), see `tasteScore`): a learned model's validated content weight; 1 when absent.
   */
  readonly contentWeight?: number;
  /**
   * Present when the evidence's numbers are kept between requests: an object that stands for them (while a later
   * request's evidence has the same key, an item with the same vector has the same match and strength), so that
   * what is derived from them may be kept with it.
   */
  readonly key?: object;
  /** Graph match G in [0, 1) of a candidate (0 when nobody links it together with the anchor's items). */
  match(id: string): number;
  /**
   * −ln(1 − G) of a candidate, computed without going through G (which is 1 in double precision beyond about 37):
   * the taste score keeps the order of strong graph evidence with it, and takes G as 1 − e^−strength from it (without
   * asking {@link match}). Absent: the strength is derived from {@link match}.
   */
  strength?(id: string): number;
  /** Items with the strongest graph evidence (not linked by the anchor), best first, at most n. */
  top(n: number): string[];
  /** The same with each item's graph match (as {@link match} would give it, up to the walk's bounds). */
  topMatches(n: number): { id: string; match: number }[];
  /** The same (the first n, for n up to a bound) packed with their vectors, when the evidence keeps them (learned). */
  topPack?(n: number): TopPack | undefined;
}

/**
 * An anchor's strongest graph neighbours, packed so that /search can fit them to its query in one pass:
 * ids, graph matches, the vectors they had when packed (row-major, `dim` each; a row of zeros for an item without a
 * vector of that length) and each row's squared norm.
 */
export interface TopPack {
  readonly ids: readonly string[];
  readonly match: Float64Array;
  /** The catalog's vector arrays at packing time (an item re-embedded since is read from the catalog instead). */
  readonly vectors: readonly (Float32Array | undefined)[];
  readonly rows: Float32Array;
  readonly norms: Float64Array;
  readonly dim: number;
  /** What each row held when packed ({@link ROW}). */
  readonly kinds: Uint8Array;
  /**
   * A catalog state in which every item still had the vector it was packed with (the catalog and its version: any
   * event bumps the version), so that a fit at that state need not look each one up again.
   */
  current?: { cat: WorkspaceCatalog; version: number };
}

/** What a row of a {@link TopPack} held when packed: no vector, its vector (`dim` long), or a vector of another length. */
export const ROW = Object.freeze({ none: 0, packed: 1, other: 2 });

const NONE: GraphEvidence = Object.freeze({ active: false, match: () => 0, top: () => [], topMatches: () => [] });

/** Graph evidence of an anchor; a no-op when no other entity shares a link with it. */
export function graphEvidence(cat: WorkspaceCatalog, anchorId: string): GraphEvidence {
  const links = cat.parents.get(anchorId)?.children;
  if (!links || links.size === 0) return NONE;
  /** n_l: entities other than the anchor linking each of the anchor's items. */
  const others = new Map<string, number>();
  let shared = 0;
  for (const l of links.keys()) {
    if (others.size >= GRAPH.maxLinks) break;
    const n = Math.max(0, (cat.childParents.get(l)?.size ?? 1) - 1);
    others.set(l, n);
    if (n > 0) shared++;
  }
  if (shared === 0) return NONE;
  const nL = others.size;
  const audience = (id: string) => {
    const ps = cat.childParents.get(id);
    return ps ? ps.size - (ps.has(anchorId) ? 1 : 0) : 0;
  };
  const toMatch = (g: number) => 1 - Math.exp(-g / GRAPH.tau);
  const cache = new Map<string, number>();

  const similarity = (id: string): number => {
    const nc = audience(id);
    if (nc === 0) return 0;
    let acc = 0;
    let followed = 0;
    for (const p of cat.childParents.get(id)!) {
      if (p === anchorId) continue;
      if (++followed > GRAPH.maxParents) break;
      const kids = cat.parents.get(p)?.children;
      if (!kids) continue;
      if (kids.size < others.size) {
        for (const k of kids.keys()) {
          const nl = others.get(k);
          if (nl) acc += 1 / (Math.sqrt(nl * nc) + GRAPH.shrink);
        }
      } else {
        for (const [l, nl] of others) if (nl && kids.has(l)) acc += 1 / (Math.sqrt(nl * nc) + GRAPH.shrink);
      }
    }
    return acc / nL;
  };

  return {
    active: true,
    match(id) {
      let m = cache.get(id);
      if (m === undefined) {
        m = toMatch(similarity(id));
        if (cache.size < 100_000) cache.set(id, m);
      }
      return m;
    },
    top(n) {
      return this.topMatches(n).map((x) => x.id);
    },
    topMatches(n) {
      const acc = new Map<string, number>();
      for (const [l, nl] of others) {
        if (!nl) continue;
        let followed = 0;
        for (const p of cat.childParents.get(l) ?? []) {
          if (p === anchorId) continue;
          if (++followed > GRAPH.maxParents) break;
          let seen = 0;
          for (const c of cat.parents.get(p)?.children.keys() ?? []) {
            if (++seen > GRAPH.maxChildren) break;
            if (links.has(c)) continue;
            acc.set(c, (acc.get(c) ?? 0) + 1 / (Math.sqrt(nl * Math.max(1, audience(c))) + GRAPH.shrink));
          }
        }
      }
      return [...acc.entries()]
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .slice(0, n)
        .map(([id, a]) => ({ id, match: toMatch(a / nL) }));
    },
  };
}
