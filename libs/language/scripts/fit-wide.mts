/**
 * Round 12 (issue 17): the gauge's wide model, and the leave-one-round-out (LORO) comparison it was chosen by. Round
 * 13: round 12 in training, the question-shape features and the engagement gate (src/gauge/lexical.ts); NOQ=1 fits
 * the round-12 form on the same pairs. Round 14: round 13 in training, the situation features for sarcasm and action
 * reports (SITUATION_FEATURES in src/gauge/lexical.ts), cross L2 0.0003 (was 0.003), LORO over rounds 10-13; NOSIT=1
 * L2_CROSS=0.003 fits the round-13 form (the served model until round 14) on the same pairs; DROP=<comma list> holds
 * named cross features at 0. Round 15: round 14 in training, nothing else changed (the round-14 form re-fitted), LORO over
 * rounds 11-14. Round 17: rounds 15 and 16 in training (C's form, not the round-16 model D's), the round-17 inputs
 * (ROUND17_FEATURES: surprise followed by thanks or a commitment, praise over a burden counted as a number or a
 * duration; in the rules, numbers restated in another unit or form repeat, sincere surprise is neither a correction nor
 * rhetorical), LORO over rounds 13-16; NO17=1 holds the round-17 cross features at 0. Round 19 (model G): rounds 17
 * and 18 in training (E's form), the round-18 model F's number readings in quantity.ts (a word between number and
 * unit, rates, bounds, approximate values; not F's cross features), the round-19 inputs (ROUND19_FEATURES: excitement
 * shown by a reaction with no trouble named, a sacrifice stated as welcome), LORO over rounds 15-18; NO19=1 holds the
 * round-19 cross features at 0. Round 21 (model H): G's form exactly, rounds 19 and 20 added to training (rounds 1-20), no
 * new features or rule changes, LORO over rounds 17-20. Round 22 (model I): H's form with round 21 added to training
 * (rounds 1-21) and the round-22 inputs (ROUND22_FEATURES: a sceptical question, also in the engagement gate; interest
 * stated without a question; surprise with praise and no trouble; enjoyment promised over a burden ahead), LORO over
 * rounds 18-21; NO22=1 holds the round-22 cross features at 0 and leaves `qSceptical` out of the gate. Round 23 (model J):
 * I's form with round 22 added to training (rounds 1-22), the round-23 inputs (ROUND23_FEATURES: a thing done before the
 * reply asked; news told by a reaction or a regret; praise or a mock commitment over a disproportionate task or a long
 * wait; delight told as being overwhelmed) and an age read as an age, not a duration, in the counted burden; LORO over
 * rounds 19-22; NO23=1 holds the round-23 cross features at 0. Round 24 (model K): J's form with round 23 added to training
 * (rounds 1-23), the round-24 inputs (ROUND24_FEATURES: a question that doubts what the proposal gains, also in the
 * engagement gate; delight told as a debt or a surrender); NO24=1 holds them at 0 and leaves `qGainDoubt` out of the
 * gate. K's form was chosen between three candidates by LORO over rounds 15-23 (FOLDS=r15,…,r23; the key is the mean
 * over held-out rounds of the lowest phenomenon AUC, printed after the table); the default folds, for Platt, are
 * rounds 20-23. Round 25 (model L): K's form with round 24 added to training (rounds 1-24), the round-25 inputs
 * (ROUND25_FEATURES: a confirmation by experience or by a fact with no verb); NO25=1 holds them at 0. L's form is chosen
 * the same way by LORO over rounds 15-24; the default folds, for Platt, are rounds 21-24. Round 26 (model M): L's form with
 * round 25 added to training (rounds 1-25), the round-26 inputs (ROUND26_FEATURES: a yes/no question doubting that the
 * offered thing is needed, also in the engagement gate; praise over a consequence drawn from bad news; delight told by
 * its effect on the speaker); NO26=1 holds them at 0 and leaves `qNeedDoubt` out of the gate. M's form is chosen by LORO
 * over rounds 15-25. Round 27 (model N): M's form with round 26 and the round-27 training additions
 * (GAUGE_PHENOMENA_ADDED_27) added to training, and structural inputs that compare parts of the pair by polarity
 * (ROUND27_BLOCKS: mean-vector blocks of the situation under a praise word, the words after an agreement opener, a
 * follow-up with no cue word; ROUND27_FEATURES: agreement the rest denies); NO27=1 holds them at 0 (the blocks left out).
 * N's form is chosen by LORO over rounds 15-26. Round 28 (model O): N's form with round 27 (and any round-28 training
 * additions, GAUGE_PHENOMENA_ADDED_28) added to training, and inputs that compare the reply's values with the
 * follow-up's and read actions told in the past tense (ROUND28_FEATURES: a slot the follow-up fills with another word of
 * the same class, with or without agreement, or keeps; a past action by the speaker, an action repeated); NO28=1 holds
 * them at 0. O's form is chosen by LORO over rounds 15-27. Round 29 (model Q): O's form with round 28 and the round-29
 * training additions (GAUGE_PHENOMENA_ADDED_29) added to training, and inputs that read what a question asks about and
 * another thing of the same kind (ROUND29_FEATURES: a question about an attribute of the offered thing, a complaining
 * question, also in the engagement gate; a name or a value of the reply's shape replaced or kept); NO29=1 holds them at 0
 * and leaves `qComplaint` out of the gate. Q's form is chosen by LORO over rounds 15-28; the default folds, for Platt,
 * are rounds 25-28.
 *
 * - Baseline ("served architecture"): the rule signals in the sign-constrained, class-balanced logistic with the two
 *   learned components (outcome, proposal) cross-fitted by group, exactly as fit-stance.mts fits GAUGE_MODEL, re-fitted
 *   for each fold.
 * - Wide: an L2 logistic (class-balanced, soft targets 1 / 0.5 / 0, rule weights sign-constrained, Adam, full batch,
 *   from zero: deterministic) over the rule signals without the two components, the cross features, the hashed
 *   follow-up n-grams (length-normalised) and four standardised mean GloVe blocks (src/gauge/lexical.ts).
 *
 * LORO: rounds 10, 11, 12 and 13 are each held out in turn (round 13: rounds 9-12; round 12: rounds 8-11; FOLDS=…); each fold is fitted on every other labelled pair (the
 * development training split, the phenomena set, all additions and the other blind rounds: about 2,100 pairs). The
 * pooled out-of-round predictions give AUC (positive vs negative) and 3-class accuracy, overall and per phenomenon.
 * Platt scaling (a, b on the wide model's logit) is fitted on the pooled LORO predictions.
 *
 * Usage: `node --max-old-space-size=8000 --import tsx libs/language/scripts/fit-wide.mts [--loro] [--write]`
 * Env: L2_HASH, L2_VEC, L2_RULE, L2_CROSS (penalties), ITER, BLOCKS (comma list of vector blocks), NOHASH=1.
 */
