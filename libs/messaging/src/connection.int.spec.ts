import { describe, expect, it } from 'vitest';
import { freePort, startNats } from '@tg/test-stack/nats';
import { connectNats } from './connection';

describe('connectNats', () => {
  it('waits for a server that is not up yet at start (a service started beside its nats-server, or scheduled first)', async () => {
    const port = await freePort();
    // Nothing listens on the port yet: the first attempt is refused.
    const pending = connectNats(`nats://127.0.0.1:${port}`, 'early');
    const outcome = pending.then(
      () => 'connected',
      (e: unknown) => `failed: ${String(e)}`,
    );
    const nats = await startNats({ port });
    try {
      expect(await outcome).toBe('connected');
    } finally {
      await (await pending.catch(() => undefined))?.close();
      await nats.dispose();
    }
  });

  it('gives up after its first-connection window, with the client error', async () => {
    const port = await freePort();
    const t0 = Date.now();
    await expect(connectNats(`nats://127.0.0.1:${port}`, 'nobody', { firstConnectMs: 600 })).rejects.toThrow();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(600);
  });
});
