import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TastegraphClient } from '@tg/client';
import { eventually, startStack, type TestStack } from '@tg/test-stack';

type WsClient = Awaited<ReturnType<TestStack['workspace']>>;

describe('foundation: workspaces, keys, entities and types through the gateway', () => {
  let s: TestStack;
  let a: WsClient;
  let b: WsClient;
  beforeAll(async () => {
    // Gateway → services over NATS here (the deployed shape); the other suites use the all-in-one default,
    // where the gateway calls the services of its own process directly (rpc.int.spec checks both agree).
    s = await startStack({ bodyLimit: 64 * 1024, rpcPreferLocal: false });
    a = await s.workspace('alpha');
    b = await s.workspace('beta');
  });
  afterAll(async () => s?.stop());

  describe('health and documentation', () => {
    it('answers /health and /v1/health without a key', async () => {
      const anon = new TastegraphClient({ baseUrl: s.baseUrl });
      expect((await anon.request('GET', '/health')).body).toEqual({ status: 'ok' });
      const root = new TastegraphClient({ baseUrl: s.baseUrl.replace(/\/v1$/, '') });
      expect((await root.request('GET', '/health')).status).toBe(200);
    });
    it('serves the OpenAPI document and the docs page', async () => {
      const anon = new TastegraphClient({ baseUrl: s.baseUrl });
      const doc = await anon.request('GET', '/openapi.json');
      expect(doc.status).toBe(200);
      expect(doc.body.openapi).toMatch(/^3\./);
      for (const p of ['/v1/entity', '/v1/entity/type', '/v1/admin/workspaces', '/v1/entity/{parent_id}/link', '/v1/search']) expect(Object.keys(doc.body.paths)).toContain(p);
      const docs = await fetch(s.baseUrl.replace(/\/v1$/, '/docs/'));
      expect(docs.status).toBe(200);
    });
    it('exposes Prometheus metrics by route pattern (no ids in labels)', async () => {
      await a.request('GET', '/entity', { query: { entity_id: 'metrics-probe' } });
      const text = await (await fetch(s.baseUrl.replace(/\/v1$/, '/metrics'))).text();
      expect(text).toMatch(/tastegraph_http_requests_total\{route="\/v1\/entity",method="GET",status="404"\} \d+/);
      expect(text).not.toContain('metrics-probe');
      expect(text).toContain('tastegraph_http_request_duration_seconds_bucket');
    });
    it('echoes a request id, or creates one', async () => {
      const r = await a.request('GET', '/clusters', { headers: { 'x-request-id': 'my-req-1' } });
      expect(r.headers.get('x-request-id')).toBe('my-req-1');
      const r2 = await a.request('GET', '/clusters');
      expect(r2.headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
    });
  });

  describe('admin routes', () => {
    it('creates a workspace with the account secret: key shown once, public id ws_…', async () => {
      const r = await s.admin.request('POST', '/admin/workspaces', { body: { name: 'gamma' } });
      expect(r.status).toBe(200);
      expect(r.body.public_id).toMatch(/^ws_[A-Za-z0-9]+$/);
      expect(r.body.workspace_api_key).toMatch(/^tg_wsk_/);
      expect(r.body.vectorstore_namespace).toBeTruthy();
      expect(typeof r.body.created_at).toBe('number');
      const list = await s.admin.listWorkspaces();
      const row = list.workspaces.find((w) => w.public_id === r.body.public_id)!;
      expect(row.name).toBe('gamma');
      expect(r.body.workspace_api_key.startsWith(row.api_key_prefix)).toBe(true);
      expect(JSON.stringify(list)).not.toContain(r.body.workspace_api_key);
    });
    it('refuses admin routes without the account secret', async () => {
      const anon = new TastegraphClient({ baseUrl: s.baseUrl });
      expect((await anon.request('GET', '/admin/workspaces')).status).toBe(401);
      expect((await anon.with({ apiKey: 'tg_sk_wrongwrongwrongwrongwrong' }).request('GET', '/admin/workspaces')).status).toBe(401);
      const r = await a.request('POST', '/admin/workspaces', { body: { name: 'x' } });
      expect(r.status).toBe(403);
      expect(r.body.code).toBe('forbidden');
    });
    it('validates the create body', async () => {
      for (const body of [{}, { name: '' }, { name: 5 }, { name: 'x', extra: true }]) {
        const r = await s.admin.request('POST', '/admin/workspaces', { body });
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.body.code).toBe('validation_failed');
      }
    });
  });

  describe('authentication on workspace routes', () => {
    it('answers 401 without a key or with a bad key, with { error, code }', async () => {
      const anon = new TastegraphClient({ baseUrl: s.baseUrl });
      for (const c of [anon, anon.with({ apiKey: 'nope' }), anon.with({ apiKey: 'tg_wsk_notarealkeyatall000000' })]) {
        const r = await c.request('GET', '/clusters', { query: { limit: 1 } });
        expect(r.status).toBe(401);
        expect(r.body).toMatchObject({ code: 'unauthorized', error: expect.any(String) });
      }
    });
    it('accepts Authorization: Bearer', async () => {
      const bearer = new TastegraphClient({ baseUrl: s.baseUrl });
      const r = await bearer.request('GET', '/clusters', { query: { limit: 1 }, headers: { authorization: `Bearer ${a.key}` } });
      expect(r.status).toBe(200);
      expect(r.body.results).toEqual([]);
    });
    it('accepts the account secret with a workspace header (both names), and requires the header', async () => {
      const made = await a.createEntity({ type: 'user', name: 'Header test' });
      for (const header of ['x-workspace-id', 'x-galya-workspace-id']) {
        const r = await s.admin.request('GET', '/entity', { query: { entity_id: made.id }, headers: { [header]: a.workspaceId } });
        expect(r.status, header).toBe(200);
      }
      const none = await s.admin.request('GET', '/entity', { query: { entity_id: made.id } });
      expect(none.status).toBe(400);
      expect(none.body.code).toBe('workspace_required');
      const unknown = await s.admin.request('GET', '/entity', { query: { entity_id: made.id }, headers: { 'x-workspace-id': 'ws_doesnotexist' } });
      expect(unknown.status).toBe(403);
    });
    it('answers 403 workspace_mismatch when a workspace key names another workspace', async () => {
      const r = await a.request('GET', '/clusters', { headers: { 'x-workspace-id': b.workspaceId } });
      expect(r.status).toBe(403);
      expect(r.body.code).toBe('workspace_mismatch');
      expect((await a.request('GET', '/clusters', { headers: { 'x-workspace-id': a.workspaceId } })).status).toBe(200);
    });
  });

  describe('entities (mode A)', () => {
    it('creates a user with a generated id, reads it, deletes it, then 404 Entity not found', async () => {
      const made = await a.createEntity({ type: 'user', name: 'Ann', description: 'likes jazz' });
      expect(made.id).toBeTruthy();
      expect(made.entity_id).toBe(made.id);
      expect(made).toMatchObject({ name: 'Ann', description: 'likes jazz', type: 'user', linked_content: [], linked_entities: [], created: true });
      const got = await a.getEntity(made.id);
      expect(got).toMatchObject({ id: made.id, entity_id: made.id, name: 'Ann', type: 'user', linked_content: [], linked_entities: [] });
      expect((await a.request('DELETE', '/entity', { query: { entity_id: made.id } })).body).toEqual({ success: true });
      const gone = await a.request('GET', '/entity', { query: { entity_id: made.id } });
      expect(gone.status).toBe(404);
      expect(gone.body).toMatchObject({ error: 'Entity not found', code: 'entity_not_found' });
      expect((await a.request('DELETE', '/entity', { query: { entity_id: made.id } })).status).toBe(404);
    });
    it('accepts the legacy entity_type alias and a caller id; a repeat is idempotent (created: false)', async () => {
      const first = await a.createEntity({ entity_type: 'place', name: 'Blue Note', id: 'place-1' });
      expect(first).toMatchObject({ id: 'place-1', type: 'place', created: true });
      const again = await a.createEntity({ entity_type: 'place', name: 'Blue Note', id: 'place-1' });
      expect(again.created).toBe(false);
      const renamed = await a.createEntity({ type: 'place', name: 'Blue Note NYC', id: 'place-1' });
      expect(renamed).toMatchObject({ created: false, name: 'Blue Note NYC' });
    });
    it('answers 400 "Entity requires name and type"', async () => {
      for (const body of [{ name: 'x' }, { type: 'user' }, { description: 'only' }]) {
        const r = await a.request('POST', '/entity', { body });
        expect(r.status).toBe(400);
        expect(r.body.error).toBe('Entity requires name and type');
      }
    });
    it('refuses an unregistered type, then accepts it once registered (201), and reads the type back', async () => {
      const before = await a.request('POST', '/entity', { body: { type: 'playlist', name: 'Late night' } });
      expect(before.status).toBe(400);
      expect(before.body.code).toBe('unknown_entity_type');
      expect(before.body.error).toMatch(/register/i);
      const reg = await a.request('POST', '/entity/type', { body: { entity_type: 'playlist' } });
      expect(reg.status).toBe(201);
      expect(reg.body).toEqual({ success: true, entity_type: 'playlist', updated: false });
      const again = await a.request('POST', '/entity/type', { body: { entity_type: 'playlist' } });
      expect(again.body.updated).toBe(true);
      const made = await a.createEntity({ type: 'playlist', name: 'Late night' });
      expect(made.type).toBe('playlist');
      const t = await a.request('GET', '/entity/type', { query: { entity_type: 'playlist' } });
      expect(t.status).toBe(200);
      expect(t.body).toMatchObject({ entity_type: 'playlist', builtin: false, entity_count: 1 });
      expect((await a.request('GET', '/entity/type', { query: { entity_type: 'user' } })).body.builtin).toBe(true);
      expect((await a.request('GET', '/entity/type', { query: { entity_type: 'nosuch' } })).status).toBe(404);
      // Types are per workspace.
      expect((await b.request('POST', '/entity', { body: { type: 'playlist', name: 'x' } })).status).toBe(400);
    });
    it('validates type names and rejects bad type bodies', async () => {
      for (const body of [{}, { entity_type: '' }, { entity_type: 'has space' }, { entity_type: 5 }, { entity_type: 'ok', more: 1 }]) {
        expect((await a.request('POST', '/entity/type', { body })).status, JSON.stringify(body)).toBe(400);
      }
    });
    it('keeps ids with odd characters intact', async () => {
      for (const id of ['a.b *> c', 'ünï/çødé', 'tg.evt.>', '../../etc', 'x'.repeat(300)]) {
        const made = await a.createEntity({ type: 'brand', name: 'odd', id });
        expect(made.id).toBe(id);
        expect((await a.getEntity(id)).id).toBe(id);
      }
    });
  });

  describe('workspace isolation', () => {
    it('never lets one workspace see, change or delete another workspace’s entities (404, not 403)', async () => {
      const mine = await a.createEntity({ type: 'user', name: 'Private', id: 'iso-1' });
      const read = await b.request('GET', '/entity', { query: { entity_id: mine.id } });
      expect(read.status).toBe(404);
      expect((await b.request('DELETE', '/entity', { query: { entity_id: mine.id } })).status).toBe(404);
      const same = await b.createEntity({ type: 'user', name: 'Theirs', id: 'iso-1' });
      expect(same.created).toBe(true);
      expect((await a.getEntity('iso-1')).name).toBe('Private');
      expect((await b.request('POST', '/entity/iso-1/link', {})).status).toBe(400);
    });
  });

  describe('bad input', () => {
    it('answers malformed JSON with 400 invalid_json', async () => {
      const r = await a.request('POST', '/entity', { body: '{"type": "user", "name": ' });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('invalid_json');
    });
    it('answers wrong types, unknown fields and empty bodies with 400 validation_failed naming the field', async () => {
      const wrong = await a.request('POST', '/entity', { body: { type: 'user', name: 42 } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.code).toBe('validation_failed');
      expect(wrong.body.error).toMatch(/name/);
      const unknown = await a.request('POST', '/entity', { body: { type: 'user', name: 'x', colour: 'red' } });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error).toMatch(/colour/);
      const arr = await a.request('POST', '/entity', { body: [1, 2] });
      expect(arr.status).toBe(400);
    });
    it('answers an oversize body with 413 payload_too_large', async () => {
      const r = await a.request('POST', '/entity', { body: { type: 'user', name: 'x', description: 'y'.repeat(70 * 1024) } });
      expect(r.status).toBe(413);
      expect(r.body.code).toBe('payload_too_large');
    });
    it('answers a non-JSON content type with 415', async () => {
      const r = await a.request('POST', '/entity', { body: 'type=user', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(r.status).toBe(415);
    });
    it('treats empty query values as absent', async () => {
      const r = await a.request('GET', '/entity', { query: { entity_id: '' } });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('bad_request');
      const rank = await a.request('POST', '/search', { query: { relative_to_entity_id: '', in_terms_of_entity_type: 'content' }, body: { query: 'x' } });
      expect(rank.status).toBe(400);
      expect(rank.body.code).toBe('bad_request');
    });
    it('answers unknown routes with 404 route_not_found', async () => {
      const r = await a.request('GET', '/nope');
      expect(r.status).toBe(404);
      expect(r.body.code).toBe('route_not_found');
    });
  });

  describe('concurrency and duplicates', () => {
    it('serialises concurrent writes to one aggregate without losing any (final state is one of the writes)', async () => {
      const names = Array.from({ length: 12 }, (_, i) => `name-${i}`);
      const results = await Promise.all(names.map((name) => a.request('POST', '/entity', { body: { type: 'user', name, id: 'contended' } })));
      expect(results.every((r) => r.status === 200)).toBe(true);
      expect(results.filter((r) => r.body.created).length).toBe(1);
      expect(names).toContain((await a.getEntity('contended')).name);
    });
    it('treats a duplicate request as the same write', async () => {
      const body = { type: 'brand', name: 'Acme', id: 'dup-1' };
      const [x, y] = await Promise.all([a.request('POST', '/entity', { body }), a.request('POST', '/entity', { body })]);
      expect([x.body.created, y.body.created].sort()).toEqual([false, true]);
      expect(x.body.id).toBe(y.body.id);
    });
  });
});

describe('durability: acknowledged writes survive restarts and a NATS crash', () => {
  let s: TestStack;
  afterAll(async () => s?.stop());
  it('answers 503/504 (not 500, not a hang) while NATS is down, and recovers when it is back', async () => {
    const t = await startStack({ rpcTimeoutMs: 1_500 });
    try {
      const ws = await t.workspace('outage');
      const made = await ws.createEntity({ type: 'user', name: 'Before outage' });
      await t.nats.stop({ crash: true });
      const started = Date.now();
      const r = await ws.request('GET', '/entity', { query: { entity_id: made.id } });
      expect([503, 504]).toContain(r.status);
      expect(r.body.code).toMatch(/unavailable|timeout/);
      expect(Date.now() - started).toBeLessThan(10_000);
      await t.nats.restart();
      const back = await eventually(async () => {
        const x = await ws.request('GET', '/entity', { query: { entity_id: made.id } });
        return x.status === 200 && x;
      }, { timeoutMs: 20_000, what: 'gateway answers again after NATS restarts' });
      expect(back.body.name).toBe('Before outage');
    } finally {
      await t.stop();
    }
  });
  it('keeps workspaces, keys, types and entities across a service restart and a nats-server SIGKILL', async () => {
    s = await startStack();
    const ws = await s.workspace('durable');
    await ws.registerType('playlist');
    const u = await ws.createEntity({ type: 'user', name: 'Durable Dan', id: 'dan' });
    const p = await ws.createEntity({ type: 'playlist', name: 'Keepers' });
    const gone = await ws.createEntity({ type: 'user', name: 'Gone' });
    await ws.deleteEntity(gone.id);
    await s.restart();
    expect((await ws.getEntity(u.id)).name).toBe('Durable Dan');
    expect((await ws.getEntity(p.id)).type).toBe('playlist');
    expect((await ws.request('GET', '/entity', { query: { entity_id: gone.id } })).status).toBe(404);
    await s.restart({ crashNats: true });
    expect((await ws.getEntity('dan')).name).toBe('Durable Dan');
    expect((await s.admin.listWorkspaces()).workspaces.map((w) => w.name)).toContain('durable');
    const again = await ws.createEntity({ type: 'playlist', name: 'After crash' });
    expect(again.created).toBe(true);
  });
});
