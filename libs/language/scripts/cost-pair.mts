/**
 * gauge() cost of this checkout against another's, in one process, interleaved (issue 17, round 13): each round
 * times every pair under both models in alternating order, so machine load hits both alike. Prints p50/p99 of each
 * and the ratio of p50s. Usage: `node --import tsx libs/language/scripts/cost-pair.mts <other checkout> [rounds]`.
 */
import { pathToFileURL } from 'node:url';
import { gauge } from '../src/index';
import { GAUGE_PHENOMENA_ROUND12 } from '../data/index';

type Gauge = typeof gauge;
const other = process.argv[2];
if (!other) throw new Error('usage: cost-pair.mts <other checkout> [rounds]');
const rounds = Number(process.argv[3] ?? 20);
const theirs = ((await import(pathToFileURL(`${other}/libs/language/src/index.ts`).href)) as { gauge: Gauge }).gauge;
const pairs = GAUGE_PHENOMENA_ROUND12.map((e) => ({ response: e.response, followup: e.followup }));
const times: Record<'this' | 'other', number[]> = { this: [], other: [] };
const time = (g: Gauge, p: (typeof pairs)[number], into: number[]) => {
  const t0 = performance.now();
  g(p);
  into.push(performance.now() - t0);
};
for (const p of pairs) {
  gauge(p); // warm
  theirs(p);
}
for (let r = 0; r < rounds; r++) {
  for (const p of pairs) {
    if (r % 2) {
      time(gauge, p, times.this);
      time(theirs, p, times.other);
    } else {
      time(theirs, p, times.other);
      time(gauge, p, times.this);
    }
  }
}
const q = (xs: number[], x: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(x * xs.length))]!;
for (const k of ['this', 'other'] as const) console.log(`${k}: ${times[k].length} calls, p50 ${q(times[k], 0.5).toFixed(3)} ms, p99 ${q(times[k], 0.99).toFixed(3)} ms`);
console.log(`p50 ratio this/other ${(q(times.this, 0.5) / q(times.other, 0.5)).toFixed(3)}`);
