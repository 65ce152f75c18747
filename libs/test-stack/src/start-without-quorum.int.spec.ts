import { connect } from '@nats-io/transport-node';
import { event } from '@tg/contracts';
import { EventStore, StreamCursor, runDurableConsumer, runProjectionFeed } from '@tg/messaging';
import { createLogger } from '@tg/observability';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { natsCluster, type NatsTopology } from './nats-topology';
import { eventually } from './wait';

/**
 * A process that starts while the cluster cannot answer for the stream (nodes being killed and restarted: an election,
 * or no quorum for a while) must wait for it, bounded, as `EventStore.open` does. Found by the kill campaign (seed
 * 7929): an all-in-one process restarted while NATS nodes were killed exited 1 before it was ready, on a `TimeoutError`
 * of its durable consumer's `consumers.info` (reproduced 3 times in 15 starts with a node killed 0-4 s into the start).
 */
describe('a service starting while its cluster has no quorum', () => {
  let t: NatsTopology;
  beforeAll(async () => (t = await natsCluster()()), 120_000);
  afterAll(async () => t?.dispose());

  it('given the two nodes that lead the stream and the consumer are down, when a durable consumer and a projection feed start on the third, then each waits until the quorum is back and then runs', async () => {
    const urls = t.url.split(',');
    const warned: string[] = [];
    const log = createLogger('start-test', 'warn', { write: (line: string) => void warned.push(line) });
    const ws = `q${Date.now().toString(36)}`;
    const subject = (i: number) => EventStore.subject(ws, 'entity', `e-${i}`);
    const created = (i: number) => event('EntityCreated', { entity_id: `e-${i}`, type: 'user', name: 'n', description: '', created_at: 1 }, { workspace: ws, at: 1 });
    const handled: string[] = [];
    const folded: string[] = [];
    const failures: string[] = [];
    let durable: Awaited<ReturnType<typeof runDurableConsumer>> | undefined;
    let feed: Awaited<ReturnType<typeof runProjectionFeed>> | undefined;
    // The stream and the durable consumer exist already (a restart); the node left up leads neither (a leader answers
    // some requests on its own for a while after it lost its quorum), so that their requests go unanswered.
    const probe = await connect({ servers: urls, name: 'setup' });
    const setup = await EventStore.open(probe, { replicas: 3 });
    await setup.append(subject(0), [created(0)], { expectedSeq: 0 });
    const first = await runDurableConsumer(setup, { durable: 'quorum-start', log, handle: async () => 'ack' });
    await first.stop();
    const leaderOf = (name: string | undefined) => Number((name ?? 'tg-0').replace('tg-', ''));
    const leaders = new Set([
      leaderOf((await setup.jsm.streams.info(setup.stream)).cluster?.leader),
      leaderOf((await setup.jsm.consumers.info(setup.stream, 'quorum-start')).cluster?.leader),
    ]);
    await probe.close();
    const up = [0, 1, 2].find((i) => !leaders.has(i))!;
    const down = [0, 1, 2].filter((i) => i !== up);
    const nc = await connect({ servers: [urls[up]!], name: 'starting' });
    try {
      const store = await EventStore.open(nc, { replicas: 3 });
      await Promise.all(down.map((i) => t.kill(i)));

      const starting = [
        runDurableConsumer(store, { durable: 'quorum-start', log, filterSubject: `tg.evt.${ws}.>`, handle: async (e) => (handled.push(e.subject), 'ack') }).then((d) => (durable = d)),
        runProjectionFeed(store, { cursor: new StreamCursor(), name: 'quorum-feed', log, handle: (e) => void (e.subject.includes(ws) && folded.push(e.subject)) }).then((f) => (feed = f)),
      ].map((p) => p.catch((e: Error) => void failures.push(`${e.name}: ${e.message}`)));
      // Before: a start threw at the first unanswered request. Now each says it is waiting, and goes on waiting.
      await eventually(() => failures.length > 0 || (warned.some((l) => l.includes('quorum-start')) && warned.some((l) => l.includes('quorum-feed'))), { timeoutMs: 60_000, what: 'both starts waiting, or one failing' });
      expect(failures).toEqual([]);
      expect(durable).toBeUndefined();

      await Promise.all(down.map((i) => t.start(i)));
      await Promise.all(starting);
      expect(failures).toEqual([]);
      await feed!.caughtUp;
      await store.append(subject(1), [created(1)], { expectedSeq: 0 });
      await eventually(() => handled.includes(subject(1)) && folded.includes(subject(1)), { timeoutMs: 60_000, what: 'the new event handled and folded' });
    } finally {
      await durable?.stop();
      await feed?.stop();
      await nc.close();
      await Promise.all([0, 1, 2].map((i) => t.start(i).catch(() => undefined)));
    }
  }, 180_000);
});
