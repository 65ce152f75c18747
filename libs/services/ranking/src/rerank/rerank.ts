import type { OP } from '@tg/contracts';
import type { OperationHandler } from '@tg/messaging';
import { byScore, resultOf, scoreCandidates } from '../candidates';
import type { RankingDeps } from '../ranking-deps';

/** `tg.rpc.rank.rerank`: the caller's candidates in the anchor's taste (unknown anchors and candidates do not fail it). */
export function rerankHandler(r: RankingDeps): OperationHandler<typeof OP.rank.rerank> {
  return async (req, ctx) => {
    await r.host.ready(req);
    const { scored, skipped } = await scoreCandidates(r, req.ws, req.data, ctx.requestId, true);
    scored.sort(byScore);
    return { data: { results: scored.slice(0, req.data.limit ?? scored.length).map(resultOf), skipped } };
  };
}
