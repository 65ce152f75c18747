import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startStack, wireRequest, type TestStack } from '@tg/test-stack';

/**
 * Wire audit (thirtieth session): what a client can put on the wire that the specification and WIRE-NOTES leave to
 * the transport, sent as raw bytes through the real gateway. Every refused request answers 4xx `{ error, code }`
 * and writes nothing; every request that is well formed but sent in a way some clients do is answered.
 */
type WsClient = Awaited<ReturnType<TestStack['workspace']>>;

describe('wire audit: bytes, encodings and methods at the gateway', () => {
  let s: TestStack;
  let ws: WsClient;
  /** A raw request with the workspace key: the body as given (string or bytes), no client-side encoding. */
  const send = (method: string, path: string, body?: string | Uint8Array, headers: Record<string, string> = {}) => wireRequest(s.baseUrl, ws.key, method, path, body, headers);
  const getEntity = (id: string) => send('GET', `/entity?entity_id=${encodeURIComponent(id)}`);
  const refused = (r: { status: number; body: Record<string, any> }, status: number, code: string) => {
    expect(r.status, JSON.stringify(r.body)).toBe(status);
    expect(r.body).toMatchObject({ error: expect.any(String), code });
  };

  beforeAll(async () => {
    s = await startStack();
    ws = await s.workspace('wire-audit');
  });
  afterAll(async () => s?.stop());

  describe('request bodies are UTF-8 JSON (RFC 8259 §8.1; I-JSON, RFC 7493)', () => {
    it('a body that is not valid UTF-8 is refused 400 invalid_json, and nothing is written', async () => {
      const bytes = Buffer.concat([Buffer.from('{"type":"user","id":"bad-utf8","name":"a'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')]);
      refused(await send('POST', '/entity', bytes), 400, 'invalid_json');
      expect((await getEntity('bad-utf8')).status).toBe(404);
    });

    it('a body that starts with a byte order mark is read as the JSON after it (RFC 8259 allows ignoring it; some clients send one)', async () => {
      const r = await send('POST', '/entity', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"type":"user","id":"bom-user","name":"Bom"}')]));
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect((await getEntity('bom-user')).body).toMatchObject({ id: 'bom-user', name: 'Bom' });
    });

    it('a string with an unpaired surrogate escape is refused (it has no UTF-8 form: the id answered would not be the id stored)', async () => {
      refused(await send('POST', '/entity', '{"type":"user","id":"lone\\ud800","name":"a"}'), 400, 'invalid_json');
      refused(await send('POST', '/entity', '{"type":"user","id":"lone-name","name":"a\\udc00b"}'), 400, 'invalid_json');
      // Stored, the id would have read back as U+FFFD.
      for (const id of ['lone\ufffd', 'lone-name']) expect((await getEntity(id)).status, id).toBe(404);
      // A pair written as two escapes is one character, and fine.
      const pair = await send('POST', '/entity', '{"type":"user","id":"pair-\\ud83c\\udfb7","name":"sax"}');
      expect(pair.status, JSON.stringify(pair.body)).toBe(200);
      expect(pair.body['id']).toBe('pair-🎷');
      expect((await getEntity('pair-🎷')).status).toBe(200);
    });

    it('an object with a duplicate member name is refused (which one wins differs between parsers), and nothing is written', async () => {
      refused(await send('POST', '/entity', '{"type":"user","id":"dup-user","name":"first","name":"second"}'), 400, 'invalid_json');
      // The same name spelled with an escape is the same name.
      refused(await send('POST', '/entity', '{"type":"user","id":"dup-user","name":"first","n\\u0061me":"second"}'), 400, 'invalid_json');
      refused(await send('POST', '/entity/batch', '{"content":[{"url":"https://dup.example/a","type":"text","content":"x","content":"y"}]}'), 400, 'invalid_json');
      expect((await getEntity('dup-user')).status).toBe(404);
      expect((await getEntity('https://dup.example/a')).status).toBe(404);
      // Equal names in different objects, and colons and quotes inside strings, are not duplicates.
      const ok = await send('POST', '/entity', '{"type":"user","id":"dup-ok","name":"a \\"name\\": b","linked_content":[{"url":"https://dup.example/b","type":"text","content":"jazz records, url: x"},{"url":"https://dup.example/c","type":"text","content":"hiking boots"}]}');
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body['name']).toBe('a "name": b');
    });

    it('a body nested deeper than any request needs is refused 400 before it reaches validation', async () => {
      const deep = `{"type":"user","id":"deep","name":"d","description":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
      refused(await send('POST', '/entity', deep), 400, 'invalid_json');
      expect((await getEntity('deep')).status).toBe(404);
    });
  });

  describe('content types', () => {
    it('a JSON text sent as text/plain is refused 415 unsupported_media_type, like every other type that is not JSON', async () => {
      const r = await send('POST', '/entity', '{"type":"user","id":"plain-user","name":"p"}', { 'content-type': 'text/plain' });
      refused(r, 415, 'unsupported_media_type');
      expect((await getEntity('plain-user')).status).toBe(404);
    });
  });

  describe('content codings (RFC 9110 §8.4.1)', () => {
    it('a compressed body answers 415 unsupported_media_type naming the coding (not a misleading "not UTF-8"); identity is fine', async () => {
      const body = gzipSync(Buffer.from('{"type":"user","id":"gz-user","name":"g"}'));
      const r = await send('POST', '/entity', body, { 'content-encoding': 'gzip' });
      refused(r, 415, 'unsupported_media_type');
      expect(r.body['error']).toMatch(/gzip/);
      expect((await getEntity('gz-user')).status).toBe(404);
      expect((await send('POST', '/entity', '{"type":"user","id":"identity-user","name":"i"}', { 'content-encoding': 'identity' })).status).toBe(200);
    });
  });

  describe('query strings', () => {
    it('a query value whose percent-encoding is not UTF-8 is refused 400, never read as U+FFFD (DELETE would remove another id)', async () => {
      expect((await send('POST', '/entity', JSON.stringify({ type: 'user', id: '\ufffd', name: 'replacement' }))).status).toBe(200);
      refused(await send('DELETE', '/entity?entity_id=%FF'), 400, 'bad_request');
      refused(await send('GET', '/entity?entity_id=%ED%A0%80'), 400, 'bad_request');
      expect((await getEntity('\ufffd')).body).toMatchObject({ name: 'replacement' });
      // Well-formed encodings still read as before: `+` is a space, %2F a slash.
      expect((await send('POST', '/entity', JSON.stringify({ type: 'user', id: 'a b/c', name: 'spaced' }))).status).toBe(200);
      expect((await send('GET', '/entity?entity_id=a+b%2Fc')).body).toMatchObject({ name: 'spaced' });
    });
  });

  describe('ref: the caller\'s correlation token is echoed wherever the item appears in results (WIRE-NOTES)', () => {
    const item = (n: string, ref: string, text = 'jazz saxophone records') => ({ url: `https://ref.example/${n}`, type: 'text', content: text, ref });

    it('POST /entity/batch answers each result with the ref of its item, failed items too', async () => {
      const r = await send('POST', '/entity/batch', JSON.stringify({ content: [item('b1', 'row-1'), { url: 'https://ref.example/b2', type: 'text', skip_url_fetch: true, ref: 'row-2' }, item('b3', 'row-3')] }));
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body['results'].map((x: { ref?: string }) => x.ref)).toEqual(['row-1', 'row-2', 'row-3']);
      expect(r.body['results'][1]).toMatchObject({ url: 'https://ref.example/b2', code: 'no_text_to_embed' });
    });

    it('a batch job answers its results with the refs of its items', async () => {
      const r = await send('POST', '/entity/batch', JSON.stringify({ content: [item('j1', 'job-row-1'), { url: 'https://ref.example/j2', type: 'text', skip_url_fetch: true, ref: 'job-row-2' }], async: true }));
      expect(r.status, JSON.stringify(r.body)).toBe(202);
      const done = await eventually(async () => {
        const j = await send('GET', `/entity/batch/jobs/${encodeURIComponent(r.body['job_id'])}`);
        return Array.isArray(j.body['results']) && j.body;
      }, { what: 'the job has results' });
      expect(done['results'].map((x: { ref?: string }) => x.ref)).toEqual(['job-row-1', 'job-row-2']);
    });

    it('POST /entity (content mode), POST /index and linked_content answer the item\'s ref', async () => {
      const one = await send('POST', '/entity', JSON.stringify({ content: item('e1', 'single') }));
      expect(one.body).toMatchObject({ url: 'https://ref.example/e1', ref: 'single' });
      const idx = await send('POST', '/index', JSON.stringify({ content: item('i1', 'indexed') }));
      expect(idx.body).toMatchObject({ url: 'https://ref.example/i1', ref: 'indexed' });
      const parent = await send('POST', '/entity', JSON.stringify({ type: 'user', id: 'ref-parent', name: 'P', linked_content: [item('l1', 'child-1'), item('l2', 'child-2', 'hiking boots')] }));
      expect(parent.status, JSON.stringify(parent.body)).toBe(200);
      expect(parent.body['linked_content'].map((x: { ref?: string }) => x.ref)).toEqual(['child-1', 'child-2']);
      // Without a ref, none is made up.
      const bare = await send('POST', '/entity', JSON.stringify({ content: { url: 'https://ref.example/e2', type: 'text', content: 'hiking boots' } }));
      expect(bare.status).toBe(200);
      expect(bare.body).not.toHaveProperty('ref');
    });
  });

  describe('content domains (WIRE-NOTES: unknown domains answer 400 with the allowed list)', () => {
    it('the error both clients show (`error`; neither reads `details`) names the allowed domains and aliases; nothing is written', async () => {
      const r = await send('POST', '/entity', JSON.stringify({ content: { url: 'https://domain.example/x', type: 'text', content: 'jazz records', domain: 'cars' } }));
      refused(r, 400, 'unknown_domain');
      for (const d of ['uiux', 'professional', 'shopping', 'fashion', 'restaurants', 'travel', 'hospitality', 'conversation', 'ecommerce', 'ux', 'linkedin', 'career', 'careers', 'restaurant']) {
        expect(r.body['error'], d).toMatch(new RegExp(`\\b${d}\\b`));
      }
      expect((await getEntity('https://domain.example/x')).status).toBe(404);
    });
  });

  describe('methods (RFC 9110 §15.5.6)', () => {
    it('a method a path does not take answers 405 method_not_allowed with Allow; a path that does not exist stays 404; nothing is written', async () => {
      const put = await send('PUT', '/entity', JSON.stringify({ type: 'user', id: 'put-user', name: 'p' }));
      refused(put, 405, 'method_not_allowed');
      expect(put.headers.get('allow')?.split(/,\s*/).sort()).toEqual(['DELETE', 'GET', 'HEAD', 'POST']);
      expect((await getEntity('put-user')).status).toBe(404);
      const link = await send('GET', '/entity/some%2Fparent/link');
      refused(link, 405, 'method_not_allowed');
      expect(link.headers.get('allow')).toBe('POST');
      // With a trailing slash, as the routes themselves are matched.
      expect((await send('DELETE', '/clusters/')).status).toBe(405);
      refused(await send('PUT', '/no-such-thing'), 404, 'route_not_found');
      refused(await send('GET', '/entity/a/b/link'), 404, 'route_not_found');
    });
  });

  describe('a refused POST /entity with linked_content writes nothing', () => {
    const good = (n: string) => ({ url: `https://linked.example/${n}`, type: 'text', content: 'jazz saxophone records and live bebop' });
    const bad = [
      ['no text', { url: 'https://linked.example/no-text', type: 'text', skip_url_fetch: true }, 'no_text_to_embed'],
      ['unknown domain', { url: 'https://linked.example/domain', type: 'text', content: 'hiking boots', domain: 'cars' }, 'unknown_domain'],
      ['not an http(s) URL', { url: 'ftp://linked.example/file', type: 'text', content: 'hiking boots' }, 'validation_failed'],
    ] as const;

    it.each(bad)('a new parent with one item that fails (%s): 400, and neither the parent nor its other items exist', async (what, item, code) => {
      const id = `linked-parent-${code}-${what.length}`;
      refused(await send('POST', '/entity', JSON.stringify({ type: 'user', id, name: 'L', linked_content: [good(`a-${id}`), item, good(`b-${id}`)] })), 400, code);
      expect((await getEntity(id)).status).toBe(404);
      for (const n of [`a-${id}`, `b-${id}`]) expect((await getEntity(`https://linked.example/${n}`)).status, n).toBe(404);
    });

    it('attaching to an existing parent ({ id, linked_content }) with one item that fails: 400, the parent unchanged and nothing linked', async () => {
      const made = await send('POST', '/entity', JSON.stringify({ type: 'user', id: 'attach-parent', name: 'A' }));
      expect(made.status).toBe(200);
      refused(await send('POST', '/entity', JSON.stringify({ id: 'attach-parent', linked_content: [good('attach-a'), bad[0][1]] })), 400, 'no_text_to_embed');
      expect((await getEntity('https://linked.example/attach-a')).status).toBe(404);
      refused(await send('POST', '/entity/attach-parent/link'), 400, 'link_no_children');
    });
  });

  describe('aliases that disagree', () => {
    it('POST /entity with type and its legacy alias entity_type naming different types is refused 400, as link refuses rel ≠ relation; the same type twice is fine', async () => {
      refused(await send('POST', '/entity', JSON.stringify({ type: 'user', entity_type: 'place', id: 'alias-both', name: 'a' })), 400, 'bad_request');
      expect((await getEntity('alias-both')).status).toBe(404);
      const same = await send('POST', '/entity', JSON.stringify({ type: 'place', entity_type: 'place', id: 'alias-same', name: 'a' }));
      expect(same.status, JSON.stringify(same.body)).toBe(200);
      expect(same.body['type']).toBe('place');
    });
  });
});