import { writeFileSync } from 'node:fs';
import { auc } from '@tg/math';
import { ridge } from './ridge.mjs';
import { D, fitSignedLogit, loadWordVectors, VOCAB } from './word-vectors.mjs';
import { analyse } from '../src/nlp';
import { gaugeSignals, GAUGE_SIGNALS, gaugeLabel } from '../src/index';
import { SIGN } from '../src/gauge/fit';
import { outcomeClause, praises, textWords } from '../src/gauge/stance';
import { noEvaluation, openingSentence } from '../src/gauge/wide';
import { blockWords, crossFeatures, CROSS_FEATURES, ENGAGEMENT_GATE, gramBuckets, gramScale, HASH_BUCKETS, QUESTION_FEATURES, ROUND17_FEATURES, ROUND19_FEATURES, ROUND22_FEATURES, ROUND23_FEATURES, ROUND24_FEATURES, ROUND25_FEATURES, ROUND26_FEATURES, ROUND27_BLOCKS, ROUND27_FEATURES, ROUND28_FEATURES, ROUND29_FEATURES, SITUATION_FEATURES, VECTOR_BLOCKS, type CrossFeature, type VectorBlock } from '../src/gauge/lexical';
import type { GaugeExample } from '../src/gauge/types';
import { STANCE_TABLE } from '../src/gauge/stance-weights';
import * as data from '../data/index';

