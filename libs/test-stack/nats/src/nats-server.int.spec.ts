import { afterAll, describe, expect, it } from 'vitest';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { startNats, type TestNats } from './nats-server';

describe('test nats-server harness', () => {
  let nats: TestNats;
  afterAll(async () => nats?.dispose());
  it('starts a JetStream-enabled server on a free port', async () => {
    nats = await startNats();
    const nc = await connect({ servers: nats.url });
    const jsm = await jetstreamManager(nc);
    const info = await jsm.getAccountInfo();
    expect(info.limits).toBeDefined();
    await nc.close();
  });

  it('a restart on a port that another server took meanwhile fails, instead of handing its clients that server', async () => {
    const a = await startNats();
    const b = await (async () => {
      await a.stop({ crash: true });
      return startNats({ port: a.port });
    })();
    try {
      await expect(a.restart()).rejects.toThrow(/exited|another server/);
    } finally {
      await b.dispose();
      await a.dispose();
    }
  });
});
