import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createLogger } from '@tg/observability';
import { startNats } from '@tg/test-stack/nats';
import { connectNats } from './connection';
import { EventStore } from './event-store';
import { watchStreamIdentity } from './stream-identity';

/** Polls a condition (bounded). */
async function until(what: string, ok: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('watchStreamIdentity', () => {
  it('tells a reconnect to the same stream from one to a stream made anew, with the reconnect it followed', async () => {
    const nats = await startNats();
    const nc = await connectNats(nats.url, 'watcher');
    try {
      const store = await EventStore.open(nc);
      const reconnects: number[] = [];
      const replaced: { token: number; was: string; now: string }[] = [];
      const watch = watchStreamIdentity(store, { reconnected: () => reconnects.push(reconnects.length + 1), replaced: (token, c) => replaced.push({ token, ...c }) }, createLogger('watch', 'silent'));
      await watch.ready;
      const first = String((await store.jsm.streams.info(store.stream)).created);

      // Restarted with its store: the same stream, nothing to forget.
      await nats.stop({ crash: true });
      await nats.restart();
      await until('the check after the first reconnect', () => watch.checks() === 2);
      expect([reconnects, replaced]).toEqual([[1], []]);

      // Restarted without its store; another process makes the stream anew.
      await nats.stop({ crash: true });
      rmSync(nats.storeDir, { recursive: true, force: true });
      await nats.restart();
      const writer = await connectNats(nats.url, 'writer');
      try {
        const made = await EventStore.open(writer);
        const now = String((await made.jsm.streams.info(made.stream)).created);
        expect(now).not.toBe(first);
        await until('the watcher to tell', () => replaced.length === 1);
        expect(replaced).toEqual([{ token: 2, was: first, now }]);
      } finally {
        await writer.close();
      }
      watch.stop();
    } finally {
      await nc.close().catch(() => undefined);
      await nats.dispose();
    }
  }, 60_000);

  it('tells a stream deleted and made anew while the connection stays up, at its next periodic check', async () => {
    const nats = await startNats();
    const nc = await connectNats(nats.url, 'watcher-2');
    const writer = await connectNats(nats.url, 'writer-2');
    try {
      const store = await EventStore.open(nc);
      const replaced: string[] = [];
      let gen = 0;
      const watch = watchStreamIdentity(store, { reconnected: () => ++gen, replaced: (_token, c) => replaced.push(c.now) }, createLogger('watch', 'silent'), 100);
      await watch.ready;
      await until('a periodic check', () => watch.checks() >= 2);
      expect(replaced).toEqual([]);
      const old = await EventStore.open(writer);
      await old.jsm.streams.delete(old.stream);
      const made = await EventStore.open(writer);
      const now = String((await made.jsm.streams.info(made.stream)).created);
      await until('the watcher to tell', () => replaced.length === 1);
      expect(replaced).toEqual([now]);
      watch.stop();
    } finally {
      await writer.close();
      await nc.close().catch(() => undefined);
      await nats.dispose();
    }
  }, 60_000);
});
