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
});
