import type { TasteProfile } from './taste';
import { dotAt, type Vector } from './vector';

/** Constants of the logistic in {@link calibrate}. */
export interface CalibrationOptions {
  /** Raw affinity that maps to score 0.5 (default {@link DEFAULT_CALIBRATION}.midpoint). */
  midpoint?: number;
  /** Raw distance that moves the score by one logit (default {@link DEFAULT_CALIBRATION}.scale). */
  scale?: number;
}

/**
 * Default calibration: `score = 1 / (1 + exp(-(raw - 0.29) / 0.07))`.
 *
 * `raw` is on a cosine scale (see {@link affinity}), so the constants are cosine thresholds of the
 * embedding space. They were fitted (logistic regression, classes weighted equally) on the embedded
 * model (GloVe SIF 100-d with common-component removal) over the labelled set
 * `libs/services/ranking/data/calibration-set.json` (12 topics × 8 texts): same-topic pairs average cosine
 * 0.51, cross-topic pairs 0.07. 0.5 is where a same-topic and an unrelated item are equally likely; the
 * same-topic mean maps to 0.96, the cross-topic mean to 0.04, chance (raw 0) to 0.016. The ranking
 * service puts profile affinities on this item-to-item scale before calibrating (see its `depthFactor`),
 * and `calibration.int.spec.ts` there re-fits these constants and fails when they drift. Embedding spaces
 * with different cosine levels (e.g. an Ollama model) should pass their own constants.
 */
export const DEFAULT_CALIBRATION: Readonly<Required<CalibrationOptions>> = Object.freeze({ midpoint: 0.29, scale: 0.07 });

/**
 * Maps a raw affinity to a score in [0, 1] with a fixed, strictly increasing logistic, so equal
 * scores mean equal raw strength whatever profile produced them.
 *
 * @param raw - raw affinity, nominally in [-1, 1].
 * @param opts - logistic midpoint and scale; defaults in {@link DEFAULT_CALIBRATION}.
 * @throws RangeError when `scale` is not positive.
 */
export function calibrate(raw: number, opts: CalibrationOptions = {}): number {
  const { midpoint = DEFAULT_CALIBRATION.midpoint, scale = DEFAULT_CALIBRATION.scale } = opts;
  if (!(scale > 0)) throw new RangeError(`calibrate: scale must be positive, got ${scale}`);
  return 1 / (1 + Math.exp(-(raw - midpoint) / scale));
}

/** Result of {@link affinity}. */
export interface AffinityResult {
  /** Calibrated strength of match in [0, 1]: `calibrate(raw)`, or 0 when undefined. */
  score: number;
  /** Cosine of the candidate with the profile's mean direction, in [-1, 1]. */
  cosine: number;
  /** Norm of the candidate's (unit) projection onto the profile basis, in [0, 1]. */
  projection: number;
  /** Uncalibrated affinity on a cosine-like scale (0 ≈ chance, 1 = perfect). */
  raw: number;
}

const NO_MATCH: AffinityResult = Object.freeze({ score: 0, cosine: 0, projection: 0, raw: 0 });

/**
 * Affinity of a candidate embedding to a taste profile.
 *
 * With c the cosine with the mean and p the projection norm onto the r-dimensional basis:
 * - p is chance-adjusted for the subspace size, like an adjusted R²: a random direction in d
 *   dimensions has E[p²] = r/d, so `q = (p² - r/d) / (1 - r/d)` and `pAdj = sign(q)·√|q|`
 *   (0 at chance, 1 inside the subspace; 0 when r = d, where projection carries no information).
 * - The projection is sign-blind (an item opposite to an interest projects as strongly as the
 *   interest itself), so it only counts for candidates leaning towards the taste: the gate
 *   `g = clamp(2c / coherence, 0, 1)` gives full credit once c reaches half the cosine a typical
 *   child has with the mean (the profile's coherence), ramps linearly below, and gives none for
 *   c ≤ 0. Half, because members of one interest scatter around the typical value.
 * - `raw = c ≤ 0 ? c : max(c, g · pAdj)`.
 *
 * For a single interest the basis hugs the mean, pAdj ≤ c and raw = c. For k unrelated interests
 * the mean sits between them, so a perfect member of one interest has c ≈ 1/√k but pAdj ≈ 1:
 * raw ≈ its cosine with its own interest, the value a single-interest profile would give. That
 * makes raw (and so the score) comparable across profiles.
 *
 * @param candidate - candidate embedding (normalised internally).
 * @param profile - profile from `composeProfile`.
 * @param calibration - logistic constants for {@link calibrate}.
 * @returns all zeros for an empty profile or a zero candidate.
 * @throws RangeError on a dimension mismatch.
 */
