import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TgError, type Operation } from '@tg/contracts';
import { Type } from 'typebox';
import { createLogger } from '@tg/observability';
import { startNats, type TestNats } from '@tg/test-stack/nats';
import { connectNats, type NatsConnection } from './connection';
import { LocalHandlers, RpcClient, RpcServer } from './rpc';

const log = createLogger('rpc-test', 'silent');

/** A typed operation as contracts define them: subject, request schema, reply schema. */
const Double = {
  subject: 'tg.rpc.test.double',
  request: Type.Object({ n: Type.Integer({ minimum: 0 }) }),
  reply: Type.Object({ doubled: Type.Integer() }),
} satisfies Operation;

/** A test operation taking any request object (these tests are about the bus, not the schemas). */
const testOp = (subject: string) => ({ subject, request: Type.Object({}, { additionalProperties: true }), reply: Type.Unknown() }) satisfies Operation;
const Echo = { subject: 'tg.rpc.test.echo', request: Type.Object({ n: Type.Number() }), reply: Type.Unknown() } satisfies Operation;
const Refuse = testOp('tg.rpc.test.refuse');
const Crash = testOp('tg.rpc.test.crash');
const Hang = testOp('tg.rpc.test.hang');
const Remote = testOp('tg.rpc.test.remote');

/** What a call ended with: its reply, or the code and message of the TgError it threw. */
async function outcome(p: Promise<{ data: unknown; seq?: number }>) {
  try {
    return { ok: await p };
  } catch (e) {
    expect(e).toBeInstanceOf(TgError);
    const err = e as TgError;
    return { error: { code: err.code, message: err.message } };
  }
}

