import diagnosticsChannel from 'node:diagnostics_channel';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { compilePolicy } from './address-policy';
import { FetchError } from './errors';
import { type FetchOptions, fetchUrl } from './fetch-url';
import { guardedLookup, systemResolver } from './guarded-lookup';

const LOCAL: FetchOptions = { allowCidrs: ['127.0.0.0/8'] };
const LATIN1_TEXT = Buffer.from('café au lait\n  second  line\n', 'latin1');
const paragraph = (n: number) =>
  `<p>Paragraph ${n}: the committee met on a rainy Tuesday to discuss the new library opening hours, the reading
   programme for children, and a long list of proposals from residents about quiet study rooms.</p>`;
const ARTICLE = `<!doctype html><html lang="en"><head><title>Library news | Town</title>
<meta property="og:title" content="Library opens longer"><meta name="description" content="Opening hours are extended.">
<meta property="og:site_name" content="Town Gazette"></head><body>
<nav><a href="/">NAV-HOME</a> <a href="/sport">NAV-SPORT</a></nav>
<article><h1>Library opens longer</h1>${[1, 2, 3, 4, 5].map(paragraph).join('')}<img src="/l.jpg" alt="The library at dusk"></article>
<footer>FOOTER-LEGAL © Town Gazette</footer></body></html>`;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

function streamBytes(res: ServerResponse, total: number): void {
  const chunk = Buffer.alloc(64 * 1024, 'a');
  let sent = 0;
  const pump = (): void => {
    while (sent < total && !res.destroyed) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    res.end();
  };
  pump();
}

const routes: Record<string, Handler> = {
  '/article': (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE),
  '/text': (_req, res) => res.writeHead(200, { 'content-type': 'text/plain; charset=iso-8859-1' }).end(LATIN1_TEXT),
  '/notes.md': (_req, res) => res.writeHead(200, { 'content-type': 'text/markdown' }).end('# Notes\n\n- one\n'),
  '/missing': (_req, res) => res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>'),
  '/hang': () => undefined,
  '/slow': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.write('<html><body><p>first bytes arrive, the rest never does');
  },
  '/huge': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    streamBytes(res, 8 * 1024 * 1024);
  },
  '/huge-declared': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(50 * 1024 * 1024) });
    res.write('x');
  },
  '/image': (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47])),
  '/untyped': (_req, res) => res.writeHead(200).end('no content type'),
  '/to-private': (_req, res) => res.writeHead(302, { location: 'http://10.0.0.1/' }).end(),
  '/to-metadata': (_req, res) => res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data' }).end(),
  '/to-mapped': (_req, res) => res.writeHead(307, { location: 'http://[::ffff:a9fe:a9fe]/' }).end(),
  '/to-other-loopback': (_req, res) => res.writeHead(302, { location: `http://127.0.0.2:${port}/article` }).end(),
  '/to-file': (_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end(),
  '/loop': (_req, res) => res.writeHead(302, { location: '/loop' }).end(),
  '/no-location': (_req, res) => res.writeHead(302).end(),
  '/echo-headers': (req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(`${req.headers.host}|${req.headers['user-agent']}`),
};

let server: Server;
let base: string;
let port: number;
const hits: string[] = [];
const connectAttempts: string[] = [];

function onBeforeConnect(message: unknown): void {
  const { connectParams } = message as { connectParams: { hostname: string } };
  connectAttempts.push(connectParams.hostname);
}

async function failure(promise: Promise<unknown>): Promise<FetchError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof FetchError) return err;
    throw err;
  }
  throw new Error('expected the fetch to fail');
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.push(path);
    res.on('error', () => undefined);
    const redirect = /^\/r\/(\d+)$/.exec(path);
    if (redirect) {
      const n = Number(redirect[1]);
      res.writeHead(302, { location: n > 1 ? `${n - 1}` : '../article' }).end();
      return;
    }
    (routes[path] ?? routes['/missing'])(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  diagnosticsChannel.subscribe('undici:client:beforeConnect', onBeforeConnect);
});

afterAll(async () => {
  diagnosticsChannel.unsubscribe('undici:client:beforeConnect', onBeforeConnect);
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  hits.length = 0;
  connectAttempts.length = 0;
});

