import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const here = new URL('.', import.meta.url).pathname;

/** Runs a script in a fresh Node process (with tsx), so that the test process keeps its own priority. */
function inChild(script: string): unknown {
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: here, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop()!);
}

describe.skipIf(!existsSync('/proc/self/task'))('lowerProcessPriority', () => {
  it('sets the nice value of every thread of the process, and of threads started after it', () => {
    const r = inChild(`
      import { readdirSync } from 'node:fs';
      import { getPriority } from 'node:os';
      import { Worker } from 'node:worker_threads';
      import { lowerProcessPriority } from './priority.ts';
      const nices = () => readdirSync('/proc/self/task').map((t) => getPriority(Number(t)));
      const before = nices();
      const set = lowerProcessPriority(7);
      const w = new Worker('setTimeout(() => {}, 200)', { eval: true });
      await new Promise((r) => w.once('online', r));
      console.log(JSON.stringify({ before: [...new Set(before)], set, after: [...new Set(nices())], threads: nices().length > before.length }));
      await w.terminate();
    `) as { before: number[]; set: { nice: number; threads: number }; after: number[]; threads: boolean };
    expect(r.before).toEqual([0]);
    expect(r.set.nice).toBe(7);
    expect(r.set.threads).toBeGreaterThan(1);
    expect(r.threads).toBe(true);
    expect(r.after).toEqual([7]);
  });

  it('never raises a priority: a nice value below the current one is left as it is', () => {
    const r = inChild(`
      import { getPriority } from 'node:os';
      import { lowerProcessPriority } from './priority.ts';
      lowerProcessPriority(5);
      const again = lowerProcessPriority(2);
      console.log(JSON.stringify({ again, now: getPriority() }));
    `) as { again: { nice: number; threads: number }; now: number };
    expect(r).toEqual({ again: { nice: 5, threads: 0 }, now: 5 });
  });
});
