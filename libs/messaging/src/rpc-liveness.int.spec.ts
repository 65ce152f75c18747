import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OP, TgError, type Operation } from '@tg/contracts';
import { Type } from 'typebox';
import { createLogger } from '@tg/observability';
import { startNats, type TestNats } from '@tg/test-stack/nats';
import { connectNats, type NatsConnection } from './connection';
import { RpcClient, RpcServer } from './rpc';

const log = createLogger('rpc-liveness-test', 'silent');

/** A test operation: its subject, any request object, the reply schema given. */
const testOp = <R extends Operation['reply']>(subject: string, reply: R) => ({ subject, request: Type.Object({}, { additionalProperties: true }), reply }) satisfies Operation;
const Slow = testOp('tg.rpc.test.slow', Type.Object({ ok: Type.Boolean() }));
const Frozen = testOp('tg.rpc.test.frozen', Type.Object({}));
const Big = { subject: 'tg.rpc.test.big', request: Type.Object({ text: Type.String() }), reply: Type.Object({ echo: Type.String(), more: Type.String() }) } satisfies Operation;
/** Answers as the search operation's queue group does (its subject is on the retried list); the reply is a marker. */
const SearchLike = testOp(OP.rank.search.subject, Type.Object({ from: Type.String() }));

describe('RPC liveness: slow handlers keep their callers, silent ones are left; large messages by reference', () => {
  let nats: TestNats;
  let nc: NatsConnection;
  const release: (() => void)[] = [];
  beforeAll(async () => {
    nats = await startNats();
    nc = await connectNats(nats.url, 'rpc-liveness-test');
  });
  afterAll(async () => {
    for (const r of release) r();
    await nc?.close();
    await nats?.stop();
  });

  it('a handler busier than the silence limit still answers (it says it is working)', async () => {
    let done!: () => void;
    const finished = new Promise<void>((r) => (done = r));
    new RpcServer(nc, 'slow', log).serve(Slow, async () => {
      // Longer than the client's silence limit (1.5 s): ends once the client has waited two heartbeats.
      await new Promise((r) => setTimeout(r, 2_600));
      done();
      return { data: { ok: true } };
    });
    const client = new RpcClient(nc, 10_000, undefined, 1_500);
    const out = await client.call(Slow, { ws: 'w', data: {} });
    await finished;
    expect(out.data).toEqual({ ok: true });
  });

  it('a write whose instance never answers nor works fails fast as unavailable, not after the whole timeout', async () => {
    // An instance that takes requests and then says nothing (a frozen process): subscribed without RpcServer.
    const sub = nc.subscribe(Frozen.subject, { queue: 'frozen', callback: () => undefined });
    release.push(() => sub.unsubscribe());
    const client = new RpcClient(nc, 60_000, undefined, 1_500);
    const err = await client.call(Frozen, { ws: 'w', data: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TgError);
    expect((err as TgError).code).toBe('unavailable');
  });

  it('a read whose instance dies with it in flight is retried, and another instance answers', async () => {
    // Two members of one queue group; one takes requests and dies with them (leaves the group, never answers).
    const client = new RpcClient(nc, 30_000, undefined, 1_500);
    new RpcServer(nc, 'ranking-test', log).serve(SearchLike, async () => ({ data: { from: 'live' } }));
    for (let round = 0; round < 3; round++) {
      let lost = 0;
      const dying = nc.subscribe(OP.rank.search.subject, {
        queue: 'ranking-test',
        callback: () => {
          lost++;
          dying.unsubscribe();
        },
      });
      const answers = await Promise.all(Array.from({ length: 8 }, () => client.call(SearchLike, { ws: 'w', data: {} })));
      expect(answers.map((a) => a.data)).toEqual(answers.map(() => ({ from: 'live' })));
      expect(lost).toBeLessThanOrEqual(1);
    }
  });

  it('requests and replies over the payload limit travel by reference, byte for byte', async () => {
    new RpcServer(nc, 'big', log).serve(Big, async (req) => ({ data: { echo: req.data.text, more: req.data.text.toUpperCase() } }));
    const client = new RpcClient(nc, 30_000);
    const text = Array.from({ length: 300_000 }, (_, i) => String.fromCharCode(97 + (i % 26)) + (i % 1000 === 0 ? 'é🎷' : '')).join('');
    expect(Buffer.byteLength(text)).toBeGreaterThan(1024 * 1024 / 4);
    const big = text.repeat(8);
    const out = await client.call(Big, { ws: 'w', data: { text: big } });
    expect(out.data.echo).toBe(big);
    expect(out.data.more).toBe(big.toUpperCase());
  });
});
