import { createHash, randomUUID } from 'node:crypto';
import { API_KEY_PATTERN } from '@tg/contracts';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';

export type { Logger } from 'pino';

/** Header carrying the request id over HTTP and NATS. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** Paths redacted from every log line: keys and secrets never reach the logs. */
export const REDACT_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'headers["x-api-key"]',
  'headers.authorization',
  '*.workspace_api_key',
  '*.accountSecret',
  '*.apiKey',
  'workspace_api_key',
  'accountSecret',
  'data.key',
];

const CENSOR = '[redacted]';

/** Replaces any API key (ours or Galya-style) inside strings, a few levels deep. */
function scrub(v: unknown, depth: number): unknown {
  if (typeof v === 'string') return v.includes('_sk_') || v.includes('_wsk_') || v.includes('_pk_') ? v.replace(API_KEY_PATTERN, CENSOR) : v;
  // Only plain objects: class instances (a Fastify request, an Error) go to pino's serializers untouched, and
  // their key-bearing fields are redacted by path after serialization.
  if (depth <= 0 || v === null || typeof v !== 'object') return v;
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return v;
  let out: Record<string, unknown> | undefined;
  for (const [k, x] of Object.entries(v)) {
    const y = scrub(x, depth - 1);
    if (y !== x) (out ??= { ...(v as Record<string, unknown>) })[k] = y;
  }
  return out ?? v;
}

/** Options of {@link createLogger}. */
export interface LoggerFormat {
  /** Human-readable lines (pino-pretty) instead of JSON; default: when stdout is a terminal. */
  pretty?: boolean;
}

/**
 * Creates the logger of a process (pino), with secrets redacted: by path (headers, key fields) and any
 * text that looks like a key, of either prefix style. JSON lines, or human-readable ones on a terminal.
 */
export function createLogger(name: string, level = 'info', destination?: DestinationStream, format: LoggerFormat = {}): Logger {
  const opts: LoggerOptions = {
    name,
    level,
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    hooks: {
      logMethod(args, method) {
        return method.apply(this, args.map((a) => scrub(a, 3)) as Parameters<typeof method>);
      },
    },
  };
  if (destination) return pino(opts, destination);
  if (format.pretty ?? process.stdout.isTTY === true) return pino(opts, pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', sync: true }));
  return pino(opts);
}

/**
 * The request id of a caller's `X-Request-Id` (the idempotency key of a write): the value itself when it is 1-128
 * visible ASCII characters (UUIDs, ULIDs, base64 keys with `/`, `+` and `=`); any other value (longer, with spaces or
 * letters beyond ASCII) stands for an id derived from it, the same for the same value, so that a retry with it is still
 * a retry (before, such a key was replaced by a fresh UUID: its retry wrote again, a create without id made a second
 * entity). None (or empty): a fresh UUID.
 */
export function requestIdFrom(value: unknown): string {
  if (typeof value !== 'string' || value === '') return randomUUID();
  if (/^[\x21-\x7e]{1,128}$/.test(value)) return value;
  return `rid-${createHash('sha256').update(value).digest('base64url')}`;
}