const args = process.argv.slice(2);
const env = (k: string, d: number) => Number(process.env[k] ?? d);
let HP = { hash: env('L2_HASH', 0.0001), vec: env('L2_VEC', 0.3), rule: env('L2_RULE', 0.001), cross: env('L2_CROSS', 0.0003), iter: env('ITER', 400), lr: env('LR', 0.05) };
const BLOCKS = (process.env.BLOCKS ?? VECTOR_BLOCKS.filter((b) => !(process.env.NO27 === '1' && (ROUND27_BLOCKS as readonly string[]).includes(b))).join(',')).split(',').filter(Boolean) as VectorBlock[];
const USE_HASH = process.env.NOHASH !== '1';
// NOQ=1: the question-shape features (round 13) held at 0 and no engagement gate: the round-12 form exactly (a weight
// on an input that is always 0 stays at its start, 0). GATE=<comma list>: the question shapes that zero the rules'
// engagement (default ENGAGEMENT_GATE, as wide.ts reads it).
const DROPPED = new Set<string>([...(process.env.NOQ === '1' ? QUESTION_FEATURES : []), ...(process.env.NOSIT === '1' ? SITUATION_FEATURES : []), ...(process.env.NO17 === '1' ? ROUND17_FEATURES : []), ...(process.env.NO19 === '1' ? ROUND19_FEATURES : []), ...(process.env.NO22 === '1' ? ROUND22_FEATURES : []), ...(process.env.NO23 === '1' ? ROUND23_FEATURES : []), ...(process.env.NO24 === '1' ? ROUND24_FEATURES : []), ...(process.env.NO25 === '1' ? ROUND25_FEATURES : []), ...(process.env.NO26 === '1' ? ROUND26_FEATURES : []), ...(process.env.NO27 === '1' ? ROUND27_FEATURES : []), ...(process.env.NO28 === '1' ? ROUND28_FEATURES : []), ...(process.env.NO29 === '1' ? ROUND29_FEATURES : []), ...(process.env.DROP ?? '').split(',').filter(Boolean)]);
const GATE = (process.env.NOQ === '1' ? [] : (process.env.GATE ?? ENGAGEMENT_GATE.join(',')).split(',').filter(Boolean)).filter((q) => !(process.env.NO22 === '1' && q === 'qSceptical') && !(process.env.NO24 === '1' && q === 'qGainDoubt') && !(process.env.NO26 === '1' && q === 'qNeedDoubt') && !(process.env.NO29 === '1' && q === 'qComplaint')) as CrossFeature[];

// VECTOR_CACHE=<file>: the kept words and vectors, written on first use (the full JSON is 300 MB).
const { vocab, vectors, meanVec } = loadWordVectors(process.env.VECTOR_CACHE);

