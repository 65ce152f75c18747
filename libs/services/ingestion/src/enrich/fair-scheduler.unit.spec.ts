import { describe, expect, it } from 'vitest';
import { FairScheduler, SchedulerClosedError } from './fair-scheduler';

/** A task that ends when the test says so. */
function gate() {
  let open!: () => void;
  const p = new Promise<void>((r) => (open = r));
  return { p, open };
}

describe('FairScheduler: one shared limit, fair across workspaces', () => {
  it('a second key with one task is served at the first free slot, ahead of the first key’s long queue', async () => {
    const s = new FairScheduler(2, 2);
    const order: string[] = [];
    const gates = Array.from({ length: 10 }, gate);
    const a = gates.map((g, i) => s.run('a', async () => {
      order.push(`a${i}`);
      await g.p;
    }));
    const b = s.run('b', async () => {
      order.push('b');
    });
    expect(order).toEqual(['a0', 'a1']);
    gates[0]!.open();
    await b;
    expect(order).toEqual(['a0', 'a1', 'b']);
    for (const g of gates) g.open();
    await Promise.all(a);
    expect(order).toHaveLength(11);
  });

  it('never runs more than the limit, nor more than perKey for one key', async () => {
    const s = new FairScheduler(4, 2);
    let now = 0;
    let max = 0;
    const byKey = new Map<string, number>();
    let maxPerKey = 0;
    const tasks = Array.from({ length: 40 }, (_, i) => {
      const key = `k${i % 3}`;
      return s.run(key, async () => {
        now++;
        byKey.set(key, (byKey.get(key) ?? 0) + 1);
        max = Math.max(max, now);
        maxPerKey = Math.max(maxPerKey, byKey.get(key)!);
        await new Promise((r) => setImmediate(r));
        byKey.set(key, byKey.get(key)! - 1);
        now--;
        return i;
      });
    });
    expect(await Promise.all(tasks)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(max).toBe(4);
    expect(maxPerKey).toBe(2);
    expect(s.waiting).toBe(0);
  });

  it('passes failures to the caller and frees the slot', async () => {
    const s = new FairScheduler(1);
    await expect(s.run('a', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await s.run('a', async () => 7)).toBe(7);
  });

  it('close rejects waiting tasks and refuses new ones, and lets running ones finish', async () => {
    const s = new FairScheduler(1);
    const g = gate();
    const running = s.run('a', async () => {
      await g.p;
      return 'done';
    });
    const waiting = s.run('b', async () => 'never');
    s.close();
    await expect(waiting).rejects.toBeInstanceOf(SchedulerClosedError);
    await expect(s.run('c', async () => 'late')).rejects.toBeInstanceOf(SchedulerClosedError);
    g.open();
    expect(await running).toBe('done');
  });
});
