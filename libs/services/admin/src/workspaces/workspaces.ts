import { styledKey, type OP } from '@tg/contracts';
import { workspaceDecider } from '@tg/domain';
import { EventStore, type OperationHandler } from '@tg/messaging';
import { readYourWrites } from '@tg/service-runtime';
import { readAccountToEnd } from '../account-events';
import type { AdminDeps } from '../admin-deps';
import { hashKey, keyPrefix, newWorkspaceKey, randomBase62 } from '../keys/keys';

/** `tg.rpc.admin.create-workspace`: a new workspace and its key (shown once). */
export function createWorkspaceHandler({ rt }: AdminDeps): OperationHandler<typeof OP.admin.createWorkspace> {
  return async (req, ctx) => {
    const workspaceId = `ws_${randomBase62(16)}`;
    const key = newWorkspaceKey();
    // Shown once, in the configured style (TG_KEY_STYLE); the stored hash is of the canonical form.
    const shown = styledKey(key, rt.config.keyStyle);
    const at = rt.now();
    const namespace = `tg_${workspaceId}`;
    const { seq } = await rt.repo.execute(EventStore.subject('_account', 'workspace', workspaceId), workspaceDecider, {
      type: 'CreateWorkspace',
      workspace_id: workspaceId,
      name: req.data.name,
      key_id: randomBase62(12),
      key_hash: hashKey(key),
      key_prefix: keyPrefix(shown),
      vectorstore_namespace: namespace,
      at,
      request_id: ctx.requestId,
    });
    return { data: { public_id: workspaceId, name: req.data.name, workspace_api_key: shown, vectorstore_namespace: namespace, created_at: at }, seq };
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
