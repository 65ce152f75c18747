import {
  addToStats,
  composeProfile,
  createTasteStats,
  easeQuery,
  fitDualEase,
  postingsOf,
  recencyWeightsOf,
  spdInverse,
  tuneDualEase,
  type DualEase,
  type ItemPostings,
  type SideRows,
  type TunedEase,
  type UserLinks,
} from '@tg/math';
import { contentMatch } from '../evidence/scoring';

/**
 * The learned blend of content and graph evidence, fitted per workspace on its own links (see docs/ranking.md):
 *
 *   graph score  s'_j = s_j + γ·ŝ_j,  graph match G_j = 1 − exp(−max(0, s'_j)/τ),  taste = 1 − (1 − content_j)^w·(1 − G_j)
 *
 * - s_j: the EASE score of item j (dual form, `@tg/math` ease.ts; 0 for an item nobody links);
 * - ŝ_j = p·v_j, the content-to-graph mapping: a ridge regression, over the items the workspace links, from an
 *   item's content vector v_j to the anchor's EASE numerators (p = C·Σ_j (qᵀx_j) v_j = Σ_u q_u G_u with
 *   G = X V C, C = (VᵀV + μI)⁻¹). It predicts what the graph would say of an item from its content, so an item
 *   with no or few links (a new one) gets graph-shaped evidence from its text instead of none;
 * - τ and the content weight w set how far graph evidence outweighs the content match: the order of the items
 *   depends on τ/w only (−ln(1 − taste) = s'/τ − w·ln(1 − content)), and that ratio is what the validation chooses.
 *   A ratio from {@link BLEND.taus} is served as τ with w = 1 (content-only scores: the calibrated content match);
 *   a smaller one from {@link BLEND.contentTaus} as τ = the smallest of `taus` with w = ratio/τ < 1, so that weak
 *   graph evidence keeps a graph match well below 1 (/search multiplies the taste score by the query's relevance:
 *   at τ 0.00125 and w 1, almost every movie of MovieLens has a taste score near 1, and the held-out movie was in
 *   the exhaustive top 20 of a genre search for 22 users instead of 42). The small ratios are tried only with at
 *   least {@link BLEND.minWeighed} validated entities: below that, content keeps its calibrated scale;
 * - the ratio, γ (weight of the mapping) and the recency weighting
 *   of the anchor's own links are chosen on a validation split cut from the links (each linking entity's newest
 *   20%, ranked from the links before the 20% before them: {@link validationSplit}), never on anything else: the
 *   recency share by the NDCG@10 over all items for every validated entity (the best setting's share), then the ratio
 *   and γ at that share by the mean of three NDCG@10s — over all items for every
 *   validated entity, among the items with at most {@link BLEND.coldLinkers} linkers (the items the mapping exists
 *   for), and over all items for the entities with at most {@link BLEND.coldLinks} kept links (where content has to
 *   carry more).
 *   λ is chosen before, by `tuneDualEase` on random holdouts of the same links.
 *
 * A deterministic function of its input (links, and the vectors of the items in the input order).
 */
export const BLEND = Object.freeze({
  taus: [0.005, 0.01, 0.02, 0.05, 0.1] as readonly number[],
  /**
   * Ratios τ/w below the smallest τ (served with a content weight w < 1, see above): where the content match is near
   * 0.98 for every item (MovieLens), graph evidence has to outweigh it by that much for its small differences not to
   * order the items the graph knows little about.
   */
  contentTaus: [0.00125, 0.0025] as readonly number[],
  /** Fewest validated (sampled) entities for the ratios of {@link contentTaus} to be tried. */
  minWeighed: 100,
  mapWeights: [0, 0.25, 0.5, 1] as readonly number[],
  recency: [0, 0.25, 0.5] as readonly number[],
  /** Ridge of the content-to-graph mapping (fixed, not tuned: unit vectors, thousands of items). */
  mu: 1,
  /** Items with at most this many linkers (in the training part) form the cold-item slice of the validation… */
  coldLinkers: 2,
  /** …and entities with at most this many (kept) links its cold-user slice. */
  coldLinks: 10,
  /** Validation users × items scored per fit at most (users are sampled by stride above it). */
  budget: 1_500_000,
  /**
   * Weights α of the items' term rows stacked under the links (EASE with side information), tried with λ on its
   * random holdouts, beside α 0 (quality32: offline, random holdouts at λ 50 chose 3 among 0.5-5 on the three MovieLens
   * folders tried; 10 and 20 lost everywhere).
   */
  sideAlphas: [2, 3, 4] as readonly number[],
  /**
   * Share of each linking entity's newest links held out, and the fewest links to be validated on. As many links
   * before the held-out ones are left out of the validation (neither ranked from nor ranked): links made in one
   * sitting share their time and often their topic (a series, a director), and would reward the content match and
   * the order of the links for predicting what the entity links in the same sitting rather than next.
   */
  holdout: 0.2,
  minLinks: 5,
});

