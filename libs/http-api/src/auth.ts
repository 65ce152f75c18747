import { createHash } from 'node:crypto';
import type { Static } from 'typebox';
import { KEY_PREFIX, OP, TgError, canonicalKey, type KeyIdentity } from '@tg/contracts';
import type { FastifyRequest } from 'fastify';
import type { OperationClient } from './context';
import type { Consistency } from './consistency';

/** Who is calling, once the key is checked. */
export interface Caller {
  kind: 'account' | 'workspace';
  /** Workspace the call is scoped to (absent only on admin routes with the account key). */
  workspace?: string;
}

/**
 * The API key of a request (`X-API-Key`, or `Authorization: Bearer`) in its canonical form: a Galya-style
 * key (`galya_wsk_X`) is the same key as `tg_wsk_X`, so everything after this sees one form.
 */
export function keyOf(req: FastifyRequest): string | undefined {
  const h = req.headers['x-api-key'];
  const k = Array.isArray(h) ? h[0] : h;
  if (k) return canonicalKey(k.trim());
  const auth = req.headers.authorization;
  if (auth && /^Bearer\s+/i.test(auth)) return canonicalKey(auth.replace(/^Bearer\s+/i, '').trim());
  return undefined;
}

/**
 * The workspace header of a request (`X-Workspace-Id`, or the legacy `X-Galya-Workspace-Id`). Both sent naming
 * different workspaces is 400 `bad_request`, as other aliases that disagree (before, the first silently won).
 */
export function workspaceHeaderOf(req: FastifyRequest): string | undefined {
  const named = ['x-workspace-id', 'x-galya-workspace-id'].map((name) => {
    const v = req.headers[name];
    return (Array.isArray(v) ? v[0] : v)?.trim() || undefined;
  });
  const [current, legacy] = named;
  if (current && legacy && current !== legacy) throw new TgError('bad_request', 'X-Workspace-Id and X-Galya-Workspace-Id name different workspaces: send one of them');
  return current ?? legacy;
}

const digestOf = (key: string) => createHash('sha256').update(key).digest('hex');

/** What a gateway does around asking the admin service about a key it never verified (a per-client failure limit). */
export interface KeyCheckGuard {
  /** Before the admin service is asked about a key this gateway never verified: throws to refuse the request. */
  before(req: FastifyRequest): Promise<void>;
  /** After the admin service answered that a key is unknown. */
  unknown(req: FastifyRequest): Promise<void>;
}

/** Verifies keys through the admin service, caching the answer briefly by key digest. */
export class Authenticator {
  private readonly cache = new Map<string, { who: Static<typeof KeyIdentity>; until: number }>();
  private readonly knownWorkspaces = new Map<string, number>();
  constructor(
    private readonly rpc: OperationClient,
    private readonly consistency: Consistency,
    private readonly ttlMs = 30_000,
    /** How long past its TTL a cached answer may still be served while the admin service cannot answer. */
    private readonly staleMs = 3_600_000,
    private readonly guard?: KeyCheckGuard,
  ) {}

  /**
   * Answers from `fetch`, or, when the admin service is unavailable and a cached answer is younger than
   * TTL + staleMs, from the cache: keys are never revoked, so a stale positive answer is still right, and
   * key checks survive the admin service being down.
   */
  private async orStale<T extends object>(cached: { until: number } | undefined, stale: T, fetch: () => Promise<T>): Promise<T & { stale?: boolean }> {
    try {
      const fresh: T & { stale?: boolean } = await fetch();
      return fresh;
    } catch (e) {
      const code = (e as TgError).code;
      if (cached && (code === 'unavailable' || code === 'timeout') && cached.until + this.staleMs > Date.now()) return { ...stale, stale: true };
      throw e;
    }
  }

  private async identify(key: string, req: FastifyRequest) {
    const digest = digestOf(key);
    const hit = this.cache.get(digest);
    const now = Date.now();
    if (hit && hit.until > now && hit.who) return hit.who;
    // A key verified before is still good past its TTL (keys are never revoked): only a new one passes the guard.
    if (!hit?.who) await this.guard?.before(req);
    const { data, stale } = await this.orStale(hit?.who ? hit : undefined, { data: hit?.who ?? null }, () =>
      this.rpc.call(
        OP.admin.verifyKey,
        { ws: '_account', data: { key }, minSeq: this.consistency.get('_account') },
        { requestId: req.id },
      ),
    );
    if (!data) await this.guard?.unknown(req);
    // Only positive answers are cached: a key created a moment ago must work at once.
    if (data && !stale) this.cache.set(digest, { who: data, until: now + this.ttlMs });
    if (this.cache.size > 10_000) this.cache.delete(this.cache.keys().next().value as string);
    return data;
  }

  /** Whether a workspace exists; positive answers are cached like keys (workspaces are never deleted). */
  private async workspaceExists(id: string, requestId: string): Promise<boolean> {
    const now = Date.now();
    const until = this.knownWorkspaces.get(id);
    if ((until ?? 0) > now) return true;
    const { data, stale } = await this.orStale(until ? { until } : undefined, { data: { exists: true } }, () =>
      this.rpc.call(OP.admin.workspaceExists, { ws: '_account', data: { workspace_id: id }, minSeq: this.consistency.get('_account') }, { requestId }),
    );
    if (data.exists && !stale) {
      this.knownWorkspaces.set(id, now + this.ttlMs);
      if (this.knownWorkspaces.size > 10_000) this.knownWorkspaces.delete(this.knownWorkspaces.keys().next().value as string);
    }
    return data.exists;
  }

  /** Authenticates a workspace route: workspace key, or account key plus workspace header. */
  async workspace(req: FastifyRequest): Promise<Caller & { workspace: string }> {
    const key = keyOf(req);
    if (!key) throw new TgError('unauthorized', 'Missing API key: send X-API-Key');
    if (!key.startsWith(KEY_PREFIX.account) && !key.startsWith(KEY_PREFIX.workspace)) throw new TgError('unauthorized', 'Invalid API key');
    const who = await this.identify(key, req);
    if (!who) throw new TgError('unauthorized', 'Invalid API key');
    const header = workspaceHeaderOf(req);
    if (who.kind === 'workspace') {
      if (header && header !== who.workspace) throw new TgError('workspace_mismatch', 'The workspace header names another workspace than the key');
      return { kind: 'workspace', workspace: who.workspace };
    }
    if (!header) throw new TgError('workspace_required', 'The account key needs a workspace header (X-Workspace-Id) on workspace routes');
    if (!(await this.workspaceExists(header, req.id))) throw new TgError('forbidden', 'No such workspace for this account');
    return { kind: 'account', workspace: header };
  }

  /** Authenticates an admin route: the account secret only. */
  async account(req: FastifyRequest): Promise<Caller> {
    const key = keyOf(req);
    if (!key) throw new TgError('unauthorized', 'Missing API key: send the account secret in X-API-Key');
    if (!key.startsWith(KEY_PREFIX.account)) {
      if (key.startsWith(KEY_PREFIX.workspace) && (await this.identify(key, req))) throw new TgError('forbidden', 'Admin routes need the account secret key');
      throw new TgError('unauthorized', 'Invalid API key');
    }
    const who = await this.identify(key, req);
    if (!who || who.kind !== 'account') throw new TgError('unauthorized', 'Invalid API key');
    return { kind: 'account' };
  }
}
