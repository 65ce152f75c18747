import type { ContentObject, CreateEntityBody, EntityView, ErrorBody } from '@tg/contracts';

/** A raw API response. */
export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** Raised by the typed methods on a non-2xx answer. */
export class TastegraphApiError extends Error {
  override readonly name = 'TastegraphApiError';
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(`${status} ${body?.code}: ${body?.error}`);
  }
}

/** Options of the client. */
export interface ClientOptions {
  /** Base URL ending in /v1, e.g. http://127.0.0.1:8080/v1. */
  baseUrl: string;
  /** Workspace or account key. */
  apiKey?: string;
  /** Workspace header (with the account key). */
  workspaceId?: string;
  fetch?: typeof fetch;
  /**
   * Base URLs of the other gateways of the same deployment. A request that cannot reach the current gateway
   * (connection refused), or an idempotent request whose connection broke before an answer, is sent again to
   * the next one, and the client stays there. A non-idempotent write whose connection broke is not re-sent
   * (it may have been applied): the error reaches the caller, who decides (tastegraph's writes with an id or a
   * URL are safe to repeat).
   */
  failoverUrls?: string[];
}

/** What `request` may re-send to another gateway after its connection broke mid-request. */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/** The network error code under a failed `fetch` (undici puts it on `cause`). */
function networkCode(e: unknown): string | undefined {
  const c = (e as { cause?: { code?: string } })?.cause;
  return typeof c?.code === 'string' ? c.code : undefined;
}
/** No connection was made: nothing was sent, so any request may go to another gateway. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);
/** The connection broke before an answer (the gateway died mid-request): only idempotent requests are re-sent. */
const BROKEN = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

type Query = Record<string, string | number | boolean | undefined>;
type RankQuery = { relative_to_entity_id: string; in_terms_of_entity_type: string; domain?: string; task?: string };

/**
 * Every route of the HTTP API (relative to /v1) the client covers, by method name. A test compares this table
 * with the server's OpenAPI document (both ways), so the client and the API cannot drift apart.
 */
export const ROUTES = {
  health: ['GET', '/health'],
  openapi: ['GET', '/openapi.json'],
  createWorkspace: ['POST', '/admin/workspaces'],
  listWorkspaces: ['GET', '/admin/workspaces'],
  createEntity: ['POST', '/entity'],
  getEntity: ['GET', '/entity'],
  deleteEntity: ['DELETE', '/entity'],
  registerType: ['POST', '/entity/type'],
  getType: ['GET', '/entity/type'],
  link: ['POST', '/entity/{parent_id}/link'],
  compose: ['POST', '/entity/{entity_id}/compose'],
  batch: ['POST', '/entity/batch'],
  indexBatch: ['POST', '/index/batch'],
  index: ['POST', '/index'],
  job: ['GET', '/entity/batch/jobs/{job_id}'],
  search: ['POST', '/search'],
  rerank: ['POST', '/rerank'],
  score: ['POST', '/score'],
  recommend: ['POST', '/recommend'],
  ask: ['POST', '/ask'],
  explain: ['POST', '/explain'],
  gauge: ['POST', '/gauge'],
  clusters: ['GET', '/clusters'],
  cluster: ['GET', '/cluster'],
  visualize: ['GET', '/visualize'],
  visualizeGraph: ['GET', '/visualize/graph'],
  visualizeView: ['GET', '/visualize/view'],
} as const satisfies Record<string, readonly [string, string]>;
/** A route of {@link ROUTES}. */
export type RouteName = keyof typeof ROUTES;

/** A typed client of the tastegraph HTTP API (used by the e2e tests, the benchmarks and the CLI). */
export class TastegraphClient {
  private readonly f: typeof fetch;
  private readonly urls: string[];
  /** Index in `urls` of the gateway in use (moves on failover). */
  private current = 0;
  constructor(readonly opts: ClientOptions) {
    this.f = opts.fetch ?? fetch;
    this.urls = [opts.baseUrl, ...(opts.failoverUrls ?? [])];
  }

