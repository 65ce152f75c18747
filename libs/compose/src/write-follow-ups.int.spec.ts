import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@tg/config';
import { OP } from '@tg/contracts';
import { entityDecider, linkId } from '@tg/domain';
import { EventStore, RpcClient, connectNats, type NatsConnection } from '@tg/messaging';
import { createLogger } from '@tg/observability';
import { ReadModelHost } from '@tg/read-model';
import { createRuntime } from '@tg/service-runtime';
import { startEntityService } from '@tg/service-entity';
import { startTasteService } from '@tg/service-taste';
import { callOutcome } from './testing/call-outcome';
import { startNats, type TestNats } from '@tg/test-stack/nats';

const WS = 'ws_follow_ups';

/**
 * An entity and a taste service as separate instances on a real nats-server, called over the bus; the taste read
 * model caught up with three entities (`hub`, `child-1`, `child-2`) and then stopped following the stream (as one
 * that falls behind under load does): no composition can reach a later write's position.
 */
async function startFrozenTaste(opts: { tasteReadWaitMs: number; rpcTimeoutMs?: number }) {
  const nats: TestNats = await startNats();
  const dataDir = mkdtempSync(join(tmpdir(), 'tg-follow-ups-'));
  const conns: NatsConnection[] = [];
  const stops: (() => Promise<unknown>)[] = [];
  const runtime = async (name: string, readWaitMs?: number) => {
    const config = loadConfig(
      {},
      { natsUrl: nats.url, dataDir, snapshotEveryEvents: -1, logLevel: 'silent', rpcPreferLocal: false, ...(readWaitMs === undefined ? {} : { readWaitMs }), ...(opts.rpcTimeoutMs ? { rpcTimeoutMs: opts.rpcTimeoutMs } : {}) },
    );
    const nc = await connectNats(nats.url, name);
    conns.push(nc);
    return createRuntime(config, nc, createLogger(name, 'silent'));
  };
  const entityRt = await runtime('entity');
  for (const id of ['hub', 'child-1', 'child-2']) {
    await entityRt.repo.execute(EventStore.subject(WS, 'entity', id), entityDecider, { type: 'CreateEntity', entity_id: id, entity_type: 'user', name: id, description: '', workspace: WS, at: 1 });
  }
  const entityHost = new ReadModelHost(entityRt);
  const entity = await startEntityService(entityRt, entityHost);
  await entityHost.start();
  stops.push(() => entity.stop(), () => entityHost.stop());
  const tasteRt = await runtime('taste', opts.tasteReadWaitMs);
  const tasteHost = new ReadModelHost(tasteRt);
  const taste = await startTasteService(tasteRt, tasteHost);
  await tasteHost.start();
  stops.push(() => taste.stop());
  const callerNc = await connectNats(nats.url, 'caller');
  conns.push(callerNc);
  // The caller (the gateway) waits as long as the services' own calls do.
  const caller = new RpcClient(callerNc, entityRt.config.rpcTimeoutMs);
  /** What a call over the bus ended with: `ok` and its data, or the error's HTTP status and code. */
  const outcome = callOutcome(caller, WS);
  expect(await outcome(OP.taste.compose, { entity_id: 'hub', allow_empty: true })).toMatchObject({ ok: { entity_id: 'hub' } });
  await tasteHost.stop();
  return {
    outcome,
    /** The types of the events on one aggregate's subject. */
    events: async (aggregate: 'link' | 'taste', id: string) => (await entityRt.store.readSubject(EventStore.subject(WS, aggregate, id))).events.map((e) => e.type),
    async stop() {
      for (const stop of stops.reverse()) await stop().catch(() => undefined);
      for (const nc of conns) await nc.close();
      await nats.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A write whose events were appended is answered as done even when what follows it cannot finish in time: the
 * parent's profile cannot be composed at the write's position (the replica-races e2e saw a link answered 503
 * under load, its ChildLinked in the log).
 */
describe('writes answered after their append, whatever the follow-up composition does', () => {
  describe('the taste service gives up waiting for its read model (TG_READ_WAIT_MS 200 ms): 503 from the composition', () => {
    let s: Awaited<ReturnType<typeof startFrozenTaste>>;
    beforeAll(async () => void (s = await startFrozenTaste({ tasteReadWaitMs: 200 })));
    afterAll(async () => s?.stop());

    it('a link answers 200, reports the link and says the profile is not composed yet; its retry appends nothing', async () => {
      const first = await s.outcome(OP.entity.link, { parent_id: 'hub', child_id: 'child-1' });
      expect(first).toEqual({ ok: { parent_id: 'hub', entity_id: 'child-1', rel: 'about', weight: 1, representation: expect.any(String), subspace_rank: expect.any(Number), linked: true, composed: false } });
      expect(await s.events('link', linkId('hub', 'child-1'))).toEqual(['ChildLinked']);
      expect(await s.outcome(OP.entity.link, { parent_id: 'hub', child_id: 'child-1' })).toMatchObject({ ok: { linked: false, composed: false } });
      expect(await s.events('link', linkId('hub', 'child-1'))).toEqual(['ChildLinked']);
    });

    it('compose settings answer 200 with the settings recorded, not composed yet', async () => {
      const r = await s.outcome(OP.taste.compose, { entity_id: 'hub', allow_empty: true, representation: 'point', max_rank: 3 });
      expect(r).toMatchObject({ ok: { entity_id: 'hub', representation: 'point', max_rank: 3, composed: false } });
      expect(await s.events('taste', 'hub')).toEqual(['TasteComposed']);
    });
  });

  describe('the taste service would wait longer than the caller does (TG_READ_WAIT_MS 3 s, TG_RPC_TIMEOUT_MS 1.5 s)', () => {
    let s: Awaited<ReturnType<typeof startFrozenTaste>>;
    beforeAll(async () => void (s = await startFrozenTaste({ tasteReadWaitMs: 3_000, rpcTimeoutMs: 1_500 })));
    afterAll(async () => s?.stop());

    it('a link answers 200 within the caller\'s timeout, not composed yet', async () => {
      expect(await s.outcome(OP.entity.link, { parent_id: 'hub', child_id: 'child-2' })).toMatchObject({ ok: { parent_id: 'hub', entity_id: 'child-2', linked: true, composed: false } });
      expect(await s.events('link', linkId('hub', 'child-2'))).toEqual(['ChildLinked']);
    });
  });
});
