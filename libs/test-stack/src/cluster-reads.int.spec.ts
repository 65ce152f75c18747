import { connect } from '@nats-io/transport-node';
import { event } from '@tg/contracts';
import { EventStore } from '@tg/messaging';
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
describe('an R3 event store reads its own acknowledged writes through every node', () => {
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
});
