import type { AdminProjection } from '@tg/domain';
import type { StreamCursor } from '@tg/messaging';
import type { Runtime } from '@tg/service-runtime';
import type { TokenSigner } from './visualize-tokens/token-signer';

/** What the admin service's use cases share: the account projection (workspaces, key hashes) and its cursor. */
export interface AdminDeps {
  rt: Runtime;
  projection: AdminProjection;
  cursor: StreamCursor;
  /** sha256 of the canonical account secret. */
  accountHash: string;
  signer: TokenSigner;
}
