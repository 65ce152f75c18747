import type { RpcHandler } from '@tg/messaging';
import { byScore, resultOf, scoreCandidates, type CandidateInput, type RankInput } from '../candidates';
import type { RankingDeps } from '../ranking-deps';

/** Input of /rerank: the caller's candidates, optionally a history of engaged items. */
export type RerankInput = RankInput & { candidates: CandidateInput[]; history?: string[]; item_texts?: Record<string, string>; item_images?: Record<string, string>; limit?: number };

/** `tg.rpc.rank.rerank`: the caller's candidates in the anchor's taste (unknown anchors and candidates do not fail it). */
export function rerankHandler(r: RankingDeps): RpcHandler<RerankInput> {
  return async (req, ctx) => {
    await r.host.ready(req);
    const { scored, skipped } = await scoreCandidates(r, req.ws, req.data, ctx.requestId, true);
    scored.sort(byScore);
    return { data: { results: scored.slice(0, req.data.limit ?? scored.length).map(resultOf), skipped } };
  };
}
