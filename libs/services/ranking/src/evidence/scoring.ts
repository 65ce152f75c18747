import { DEFAULT_CALIBRATION, affinityRaw, type TasteProfile } from '@tg/math';

/**
 * The scores every ranking endpoint returns, on one scale. See docs/ranking.md for what a number means.
 *
 * Content match: the candidate's affinity to a taste profile (cosine with the mean, or projection onto the
 * subspace for multi-interest profiles), put on the scale of a single item-to-item cosine, then through the
 * fixed logistic of `@tg/math`'s `calibrate` (midpoint 0.29, scale 0.07, fitted on
 * `data/calibration-set.json`). 0.5 is where a same-topic and an unrelated item are equally likely.
 */

/**
 * Typical cosine of two items of one topic under the embedded model (0.51 measured on the calibration
 * set). Used to put a profile's affinity on the scale of one pair of items, see {@link depthFactor}.
 */
export const PAIR_COSINE_PRIOR = 0.5;

/**
 * Factor that maps the affinity to a profile pooled from `n` items onto the item-to-item scale.
 *
 * The mean of n items of one topic averages their noise away, so a new item of that topic has a higher
 * cosine with it than with any one item: about ρ/√(ρ + (1 − ρ)/n) for a pair cosine ρ (0.66 at n = 7 for
 * ρ = 0.5; measured 0.69). Multiplying by √(ρ + (1 − ρ)/n) undoes that, so an anchor with one linked
 * item and an anchor with fifty give an equally good candidate the same score.
 */
export function depthFactor(n: number): number {
  const k = Math.max(1, n);
  return Math.sqrt(PAIR_COSINE_PRIOR + (1 - PAIR_COSINE_PRIOR) / k);
}

/** Effective number of items behind weights w: (Σw)² / Σw² (n for equal weights). */
export function effectiveCount(weights: readonly number[]): number {
  let s = 0;
  let s2 = 0;
  for (const w of weights) {
    s += w;
    s2 += w * w;
  }
  return s2 > 0 ? (s * s) / s2 : 0;
}

/** A content match: the calibrated score and the raw affinity it came from. */
export interface ContentMatch {
  /** Calibrated score in [0, 1]. */
  score: number;
  /** Affinity on the item-to-item cosine scale (before the logistic). */
  raw: number;
}

/**
 * Content match of a candidate vector to a profile.
 *
 * @param n - effective number of items the profile was pooled from (default: `profile.count`).
 */
export function contentMatch(v: Float32Array, profile: TasteProfile, n = profile.count): ContentMatch {
  const a = affinityRaw(v, profile);
  if (profile.rank === 0) return { score: 0, raw: 0 };
  const raw = a * depthFactor(n);
  return { score: calibrated(raw), raw };
}

const { midpoint: MIDPOINT, scale: SCALE } = DEFAULT_CALIBRATION;
/**
 * `@tg/math` `calibrate(raw)` with its default constants, the same expression and so the same number, without an
 * options object per call (a search calibrates a few hundred cosines).
 */
function calibrated(raw: number): number {
  return 1 / (1 + Math.exp(-(raw - MIDPOINT) / SCALE));
}

/** Content match of two single vectors (query to item, item to item): the calibrated cosine. */
export function pairMatch(cosine: number): number {
  return calibrated(cosine);
}

/**
 * Combination of a query match and a taste match in /search: the geometric mean, so a result has to
 * answer the query and suit the anchor (an item that does only one of the two scores low).
 */
export function searchScore(relevance: number, taste: number | undefined): number {
  if (taste === undefined) return relevance;
  return Math.sqrt(Math.max(0, relevance) * Math.max(0, taste));
}

/** What a lexical match counts for at most in {@link queryRelevance}. */
export const LEXICAL_DAMPING = 0.8;

/**
 * Relevance of an item to a text query: the semantic match or the lexical one, whichever speaks
 * (noisy-or). Lexical is the share of the query's IDF mass the item contains, damped to 0.8 so that
 * merely containing a query word is never a perfect match on its own.
 */
export function queryRelevance(semantic: number | undefined, lexical: number | undefined): number {
  const s = semantic ?? 0;
  const l = LEXICAL_DAMPING * (lexical ?? 0);
  return 1 - (1 - s) * (1 - l);
}

/**
 * Clamps a score to [0, 1], at full precision: near-certain matches differ only in the far decimals, and
 * clients that merge pages of results by score need those to keep the order.
 */
export function wireScore(x: number): number {
  return Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0;
}

/** A signal rounded to 6 decimals (signals are explanatory, not for ordering). */
export function wireSignal(x: number): number {
  return Math.round(wireScore(x) * 1e6) / 1e6;
}
