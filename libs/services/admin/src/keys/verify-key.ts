import { canonicalKey, type OP } from '@tg/contracts';
import type { OperationHandler } from '@tg/messaging';
import { readYourWrites } from '@tg/service-runtime';
import type { AdminDeps } from '../admin-deps';
import { hashKey, sameDigest } from './keys';

/** `tg.rpc.admin.verify-key`: whose key this is (the account, a workspace), or null. */
export function verifyKeyHandler({ rt, cursor, projection, accountHash }: AdminDeps): OperationHandler<typeof OP.admin.verifyKey> {
  return async (req) => {
    await readYourWrites(cursor, req, rt.config.readWaitMs);
    const h = hashKey(canonicalKey(req.data.key));
    if (sameDigest(h, accountHash)) return { data: { kind: 'account' as const } };
    const ws = projection.keys.get(h);
    return { data: ws ? { kind: 'workspace' as const, workspace: ws } : null };
  };
}