/** Input of a fit: the model's links, and the content vectors of its items then of other catalog items. */
export interface LearnedInput {
  links: UserLinks;
  /** Vector length (0: no vectors; then no mapping and no content in the validation). */
  dim: number;
  /** Row-major vectors of `nAll` items: the `links.nItems` model items first, then other content items (validation distractors). Zero rows: no vector. */
  vectors: Float32Array;
  nAll: number;
  /** The model items' lexical terms as side rows (`learned-input.ts` `sideRows`; absent or no rows: none). */
  side?: SideRows;
}

/** A fitted learned graph: the EASE model and the tuned blend. */
export interface LearnedFit {
  tuned: TunedEase;
  /** G = X V C, users × dim (row-major); empty when dim is 0. */
  map: Float64Array;
  tau: number;
  mapWeight: number;
  recency: number;
  /** Content weight w (1 unless the chosen ratio is below the smallest τ). */
  contentWeight: number;
  /** Validation of every blend setting tried (newest holdout, at the chosen λ; `tau`: the ratio τ/w). */
  blendGrid: { tau: number; mapWeight: number; recency: number; ndcg: number; coldNdcg: number; coldUserNdcg: number }[];
  validationUsers: number;
}

/** G = X V (VᵀV + μI)⁻¹ over the items x links that have a vector (users × dim). */
export function contentMap(x: ItemPostings, vectors: Float32Array, dim: number, mu = BLEND.mu): Float64Array {
  const nUsers = x.nUsers;
  const nItems = x.start.length - 1;
  if (!dim) return new Float64Array(0);
  const vtv = new Float64Array(dim * dim);
  const xv = new Float64Array(nUsers * dim);
  for (let j = 0; j < nItems; j++) {
    if (x.start[j + 1] === x.start[j]) continue;
    const o = j * dim;
    let any = false;
    for (let a = 0; a < dim && !any; a++) any = vectors[o + a] !== 0;
    if (!any) continue;
    for (let a = 0; a < dim; a++) {
      const va = vectors[o + a]!;
      if (va === 0) continue;
      const r = a * dim;
      for (let b = 0; b < dim; b++) vtv[r + b]! += va * vectors[o + b]!;
    }
    for (let p = x.start[j]!; p < x.start[j + 1]!; p++) {
      const r = x.users[p]! * dim;
      const w = x.weights[p]!;
      for (let a = 0; a < dim; a++) xv[r + a]! += w * vectors[o + a]!;
    }
  }
  for (let a = 0; a < dim; a++) vtv[a * dim + a]! += mu;
  const c = spdInverse(vtv, dim);
  const g = new Float64Array(nUsers * dim);
  for (let u = 0; u < nUsers; u++) {
    const r = u * dim;
    for (let b = 0; b < dim; b++) {
      const v = xv[r + b]!;
      if (v === 0) continue;
      const cb = b * dim;
      for (let a = 0; a < dim; a++) g[r + a]! += v * c[cb + a]!;
    }
  }
  return g;
}

/** p = Σ_u q_u G_u: the anchor's direction in content space (ŝ_j = p·v_j). */
export function mapQuery(map: Float64Array, dim: number, q: Float64Array): Float64Array {
  const p = new Float64Array(dim);
  if (!map.length) return p;
  for (let u = 0; u < q.length; u++) {
    const qu = q[u]!;
    if (qu === 0) continue;
    const r = u * dim;
    for (let a = 0; a < dim; a++) p[a]! += qu * map[r + a]!;
  }
  return p;
}

/** ŝ = p·v. */
export function mapScore(p: Float64Array | undefined, v: ArrayLike<number> | null | undefined, offset = 0): number {
  if (!p || !v) return 0;
  let s = 0;
  for (let a = 0; a < p.length; a++) s += p[a]! * v[offset + a]!;
  return s;
}

/** Graph match of a learned graph score: 1 − exp(−max(0, s)/τ), in [0, 1). */
export function blendMatch(s: number, tau: number): number {
  return s > 0 ? 1 - Math.exp(-s / tau) : 0;
}

/**
 * The ranking key of the validation at a ratio τ/w: w·ln(1 / (1 − taste)) = max(0, s)/(τ/w) − ln(1 − c), in the order
 * of the taste score 1 − (1 − c)^w·exp(−max(0, s)/τ) but also where that rounds to 1 (strong graph evidence).
 */
export function blendKey(s: number, content: number, tau: number): number {
  return Math.max(0, s) / tau + contentTerm(content);
}

