import { connect } from '@nats-io/transport-node';
import { event } from '@tg/contracts';
import { EventStore, StreamCursor, runProjectionFeed } from '@tg/messaging';
import { createLogger } from '@tg/observability';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { natsCluster, type NatsTopology } from './nats-topology';
import { eventually } from './wait';

/**
 * A read model's feed is an ordered consumer: ephemeral, one replica, on one node of the cluster. When that node
 * dies (the client connected elsewhere, no reconnect), the client's checks of its consumer go unanswered (the
 * consumer is still assigned, to a node that is down) and the feed folded nothing more for as long as the node
 * stayed down (over 60 s here; review of d0a7619, which did not cause it). And the feed checks the stream's identity
 * (its creation time) before folding from a consumer made anew: that must find the same stream after an election.
 */
describe('a projection feed on an R3 stream when the node that hosts its consumer dies', () => {
  let t: NatsTopology;
  beforeAll(async () => (t = await natsCluster()()), 120_000);
  afterAll(async () => t?.dispose());

  it('given the node hosting the feed\'s consumer is killed (not the one the client is connected to), then the feed reads every event on, and is not stopped as re-created', async () => {
    const urls = t.url.split(',');
    const probe = await connect({ servers: urls });
    const setup = await EventStore.open(probe, { replicas: 3 });
    const info = await setup.jsm.streams.info(setup.stream);
    const leader = Number((info.cluster?.leader ?? 'tg-0').replace('tg-', ''));
    await probe.close();
    // Reader and writer on the other nodes: what they see is the election, not a reconnect of their own.
    const nc = await connect({ servers: urls.filter((_, i) => i !== leader), name: 'feed' });
    const log = createLogger('feed', (process.env.FEED_LOG ?? 'silent') as never);
    let replaced: unknown;
    let victim = leader;
    try {
      const store = await EventStore.open(nc, { replicas: 3 });
      // Counts the feed's identity checks (that the election made its consumer anew and the check ran).
      let checks = 0;
      const info0 = store.jsm.streams.info.bind(store.jsm.streams);
      store.jsm.streams.info = ((...a: Parameters<typeof info0>) => (checks++, info0(...a))) as typeof info0;
      const ws = `f${Date.now().toString(36)}`;
      const cursor = new StreamCursor();
      let folded = 0;
      const feed = await runProjectionFeed(store, {
        cursor,
        name: 'failover',
        log,
        handle: (e) => void (e.subject.includes(ws) && folded++),
        streamCreated: String(info.created),
        onReplaced: (r) => (replaced = r),
      });
      await feed.caughtUp;
      const append = (i: number) =>
        store.append(EventStore.subject(ws, 'entity', `e-${i}`), [event('EntityCreated', { entity_id: `e-${i}`, type: 'user', name: 'n', description: '', created_at: 1 }, { workspace: ws, at: 1 })], {
          expectedSeq: 0,
          msgId: `${ws}-${i}`,
        }).catch((e: unknown) => (e as Error).name === 'DuplicateAppendError' ? 0 : Promise.reject(e));
      for (let i = 0; i < 20; i++) await append(i);
      await eventually(async () => folded === 20, { timeoutMs: 30_000, what: '20 folded' });
      const checksBefore = checks;
      // The node that hosts the feed's consumer (the stream leader or not) is the one killed: its consumer is made anew.
      const consumers = await store.jsm.consumers.list(store.stream).next();
      const host = consumers.map((c) => c.cluster?.leader).find((l) => l !== undefined) ?? `tg-${leader}`;
      victim = Number(host.replace('tg-', ''));
      await t.kill(victim);
      // (The election may outlast one append's wait on this shared machine: appends are sent again until stored.)
      for (let i = 20; i < 60; i++) await eventually(async () => (await append(i).then(() => true, () => false)), { timeoutMs: 60_000, what: `append ${i}` });
      // The stream's creation time is the cluster's, not the leader's: the same after the election.
      let after = '';
      await eventually(async () => !!(after = String((await info0(store.stream)).created)), { timeoutMs: 60_000, what: 'stream info' });
      expect(after).toBe(String(info.created));
      await eventually(async () => folded === 60 || replaced !== undefined, { timeoutMs: 60_000, what: `60 folded (${folded} folded, ${checks - checksBefore} checks, victim ${victim}, leader ${leader})` });
      expect(replaced).toBeUndefined();
      expect(folded).toBe(60);
      // The consumer was made anew and the stream's identity checked, and found the same.
      expect(checks - checksBefore).toBeGreaterThan(0);
      await feed.stop();
    } finally {
      await nc.close();
      await t.start(victim);
    }
  }, 180_000);
});
