import { TgError, type OP } from '@tg/contracts';
import type { OperationHandler } from '@tg/messaging';
import type { Runtime } from '@tg/service-runtime';
import { ingestItems } from '../ingest/ingest-items';

/**
 * `tg.rpc.ingest.content`: indexes (or re-indexes) one content item, optionally linked to a parent; with `check_only`
 * it answers whether the item would be indexed (throwing what would refuse it) and writes nothing.
 */
export function contentHandler(rt: Runtime): OperationHandler<typeof OP.ingest.content> {
  return async (req, ctx) => {
    const { check_only: checkOnly, ...item } = req.data;
    if (checkOnly) {
      await ingestItems(rt, req.ws, [item], ctx.requestId, true, true, true);
      return { data: { entity_id: '', created: false, url: item.content.url, vectorstore_document_id: '' } };
    }
    const { results, seq } = await ingestItems(rt, req.ws, [item], ctx.requestId, true);
    const r = results[0]!;
    // With throwOnError an item's failure is thrown, never reported: the one result is the indexed content.
    if ('error' in r) throw new TgError('internal', r.error);
    return { data: r, seq: seq || undefined };
  };
}