const TARGET = { positive: 1, neutral: 0.5, negative: 0 } as const;
const rounds: [string, readonly GaugeExample[]][] = [
  ['r1', data.GAUGE_PHENOMENA_ROUND1], ['r2', data.GAUGE_PHENOMENA_ROUND2], ['r3', data.GAUGE_PHENOMENA_ROUND3], ['r4', data.GAUGE_PHENOMENA_ROUND4],
  ['r5', data.GAUGE_PHENOMENA_ROUND5], ['r6', data.GAUGE_PHENOMENA_ROUND6], ['r7', data.GAUGE_PHENOMENA_ROUND7], ['r8', data.GAUGE_PHENOMENA_ROUND8],
  ['r9', data.GAUGE_PHENOMENA_ROUND9], ['r10', data.GAUGE_PHENOMENA_ROUND10], ['r11', data.GAUGE_PHENOMENA_ROUND11],
  ['r12', data.GAUGE_PHENOMENA_ROUND12], ['r13', data.GAUGE_PHENOMENA_ROUND13],
  ['r14', data.GAUGE_PHENOMENA_ROUND14], ['r15', data.GAUGE_PHENOMENA_ROUND15], ['r16', data.GAUGE_PHENOMENA_ROUND16],
  ['r17', data.GAUGE_PHENOMENA_ROUND17], ['r18', data.GAUGE_PHENOMENA_ROUND18],
  ['r19', data.GAUGE_PHENOMENA_ROUND19], ['r20', data.GAUGE_PHENOMENA_ROUND20], ['r21', data.GAUGE_PHENOMENA_ROUND21],
  ['r22', data.GAUGE_PHENOMENA_ROUND22], ['r23', data.GAUGE_PHENOMENA_ROUND23], ['r24', data.GAUGE_PHENOMENA_ROUND24],
  ['r25', data.GAUGE_PHENOMENA_ROUND25], ['r26', data.GAUGE_PHENOMENA_ROUND26], ['r27', data.GAUGE_PHENOMENA_ROUND27],
  ['r28', data.GAUGE_PHENOMENA_ROUND28],
];
const FOLDS = (process.env.FOLDS ?? 'r25,r26,r27,r28').split(',');
const inRound = new Map(rounds.flatMap(([g, xs]) => xs.map((e) => [e, g] as const)));
/** Every labelled pair the wide model is fitted on. */
export const ALL_PAIRS: GaugeExample[] = [
  ...data.GAUGE_DATASET.filter((_, i) => data.gaugeSplit(i) === 'train'),
  ...data.GAUGE_PHENOMENA_TRAINING,
  ...data.GAUGE_PHENOMENA_ROUND9,
  ...data.GAUGE_PHENOMENA_ADDED_10,
  ...data.GAUGE_PHENOMENA_ROUND10,
  ...data.GAUGE_PHENOMENA_ADDED_11,
  ...data.GAUGE_PHENOMENA_ROUND11,
  ...data.GAUGE_NEUTRAL_ADDED_12,
  ...data.GAUGE_PHENOMENA_ROUND12,
  ...data.GAUGE_PHENOMENA_ROUND13,
  ...data.GAUGE_PHENOMENA_ROUND14,
  ...data.GAUGE_PHENOMENA_ROUND15,
  ...data.GAUGE_PHENOMENA_ROUND16,
  ...data.GAUGE_PHENOMENA_ROUND17,
  ...data.GAUGE_PHENOMENA_ROUND18,
  ...data.GAUGE_PHENOMENA_ROUND19,
  ...data.GAUGE_PHENOMENA_ROUND20,
  ...data.GAUGE_PHENOMENA_ROUND21,
  ...data.GAUGE_PHENOMENA_ROUND22,
  ...data.GAUGE_PHENOMENA_ROUND23,
  ...data.GAUGE_PHENOMENA_ROUND24,
  ...data.GAUGE_PHENOMENA_ROUND25,
  ...data.GAUGE_PHENOMENA_ROUND26,
  ...data.GAUGE_PHENOMENA_ADDED_27,
  ...data.GAUGE_PHENOMENA_ROUND27,
  ...data.GAUGE_PHENOMENA_ADDED_28,
  ...data.GAUGE_PHENOMENA_ROUND28,
  ...data.GAUGE_PHENOMENA_ADDED_29,
];
type G = { e: GaugeExample; group: string };
let b = 0;
const all: G[] = ALL_PAIRS.map((e) => ({ e, group: inRound.get(e) ?? `b${b++ % 5}` }));
console.error(`${all.length} pairs; hyper ${JSON.stringify(HP)} blocks ${BLOCKS.join(',')} hash ${USE_HASH}`);

// ---- per-pair inputs
const COMPONENTS = ['outcome', 'proposal'] as const;
const RULES = GAUGE_SIGNALS.filter((s) => !(COMPONENTS as readonly string[]).includes(s));
type Row = { rules: number[]; cross: number[]; grams: number[]; gramScale: number; blocks: (Float64Array | undefined)[]; praisedVec?: Float64Array; outcomeVec?: Float64Array };
const rowOf = new Map<GaugeExample, Row>();
/** The wide inputs of (response, followup) with the rule signals `s` of the pair (as wide.ts reads them). */
function wideRow(response: string, followup: string, s: ReturnType<typeof gaugeSignals>, praised: boolean): Row {
  const acted = s.actionDone > 0 || s.actionFailed > 0;
  const words = blockWords(response, followup, praised, acted, BLOCKS);
  const grams = gramBuckets(response, followup);
  const cf = crossFeatures(response, followup, s.correction > 0 || s.rejection > 0, praised, acted);
  return {
    rules: RULES.map((k) => (k === 'engagement' && GATE.some((q) => cf[q] > 0) ? 0 : s[k])),
    cross: CROSS_FEATURES.map((k) => (DROPPED.has(k) ? 0 : cf[k])),
    grams,
    gramScale: gramScale(grams.length),
    blocks: BLOCKS.map((k) => meanVec(words[k])),
    outcomeVec: acted ? meanVec(textWords(outcomeClause(followup))) : undefined,
    praisedVec: praised ? meanVec(textWords(response)) : undefined,
  };
}
/** Per pair: the opening sentence's row when wide.ts's guard applies, and whether the pair carries no evaluation. */
const guardOf = new Map<GaugeExample, { first?: Row; none: boolean }>();
for (const { e } of all) {
  const s = gaugeSignals(e.response, e.followup);
  const praised = praises(e.followup, analyse(e.followup));
  rowOf.set(e, wideRow(e.response, e.followup, s, praised));
  const first = s.rejection > 0 || s.correction > 0 ? openingSentence(e.followup) : '';
  guardOf.set(e, { first: first ? wideRow(e.response, first, s, praised) : undefined, none: noEvaluation(e.followup, s) });
}
/** The served logit (wide.ts guardedLogit) of a fitted model. */
const servedLogit = (m: Wide, e: GaugeExample) => {
  const z = logit(m, rowOf.get(e)!);
  const f = guardOf.get(e)!.first;
  return f ? Math.min(z, logit(m, f)) : z;
};

