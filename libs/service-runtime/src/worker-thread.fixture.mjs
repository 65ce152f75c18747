// Test fixture of worker-thread.unit.spec.ts: answers every message with this thread's nice value, and the one it
// had while this module was loaded.
import { getPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';

const loadedAt = getPriority();
parentPort.on('message', (m) => parentPort.postMessage({ nice: m === 'loaded?' ? loadedAt : getPriority() }));
