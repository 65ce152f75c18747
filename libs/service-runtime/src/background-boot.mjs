// Entry of a SerialWorker's thread: loads the worker's own entry (its modules, compiled by the app's TypeScript loader:
// seconds of CPU), then lowers this thread's CPU priority for the work it is sent (Linux keeps a nice value per thread,
// and setpriority(0) acts on the calling thread). Loading first at the starting thread's priority: niced, the loading
// starved on a saturated machine (a first fit waited 17 s at load 16) while it is a one-off cost, not the background
// work the priority is for. No message is handled before this module's evaluation ends. Never raises a priority.
import { getPriority, setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';

const { boot, nice } = workerData;
await import(boot);
if (nice > getPriority()) {
  try {
    setPriority(nice);
  } catch {
    // Not allowed here: the work runs at the thread's priority as started.
  }
}
