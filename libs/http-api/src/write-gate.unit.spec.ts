import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@tg/config';
import { OP, TgError } from '@tg/contracts';
import { createLogger } from '@tg/observability';
import { buildGateway, type TgApp } from './app';
import { FakeOperationClient } from './testing/fake-operation-client';
import { WriteGate, isWrite } from './write-gate';

const KEY = 'tg_wsk_aaaaaaaaaaaaaaaaaaaaaaaa';

/** A promise and the function that settles it. */
function deferred<T = void>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Resolves once `cond` holds, checked on every turn of the event loop (bounded). */
async function until(cond: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setImmediate(r));
  }
}

describe('WriteGate', () => {
  it('runs at most `limit` tasks at once and queues the rest in arrival order, never rejecting one', async () => {
    const gate = new WriteGate(2);
    const held = [deferred(), deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const done = held.map((d, i) => gate.run(async () => (started.push(i), await d.promise, i)));
    await until(() => started.length === 2);
    expect([gate.active, gate.waiting]).toEqual([2, 3]);
    held[1]!.resolve();
    await until(() => started.length === 3);
    expect(started).toEqual([0, 1, 2]);
    held[0]!.resolve();
    held[2]!.resolve();
    held[3]!.resolve();
    held[4]!.resolve();
    expect(await Promise.all(done)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect([gate.active, gate.waiting]).toEqual([0, 0]);
  });

  it('frees the slot of a task that fails (its error reaches its caller) and of one that throws synchronously', async () => {
    const gate = new WriteGate(1);
    const failing = gate.run(() => Promise.reject(new Error('boom')));
    const throwing = gate.run(() => {
      throw new Error('sync');
    });
    const next = gate.run(async () => 'ok');
    await expect(failing).rejects.toThrow('boom');
    await expect(throwing).rejects.toThrow('sync');
    expect(await next).toBe('ok');
    expect([gate.active, gate.waiting]).toEqual([0, 0]);
  });

  it('with limit 0 does not limit', async () => {
    const gate = new WriteGate(0);
    const held = deferred();
    const all = Array.from({ length: 50 }, () => gate.run(() => held.promise));
    expect(gate.waiting).toBe(0);
    held.resolve();
    await Promise.all(all);
  });

  it('counts the operations that append as writes, and no read', () => {
    for (const op of [OP.entity.create, OP.entity.delete, OP.entity.link, OP.entity.registerType, OP.ingest.content, OP.ingest.batch, OP.admin.createWorkspace]) expect(isWrite(op)).toBe(true);
    for (const op of [OP.rank.search, OP.rank.rerank, OP.rank.score, OP.entity.get, OP.ingest.job, OP.taste.compose, OP.admin.verifyKey]) expect(isWrite(op)).toBe(false);
  });
});

describe('gateway: writes wait for a write slot (TG_WRITE_CONCURRENCY), reads never do', () => {
  const rpc = new FakeOperationClient();
  let app: TgApp;
  const held: ReturnType<typeof deferred<void>>[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  beforeAll(async () => {
    rpc
      .on(OP.admin.verifyKey, () => ({ data: { kind: 'workspace', workspace: 'ws_a' } }))
      .on(OP.entity.create, async (req) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        const d = deferred();
        held.push(d);
        await d.promise;
        inFlight--;
        if ((req.data as { name?: string }).name === 'fail') throw new TgError('validation_failed', 'no');
        const id = (req.data as { name: string }).name;
        return { data: { id, entity_id: id, name: id, description: '', type: 'user', linked_content: [], linked_entities: [] }, seq: held.length };
      })
      .on(OP.rank.search, () => ({ data: { results: [] } }));
    const config = loadConfig({}, { logLevel: 'silent', writeConcurrency: 2, authCacheTtlMs: 60_000 });
    app = await buildGateway({ config, rpc, log: createLogger('gateway-test', 'silent') });
    await app.ready();
  }, 60_000);
  afterAll(() => app.close());

  it('keeps two writes in flight, answers a search while five more wait, then every write in turn (no 429, no 503)', async () => {
    const headers = { 'x-api-key': KEY, 'content-type': 'application/json' };
    const names = ['w0', 'w1', 'fail', 'w3', 'w4', 'w5', 'w6'];
    const writes = names.map((name) => app.inject({ method: 'POST', url: '/v1/entity', headers, payload: { type: 'user', name, id: name } }));
    await until(() => held.length === 2);
    // Let the queued writes reach the gate (several turns): still only two at the service.
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    expect(held.length).toBe(2);
    const search = await app.inject({ method: 'POST', url: '/v1/search?relative_to_entity_id=w0&in_terms_of_entity_type=content', headers, payload: { query: 'jazz' } });
    expect(search.statusCode).toBe(200);
    expect(held.length).toBe(2);
    // Release them one at a time: each frees a slot for the next in arrival order.
    for (let i = 0; i < names.length; i++) {
      await until(() => held.length > i);
      held[i]!.resolve();
    }
    const res = await Promise.all(writes);
    expect(res.map((r) => r.statusCode)).toEqual([200, 200, 400, 200, 200, 200, 200]);
    expect(maxInFlight).toBe(2);
    expect(rpc.callsTo(OP.entity.create).map((c) => (c.req.data as { name: string }).name)).toEqual(names);
  });
});

describe('gateway: a write whose client closed the connection while it waited is not sent', () => {
  const rpc = new FakeOperationClient();
  let app: TgApp;
  let url: string;
  const held: ReturnType<typeof deferred<void>>[] = [];
  beforeAll(async () => {
    rpc
      .on(OP.admin.verifyKey, () => ({ data: { kind: 'workspace', workspace: 'ws_a' } }))
      .on(OP.entity.create, async (req) => {
        const d = deferred();
        held.push(d);
        await d.promise;
        const id = (req.data as { name: string }).name;
        return { data: { id, entity_id: id, name: id, description: '', type: 'user', linked_content: [], linked_entities: [] }, seq: held.length };
      });
    const config = loadConfig({}, { logLevel: 'silent', writeConcurrency: 1, authCacheTtlMs: 60_000 });
    app = await buildGateway({ config, rpc, log: createLogger('gateway-test', 'silent') });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(() => app.close());

  const metric = async (line: string): Promise<number> => {
    const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    const hit = text.split('\n').find((l) => l.startsWith(line + ' '));
    return hit ? Number(hit.slice(line.length + 1)) : NaN;
  };

  it('drops it when its slot comes (never sent, counted), and the next write in line takes the slot', async () => {
    const headers = { 'x-api-key': KEY, 'content-type': 'application/json' };
    const post = (name: string) => app.inject({ method: 'POST', url: '/v1/entity', headers, payload: { type: 'user', name } });
    const first = post('first');
    await until(() => held.length === 1);
    // A real client over a socket: its write waits for the only slot, then it gives up and closes the connection.
    const body = JSON.stringify({ type: 'user', name: 'gone' });
    const client = request(`${url}/v1/entity`, { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) } });
    const gone = new Promise<void>((r) => client.on('close', () => r()));
    client.on('error', () => undefined);
    client.end(body);
    const deadline = Date.now() + 5_000;
    while ((await metric('tastegraph_gateway_write_slots{state="waiting"}')) !== 1) {
      if (Date.now() > deadline) throw new Error('the write never queued');
      await new Promise((r) => setImmediate(r));
    }
    client.destroy();
    await gone;
    // The gateway has seen the socket close.
    const connections = () => new Promise<number>((r) => app.server.getConnections((_e: Error | null, c: number) => r(c)));
    while ((await connections()) !== 0) {
      if (Date.now() > deadline + 5_000) throw new Error('the connection stayed open');
      await new Promise((r) => setImmediate(r));
    }
    const third = post('third');
    held[0]!.resolve();
    await until(() => held.length === 2);
    held[1]!.resolve();
    expect((await first).statusCode).toBe(200);
    expect((await third).statusCode).toBe(200);
    expect(rpc.callsTo(OP.entity.create).map((c) => (c.req.data as { name: string }).name)).toEqual(['first', 'third']);
    expect(await metric('tastegraph_gateway_writes_abandoned_total')).toBe(1);
    expect(await metric('tastegraph_gateway_write_slots{state="waiting"}')).toBe(0);
  }, 20_000);
});