/** The content part of {@link blendKey}, −ln(1 − content) (computed once per item where many settings are ranked). */
export function contentTerm(content: number): number {
  return -Math.log1p(-Math.min(content, 1 - 1e-16));
}

/** How the validation cuts an entity's n links (in link order): the first `keep` ranked from, `gap` skipped, the newest `held` held out. */
export function validationSplit(n: number): { keep: number; gap: number; held: number } {
  const held = n >= BLEND.minLinks ? Math.max(1, Math.floor(n * BLEND.holdout)) : 0;
  return { keep: n - 2 * held, gap: held, held };
}

/** The served τ and content weight w of a validated ratio τ/w (see {@link BLEND.contentTaus}). */
export function servedTau(ratio: number): { tau: number; contentWeight: number } {
  const least = BLEND.taus[0]!;
  return ratio < least ? { tau: least, contentWeight: ratio / least } : { tau: ratio, contentWeight: 1 };
}

/** Tunes λ and the side rows' α (random holdouts), then τ/w, γ and the recency share (newest holdout), then fits on all links. */
export function fitLearned(input: LearnedInput): LearnedFit {
  const { links, dim, vectors, nAll, side } = input;
  const base = tuneDualEase(links, { recency: [0], side, alphas: BLEND.sideAlphas });
  const lambda = base.lambda;
  const nUsers = links.start.length - 1;
  const validated: number[] = [];
  for (let u = 0; u < nUsers; u++) if (validationSplit(links.start[u + 1]! - links.start[u]!).held > 0) validated.push(u);
  const grid: LearnedFit['blendGrid'] = [];
  let best = { tau: 0.02, mapWeight: 0, recency: 0, value: -1 };
  let sampled = 0;
  if (validated.length) {
    const train = postingsOf(links, (_u, n) => validationSplit(n).keep, side && { rows: side, alpha: base.alpha });
    const model = fitDualEase(train, lambda);
    const map = contentMap(train, vectors, dim);
    const linkers = new Int32Array(nAll);
    for (let j = 0; j < links.nItems; j++) linkers[j] = train.start[j + 1]! - train.start[j]!;
    const stride = Math.max(1, Math.ceil((validated.length * nAll) / BLEND.budget));
    const users = validated.filter((_, i) => i % stride === 0);
    sampled = users.length;
    const ratios = dim && users.length >= BLEND.minWeighed ? [...BLEND.contentTaus, ...BLEND.taus] : BLEND.taus;
    const settings = BLEND.recency.flatMap((recency) => ratios.flatMap((tau) => (dim ? BLEND.mapWeights : [0]).map((mapWeight) => ({ tau, mapWeight, recency }))));
    const sums = settings.map(() => ({ full: 0, cold: 0, coldUser: 0 }));
    let coldItemUsers = 0;
    let coldUsers = 0;
    for (const u of users) {
      const r = validationRanks(u, links, model, train, map, vectors, dim, nAll, linkers, settings);
      if (!r) continue;
      const fewLinks = validationSplit(links.start[u + 1]! - links.start[u]!).keep <= BLEND.coldLinks;
      if (fewLinks) coldUsers++;
      r.full.forEach((x, i) => {
        sums[i]!.full += x;
        if (fewLinks) sums[i]!.coldUser += x;
      });
      if (r.cold) {
        coldItemUsers++;
        r.cold.forEach((x, i) => (sums[i]!.cold += x));
      }
    }
    settings.forEach((st, i) => {
      const ndcg = sums[i]!.full / users.length;
      const coldNdcg = coldItemUsers ? sums[i]!.cold / coldItemUsers : 0;
      const coldUserNdcg = coldUsers ? sums[i]!.coldUser / coldUsers : 0;
      grid.push({ ...st, ndcg, coldNdcg, coldUserNdcg });
    });
    // The recency share answers "what does an entity link next", over all its links: chosen by the NDCG over all
    // items and every validated entity (the setting with the best one gives it); the cold slices are a few dozen
    // entities and would decide it by noise. Then τ and γ at that share by the mean of the three NDCGs.
    const recency = grid.reduce((a, g) => (g.ndcg > a.ndcg ? g : a)).recency;
    for (const g of grid) {
      if (g.recency !== recency) continue;
      const parts = [g.ndcg, ...(coldItemUsers ? [g.coldNdcg] : []), ...(coldUsers ? [g.coldUserNdcg] : [])];
      const value = parts.reduce((a, b) => a + b, 0) / parts.length;
      if (value > best.value) best = { tau: g.tau, mapWeight: g.mapWeight, recency: g.recency, value };
    }
  }
  return {
    tuned: { ...base, recency: best.recency },
    map: contentMap(base.postings, vectors, dim),
    ...servedTau(best.tau),
    mapWeight: best.mapWeight,
    recency: best.recency,
    blendGrid: grid,
    validationUsers: sampled,
  };
}

