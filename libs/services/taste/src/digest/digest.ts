import type { OP } from '@tg/contracts';
import type { OperationHandler } from '@tg/messaging';
import { catalogDigestHandler, type ReadModelHost } from '@tg/read-model';

/** `tg.rpc.taste.digest`: the live catalog projection's digest at its position (replay checks; not on the HTTP API). */
export function digestHandler(host: ReadModelHost, settled: () => boolean): OperationHandler<typeof OP.taste.digest> {
  return catalogDigestHandler(host, () => ({ settled: settled() }));
}