// ---- baseline: the served architecture (fit-stance.mts), re-fitted per fold
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
function ridgeFit(rows: { x: Float64Array; y: number; weight: number }[], lambda: number): number[] {
  return ridge(rows, D, lambda * rows.reduce((s, x) => s + x.weight, 0));
}
const dot = (beta: number[], x: Float64Array) => {
  let s = beta[D]!;
  for (let d = 0; d < D; d++) s += beta[d]! * x[d]!;
  return s;
};
const compX = (name: (typeof COMPONENTS)[number], e: GaugeExample) => (name === 'outcome' ? rowOf.get(e)!.outcomeVec : rowOf.get(e)!.praisedVec);
function fitComponents(train: G[]): number[][] {
  const c = { positive: 0, neutral: 0, negative: 0 };
  train.forEach(({ e }) => c[e.label]++);
  const bw = (e: GaugeExample) => train.length / (3 * c[e.label]);
  return COMPONENTS.map((n) => ridgeFit(train.filter(({ e }) => compX(n, e)).map(({ e }) => ({ x: compX(n, e)!, y: 2 * TARGET[e.label] - 1, weight: bw(e) })), 0.001));
}
const compValues = (betas: number[][], e: GaugeExample) => COMPONENTS.map((n, i) => (compX(n, e) ? Math.max(-1, Math.min(1, dot(betas[i]!, compX(n, e)!))) : 0));
function crossFit(train: G[]): Map<GaugeExample, number[]> {
  const out = new Map<GaugeExample, number[]>();
  for (const g of new Set(train.map((x) => x.group))) {
    const betas = fitComponents(train.filter((x) => x.group !== g));
    for (const { e } of train.filter((x) => x.group === g)) out.set(e, compValues(betas, e));
  }
  return out;
}
function baseline(train: G[], test: G[]): Map<GaugeExample, number> {
  const cf = crossFit(train);
  const m = fitSignedLogit(train.map(({ e }) => [...rowOf.get(e)!.rules, ...cf.get(e)!]), train.map(({ e }) => TARGET[e.label]), [...RULES.map((s) => SIGN[s]), 1, 1]);
  const betas = fitComponents(train);
  return new Map(test.map(({ e }) => [e, sigmoid([...rowOf.get(e)!.rules, ...compValues(betas, e)].reduce((z, v, j) => z + m.w[j]! * v, m.bias))]));
}

