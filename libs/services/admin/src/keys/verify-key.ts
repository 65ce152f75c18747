import { canonicalKey, type OP } from '@tg/contracts';
import type { OperationHandler } from '@tg/messaging';
import { readYourWrites } from '@tg/service-runtime';
import { readAccountToEnd } from '../account-events';
import type { AdminDeps } from '../admin-deps';
import { hashKey, sameDigest } from './keys';

/** `tg.rpc.admin.verify-key`: whose key this is (the account, a workspace), or null. */
export function verifyKeyHandler(d: AdminDeps): OperationHandler<typeof OP.admin.verifyKey> {
  const { rt, cursor, projection, accountHash } = d;
  return async (req) => {
    await readYourWrites(cursor, req, rt.config.readWaitMs);
    const h = hashKey(canonicalKey(req.data.key));
    if (sameDigest(h, accountHash)) return { data: { kind: 'account' as const } };
    let ws = projection.keys.get(h);
    // Not known here yet, maybe (a workspace created through another gateway): read to the end, then look again.
    if (!ws && (await readAccountToEnd(d, req))) ws = projection.keys.get(h);
    return { data: ws ? { kind: 'workspace' as const, workspace: ws } : null };
  };
}
