import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type TgConfig } from '@tg/config';
import { ERROR_CATALOG, OP, TgError, type ErrorCode } from '@tg/contracts';
import type { StreamChangeListener } from '@tg/messaging';
import { createLogger } from '@tg/observability';
import { buildGateway, type TgApp } from './app';
import type { HealthReport } from './health';
import { FakeOperationClient } from './testing/fake-operation-client';

// The gateway alone, through Fastify's inject (no socket, no NATS): auth, schema errors, error mapping,
// request ids and limits. The bus is an in-memory FakeOperationClient that keeps the bus client's contract;
// the same behaviour through real services is in the e2e tier (e2e/src/foundation.e2e.spec.ts and others).

const ACCOUNT = 'tg_sk_account0000000000000000';
const KEY_A = 'tg_wsk_aaaaaaaaaaaaaaaaaaaaaaaa';
const KEY_B = 'tg_wsk_bbbbbbbbbbbbbbbbbbbbbbbb';
/** Known to the admin service, sent by one test only (never seen before it). */
const KEY_C = 'tg_wsk_cccccccccccccccccccccccc';
const galya = (key: string) => key.replace(/^tg_/, 'galya_');
const KNOWN: Record<string, { kind: 'account' } | { kind: 'workspace'; workspace: string }> = {
  [ACCOUNT]: { kind: 'account' },
  [KEY_A]: { kind: 'workspace', workspace: 'ws_a' },
  [KEY_B]: { kind: 'workspace', workspace: 'ws_b' },
  [KEY_C]: { kind: 'workspace', workspace: 'ws_a' },
};
const WORKSPACES = new Set(['ws_a', 'ws_b']);

/** Installs the admin service's key checks and plain answers of the operations most tests call. */
function serveDefaults(rpc: FakeOperationClient): FakeOperationClient {
  rpc.busDown = false;
  rpc.defaultTimeoutMs = 2_000;
  return rpc
    .on(OP.admin.verifyKey, (req) => ({ data: KNOWN[req.data.key] ?? null }))
    .on(OP.admin.workspaceExists, (req) => ({ data: { exists: WORKSPACES.has(req.data.workspace_id) } }))
    .on(OP.admin.listWorkspaces, () => ({ data: { workspaces: [] } }))
    .on(OP.entity.get, (req) => ({ data: entityView(req.data.entity_id ?? req.data.url ?? '') }))
    .on(OP.entity.create, () => ({ data: entityView('u1') }));
}

async function gateway(rpc: FakeOperationClient, over: Partial<TgConfig> = {}, health?: () => HealthReport): Promise<TgApp> {
  const config = loadConfig({}, { logLevel: 'silent', ...over });
  const app = await buildGateway({ config, rpc, log: createLogger('gateway-test', 'silent'), health });
  await app.ready();
  return app;
}

const entityView = (id: string) => ({ id, entity_id: id, name: 'Ann', description: '', type: 'user', linked_content: [], linked_entities: [] });
const json = { 'content-type': 'application/json' };

// One gateway for the whole file (building one compiles every route's schemas: the slow part); each test
// starts from the default answers and an empty call log. Keys are checked on every request (cache TTL 0),
// so a test sees the same calls whatever ran before it, and a key seen once is still served stale.
const rpc = new FakeOperationClient();
let app: TgApp;
let health: HealthReport = { ok: true };
// Building a gateway takes well under a second on a quiet machine; the bound is for a loaded one.
beforeAll(async () => {
  app = await gateway(rpc, { bodyLimit: 4096, authCacheTtlMs: 0 }, () => health);
}, 60_000);
afterAll(() => app.close());
beforeEach(() => {
  serveDefaults(rpc);
  rpc.calls.length = 0;
});