const DISCOUNT = Array.from({ length: 10 }, (_, i) => 1 / Math.log2(i + 2));

/** NDCG@10 of one validation user under every setting: over all items, and among the cold ones (null when none held out). */
function validationRanks(
  u: number,
  links: UserLinks,
  model: DualEase,
  train: ItemPostings,
  map: Float64Array,
  vectors: Float32Array,
  dim: number,
  nAll: number,
  linkers: Int32Array,
  settings: { tau: number; mapWeight: number; recency: number }[],
): { full: number[]; cold: number[] | null } | null {
  const s0 = links.start[u]!;
  const n = links.start[u + 1]! - s0;
  const { keep, gap } = validationSplit(n);
  const mine: number[] = [];
  const w: number[] = [];
  for (let i = 0; i < keep; i++) {
    mine.push(links.items[s0 + i]!);
    w.push(links.weights[s0 + i]!);
  }
  // Neither ranked nor relevant: the entity's kept links and the skipped ones.
  const own = new Set(mine);
  for (let i = keep; i < keep + gap; i++) own.add(links.items[s0 + i]!);
  const out = new Set<number>();
  for (let i = keep + gap; i < n; i++) if (!own.has(links.items[s0 + i]!)) out.add(links.items[s0 + i]!);
  if (!out.size) return null;
  const coldOut = new Set([...out].filter((j) => linkers[j]! <= BLEND.coldLinkers));
  // Content match of every item to the profile of the kept links (the served profile's default settings).
  const content = new Float64Array(nAll);
  if (dim) {
    const stats = createTasteStats(dim);
    mine.forEach((j, i) => {
      const v = vectors.subarray(j * dim, (j + 1) * dim);
      if (v.some((x) => x !== 0)) addToStats(stats, v, w[i]!);
    });
    if (stats.count > 0) {
      const profile = composeProfile(stats, { representation: 'subspace', maxRank: 8, energy: 0.8 });
      for (let j = 0; j < nAll; j++) {
        const v = vectors.subarray(j * dim, (j + 1) * dim);
        if (v.some((x) => x !== 0)) content[j] = contentMatch(v, profile).score;
      }
    }
  }
  const contentTerms = content.map(contentTerm);
  const full: number[] = [];
  const cold: number[] = [];
  const s = new Float64Array(nAll);
  const sh = new Float64Array(nAll);
  const score = new Float64Array(nAll);
  let lastRecency = -1;
  for (const st of settings) {
    if (st.recency !== lastRecency) {
      lastRecency = st.recency;
      const r = recencyWeightsOf(mine.length, st.recency);
      const q = easeQuery(model, train, mine, w.map((x, i) => x * r[i]!));
      s.fill(0);
      for (let j = 0; j < links.nItems; j++) {
        let a = 0;
        for (let p = train.start[j]!; p < train.start[j + 1]!; p++) a += q[train.users[p]!]! * train.weights[p]!;
        s[j] = a / (1 - model.d[j]!);
      }
      const p = mapQuery(map, dim, q);
      for (let j = 0; j < nAll; j++) sh[j] = dim ? mapScore(p, vectors, j * dim) : 0;
    }
    // blendKey, with its content term computed once per entity (the same operations: the same numbers).
    for (let j = 0; j < nAll; j++) score[j] = Math.max(0, s[j]! + st.mapWeight * sh[j]!) / st.tau + contentTerms[j]!;
    full.push(ndcgOf(score, own, out, () => true));
    if (coldOut.size) cold.push(ndcgOf(score, own, coldOut, (j) => j >= links.nItems || linkers[j]! <= BLEND.coldLinkers));
  }
  return { full, cold: coldOut.size ? cold : null };
}

/** NDCG@10 of `relevant` in the top 10 of `score` over the allowed items not in `own` (ties: lower index). */
function ndcgOf(score: Float64Array, own: Set<number>, relevant: Set<number>, allowed: (j: number) => boolean): number {
  const top: number[] = [];
  for (let j = 0; j < score.length; j++) {
    if (own.has(j) || !allowed(j)) continue;
    const sj = score[j]!;
    if (top.length === 10 && sj <= score[top[9]!]!) continue;
    let p = top.length < 10 ? top.length : 9;
    while (p > 0 && score[top[p - 1]!]! < sj) {
      if (p < 10) top[p] = top[p - 1]!;
      p--;
    }
    top[p] = j;
  }
  let dcg = 0;
  top.forEach((j, i) => (dcg += relevant.has(j) ? DISCOUNT[i]! : 0));
  let ideal = 0;
  for (let i = 0; i < Math.min(10, relevant.size); i++) ideal += DISCOUNT[i]!;
  return dcg / ideal;
}
