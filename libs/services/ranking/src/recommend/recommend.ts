import type { OP } from '@tg/contracts';
import { mmr } from '@tg/math';
import type { OperationHandler } from '@tg/messaging';
import { byScore, resultOf, scoreCandidates } from '../candidates';
import type { RankingDeps } from '../ranking-deps';
import { capToOrder } from '../evidence/workspace-prior';

/** Diversity of /recommend: MMR relevance weight (1 = pure relevance). */
export const RECOMMEND_MMR_LAMBDA = 0.7;

/** `tg.rpc.rank.recommend`: fresh, diverse picks from the candidates for a history and the anchor's taste. */
export function recommendHandler(r: RankingDeps): OperationHandler<typeof OP.rank.recommend> {
  return async (req, ctx) => {
    await r.host.ready(req);
    const data = { ...req.data, domain: req.data.domain ?? 'uiux' };
    const { scored, hist, skipped } = await scoreCandidates(r, req.ws, data, ctx.requestId, true);
    const seen = new Set<string>(req.data.history);
    for (const h of hist?.items ?? []) {
      seen.add(h.entity_id);
      if (h.url) seen.add(h.url);
    }
    const fresh = scored.filter((s) => !seen.has(s.c.entity_id) && !(s.c.url && seen.has(s.c.url)));
    // Duplicates of one item (by id) are ranked once.
    const unique = [...new Map(fresh.sort(byScore).map((s) => [s.c.entity_id, s])).values()];
    const withVec = unique.filter((s) => s.c.vector);
    const limit = Math.min(req.data.limit ?? unique.length, unique.length);
    const order = mmr(
      withVec.map((s) => ({ id: s.c.key, vector: s.c.vector!, score: s.score })),
      Math.min(limit, withVec.length),
      RECOMMEND_MMR_LAMBDA,
    );
    const byKey = new Map(unique.map((s) => [s.c.key, s]));
    const ordered = [...order.map((k) => byKey.get(k)!), ...unique.filter((s) => !s.c.vector)].slice(0, limit);
    // Diversity reorders: each returned score is capped by the one above it (its relevance stays in signals).
    const capped = capToOrder(ordered.map((s) => s.score));
    const results = ordered.map((s, i) => resultOf({ ...s, score: capped[i]!, signals: { ...s.signals, relevance: s.score } }));
    return { data: { results, skipped } };
  };
}
