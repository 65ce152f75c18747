import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@tg/observability';
import { createRuntime, type StartedService } from '@tg/service-runtime';
import { startEmbeddingService } from '@tg/service-embedding';
import { OP } from '@tg/contracts';
import { EventStore, RpcClient, connectNats } from '@tg/messaging';
import type { Embedder } from '@tg/embedding';
import { eventually, startStack, type TestStack } from '@tg/test-stack';

type WsClient = Awaited<ReturnType<TestStack['workspace']>>;

/** A real local site for fetch tests. */
function startSite(): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/article') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html><head><title>Bebop at Midnight</title><meta name="description" content="A night of fast saxophone solos."></head>
        <body><nav>Home | About</nav><article><h1>Bebop at Midnight</h1><p>Charlie Parker played alto saxophone with breathtaking speed at the jazz club.
        The quartet improvised over chord changes until dawn, and the trumpet answered every phrase.</p><p>Bebop jazz grew out of swing.</p></article><footer>© site</footer></body></html>`);
    } else if (path === '/notes.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('Hiking trail guide: mountain ridges, alpine lakes and a forest path.');
    } else if (path === '/missing') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not here');
    } else if (path === '/slow') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('partial');
      // never ends: the fetch must time out
    } else if (path === '/huge') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('word '.repeat(200_000));
    } else if (path === '/image.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(Buffer.alloc(100));
    } else if (path === '/to-metadata') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      res.end();
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

describe('content: ingestion, fetch, enrichment, batch and index', () => {
  let s: TestStack;
  let ws: WsClient;
  let site: { server: Server; base: string };
  beforeAll(async () => {
    site = await startSite();
    s = await startStack({ fetchAllowCidrs: ['127.0.0.0/8'], fetchTimeoutMs: 1_000, fetchMaxBytes: 256 * 1024, enrichDelayMs: 300, batchSyncMax: 20 });
    ws = await s.workspace('content');
  });
  afterAll(async () => {
    await s?.stop();
    site?.server.closeAllConnections();
    site?.server.close();
  });

  describe('POST /entity with content (mode B)', () => {
    it('creates content with a hashed id and a placeholder from the URL host, then is idempotent on the URL', async () => {
      // No enrichment here, so that the only events on this item's subject are the ones this test causes.
      const content = { url: 'https://music.example.com/bebop', type: 'text' as const, content: 'Bebop jazz with a saxophone quartet.', skip_url_fetch: true, skip_media_enrich: true };
      const first = await ws.request('POST', '/entity', { body: { content } });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body).toMatchObject({ created: true, entity_id: expect.stringMatching(/^c_[0-9a-f]{24}$/) });
      const got = await ws.getEntity(first.body.entity_id);
      expect(got).toMatchObject({ type: 'content', url: content.url, linked_content: [], linked_entities: [] });
      const subject = EventStore.subject(ws.workspaceId, 'entity', first.body.entity_id);
      const store = await EventStore.open(s.tg.nc);
      const seq = await store.lastSubjectSeq(subject);
      const again = await ws.request('POST', '/entity', { body: { content } });
      expect(again.body).toMatchObject({ created: false, entity_id: first.body.entity_id });
      expect(await store.lastSubjectSeq(subject)).toBe(seq);
      const forced = await ws.request('POST', '/entity', { body: { content, force_reindex: true } });
      expect(forced.body.created).toBe(false);
      expect(await store.lastSubjectSeq(subject)).toBeGreaterThan(seq);
    });
    it('re-indexes when the same id comes with new text', async () => {
      const c1 = { url: 'https://x.example.com/a', type: 'text' as const, content: 'Alpine hiking in the mountains.', skip_url_fetch: true, id: 'hike-1' };
      expect((await ws.createContent(c1)).entity_id).toBe('hike-1');
      const store = await EventStore.open(s.tg.nc);
      const subject = EventStore.subject(ws.workspaceId, 'entity', 'hike-1');
      const seq = await store.lastSubjectSeq(subject);
      const r = await ws.createContent({ ...c1, content: 'Desert hiking among red canyons.' });
      expect(r).toMatchObject({ entity_id: 'hike-1', created: false });
      expect(await store.lastSubjectSeq(subject)).toBeGreaterThan(seq);
      // The same id at the top level and inside content is fine; differing ids are not.
      expect((await ws.request('POST', '/entity', { body: { content: c1, id: 'hike-1' } })).status).toBe(200);
      expect((await ws.request('POST', '/entity', { body: { content: c1, id: 'other' } })).status).toBe(400);
      // A URL owned by one id cannot be claimed by another.
      const conflict = await ws.request('POST', '/entity', { body: { content: { ...c1, id: 'hike-2' } } });
      expect(conflict.status).toBe(409);
      expect(conflict.body.code).toBe('url_conflict');
    });
    it('reads and deletes content by URL', async () => {
      const url = 'https://shop.example.com/boots?color=red&size=42';
      const made = await ws.createContent({ url, type: 'text', content: 'Red leather boots', skip_url_fetch: true });
      expect((await ws.request('GET', '/entity', { query: { entity_id: url } })).body.id).toBe(made.entity_id);
      expect((await ws.request('GET', '/entity', { query: { url } })).body.id).toBe(made.entity_id);
      expect((await ws.request('DELETE', '/entity', { query: { url } })).body).toEqual({ success: true });
      expect((await ws.request('GET', '/entity', { query: { entity_id: url } })).status).toBe(404);
      expect((await ws.request('GET', '/entity', { query: { entity_id: 'https://never.example.com/' } })).status).toBe(404);
      const back = await ws.createContent({ url, type: 'text', content: 'Red leather boots', skip_url_fetch: true });
      expect(back.created).toBe(true);
    });
    it('answers 400 for missing url or type, no text, bad URLs and unknown domains; accepts domain aliases', async () => {
      const bad = [
        { content: { type: 'text', content: 'x' } },
        { content: { url: 'https://a.example.com/', content: 'x' } },
        { content: { url: 'https://a.example.com/', type: 'text', skip_url_fetch: true } },
        { content: { url: 'not a url', type: 'text', content: 'x' } },
        { content: { url: 'ftp://a.example.com/x', type: 'text', content: 'x' } },
        { content: { url: 'https://a.example.com/', type: 'hologram', content: 'x' } },
        { content: { url: 'https://a.example.com/', type: 'text', content: 'x' }, name: 'mixed modes' },
      ];
      for (const body of bad) {
        const r = await ws.request('POST', '/entity', { body });
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.body.code).toBeTruthy();
      }
      const noText = await ws.request('POST', '/entity', { body: bad[2] });
      expect(noText.body.code).toBe('no_text_to_embed');
      const dom = await ws.request('POST', '/entity', { body: { content: { url: 'https://a.example.com/d', type: 'text', content: 'x y', domain: 'space-opera', skip_url_fetch: true } } });
      expect(dom.body.code).toBe('unknown_domain');
      expect(dom.body.details.allowed).toContain('shopping');
      const alias = await ws.createContent({ url: 'https://a.example.com/alias', type: 'text', content: 'cheap running shoes sale', domain: 'ecommerce', skip_url_fetch: true });
      expect((await ws.getEntity(alias.entity_id)).domain).toBe('shopping');
    });
    it('links new content to a parent given as entity_id; the parent is re-pooled (read-your-writes)', async () => {
      const user = await ws.createEntity({ type: 'user', name: 'Listener' });
      const c = await ws.request('POST', '/entity', { body: { content: { url: 'https://m.example.com/1', type: 'text', content: 'Coltrane saxophone jazz', skip_url_fetch: true }, entity_id: user.id } });
      expect(c.status).toBe(200);
      const composed = await ws.request('POST', `/entity/${encodeURIComponent(user.id)}/compose`, { body: {} });
      expect(composed.status, JSON.stringify(composed.body)).toBe(200);
      expect(composed.body.children).toBe(1);
      const missing = await ws.request('POST', '/entity', { body: { content: { url: 'https://m.example.com/2', type: 'text', content: 'jazz', skip_url_fetch: true }, entity_id: 'nobody' } });
      expect(missing.status).toBe(404);
    });
  });

  describe('URL fetch (real local server)', () => {
    it('fetches an HTML page, embeds its main text, and enrichment replaces the placeholder with the page title', async () => {
      const url = `${site.base}/article`;
      const made = await ws.createContent({ url, type: 'text' });
      const first = await ws.getEntity(made.entity_id);
      expect(first.name).toBe('127.0.0.1');
      expect(first.description).toBe('Content from 127.0.0.1');
      const enriched = await eventually(async () => {
        const e = await ws.getEntity(made.entity_id);
        return e.name !== first.name && e;
      });
      expect(enriched.name).toBe('Bebop at Midnight');
      expect(enriched.description).toBe('A night of fast saxophone solos.');
    });
    it('takes plain text as it is', async () => {
      const made = await ws.createContent({ url: `${site.base}/notes.txt`, type: 'text' });
      expect(made.created).toBe(true);
    });
    it('answers 400 when the page cannot give text: 404, slow, huge, non-text, redirect to a metadata address', async () => {
      for (const [path, code] of [
        ['/missing', 'fetch_http_status'],
        ['/slow', 'fetch_timeout'],
        ['/huge', 'fetch_too_large'],
        ['/image.png', 'fetch_unsupported_type'],
        ['/to-metadata', 'fetch_blocked_address'],
      ] as const) {
        const r = await ws.request('POST', '/entity', { body: { content: { url: `${site.base}${path}`, type: 'text' } } });
        expect(r.status, path).toBe(400);
        expect(r.body.code).toBe('no_text_to_embed');
        expect(r.body.details.fetch_error, path).toBe(code);
      }
    });
    it('refuses private, loopback outside the allowed range, and metadata addresses', async () => {
      for (const url of ['http://[::1]/', 'http://10.0.0.1/', 'http://169.254.169.254/latest/meta-data/', 'http://metadata.google.internal/']) {
        const r = await ws.request('POST', '/entity', { body: { content: { url, type: 'text' } } });
        expect(r.status, url).toBe(400);
        expect(r.body.details.fetch_error, url).toBe('fetch_blocked_address');
      }
    });
    it('embeds what describes an image when its bytes are not text', async () => {
      const r = await ws.createContent({ url: `${site.base}/img/red-leather-boots.png`, type: 'image', title: 'Boots', skip_url_fetch: true });
      expect(r.created).toBe(true);
    });
  });

  describe('background enrichment', () => {
    it('replaces the placeholder from the text itself, and respects skip_media_enrich', async () => {
      const skipped = await ws.createContent({ url: 'https://e.example.com/skip', type: 'text', content: 'Quiet piano trio. Late night listening.', skip_url_fetch: true, skip_media_enrich: true });
      const enriched = await ws.createContent({ url: 'https://e.example.com/do', type: 'text', content: 'Loud brass band. Street parade music for dancing.', skip_url_fetch: true });
      const e = await eventually(async () => {
        const x = await ws.getEntity(enriched.entity_id);
        return x.name !== 'e.example.com' && x;
      });
      expect(e.name).toBe('Loud brass band.');
      expect(e.description).toContain('Street parade');
      // Enrichment handles events in stream order: the earlier, skipped item was decided before this one.
      expect((await ws.getEntity(skipped.entity_id)).name).toBe('e.example.com');
    });
  });

  describe('parents with linked_content', () => {
    it('upserts each item, links it with relation about, pools the parent once, and reports each item', async () => {
      const r = await ws.request('POST', '/entity', {
        body: {
          type: 'user',
          name: 'Collector',
          id: 'collector',
          linked_content: [
            { url: 'https://lc.example.com/1', type: 'text', content: 'Bebop jazz saxophone', skip_url_fetch: true },
            { url: 'https://lc.example.com/2', type: 'text', content: 'Mountain hiking trail', skip_url_fetch: true },
          ],
        },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.linked_content).toHaveLength(2);
      expect(r.body.linked_content[0]).toMatchObject({ created: true, url: 'https://lc.example.com/1', entity_id: expect.any(String), vectorstore_document_id: expect.any(String) });
      expect(r.body.representation).toBe('subspace');
      expect(r.body.subspace_rank).toBeGreaterThanOrEqual(1);
      // { id, linked_content } attaches to the existing parent without rewriting it.
      const attach = await ws.request('POST', '/entity', { body: { id: 'collector', linked_content: [{ url: 'https://lc.example.com/3', type: 'text', content: 'Alpine lakes', skip_url_fetch: true }] } });
      expect(attach.status).toBe(200);
      expect(attach.body.name).toBe('Collector');
      const composed = await ws.request('POST', '/entity/collector/compose', {});
      expect(composed.body.children).toBe(3);
      expect((await ws.request('POST', '/entity', { body: { id: 'nobody-here', linked_content: [] } })).status).toBe(404);
    });
  });

  describe('batches and jobs', () => {
    it('answers a small batch with 200 and results in input order, with per-item errors', async () => {
      const content = [
        { url: 'https://b.example.com/1', type: 'text', content: 'first jazz record', skip_url_fetch: true },
        { url: 'https://b.example.com/2', type: 'text', skip_url_fetch: true },
        { url: 'https://b.example.com/3', type: 'text', content: 'third hiking guide', skip_url_fetch: true },
      ];
      const r = await ws.request('POST', '/entity/batch', { body: { content, ids: [null, null, 'third'] } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.results.map((x: any) => x.url)).toEqual(content.map((c) => c.url));
      expect(r.body.results[0]).toMatchObject({ created: true, entity_id: expect.any(String), vectorstore_document_id: expect.any(String) });
      expect(r.body.results[1]).toMatchObject({ error: expect.any(String), code: 'no_text_to_embed' });
      expect(r.body.results[2].entity_id).toBe('third');
      const again = await ws.request('POST', '/entity/batch', { body: { content } });
      expect(again.body.results[0].created).toBe(false);
      expect((await ws.request('POST', '/entity/batch', { body: { content, ids: ['x'] } })).status).toBe(400);
      // An empty batch is nothing to do (wire-audit-2): 200 with no results.
      expect((await ws.request('POST', '/entity/batch', { body: { content: [] } })).body).toEqual({ results: [] });
    });
    it('answers a large batch with 202 and a job that reaches Completed with results in order', async () => {
      const content = Array.from({ length: 45 }, (_, i) => ({ url: `https://job.example.com/${i}`, type: 'text', content: `item ${i} about jazz and hiking number`, skip_url_fetch: true }));
      const r = await ws.request('POST', '/entity/batch', { body: { content } });
      expect(r.status).toBe(202);
      expect(r.body).toMatchObject({ job_id: expect.any(String), job_arn: expect.any(String), status: 'Submitted', status_path: expect.stringContaining(r.body.job_id) });
      const first = await ws.job(r.body.job_id);
      expect(['Submitted', 'Completed']).toContain(first.status);
      const done = await eventually(async () => {
        const j = await ws.job(r.body.job_id);
        return j.status === 'Completed' && j;
      }, { timeoutMs: 30_000 });
      expect(done.results).toHaveLength(45);
      expect(done.results.map((x: any) => x.url)).toEqual(content.map((c) => c.url));
      expect(done.results.every((x: any) => x.entity_id && x.created === true)).toBe(true);
      expect((await ws.getEntity(done.results[44].entity_id)).url).toBe(content[44]!.url);
    });
    it('ends a job whose items all fail with status Failed and per-item errors', async () => {
      const content = Array.from({ length: 3 }, (_, i) => ({ url: `https://fail.example.com/${i}`, type: 'text', skip_url_fetch: true }));
      const r = await ws.request('POST', '/entity/batch', { body: { content, async: true } });
      expect(r.status).toBe(202);
      const done = await eventually(async () => {
        const j = await ws.job(r.body.job_id);
        return j.status !== 'Submitted' && j;
      }, { timeoutMs: 30_000 });
      expect(done.status).toBe('Failed');
      expect(done.results.every((x: any) => x.error && x.url)).toBe(true);
    });
    it('answers 404 for an unknown job and for another workspace’s job', async () => {
      expect((await ws.request('GET', '/entity/batch/jobs/nope')).status).toBe(404);
      const r = await ws.request('POST', '/entity/batch', { body: { content: [{ url: 'https://j.example.com/x', type: 'text', content: 'a b', skip_url_fetch: true }], async: true } });
      const other = await s.workspace('other');
      expect((await other.request('GET', `/entity/batch/jobs/${r.body.job_id}`)).status).toBe(404);
    });
  });

  describe('POST /index and /index/batch', () => {
    it('creates or resolves content by URL and links it to entity_id', async () => {
      const user = await ws.createEntity({ type: 'user', name: 'Indexer' });
      const r = await ws.request('POST', '/index', { body: { content: { url: 'https://i.example.com/1', type: 'text', content: 'jazz', skip_url_fetch: true }, entity_id: user.id } });
      expect(r.body).toMatchObject({ created: true });
      const again = await ws.request('POST', '/index', { body: { content: { url: 'https://i.example.com/1', type: 'text', content: 'jazz', skip_url_fetch: true } } });
      expect(again.body).toEqual(expect.objectContaining({ created: false, entity_id: r.body.entity_id }));
      const batch = await ws.request('POST', '/index/batch', { body: { content: [{ url: 'https://i.example.com/2', type: 'text', content: 'hiking', skip_url_fetch: true }], entity_ids: [user.id] } });
      expect(batch.status).toBe(200);
      expect(batch.body.results[0].created).toBe(true);
      expect((await ws.request('POST', `/entity/${user.id}/compose`, {})).body.children).toBe(2);
    });
  });

  describe('embedding service scale-out', () => {
    let second: StartedService | undefined;
    afterAll(async () => second?.stop());
    it('shares work between two embedding-service instances in a queue group', async () => {
      let calls = 0;
      const nc = await connectNats(s.nats.url, 'second-embedding');
      const rt = await createRuntime(s.config, nc, createLogger('second', 'silent'));
      const inner = (await import('@tg/embedding')).SifEmbedder;
      const model = await inner.load({ cacheDir: `${s.config.dataDir}/models` });
      const counting: Embedder = { id: model.id, dim: model.dim, embed: (t) => ((calls += 1), model.embed(t)) };
      second = await startEmbeddingService(rt, counting);
      const n = 40;
      // Callers in another process (here a bare bus client): the all-in-one process embeds its own texts with
      // its own instance (same-process calls prefer the local handler), so scale-out serves other processes.
      const bus = new RpcClient(nc, 30_000);
      for (let i = 0; i < n; i++) await bus.call(OP.embed.texts, { ws: '_', data: { texts: [`scale out item ${i} jazz`] } });
      expect(calls).toBeGreaterThan(0);
      expect(calls).toBeLessThan(n);
      const stop = second.stop;
      second = { name: 'x', stop: async () => (await stop(), await nc.close()) };
    });
  });
});
