import type { Vector } from './vector';

/** A ranked candidate for {@link mmr}. */
export interface MmrCandidate {
  /** Identifier returned in the output order. */
  id: string;
  /** Embedding used for the redundancy term (normalised internally). */
  vector: Vector;
  /** Relevance, ideally on a [0, 1] scale comparable with cosine similarity (e.g. an affinity score). */
  score: number;
}

/**
 * Maximal marginal relevance (Carbonell & Goldstein, 1998): greedily picks the candidate
 * maximising `λ·score − (1 − λ)·max cos(candidate, already picked)`, so near-duplicates of
 * earlier picks give way to relevant items from other directions. The first pick is the most
 * relevant; ties go to the earlier candidate. O(k·n·d).
 *
 * @param candidates - candidates with relevance scores and embeddings of one dimension.
 * @param k - number of ids to return (at most `candidates.length`).
 * @param lambda - relevance/diversity trade-off in [0, 1] (default 0.7; 1 = pure relevance).
 * @returns ids in selection order.
 * @throws RangeError for λ outside [0, 1] or mixed dimensions.
 */
export function mmr(candidates: readonly MmrCandidate[], k: number, lambda = 0.7): string[] {
  if (!(lambda >= 0 && lambda <= 1)) throw new RangeError(`mmr: lambda must be in [0, 1], got ${lambda}`);
  const n = candidates.length;
  const take = Math.min(n, Math.max(0, Math.floor(k)));
  if (take === 0) return [];
  const d = candidates[0].vector.length;
  const x = new Float64Array(n * d);
  candidates.forEach((c, i) => {
    if (c.vector.length !== d) throw new RangeError(`mmr: candidate ${c.id} has dim ${c.vector.length}, expected ${d}`);
    let s = 0;
    for (let j = 0; j < d; j++) s += c.vector[j] * c.vector[j];
    const inv = s > 0 ? 1 / Math.sqrt(s) : 0;
    for (let j = 0; j < d; j++) x[i * d + j] = c.vector[j] * inv;
  });
  const maxSim = new Float64Array(n);
  const picked = new Uint8Array(n);
  const out: string[] = [];
  for (let step = 0; step < take; step++) {
    let best = -1;
    let bestValue = -Infinity;
    for (let i = 0; i < n; i++) {
      if (picked[i]) continue;
      const value = lambda * candidates[i].score - (step === 0 ? 0 : (1 - lambda) * maxSim[i]);
      if (value > bestValue || best < 0) {
        best = i;
        bestValue = value;
      }
    }
    picked[best] = 1;
    out.push(candidates[best].id);
    for (let i = 0; i < n; i++) {
      if (picked[i]) continue;
      let s = 0;
      for (let j = 0; j < d; j++) s += x[i * d + j] * x[best * d + j];
      if (step === 0 || s > maxSim[i]) maxSim[i] = s;
    }
  }
  return out;
}
