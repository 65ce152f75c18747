import { getPriority } from 'node:os';
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { SerialWorker } from './worker-thread';

// A worker that answers every message with its own thread's nice value (fixture next to this file).
const boot = new URL('./worker-thread.fixture.mjs', import.meta.url);
const job = { message: () => ({ data: 'nice?' }), output: (r: unknown) => (r as { nice?: number }).nice, inline: () => -1 };

describe.skipIf(!existsSync('/proc/self/task'))('SerialWorker: background work runs at a lower CPU priority', () => {
  let w: SerialWorker<void, number> | undefined;
  afterEach(() => w?.close());

  it('runs its thread at nice 10 by default, the caller keeping its own', async () => {
    w = new SerialWorker<void, number>(boot, 'nice-test', job);
    expect(await w.run()).toBe(10);
    expect(getPriority()).toBe(0);
  });

  it('loads its entry at the priority it started with (loading is a one-off cost, starved when niced on a busy machine), then works niced', async () => {
    w = new SerialWorker<string, number>(boot, 'nice-test', { ...job, message: (m: string) => ({ data: m }) }) as unknown as SerialWorker<void, number>;
    const ask = w as unknown as SerialWorker<string, number>;
    expect(await ask.run('loaded?')).toBe(0);
    expect(await ask.run('nice?')).toBe(10);
  });

  it('takes another nice value, and 0 leaves the thread as started', async () => {
    w = new SerialWorker<void, number>(boot, 'nice-test', job, { nice: 15 });
    expect(await w.run()).toBe(15);
    await w.close();
    w = new SerialWorker<void, number>(boot, 'nice-test', job, { nice: 0 });
    expect(await w.run()).toBe(0);
  });
});
