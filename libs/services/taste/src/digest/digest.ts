import type { OP } from '@tg/contracts';
import { catalogDigest } from '@tg/domain';
import type { OperationHandler } from '@tg/messaging';
import type { ReadModelHost } from '@tg/read-model';

/** `tg.rpc.taste.digest`: the live catalog projection's digest at its position (replay checks; not on the HTTP API). */
export function digestHandler(host: ReadModelHost, settled: () => boolean): OperationHandler<typeof OP.taste.digest> {
  return async (req) => {
    await host.ready(req);
    // Synchronous from here: the digest and the position describe the same state.
    return { data: { position: host.cursor.position, restored_from: host.restoredFrom, settled: settled(), digest: catalogDigest(host.catalog) } };
  };
}
