/**
 * Scores the newest blind round once for several frozen models (issue 17; two models since round 13, any number since
 * round 15): writes each model's resonances on the newest blind set (GAUGE_PHENOMENA_BLIND_SET of this checkout) to
 * JSON before any figure is computed, then prints AUC (positive vs negative) and 3-class accuracy per phenomenon for
 * every model with a bootstrap interval of each AUC (2,000 resamples of positives and of negatives within the
 * phenomenon, seeded), the paired bootstrap of each model's overall AUC difference to the first, Brier, confusion,
 * each model's lowest AUC over phenomena with at least 8 pairs, and the pick of the round-15 rule (docs/benchmarks.md,
 * Round 15: highest lowest-phenomenon AUC, then overall AUC, then 3-class accuracy, then the first model named).
 * Usage: `node --import tsx libs/language/scripts/score-blind.mts <out dir> <name>=<checkout> [<name>=<checkout> …]`
 * (the first model named is the served one).
 */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { auc } from '@tg/math';
import { gaugeLabel } from '../src/index';
import { GAUGE_PHENOMENA_BLIND_SET as SET } from '../data/index';
import type { GaugeExample } from '../src/gauge/types';

const [out, ...specs] = process.argv.slice(2);
if (!out || specs.length < 1) throw new Error('usage: score-blind.mts <out dir> <name>=<checkout> …');
type Gauge = (e: { response: string; followup: string }) => { resonance: number };
const models: { name: string; r: Map<string, number> }[] = [];
for (const spec of specs) {
  const [name, dir] = spec.split('=') as [string, string];
  const g = ((await import(pathToFileURL(`${dir}/libs/language/src/index.ts`).href)) as { gauge: Gauge }).gauge;
  const scores = SET.map((e) => ({ id: e.id, r: g({ response: e.response, followup: e.followup }).resonance }));
  writeFileSync(`${out}/${name}.json`, JSON.stringify(scores));
  console.log(`wrote ${out}/${name}.json (${scores.length} pairs, ${dir})`);
  models.push({ name, r: new Map(scores.map((x) => [x.id, x.r])) });
}

const phen = (e: GaugeExample) => (e.kind === 'short-positive' || e.kind === 'complaint' ? 'plain praise / complaint' : e.kind);
const aucOf = (m: Map<string, number>, xs: readonly GaugeExample[]) => {
  const pn = xs.filter((e) => e.label !== 'neutral');
  return auc(pn.map((e) => m.get(e.id)!), pn.map((e) => e.label === 'positive'));
};
const acc = (m: Map<string, number>, xs: readonly GaugeExample[]) => xs.filter((e) => gaugeLabel(m.get(e.id)!) === e.label).length / xs.length;
const counts = (xs: readonly GaugeExample[]) => `${xs.length} (${['positive', 'neutral', 'negative'].map((l) => xs.filter((e) => e.label === l).length).join('/')})`;
let seed = 15;
const rand = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
/** Resamples of positives and negatives within xs (the same resamples for every model). */
function resamples(xs: readonly GaugeExample[]): GaugeExample[][] {
  const pos = xs.filter((e) => e.label === 'positive');
  const neg = xs.filter((e) => e.label === 'negative');
  return Array.from({ length: 2000 }, () => [...pos.map(() => pos[Math.floor(rand() * pos.length)]!), ...neg.map(() => neg[Math.floor(rand() * neg.length)]!)]);
}
const interval = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return `${s[49]!.toFixed(3)}-${s[1949]!.toFixed(3)}`;
};
const kinds = [...new Set(SET.map(phen))];
console.log(`| phenomenon | n (pos/neu/neg) | ${models.map((m) => `${m.name} AUC / 3-class (95% interval)`).join(' | ')} |`);
console.log(`|---|---|${models.map(() => '---|').join('')}`);
const lowest = new Map(models.map((m) => [m.name, Infinity]));
for (const k of [...kinds, 'all']) {
  const xs = k === 'all' ? SET : SET.filter((e) => phen(e) === k);
  const rs = resamples(xs);
  const cells = models.map((m) => {
    const a = aucOf(m.r, xs);
    if (k !== 'all' && xs.length >= 8) lowest.set(m.name, Math.min(lowest.get(m.name)!, Number(a.toFixed(3))));
    return `${a.toFixed(3)} / ${acc(m.r, xs).toFixed(3)} (${interval(rs.map((x) => aucOf(m.r, x)))})`;
  });
  console.log(`| ${k} | ${counts(xs)} | ${cells.join(' | ')} |`);
}
const brier = (m: Map<string, number>) => SET.reduce((s, e) => s + (m.get(e.id)! - { positive: 1, neutral: 0.5, negative: 0 }[e.label]) ** 2, 0) / SET.length;
console.log(`Brier: ${models.map((m) => `${m.name} ${brier(m.r).toFixed(3)}`).join(', ')}`);
const all = resamples(SET);
for (const m of models.slice(1)) {
  console.log(`bootstrap overall AUC difference ${m.name} − ${models[0]!.name}: 95% interval ${interval(all.map((x) => aucOf(m.r, x) - aucOf(models[0]!.r, x)))} (2,000 paired resamples)`);
}
const L = ['positive', 'neutral', 'negative'] as const;
for (const m of models) {
  console.log(`confusion ${m.name} (truth: predicted pos/neu/neg): ${L.map((t) => `${t} ${L.map((p) => SET.filter((e) => e.label === t && gaugeLabel(m.r.get(e.id)!) === p).length).join('/')}`).join(', ')}`);
}
// The round-15 rule: highest lowest-phenomenon AUC (three decimals), then overall AUC, then 3-class, then the first named.
const key = (m: (typeof models)[number]) => [lowest.get(m.name)!, Number(aucOf(m.r, SET).toFixed(3)), Number(acc(m.r, SET).toFixed(3))];
const ranked = models
  .map((m, i) => ({ m, i, k: key(m) }))
  .sort((a, b) => b.k[0]! - a.k[0]! || b.k[1]! - a.k[1]! || b.k[2]! - a.k[2]! || a.i - b.i);
for (const { m, k } of ranked) console.log(`${m.name}: lowest phenomenon AUC ${k[0]!.toFixed(3)}, overall ${k[1]!.toFixed(3)}, 3-class ${k[2]!.toFixed(3)}`);
console.log(`rule pick: ${ranked[0]!.m.name}`);
console.log('\nper pair (resonance of each model), pairs any model labels wrongly:');
for (const e of SET) {
  if (models.every((m) => gaugeLabel(m.r.get(e.id)!) === e.label)) continue;
  console.log(`${models.map((m) => m.r.get(e.id)!.toFixed(2)).join(' ')} ${e.label} ${e.id} | ${e.response} || ${e.followup}`);
}
