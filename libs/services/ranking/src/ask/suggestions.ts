/** A scored search result as the ask use case reads it. */
export interface AskScored {
  c: { entity_id: string };
  score: number;
  signals: Record<string, number>;
}

/** Thresholds an item must meet to be named as a suggestion. */
export interface AskThresholds {
  /** Least taste score: more likely a fit for the anchor than not. */
  minTaste: number;
  /** Least combined search score (query and taste), for specific queries. */
  minScore: number;
}

/**
 * The items an /ask answer may suggest, best first, never the anchor's own.
 * - A specific query filters: taste ≥ `minTaste` and search score ≥ `minScore`, in search order.
 * - A generic intent ("what should I buy next?") is a question about the taste itself: every item with
 *   taste ≥ `minTaste`, best taste first, so the answer is never "nothing fits" while such items exist
 *   among the candidates.
 */
export function pickSuggestions<S extends AskScored>(scored: readonly S[], own: { has(id: string): boolean }, generic: boolean, t: AskThresholds, max = 5): S[] {
  const fits = scored.filter((s) => !own.has(s.c.entity_id) && (s.signals['taste'] ?? 0) >= t.minTaste);
  if (generic) return [...fits].sort((a, b) => (b.signals['taste'] ?? 0) - (a.signals['taste'] ?? 0)).slice(0, max);
  return fits.filter((s) => s.score >= t.minScore).slice(0, max);
}