describe('gateway: authentication', () => {

  it('answers 401 unauthorized without a key, calls no service, and closes the connection', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/entity?entity_id=u1' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Missing API key: send X-API-Key', code: 'unauthorized', message: 'Missing API key: send X-API-Key' });
    expect(res.headers['connection']).toBe('close');
    expect(rpc.calls).toEqual([]);
  });
  it('answers 401 for a key of no known shape without asking the admin service', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/entity?entity_id=u1', headers: { 'x-api-key': 'sk-live-123' } });
    expect([res.statusCode, res.json()]).toEqual([401, { error: 'Invalid API key', code: 'unauthorized', message: 'Invalid API key' }]);
    expect(rpc.calls).toEqual([]);
  });
  it('answers 401 for a well-formed key the admin service does not know (never issued, or revoked)', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/entity?entity_id=u1', headers: { 'x-api-key': 'tg_wsk_zzzzzzzzzzzzzzzzzzzzzzzz' } });
    expect([res.statusCode, res.json().code]).toEqual([401, 'unauthorized']);
    expect(rpc.callsTo(OP.entity.get)).toEqual([]);
  });
  it('scopes a workspace key to its workspace, from X-API-Key or Authorization: Bearer', async () => {
    for (const headers of [{ 'x-api-key': KEY_A }, { authorization: `Bearer ${KEY_A}` }]) {
      const res = await app.inject({ method: 'GET', url: '/v1/entity?entity_id=u1', headers });
      expect([res.statusCode, res.json()]).toEqual([200, entityView('u1')]);
    }
    expect(rpc.callsTo(OP.entity.get).map((c) => c.req)).toEqual([
      { ws: 'ws_a', data: { entity_id: 'u1' } },
      { ws: 'ws_a', data: { entity_id: 'u1' } },
    ]);
  });
  it('takes a Galya-style key (galya_wsk_, galya_sk_) as the same key as tg_wsk_, tg_sk_: the admin service sees one form', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/entity?entity_id=u1', headers: { 'x-api-key': galya(KEY_B) } });
    expect([res.statusCode, rpc.callsTo(OP.entity.get)[0]!.req.ws]).toEqual([200, 'ws_b']);
    const admin = await app.inject({ method: 'GET', url: '/v1/admin/workspaces', headers: { 'x-api-key': galya(ACCOUNT) } });
    expect([admin.statusCode, admin.json()]).toEqual([200, { workspaces: [] }]);
    expect(rpc.callsTo(OP.admin.verifyKey).map((c) => (c.req.data as { key: string }).key)).toEqual([KEY_B, ACCOUNT]);
  });
  it('rejects a workspace header naming another workspace than the key: 403 workspace_mismatch', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/entity?entity_id=u1', headers: { 'x-api-key': KEY_A, 'x-workspace-id': 'ws_b' } });
    expect([res.statusCode, res.json().code]).toEqual([403, 'workspace_mismatch']);
    expect(rpc.callsTo(OP.entity.get)).toEqual([]);
  });
  it('takes the account key on workspace routes with a workspace header (or the legacy X-Galya-Workspace-Id), else 400 workspace_required', async () => {
    const none = await app.inject({ method: 'GET', url: '/v1/entity?entity_id=u1', headers: { 'x-api-key': ACCOUNT } });
    expect([none.statusCode, none.json().code]).toEqual([400, 'workspace_required']);
    for (const header of ['x-workspace-id', 'x-galya-workspace-id']) {
      const res = await app.inject({ method: 'GET', url: '/v1/entity?entity_id=u1', headers: { 'x-api-key': ACCOUNT, [header]: 'ws_b' } });
      expect(res.statusCode).toBe(200);
    }
    expect(rpc.callsTo(OP.entity.get).map((c) => c.req.ws)).toEqual(['ws_b', 'ws_b']);
  });
  it('answers 403 forbidden for the account key naming a workspace that does not exist', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/entity?entity_id=u1', headers: { 'x-api-key': ACCOUNT, 'x-workspace-id': 'ws_nope' } });
    expect([res.statusCode, res.json()]).toEqual([403, { error: 'No such workspace for this account', code: 'forbidden', message: 'No such workspace for this account' }]);
  });
  it('keeps admin routes to the account secret: 403 for a valid workspace key, 401 for an unknown one or none', async () => {
    const ws = await app.inject({ method: 'GET', url: '/v1/admin/workspaces', headers: { 'x-api-key': KEY_A } });
    expect([ws.statusCode, ws.json()]).toEqual([403, { error: 'Admin routes need the account secret key', code: 'forbidden', message: 'Admin routes need the account secret key' }]);
    const unknown = await app.inject({ method: 'GET', url: '/v1/admin/workspaces', headers: { 'x-api-key': 'tg_sk_unknown' } });
    expect([unknown.statusCode, unknown.json().code]).toEqual([401, 'unauthorized']);
    const missing = await app.inject({ method: 'GET', url: '/v1/admin/workspaces' });
    expect([missing.statusCode, missing.json().code]).toEqual([401, 'unauthorized']);
    expect(rpc.callsTo(OP.admin.listWorkspaces)).toEqual([]);
  });
  it('needs no key for health and the OpenAPI document', async () => {
    expect((await app.inject({ method: 'GET', url: '/health' })).json()).toEqual({ status: 'ok' });
    const doc = await app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect([doc.statusCode, doc.json().openapi]).toEqual([200, '3.0.3']);
  });
});

