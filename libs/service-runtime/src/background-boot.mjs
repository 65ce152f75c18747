// Entry of a SerialWorker's thread: lowers this thread's CPU priority (Linux keeps a nice value per thread, and
// setpriority(0) acts on the calling thread), then loads the worker's own entry. Never raises a priority.
import { getPriority, setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';

const { boot, nice } = workerData;
if (nice > getPriority()) {
  try {
    setPriority(nice);
  } catch {
    // Not allowed here: the work runs at the thread's priority as started.
  }
}
await import(boot);
