import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OP, contentIdForUrl } from '@tg/contracts';
import { RpcClient, connectNats, type NatsConnection } from '@tg/messaging';
import { startStack, type TestStack } from '@tg/test-stack';

type WsClient = Awaited<ReturnType<TestStack['workspace']>>;

/**
 * `POST /score` with a content object indexes it first (spec), then scores it. The index is in the log before the
 * score is computed; a read model that has not folded it yet (one that falls behind under load: here it stopped
 * following the stream) must not turn that into a 5xx, nor content indexed by another writer into a 404.
 *
 * Each case has its own workspace: once a request there is answered with a write's position, the gateway's later
 * reads of that workspace wait for it (read-your-writes), which this frozen read model never reaches.
 */
describe.each([
  // The ranking service gives up waiting for its read model after 300 ms (TG_READ_WAIT_MS).
  ['a short read wait', { readWaitMs: 300 }],
  // It would wait longer than the caller does (TG_RPC_TIMEOUT_MS of the gateway's call): the wait is cut to 2/3 of it,
  // so that the answer comes before the gateway gives up (504).
  ['a read wait longer than the caller waits', { readWaitMs: 60_000, rpcTimeoutMs: 6_000 }],
] as const)('score: content indexed, read model behind the index (%s)', (_what, config) => {
  let s: TestStack;
  let nc: NatsConnection;
  const ws: Record<'fresh' | 'same' | 'url', WsClient> = {} as never;
  const q = { relative_to_entity_id: 'ann', in_terms_of_entity_type: 'content' };
  const jazz = (slug: string, text: string) => ({ url: `https://score-indexing.test/${slug}`, type: 'text' as const, content: text, skip_url_fetch: true });
  const score = (c: WsClient, content: unknown) => c.request('POST', '/score', { query: q, body: { content } });

  beforeAll(async () => {
    s = await startStack(config);
    nc = await connectNats(s.nats.url, 'score-indexing-writer');
    for (const name of ['fresh', 'same', 'url'] as const) {
      const c = (ws[name] = await s.workspace(`score-${name}`));
      expect((await c.request('POST', '/entity', { body: { id: 'ann', type: 'user', name: 'Ann' } })).status).toBe(200);
      for (const [i, t] of ['Bebop jazz: a saxophone quartet at midnight', 'Hard bop tenor saxophone with piano and drums'].entries()) {
        const r = await c.request('POST', '/entity', { body: { entity_id: 'ann', content: jazz(`liked-${i}`, t) } });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      }
      // A read through the gateway waits for every write above.
      expect((await score(c, { entity_id: contentIdForUrl(jazz('liked-0', '').url) })).status).toBe(200);
    }
    // Then the read model stops following the stream.
    await s.tg.readModel.stop();
  });
  afterAll(async () => {
    await nc?.close();
    await s?.stop();
  });

  it('given a new content object, when it is scored, then it is indexed and scored (200), not 503', async () => {
    const c = jazz('new-1', 'A bebop record: alto saxophone and trumpet solos');
    const r = await score(ws.fresh, c);
    expect([r.status, r.body.code]).toEqual([200, undefined]);
    expect(r.body.entity_id).toBe(contentIdForUrl(c.url));
    expect(r.body.score).toBeGreaterThan(0.5);
    expect(r.body.score).toBeLessThanOrEqual(1);
  });

  it.each([
    ['the same object', 'same', (c: ReturnType<typeof jazz>) => c],
    ['its URL alone', 'url', (c: ReturnType<typeof jazz>) => ({ url: c.url, type: 'text' })],
  ] as const)('given content indexed by another writer, not folded yet, when %s is scored, then it is scored, not 404', async (_what, name, body) => {
    const c = jazz(`other-writer-${name}`, 'Cool jazz trumpet and saxophone ballads');
    // Indexed over the bus, not through this gateway (no read-your-writes mark here).
    const w = await new RpcClient(nc, 15_000).call(OP.ingest.content, { ws: ws[name].workspaceId, data: { content: c } }, { requestId: `rid-other-writer-${name}` });
    const r = await score(ws[name], body(c));
    expect([r.status, r.body.code, r.body.entity_id]).toEqual([200, undefined, w.data.entity_id]);
    expect(r.body.score).toBeGreaterThan(0.5);
  });
});
