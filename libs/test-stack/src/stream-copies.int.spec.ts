import { spawnSync } from 'node:child_process';
import { connect } from '@nats-io/transport-node';
import { event } from '@tg/contracts';
import { compareStreamCopies, EventStore } from '@tg/messaging';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { natsCluster, singleNats, type NatsTopology } from './nats-topology';

const created = (ws: string, id: string, name = 'n') =>
  event('EntityCreated', { entity_id: id, type: 'user', name, description: '', created_at: 1 }, { workspace: ws, at: 1 });

/**
 * `compareStreamCopies` (the `npm run stream-copies` check): each node's own replica of the event stream, read by
 * direct gets through that node, compared sequence by sequence. On a healthy 3-node cluster the copies are equal; the
 * copies that differ are made with three separate single-node servers standing for three nodes, as no API writes one
 * replica of a clustered stream alone (fault35 saw an R3 stream's copies differ after its leader was stalled).
 */
describe('compareStreamCopies', () => {
  describe('on a 3-node cluster with an R3 stream', () => {
    let t: NatsTopology;
    beforeAll(async () => (t = await natsCluster()()), 120_000);
    afterAll(async () => t?.dispose());

    it('given appends acknowledged by the cluster, when each node\'s copy is read, then the copies are equal to the last sequence', async () => {
      const nc = await connect({ servers: t.url.split(',') });
      try {
        const store = await EventStore.open(nc, { replicas: 3 });
        for (let i = 0; i < 60; i++) await store.append(EventStore.subject('wc', 'entity', `e${i}`), [created('wc', `e${i}`)], { expectedSeq: 0 });
        const last = await store.streamLastSeq();
        const r = await compareStreamCopies(t.url.split(','));
        expect(r.upTo).toBe(last);
        expect(r.copies.map((c) => [c.error, c.read, c.missing])).toEqual([[undefined, last, 0], [undefined, last, 0], [undefined, last, 0]]);
        expect(new Set(r.copies.map((c) => c.hash)).size).toBe(1);
        expect(r).toMatchObject({ differing: 0, sample: [], equal: true });
      } finally {
        await nc.close();
      }
    }, 120_000);
  });

  describe('on three servers standing for three nodes', () => {
    const nodes: NatsTopology[] = [];
    beforeAll(async () => {
      for (let i = 0; i < 3; i++) nodes.push(await singleNats()());
    }, 120_000);
    afterAll(async () => Promise.all(nodes.map((n) => n.dispose())));

    it('given copies that differ at one sequence and one that holds a message the others lack, then each such sequence is reported and the copies are not equal', async () => {
      const conns = await Promise.all(nodes.map((n) => connect({ servers: [n.url] })));
      try {
        const stores = await Promise.all(conns.map((nc) => EventStore.open(nc)));
        for (let i = 0; i < 20; i++) for (const s of stores) await s.append(EventStore.subject('wd', 'entity', `e${i}`), [created('wd', `e${i}`)], { expectedSeq: 0 });
        const urls = nodes.map((n) => n.url);
        const same = await compareStreamCopies(urls);
        expect(same).toMatchObject({ upTo: 20, differing: 0, equal: true });

        // Sequence 21: another name on the third copy. Sequence 22: only on the third copy.
        for (const [i, s] of stores.entries()) await s.append(EventStore.subject('wd', 'entity', 'x'), [created('wd', 'x', i === 2 ? 'other' : 'n')], { expectedSeq: 0 });
        await stores[2]!.append(EventStore.subject('wd', 'entity', 'y'), [created('wd', 'y')], { expectedSeq: 0 });
        const r = await compareStreamCopies(urls, { upTo: 22 });
        expect(r).toMatchObject({ upTo: 22, differing: 2, sample: [21, 22], lastDiffering: 22, equal: false });
        expect(r.copies.map((c) => [c.read, c.missing])).toEqual([[21, 1], [21, 1], [22, 0]]);
        expect(r.copies[0]!.hash).toBe(r.copies[1]!.hash);
        expect(r.copies[2]!.hash).not.toBe(r.copies[0]!.hash);
      } finally {
        await Promise.all(conns.map((c) => c.close()));
      }
    }, 120_000);

    it('given those copies, when an operator runs npm run stream-copies with NATS_URL naming the three, then it says where they differ and exits 1; with one node it refuses (exit 2)', () => {
      const cli = (natsUrl: string, ...args: string[]) =>
        spawnSync(process.execPath, ['--import', 'tsx', 'tools/stream-copies.ts', ...args], { env: { ...process.env, NATS_URL: natsUrl }, encoding: 'utf8', timeout: 60_000 });
      const r = cli(nodes.map((n) => n.url).join(','), '--until', '22');
      expect(r.stdout).toContain('DIFFERENT at 2 sequences (first 21, 22; last 22)');
      expect(r.status).toBe(1);
      const equal = cli(nodes.map((n) => n.url).join(','), '--until', '20');
      expect(equal.stdout).toContain('EQUAL');
      expect(equal.status).toBe(0);
      const one = cli(nodes[0]!.url);
      expect(one.stderr).toContain('at least two nodes');
      expect(one.status).toBe(2);
    }, 120_000);

    it('given a node that cannot be reached, then it is named with its error and the others are still compared', async () => {
      const r = await compareStreamCopies([nodes[0]!.url, nodes[1]!.url, 'nats://127.0.0.1:1'], { upTo: 20 });
      expect(r.copies[2]!.error).toBeTruthy();
      expect(r.copies[2]!.hash).toBeUndefined();
      expect(r).toMatchObject({ differing: 0, equal: true });
    }, 60_000);
  });
});
