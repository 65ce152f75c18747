import { OP, TgError, type ContentObject } from '@tg/contracts';
import type { OperationHandler } from '@tg/messaging';
import { resultOf, scoreCandidates, type CandidateInput } from '../candidates';
import { anchorOf, type RankingDeps } from '../ranking-deps';
import { wireScore } from '../scoring';

/** `tg.rpc.rank.score`: one item's fit to the anchor's taste. */
export function scoreHandler(r: RankingDeps): OperationHandler<typeof OP.rank.score> {
  return async (req, ctx) => {
    await r.host.ready(req);
    let minSeq = req.minSeq;
    let candidate: CandidateInput;
    const c = req.data.content as Record<string, unknown>;
    anchorOf(r, req.ws, req.data.anchor);
    const cat = r.host.catalog.ws(req.ws);
    const known = typeof c['url'] === 'string' ? cat.urls.get(c['url']) : undefined;
    const bringsText = ['content', 'title', 'description', 'alt', 'id'].some((k) => c[k] !== undefined) || c['force_reindex'] === true;
    if (known && cat.vectors.has(known) && !bringsText) {
      // Already indexed and nothing new to index: indexing is idempotent on the URL, so score it directly.
      candidate = { entity_id: known };
    } else if (typeof c['url'] === 'string') {
      // A content object is indexed first (idempotent on its URL), then scored from the catalog.
      const indexed = await r.rt.rpc.call(OP.ingest.content, { ws: req.ws, data: { content: c as ContentObject } }, { requestId: ctx.requestId });
      if (indexed.seq && indexed.seq > (minSeq ?? 0)) {
        minSeq = indexed.seq;
        await r.host.ready({ ...req, minSeq });
      }
      candidate = { entity_id: indexed.data.entity_id };
    } else {
      const id = (c['entity_id'] ?? c['id']) as string;
      const found = cat.entities.has(id) ? id : cat.urls.get(id);
      if (!found) throw new TgError('entity_not_found', 'Entity not found', { entity_id: id });
      candidate = { entity_id: found };
    }
    const { scored } = await scoreCandidates(r, req.ws, { ...req.data, candidates: [candidate] }, ctx.requestId);
    const s = scored[0]!;
    return { data: { entity_id: s.c.entity_id, score: wireScore(s.score), signals: resultOf(s).signals }, seq: minSeq !== req.minSeq ? minSeq : undefined };
  };
}