describe('gateway: keys while the admin service is down', () => {
  it('serves a key verified before from its cache (stale), and answers 503 unavailable for a key never seen', async () => {
    const ask = (key: string) => app.inject({ method: 'GET', url: '/v1/entity?entity_id=u1', headers: { 'x-api-key': key } });
    expect((await ask(KEY_A)).statusCode).toBe(200);
    rpc.off(OP.admin.verifyKey);
    expect((await ask(KEY_A)).statusCode).toBe(200);
    const res = await ask(KEY_C);
    expect([res.statusCode, res.json()]).toEqual([503, { error: 'Service for admin is not available', code: 'unavailable', message: 'Service for admin is not available' }]);
  });
});

describe('gateway: schema errors are 400 { error, code } and reach no service', () => {

  const content = { url: 'https://x.test/a', type: 'text', content: 'jazz' };
  const rank = '?relative_to_entity_id=u1&in_terms_of_entity_type=content';
  type Case = [name: string, method: 'GET' | 'POST' | 'DELETE', url: string, body: unknown, code: ErrorCode, message: RegExp];
  const cases: Case[] = [
    ['POST /admin/workspaces without a name', 'POST', '/v1/admin/workspaces', {}, 'validation_failed', /body must have required property 'name'/],
    ['POST /admin/workspaces with an unknown field', 'POST', '/v1/admin/workspaces', { name: 'a', plan: 'pro' }, 'validation_failed', /must NOT have additional properties 'plan'/],
    ['POST /entity with a number for a name', 'POST', '/v1/entity', { type: 'user', name: 5 }, 'validation_failed', /body\.name must be string/],
    ['POST /entity with a type that is no type name', 'POST', '/v1/entity', { type: '1 bad', name: 'x' }, 'validation_failed', /body\.type must match pattern/],
    ['POST /entity in content mode with entity fields', 'POST', '/v1/entity', { content, name: 'x' }, 'bad_request', /remove name/],
    ['POST /entity with entity_id but no content', 'POST', '/v1/entity', { type: 'user', name: 'x', entity_id: 'u1' }, 'bad_request', /belong to content mode/],
    ['POST /entity with content of an unknown media type', 'POST', '/v1/entity', { content: { ...content, type: 'pdf' } }, 'validation_failed', /body\.content\.type/],
    ['GET /entity without entity_id or url', 'GET', '/v1/entity', undefined, 'bad_request', /entity_id \(or url\) is required/],
    ['GET /entity with an unknown parameter', 'GET', '/v1/entity?entity_id=u1&x=1', undefined, 'validation_failed', /querystring must NOT have additional properties 'x'/],
    ['DELETE /entity without entity_id or url', 'DELETE', '/v1/entity', undefined, 'bad_request', /entity_id \(or url\) is required/],
    ['POST /entity/type without entity_type', 'POST', '/v1/entity/type', { description: 'x' }, 'validation_failed', /required property 'entity_type'/],
    ['GET /entity/type without entity_type', 'GET', '/v1/entity/type', undefined, 'validation_failed', /required property 'entity_type'/],
    ['POST /entity/{id}/link naming two children', 'POST', '/v1/entity/p/link', { entity_id: 'a', child_id: 'b' }, 'bad_request', /name different children/],
    ['POST /entity/{id}/link with rel and relation differing', 'POST', '/v1/entity/p/link', { entity_id: 'a', rel: 'x', relation: 'y' }, 'bad_request', /rel and relation differ/],
    ['POST /entity/{id}/link with a weight but no child', 'POST', '/v1/entity/p/link', { weight: 0.5 }, 'validation_failed', /need a child/],
    ['POST /entity/{id}/link with a weight over 1', 'POST', '/v1/entity/p/link', { entity_id: 'a', weight: 2 }, 'validation_failed', /body\.weight must be <= 1/],
    ['POST /entity/{id}/compose with an unknown representation', 'POST', '/v1/entity/p/compose', { representation: 'cloud' }, 'validation_failed', /body\.representation/],
    ['POST /entity/batch with content that is no array', 'POST', '/v1/entity/batch', { content: 'x' }, 'validation_failed', /body\.content must be array/],
    ['POST /index/batch with a content item without a URL', 'POST', '/v1/index/batch', { content: [{ type: 'text' }] }, 'validation_failed', /required property 'url'/],
    ['POST /index without content', 'POST', '/v1/index', {}, 'validation_failed', /required property 'content'/],
    ['GET /clusters with a limit that is no integer', 'GET', '/v1/clusters?limit=many', undefined, 'validation_failed', /querystring\.limit must be integer/],
    ['GET /cluster without cluster_id', 'GET', '/v1/cluster', undefined, 'validation_failed', /required property 'cluster_id'/],
    ['POST /search without the anchor parameters', 'POST', '/v1/search', { query: 'jazz' }, 'bad_request', /Missing query parameters: relative_to_entity_id, in_terms_of_entity_type/],
    ['POST /search for a type that cannot be ranked', 'POST', '/v1/search?relative_to_entity_id=u1&in_terms_of_entity_type=playlist', { query: 'jazz' }, 'bad_request', /in_terms_of_entity_type must be one of/],
    ['POST /search without a query', 'POST', `/v1/search${rank}`, {}, 'validation_failed', /required property 'query'/],
    ['POST /rerank without candidates', 'POST', `/v1/rerank${rank}`, {}, 'validation_failed', /required property 'candidates'/],
    ['POST /rerank for an unknown domain', 'POST', `/v1/rerank${rank}&domain=cars`, { candidates: ['a'] }, 'unknown_domain', /Unknown domain 'cars'; allowed: uiux/],
    ['POST /score with a domain (not accepted there)', 'POST', `/v1/score${rank}&domain=uiux`, { content: { entity_id: 'c1' } }, 'bad_request', /domain is not accepted here/],
    ['POST /score with two ways of naming the candidate', 'POST', `/v1/score${rank}`, { content: { entity_id: 'c1', id: 'c1' } }, 'validation_failed', /body\.content/],
    ['POST /recommend without history', 'POST', `/v1/recommend${rank}`, { candidates: ['a'] }, 'validation_failed', /required property 'history'/],
    ['POST /ask with an empty query', 'POST', `/v1/ask${rank}`, { query: '' }, 'validation_failed', /body\.query must NOT have fewer than 1 characters/],
    ['POST /explain for an unknown task', 'POST', `/v1/explain${rank}&task=poem`, { query: 'why' }, 'unknown_task', /Unknown task 'poem'/],
    ['POST /gauge without a followup', 'POST', '/v1/gauge', { response: 'hi' }, 'validation_failed', /required property 'followup'/],
  ];
  it.each(cases)('%s', async (_name, method, url, body, code, message) => {
    const key = url.startsWith('/v1/admin/') ? ACCOUNT : KEY_A;
    const res = await app.inject({ method, url, headers: { 'x-api-key': key, ...(body === undefined ? {} : json) }, payload: body === undefined ? undefined : JSON.stringify(body) });
    expect(res.statusCode).toBe(400);
    const b = res.json();
    expect(b).toMatchObject({ code, error: expect.stringMatching(message) });
    expect(b.message).toBe(b.error);
    expect(rpc.calls.filter((c) => c.subject !== OP.admin.verifyKey.subject)).toEqual([]);
  });

  it('answers invalid_json for a body that does not parse, 415 for a media type it does not read (text/plain too), and 404 for an unknown route', async () => {
    const bad = await app.inject({ method: 'POST', url: '/v1/entity', headers: { 'x-api-key': KEY_A, ...json }, payload: '{"type":' });
    expect([bad.statusCode, bad.json()]).toEqual([400, { error: 'Request body is not valid JSON', code: 'invalid_json', message: 'Request body is not valid JSON' }]);
    const xml = await app.inject({ method: 'POST', url: '/v1/entity', headers: { 'x-api-key': KEY_A, 'content-type': 'application/xml' }, payload: '<entity/>' });
    expect([xml.statusCode, xml.json().code]).toEqual([415, 'unsupported_media_type']);
    const text = await app.inject({ method: 'POST', url: '/v1/entity', headers: { 'x-api-key': KEY_A, 'content-type': 'text/plain' }, payload: 'hello' });
    expect([text.statusCode, text.json().code]).toEqual([415, 'unsupported_media_type']);
    const none = await app.inject({ method: 'GET', url: '/v1/nothing-here', headers: { 'x-api-key': KEY_A } });
    expect([none.statusCode, none.json()]).toEqual([404, { error: 'No route GET /v1/nothing-here', code: 'route_not_found', message: 'No route GET /v1/nothing-here' }]);
  });
  it('answers 400 for a path id longer than an id may be, and for a URL with bad percent-encoding', async () => {
    const long = await app.inject({ method: 'POST', url: `/v1/entity/${'x'.repeat(513 * 12)}/link`, headers: { 'x-api-key': KEY_A, ...json }, payload: '{}' });
    expect([long.statusCode, long.json().code]).toEqual([400, 'validation_failed']);
    const pct = await app.inject({ method: 'POST', url: '/v1/entity/%E0%A4%A/link', headers: { 'x-api-key': KEY_A, ...json }, payload: '{}' });
    expect([pct.statusCode, pct.json().code]).toEqual([400, 'bad_request']);
  });
});

