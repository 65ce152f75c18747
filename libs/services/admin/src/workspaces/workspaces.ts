import { KEY_PREFIX, styledKey, type OP } from '@tg/contracts';
import { workspaceDecider } from '@tg/domain';
import { EventStore, canonicalJson, type OperationHandler } from '@tg/messaging';
import { readYourWrites } from '@tg/service-runtime';
import { readAccountToEnd } from '../account-events';
import type { AdminDeps } from '../admin-deps';
import { derivedBase62, hashKey, keyPrefix } from '../keys/keys';

/**
 * `tg.rpc.admin.create-workspace`: a new workspace and its key (shown once). Its id and key are derived from the
 * account's creation secret, the request id (`X-Request-Id`, a fresh one per request when the caller sends none) and
 * the body, so an exact resend (same key, same body) names the same workspace and answers it with the same key,
 * creating nothing new; any other request creates another.
 */
export function createWorkspaceHandler({ rt, creationSecret }: AdminDeps): OperationHandler<typeof OP.admin.createWorkspace> {
  return async (req, ctx) => {
    const request = `${ctx.requestId}\u0000${canonicalJson(req.data)}`;
    const workspaceId = `ws_${derivedBase62(creationSecret, `workspace-id\u0000${request}`, 16)}`;
    const key = KEY_PREFIX.workspace + derivedBase62(creationSecret, `workspace-key\u0000${request}`, 40);
    // Shown once, in the configured style (TG_KEY_STYLE); the stored hash is of the canonical form.
    const shown = styledKey(key, rt.config.keyStyle);
    const namespace = `tg_${workspaceId}`;
    const { seq, state } = await rt.repo.execute(EventStore.subject('_account', 'workspace', workspaceId), workspaceDecider, {
      type: 'CreateWorkspace',
      workspace_id: workspaceId,
      name: req.data.name,
      key_id: derivedBase62(creationSecret, `key-id\u0000${request}`, 12),
      key_hash: hashKey(key),
      key_prefix: keyPrefix(shown),
      vectorstore_namespace: namespace,
      at: rt.now(),
      request_id: ctx.requestId,
    });
    return { data: { public_id: workspaceId, name: state.name, workspace_api_key: shown, vectorstore_namespace: namespace, created_at: state.createdAt }, seq };
  };
}

/** `tg.rpc.admin.list-workspaces`: every workspace, oldest first. */
export function listWorkspacesHandler({ rt, cursor, projection }: AdminDeps): OperationHandler<typeof OP.admin.listWorkspaces> {
  return async (req) => {
    await readYourWrites(cursor, req, rt.config.readWaitMs);
    const workspaces = [...projection.workspaces.values()]
      .sort((a, b) => a.created_at - b.created_at)
      .map(({ public_id, name, created_at, api_key_prefix }) => ({ public_id, name, created_at, api_key_prefix }));
    return { data: { workspaces } };
  };
}

/** `tg.rpc.admin.workspace-exists`. */
export function workspaceExistsHandler(d: AdminDeps): OperationHandler<typeof OP.admin.workspaceExists> {
  const { rt, cursor, projection } = d;
  return async (req) => {
    await readYourWrites(cursor, req, rt.config.readWaitMs);
    const id = req.data.workspace_id;
    // Not known here yet, maybe (created through another gateway): read to the end, then look again.
    const exists = projection.workspaces.has(id) || ((await readAccountToEnd(d, req)) && projection.workspaces.has(id));
    return { data: { exists } };
  };
}
