import type { StoredEvent } from '@tg/contracts';

export interface WorkspaceRow {
  public_id: string;
  name: string;
  created_at: number;
  api_key_prefix: string;
  vectorstore_namespace: string;
}

/** Admin read model: workspaces and key hashes, folded from account-level events. */
export class AdminProjection {
  readonly workspaces = new Map<string, WorkspaceRow>();
  readonly keys = new Map<string, string>();
  apply(e: StoredEvent): void {
    if (e.type === 'WorkspaceCreated') {
      this.workspaces.set(e.data.workspace_id, {
        public_id: e.data.workspace_id,
        name: e.data.name,
        created_at: e.data.created_at,
        api_key_prefix: '',
        vectorstore_namespace: e.data.vectorstore_namespace,
      });
    } else if (e.type === 'ApiKeyIssued') {
      this.keys.set(e.data.hash, e.data.workspace_id);
      const w = this.workspaces.get(e.data.workspace_id);
      if (w) w.api_key_prefix = e.data.prefix;
    }
  }
}
