import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startStack, type TestStack } from '@tg/test-stack';

type WsClient = Awaited<ReturnType<TestStack['workspace']>>;

/** One raw HTTP request (fetch would normalise dot segments and refuses to set Host). */
function raw(baseUrl: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<{ status: number; body: any; text: string }> {
  const u = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: u.hostname, port: u.port, method, path, headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        resolve({ status: res.statusCode ?? 0, body: parsed, text });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const BUILTIN_NAMES = ['constructor', 'toString', 'valueOf', '__proto__', 'hasOwnProperty', 'prototype'];

/** Defect 8: caller input that names a property every plain object inherits must never reach a 500. */
async function builtinNamesNeverFail(s: TestStack, ws: WsClient): Promise<void> {
  const names = BUILTIN_NAMES;
  const user = (await ws.request('POST', '/entity', { body: { type: 'user', name: 'Proto', description: 'Listens to jazz records and hikes mountain trails' } })).body.id as string;
  const liked = await ws.request('POST', '/entity', { body: { content: { url: `https://proto.example.com/${ws.workspaceId}`, type: 'text', content: 'A jazz record of saxophone ballads', skip_url_fetch: true }, entity_id: user } });
  expect(liked.status, JSON.stringify(liked.body)).toBe(200);
  const q = { relative_to_entity_id: user, in_terms_of_entity_type: 'content' };
  const tries: [string, string, Record<string, unknown> | undefined, Record<string, string>][] = [
    ['POST', '/rerank', { candidates: names }, q],
    ...names.map((n): [string, string, Record<string, unknown>, Record<string, string>] => ['POST', '/rerank', { candidates: [n] }, q]),
    ...names.map((n): [string, string, Record<string, unknown>, Record<string, string>] => ['POST', '/recommend', { candidates: [n, liked.body.entity_id], history: [n], item_texts: {} }, { ...q, domain: 'uiux' }]),
    ['POST', '/rerank', { candidates: [...names, liked.body.entity_id], item_texts: { toString: 'jazz' } }, q],
    ['POST', '/rerank', { candidates: names.map((entity_id) => ({ entity_id })) }, q],
    ['POST', '/recommend', { candidates: names, history: names, item_texts: Object.fromEntries(names.map((n) => [n, 'jazz'])) }, { ...q, domain: 'uiux' }],
    ['POST', '/score', { content: { entity_id: 'constructor' } }, q],
    ['POST', '/search', { query: 'jazz' }, { relative_to_entity_id: 'constructor', in_terms_of_entity_type: 'content' }],
    ['POST', '/search', { query: 'jazz' }, { relative_to_entity_id: user, in_terms_of_entity_type: 'constructor' }],
    ['GET', '/entity', undefined, { entity_id: 'toString' }],
    ['GET', '/entity/type', undefined, { entity_type: 'constructor' }],
    ['POST', '/entity/toString/link', { entity_id: 'valueOf' }, {}],
    ['POST', '/entity/constructor/compose', {}, {}],
    ['GET', '/cluster', undefined, { cluster_id: 'constructor' }],
    ['GET', '/entity/batch/jobs/constructor', undefined, {}],
    ['POST', '/entity', { content: { url: `https://proto.example.com/d/${ws.workspaceId}`, type: 'text', content: "jazz toStringn't constructorn't", domain: 'constructor', skip_url_fetch: true } }, {}],
    ['POST', '/entity', { content: { url: `https://proto.example.com/e/${ws.workspaceId}`, type: 'text', content: 'jazz', domain: 'toString', skip_url_fetch: true } }, {}],
    ['POST', '/entity', { content: { url: `https://proto.example.com/f/${ws.workspaceId}`, type: 'text', content: "jazz toStringn't constructorn't", skip_url_fetch: true } }, {}],
    ['GET', '/clusters', undefined, { constructor: 'x', toString: 'y', __proto__: 'z' }],
  ];
  for (const [method, path, body, query] of tries) {
    const r = await ws.request(method as 'GET', path, { body, query });
    expect(r.status, `${method} ${path} ${JSON.stringify(body)} → ${JSON.stringify(r.body)}`).toBeLessThan(500);
    if (r.status >= 400) expect(r.body.code, path).toEqual(expect.any(String));
  }
  for (const n of names) {
    const r = await s.admin.request('GET', '/clusters', { headers: { 'x-workspace-id': n } });
    expect(r.status, `${n}: ${JSON.stringify(r.body)}`).toBeLessThan(500);
  }
}

const words = ['jazz', 'trail', 'garden', 'coffee', 'poetry', 'cinema', 'bakery', 'harbor', 'violin', 'canyon', 'lamp', 'scarf', 'tennis', 'opera', 'forest'];
const longText = (n: number, seed: number) => {
  const out: string[] = [];
  let len = 0;
  for (let i = 0; len < n; i++) {
    const w = words[(i * 7 + seed) % words.length]!;
    out.push(w);
    len += w.length + 1;
  }
  return out.join(' ').slice(0, n);
};

/**
 * Defects of the fault-and-attack run (issue 12), through the gateway with the services over NATS
 * (`rpcPreferLocal: false`): the shape of a split deployment, where the bus payload limit (1 MiB) applies.
 */
describe('hardening: large messages, hostile ids and hosts, over the bus', () => {
  let s: TestStack;
  let ws: WsClient;
  beforeAll(async () => {
    s = await startStack({ rpcPreferLocal: false, publicBaseUrl: undefined });
    ws = await s.workspace('hardening');
  }, 120_000);
  afterAll(async () => s?.stop());

  describe('1: replies over the bus payload limit', () => {
    it('a search whose answer is over 1 MiB answers 200, and the services live on', async () => {
      const user = (await ws.request('POST', '/entity', { body: { type: 'user', name: 'Reader' } })).body.id as string;
      const content = Array.from({ length: 80 }, (_, i) => ({
        url: `https://large.example.com/${i}`,
        type: 'text',
        content: `A ${words[i % 15]} and ${words[(i * 7 + 3) % 15]} story, number ${i}.`,
        description: longText(19_000, i),
        skip_url_fetch: true,
        skip_media_enrich: true,
      }));
      // Pages under the request limit, so that only the reply is large here.
      for (let i = 0; i < content.length; i += 20) {
        const r = await ws.request('POST', '/entity/batch', { body: { content: content.slice(i, i + 20) } });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      }
      await ws.request('POST', '/entity/batch', { body: { content: content.slice(0, 3), entity_ids: [user, user, user] } });
      for (let round = 0; round < 3; round++) {
        const r = await ws.request('POST', '/search', { query: { relative_to_entity_id: user, in_terms_of_entity_type: 'content' }, body: { query: 'jazz garden', limit: 200 } });
        expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
        expect(r.body.results.length).toBe(80);
        expect(JSON.stringify(r.body).length).toBeGreaterThan(1024 * 1024);
      }
      const small = await ws.request('POST', '/search', { query: { relative_to_entity_id: user, in_terms_of_entity_type: 'content' }, body: { query: 'jazz', limit: 5 } });
      expect(small.status).toBe(200);
    }, 120_000);

    it('polling a completed job whose results are over 1 MiB answers 200, again and again', async () => {
      const n = 1_000;
      const ids = Array.from({ length: n }, (_, i) => `${String(i).padStart(6, '0')}-${'j'.repeat(480)}`);
      const content = ids.map((_, i) => ({ url: `https://jobs.example.com/${i}`, type: 'text', content: `${words[i % 15]} ${words[(i * 3) % 15]} ${i}`, skip_url_fetch: true, skip_media_enrich: true }));
      const r = await ws.request('POST', '/entity/batch', { body: { content, ids, async: true } });
      expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(202);
      const path = r.body.status_path.replace(/^\/v1/, '');
      const done = await eventually(
        async () => {
          const p = await ws.request('GET', path);
          return p.status === 200 && p.body.status !== 'Submitted' ? p : undefined;
        },
        { timeoutMs: 120_000, intervalMs: 250, what: 'job completed' },
      );
      expect(done.body.results.length).toBe(n);
      expect(JSON.stringify(done.body).length).toBeGreaterThan(1024 * 1024);
      for (let i = 0; i < 2; i++) expect((await ws.request('GET', path)).status).toBe(200);
    }, 180_000);
  });

  describe('2: valid large batches within the body limit', () => {
    it('accepts a 3 MB synchronous batch (150 items × 20,000 characters)', async () => {
      const content = Array.from({ length: 150 }, (_, i) => ({ url: `https://bulk.example.com/${i}`, type: 'text', content: longText(20_000, i), skip_url_fetch: true, skip_media_enrich: true }));
      const r = await ws.request('POST', '/entity/batch', { body: { content } });
      expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
      expect(r.body.results.filter((x: { error?: string }) => !x.error).length).toBe(150);
    }, 120_000);
  });

  describe('8: built-in object names as caller input', () => {
    it('rerank, score and lookups never answer 500 (services over the bus)', async () => builtinNamesNeverFail(s, ws));
  });

  describe('10: one id rule everywhere', () => {
    it('an id of 101–512 characters created in a body can be linked and composed through the path', async () => {
      const parent = 'p'.repeat(300);
      const r = await ws.request('POST', '/entity', { body: { type: 'user', name: 'Long id', id: parent } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const child = await ws.request('POST', '/entity', { body: { content: { url: 'https://ids.example.com/1', type: 'text', content: 'jazz records', skip_url_fetch: true } } });
      const link = await ws.request('POST', `/entity/${encodeURIComponent(parent)}/link`, { body: { entity_id: child.body.entity_id } });
      expect(link.status, JSON.stringify(link.body)).toBe(200);
      const compose = await ws.request('POST', `/entity/${encodeURIComponent(parent)}/compose`, { body: {} });
      expect(compose.status, JSON.stringify(compose.body)).toBe(200);
      // Non-ASCII ids of the full 512 characters are addressable too (up to 12 encoded characters each).
      const wide = '🎷'.repeat(256);
      const created = await ws.request('POST', '/entity', { body: { type: 'user', name: 'Wide', id: wide } });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const wideLink = await ws.request('POST', `/entity/${encodeURIComponent(wide)}/link`, { body: { entity_id: child.body.entity_id } });
      expect(wideLink.status, JSON.stringify(wideLink.body)).toBe(200);
      const wideCompose = await ws.request('POST', `/entity/${encodeURIComponent(wide)}/compose`, { body: {} });
      expect(wideCompose.status, JSON.stringify(wideCompose.body)).toBe(200);
    });
    it('an id over the limit is refused the same way in a body and in a path, as { error, code }', async () => {
      const tooLong = 'x'.repeat(513);
      const b = await ws.request('POST', '/entity', { body: { type: 'user', name: 'x', id: tooLong } });
      expect(b.status).toBe(400);
      expect(b.body.code).toBe('validation_failed');
      const p = await raw(s.baseUrl, 'POST', `/v1/entity/${'y'.repeat(5_000)}/compose`, { 'x-api-key': ws.key }, '{}');
      expect(p.status, p.text.slice(0, 200)).toBe(400);
      expect(p.body).toMatchObject({ code: 'validation_failed', error: expect.any(String) });
    });
    it('ids "." and ".." are refused everywhere (a path cannot address them)', async () => {
      for (const id of ['.', '..']) {
        const r = await ws.request('POST', '/entity', { body: { type: 'user', name: 'dots', id } });
        expect(r.status, id).toBe(400);
        expect(r.body.code).toBe('validation_failed');
        const c = await ws.request('POST', '/entity', { body: { content: { url: `https://ids.example.com/dot${id.length}`, type: 'text', content: 'x y', skip_url_fetch: true }, id } });
        expect(c.status, id).toBe(400);
        const l = await ws.request('POST', '/entity/some-parent/link', { body: { entity_id: id } });
        expect(l.status, id).toBe(400);
        const batch = await ws.request('POST', '/entity/batch', { body: { content: [{ url: 'https://ids.example.com/b', type: 'text', content: 'x', skip_url_fetch: true }], ids: [id] } });
        expect(batch.status, id).toBe(400);
        const enc = await raw(s.baseUrl, 'POST', `/v1/entity/${id === '.' ? '%2E' : '%2E%2E'}/compose`, { 'x-api-key': ws.key }, '{}');
        expect(enc.status, enc.text).toBe(400);
        expect(enc.body.code).toBe('validation_failed');
      }
    });
  });

  describe('11: visualize links do not follow the Host header', () => {
    it('a foreign Host never appears in url or graph_url', async () => {
      const r = await raw(s.baseUrl, 'GET', '/v1/visualize', { 'x-api-key': ws.key, host: 'evil.example' });
      expect(r.status).toBe(200);
      expect(r.body.url).not.toContain('evil.example');
      expect(r.body.graph_url).not.toContain('evil.example');
      const own = new URL(s.baseUrl);
      expect(new URL(r.body.url).host).toBe(own.host);
      const g = await fetch(r.body.graph_url);
      expect(g.status).toBe(200);
    });
  });
});

describe('hardening: configured public base URL', () => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startStack({ publicBaseUrl: 'https://graph.example.org/tg', allowedHosts: ['api.example.net'] });
  }, 120_000);
  afterAll(async () => s?.stop());
  it('8: built-in object names never answer 500 (gateway calling its own services)', async () => builtinNamesNeverFail(s, await s.workspace('proto')));
  it('visualize links use the public base URL whatever the Host says', async () => {
    const ws = await s.workspace('pub');
    for (const host of ['evil.example', 'api.example.net', new URL(s.baseUrl).host]) {
      const r = await raw(s.baseUrl, 'GET', '/v1/visualize', { 'x-api-key': ws.key, host });
      expect(r.status).toBe(200);
      expect(r.body.url).toMatch(/^https:\/\/graph\.example\.org\/tg\/v1\/visualize\/view\?t=/);
      expect(r.body.graph_url).toMatch(/^https:\/\/graph\.example\.org\/tg\/v1\/visualize\/graph\?t=/);
    }
  });
});

describe('hardening: slow and unauthenticated connections', () => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startStack({ httpHeadersTimeoutMs: 1_000, httpRequestTimeoutMs: 2_000, httpIdleTimeoutMs: 2_000, httpMaxConnectionsPerClient: 50 });
  }, 120_000);
  afterAll(async () => s?.stop());

  it('4: 200 slow-body and slow-header sockets are all closed by the server, and a new client is served throughout', async () => {
    const { connect } = await import('node:net');
    const port = Number(new URL(s.baseUrl).port);
    const ws = await s.workspace('slow');
    const sockets: import('node:net').Socket[] = [];
    let closed = 0;
    const timers: NodeJS.Timeout[] = [];
    // The attackers come from another loopback address than the honest client (127.0.0.2 vs 127.0.0.1).
    for (let i = 0; i < 200; i++) {
      const sock = connect({ host: '127.0.0.1', port, localAddress: '127.0.0.2' });
      sock.on('error', () => undefined);
      sock.on('close', () => closed++);
      sock.on('connect', () => {
        const kind = i % 3;
        if (kind === 0) sock.write(`POST /v1/entity HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`);
        else if (kind === 1) sock.write(`POST /v1/entity HTTP/1.1\r\nHost: x\r\nX-API-Key: ${ws.key}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`);
        else sock.write('GET /v1/health HTTP/1.1\r\nHost: x\r\n');
        // A byte every 300 ms: never idle, never done.
        const t = setInterval(() => sock.writable && sock.write(kind === 2 ? 'X' : ' '), 300);
        timers.push(t);
      });
      sockets.push(sock);
    }
    try {
      let served = 0;
      await eventually(
        async () => {
          const r = await fetch(`${s.baseUrl}/health`);
          expect(r.status).toBe(200);
          served++;
          return closed === 200;
        },
        { timeoutMs: 20_000, intervalMs: 100, what: `every slow socket closed by the server (${closed} of 200)` },
      );
      expect(served).toBeGreaterThan(0);
      // The honest client with a key is served too.
      expect((await ws.request('GET', '/clusters')).status).toBe(200);
    } finally {
      for (const t of timers) clearInterval(t);
      for (const sock of sockets) sock.destroy();
    }
  }, 60_000);

  it('4: a slow body with a valid key is answered 408 { error, code } and closed', async () => {
    const { connect } = await import('node:net');
    const port = Number(new URL(s.baseUrl).port);
    const ws = await s.workspace('slow-408');
    const sock = connect({ host: '127.0.0.1', port });
    let text = '';
    sock.on('data', (d) => (text += d));
    const closed = new Promise<void>((r) => sock.on('close', () => r()));
    sock.on('connect', () => sock.write(`POST /v1/entity HTTP/1.1\r\nHost: x\r\nX-API-Key: ${ws.key}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`));
    const drip = setInterval(() => sock.writable && sock.write(' '), 300);
    try {
      await closed;
    } finally {
      clearInterval(drip);
    }
    expect(text).toMatch(/^HTTP\/1\.1 408/);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toMatchObject({ code: 'request_timeout', error: expect.any(String) });
  });

  it('a flood of made-up keys from one address: 401 up to the rate (60 a minute), then 429 with Retry-After; keys in use and other addresses unaffected', async () => {
    const { request } = await import('node:http');
    const ws = await s.workspace('flood');
    const get = (key: string, localAddress: string) =>
      new Promise<{ status: number; body: any; retryAfter?: string }>((resolve, reject) => {
        const req = request(`${s.baseUrl}/clusters`, { headers: { 'x-api-key': key }, localAddress, agent: false }, (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text), retryAfter: res.headers['retry-after'] as string | undefined }));
        });
        req.on('error', reject);
        req.end();
      });
    // The honest client has used its key from the flooding address before the flood (a shared proxy, say).
    expect((await get(ws.key, '127.0.0.3')).status).toBe(200);
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof get>> | undefined;
    for (let i = 0; i < 70; i++) {
      last = await get(`tg_wsk_madeup${String(i).padStart(4, '0')}xxxxxxxxxxxxxx`, '127.0.0.3');
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 60).every((x) => x === 401)).toBe(true);
    expect(statuses.slice(60).every((x) => x === 429)).toBe(true);
    expect(last!.body).toMatchObject({ code: 'rate_limited', error: expect.any(String) });
    expect(Number(last!.retryAfter)).toBeGreaterThan(0);
    expect((await get(ws.key, '127.0.0.3')).status).toBe(200);
    expect((await get('tg_wsk_madeup9999xxxxxxxxxxxxxx', '127.0.0.1')).status).toBe(401);
  });

  it('4: a 401 closes its connection', async () => {
    const { connect } = await import('node:net');
    const port = Number(new URL(s.baseUrl).port);
    const sock = connect({ host: '127.0.0.1', port });
    let text = '';
    sock.on('data', (d) => (text += d));
    const closed = new Promise<void>((r) => sock.on('close', () => r()));
    sock.write('GET /v1/clusters HTTP/1.1\r\nHost: x\r\n\r\n');
    await closed;
    expect(text).toMatch(/^HTTP\/1\.1 401/);
    expect(text.toLowerCase()).toContain('connection: close');
  });
});

