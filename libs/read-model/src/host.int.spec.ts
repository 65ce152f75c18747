import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@tg/config';
import { event } from '@tg/contracts';
import { EventStore, connectNats, type NatsConnection } from '@tg/messaging';
import { createLogger } from '@tg/observability';
import { createRuntime } from '@tg/service-runtime';
import { startNats, type TestNats } from '@tg/test-stack/nats';
import { ReadModelHost } from './host';

const WS = 'ws_replaced';
const created = (id: string) => event('EntityCreated', { entity_id: id, type: 'user', name: id, description: '', created_at: 1 }, { workspace: WS, at: 1 });

/** Polls a condition (bounded). */
async function until(what: string, ok: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a read model whose stream is re-created while it runs', () => {
  const conns: NatsConnection[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'tg-replaced-'));
  afterAll(async () => {
    for (const nc of conns) await nc.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A read model of a stream holding a, b, c (started), with what it said when told its stream was replaced. */
  const hostOn = async (nats: TestNats, name: string) => {
    const nc = await connectNats(nats.url, name);
    conns.push(nc);
    const rt = await createRuntime(loadConfig({}, { natsUrl: nats.url, dataDir: mkdtempSync(join(dataDir, `${name}-`)), snapshotEveryEvents: -1, logLevel: 'silent', readWaitMs: 500 }), nc, createLogger('host', 'silent'));
    for (const id of ['a', 'b', 'c']) await rt.store.append(EventStore.subject(WS, 'entity', id), [created(id)], { expectedSeq: 0 });
    const host = new ReadModelHost(rt);
    const replaced: string[] = [];
    host.onReplaced((reason) => replaced.push(reason));
    await host.start();
    return { host, replaced };
  };
  /** A writer making the stream anew and appending x, y, z, w to it. */
  const writeAnew = async (nats: TestNats, name: string, deleteFirst: boolean) => {
    const writerNc = await connectNats(nats.url, name);
    conns.push(writerNc);
    if (deleteFirst) {
      const old = await EventStore.open(writerNc);
      await old.jsm.streams.delete(old.stream);
    }
    const store = await EventStore.open(writerNc);
    for (const id of ['x', 'y', 'z', 'w']) await store.append(EventStore.subject(WS, 'entity', id), [created(id)], { expectedSeq: 0 });
  };

  it('stops and says so, instead of answering from the old stream and reading the new one from its old position', async () => {
    const nats = await startNats();
    try {
      const { host, replaced } = await hostOn(nats, 'host');
      expect([...host.catalog.ws(WS).entities.keys()]).toEqual(['a', 'b', 'c']);

      // The server loses its store (a disk replaced, a volume not mounted) and comes back empty; a writer makes the
      // stream anew and appends to it.
      await nats.stop({ crash: true });
      rmSync(nats.storeDir, { recursive: true, force: true });
      await nats.restart();
      await writeAnew(nats, 'writer', false);

      await until('the read model to notice', () => !host.health().ok);
      expect(host.health().reason).toMatch(/re-created/);
      expect(replaced).toHaveLength(1);
      // Nothing of the new stream was folded onto the old state (it would have started after sequence 3: at 'w').
      expect([...host.catalog.ws(WS).entities.keys()]).toEqual(['a', 'b', 'c']);
      // Reads are refused rather than answered from a stream that no longer exists.
      await expect(host.ready({ ws: WS, data: {}, minSeq: undefined } as never)).rejects.toMatchObject({ code: 'unavailable' });
      await host.stop();
    } finally {
      await nats.dispose();
    }
  }, 60_000);

  it('stops too when the stream is deleted and made anew while its connection stays up (an operator, or a cluster), before folding any of the new stream', async () => {
    const nats = await startNats();
    try {
      const { host, replaced } = await hostOn(nats, 'host-2');
      await writeAnew(nats, 'writer-2', true);
      await until('the read model to notice', () => !host.health().ok);
      expect(host.health().reason).toMatch(/re-created/);
      expect(replaced).toHaveLength(1);
      // Before: it read the new stream on from sequence 4 ('w') on top of the old state, and said it was fine.
      expect([...host.catalog.ws(WS).entities.keys()]).toEqual(['a', 'b', 'c']);
      await host.stop();
    } finally {
      await nats.dispose();
    }
  }, 60_000);
});
