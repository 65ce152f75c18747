import { createHmac } from 'node:crypto';
import { OP, TgError, canonicalKey, styledKey } from '@tg/contracts';
import { AdminProjection, workspaceDecider } from '@tg/domain';
import { EventStore, StreamCursor, runProjectionFeed } from '@tg/messaging';
import { readYourWrites, rpcServer, type Runtime, type StartedService } from '@tg/service-runtime';
import { hashKey, keyPrefix, newWorkspaceKey, randomBase62, sameDigest } from './keys';

/** Signs and checks visualize session tokens: workspace-scoped, read-only, expiring. */
export class TokenSigner {
  constructor(private readonly secret: string) {}
  sign(payload: { ws: string; exp: number; scope: string }): string {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }
  verify(token: string, now: number): { ws: string; exp: number; scope: string } {
    const parts = token.split('.');
    if (parts.length !== 2 || !parts[0] || !parts[1]) throw new TgError('token_invalid', 'Malformed session token');
    const [body, mac] = parts as [string, string];
    if (!sameDigest(Buffer.from(mac, 'base64url').toString('hex'), Buffer.from(this.mac(body), 'base64url').toString('hex'))) {
      throw new TgError('token_invalid', 'Session token signature does not match');
    }
    let payload: { ws: string; exp: number; scope: string };
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      throw new TgError('token_invalid', 'Malformed session token');
    }
    if (typeof payload.ws !== 'string' || typeof payload.exp !== 'number' || payload.scope !== 'visualize:read') throw new TgError('token_invalid', 'Malformed session token');
    if (payload.exp * 1000 <= now) throw new TgError('token_expired', 'Session token has expired; request a new one from GET /visualize');
    return payload;
  }
  private mac(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('base64url');
  }
}

/** Starts the admin service: workspaces, keys, visualize tokens. */
export async function startAdminService(rt: Runtime, opts: { accountSecret: string }): Promise<StartedService & { projection: AdminProjection }> {
  const projection = new AdminProjection();
  const cursor = new StreamCursor();
  const feed = await runProjectionFeed(rt.store, {
    cursor,
    name: 'admin',
    log: rt.log,
    filterSubject: 'tg.evt._account.*.*',
    handle: (e) => projection.apply(e),
  });
  await feed.caughtUp;
  // Keys are hashed in their canonical form: a key works under our prefix and the Galya one alike.
  const accountSecret = canonicalKey(opts.accountSecret);
  const accountHash = hashKey(accountSecret);
  const signer = new TokenSigner(hashKey(`visualize:${accountSecret}`));
  const server = rpcServer(rt, 'admin')
    .serve(OP.admin.createWorkspace, async (req, ctx) => {
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
    })
    .serve(OP.admin.listWorkspaces, async (req) => {
      await readYourWrites(cursor, req, rt.config.readWaitMs);
      const workspaces = [...projection.workspaces.values()]
        .sort((a, b) => a.created_at - b.created_at)
        .map(({ public_id, name, created_at, api_key_prefix }) => ({ public_id, name, created_at, api_key_prefix }));
      return { data: { workspaces } };
    })
    .serve(OP.admin.verifyKey, async (req) => {
      await readYourWrites(cursor, req, rt.config.readWaitMs);
      const h = hashKey(canonicalKey(req.data.key));
      if (sameDigest(h, accountHash)) return { data: { kind: 'account' as const } };
      const ws = projection.keys.get(h);
      return { data: ws ? { kind: 'workspace' as const, workspace: ws } : null };
    })
    .serve(OP.admin.workspaceExists, async (req) => {
      await readYourWrites(cursor, req, rt.config.readWaitMs);
      return { data: { exists: projection.workspaces.has(req.data.workspace_id) } };
    })
    .serve(OP.admin.issueVisualizeToken, async (req) => {
      const exp = Math.floor(rt.now() / 1000) + rt.config.visualizeTokenTtlSec;
      return { data: { token: signer.sign({ ws: req.ws, exp, scope: 'visualize:read' }), expires_at: exp * 1000, expires_in: rt.config.visualizeTokenTtlSec } };
    })
    .serve(OP.admin.verifyVisualizeToken, async (req) => {
      const p = signer.verify(req.data.token, rt.now());
      if (!projection.workspaces.has(p.ws)) throw new TgError('token_invalid', 'Session token names an unknown workspace');
      return { data: { ws: p.ws, exp: p.exp } };
    });
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