describe('gateway: what a service answers, on the wire', () => {
  const get = (headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: '/v1/entity?entity_id=u1', headers: { 'x-api-key': KEY_A, ...headers } });

  it.each(Object.keys(ERROR_CATALOG) as ErrorCode[])('maps a service error %s to its status and { error, code, message, details }', async (code) => {
    rpc.on(OP.entity.get, () => {
      throw new TgError(code, `the service said ${code}`, { field: 'x' });
    });
    const res = await get();
    expect(res.statusCode).toBe(ERROR_CATALOG[code]);
    expect(res.json()).toEqual({ error: `the service said ${code}`, code, message: `the service said ${code}`, details: { field: 'x' } });
  });
  it('answers 500 internal, without the cause, when a service fails with something that is no TgError', async () => {
    rpc.on(OP.entity.get, () => {
      throw new Error('database password is hunter2');
    });
    const res = await get();
    expect([res.statusCode, res.json()]).toEqual([500, { error: 'Internal error', code: 'internal', message: 'Internal error' }]);
  });
  it('answers 503 unavailable when no instance serves the operation, and when the bus is down', async () => {
    rpc.off(OP.entity.get);
    const gone = await get();
    expect([gone.statusCode, gone.json()]).toEqual([503, { error: 'Service for entity is not available', code: 'unavailable', message: 'Service for entity is not available' }]);
    rpc.busDown = true;
    const down = await get({ 'x-api-key': ACCOUNT, 'x-workspace-id': 'ws_nope' });
    expect([down.statusCode, down.json().code]).toEqual([503, 'unavailable']);
  });
  it('answers 504 timeout when the service does not answer within the call\'s time', async () => {
    rpc.on(OP.entity.get, () => new Promise<never>(() => undefined));
    rpc.defaultTimeoutMs = 50;
    const res = await get();
    expect([res.statusCode, res.json()]).toEqual([504, { error: 'Service for entity did not answer in time', code: 'timeout', message: 'Service for entity did not answer in time' }]);
  });
  it('gives the long operations their own timeouts (ask and explain 60 s, batches 300 s) and the others the client default', async () => {
    rpc.on(OP.rank.ask, () => ({ data: { answer: { role: 'assistant', content: [{ type: 'text', text: 'hi' }] } } }));
    rpc.on(OP.ingest.batch, () => ({ data: { status: 200, body: { results: [] } } }));
    rpc.on(OP.entity.get, () => ({ data: entityView('u1') }));
    await app.inject({ method: 'POST', url: '/v1/ask?relative_to_entity_id=u1&in_terms_of_entity_type=content', headers: { 'x-api-key': KEY_A, ...json }, payload: '{"query":"what next?"}' });
    await app.inject({ method: 'POST', url: '/v1/entity/batch', headers: { 'x-api-key': KEY_A, ...json }, payload: JSON.stringify({ content: [{ url: 'https://x.test/a', type: 'text' }] }) });
    await get();
    expect([OP.rank.ask, OP.ingest.batch, OP.entity.get].map((s) => rpc.callsTo(s)[0]!.opts.timeoutMs)).toEqual([60_000, 300_000, undefined]);
  });
  it('passes the batch answer\'s own status through (202 and a job for large batches)', async () => {
    rpc.on(OP.ingest.batch, () => ({ data: { status: 202, body: { job_id: 'j1', status: 'Submitted' } }, seq: 7 }));
    const res = await app.inject({ method: 'POST', url: '/v1/index/batch', headers: { 'x-api-key': KEY_A, ...json }, payload: JSON.stringify({ content: [{ url: 'https://x.test/a', type: 'text' }] }) });
    expect([res.statusCode, res.json()]).toEqual([202, { job_id: 'j1', status: 'Submitted' }]);
  });
  it('sends each call with the highest sequence this gateway saw written in that workspace (read-your-writes)', async () => {
    rpc.on(OP.entity.create, () => ({ data: entityView('u1'), seq: 42 }));
    rpc.on(OP.entity.get, () => ({ data: entityView('u1') }));
    await app.inject({ method: 'POST', url: '/v1/entity', headers: { 'x-api-key': KEY_A, ...json }, payload: JSON.stringify({ type: 'user', name: 'Ann', id: 'u1' }) });
    await get();
    await get({ 'x-api-key': KEY_B });
    expect(rpc.callsTo(OP.entity.create).map((c) => c.req.data)).toEqual([{ type: 'user', name: 'Ann', id: 'u1' }]);
    expect(rpc.callsTo(OP.entity.get).map((c) => [c.req.ws, c.req.minSeq])).toEqual([['ws_a', 42], ['ws_b', undefined]]);
  });
  it('turns an empty JSON body into "no body" (a link rebuild) and maps the path to the operation', async () => {
    rpc.on(OP.entity.link, () => ({ data: { entity_id: 'p' } }));
    const res = await app.inject({ method: 'POST', url: '/v1/entity/p%2F1/link', headers: { 'x-api-key': KEY_A, ...json }, payload: '' });
    expect([res.statusCode, rpc.callsTo(OP.entity.link)[0]!.req.data]).toEqual([200, { parent_id: 'p/1' }]);
  });
  it('passes a link done but not composed in time (composed: false) through to the client as 200', async () => {
    const done = { parent_id: 'p', entity_id: 'c', rel: 'about', weight: 1, representation: 'point', subspace_rank: 0, linked: true, composed: false };
    rpc.on(OP.entity.link, () => ({ data: done, seq: 7 }));
    const res = await app.inject({ method: 'POST', url: '/v1/entity/p/link', headers: { 'x-api-key': KEY_A, ...json }, payload: JSON.stringify({ entity_id: 'c' }) });
    expect([res.statusCode, res.json()]).toEqual([200, done]);
  });
  it('answers /health 503 with the reason when a read model halted', async () => {
    health = { ok: false, reason: 'projection catalog halted at 17', halted: { projection: 'catalog', seq: 17 } };
    const res = await app.inject({ method: 'GET', url: '/v1/health' });
    health = { ok: true };
    expect([res.statusCode, res.json()]).toEqual([
      503,
      { status: 'unavailable', error: 'projection catalog halted at 17', code: 'unavailable', message: 'projection catalog halted at 17', reason: 'projection catalog halted at 17' },
    ]);
  });
});

