import { TgError, type OP } from '@tg/contracts';
import type { OperationHandler } from '@tg/messaging';
import type { AdminDeps } from '../admin-deps';

/** `tg.rpc.admin.issue-visualize-token`: a read-only, expiring session token for the caller's workspace. */
export function issueVisualizeTokenHandler({ rt, signer }: AdminDeps): OperationHandler<typeof OP.admin.issueVisualizeToken> {
  return async (req) => {
    const exp = Math.floor(rt.now() / 1000) + rt.config.visualizeTokenTtlSec;
    return { data: { token: signer.sign({ ws: req.ws, exp, scope: 'visualize:read' }), expires_at: exp * 1000, expires_in: rt.config.visualizeTokenTtlSec } };
  };
}

/** `tg.rpc.admin.verify-visualize-token`: the workspace of a valid session token. */
export function verifyVisualizeTokenHandler({ rt, signer, projection }: AdminDeps): OperationHandler<typeof OP.admin.verifyVisualizeToken> {
  return async (req) => {
    const p = signer.verify(req.data.token, rt.now());
    if (!projection.workspaces.has(p.ws)) throw new TgError('token_invalid', 'Session token names an unknown workspace');
    return { data: { ws: p.ws, exp: p.exp } };
  };
}
