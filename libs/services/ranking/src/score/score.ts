import { OP, TgError, type ContentObject } from '@tg/contracts';
import { entityDecider } from '@tg/domain';
import { EventStore, type OperationHandler } from '@tg/messaging';
import { embedMissing, resultOf, scoreCandidates, tasteScore, type Cand, type CandidateInput, type Scored } from '../candidates';
import { anchorOf, type RankingDeps } from '../ranking-deps';
import { wireScore } from '../evidence/scoring';

/**
 * Share of the caller's timeout (`TG_RPC_TIMEOUT_MS`, counted from the start of the handler) after which a score no
 * longer waits for the read model to fold the content it indexed, so that its answer still reaches a caller with the
 * same timeout.
 */
const FOLD_WAIT_SHARE = 2 / 3;

/** `tg.rpc.rank.score`: one item's fit to the anchor's taste. */
export function scoreHandler(r: RankingDeps): OperationHandler<typeof OP.rank.score> {
  return async (req, ctx) => {
    const startedAt = Date.now();
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
      const id = indexed.data.entity_id;
      if (indexed.seq && indexed.seq > (minSeq ?? 0)) minSeq = indexed.seq;
      const waitMs = Math.min(r.rt.config.readWaitMs, Math.round(startedAt + FOLD_WAIT_SHARE * r.rt.config.rpcTimeoutMs - Date.now()));
      const folded = (await r.host.reached(minSeq, Math.max(0, waitMs))) && r.host.catalog.ws(req.ws).entities.get(id)?.kind === 'content';
      if (!folded) {
        // The index is in the log but this read model has not folded it yet (it falls behind under load): the item is
        // scored from what was indexed (its aggregate), not answered 503 for a write that happened.
        const s = await scoreIndexed(r, req.ws, req.data.anchor, id, ctx.requestId);
        return { data: { entity_id: id, score: wireScore(s.score), signals: resultOf(s).signals }, seq: minSeq !== req.minSeq ? minSeq : undefined };
      }
      candidate = { entity_id: id };
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

/**
 * The taste score of content just indexed, from its aggregate (read from the stream, never behind): its indexed text
 * embedded as the index embedded it, its graph evidence from the catalog's document when there is one (an item new to
 * the catalog has no links yet).
 */
async function scoreIndexed(r: RankingDeps, ws: string, anchorId: string, id: string, requestId: string): Promise<Scored> {
  const { state } = await r.rt.repo.load(EventStore.subject(ws, 'entity', id), entityDecider);
  if (!state.exists || state.kind !== 'content') throw new TgError('entity_not_found', 'Entity not found', { entity_id: id });
  const anchor = anchorOf(r, ws, anchorId);
  const doc = anchor.cat.entities.get(id);
  const c: Cand = {
    key: '000000',
    entity_id: id,
    doc: doc?.kind === 'content' ? doc : undefined,
    url: state.url,
    ref: state.ref,
    name: state.name,
    description: state.description,
    type: 'content',
    text: state.text,
    vector: null,
  };
  await embedMissing(r, [c], requestId);
  const t = tasteScore(anchor, c);
  return { c, score: t.score, signals: { taste: t.score, content: t.content, graph: t.graph } };
}
