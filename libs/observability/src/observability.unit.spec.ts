import { describe, expect, it } from 'vitest';
import { createLogger, requestIdFrom } from './index';

describe('logger', () => {
  it('redacts API keys and secrets from every log line', () => {
    const lines: string[] = [];
    const log = createLogger('t', 'info', { write: (s: string) => lines.push(s) });
    log.info({ req: { headers: { 'x-api-key': 'tg_wsk_SECRET1', authorization: 'Bearer tg_sk_SECRET2' } } }, 'request');
    log.info({ headers: { 'x-api-key': 'tg_wsk_SECRET3' } }, 'nats');
    log.info({ data: { workspace_api_key: 'tg_wsk_SECRET4' } }, 'reply');
    const out = lines.join('\n');
    expect(out).not.toMatch(/SECRET/);
    expect(out).toContain('[redacted]');
  });
  it('redacts Galya-style keys too, by path and inside any text', () => {
    const lines: string[] = [];
    const log = createLogger('t', 'info', { write: (s: string) => lines.push(s) });
    log.info({ req: { headers: { 'x-api-key': 'galya_wsk_SECRET1', authorization: 'Bearer galya_sk_SECRET2' } } }, 'request');
    log.info({ data: { key: 'galya_wsk_SECRET3' } }, 'verify');
    log.warn({ detail: { note: 'client sent galya_wsk_SECRET4 in a query' } }, 'odd request with tg_sk_SECRET5');
    log.info('plain message galya_sk_SECRET6');
    const out = lines.join('\n');
    expect(out).not.toMatch(/SECRET/);
    expect(out.match(/\[redacted\]/g)?.length).toBeGreaterThanOrEqual(6);
  });
  it('prints human-readable lines when asked (a terminal), JSON otherwise', () => {
    const json: string[] = [];
    createLogger('t', 'info', { write: (s: string) => json.push(s) }).info({ a: 1 }, 'hello');
    expect(JSON.parse(json[0]!)).toMatchObject({ msg: 'hello', a: 1, name: 't' });
  });
});

describe('request ids', () => {
  it('accepts a caller id of 1-128 visible ASCII characters as it is, base64 keys included', () => {
    expect(requestIdFrom('abc-123')).toBe('abc-123');
    expect(requestIdFrom('q1Zk/9+Xa2w==')).toBe('q1Zk/9+Xa2w==');
    expect(requestIdFrom('k'.repeat(128))).toBe('k'.repeat(128));
  });
  it('stands any other caller id for one derived from it, the same every time (a retry stays a retry)', () => {
    for (const odd of ['id with spaces', 'k'.repeat(129), 'clé', 'line\nbreak']) {
      const id = requestIdFrom(odd);
      expect(id, odd).toMatch(/^rid-[\w-]{43}$/);
      expect(requestIdFrom(odd), odd).toBe(id);
      expect(requestIdFrom(id), odd).toBe(id);
    }
    expect(requestIdFrom('id with spaces')).not.toBe(requestIdFrom('id with  spaces'));
  });
  it('creates a fresh id when there is none', () => {
    expect(requestIdFrom(undefined)).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom('')).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom('')).not.toBe(requestIdFrom(''));
  });
});

describe('key scrubbing leaves class instances to the serializers', () => {
  it('does not copy a request object (its getters would be lost); path redaction still applies', () => {
    class Req {
      headers = { 'x-api-key': 'galya_wsk_SECRET9' };
      get method() {
        return 'POST';
      }
    }
    const lines: string[] = [];
    const log = createLogger('t', 'info', { write: (s: string) => lines.push(s) });
    const req = new Req();
    log.info({ req: { method: req.method, headers: req.headers } }, 'plain');
    log.info({ req }, 'instance');
    expect(lines.join('\n')).not.toMatch(/SECRET/);
    expect(req.headers['x-api-key']).toBe('galya_wsk_SECRET9'); // the caller's object is never modified
  });
});