describe('gateway: request ids and limits', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it('keeps a well-formed X-Request-Id: echoed in the answer and carried to every service call of the request', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/entity?entity_id=u1', headers: { 'x-api-key': KEY_A, 'x-request-id': 'client-req:42' } });
    expect(res.headers['x-request-id']).toBe('client-req:42');
    expect(rpc.calls.map((c) => [c.subject, c.opts.requestId])).toEqual([
      [OP.admin.verifyKey.subject, 'client-req:42'],
      [OP.entity.get.subject, 'client-req:42'],
    ]);
  });
  it('replaces a missing X-Request-Id with a fresh UUID, and one it does not take as it is with an id derived from it (the same each time), also on errors', async () => {
    const none = await app.inject({ method: 'GET', url: '/v1/entity?entity_id=u1', headers: { 'x-api-key': KEY_A } });
    expect(none.headers['x-request-id']).toMatch(UUID);
    expect(rpc.callsTo(OP.entity.get)[0]!.opts.requestId).toBe(none.headers['x-request-id']);
    const odd = { 'x-api-key': KEY_A, 'x-request-id': 'has spaces and "quotes"' };
    const bad = await app.inject({ method: 'GET', url: '/v1/entity?entity_id=u1', headers: odd });
    expect(bad.headers['x-request-id']).toMatch(/^rid-[\w-]{43}$/);
    expect(rpc.callsTo(OP.entity.get)[1]!.opts.requestId).toBe(bad.headers['x-request-id']);
    expect((await app.inject({ method: 'GET', url: '/v1/entity?entity_id=u1', headers: odd })).headers['x-request-id']).toBe(bad.headers['x-request-id']);
    const refused = await app.inject({ method: 'GET', url: '/v1/entity', headers: { 'x-request-id': 'r-401' } });
    expect([refused.statusCode, refused.headers['x-request-id']]).toEqual([401, 'r-401']);
  });
  it('answers 413 payload_too_large for a body over the limit, and takes one under it', async () => {
    const over = await app.inject({ method: 'POST', url: '/v1/entity', headers: { 'x-api-key': KEY_A, ...json }, payload: JSON.stringify({ type: 'user', name: 'x'.repeat(5000) }) });
    expect([over.statusCode, over.json()]).toEqual([413, { error: 'Request body is too large', code: 'payload_too_large', message: 'Request body is too large' }]);
    expect(rpc.callsTo(OP.entity.create)).toEqual([]);
    const under = await app.inject({ method: 'POST', url: '/v1/entity', headers: { 'x-api-key': KEY_A, ...json }, payload: JSON.stringify({ type: 'user', name: 'x'.repeat(900) }) });
    expect(under.statusCode).toBe(200);
  });
  it('answers 429 rate_limited past the per-key rate', async () => {
    const limited = await gateway(serveDefaults(new FakeOperationClient()), { rateLimitPerMinute: 2 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) codes.push((await limited.inject({ method: 'GET', url: '/v1/entity?entity_id=u1', headers: { 'x-api-key': KEY_A } })).statusCode);
      const last = await limited.inject({ method: 'GET', url: '/v1/entity?entity_id=u1', headers: { 'x-api-key': KEY_A } });
      expect([...codes, last.statusCode]).toEqual([200, 200, 429, 429]);
      expect(last.json()).toEqual({ error: 'Too many requests', code: 'rate_limited', message: 'Too many requests' });
    } finally {
      await limited.close();
    }
  }, 60_000);
  it('answers 429 rate_limited to a client past its rate of failed key checks, without asking the admin service; keys it already uses still work', async () => {
    const bus = serveDefaults(new FakeOperationClient());
    const limited = await gateway(bus, { authFailuresPerMinute: 3, authCacheTtlMs: 0 });
    try {
      const get = (key: string, remoteAddress = '10.0.0.1') => limited.inject({ method: 'GET', url: '/v1/entity?entity_id=u1', headers: { 'x-api-key': key }, remoteAddress });
      expect((await get(KEY_A)).statusCode).toBe(200);
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await get(`tg_wsk_unknown${i}aaaaaaaaaaaaaaaaa`)).statusCode);
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      // Each unknown key costs the admin service a check; past the rate they cost nothing.
      expect(bus.callsTo(OP.admin.verifyKey)).toHaveLength(1 + 3);
      const refused = await get('tg_wsk_unknown9aaaaaaaaaaaaaaaaa');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'rate_limited' });
      expect(typeof refused.json().error).toBe('string');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['connection']).toBe('close');
      // The key this client already uses (verified before, also once past its cache TTL) still works; another
      // client is not limited.
      expect((await get(KEY_A)).statusCode).toBe(200);
      expect((await get('tg_wsk_unknown9aaaaaaaaaaaaaaaaa', '10.0.0.2')).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  }, 60_000);
});