// ---- wide model
interface Wide {
  bias: number;
  rules: Float64Array;
  cross: Float64Array;
  hash: Float64Array;
  /** Per block: weights on the standardised mean vector, and the standardisation. */
  blocks: { w: Float64Array; mu: Float64Array; sd: Float64Array }[];
}
function standardiser(train: G[], k: number): { mu: Float64Array; sd: Float64Array } {
  const mu = new Float64Array(D);
  const sd = new Float64Array(D);
  const xs = train.map(({ e }) => rowOf.get(e)!.blocks[k]).filter((x): x is Float64Array => !!x);
  for (const x of xs) for (let d = 0; d < D; d++) mu[d] += x[d]! / xs.length;
  for (const x of xs) for (let d = 0; d < D; d++) sd[d] += (x[d]! - mu[d]!) ** 2 / xs.length;
  for (let d = 0; d < D; d++) sd[d] = Math.sqrt(sd[d]!) || 1;
  return { mu, sd };
}
function logit(m: Wide, r: Row): number {
  let z = m.bias;
  for (let j = 0; j < r.rules.length; j++) z += m.rules[j]! * r.rules[j]!;
  for (let j = 0; j < r.cross.length; j++) z += m.cross[j]! * r.cross[j]!;
  if (USE_HASH) for (const h of r.grams) z += m.hash[h]! * r.gramScale;
  for (let k = 0; k < m.blocks.length; k++) {
    const x = r.blocks[k];
    if (!x) continue;
    const { w, mu, sd } = m.blocks[k]!;
    for (let d = 0; d < D; d++) z += (w[d]! * (x[d]! - mu[d]!)) / sd[d]!;
  }
  return z;
}
function fitWide(train: G[]): Wide {
  const m: Wide = {
    bias: 0,
    rules: new Float64Array(RULES.length),
    cross: new Float64Array(CROSS_FEATURES.length),
    hash: new Float64Array(HASH_BUCKETS),
    blocks: BLOCKS.map((_, k) => ({ w: new Float64Array(D), ...standardiser(train, k) })),
  };
  const n = train.length;
  const per = { positive: 0, neutral: 0, negative: 0 };
  train.forEach(({ e }) => per[e.label]++);
  const classes = Object.values(per).filter((c) => c > 0).length;
  const wt = train.map(({ e }) => n / (classes * per[e.label]));
  const rows = train.map(({ e }) => rowOf.get(e)!);
  const ys = train.map(({ e }) => TARGET[e.label]);
  // Adam over all parameters, laid out as one vector: [bias, rules, cross, hash, blocks...].
  const P = 1 + RULES.length + CROSS_FEATURES.length + HASH_BUCKETS + BLOCKS.length * D;
  const mom = new Float64Array(P);
  const vel = new Float64Array(P);
  const g = new Float64Array(P);
  const oR = 1;
  const oC = oR + RULES.length;
  const oH = oC + CROSS_FEATURES.length;
  const oB = oH + HASH_BUCKETS;
  const get = (i: number): number =>
    i === 0 ? m.bias : i < oC ? m.rules[i - oR]! : i < oH ? m.cross[i - oC]! : i < oB ? m.hash[i - oH]! : m.blocks[Math.floor((i - oB) / D)]!.w[(i - oB) % D]!;
  const set = (i: number, v: number): void => {
    if (i === 0) m.bias = v;
    else if (i < oC) m.rules[i - oR] = v;
    else if (i < oH) m.cross[i - oC] = v;
    else if (i < oB) m.hash[i - oH] = v;
    else m.blocks[Math.floor((i - oB) / D)]!.w[(i - oB) % D] = v;
  };
  const l2Of = (i: number) => (i === 0 ? 0 : i < oC ? HP.rule : i < oH ? HP.cross : i < oB ? HP.hash : HP.vec);
  const b1 = 0.9;
  const b2 = 0.999;
  for (let it = 1; it <= HP.iter; it++) {
    g.fill(0);
    for (let i = 0; i < n; i++) {
      const r = rows[i]!;
      const err = ((sigmoid(logit(m, r)) - ys[i]!) * wt[i]!) / n;
      g[0] += err;
      for (let j = 0; j < r.rules.length; j++) g[oR + j] += err * r.rules[j]!;
      for (let j = 0; j < r.cross.length; j++) g[oC + j] += err * r.cross[j]!;
      if (USE_HASH) for (const h of r.grams) g[oH + h] += err * r.gramScale;
      for (let k = 0; k < BLOCKS.length; k++) {
        const x = r.blocks[k];
        if (!x) continue;
        const { mu, sd } = m.blocks[k]!;
        for (let d = 0; d < D; d++) g[oB + k * D + d] += (err * (x[d]! - mu[d]!)) / sd[d]!;
      }
    }
    for (let i = 0; i < P; i++) {
      const w = get(i);
      const gi = g[i]! + l2Of(i) * w;
      if (gi === 0 && mom[i] === 0) continue;
      mom[i] = b1 * mom[i]! + (1 - b1) * gi;
      vel[i] = b2 * vel[i]! + (1 - b2) * gi * gi;
      const step = (HP.lr * (mom[i]! / (1 - b1 ** it))) / (Math.sqrt(vel[i]! / (1 - b2 ** it)) + 1e-8);
      let next = w - step;
      if (i >= oR && i < oC) next = SIGN[RULES[i - oR]!] > 0 ? Math.max(0, next) : Math.min(0, next);
      set(i, next);
    }
  }
  return m;
}

