import { describe, expect, it } from 'vitest';
import { Pacer } from './pacer';

describe('Pacer: a turn of the event loop after a slice of time, however slow the work runs', () => {
  it('asks for a turn once its slice has passed, checking the clock only every so many units', () => {
    let now = 0;
    let reads = 0;
    const pace = new Pacer({ sliceMs: 20, checkEvery: 100, clock: () => (reads++, now) });
    // Fast work: 10,000 units in 5 ms, no turn yet.
    for (let i = 0; i < 10_000; i++) {
      now += 0.0005;
      expect(pace.step()).toBe(false);
    }
    expect(reads).toBeLessThanOrEqual(101);
    // Slow work (a loaded machine): the slice ends after 15 more ms, whatever the count.
    let at = -1;
    for (let i = 0; i < 1_000 && at < 0; i++) {
      now += 0.1;
      if (pace.step()) at = now;
    }
    expect(at).toBeGreaterThanOrEqual(20);
    expect(at).toBeLessThan(30);
    // The turn itself (other work served meanwhile) does not count: the next slice starts when work resumes.
    now += 40;
    for (let i = 0; i < 1_000; i++) {
      now += 0.001;
      expect(pace.step()).toBe(false);
    }
  });

  it('counts weighted units (a step of many units is checked at once)', () => {
    let now = 0;
    const pace = new Pacer({ sliceMs: 20, checkEvery: 100, clock: () => now });
    expect(pace.step(99)).toBe(false);
    now = 25;
    expect(pace.step(1)).toBe(true);
  });
});
