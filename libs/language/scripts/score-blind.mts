/**
 * Scores a blind round once for two models (issue 17, round 13): writes each model's resonances on the newest blind
 * set (GAUGE_PHENOMENA_BLIND_SET of this checkout) to JSON before any figure is computed, then prints AUC (positive
 * vs negative) and 3-class accuracy per phenomenon for both, the difference, and a bootstrap interval of the overall
 * AUC difference (2,000 resamples of positives and of negatives, the same resample for both models, seeded).
 * Usage: `node --import tsx libs/language/scripts/score-blind.mts <other checkout> <out dir>`; "this" is this checkout.
 */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { auc } from '@tg/math';
import { gauge, gaugeLabel } from '../src/index';
import { GAUGE_PHENOMENA_BLIND_SET as SET } from '../data/index';
import type { GaugeExample } from '../src/gauge/types';

const [other, out] = process.argv.slice(2);
if (!other || !out) throw new Error('usage: score-blind.mts <other checkout> <out dir>');
const theirs = ((await import(pathToFileURL(`${other}/libs/language/src/index.ts`).href)) as { gauge: typeof gauge }).gauge;
const scores = {
  this: SET.map((e) => ({ id: e.id, r: gauge(e).resonance })),
  other: SET.map((e) => ({ id: e.id, r: theirs({ response: e.response, followup: e.followup }).resonance })),
};
writeFileSync(`${out}/this.json`, JSON.stringify(scores.this));
writeFileSync(`${out}/other.json`, JSON.stringify(scores.other));
console.log(`wrote ${out}/this.json and ${out}/other.json (${SET.length} pairs each)`);

const r = { this: new Map(scores.this.map((x) => [x.id, x.r])), other: new Map(scores.other.map((x) => [x.id, x.r])) };
const phen = (e: GaugeExample) => (e.kind === 'short-positive' || e.kind === 'complaint' ? 'plain praise / complaint' : e.kind);
const aucOf = (m: Map<string, number>, xs: readonly GaugeExample[]) => {
  const pn = xs.filter((e) => e.label !== 'neutral');
  return auc(pn.map((e) => m.get(e.id)!), pn.map((e) => e.label === 'positive'));
};
const acc = (m: Map<string, number>, xs: readonly GaugeExample[]) => xs.filter((e) => gaugeLabel(m.get(e.id)!) === e.label).length / xs.length;
const cell = (m: Map<string, number>, xs: readonly GaugeExample[]) => `${aucOf(m, xs).toFixed(3)} / ${acc(m, xs).toFixed(3)}`;
const counts = (xs: readonly GaugeExample[]) => `${xs.length} (${['positive', 'neutral', 'negative'].map((l) => xs.filter((e) => e.label === l).length).join('/')})`;
console.log('| phenomenon | n (pos/neu/neg) | this (AUC / 3-class) | other | this − other (AUC) |\n|---|---|---|---|---|');
const kinds = [...new Set(SET.map(phen))];
for (const k of [...kinds, 'all']) {
  const xs = k === 'all' ? SET : SET.filter((e) => phen(e) === k);
  console.log(`| ${k} | ${counts(xs)} | ${cell(r.this, xs)} | ${cell(r.other, xs)} | ${(aucOf(r.this, xs) - aucOf(r.other, xs)).toFixed(3)} |`);
}
const brier = (m: Map<string, number>) => SET.reduce((s, e) => s + (m.get(e.id)! - { positive: 1, neutral: 0.5, negative: 0 }[e.label]) ** 2, 0) / SET.length;
console.log(`Brier: this ${brier(r.this).toFixed(3)}, other ${brier(r.other).toFixed(3)}`);

// Paired bootstrap of the overall AUC difference.
let seed = 13;
const rand = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
const pos = SET.filter((e) => e.label === 'positive');
const neg = SET.filter((e) => e.label === 'negative');
const diffs: number[] = [];
for (let b = 0; b < 2000; b++) {
  const xs = [...pos.map(() => pos[Math.floor(rand() * pos.length)]!), ...neg.map(() => neg[Math.floor(rand() * neg.length)]!)];
  diffs.push(aucOf(r.this, xs) - aucOf(r.other, xs));
}
diffs.sort((a, b) => a - b);
console.log(`bootstrap AUC difference this − other: 95% interval ${diffs[49]!.toFixed(3)} to ${diffs[1949]!.toFixed(3)} (2,000 resamples)`);
const conf = (m: Map<string, number>) =>
  ['positive', 'neutral', 'negative'].map((t) => `${t} ${['positive', 'neutral', 'negative'].map((p) => SET.filter((e) => e.label === t && gaugeLabel(m.get(e.id)!) === p).length).join('/')}`).join(', ');
console.log(`confusion (truth: predicted pos/neu/neg): this ${conf(r.this)}; other ${conf(r.other)}`);
console.log('\nerrors of this model (resonance, other model):');
for (const e of SET) {
  const p = r.this.get(e.id)!;
  if (gaugeLabel(p) !== e.label) console.log(`${p.toFixed(2)} (${r.other.get(e.id)!.toFixed(2)}) ${e.label} ${e.id} | ${e.response} || ${e.followup}`);
}