  /** The base URL requests go to now (changes after a failover). */
  get baseUrl(): string {
    return this.urls[this.current]!;
  }

  /** A client for another key or workspace on the same server. */
  with(over: Partial<ClientOptions>): TastegraphClient {
    return new TastegraphClient({ ...this.opts, ...over });
  }

  /**
   * Sends any request; never throws on an HTTP status. `body` may be a string sent as is. With
   * `failoverUrls`, a network failure moves to the next gateway (see {@link ClientOptions.failoverUrls});
   * `idempotent` marks a POST that only reads (search, rerank, …) as safe to re-send.
   */
  async request<T = any>(method: string, path: string, init: { query?: Query; body?: unknown; headers?: Record<string, string>; idempotent?: boolean } = {}): Promise<ApiResponse<T>> {
    const resend = init.idempotent ?? IDEMPOTENT_METHODS.has(method.toUpperCase());
    for (let tried = 1; ; tried++) {
      const base = this.current;
      try {
        return await this.requestAt<T>(this.urls[base]!, method, path, init);
      } catch (e) {
        const code = networkCode(e);
        const move = tried < this.urls.length && code !== undefined && (NOT_CONNECTED.has(code) || (resend && BROKEN.has(code)));
        if (!move) throw e;
        // Another request may have moved on already; move from where this one was sent.
        if (this.current === base) this.current = (base + 1) % this.urls.length;
      }
    }
  }

