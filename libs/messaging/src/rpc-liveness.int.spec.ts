import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OP, TgError, type Operation } from '@tg/contracts';
import { Type } from 'typebox';
import { createLogger } from '@tg/observability';
import { startNats, type TestNats } from '@tg/test-stack/nats';
import { connectNats, type NatsConnection } from './connection';
import { RpcClient, RpcServer } from './rpc';
import { WORKING_HEADER } from './rpc-liveness';

const log = createLogger('rpc-liveness-test', 'silent');

/** A test operation: its subject, any request object, the reply schema given. */
const testOp = <R extends Operation['reply']>(subject: string, reply: R) => ({ subject, request: Type.Object({}, { additionalProperties: true }), reply }) satisfies Operation;
const Slow = testOp('tg.rpc.test.slow', Type.Object({ ok: Type.Boolean() }));
const Frozen = testOp('tg.rpc.test.frozen', Type.Object({}));
const Big = { subject: 'tg.rpc.test.big', request: Type.Object({ text: Type.String() }), reply: Type.Object({ echo: Type.String(), more: Type.String() }) } satisfies Operation;
/** Answers as the search operation's queue group does (its subject is on the retried list); the reply is a marker. */
const SearchLike = testOp(OP.rank.search.subject, Type.Object({ from: Type.String() }));
/** A write served by another process (not on the retried list: a second attempt would be a second write). */
const Elsewhere = testOp('tg.rpc.test.elsewhere', Type.Object({ ok: Type.Boolean() }));

/**
 * An instance in its own process: says it is working every 200 ms and answers after 3.5 s (as RpcServer does,
 * by hand so that the process needs nothing compiled). Prints "request" when a request came.
 */
const ELSEWHERE_SERVER = `
import { connect, headers } from '@nats-io/transport-node';
const nc = await connect({ servers: process.env.NATS_URL });
nc.subscribe(process.env.SUBJECT, { callback: (_e, m) => {
  console.log('request');
  const h = headers();
  h.set(process.env.HEADER, '1');
  const working = setInterval(() => nc.publish(m.reply, new Uint8Array(0), { headers: h }), 200);
  setTimeout(() => { clearInterval(working); m.respond(JSON.stringify({ ok: true, data: { ok: true } })); }, 3_500);
} });
await nc.flush();
console.log('ready');
`;

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

  it('a caller whose own event loop was held up past the silence limit reads the "working" messages waiting for it before it gives up on the instance', async () => {
    const server = spawn(process.execPath, ['--input-type=module', '-e', ELSEWHERE_SERVER], {
      cwd: process.cwd(),
      env: { ...process.env, NATS_URL: nats.url, SUBJECT: Elsewhere.subject, HEADER: WORKING_HEADER },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const said: string[] = [];
      const heard = (line: string) => new Promise<void>((resolve) => {
        const check = () => (said.includes(line) ? resolve() : server.stdout.once('data', (b: Buffer) => (said.push(...String(b).trim().split('\n')), check())));
        check();
      });
      await Promise.race([heard('ready'), once(server, 'exit').then(() => Promise.reject(new Error('the server process exited')))]);
      const client = new RpcClient(nc, 20_000, undefined, 1_500);
      const call = client.call(Elsewhere, { ws: 'w', data: {} });
      await heard('request');
      // This process is held up for 2.5 s (a long collection, synchronous work): the instance goes on saying it
      // works, and those messages wait in the socket. When the loop turns again its timers come before its I/O.
      const until = Date.now() + 2_500;
      while (Date.now() < until) {
        // busy
      }
      expect((await call).data).toEqual({ ok: true });
    } finally {
      server.kill();
    }
  }, 30_000);

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
