// Child of bench/restore.ts: reads one catalog snapshot with the reader of the checkout it is started in (cwd) and
// prints one JSON line: the read time (wall and CPU, all of the process's threads) and the garbage collector's
// pauses during it, and the heap and RSS after it (the snapshot read, kept). Run with `node --import tsx`.
import { PerformanceObserver } from 'node:perf_hooks';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [file] = process.argv.slice(2);
const { readSnapshot } = await import(pathToFileURL(join(process.cwd(), 'libs/read-model/src/snapshot.ts')).href);
let gcMs = 0;
let gcs = 0;
const obs = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    gcMs += e.duration;
    gcs++;
  }
});
obs.observe({ entryTypes: ['gc'] });
const c0 = process.cpuUsage();
const t0 = performance.now();
const { snapshot, reason } = readSnapshot(file);
const readMs = performance.now() - t0;
const cpu = process.cpuUsage(c0);
if (!snapshot) throw new Error(`snapshot not read: ${reason}`);
// Let the observer deliver the entries of the read.
await new Promise((r) => setTimeout(r, 50));
obs.disconnect();
console.log(JSON.stringify({ readMs, cpuMs: (cpu.user + cpu.system) / 1000, gcMs, gcs, heapMb: process.memoryUsage().heapUsed / 2 ** 20, rssMb: process.memoryUsage().rss / 2 ** 20 }));