describe('hardening: background enrichment shared fairly between workspaces', () => {
  let s: TestStack;
  let server: import('node:http').Server;
  let base = '';
  const held: import('node:http').ServerResponse[] = [];
  beforeAll(async () => {
    const { createServer } = await import('node:http');
    // A slow site (/slow/* never answers: each fetch holds a slot until the fetch timeout) and a fast one.
    server = createServer((req, res) => {
      if (req.url?.startsWith('/slow/')) return void held.push(res);
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><head><title>Fast page</title><meta name="description" content="Served at once."></head><body><p>Fast jazz page.</p></body></html>');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(server.address() as import('node:net').AddressInfo).port}`;
    s = await startStack({ fetchAllowCidrs: ['127.0.0.0/8'], fetchTimeoutMs: 2_000, enrichDelayMs: 0 });
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
    for (const res of held) res.destroy();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('9: 200 slow URLs of one workspace do not hold back another workspace’s enrichment', async () => {
    const a = await s.workspace('slow-tenant');
    const b = await s.workspace('other-tenant');
    const content = Array.from({ length: 200 }, (_, i) => ({ url: `${base}/slow/${i}`, type: 'text', content: `slow item ${i} about jazz` }));
    expect((await a.request('POST', '/entity/batch', { body: { content } })).status).toBe(200);
    await eventually(() => held.length >= 8, { timeoutMs: 20_000, what: 'the slow tenant fills the enrichment pool' });
    const made = await b.request('POST', '/entity', { body: { content: { url: `${base}/fast`, type: 'text', content: 'a fast page about jazz' } } });
    expect(made.status).toBe(200);
    // With one shared pool of 8, this waited for about 200 × 2 s / 8 = 50 s; fair scheduling serves it next.
    const enriched = await eventually(
      async () => {
        const e = await b.request('GET', '/entity', { query: { entity_id: made.body.entity_id } });
        return e.body.name === 'Fast page' ? e.body : undefined;
      },
      { timeoutMs: 15_000, intervalMs: 100, what: 'the other workspace’s item is enriched' },
    );
    expect(enriched.description).toBe('Served at once.');
  }, 60_000);
});