// ---- evaluation
const phen = (e: GaugeExample) => (e.kind === 'short-positive' || e.kind === 'complaint' ? 'plain praise / complaint' : e.kind);
function cell(m: Map<GaugeExample, number>, xs: GaugeExample[]): string {
  const pn = xs.filter((e) => e.label !== 'neutral');
  const a = auc(pn.map((e) => m.get(e)!), pn.map((e) => e.label === 'positive'));
  const acc = xs.filter((e) => gaugeLabel(m.get(e)!) === e.label).length / xs.length;
  return `${a.toFixed(3)} / ${acc.toFixed(3)}`;
}
/** Platt scaling on logits: fits a, b of σ(a·z + b) to the soft targets by log loss (plain, not class-balanced). */
function platt(zs: number[], ys: number[]): { a: number; b: number } {
  let a = 1;
  let bb = 0;
  for (let it = 0; it < 20000; it++) {
    let ga = 0;
    let gb = 0;
    zs.forEach((z, i) => {
      const err = sigmoid(a * z + bb) - ys[i]!;
      ga += err * z;
      gb += err;
    });
    a -= (0.1 * ga) / zs.length;
    bb -= (0.1 * gb) / zs.length;
  }
  return { a, b: bb };
}

// GRID='[{"hash":0.01},{"vec":0.03}]': leave-one-round-out AUC of each variant (wide only), one line each.
if (args.includes('--grid')) {
  const held = all.filter((x) => FOLDS.includes(x.group)).map((x) => x.e);
  const kinds = [...new Set(held.map(phen))];
  console.log(`| variant | pooled | ${kinds.join(' | ')} |`);
  const base = HP;
  for (const v of JSON.parse(process.env.GRID ?? '[{}]') as Partial<typeof HP>[]) {
    HP = { ...base, ...v };
    const z = new Map<GaugeExample, number>();
    for (const fold of FOLDS) {
      const m = fitWide(all.filter((x) => x.group !== fold));
      for (const { e } of all.filter((x) => x.group === fold)) z.set(e, sigmoid(logit(m, rowOf.get(e)!)));
    }
    const a = (xs: GaugeExample[]) => cell(z, xs).split(' / ')[0];
    console.log(`| ${JSON.stringify(v)} | ${cell(z, held)} | ${kinds.map((k) => a(held.filter((e) => phen(e) === k))).join(' | ')} |`);
  }
}

let plattFitted: { a: number; b: number } | undefined;
if (args.includes('--loro')) {
  const base = new Map<GaugeExample, number>();
  const wideZ = new Map<GaugeExample, number>();
  const skipBase = process.env.NOBASE === '1';
  for (const fold of FOLDS) {
    const train = all.filter((x) => x.group !== fold);
    const test = all.filter((x) => x.group === fold);
    if (!skipBase) for (const [e, r] of baseline(train, test)) base.set(e, r);
    const m = fitWide(train);
    for (const { e } of test) wideZ.set(e, servedLogit(m, e));
    console.error(`fold ${fold} done`);
  }
  const held = all.filter((x) => FOLDS.includes(x.group)).map((x) => x.e);
  const pl = platt(held.map((e) => wideZ.get(e)!), held.map((e) => TARGET[e.label]));
  plattFitted = { a: Number(pl.a.toFixed(4)), b: Number(pl.b.toFixed(4)) };
  const brier = (m: Map<GaugeExample, number>) => (held.reduce((s, e) => s + (m.get(e)! - TARGET[e.label]) ** 2, 0) / held.length).toFixed(4);
  const wideRaw = new Map(held.map((e) => [e, sigmoid(wideZ.get(e)!)]));
  const wideCal = new Map(held.map((e) => [e, guardOf.get(e)!.none ? 0.5 : sigmoid(pl.a * wideZ.get(e)! + pl.b)]));
  console.log(`Platt on pooled LORO logits: a ${pl.a.toFixed(3)}, b ${pl.b.toFixed(3)}; Brier baseline ${skipBase ? '-' : brier(base)}, wide ${brier(wideRaw)}, wide Platt ${brier(wideCal)}`);
  const line = (name: string, xs: GaugeExample[]) =>
    `| ${name} | ${xs.length} | ${skipBase ? '-' : cell(base, xs)} | ${cell(wideRaw, xs)} | ${cell(wideCal, xs)} |`;
  console.log('| held out | n | baseline (served architecture, re-fitted) | wide (raw) | wide, Platt and the guards (served form) |\n|---|---|---|---|---|');
  console.log(line(`rounds ${FOLDS.join(', ')} pooled`, held));
  for (const f of FOLDS) console.log(line(`round ${f.slice(1)}`, held.filter((e) => inRound.get(e) === f)));
  for (const k of [...new Set(held.map(phen))]) console.log(line(k, held.filter((e) => phen(e) === k)));
  // Round 24: the selection key of the candidate forms, per held-out round the lowest AUC (served form) over the
  // phenomena with at least 8 pairs in that round, and its mean over the rounds held out.
  const lows = FOLDS.map((f) => {
    const xs = held.filter((e) => inRound.get(e) === f);
    const per = [...new Set(xs.map(phen))].map((k) => xs.filter((e) => phen(e) === k)).filter((g) => g.length >= 8);
    const low = Math.min(...per.map((g) => Number(cell(wideCal, g).split(' / ')[0])));
    return { f, low, worst: per.find((g) => Number(cell(wideCal, g).split(' / ')[0]) === low)!.map(phen)[0] };
  });
  console.log(`lowest phenomenon per held-out round: ${lows.map((l) => `${l.f} ${l.low.toFixed(3)} (${l.worst})`).join(', ')}; mean ${(lows.reduce((s, l) => s + l.low, 0) / lows.length).toFixed(3)}`);
  if (process.env.DUMP) writeFileSync(process.env.DUMP, JSON.stringify(held.map((e) => ({ id: e.id, label: e.label, kind: phen(e), base: base.get(e), wide: wideCal.get(e) }))));
}

