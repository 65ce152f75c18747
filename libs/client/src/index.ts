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
}

type Query = Record<string, string | number | boolean | undefined>;
type RankQuery = { relative_to_entity_id: string; in_terms_of_entity_type: string; domain?: string; task?: string };

/** A typed client of the tastegraph HTTP API (used by the e2e tests, the benchmarks and the CLI). */
export class TastegraphClient {
  private readonly f: typeof fetch;
  constructor(readonly opts: ClientOptions) {
    this.f = opts.fetch ?? fetch;
  }

  /** A client for another key or workspace on the same server. */
  with(over: Partial<ClientOptions>): TastegraphClient {
    return new TastegraphClient({ ...this.opts, ...over });
  }

  /** Sends any request; never throws on an HTTP status. `body` may be a string sent as is. */
  async request<T = any>(method: string, path: string, init: { query?: Query; body?: unknown; headers?: Record<string, string> } = {}): Promise<ApiResponse<T>> {
    const url = new URL(this.opts.baseUrl.replace(/\/+$/, '') + path);
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

  createWorkspace(name: string) {
    return this.ok<{ public_id: string; name: string; workspace_api_key: string; vectorstore_namespace: string; created_at: number }>(this.request('POST', '/admin/workspaces', { body: { name } }));
  }
  listWorkspaces() {
    return this.ok<{ workspaces: { public_id: string; name: string; created_at: number; api_key_prefix: string }[] }>(this.request('GET', '/admin/workspaces'));
  }
  createEntity(body: CreateEntityBody) {
    return this.ok<EntityView & Record<string, any>>(this.request('POST', '/entity', { body }));
  }
  createContent(content: ContentObject, extra: { entity_id?: string; id?: string; force_reindex?: boolean } = {}) {
    return this.ok<{ entity_id: string; created: boolean }>(this.request('POST', '/entity', { body: { content, ...extra } }));
  }
  getEntity(entityId: string) {
    return this.ok<EntityView>(this.request('GET', '/entity', { query: { entity_id: entityId } }));
  }
  deleteEntity(entityId: string) {
    return this.ok<{ success: boolean }>(this.request('DELETE', '/entity', { query: { entity_id: entityId } }));
  }
  registerType(entityType: string) {
    return this.ok<{ success: boolean; entity_type: string; updated: boolean }>(this.request('POST', '/entity/type', { body: { entity_type: entityType } }));
  }
  link(parentId: string, body?: { entity_id: string; rel?: string; weight?: number }) {
    return this.ok<any>(this.request('POST', `/entity/${encodeURIComponent(parentId)}/link`, { body }));
  }
  batch(content: ContentObject[], extra: { ids?: (string | null)[]; async?: boolean } = {}) {
    return this.request<any>('POST', '/entity/batch', { body: { content, ...extra } });
  }
  job(jobId: string) {
    return this.ok<any>(this.request('GET', `/entity/batch/jobs/${encodeURIComponent(jobId)}`));
  }
  search(q: RankQuery, body: { query: string; additional_candidates?: ContentObject[]; limit?: number }) {
    return this.ok<{ results: any[] }>(this.request('POST', '/search', { query: q, body }));
  }
  rerank(q: RankQuery, body: Record<string, unknown>) {
    return this.ok<{ results: any[] }>(this.request('POST', '/rerank', { query: q, body }));
  }
  score(q: RankQuery, content: unknown) {
    return this.ok<{ entity_id: string; score: number }>(this.request('POST', '/score', { query: q, body: { content } }));
  }
  recommend(q: RankQuery, body: Record<string, unknown>) {
    return this.ok<{ results: any[] }>(this.request('POST', '/recommend', { query: q, body }));
  }
  ask(q: RankQuery, query: string) {
    return this.ok<{ answer: { role: string; content: { type: string; text: string }[] } }>(this.request('POST', '/ask', { query: q, body: { query } }));
  }
  explain(q: RankQuery, query: string) {
    return this.ok<{ explanation: string }>(this.request('POST', '/explain', { query: q, body: { query } }));
  }
  gauge(body: { response: string; followup: string; prompt?: string }) {
    return this.ok<{ resonance: number; response: string; followup: string; prompt: string }>(this.request('POST', '/gauge', { body }));
  }
  clusters(query: { entity_type?: string; limit?: number; offset?: number } = {}) {
    return this.ok<{ results: any[] }>(this.request('GET', '/clusters', { query }));
  }
}