describe('RPC over NATS, and the same-process shortcut (preferLocal)', () => {
  let nats: TestNats;
  let nc: NatsConnection;
  let local: LocalHandlers;
  let server: RpcServer;
  let hanging: RpcServer;
  let calls = 0;
  beforeAll(async () => {
    nats = await startNats();
    nc = await connectNats(nats.url, 'rpc-test');
    local = new LocalHandlers();
    server = new RpcServer(nc, 'svc', log, local)
      .serve(Echo, async (req, ctx) => {
        calls++;
        return { data: { twice: req.data.n * 2, ws: req.ws, requestId: ctx.requestId }, seq: 7 };
      })
      .serve(Refuse, async () => {
        throw new TgError('entity_not_found', 'Entity not found', { entity_id: 'x' });
      })
      .serve(Crash, async () => {
        throw new Error('secret internals');
      });
    hanging = new RpcServer(nc, 'hang', log, local).serve(Hang, () => new Promise<never>(() => undefined));
    // A server without the registry: its subject is only reachable over the bus.
    new RpcServer(nc, 'other', log).serve(Remote, async () => ({ data: { where: 'bus' } }));
  });
  afterAll(async () => {
    await nc?.close();
    await nats?.stop();
  });

  it('answers the same over the bus and in process: data, seq, request id and every error', async () => {
    const bus = new RpcClient(nc, 2_000);
    const direct = bus.preferLocal(local);
    for (const [op, data] of [
      [Echo, { n: 21 }],
      [Refuse, {}],
      [Crash, {}],
    ] as const) {
      const viaBus = await outcome(bus.call(op, { ws: 'w1', data: data as { n: number } }, { requestId: 'req-1' }));
      const viaLocal = await outcome(direct.call(op, { ws: 'w1', data: data as { n: number } }, { requestId: 'req-1' }));
      expect(viaLocal).toEqual(viaBus);
    }
    expect(await outcome(bus.call(Echo, { ws: 'w1', data: { n: 21 } }, { requestId: 'req-1' }))).toEqual({ ok: { data: { twice: 42, ws: 'w1', requestId: 'req-1' }, seq: 7 } });
    // A crash is a 500 that does not leak the message; a TgError keeps its code.
    expect(await outcome(direct.call(Crash, { ws: 'w1', data: {} }))).toEqual({ error: { code: 'internal', message: 'Internal error' } });
    expect((await outcome(direct.call(Refuse, { ws: 'w1', data: {} }))).error?.code).toBe('entity_not_found');
  });

  it('calls a local handler directly (no bus) and other subjects over the bus', async () => {
    const direct = new RpcClient(nc, 2_000).preferLocal(local);
    const before = calls;
    // With the connection's outbound traffic counted, a local call publishes nothing.
    const out0 = nc.stats().outMsgs;
    await direct.call(Echo, { ws: 'w', data: { n: 1 } });
    expect(nc.stats().outMsgs).toBe(out0);
    expect(calls).toBe(before + 1);
    expect((await direct.call(Remote, { ws: 'w', data: {} })).data).toEqual({ where: 'bus' });
    expect(nc.stats().outMsgs).toBeGreaterThan(out0);
  });

  it('applies the same timeout to a local handler as to a bus call', async () => {
    const bus = new RpcClient(nc, 2_000);
    const direct = bus.preferLocal(local);
    const viaBus = await outcome(bus.call(Hang, { ws: 'w', data: {} }, { timeoutMs: 150 }));
    const viaLocal = await outcome(direct.call(Hang, { ws: 'w', data: {} }, { timeoutMs: 150 }));
    expect(viaBus.error?.code).toBe('timeout');
    expect(viaLocal).toEqual(viaBus);
    // A handler that never answers does not block its server's shutdown for ever.
    const t = performance.now();
    await hanging.drain(200);
    expect(performance.now() - t).toBeLessThan(5_000);
  });

  it('falls back to the bus once the local server drains (and says unavailable when nobody serves)', async () => {
    const direct = new RpcClient(nc, 2_000).preferLocal(local);
    await server.drain();
    expect(local.get('tg.rpc.test.echo')).toBeUndefined();
    const r = await outcome(direct.call(Echo, { ws: 'w', data: { n: 1 } }));
    expect(r.error?.code).toBe('unavailable');
  });

  it("makes a handler's logger (the service's child with the request id and operation) only when the handler logs, on the bus and in process", async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(JSON.parse(chunk.toString())), done()) });
    const svcLog = createLogger('rpc-lazy', 'info', sink);
    const child = vi.spyOn(svcLog, 'child');
    const Quiet = testOp('tg.rpc.test.quiet');
    const Loud = testOp('tg.rpc.test.loud');
    const served = new RpcServer(nc, 'lazy', svcLog, local)
      .serve(Quiet, async (_req, ctx) => ({ data: { requestId: ctx.requestId } }))
      .serve(Loud, async (_req, ctx) => {
        ctx.log.info('handled');
        return { data: {} };
      });
    const bus = new RpcClient(nc, 2_000);
    await nc.flush();
    for (const client of [bus, bus.preferLocal(local)]) {
      child.mockClear();
      lines.length = 0;
      expect((await client.call(Quiet, { ws: 'w', data: {} }, { requestId: 'q-1' })).data).toEqual({ requestId: 'q-1' });
      expect(child).not.toHaveBeenCalled();
      await client.call(Loud, { ws: 'w', data: {} }, { requestId: 'l-1' });
      expect(child).toHaveBeenCalledTimes(1);
      expect(lines).toEqual([expect.objectContaining({ requestId: 'l-1', op: 'tg.rpc.test.loud', msg: 'handled' })]);
    }
    await served.drain();
  });

  it('serve(op) validates the request against the operation schema before the handler runs, on the bus and in process', async () => {
    let doubled = 0;
    const typed = new RpcServer(nc, 'typed', log, local).serve(Double, async (req) => {
      doubled++;
      return { data: { doubled: req.data.n * 2 } };
    });
    const bus = new RpcClient(nc, 2_000);
    const direct = bus.preferLocal(local);
    await nc.flush();
    for (const client of [bus, direct]) {
      expect((await client.call(Double, { ws: 'w1', data: { n: 4 } })).data).toEqual({ doubled: 8 });
      const before = doubled;
      for (const data of [{ n: -1 }, { n: 'four' }, {}] as unknown as { n: number }[]) {
        const r = await outcome(client.call(Double, { ws: 'w1', data }));
        expect(r.error?.code).toBe('validation_failed');
        expect(r.error?.message).toMatch(/^Invalid request: .*n/);
      }
      expect(doubled).toBe(before);
    }
    await typed.drain();
  });
});
