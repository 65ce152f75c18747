import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * Lowers the CPU priority of this process to `nice` (1–19; higher is lower priority), for a process whose work
 * can wait (the write path, background fits): on a saturated machine the scheduler then gives the cores to the
 * processes that answer reads first. Linux keeps a nice value per thread, so every thread of the process is set
 * (V8's helpers included); threads started later inherit the value. Never raises a priority (that needs
 * privileges): a value at or below the current one changes nothing.
 * @returns the nice value now, and how many threads were changed.
 */
export function lowerProcessPriority(nice: number): { nice: number; threads: number } {
  const target = Math.min(19, Math.max(-20, Math.trunc(nice)));
  const current = getPriority();
  if (target <= current) return { nice: current, threads: 0 };
  let tids: number[];
  try {
    tids = readdirSync('/proc/self/task').map(Number);
  } catch {
    // No per-thread view (not Linux): the process as the OS sees it.
    setPriority(target);
    return { nice: getPriority(), threads: 1 };
  }
  let threads = 0;
  for (const tid of tids) {
    try {
      setPriority(tid, target);
      threads++;
    } catch {
      // A thread that ended meanwhile.
    }
  }
  return { nice: getPriority(), threads };
}