describe('gateway: clients behind a trusted proxy', () => {
  it('counts failed key checks per client named by X-Forwarded-For from a trusted proxy, and per peer from anyone else', async () => {
    const bus = serveDefaults(new FakeOperationClient());
    const gw = await gateway(bus, { authFailuresPerMinute: 2, trustedProxies: ['10.0.0.9'] });
    try {
      const get = (remoteAddress: string, forwardedFor: string, n: number) =>
        gw.inject({ method: 'GET', url: '/v1/entity?entity_id=u1', headers: { 'x-api-key': `tg_wsk_madeup${n}aaaaaaaaaaaaaaaaa`, 'x-forwarded-for': forwardedFor }, remoteAddress });
      const through = async (client: string) => [(await get('10.0.0.9', client, 1)).statusCode, (await get('10.0.0.9', client, 2)).statusCode, (await get('10.0.0.9', client, 3)).statusCode];
      // Two clients behind the proxy: a budget each.
      expect(await through('203.0.113.1')).toEqual([401, 401, 429]);
      expect(await through('203.0.113.2')).toEqual([401, 401, 429]);
      // A peer that is not a trusted proxy cannot choose its budget by the header: it is counted as itself.
      expect([(await get('10.0.0.1', '203.0.113.3', 1)).statusCode, (await get('10.0.0.1', '203.0.113.4', 2)).statusCode, (await get('10.0.0.1', '203.0.113.5', 3)).statusCode]).toEqual([401, 401, 429]);
    } finally {
      await gw.close();
    }
  }, 60_000);
});

