import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { event } from '@tg/contracts';
import { DuplicateAppendError, EventStore } from '@tg/messaging';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { natsCluster, type NatsTopology } from './nats-topology';

/**
 * Read-after-write on a replicated event stream. Every service loads an aggregate (its last subject sequence,
 * then its events) right after an append acknowledged by a quorum, often through another node: the batch-job
 * consumer loads the job of the `BatchChunkQueued` it was just handed. With direct gets on an R3 stream any
 * replica answers, and a follower that has not applied the append yet answers with the state before it: the
 * consumer saw "no such job", acknowledged the chunk, and the job stayed `Submitted` forever (43 of 1,830 jobs
 * in `npm run bench -- topology`).
 */
describe('an R3 event store on a 3-node cluster', () => {
  let t: NatsTopology;
  beforeAll(async () => (t = await natsCluster()()), 120_000);
  afterAll(async () => t?.dispose());

  it('given appends acknowledged through one node, when each is read back at once through the others, then every read sees it', async () => {
    const urls = t.url.split(',');
    const conns = await Promise.all(urls.map((u, i) => connect({ servers: [u], name: `reader-${i}` })));
    try {
      const stores = await Promise.all(conns.map((nc) => EventStore.open(nc, { replicas: 3 })));
      const stale: string[] = [];
      const ws = `w${Date.now().toString(36)}`;
      // Concurrent writers (as under load), each appending and at once reading through another node.
      await Promise.all(
        Array.from({ length: 8 }, async (_, w) => {
          for (let i = 0; i < 40; i++) {
            const subject = EventStore.subject(ws, 'entity', `e-${w}-${i}`);
            const created = event('EntityCreated', { entity_id: `e-${w}-${i}`, type: 'user', name: 'n', description: '', created_at: 1 }, { workspace: ws, at: 1 });
            const seq = await stores[w % 3]!.append(subject, [created], { expectedSeq: 0 });
            for (const reader of [stores[(w + 1) % 3]!, stores[(w + 2) % 3]!]) {
              const last = await reader.lastSubjectSeq(subject);
              const { events } = await reader.readSubject(subject);
              if (last !== seq || events.length !== 1) stale.push(`${subject}: appended at ${seq}, read last ${last}, ${events.length} event(s)`);
            }
          }
        }),
      );
      expect(stale).toEqual([]);
    } finally {
      await Promise.all(conns.map((c) => c.close()));
    }
  }, 120_000);

  it('given the stream leader is killed while a writer appends, when the cluster elects another, then every append is acknowledged (waiting out the election) and stored once', async () => {
    const urls = t.url.split(',');
    const probe = await connect({ servers: urls });
    const leader = Number(((await (await jetstreamManager(probe)).streams.info('TG_EVENTS')).cluster?.leader ?? 'tg-0').replace('tg-', ''));
    await probe.close();
    // The writer is connected to the other nodes only: what it sees is the election, not its own reconnect.
    const nc = await connect({ servers: urls.filter((_, i) => i !== leader), name: 'writer' });
    try {
      const store = await EventStore.open(nc, { replicas: 3 });
      const ws = `k${Date.now().toString(36)}`;
      const failures: string[] = [];
      let killed: Promise<void> | undefined;
      for (let i = 0; i < 120; i++) {
        if (i === 20) killed = t.kill(leader);
        const created = event('EntityCreated', { entity_id: `k-${i}`, type: 'user', name: 'n', description: '', created_at: 1 }, { workspace: ws, at: 1 });
        try {
          await store.append(EventStore.subject(ws, 'entity', `k-${i}`), [created], { expectedSeq: 0, msgId: `${ws}-${i}` });
        } catch (e) {
          // The attempt sent to the dying leader was stored after all: its retry is answered as a duplicate.
          if (!(e instanceof DuplicateAppendError)) failures.push(`append ${i}: ${(e as Error).name}: ${(e as Error).message}`);
        }
      }
      await killed;
      expect(failures).toEqual([]);
      for (let i = 0; i < 120; i++) expect((await store.readSubject(EventStore.subject(ws, 'entity', `k-${i}`))).events).toHaveLength(1);
    } finally {
      await nc.close();
      await t.start(leader);
    }
  }, 120_000);
});

describe('an R3 event store opened on a new cluster', () => {
  let t: NatsTopology;
  beforeAll(async () => (t = await natsCluster()()), 120_000);
  afterAll(async () => t?.dispose());

  it('given a cluster without quorum (two of three nodes down), when a process opens (creates) a store, then it waits for the cluster instead of failing its start', async () => {
    const urls = t.url.split(',');
    await t.kill(1);
    await t.kill(2);
    const nc = await connect({ servers: [urls[0]!], name: 'opener', maxReconnectAttempts: -1 });
    try {
      const opening = EventStore.open(nc, { replicas: 3 });
      // Without quorum every stream request times out; bring the nodes back only after the first has.
      // (A window longer than one request's 5 s timeout, not a wait for something to happen.)
      const outcome = await Promise.race([opening.then(() => 'opened', (e: Error) => `failed: ${e.name}: ${e.message}`), new Promise((r) => setTimeout(r, 6_000, 'waiting'))]);
      expect(outcome).toBe('waiting');
      await Promise.all([t.start(1), t.start(2)]);
      const store = await opening;
      expect(store.stream).toBe('TG_EVENTS');
    } finally {
      await nc.close();
    }
  }, 120_000);
});

describe('an R3 event store opened during a rolling restart', () => {
  let t: NatsTopology;
  beforeAll(async () => (t = await natsCluster()()), 120_000);
  afterAll(async () => t?.dispose());

  it('given one of three nodes stopped (a rolling restart), when a process opens (creates) a store, then it waits for the node instead of failing its start', async () => {
    // A node stopped cleanly tells the others it is gone: the meta leader then answers "no suitable peers for
    // placement" (JetStream 10005) at once. The quorum case below met the same answer in CI, when the opener's
    // node still led right after the others died.
    const urls = t.url.split(',');
    await t.nodes[2]!.stop();
    const nc = await connect({ servers: [urls[0]!], name: 'opener-one-stopped', maxReconnectAttempts: -1 });
    try {
      const opening = EventStore.open(nc, { replicas: 3 });
      const outcome = await Promise.race([opening.then(() => 'opened', (e: Error) => `failed: ${e.name}: ${e.message}`), new Promise((r) => setTimeout(r, 3_000, 'waiting'))]);
      expect(outcome).toBe('waiting');
      await t.start(2);
      const store = await opening;
      expect(store.stream).toBe('TG_EVENTS');
    } finally {
      await nc.close();
    }
  }, 120_000);
});
