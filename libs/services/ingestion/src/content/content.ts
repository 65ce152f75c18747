import { TgError, type OP } from '@tg/contracts';
import type { OperationHandler } from '@tg/messaging';
import type { Runtime } from '@tg/service-runtime';
import { ingestItems } from '../ingest/ingest-items';

/** `tg.rpc.ingest.content`: indexes (or re-indexes) one content item, optionally linked to a parent. */
export function contentHandler(rt: Runtime): OperationHandler<typeof OP.ingest.content> {
  return async (req, ctx) => {
    const { results, seq } = await ingestItems(rt, req.ws, [req.data], ctx.requestId, true);
    const r = results[0]!;
    // With throwOnError an item's failure is thrown, never reported: the one result is the indexed content.
    if ('error' in r) throw new TgError('internal', r.error);
    return { data: r, seq: seq || undefined };
  };
}