  private async requestAt<T>(baseUrl: string, method: string, path: string, init: { query?: Query; body?: unknown; headers?: Record<string, string> }): Promise<ApiResponse<T>> {
    const url = new URL(baseUrl.replace(/\/+$/, '') + path);
    for (const [k, v] of Object.entries(init.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    if (this.opts.apiKey && !('x-api-key' in headers)) headers['x-api-key'] = this.opts.apiKey;
    if (this.opts.workspaceId) headers['x-workspace-id'] = this.opts.workspaceId;
    let body: string | undefined;
    if (init.body !== undefined) {
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await this.f(url, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  private async ok<T>(p: Promise<ApiResponse<T>>): Promise<T> {
    const r = await p;
    if (r.status >= 400) throw new TastegraphApiError(r.status, r.body as ErrorBody);
    return r.body;
  }

  /** Calls a route of {@link ROUTES} by name: `{name}` path segments are filled (URL-encoded) from `params`. */
  call<T = any>(route: RouteName, init: { params?: Record<string, string>; query?: Query; body?: unknown; headers?: Record<string, string> } = {}): Promise<ApiResponse<T>> {
    const [method, template] = ROUTES[route];
    const path = template.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(init.params?.[k] ?? ''));
    return this.request<T>(method, path, init);
  }

  health() {
    return this.ok<{ status: string }>(this.call('health'));
  }
  openapi() {
    return this.ok<{ openapi: string; paths: Record<string, Record<string, unknown>> }>(this.call('openapi'));
  }
  createWorkspace(name: string) {
    return this.ok<{ public_id: string; name: string; workspace_api_key: string; vectorstore_namespace: string; created_at: number }>(this.call('createWorkspace', { body: { name } }));
  }
  listWorkspaces() {
    return this.ok<{ workspaces: { public_id: string; name: string; created_at: number; api_key_prefix: string }[] }>(this.call('listWorkspaces'));
  }
  createEntity(body: CreateEntityBody) {
    return this.ok<EntityView & Record<string, any>>(this.call('createEntity', { body }));
  }
  createContent(content: ContentObject, extra: { entity_id?: string; id?: string; force_reindex?: boolean } = {}) {
    return this.ok<{ entity_id: string; created: boolean }>(this.call('createEntity', { body: { content, ...extra } }));
  }
  getEntity(entityId: string) {
    return this.ok<EntityView>(this.call('getEntity', { query: { entity_id: entityId } }));
  }
  /** Deletes by entity id, or (`{ url }`) the content entity with that URL. */
  deleteEntity(entityId: string | { url: string }) {
    return this.ok<{ success: boolean }>(this.call('deleteEntity', { query: typeof entityId === 'string' ? { entity_id: entityId } : { url: entityId.url } }));
  }
  registerType(entityType: string, description?: string) {
    return this.ok<{ success: boolean; entity_type: string; updated: boolean }>(this.call('registerType', { body: description === undefined ? { entity_type: entityType } : { entity_type: entityType, description } }));
  }
  getType(entityType: string) {
    return this.ok<{ entity_type: string; builtin: boolean; description: string; entity_count: number } & Record<string, any>>(this.call('getType', { query: { entity_type: entityType } }));
  }
  link(parentId: string, body?: { entity_id: string; rel?: string; weight?: number }) {
    return this.ok<any>(this.call('link', { params: { parent_id: parentId }, body }));
  }
  compose(entityId: string, body: { representation?: 'point' | 'subspace'; max_rank?: number; energy?: number } = {}) {
    return this.ok<any>(this.call('compose', { params: { entity_id: entityId }, body }));
  }
  batch(content: ContentObject[], extra: { ids?: (string | null)[]; entity_ids?: (string | null)[]; async?: boolean; force_reindex?: boolean } = {}) {
    return this.request<any>(...ROUTES.batch, { body: { content, ...extra } });
  }
  indexBatch(content: ContentObject[], extra: { ids?: (string | null)[]; entity_ids?: (string | null)[]; async?: boolean; force_reindex?: boolean } = {}) {
    return this.request<any>(...ROUTES.indexBatch, { body: { content, ...extra } });
  }
  index(content: ContentObject, extra: { entity_id?: string; id?: string; force_reindex?: boolean } = {}) {
    return this.ok<{ entity_id: string; created: boolean } & Record<string, any>>(this.call('index', { body: { content, ...extra } }));
  }
  job(jobId: string) {
    return this.ok<any>(this.call('job', { params: { job_id: jobId } }));
  }
  search(q: RankQuery, body: { query: string; additional_candidates?: ContentObject[]; limit?: number }) {
    return this.ok<{ results: any[] }>(this.call('search', { query: q, body }));
  }
  rerank(q: RankQuery, body: Record<string, unknown>) {
    return this.ok<{ results: any[]; skipped: { candidate: unknown; reason: string }[] }>(this.call('rerank', { query: q, body }));
  }
  score(q: RankQuery, content: unknown) {
    return this.ok<{ entity_id: string; score: number }>(this.call('score', { query: q, body: { content } }));
  }
  recommend(q: RankQuery, body: Record<string, unknown>) {
    return this.ok<{ results: any[]; skipped: { candidate: unknown; reason: string }[] }>(this.call('recommend', { query: q, body }));
  }
  ask(q: RankQuery, query: string) {
    return this.ok<{ answer: { role: string; content: { type: string; text: string }[] } }>(this.call('ask', { query: q, body: { query } }));
  }
  explain(q: RankQuery, query: string) {
    return this.ok<{ explanation: string }>(this.call('explain', { query: q, body: { query } }));
  }
  gauge(body: { response: string; followup: string; prompt?: string }) {
    return this.ok<{ resonance: number; response: string; followup: string; prompt: string }>(this.call('gauge', { body }));
  }
  clusters(query: { entity_type?: string; limit?: number; offset?: number } = {}) {
    return this.ok<{ results: any[] }>(this.call('clusters', { query }));
  }
  cluster(clusterId: string) {
    return this.ok<any>(this.call('cluster', { query: { cluster_id: clusterId } }));
  }
  /** A visualize session: `{ token, url, graph_url, expires_in, … }`. */
  visualize() {
    return this.ok<{ token: string; url: string; graph_url: string; expires_in: number } & Record<string, any>>(this.call('visualize'));
  }
  /** The graph of a visualize session (token-gated, no key needed). */
  visualizeGraph(token: string, maxNodes?: number) {
    return this.ok<any>(this.call('visualizeGraph', { query: { t: token, max_nodes: maxNodes } }));
  }
  /** The interactive page of a visualize session (HTML). */
  visualizeView(token: string) {
    return this.request<string>(...ROUTES.visualizeView, { query: { t: token } });
  }
}