export function affinity(candidate: Vector, profile: TasteProfile, calibration?: CalibrationOptions): AffinityResult {
  if (!affinityParts(candidate, profile)) return { ...NO_MATCH };
  const { c, p2, raw } = PARTS;
  return { score: calibrate(raw, calibration), cosine: c, projection: Math.sqrt(p2), raw };
}

/**
 * `affinity(candidate, profile).raw` alone, the same number (0 for an empty profile or a zero candidate), without
 * the result object and the logistic: for callers that put the raw affinity on their own scale (the ranking's
 * content match scores thousands of candidates per request).
 */
export function affinityRaw(candidate: Vector, profile: TasteProfile): number {
  return affinityParts(candidate, profile) ? PARTS.raw : 0;
}

/** Where {@link affinityParts} leaves its result (one object reused: no allocation per candidate). */
const PARTS = { c: 0, p2: 0, raw: 0 };

/** The cosine with the mean, the squared projection and the raw affinity into {@link PARTS}; false for an empty profile or a zero candidate. */
function affinityParts(candidate: Vector, profile: TasteProfile): boolean {
  const d = profile.dim;
  if (candidate.length !== d) throw new RangeError(`affinity: expected dim ${d}, got ${candidate.length}`);
  // Unrolled by four, each sum still taken in index order (the same numbers as the plain loops).
  let n2 = 0;
  let cm = 0;
  const mean = profile.mean;
  let i = 0;
  for (; i + 3 < d; i += 4) {
    const a0 = candidate[i];
    const a1 = candidate[i + 1];
    const a2 = candidate[i + 2];
    const a3 = candidate[i + 3];
    n2 += a0 * a0;
    n2 += a1 * a1;
    n2 += a2 * a2;
    n2 += a3 * a3;
    cm += a0 * mean[i];
    cm += a1 * mean[i + 1];
    cm += a2 * mean[i + 2];
    cm += a3 * mean[i + 3];
  }
  for (; i < d; i++) {
    n2 += candidate[i] * candidate[i];
    cm += candidate[i] * mean[i];
  }
  if (profile.rank === 0 || !(n2 > 0)) return false;
  const inv = 1 / Math.sqrt(n2);
  const c = clamp(cm * inv, -1, 1);
  let p2 = 0;
  const basis = profile.basis;
  // b·candidate in index order (a product is the same number either way round).
  for (let k = 0; k < basis.length; k++) {
    const s = dotAt(basis[k]!, 0, candidate, d);
    p2 += s * s;
  }
  p2 = Math.min(1, p2 * inv * inv);
  const raw = c <= 0 ? c : Math.max(c, gate(c, profile.coherence) * adjustedProjection(p2, profile.rank, d));
  PARTS.c = c;
  PARTS.p2 = p2;
  PARTS.raw = raw;
  return true;
}

function adjustedProjection(p2: number, rank: number, dim: number): number {
  if (rank >= dim) return 0;
  const chance = rank / dim;
  const q = (p2 - chance) / (1 - chance);
  return Math.sign(q) * Math.sqrt(Math.abs(q));
}

function gate(c: number, coherence: number): number {
  return coherence > 0 ? clamp((2 * c) / coherence, 0, 1) : 1;
}

function clamp(x: number, lo: number, hi: number): number {
  return x < lo ? lo : x > hi ? hi : x;
}
