import { request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startStack, wireRequest, type TestStack } from '@tg/test-stack';

/**
 * Wire audit, third pass (thirty-third session): the first two passes' "left as they are" held against what the
 * specification and WIRE-NOTES require, then the API as a client written against the hosted service uses it (node
 * `fetch`, an axios-style client, curl): what it may send and what it reads back. The deviations first, then what was
 * found conformant, kept here so that it stays so. Every refused request answers 4xx `{ error, code }`.
 */
type WsClient = Awaited<ReturnType<TestStack['workspace']>>;
type Json = Record<string, any>;

describe('wire audit, third pass', () => {
  let s: TestStack;
  let ws: WsClient;
  /** A request with the workspace key (unless headers replace it); the body as JSON unless it is a string. */
  const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => wireRequest(s.baseUrl, ws.key, method, path, body, headers);
  const ok = (r: { status: number; body: Json }, what = '') => expect(r.status, `${what} ${JSON.stringify(r.body)}`).toBe(200);
  const item = (url: string, content: string, extra: Json = {}) => ({ url, type: 'text', content, ...extra });
  const rank = (anchor: string) => `relative_to_entity_id=${encodeURIComponent(anchor)}&in_terms_of_entity_type=content`;

  beforeAll(async () => {
    s = await startStack();
    ws = await s.workspace('wire-audit-3');
  });
  afterAll(async () => s?.stop());

  describe('content in any form is indexed (WIRE-NOTES; the spec refuses only "no text available to embed")', () => {
    // Titles of one letter are real catalog rows: the languages C and R, the film "M", the network X.
    const letters = [['c', 'C'], ['r', 'R'], ['m', 'M'], ['x', 'X'], ['a', 'a'], ['e-acute', 'é'], ['two', 'X Y']] as const;

    it('a text of one-letter words is indexed (POST /entity, POST /index, /score, a batch, linked_content), not refused 400 no_text_to_embed', async () => {
      for (const [n, text] of letters) ok(await send('POST', '/entity', { content: item(`https://letters.example/${n}`, text) }), n);
      ok(await send('POST', '/index', { content: item('https://letters.example/index', 'Q') }));
      ok(await send('POST', '/entity', { content: { url: 'https://letters.example/title', type: 'text', title: 'X', skip_url_fetch: true } }));
      const batch = await send('POST', '/entity/batch', { content: [item('https://letters.example/b1', 'D'), item('https://letters.example/b2', 'jazz records')] });
      ok(batch);
      expect(batch.body['results'].map((x: Json) => x['code'] ?? 'ok')).toEqual(['ok', 'ok']);
      ok(await send('POST', '/entity', { type: 'user', id: 'letters-user', name: 'L', linked_content: [item('https://letters.example/liked', 'R')] }));
      ok(await send('POST', `/score?${rank('letters-user')}`, { content: item('https://letters.example/score', 'M') }));
    });

    it('and found again by the same text: the user who liked "R" ranks the item "R" above "C" and "M"', async () => {
      const r = await send('POST', `/rerank?${rank('letters-user')}`, { candidates: ['https://letters.example/c', 'https://letters.example/m', 'https://letters.example/r'] });
      ok(r);
      expect(r.body['results'][0]).toMatchObject({ url: 'https://letters.example/r' });
      expect(r.body['results'][0].score).toBeGreaterThan(r.body['results'][1].score);
    });

    it('punctuation, combining marks or zero-width characters alone are still no text: 400 no_text_to_embed', async () => {
      for (const text of [' - . ! ', '\u0301\u0302', '\u200b\u200b']) {
        const r = await send('POST', '/entity', { content: item('https://letters.example/none', text) });
        expect([r.status, r.body['code']], JSON.stringify(text)).toEqual([400, 'no_text_to_embed']);
      }
    });
  });

  describe('GET /clusters pagination (the spec: limit, integer, default 20; offset, default 0; no maximum given)', () => {
    it('a limit over the largest page (500) answers 200 with that page, as limit=500 does, not 400', async () => {
      ok(await send('POST', '/entity', { type: 'user', id: 'cluster-user', name: 'C', linked_content: [item('https://clusters.example/a', 'jazz saxophone bebop'), item('https://clusters.example/b', 'hiking boots trail')] }));
      const full = await eventually(async () => {
        const r = await send('GET', '/clusters?limit=500');
        return r.status === 200 && r.body['total'] > 0 && r.body;
      }, { what: 'clusters computed' });
      // The list's clusters carry their affinities (the spec: present in the list response).
      expect(full['results'][0]).toMatchObject({ id: expect.any(String), entity_type: expect.any(String), clustered_entities: expect.any(Array), affinities: expect.any(Array) });
      for (const limit of ['501', '1000', '99999999999999999999']) {
        const r = await send('GET', `/clusters?limit=${limit}`);
        ok(r, limit);
        expect(r.body, limit).toEqual(full);
      }
      // Below the range and not an integer are still refused, as is a negative offset.
      for (const q of ['limit=0', 'limit=-1', 'limit=1.5', 'limit=abc', 'offset=-1']) expect((await send('GET', `/clusters?${q}`)).body['code'], q).toBe('validation_failed');
    });
  });

  describe('a content URL where an entity id goes (WIRE-NOTES: clients pass a content URL as the id; candidates, history, GET and DELETE take one)', () => {
    it('POST /entity/{parent}/link with the child named by its URL (entity_id, child_id or content_id) links that content, as its id does', async () => {
      const url = 'https://link-url.example/sax';
      const made = await send('POST', '/entity', { content: item(url, 'jazz saxophone bebop quartet') });
      ok(made);
      const child: string = made.body['entity_id'];
      ok(await send('POST', '/entity', { type: 'user', id: 'link-url-user', name: 'L', linked_content: [item('https://link-url.example/boots', 'hiking boots trail')] }));
      for (const field of ['entity_id', 'child_id', 'content_id']) {
        const r = await send('POST', '/entity/link-url-user/link', { [field]: url, weight: 0.5 });
        ok(r, field);
        expect(r.body, field).toMatchObject({ parent_id: 'link-url-user', entity_id: child, weight: 0.5 });
      }
      // The same link as by id: linking by id now finds it there (same weight, nothing new).
      const byId = await send('POST', '/entity/link-url-user/link', { entity_id: child, weight: 0.5 });
      expect(byId.body).toMatchObject({ entity_id: child, linked: false });
      // A URL that names no indexed content is still 404, as an unknown id is.
      const none = await send('POST', '/entity/link-url-user/link', { entity_id: 'https://link-url.example/never' });
      expect([none.status, none.body['code']]).toEqual([404, 'entity_not_found']);
    });
  });

  describe('content codings (RFC 9110 §12.5.3: a 415 for a content coding ought to say which codings are accepted)', () => {
    it('a gzip body answers 415 with Accept-Encoding: identity, so that a client can tell the coding from the media type and resend uncompressed', async () => {
      const r = await send('POST', '/entity', gzipSync(Buffer.from('{"type":"user","id":"gz-3","name":"g"}')), { 'content-encoding': 'gzip' });
      expect([r.status, r.body['code']]).toEqual([415, 'unsupported_media_type']);
      expect(r.headers.get('accept-encoding')).toBe('identity');
      // A 415 for the media type alone says nothing of codings.
      const plain = await send('POST', '/entity', '{"type":"user","id":"gz-4","name":"g"}', { 'content-type': 'text/plain' });
      expect([plain.status, plain.headers.get('accept-encoding')]).toEqual([415, null]);
      expect((await send('GET', '/entity?entity_id=gz-3')).status).toBe(404);
    });
  });

  describe('`null` for an optional field means the field is absent (clients that serialise every field of a record send `null` for the ones they lack)', () => {
    it('POST /entity (content and parent mode), a link, /search, /rerank, /score, /gauge and a batch take `null` optional fields as absent', async () => {
      const nulls = { title: null, description: null, id: null, domain: null, ref: null, alt: null, skip_url_fetch: null, skip_media_enrich: null };
      const content = await send('POST', '/entity', { content: { ...item('https://nulls.example/a', 'jazz saxophone records'), ...nulls }, id: null, entity_id: null, force_reindex: null });
      ok(content, 'content');
      expect(content.body).toMatchObject({ url: 'https://nulls.example/a' });
      const parent = await send('POST', '/entity', { type: 'user', id: 'nulls-user', name: 'N', description: null, entity_type: null, content: null, linked_content: null });
      ok(parent, 'parent');
      expect(parent.body).toMatchObject({ id: 'nulls-user', description: '' });
      const link = await send('POST', '/entity/nulls-user/link', { entity_id: content.body['entity_id'], rel: null, relation: null, weight: null, child_id: null, content_id: null });
      ok(link, 'link');
      expect(link.body).toMatchObject({ parent_id: 'nulls-user', entity_id: content.body['entity_id'], weight: 1 });
      const search = await send('POST', `/search?${rank('nulls-user')}`, { query: 'jazz', limit: null, additional_candidates: null });
      ok(search, 'search');
      const rerank = await send('POST', `/rerank?${rank('nulls-user')}`, { candidates: [{ ...item('https://nulls.example/b', 'bebop quartet'), title: null, ref: null }, 'https://nulls.example/a'], history: null, item_texts: null, item_images: null, limit: null });
      ok(rerank, 'rerank');
      expect(rerank.body['results'].map((x: Json) => x['url']).sort()).toEqual(['https://nulls.example/a', 'https://nulls.example/b']);
      ok(await send('POST', `/score?${rank('nulls-user')}`, { content: { ...item('https://nulls.example/c', 'hiking boots'), title: null } }), 'score');
      const gauge = await send('POST', '/gauge', { response: 'Try the Coltrane album.', followup: 'Bought it, thanks!', prompt: null });
      ok(gauge, 'gauge');
      expect(gauge.body['prompt']).toBe('');
      const batch = await send('POST', '/entity/batch', { content: [{ ...item('https://nulls.example/d', 'sushi'), title: null }], ids: null, entity_ids: null, async: null, force_reindex: null });
      ok(batch, 'batch');
      expect(batch.body['results'][0]).toMatchObject({ url: 'https://nulls.example/d' });
    });

    it('a resend with `null` optional fields is the same request as one without them (same key: nothing new written)', async () => {
      const headers = { 'X-Request-Id': 'nulls-resend-1' };
      const first = await send('POST', '/entity', { type: 'user', id: 'nulls-resend', name: 'R' }, headers);
      const again = await send('POST', '/entity', { type: 'user', id: 'nulls-resend', name: 'R', description: null }, headers);
      ok(first);
      ok(again);
      expect(again.body['created_at']).toBe(first.body['created_at']);
    });

    it('`null` is still refused where a value is required, and keeps its meaning inside `ids`', async () => {
      for (const [path, body, field] of [
        ['/search', { query: null }, 'query'],
        ['/gauge', { response: null, followup: 'ok' }, 'response'],
        ['/entity', { content: { url: null, type: 'text', content: 'jazz' } }, 'url'],
        ['/rerank', { candidates: null }, 'candidates'],
      ] as const) {
        const r = await send('POST', path, body);
        expect([r.status, r.body['code']], JSON.stringify(body)).toEqual([400, 'validation_failed']);
        expect(JSON.stringify(r.body), JSON.stringify(body)).toContain(field);
      }
      const r = await send('POST', '/entity/batch', { content: [item('https://nulls.example/e', 'ramen'), item('https://nulls.example/f', 'tea')], ids: [null, 'nulls-f'] });
      ok(r);
      expect(r.body['results'][1]).toMatchObject({ entity_id: 'nulls-f' });
    });
  });

  describe('found conformant (kept so that it stays so)', () => {
    it('HEAD on a GET route answers its headers and no body; a trailing slash on a POST path reaches the route', async () => {
      ok(await send('POST', '/entity/', { type: 'user', id: 'head-user', name: 'H' }));
      const head = await fetch(`${s.baseUrl}/entity?entity_id=head-user`, { method: 'HEAD', headers: { 'x-api-key': ws.key } });
      expect([head.status, head.headers.get('content-type'), await head.text()]).toEqual([200, 'application/json; charset=utf-8', '']);
      expect(head.headers.get('x-request-id')).toBeTruthy();
    });

    it('the JSON media type in any spelling clients use (axios `application/json;charset=utf-8`, upper case); answers are `application/json; charset=utf-8`', async () => {
      for (const [i, type] of ['application/json;charset=utf-8', 'Application/JSON; charset=UTF-8', 'application/json; charset="utf-8"'].entries()) {
        const r = await send('POST', '/entity', { type: 'user', id: `ct-${i}`, name: 'T' }, { 'content-type': type, accept: 'application/json, text/plain, */*' });
        ok(r, type);
        expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
      }
    });

    it('a body sent chunked, or after `Expect: 100-continue` (curl does so for bodies over 1 KB), is read', async () => {
      const bodyOf = (id: string) => JSON.stringify({ type: 'user', id, name: 'N', description: 'd'.repeat(2000) });
      const raw = (id: string, headers: Record<string, string | number>) =>
        new Promise<number>((resolve, reject) => {
          const body = bodyOf(id);
          const u = new URL(`${s.baseUrl}/entity`);
          const req = httpRequest({ host: u.hostname, port: u.port, path: u.pathname, method: 'POST', headers: { 'x-api-key': ws.key, 'content-type': 'application/json', ...headers } }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          });
          req.on('error', reject);
          if (headers['expect']) req.on('continue', () => req.end(body));
          else {
            req.write(body.slice(0, 10));
            req.end(body.slice(10));
          }
        });
      expect(await raw('chunked-user', { 'transfer-encoding': 'chunked' })).toBe(200);
      expect(await raw('continue-user', { expect: '100-continue', 'content-length': Buffer.byteLength(bodyOf('continue-user')) })).toBe(200);
      for (const id of ['chunked-user', 'continue-user']) ok(await send('GET', `/entity?entity_id=${id}`), id);
    });

    it('path parameters percent-encoded as clients encode them (%2F, %25, %3F and %23, +, emoji) name the entity with those characters', async () => {
      for (const id of ['a/b', '100%', 'q?x#y', 'a+b', 'sax 🎷']) {
        ok(await send('POST', '/entity', { type: 'user', id, name: 'P', linked_content: [item(`https://path.example/${encodeURIComponent(id)}`, 'jazz records')] }), id);
        const r = await send('POST', `/entity/${encodeURIComponent(id)}/link`);
        ok(r, id);
        expect(r.body['entity_id']).toBe(id);
      }
    });

    it('the key: `Authorization: bearer` in any case, spaces around a key, an empty X-API-Key beside a Bearer key; a scheme-less Authorization is 401', async () => {
      for (const headers of [{ 'x-api-key': '', authorization: `bearer ${ws.key}` }, { 'x-api-key': '', authorization: `BEARER  ${ws.key}` }, { 'x-api-key': ` ${ws.key} ` }] as Record<string, string>[]) {
        ok(await send('GET', '/clusters?limit=1', undefined, headers), JSON.stringify(Object.keys(headers)));
      }
      const r = await send('GET', '/clusters?limit=1', undefined, { 'x-api-key': '', authorization: ws.key });
      expect([r.status, r.body['code']]).toEqual([401, 'unauthorized']);
    });

    it('results echo the URL exactly as the caller wrote it (one client maps rows by url), and come best first', async () => {
      const odd = 'https://Echo.Example/Path/?b=2&a=1';
      ok(await send('POST', '/entity', { type: 'user', id: 'echo-user', name: 'E', linked_content: [item('https://echo.example/liked', 'jazz saxophone bebop')] }));
      ok(await send('POST', '/entity', { content: item(odd, 'jazz saxophone records') }));
      const candidates = [odd, item('https://Echo.Example/New', 'hiking boots', { ref: 'row-2' }), item('https://echo.example/3', 'bebop quartet'), item('https://echo.example/4', 'sushi')];
      const r = await send('POST', `/rerank?${rank('echo-user')}`, { candidates });
      ok(r);
      expect(r.body['results'].map((x: Json) => x['url']).sort()).toEqual(['https://Echo.Example/New', odd, 'https://echo.example/3', 'https://echo.example/4'].sort());
      expect(r.body['results'].find((x: Json) => x['url'] === 'https://Echo.Example/New')).toMatchObject({ ref: 'row-2' });
      const scores: number[] = r.body['results'].map((x: Json) => x['score']);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    });

    it('a batch job: 202 with status Submitted, then polled until results is an array; `null` in `ids` means no id', async () => {
      const content = [item('https://job.example/1', 'jazz'), item('https://job.example/2', 'boots')];
      const r = await send('POST', '/entity/batch', { content, ids: [null, 'job-2'], async: true });
      expect([r.status, r.body['status']]).toEqual([202, 'Submitted']);
      const done = await eventually(async () => {
        const j = await send('GET', `/entity/batch/jobs/${encodeURIComponent(r.body['job_id'])}`);
        return Array.isArray(j.body['results']) && j.body;
      }, { what: 'job results' });
      expect(done['status']).toBe('Completed');
      expect(done['results'].map((x: Json) => x['url'])).toEqual(content.map((c) => c.url));
      expect(done['results'][1]).toMatchObject({ entity_id: 'job-2' });
    });
  });
});
