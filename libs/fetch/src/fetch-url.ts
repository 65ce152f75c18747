import { Agent, type Dispatcher } from 'undici';
import { type AddressPolicy, type CompiledPolicy, checkUrl, compilePolicy } from './address-policy';
import { type MediaType, decodeBody, parseContentType } from './decode';
import { FetchError, findFetchError } from './errors';
import { extractHtml } from './extract-html';
import { type Resolver, guardedLookup, systemResolver } from './guarded-lookup';

/** Options of {@link fetchUrl}. Address rules come from {@link AddressPolicy}. */
export interface FetchOptions extends AddressPolicy {
  /** Budget for the whole fetch: DNS, connect, every redirect hop and the body. Default 10000. */
  timeoutMs?: number;
  /** Largest body accepted, in bytes; larger bodies fail with `fetch_too_large`. Default 2 MiB. */
  maxBytes?: number;
  /** Redirects followed before failing with `fetch_too_many_redirects`. Default 5. */
  maxRedirects?: number;
  /** User-Agent header. */
  userAgent?: string;
  /** DNS resolver, for tests; its answers go through the same address checks. Default: the system resolver. */
  lookup?: Resolver;
}

/** A fetched and extracted document. */
export interface FetchedDocument {
  /** The requested URL, normalised (WHATWG href). */
  url: string;
  /** The URL of the response after redirects. */
  finalUrl: string;
  /** HTTP status of the final response (always 2xx). */
  status: number;
  /** Lower-case media type without parameters, e.g. `text/html`. */
  contentType: string;
  /** Page title (HTML only). */
  title?: string;
  /** Page description (HTML only). */
  description?: string;
  /** Main text: whitespace-normalised for HTML, the decoded body as is for text types. */
  text: string;
  /** Site name (HTML only). */
  siteName?: string;
  /** Image alt texts of the main content (HTML only). */
  imageAlts?: string[];
  /** Declared document language (HTML only). */
  lang?: string;
  /** Size of the final response body in bytes, as received. */
  bytes: number;
  /** Wall time of the whole fetch in milliseconds. */
  ms: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
const DEFAULT_MAX_REDIRECTS = 5;
const DEFAULT_USER_AGENT = 'tastegraph-fetch/0.1 (+self-hosted)';
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const TEXT_TYPES = new Set(['text/plain', 'text/markdown', 'text/x-markdown', 'text/csv']);
const ACCEPT = 'text/html,application/xhtml+xml;q=0.9,text/plain;q=0.8,text/markdown;q=0.8,text/csv;q=0.5';

interface Limits {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

function limitsOf(opts: FetchOptions): Limits {
  const limits = {
    timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxBytes: opts.maxBytes ?? DEFAULT_MAX_BYTES,
    maxRedirects: opts.maxRedirects ?? DEFAULT_MAX_REDIRECTS,
  };
  if (!(limits.timeoutMs > 0) || !Number.isFinite(limits.timeoutMs)) throw new TypeError('timeoutMs must be a positive number');
  if (!Number.isInteger(limits.maxBytes) || limits.maxBytes <= 0) throw new TypeError('maxBytes must be a positive integer');
  if (!Number.isInteger(limits.maxRedirects) || limits.maxRedirects < 0) throw new TypeError('maxRedirects must be a non-negative integer');
  return limits;
}

function header(res: Dispatcher.ResponseData, name: string): string | undefined {
  const value = res.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function nextUrl(res: Dispatcher.ResponseData, current: URL, policy: CompiledPolicy): URL | undefined {
  const location = header(res, 'location');
  if (!REDIRECT_STATUSES.has(res.statusCode) || location === undefined) return undefined;
  let target: URL;
  try {
    target = new URL(location, current);
  } catch (err) {
    throw new FetchError('fetch_invalid_url', 'redirect Location is not a valid URL', { cause: err });
  }
  return checkUrl(target, policy);
}

async function readCapped(body: Dispatcher.ResponseData['body'], maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    total += chunk.byteLength;
    if (total > maxBytes) throw new FetchError('fetch_too_large', `body exceeds ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

function kindOf(media: MediaType): 'html' | 'text' | undefined {
  if (HTML_TYPES.has(media.essence)) return 'html';
  if (TEXT_TYPES.has(media.essence)) return 'text';
  return undefined;
}

async function readDocument(res: Dispatcher.ResponseData, requested: URL, final: URL, limits: Limits): Promise<Omit<FetchedDocument, 'ms'>> {
  if (res.statusCode < 200 || res.statusCode > 299) {
    throw new FetchError('fetch_http_status', `HTTP ${res.statusCode}`, { status: res.statusCode });
  }
  const media = parseContentType(header(res, 'content-type'));
  const kind = kindOf(media);
  if (!kind) throw new FetchError('fetch_unsupported_type', `unsupported content type ${media.essence || '(none)'}`);
  if (Number(header(res, 'content-length')) > limits.maxBytes) {
    throw new FetchError('fetch_too_large', `declared body exceeds ${limits.maxBytes} bytes`);
  }
  const bytes = await readCapped(res.body, limits.maxBytes);
  const text = decodeBody(bytes, media, kind === 'html');
  const base = { url: requested.href, finalUrl: final.href, status: res.statusCode, contentType: media.essence, bytes: bytes.byteLength };
  return kind === 'html' ? { ...base, ...extractHtml(text, final.href) } : { ...base, text };
}

function toFetchError(err: unknown, timedOut: boolean, timeoutMs: number): FetchError {
  if (timedOut) return new FetchError('fetch_timeout', `no complete response within ${timeoutMs} ms`, { cause: err });
  const known = findFetchError(err);
  if (known) return known;
  const message = err instanceof Error ? err.message : String(err);
  return new FetchError('fetch_network', `network error: ${message}`, { cause: err });
}

/**
 * Fetches an http(s) URL safely and extracts its text. Every hop is checked before connecting
 * (scheme, literal IPs, private host names) and every DNS answer is checked before the socket
 * connects to it; redirects are followed manually; the body is streamed under a byte cap and the whole
 * fetch runs under one deadline. HTML goes through Readability; text/plain, markdown and CSV are
 * returned as decoded.
 * @throws FetchError with one of the `fetch_*` codes
 * @throws TypeError on invalid options (bad CIDR, non-positive limits)
 */
export async function fetchUrl(url: string, opts: FetchOptions = {}): Promise<FetchedDocument> {
  const started = performance.now();
  const limits = limitsOf(opts);
  const policy = compilePolicy(opts);
  const requested = checkUrl(url, policy);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, limits.timeoutMs);
  // One agent per fetch: its lookup carries this call's policy, and it pins connections to checked addresses.
  const agent = new Agent({
    connect: { lookup: guardedLookup(opts.lookup ?? systemResolver, policy), timeout: limits.timeoutMs },
    headersTimeout: limits.timeoutMs,
    bodyTimeout: limits.timeoutMs,
  });
  const headers = { 'user-agent': opts.userAgent ?? DEFAULT_USER_AGENT, accept: ACCEPT, 'accept-encoding': 'identity' };
  let res: Dispatcher.ResponseData | undefined;
  try {
    let current = requested;
    for (let redirects = 0; ; redirects++) {
      res = await agent.request({ origin: current.origin, path: current.pathname + current.search, method: 'GET', headers, signal: controller.signal });
      const target = nextUrl(res, current, policy);
      if (!target) break;
      await res.body.dump();
      if (redirects >= limits.maxRedirects) {
        throw new FetchError('fetch_too_many_redirects', `more than ${limits.maxRedirects} redirects`);
      }
      current = target;
    }
    const doc = await readDocument(res, requested, current, limits);
    return { ...doc, ms: Math.round(performance.now() - started) };
  } catch (err) {
    throw toFetchError(err, timedOut, limits.timeoutMs);
  } finally {
    clearTimeout(timer);
    // An unread body (refused redirect, error status, wrong type) must be released without an unhandled 'error'.
    if (res && !res.body.destroyed) res.body.on('error', () => undefined).destroy();
    agent.destroy().catch(() => undefined);
  }
}
