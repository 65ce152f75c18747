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
  /**
   * Secret from which a workspace creation derives its id and key (from the account secret, never stored): an exact
   * resend of the creation derives the same ones and is answered as the first attempt was.
   */
  creationSecret: string;
}
