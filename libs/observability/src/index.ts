import { randomUUID } from 'node:crypto';
import pino, { type DestinationStream, type Logger } from 'pino';

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
];

/** Creates the JSON logger of a process (pino), with secrets redacted. */
export function createLogger(name: string, level = 'info', destination?: DestinationStream): Logger {
  const opts = { name, level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
  return destination ? pino(opts, destination) : pino(opts);
}

/** Accepts a caller's request id when it is sane, or creates one. */
export function requestIdFrom(value: unknown): string {
  if (typeof value === 'string' && /^[\w.:-]{1,128}$/.test(value)) return value;
  return randomUUID();
}
