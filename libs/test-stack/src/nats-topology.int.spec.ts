import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { createServer } from 'node:net';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { freePorts } from '@tg/test-stack/nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { natsCluster, singleNats, type NatsTopology } from './nats-topology';
import { eventually } from './wait';

async function publishAll(nc: NatsConnection, from: number, n: number) {
  const js = jetstream(nc);
  for (let i = from; i < from + n; i++) {
    await eventually(async () => (await js.publish(`t.${i}`, String(i), { msgID: `m${i}`, timeout: 2_000 })).seq > 0, { timeoutMs: 30_000, what: `publish ${i}` });
  }
}

describe('NATS topologies of the process stack', () => {
  describe('singleNats: kill -9 and start on the same store', () => {
    let t: NatsTopology;
    beforeAll(async () => (t = await singleNats()()));
    afterAll(async () => t?.dispose());
    it('keeps the stream across a crash', async () => {
      expect(t.streamReplicas).toBe(1);
      let nc = await connect({ servers: t.url });
      await (await jetstreamManager(nc)).streams.add({ name: 'T', subjects: ['t.*'], num_replicas: t.streamReplicas } as never);
      await publishAll(nc, 0, 10);
      await nc.close();
      await t.kill(0);
      expect(t.nodes[0]!.alive).toBe(false);
      await t.start(0);
      nc = await connect({ servers: t.url });
      expect((await (await jetstreamManager(nc)).streams.info('T')).state.messages).toBe(10);
      await nc.close();
    });
  });

  it('natsCluster: given a chosen port taken before its node binds it, then the cluster starts again on other ports', async () => {
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    const held = (taken.address() as { port: number }).port;
    const chosen: number[][] = [];
    const choosePorts = async (n: number) => {
      const ports = await freePorts(n);
      if (chosen.length === 0) ports[4] = held; // a route port of the second node
      chosen.push(ports);
      return ports;
    };
    let t: NatsTopology | undefined;
    try {
      t = await natsCluster({ choosePorts })();
      expect(chosen).toHaveLength(2);
      expect(chosen[1]).not.toContain(held);
      const nc = await connect({ servers: t.url.split(',') });
      await (await jetstreamManager(nc)).getAccountInfo();
      await nc.close();
    } finally {
      await t?.dispose();
      taken.close();
    }
  }, 120_000);

  describe('natsCluster: three nodes, an R3 stream, kill -9 of a node', () => {
    let t: NatsTopology;
    beforeAll(async () => (t = await natsCluster()()), 120_000);
    afterAll(async () => t?.dispose());
    it('keeps accepting acknowledged publishes while one node is down, and none is lost', async () => {
      expect(t.nodes).toHaveLength(3);
      expect(t.streamReplicas).toBe(3);
      const nc = await connect({ servers: t.url.split(','), maxReconnectAttempts: -1, reconnectTimeWait: 100 });
      const jsm = await jetstreamManager(nc);
      await eventually(async () => !!(await jsm.streams.add({ name: 'T', subjects: ['t.*'], num_replicas: 3 } as never)), { timeoutMs: 30_000, what: 'an R3 stream' });
      await publishAll(nc, 0, 20);
      // Kill the stream leader's node: publishes resume once a new leader is elected.
      const leader = (await jsm.streams.info('T')).cluster?.leader ?? 'tg-0';
      const i = Number(leader.replace('tg-', ''));
      await t.kill(i);
      await publishAll(nc, 20, 20);
      await t.start(i);
      await publishAll(nc, 40, 5);
      await eventually(async () => (await jsm.streams.info('T')).state.messages === 45, { timeoutMs: 30_000, what: '45 messages in the stream' });
      await nc.close();
    }, 120_000);
  });
});
