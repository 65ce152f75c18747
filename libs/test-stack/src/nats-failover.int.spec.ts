import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connectNats, natsServers } from '@tg/messaging';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { natsCluster, type NatsTopology } from './nats-topology';
import { eventually } from './wait';

// What every service does at boot: connectNats(config.natsUrl) with NATS_URL as the topology gives it
// (comma-separated for a cluster). It must know every node and fail over when its node dies.
describe('services connect to a comma-separated NATS_URL and fail over', () => {
  let t: NatsTopology;
  beforeAll(async () => (t = await natsCluster()()), 120_000);
  afterAll(async () => t?.dispose());

  it('splits the list into servers', () => {
    expect(natsServers(' nats://a:1, nats://b:2 ,,nats://c:3')).toEqual(['nats://a:1', 'nats://b:2', 'nats://c:3']);
    expect(natsServers(['nats://a:1,nats://b:2'])).toEqual(['nats://a:1', 'nats://b:2']);
  });

  // The client parsed 'nats://a,nats://b,nats://c' as the one server 'c' (the last host:port): with that
  // node down a service could not start at all, and before it had learned the others it could not fail over.
  for (const down of [0, 2]) {
    it(`connects while node ${down} of the list is down, and knows the live nodes`, async () => {
      await t.kill(down);
      try {
        const nc = await connectNats(t.url, 'node-down');
        const known = (nc as unknown as { protocol: { servers: { getServers(): { listen: string }[] } } }).protocol.servers.getServers().map((s) => s.listen);
        // Every live node (the client may drop the one its first dial failed on).
        for (const [j, u] of t.url.split(',').entries()) if (j !== down) expect(known).toContain(u.replace('nats://', ''));
        expect(nc.getServer()).not.toBe(t.url.split(',')[down]!.replace('nats://', ''));
        await nc.close();
      } finally {
        await t.start(down);
      }
    }, 120_000);
  }

  it('reconnects to another node after kill -9 of the one it is connected to; acknowledged publishes survive', async () => {
    expect(t.url.split(',')).toHaveLength(3);
    const nc = await connectNats(t.url, 'failover-test');
    try {
      const jsm = await jetstreamManager(nc);
      await eventually(async () => !!(await jsm.streams.add({ name: 'F', subjects: ['f.*'], num_replicas: t.streamReplicas } as never)), {
        timeoutMs: 30_000,
        what: 'an R3 stream',
      });
      const js = jetstream(nc);
      for (let i = 0; i < 10; i++) await js.publish(`f.${i}`, String(i), { msgID: `f${i}` });
      const before = nc.getServer();
      const i = t.url.split(',').findIndex((u) => u.endsWith(`:${before.split(':').pop()}`));
      expect(i).toBeGreaterThanOrEqual(0);
      await t.kill(i);
      await eventually(async () => nc.getServer() !== before && !nc.isClosed(), { timeoutMs: 30_000, what: 'a reconnect to another node' });
      for (let k = 10; k < 20; k++) {
        await eventually(async () => (await js.publish(`f.${k}`, String(k), { msgID: `f${k}`, timeout: 2_000 })).seq > 0, {
          timeoutMs: 30_000,
          what: `publish ${k}`,
        });
      }
      await eventually(async () => (await jsm.streams.info('F')).state.messages === 20, { timeoutMs: 30_000, what: '20 messages' });
      await t.start(i);
    } finally {
      await nc.close();
    }
  }, 120_000);

  // The publish ack of an R3 stream comes after a quorum (2 of 3) stored the message: with two nodes down
  // a publish is never acknowledged; once one is back the same publish (same msgID) is acknowledged once.
  it('acknowledges a publish only with a quorum of replicas', async () => {
    const nc = await connectNats(t.url, 'quorum-test');
    try {
      const jsm = await jetstreamManager(nc);
      await eventually(async () => !!(await jsm.streams.add({ name: 'Q', subjects: ['q.*'], num_replicas: 3 } as never)), { timeoutMs: 30_000, what: 'an R3 stream' });
      const js = jetstream(nc);
      await eventually(async () => (await js.publish('q.0', '0', { msgID: 'q0', timeout: 2_000 })).seq > 0, { timeoutMs: 30_000, what: 'publish q0' });
      // Keep the stream leader up (it would acknowledge at once if it did not wait for followers).
      const leader = Number(((await jsm.streams.info('Q')).cluster?.leader ?? '').replace('tg-', ''));
      expect([0, 1, 2]).toContain(leader);
      const others = [0, 1, 2].filter((j) => j !== leader);
      for (const j of others) await t.kill(j);
      await expect(js.publish('q.1', '1', { msgID: 'q1', timeout: 3_000 })).rejects.toThrow();
      await t.start(others[0]!);
      await eventually(async () => (await js.publish('q.1', '1', { msgID: 'q1', timeout: 2_000 })).seq > 0, { timeoutMs: 60_000, what: 'publish q1 with a quorum again' });
      await t.start(others[1]!);
      await eventually(async () => (await jsm.streams.info('Q')).state.messages === 2, { timeoutMs: 30_000, what: '2 messages in Q' });
    } finally {
      await nc.close();
    }
  }, 180_000);
});
