import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { TastegraphClient } from './index';

/** Real HTTP servers on loopback: one answers, one drops every connection mid-request, one is closed (refused). */
const servers: Server[] = [];
async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const s = createServer(handler);
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}/v1`;
}
async function closedUrl(): Promise<string> {
  const url = await listen(() => undefined);
  await new Promise((r) => servers.pop()!.close(r));
  return url;
}
const answering = () => {
  const seen: string[] = [];
  return {
    seen,
    url: listen((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ ok: true }));
    }),
  };
};
const dropping = () => listen((req) => req.socket.destroy());

afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
});

describe('client failover over several gateways', () => {
  it('given the first gateway refuses connections, when any request is sent, then the next gateway answers it and the client stays there', async () => {
    const down = await closedUrl();
    const up = answering();
    const c = new TastegraphClient({ baseUrl: down, failoverUrls: [await up.url] });
    const r = await c.request('POST', '/entity', { body: { type: 'user', name: 'a', id: 'u1' } });
    expect(r.status).toBe(200);
    expect(c.baseUrl).toBe(await up.url);
    await c.request('GET', '/health');
    expect(up.seen).toEqual(['POST /v1/entity', 'GET /v1/health']);
  });

  it('given a gateway that drops the connection mid-request, when a read is sent, then it is re-sent to the next gateway', async () => {
    const up = answering();
    const c = new TastegraphClient({ baseUrl: await dropping(), failoverUrls: [await up.url] });
    expect((await c.request('POST', '/search', { body: { query: 'jazz' }, idempotent: true })).status).toBe(200);
    expect((await c.request('GET', '/entity', { query: { entity_id: 'x' } })).status).toBe(200);
    expect(up.seen).toEqual(['POST /v1/search', 'GET /v1/entity?entity_id=x']);
  });

  it('given a gateway that drops the connection mid-request, when a write is sent, then it is not re-sent (it may have been applied) and the error reaches the caller', async () => {
    const up = answering();
    const c = new TastegraphClient({ baseUrl: await dropping(), failoverUrls: [await up.url] });
    await expect(c.request('POST', '/entity', { body: { type: 'user', name: 'a' } })).rejects.toThrow();
    expect(up.seen).toEqual([]);
  });

  it('given every gateway refuses, when a request is sent, then the network error reaches the caller after one try each', async () => {
    const c = new TastegraphClient({ baseUrl: await closedUrl(), failoverUrls: [await closedUrl()] });
    await expect(c.request('GET', '/health')).rejects.toThrow(/fetch failed/);
  });
});