if (args.includes('--write')) {
  const pl = plattFitted ?? { a: env('PLATT_A', 1), b: env('PLATT_B', 0) };
  if (vocab.join(' ') !== STANCE_TABLE.words) throw new Error('the vocabulary differs from STANCE_TABLE.words');
  const m = fitWide(all);
  // Fold the standardisation into per-word scores: w·(mean x − μ)/σ = mean over words of (w/σ)·x, plus −(w/σ)·μ. A block
  // with no known word contributes nothing (as in training), so that constant is kept per block, not in the bias.
  const tables = m.blocks.map(({ w, mu, sd }) => {
    const ws = Array.from(w, (v, d) => v / sd[d]!);
    const per = vectors.map((v) => ws.reduce((s, x, d) => s + x * v[d]!, 0));
    const scale = Math.max(...per.map(Math.abs)) / 127;
    const offset = -ws.reduce((s, v, d) => s + v * mu[d]!, 0);
    return { offset, scale: Number(scale.toPrecision(6)), scores: Buffer.from(Int8Array.from(per.map((s) => Math.round(s / scale))).buffer).toString('base64') };
  });
  const bias = m.bias;
  if (process.env.INSAMPLE) writeFileSync(process.env.INSAMPLE, JSON.stringify(all.map(({ e }) => ({ id: e.id, p: guardOf.get(e)!.none ? 0.5 : sigmoid(pl.a * servedLogit(m, e) + pl.b) }))));
  const hashScale = Math.max(...Array.from(m.hash, Math.abs)) / 127;
  const hashQ = Buffer.from(Int8Array.from(Array.from(m.hash, (v) => Math.round(v / hashScale))).buffer).toString('base64');
  const r = (x: number) => Number(x.toFixed(5));
  writeFileSync(
    new URL('../src/gauge/wide-weights.ts', import.meta.url),
    `/**
 * Generated by libs/language/scripts/fit-wide.mts (issue 17; ${process.env.FORM_NOTE ?? 'round-24 form'}): the gauge's wide model (src/gauge/wide.ts),
 * fitted on ${all.length} labelled pairs; L2 ${JSON.stringify(HP)}; Platt a ${pl.a}, b ${pl.b} (fitted on the
 * leave-one-round-out predictions). Per-word tables: int8 with one scale per block over the ${VOCAB} words of
 * STANCE_TABLE (stance-weights.ts). Do not edit by hand.
 */
export const WIDE_MODEL = {
  bias: ${r(bias)},
  platt: { a: ${pl.a}, b: ${pl.b} },
  rules: { ${RULES.map((k, j) => `${k}: ${r(m.rules[j]!)}`).join(', ')} },
  cross: { ${CROSS_FEATURES.map((k, j) => `${k}: ${r(m.cross[j]!)}`).join(', ')} },
  hash: { scale: ${Number(hashScale.toPrecision(6))}, weights: '${hashQ}' },
  blocks: [
${tables.map((t, k) => `    { name: '${BLOCKS[k]}', offset: ${r(t.offset)}, scale: ${t.scale}, scores: '${t.scores}' },`).join('\n')}
  ],
} as const;
`,
  );
  console.log(`wrote the wide model (${all.length} pairs)`);
}
