// Test fixture of worker-thread.unit.spec.ts: answers every message with this thread's nice value.
import { getPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';

parentPort.on('message', () => parentPort.postMessage({ nice: getPriority() }));
