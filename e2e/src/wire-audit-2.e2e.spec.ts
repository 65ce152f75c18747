import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startStack, wireRequest, type TestStack } from '@tg/test-stack';

/**
 * Wire audit, second pass (thirty-first session): what an existing client sends, through the real gateway, against the
 * specification and WIRE-NOTES. The three deviations the first pass (wire-audit.e2e.spec.ts) left, then the rest of
 * the surface as a client library uses it. Every refused request answers 4xx `{ error, code }` and writes nothing.
 */
type WsClient = Awaited<ReturnType<TestStack['workspace']>>;
type Json = Record<string, any>;

describe('wire audit, second pass', () => {
  let s: TestStack;
  let ws: WsClient;
  /** A request with the workspace key (unless headers replace it); the body as JSON unless it is a string. */
  const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => wireRequest(s.baseUrl, ws.key, method, path, body, headers);
  const getEntity = (id: string) => send('GET', `/entity?entity_id=${encodeURIComponent(id)}`);
  const refused = (r: { status: number; body: Json }, status: number, code: string) => {
    expect(r.status, JSON.stringify(r.body)).toBe(status);
    expect(r.body).toMatchObject({ error: expect.any(String), code });
  };
  const item = (url: string, content: string, extra: Json = {}) => ({ url, type: 'text', content, ...extra });

  beforeAll(async () => {
    s = await startStack();
    ws = await s.workspace('wire-audit-2');
  });
  afterAll(async () => s?.stop());

  describe('the same content twice in one request (WIRE-NOTES: results[i] answers content[i]; idempotency is per URL)', () => {
    const pages = (path: string) => ({
      path,
      first: item(`https://dup.example${path}/a`, 'jazz saxophone records and live bebop', { title: 'first', ref: 'row-0' }),
      other: item(`https://dup.example${path}/b`, 'hiking boots for mountain trails', { ref: 'row-1' }),
      second: item(`https://dup.example${path}/a`, 'espresso machine with a steam wand', { title: 'second', ref: 'row-2' }),
    });

    it.each(['/entity/batch', '/index/batch'])('%s: a later item naming the same URL with other fields is refused per item (duplicate_item), the first is indexed, and a resend answers the same', async (path) => {
      const p = pages(path);
      const body = { content: [p.first, p.other, p.second] };
      const rid = `dup-batch-${path}`;
      const r = await send('POST', path, body, { 'x-request-id': rid });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const [a, b, c] = r.body['results'];
      expect(a).toMatchObject({ url: p.first.url, created: true, ref: 'row-0' });
      expect(b).toMatchObject({ url: p.other.url, created: true, ref: 'row-1' });
      expect(c).toMatchObject({ url: p.second.url, code: 'duplicate_item', error: expect.stringMatching(/content\[0\]/), ref: 'row-2' });
      expect(c).not.toHaveProperty('entity_id');
      // The first item's text is the one stored, whatever the timing: one entity for the URL, named by the first item.
      expect((await getEntity(p.first.url)).body).toMatchObject({ entity_id: a.entity_id, name: 'first' });
      // A retry of the batch (same key) answers as the first attempt; a repeat under a new key refuses the same item.
      expect((await send('POST', path, body, { 'x-request-id': rid })).body['results']).toEqual(r.body['results']);
      const again = await send('POST', path, body, { 'x-request-id': `${rid}-again` });
      expect(again.body['results'].map((x: Json) => x['code'] ?? x['created'])).toEqual([false, false, 'duplicate_item']);
      expect((await getEntity(p.first.url)).body).toMatchObject({ entity_id: a.entity_id, name: 'first' });
    });

    it('the same explicit id twice with different URLs: the later item is refused, the id keeps the first URL', async () => {
      const r = await send('POST', '/entity/batch', {
        content: [item('https://dup.example/id/one', 'jazz records'), item('https://dup.example/id/two', 'hiking boots')],
        ids: ['dup-id', 'dup-id'],
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body['results'][0]).toMatchObject({ entity_id: 'dup-id', created: true });
      expect(r.body['results'][1]).toMatchObject({ url: 'https://dup.example/id/two', code: 'duplicate_item' });
      expect((await getEntity('dup-id')).body).toMatchObject({ url: 'https://dup.example/id/one' });
      expect((await getEntity('https://dup.example/id/two')).status).toBe(404);
    });

    it('the same item twice (equal fields) is not a conflict: both answer the one entity, and each links its own parent', async () => {
      for (const id of ['dup-parent-1', 'dup-parent-2']) expect((await send('POST', '/entity', { type: 'user', id, name: id })).status).toBe(200);
      const same = item('https://dup.example/same', 'jazz saxophone records');
      const r = await send('POST', '/entity/batch', { content: [same, same], entity_ids: ['dup-parent-1', 'dup-parent-2'] });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const [a, b] = r.body['results'];
      expect(a).toMatchObject({ url: same.url, entity_id: expect.any(String) });
      expect(b).toMatchObject({ url: same.url, entity_id: a.entity_id });
      for (const id of ['dup-parent-1', 'dup-parent-2']) expect((await send('POST', `/entity/${id}/compose`, {})).body, id).toMatchObject({ children: 1 });
    });

    it('an asynchronous job refuses the later item the same way, in its results', async () => {
      const first = item('https://dup.example/job/a', 'jazz saxophone records', { title: 'job first' });
      const r = await send('POST', '/entity/batch', { content: [first, { ...first, content: 'hiking boots', title: 'job second' }], async: true });
      expect(r.status, JSON.stringify(r.body)).toBe(202);
      const done = await eventually(async () => {
        const j = await send('GET', `/entity/batch/jobs/${encodeURIComponent(r.body['job_id'])}`);
        return Array.isArray(j.body['results']) && j.body;
      }, { what: 'the job has results' });
      expect(done).toMatchObject({ status: 'Completed', failed: 1 });
      expect(done['results'][0]).toMatchObject({ created: true });
      expect(done['results'][1]).toMatchObject({ code: 'duplicate_item' });
      expect((await getEntity(first.url)).body).toMatchObject({ name: 'job first' });
    });

    it('in a job whose two items land in different chunks (each over half a chunk), the later is still the one refused', async () => {
      const url = 'https://dup.example/job/chunks';
      const big = (words: string) => item(url, `${words} `.repeat(Math.ceil(150_000 / (words.length + 1))).slice(0, 150_000), { title: words });
      const r = await send('POST', '/entity/batch', { content: [big('jazz saxophone records'), big('hiking boots trails')], async: true });
      expect(r.status, JSON.stringify(r.body)).toBe(202);
      const done = await eventually(async () => {
        const j = await send('GET', `/entity/batch/jobs/${encodeURIComponent(r.body['job_id'])}`);
        return Array.isArray(j.body['results']) && j.body;
      }, { what: 'the job has results' });
      expect(done['results'].map((x: Json) => x['code'] ?? x['created'])).toEqual([true, 'duplicate_item']);
      expect((await getEntity(url)).body).toMatchObject({ name: 'jazz saxophone records' });
    });

    it('POST /entity with linked_content naming one URL twice with other texts is refused 400 duplicate_item, and writes nothing', async () => {
      const a = item('https://dup.example/linked/a', 'jazz saxophone records');
      refused(await send('POST', '/entity', { type: 'user', id: 'dup-linked', name: 'L', linked_content: [a, { ...a, content: 'hiking boots' }] }), 400, 'duplicate_item');
      expect((await getEntity('dup-linked')).status).toBe(404);
      expect((await getEntity(a.url)).status).toBe(404);
      // The same item twice is fine.
      const ok = await send('POST', '/entity', { type: 'user', id: 'dup-linked', name: 'L', linked_content: [a, a] });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body['linked_content'].map((x: Json) => x['url'])).toEqual([a.url, a.url]);
    });
  });

  describe('content domain aliases wherever a domain is named (WIRE-NOTES: `ux` = uiux)', () => {
    const Q = 'relative_to_entity_id=alias-user&in_terms_of_entity_type=content';
    const cands = [item('https://alias.example/a', 'a clean dashboard layout with clear typography'), item('https://alias.example/b', 'hiking boots for mountain trails')];
    const history = ['https://alias.example/a'];
    beforeAll(async () => {
      expect((await send('POST', '/entity', { type: 'user', id: 'alias-user', name: 'Designer', description: 'likes clean interfaces' })).status).toBe(200);
    });

    it.each([
      ['/rerank', { candidates: cands, history, item_texts: { [history[0]!]: 'a dashboard layout' } }],
      ['/recommend', { candidates: cands, history, item_texts: { [history[0]!]: 'a dashboard layout' } }],
    ])('%s takes domain=ux (and UX) as uiux, with the same results', async (path, body) => {
      const uiux = await send('POST', `${path}?${Q}&domain=uiux`, body);
      expect(uiux.status, JSON.stringify(uiux.body)).toBe(200);
      for (const d of ['ux', 'UX']) {
        const r = await send('POST', `${path}?${Q}&domain=${d}`, body);
        expect(r.status, `${d}: ${JSON.stringify(r.body)}`).toBe(200);
        expect(r.body['results'], d).toEqual(uiux.body['results']);
      }
      // uiux selects its own history model: the alias is that model, not the default one.
      if (path === '/rerank') expect((await send('POST', `${path}?${Q}`, body)).body['results']).not.toEqual(uiux.body['results']);
    });

    it('a domain the endpoint has no model for is still refused 400 unknown_domain, naming what it takes (uiux and its alias ux)', async () => {
      for (const d of ['shopping', 'ecommerce', 'cars']) {
        const r = await send('POST', `/rerank?${Q}&domain=${d}`, { candidates: cands });
        refused(r, 400, 'unknown_domain');
        expect(r.body['error']).toMatch(/\buiux\b/);
        expect(r.body['error']).toMatch(/\bux\b/);
      }
    });
  });

  describe('ranking candidates as clients send them (WIRE-NOTES: candidates are ContentObjects or strings; { entity_id } references)', () => {
    const Q = 'relative_to_entity_id=cand-user&in_terms_of_entity_type=content';
    const indexed = 'https://cand.example/indexed';
    beforeAll(async () => {
      expect((await send('POST', '/entity', { type: 'user', id: 'cand-user', name: 'C', linked_content: [item('https://cand.example/liked', 'jazz saxophone bebop records')] })).status).toBe(200);
      expect((await send('POST', '/entity', { content: item(indexed, 'jazz trumpet live', { ref: 'stored' }) })).status).toBe(200);
    });

    it.each([
      ['/rerank', (c: Json) => ({ candidates: [c] })],
      ['/recommend', (c: Json) => ({ candidates: [c], history: ['https://cand.example/liked'] })],
      ['/search', (c: Json) => ({ query: 'jazz', additional_candidates: [c] })],
      ['/score', (c: Json) => ({ content: c })],
    ])('%s: a content object with an unknown domain is refused 400 unknown_domain, as on POST /entity; an alias is taken', async (path, body) => {
      const r = await send('POST', `${path}?${Q}`, body(item('https://cand.example/new', 'bebop', { domain: 'cars' })));
      refused(r, 400, 'unknown_domain');
      expect(r.body['error']).toMatch(/\bux \(= uiux\)/);
      const ok = await send('POST', `${path}?${Q}`, body(item('https://cand.example/new', 'bebop', { domain: 'ux' })));
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    });

    it.each(['/rerank', '/recommend'])('%s: an { entity_id } reference may name a content URL, as a string candidate and /score\'s { entity_id } may, and echoes its own ref', async (path) => {
      const r = await send('POST', `${path}?${Q}`, { candidates: [{ entity_id: indexed, ref: 'row-7' }], history: ['https://cand.example/liked'] });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body['skipped']).toEqual([]);
      expect(r.body['results'].map((x: Json) => [x['url'], x['ref']])).toEqual([[indexed, 'row-7']]);
      const score = await send('POST', `/score?${Q}`, { content: { entity_id: indexed } });
      expect(score.body['entity_id']).toBe(r.body['results'][0]['entity_id']);
    });
  });

  describe('empty arrays: nothing to do is a success (a client\'s last page may be empty)', () => {
    it.each([
      ['/entity/batch', {}],
      ['/index/batch', {}],
      ['/entity/batch', { async: true }],
    ])('%s %j with content: [] answers 200 { results: [] } (no job to poll), and writes nothing', async (path, extra) => {
      const r = await send('POST', path, { content: [], ...extra });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toEqual({ results: [] });
    });

    it('/rerank and /recommend with candidates: [] answer 200 with no results and nothing skipped', async () => {
      expect((await send('POST', '/entity', { type: 'user', id: 'empty-user', name: 'E' })).status).toBe(200);
      const Q = 'relative_to_entity_id=empty-user&in_terms_of_entity_type=content';
      for (const [path, body] of [['/rerank', { candidates: [] }], ['/recommend', { candidates: [], history: ['https://empty.example/seen'], item_texts: { 'https://empty.example/seen': 'jazz' } }]] as const) {
        const r = await send('POST', `${path}?${Q}`, body);
        expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
        expect(r.body).toEqual({ results: [], skipped: [] });
      }
    });
  });

  describe('content in any form is indexed (WIRE-NOTES: the clients turn a 400 there into a 500 for their users)', () => {
    it('a text of numbers only (a catalog row of codes) or of emoji only is indexed, found again by the same text, and a batch takes it', async () => {
      for (const [n, text] of [['digits', '12345 67890'], ['emoji', '🎷🎺🎸'], ['price', '€49 / 2×']] as const) {
        const r = await send('POST', '/entity', { content: item(`https://symbols.example/${n}`, text) });
        expect(r.status, `${n}: ${JSON.stringify(r.body)}`).toBe(200);
      }
      const b = await send('POST', '/entity/batch', { content: [item('https://symbols.example/b1', '4711'), item('https://symbols.example/b2', '🎸')] });
      expect(b.body['results'].map((x: Json) => x['code'] ?? 'ok')).toEqual(['ok', 'ok']);
      expect((await send('POST', '/entity', { type: 'user', id: 'symbols-user', name: 'S', linked_content: [item('https://symbols.example/liked', '12345 67890')] })).status).toBe(200);
      const r = await send('POST', '/rerank?relative_to_entity_id=symbols-user&in_terms_of_entity_type=content', { candidates: ['https://symbols.example/emoji', 'https://symbols.example/digits'] });
      expect(r.body['results'][0]).toMatchObject({ url: 'https://symbols.example/digits' });
    });

    it('punctuation alone is still no text: 400 no_text_to_embed (the spec: no text available to embed)', async () => {
      refused(await send('POST', '/entity', { content: item('https://symbols.example/dots', ' - . ! ') }), 400, 'no_text_to_embed');
    });
  });

  describe('GET and DELETE /entity with both entity_id and url (aliases that disagree are refused, as type/entity_type and rel/relation)', () => {
    const url = 'https://both.example/item';
    let contentId: string;
    beforeAll(async () => {
      expect((await send('POST', '/entity', { type: 'user', id: 'both-user', name: 'B' })).status).toBe(200);
      const c = await send('POST', '/entity', { content: item(url, 'jazz records') });
      expect(c.status).toBe(200);
      contentId = c.body['entity_id'];
    });
    const q = (id: string) => `/entity?entity_id=${encodeURIComponent(id)}&url=${encodeURIComponent(url)}`;

    it('naming two different entities, or an id that does not exist beside a URL that does: 400 bad_request, and nothing is deleted', async () => {
      for (const id of ['both-user', 'no-such-id']) {
        refused(await send('GET', q(id)), 400, 'bad_request');
        refused(await send('DELETE', q(id)), 400, 'bad_request');
      }
      expect((await getEntity('both-user')).status).toBe(200);
      expect((await getEntity(url)).body).toMatchObject({ id: contentId });
    });

    it('naming the same entity: answered as either alone', async () => {
      expect((await send('GET', q(contentId))).body).toMatchObject({ id: contentId, url });
      expect((await send('DELETE', q(contentId))).body).toEqual({ success: true });
      expect((await getEntity(url)).status).toBe(404);
      refused(await send('GET', q('no-such-id')), 404, 'entity_not_found');
    });
  });

  describe('the workspace header and its legacy name (WIRE-NOTES: X-Workspace-Id, and X-Galya-Workspace-Id that existing clients send)', () => {
    it('both sent naming different workspaces: 400 bad_request, never one of them silently (an account key would write to the first)', async () => {
      const account = s.tg.accountSecret;
      const both = (legacy: string, key = account) => send('GET', '/clusters?limit=1', undefined, { 'x-api-key': key, 'x-workspace-id': ws.workspaceId, 'x-galya-workspace-id': legacy });
      refused(await both('ws_someoneElse00'), 400, 'bad_request');
      refused(await both('ws_someoneElse00', ws.key), 400, 'bad_request');
      expect((await both(ws.workspaceId)).status).toBe(200);
      expect((await both(ws.workspaceId, ws.key)).status).toBe(200);
    });
  });

  describe('transport details a client meets', () => {
    it('a base URL given with a trailing slash (`…/v1/` + `/entity`) reaches the same routes: duplicate slashes are one', async () => {
      expect((await send('POST', '/entity', { type: 'user', id: 'slash-user', name: 'S' })).status).toBe(200);
      for (const path of ['//entity?entity_id=slash-user', '/entity//?entity_id=slash-user']) expect((await send('GET', path)).body, path).toMatchObject({ id: 'slash-user' });
      const res = await fetch(`${s.baseUrl.replace(/\/v1$/, '')}//v1//clusters?limit=1`, { headers: { 'x-api-key': ws.key } });
      expect(res.status).toBe(200);
    });

    it('every answer carries X-Request-Id, also when the URL itself is refused (bad percent-encoding, a path parameter over the id limit)', async () => {
      for (const path of ['/entity/%zz/link', `/entity/${'x'.repeat(7000)}/link`]) {
        const r = await send('POST', path, {}, { 'x-request-id': 'url-refused' });
        expect(r.status, path.slice(0, 30)).toBe(400);
        expect(r.headers.get('x-request-id'), path.slice(0, 30)).toBe('url-refused');
      }
    });

    it('an empty body is no body whatever its Content-Type (curl -d \'\' and some HTTP libraries send form types on bodiless requests); a body that is not JSON is still 415', async () => {
      expect((await send('POST', '/entity', { type: 'user', id: 'form-user', name: 'F', linked_content: [item('https://form.example/a', 'jazz records')] })).status).toBe(200);
      for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
        const link = await send('POST', '/entity/form-user/link', '', { 'content-type': type });
        expect(link.status, `${type}: ${JSON.stringify(link.body)}`).toBe(200);
        expect(link.body).toMatchObject({ entity_id: 'form-user' });
        refused(await send('DELETE', '/entity?entity_id=form-nobody', '', { 'content-type': type }), 404, 'entity_not_found');
      }
      refused(await send('POST', '/entity/form-user/link', 'entity_id=x', { 'content-type': 'application/x-www-form-urlencoded' }), 415, 'unsupported_media_type');
      refused(await send('POST', '/entity', '{"type":"user","id":"form-2","name":"x"}', { 'content-type': 'text/plain' }), 415, 'unsupported_media_type');
    });

    it('POST /gauge with a response or followup of spaces only is refused by the gateway like any field (body.<field>, details.problems), as its schema says', async () => {
      const r = await send('POST', '/gauge', { response: '   ', followup: 'ok' });
      refused(r, 400, 'validation_failed');
      expect(r.body['error']).toMatch(/body\.response/);
      expect(r.body['details']).toHaveProperty('problems');
    });
  });

  describe('X-Request-Id is the idempotency key, whatever its form (docs/api.md, Idempotency)', () => {
    it.each([
      ['a base64 key (/, + and =)', 'q1Zk/9+Xa2w=='],
      ['a key longer than 128 characters', 'k'.repeat(300)],
      ['a key with spaces and letters beyond ASCII', 'retry clé 42'],
    ])('%s: a create without id resent with it names the same entity, answered as the first attempt', async (_what, rid) => {
      const body = { type: 'user', name: `Keyed ${rid.length}`, description: rid.slice(0, 20) };
      const a = await send('POST', '/entity', body, { 'x-request-id': rid });
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      const b = await send('POST', '/entity', body, { 'x-request-id': rid });
      expect(b.body).toMatchObject({ id: a.body['id'], created: true });
      // The id echoed is the same for both attempts (the key itself when it is 1-128 visible ASCII characters).
      expect(b.headers.get('x-request-id')).toBe(a.headers.get('x-request-id'));
      if (/^[\x21-\x7e]{1,128}$/.test(rid)) expect(a.headers.get('x-request-id')).toBe(rid);
    });
  });

  describe('unknown query parameters are refused on every route, as on the rest of the API (400 validation_failed naming them)', () => {
    it.each([
      ['GET', '/visualize?foo=1', undefined],
      ['GET', '/entity/batch/jobs/some-job?foo=1', undefined],
      ['POST', '/entity?foo=1', { type: 'user', id: 'query-user', name: 'Q' }],
      ['POST', '/entity/type?foo=1', { entity_type: 'querytype' }],
      ['POST', '/index?foo=1', { content: item('https://query.example/index', 'jazz records') }],
      ['POST', '/entity/batch?foo=1', { content: [item('https://query.example/batch', 'jazz records')] }],
      ['POST', '/index/batch?foo=1', { content: [item('https://query.example/index-batch', 'jazz records')] }],
      ['POST', '/gauge?foo=1', { response: 'Try the blue one', followup: 'thanks!' }],
      ['POST', '/entity/some-parent/link?foo=1', {}],
      ['POST', '/entity/some-parent/compose?foo=1', {}],
    ])('%s %s (a valid body otherwise; nothing is written)', async (method, path, body) => {
      const r = await send(method, path, body);
      refused(r, 400, 'validation_failed');
      expect(r.body['error']).toMatch(/querystring.*'foo'/);
    });

    it('nothing was written by the refused requests', async () => {
      for (const id of ['query-user', 'https://query.example/index', 'https://query.example/batch', 'https://query.example/index-batch']) expect((await getEntity(id)).status, id).toBe(404);
      refused(await send('GET', '/entity/type?entity_type=querytype'), 404, 'type_not_found');
    });

    it('GET /visualize/graph refuses an unknown parameter beside a valid token (before, it answered the graph)', async () => {
      const v = await send('GET', '/visualize');
      expect(v.status).toBe(200);
      const t = encodeURIComponent(v.body['token']);
      expect((await send('GET', `/visualize/graph?t=${t}`)).status).toBe(200);
      const r = await send('GET', `/visualize/graph?t=${t}&max_node=100`);
      refused(r, 400, 'validation_failed');
      expect(r.body['error']).toMatch(/'max_node'/);
      // Empty values still count as absent (WIRE-NOTES).
      expect((await send('GET', `/visualize/graph?t=${t}&foo=`)).status).toBe(200);
      // The page is opened by browsers from links that may carry parameters of their own: it ignores them, as its assets do.
      const page = await fetch(`${s.baseUrl}/visualize/view?t=${t}&utm_source=mail`);
      expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
      expect((await fetch(`${s.baseUrl}/visualize/assets/app.js?v=2`)).status).toBe(200);
    });

    it('GET /admin/workspaces refuses an unknown parameter', async () => {
      const r = await send('GET', '/admin/workspaces?foo=1', undefined, { 'x-api-key': s.tg.accountSecret });
      refused(r, 400, 'validation_failed');
    });
  });
});