describe('gateway: read-your-writes marks across a re-created stream', () => {
  it('forgets the marks of a stream found re-created after a reconnect, and keeps those the new stream acknowledged', async () => {
    const bus = serveDefaults(new FakeOperationClient());
    let stream: StreamChangeListener | undefined;
    const config = loadConfig({}, { logLevel: 'silent', authCacheTtlMs: 0 });
    const gw = await buildGateway({ config, rpc: bus, log: createLogger('gateway-test', 'silent'), watchStream: (l) => ((stream = l), { stop: () => undefined }) });
    try {
      const write = async (key: string, seq: number) => {
        bus.on(OP.entity.create, () => ({ data: entityView('u1'), seq }));
        const res = await gw.inject({ method: 'POST', url: '/v1/entity', headers: { 'x-api-key': key, ...json }, payload: JSON.stringify({ type: 'user', name: 'Ann' }) });
        expect(res.statusCode).toBe(200);
      };
      const seen = async (key: string) => {
        bus.calls.length = 0;
        await gw.inject({ method: 'GET', url: '/v1/entity?entity_id=u1', headers: { 'x-api-key': key } });
        return bus.callsTo(OP.entity.get)[0]!.req.minSeq;
      };
      await write(KEY_A, 900);
      await write(KEY_B, 950);
      expect([await seen(KEY_A), await seen(KEY_B)]).toEqual([900, 950]);
      // The server comes back: until the check says otherwise the marks stand (a reconnect alone changes nothing).
      const token = stream!.reconnected();
      expect(await seen(KEY_A)).toBe(900);
      // Acknowledged by the stream as it is now, before the check finds it re-created: kept.
      await write(KEY_B, 3);
      stream!.replaced(token, { was: '1', now: '2' });
      // Without this a read of ws_a would wait for sequence 900 of a stream that restarted at 1 (and answer 503).
      expect([await seen(KEY_A), await seen(KEY_B)]).toEqual([undefined, 3]);
      await write(KEY_A, 5);
      expect(await seen(KEY_A)).toBe(5);
      // A later reconnect to the same stream keeps every mark.
      stream!.reconnected();
      expect([await seen(KEY_A), await seen(KEY_B)]).toEqual([5, 3]);
    } finally {
      await gw.close();
    }
  });
});