describe('fetchUrl against local servers', () => {
  it('extracts an HTML article without its navigation and footer', async () => {
    const doc = await fetchUrl(`${base}/article`, LOCAL);
    expect(doc).toMatchObject({
      url: `${base}/article`,
      finalUrl: `${base}/article`,
      status: 200,
      contentType: 'text/html',
      title: 'Library opens longer',
      description: 'Opening hours are extended.',
      siteName: 'Town Gazette',
      lang: 'en',
      imageAlts: ['The library at dusk'],
      bytes: Buffer.byteLength(ARTICLE),
    });
    expect(doc.text).toContain('Paragraph 1: the committee met on a rainy Tuesday');
    expect(doc.text).toContain('Paragraph 5');
    expect(doc.text).not.toMatch(/NAV-|FOOTER-LEGAL/);
    expect(doc.ms).toBeGreaterThanOrEqual(0);
    expect(connectAttempts).toEqual(['127.0.0.1']);
  });

  it('returns plain text and markdown as is, decoding the declared charset', async () => {
    const text = await fetchUrl(`${base}/text`, LOCAL);
    expect(text).toMatchObject({ contentType: 'text/plain', text: 'café au lait\n  second  line\n', bytes: LATIN1_TEXT.byteLength });
    expect(text.title).toBeUndefined();
    const md = await fetchUrl(`${base}/notes.md`, LOCAL);
    expect(md).toMatchObject({ contentType: 'text/markdown', text: '# Notes\n\n- one\n' });
  });

  it('sends the configured User-Agent and the host name as Host', async () => {
    const doc = await fetchUrl(`http://site.example.com:${port}/echo-headers`, {
      ...LOCAL,
      userAgent: 'tg-test/1',
      lookup: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    expect(doc.text).toBe(`site.example.com:${port}|tg-test/1`);
  });

  it('reports non-2xx responses with their status', async () => {
    const err = await failure(fetchUrl(`${base}/missing`, LOCAL));
    expect(err).toMatchObject({ name: 'FetchError', code: 'fetch_http_status', status: 404 });
    const bare = await failure(fetchUrl(`${base}/no-location`, LOCAL));
    expect(bare).toMatchObject({ code: 'fetch_http_status', status: 302 });
  });

  it('times out quickly when the server never answers or never finishes the body', async () => {
    for (const path of ['/hang', '/slow']) {
      const started = performance.now();
      const err = await failure(fetchUrl(`${base}${path}`, { ...LOCAL, timeoutMs: 150 }));
      expect(err.code).toBe('fetch_timeout');
      expect(performance.now() - started).toBeLessThan(1_500);
    }
  });

  it('stops reading past maxBytes, whether or not the size is declared', async () => {
    const streamed = await failure(fetchUrl(`${base}/huge`, { ...LOCAL, maxBytes: 100_000 }));
    expect(streamed.code).toBe('fetch_too_large');
    const declared = await failure(fetchUrl(`${base}/huge-declared`, { ...LOCAL, maxBytes: 100_000 }));
    expect(declared.code).toBe('fetch_too_large');
  });

  it('refuses content types it cannot read', async () => {
    expect((await failure(fetchUrl(`${base}/image`, LOCAL))).code).toBe('fetch_unsupported_type');
    expect((await failure(fetchUrl(`${base}/untyped`, LOCAL))).code).toBe('fetch_unsupported_type');
  });

  it('follows relative redirects up to maxRedirects', async () => {
    const doc = await fetchUrl(`${base}/r/3`, LOCAL);
    expect(doc.url).toBe(`${base}/r/3`);
    expect(doc.finalUrl).toBe(`${base}/article`);
    expect(hits).toEqual(['/r/3', '/r/2', '/r/1', '/article']);
    const err = await failure(fetchUrl(`${base}/r/3`, { ...LOCAL, maxRedirects: 2 }));
    expect(err.code).toBe('fetch_too_many_redirects');
  });

  it('gives up on redirect loops after maxRedirects hops', async () => {
    const err = await failure(fetchUrl(`${base}/loop`, { ...LOCAL, maxRedirects: 4 }));
    expect(err.code).toBe('fetch_too_many_redirects');
    expect(hits).toEqual(Array(5).fill('/loop'));
  });

  it.each(['/to-private', '/to-metadata', '/to-mapped'])('refuses %s without connecting to the target', async (path) => {
    const err = await failure(fetchUrl(`${base}${path}`, LOCAL));
    expect(err.code).toBe('fetch_blocked_address');
    expect(hits).toEqual([path]);
    expect(connectAttempts).toEqual(['127.0.0.1']);
  });

  it('checks every hop against allowCidrs, not just the first', async () => {
    const err = await failure(fetchUrl(`${base}/to-other-loopback`, { allowCidrs: ['127.0.0.1/32'] }));
    expect(err.code).toBe('fetch_blocked_address');
    expect(hits).toEqual(['/to-other-loopback']);
    expect(connectAttempts).toEqual(['127.0.0.1']);
  });

  it('refuses a redirect to a non-http scheme', async () => {
    expect((await failure(fetchUrl(`${base}/to-file`, LOCAL))).code).toBe('fetch_invalid_url');
  });

  it('maps connection failures to fetch_network', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const err = await failure(fetchUrl(`http://127.0.0.1:${closedPort}/`, LOCAL));
    expect(err.code).toBe('fetch_network');
  });
});

describe('SSRF refusals without allowCidrs', () => {
  it.each([
    'http://127.0.0.1:PORT/article',
    'http://localhost:PORT/article',
    'http://[::1]:PORT/article',
    'http://[::ffff:127.0.0.1]:PORT/article',
    'http://0x7f000001:PORT/article',
    'http://2130706433:PORT/article',
    'http://127.1:PORT/article',
    'http://169.254.169.254/latest/meta-data',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://10.0.0.1/',
    'http://[fd00::1]/',
  ])('refuses %s before resolving or connecting', async (template) => {
    // The stub keeps any regression on this machine: a name that slipped through would resolve to loopback.
    const resolved: string[] = [];
    const lookup = async (hostname: string) => {
      resolved.push(hostname);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const err = await failure(fetchUrl(template.replace('PORT', String(port)), { lookup }));
    expect(err.code).toBe('fetch_blocked_address');
    expect(resolved).toEqual([]);
    expect(connectAttempts).toEqual([]);
    expect(hits).toEqual([]);
  });

  it('refuses names that DNS resolves to a forbidden address, before the TCP connect', async () => {
    const resolved: string[] = [];
    const lookup = async (hostname: string) => {
      resolved.push(hostname);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const err = await failure(fetchUrl(`http://rebind.example.com:${port}/article`, { lookup }));
    expect(err.code).toBe('fetch_blocked_address');
    expect(resolved).toEqual(['rebind.example.com']);
    expect(hits).toEqual([]);
  });

  it('refuses a name when any of its addresses is forbidden', async () => {
    const lookup = async () => [
      { address: '127.0.0.1', family: 4 },
      { address: '10.0.0.1', family: 4 },
    ];
    const err = await failure(fetchUrl(`http://mixed.example.com:${port}/article`, { ...LOCAL, lookup }));
    expect(err.code).toBe('fetch_blocked_address');
    expect(hits).toEqual([]);
  });

  it('refuses IPv4-mapped answers of forbidden addresses', async () => {
    const lookup = async () => [{ address: '::ffff:127.0.0.1', family: 6 }];
    const err = await failure(fetchUrl(`http://mapped.example.com:${port}/article`, { lookup }));
    expect(err.code).toBe('fetch_blocked_address');
  });

  it('refuses localhost through the system resolver too', async () => {
    const lookup = guardedLookup(systemResolver, compilePolicy());
    const err = await new Promise<unknown>((resolve) => lookup('localhost', { all: true }, (e) => resolve(e)));
    expect(err).toBeInstanceOf(FetchError);
    expect((err as FetchError).code).toBe('fetch_blocked_address');
  });

  it('rejects non-http URLs and garbage', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/', 'not a url']) {
      expect((await failure(fetchUrl(url))).code).toBe('fetch_invalid_url');
    }
  });
});
