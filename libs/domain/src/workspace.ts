import { TgError, event, type Decider, type TgEventOf } from '@tg/contracts';

/** State of a workspace aggregate. */
export interface WorkspaceState {
  exists: boolean;
  name: string;
  createdAt: number;
  keyPrefixes: string[];
  /** Hashes of the keys issued (a creation's resend derives the same key: see the admin service). */
  keyHashes: string[];
}
/** Create a workspace and issue its first workspace key (hash only). */
export interface CreateWorkspace {
  type: 'CreateWorkspace';
  workspace_id: string;
  name: string;
  key_id: string;
  key_hash: string;
  key_prefix: string;
  vectorstore_namespace: string;
  at: number;
  request_id?: string;
}
type WorkspaceEvent = TgEventOf<'WorkspaceCreated'> | TgEventOf<'ApiKeyIssued'>;

const keyIssued = (cmd: CreateWorkspace, meta: { workspace: string; at: number; request_id?: string }) =>
  event('ApiKeyIssued', { workspace_id: cmd.workspace_id, key_id: cmd.key_id, kind: 'workspace', prefix: cmd.key_prefix, hash: cmd.key_hash, issued_at: cmd.at }, meta);

export const workspaceDecider: Decider<WorkspaceState, CreateWorkspace, WorkspaceEvent> = {
  initialState: () => ({ exists: false, name: '', createdAt: 0, keyPrefixes: [], keyHashes: [] }),
  decide(cmd, state) {
    switch (cmd.type) {
      case 'CreateWorkspace': {
        const meta = { workspace: '_account', at: cmd.at, request_id: cmd.request_id };
        if (state.exists) {
          // The same id with the same key is the same creation sent again (both derive from its request): done already.
          if (state.keyHashes.includes(cmd.key_hash)) return [];
          // Created without its key (cut between its two appends): only this creation's resend names this id (derived
          // from its request), so it completes the creation with the key it derives again.
          if (state.keyHashes.length === 0) return [keyIssued(cmd, meta)];
          throw new TgError('conflict', `Workspace ${cmd.workspace_id} already exists`);
        }
        return [
          event('WorkspaceCreated', { workspace_id: cmd.workspace_id, name: cmd.name, vectorstore_namespace: cmd.vectorstore_namespace, created_at: cmd.at }, meta),
          keyIssued(cmd, meta),
        ];
      }
      default: {
        const never: never = cmd.type;
        throw new Error(`unknown command ${String(never)}`);
      }
    }
  },
  evolve(state, e) {
    switch (e.type) {
      case 'WorkspaceCreated':
        return { ...state, exists: true, name: e.data.name, createdAt: e.data.created_at };
      case 'ApiKeyIssued':
        return { ...state, keyPrefixes: [...state.keyPrefixes, e.data.prefix], keyHashes: [...state.keyHashes, e.data.hash] };
      default: {
        const never: never = e;
        return never;
      }
    }
  },
};
