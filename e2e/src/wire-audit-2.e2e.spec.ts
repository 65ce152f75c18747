import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '@tg/test-stack';

/**
 * Wire audit, second pass (thirty-first session): what an existing client sends, through the real gateway, against the
 * specification and WIRE-NOTES. The three deviations the first pass (wire-audit.e2e.spec.ts) left, then the rest of
 * the surface as a client library uses it. Every refused request answers 4xx `{ error, code }` and writes nothing.
 */
type WsClient = Awaited<ReturnType<TestStack['workspace']>>;
type Json = Record<string, any>;

describe('wire audit, second pass', () => {
  let s: TestStack;
  let ws: WsClient;
  /** A request with the workspace key (unless headers replace it); the body as JSON unless it is a string. */
  const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${s.baseUrl}${path}`, {
      method,
      headers: { 'x-api-key': ws.key, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as Json };
  };

  beforeAll(async () => {
    s = await startStack();
    ws = await s.workspace('wire-audit-2');
  });
  afterAll(async () => s?.stop());

  describe('X-Request-Id is the idempotency key, whatever its form (docs/api.md, Idempotency)', () => {
    it.each([
      ['a base64 key (/, + and =)', 'q1Zk/9+Xa2w=='],
      ['a key longer than 128 characters', 'k'.repeat(300)],
      ['a key with spaces and letters beyond ASCII', 'retry clé 42'],
    ])('%s: a create without id resent with it names the same entity, answered as the first attempt', async (_what, rid) => {
      const body = { type: 'user', name: `Keyed ${rid.length}`, description: rid.slice(0, 20) };
      const a = await send('POST', '/entity', body, { 'x-request-id': rid });
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      const b = await send('POST', '/entity', body, { 'x-request-id': rid });
      expect(b.body).toMatchObject({ id: a.body['id'], created: true });
      // The id echoed is the same for both attempts (the key itself when it is 1-128 visible ASCII characters).
      expect(b.headers.get('x-request-id')).toBe(a.headers.get('x-request-id'));
      if (/^[\x21-\x7e]{1,128}$/.test(rid)) expect(a.headers.get('x-request-id')).toBe(rid);
    });
  });

});
