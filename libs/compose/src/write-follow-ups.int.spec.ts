import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@tg/config';
import { OP, TgError, type Operation, type RequestOf } from '@tg/contracts';
import { entityDecider, linkId } from '@tg/domain';
import { EventStore, RpcClient, connectNats, type NatsConnection } from '@tg/messaging';
import { createLogger } from '@tg/observability';
import { ReadModelHost } from '@tg/read-model';
import { createRuntime, type Runtime } from '@tg/service-runtime';
import { startEntityService } from '@tg/service-entity';
import { startTasteService } from '@tg/service-taste';
import { startNats, type TestNats } from '@tg/test-stack/nats';

const WS = 'ws_follow_ups';

/**
 * A write whose events were appended is answered as done even when what follows it cannot finish in time: here
 * the taste read model stops following the stream (as one that falls behind under load does), so the parent's
 * profile can never be composed at the write's position within the taste service's read wait. The entity and
 * taste services run as separate instances on a real nats-server and are called over the bus.
 */
describe('writes answered after their append, whatever the follow-up composition does', () => {
  let nats: TestNats;
  const conns: NatsConnection[] = [];
  const stops: (() => Promise<unknown>)[] = [];
  let entityRt: Runtime;
  let tasteHost: ReadModelHost;
  let caller: RpcClient;
  let dataDir: string;

  const runtime = async (name: string, readWaitMs?: number) => {
    const config = loadConfig({}, { natsUrl: nats.url, dataDir, snapshotEveryEvents: -1, logLevel: 'silent', rpcPreferLocal: false, ...(readWaitMs === undefined ? {} : { readWaitMs }) });
    const nc = await connectNats(nats.url, name);
    conns.push(nc);
    return createRuntime(config, nc, createLogger(name, 'silent'));
  };
  const create = (id: string) =>
    entityRt.repo.execute(EventStore.subject(WS, 'entity', id), entityDecider, { type: 'CreateEntity', entity_id: id, entity_type: 'user', name: id, description: '', workspace: WS, at: 1 });
  /** What a call over the bus ended with: `ok` and its data, or the error's HTTP status and code. */
  const outcome = async <O extends Operation>(op: O, data: RequestOf<O>) => {
    try {
      return { ok: (await caller.call(op, { ws: WS, data })).data as Record<string, unknown> };
    } catch (e) {
      expect(e).toBeInstanceOf(TgError);
      return { status: (e as TgError).status, code: (e as TgError).code };
    }
  };

  beforeAll(async () => {
    nats = await startNats();
    dataDir = mkdtempSync(join(tmpdir(), 'tg-follow-ups-'));
    entityRt = await runtime('entity');
    for (const id of ['hub', 'child-1', 'child-2']) await create(id);
    const entityHost = new ReadModelHost(entityRt);
    const entity = await startEntityService(entityRt, entityHost);
    await entityHost.start();
    stops.push(() => entity.stop(), () => entityHost.stop());
    // The taste service waits at most 200 ms for its read model to pass a caller's write.
    const tasteRt = await runtime('taste', 200);
    tasteHost = new ReadModelHost(tasteRt);
    const taste = await startTasteService(tasteRt, tasteHost);
    await tasteHost.start();
    stops.push(() => taste.stop());
    const nc = await connectNats(nats.url, 'caller');
    conns.push(nc);
    caller = new RpcClient(nc);
    // Both read models caught up with the entities (the taste service composes the hub), then the taste read
    // model stops following the stream: nothing written from now on reaches it.
    expect(await outcome(OP.taste.compose, { entity_id: 'hub', allow_empty: true })).toMatchObject({ ok: { entity_id: 'hub' } });
    await tasteHost.stop();
  });
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    for (const nc of conns) await nc.close();
    await nats?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a link appended while the parent cannot be composed at its position answers 200, reports the link and says the profile is not composed yet', async () => {
    const first = await outcome(OP.entity.link, { parent_id: 'hub', child_id: 'child-1' });
    expect(first).toEqual({ ok: { parent_id: 'hub', entity_id: 'child-1', rel: 'about', weight: 1, representation: expect.any(String), subspace_rank: expect.any(Number), linked: true, composed: false } });
    const { events } = await entityRt.store.readSubject(EventStore.subject(WS, 'link', linkId('hub', 'child-1')));
    expect(events.map((e) => e.type)).toEqual(['ChildLinked']);
    // The exact retry a client may send appends nothing and says so.
    expect(await outcome(OP.entity.link, { parent_id: 'hub', child_id: 'child-1' })).toMatchObject({ ok: { linked: false, composed: false } });
  });

  it('compose settings appended while the taste read model is behind answer 200 with the settings, not composed yet', async () => {
    const r = await outcome(OP.taste.compose, { entity_id: 'hub', allow_empty: true, representation: 'point', max_rank: 3 });
    expect(r).toMatchObject({ ok: { entity_id: 'hub', representation: 'point', max_rank: 3, composed: false } });
    const { events } = await entityRt.store.readSubject(EventStore.subject(WS, 'taste', 'hub'));
    expect(events.map((e) => e.type)).toEqual(['TasteComposed']);
  });
});
