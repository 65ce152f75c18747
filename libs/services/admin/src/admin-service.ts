import { OP, canonicalKey } from '@tg/contracts';
import { AdminProjection } from '@tg/domain';
import { StreamCursor, runProjectionFeed } from '@tg/messaging';
import { rpcServer, type Runtime, type StartedService } from '@tg/service-runtime';
import type { AdminDeps } from './admin-deps';
import { hashKey } from './keys/keys';
import { ACCOUNT_EVENTS } from './account-events';
import { verifyKeyHandler } from './keys/verify-key';
import { TokenSigner } from './visualize-tokens/token-signer';
import { issueVisualizeTokenHandler, verifyVisualizeTokenHandler } from './visualize-tokens/tokens';
import { createWorkspaceHandler, listWorkspacesHandler, workspaceExistsHandler } from './workspaces/workspaces';

/** Starts the admin service, one use case per folder: workspaces/, keys/ (API keys, the account secret), visualize-tokens/. */
export async function startAdminService(rt: Runtime, opts: { accountSecret: string }): Promise<StartedService & { projection: AdminProjection }> {
  const projection = new AdminProjection();
  const cursor = new StreamCursor();
  const feed = await runProjectionFeed(rt.store, {
    cursor,
    name: 'admin',
    log: rt.log,
    filterSubject: ACCOUNT_EVENTS,
    handle: (e) => projection.apply(e),
  });
  await feed.caughtUp;
  // Keys are hashed in their canonical form: a key works under our prefix and the Galya one alike.
  const accountSecret = canonicalKey(opts.accountSecret);
  const accountHash = hashKey(accountSecret);
  const signer = new TokenSigner(hashKey(`visualize:${accountSecret}`));
  const d: AdminDeps = { rt, projection, cursor, accountHash, signer, creationSecret: hashKey(`workspace-creation:${accountSecret}`) };
  const server = rpcServer(rt, 'admin')
    .serve(OP.admin.createWorkspace, createWorkspaceHandler(d))
    .serve(OP.admin.listWorkspaces, listWorkspacesHandler(d))
    .serve(OP.admin.verifyKey, verifyKeyHandler(d))
    .serve(OP.admin.workspaceExists, workspaceExistsHandler(d))
    .serve(OP.admin.issueVisualizeToken, issueVisualizeTokenHandler(d))
    .serve(OP.admin.verifyVisualizeToken, verifyVisualizeTokenHandler(d));
  return {
    name: 'admin',
    projection,
    async stop() {
      await server.drain();
      await feed.stop();
      cursor.close();
    },
  };
}
