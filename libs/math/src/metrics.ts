/**
 * Area under the ROC curve: the probability that a random positive scores above a random
 * negative, ties counting one half (Mann–Whitney U with average ranks). O(n log n).
 *
 * @returns NaN when there are no positives or no negatives.
 * @throws RangeError when the arrays differ in length or a score is NaN.
 */
export function auc(scores: readonly number[], labels: readonly boolean[]): number {
  if (scores.length !== labels.length) throw new RangeError(`auc: ${scores.length} scores but ${labels.length} labels`);
  if (scores.some(Number.isNaN)) throw new RangeError('auc: scores contain NaN');
  const order = scores.map((_, i) => i).sort((a, b) => scores[a] - scores[b]);
  let positives = 0;
  let rankSum = 0;
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end + 1 < order.length && scores[order[end + 1]] === scores[order[start]]) end++;
    // Ranks start+1..end+1 are shared by the tie group.
    const rank = (start + end + 2) / 2;
    for (let i = start; i <= end; i++) {
      if (labels[order[i]]) {
        positives++;
        rankSum += rank;
      }
    }
    start = end + 1;
  }
  const negatives = scores.length - positives;
  if (positives === 0 || negatives === 0) return NaN;
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

/** The first k distinct ids of a ranking. */
function topK(ranked: readonly string[], k: number): string[] {
  const seen = new Set<string>();
  const limit = Math.max(0, Math.floor(k));
  for (const id of ranked) {
    if (seen.size >= limit) break;
    seen.add(id);
  }
  return [...seen];
}

/**
 * Normalised discounted cumulative gain at k with binary relevance:
 * Σ_{i<k} rel_i / log2(i + 2) over the ideal ordering's value. Repeated ids count once.
 *
 * @returns a value in [0, 1]; 0 when `relevant` is empty or k < 1.
 */
export function ndcgAtK(ranked: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  if (relevant.size === 0) return 0;
  const top = topK(ranked, k);
  let dcg = 0;
  top.forEach((id, i) => {
    if (relevant.has(id)) dcg += 1 / Math.log2(i + 2);
  });
  let ideal = 0;
  const limit = Math.min(relevant.size, Math.max(0, Math.floor(k)));
  for (let i = 0; i < limit; i++) ideal += 1 / Math.log2(i + 2);
  return ideal > 0 ? dcg / ideal : 0;
}

/**
 * Share of the relevant ids found among the first k distinct ids of the ranking.
 *
 * @returns a value in [0, 1]; 0 when `relevant` is empty.
 */
export function recallAtK(ranked: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  if (relevant.size === 0) return 0;
  let hits = 0;
  for (const id of topK(ranked, k)) if (relevant.has(id)) hits++;
  return hits / relevant.size;
}

/**
 * The p-th percentile with linear interpolation between closest ranks (the "R-7" / NumPy
 * default): position (n − 1)·p/100 of the sorted values. Input may be unsorted; it is not
 * modified (already sorted input skips the sort).
 *
 * @param values - sample values.
 * @param p - percentile in [0, 100].
 * @returns NaN for an empty sample.
 * @throws RangeError for p outside [0, 100].
 */
export function percentile(values: readonly number[], p: number): number {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile: p must be in [0, 100], got ${p}`);
  const n = values.length;
  if (n === 0) return NaN;
  let sorted: ArrayLike<number> = values;
  for (let i = 1; i < n; i++) {
    if (!(values[i - 1] <= values[i])) {
      sorted = Float64Array.from(values).sort();
      break;
    }
  }
  const h = ((n - 1) * p) / 100;
  const lo = Math.floor(h);
  const hi = Math.min(n - 1, lo + 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}
