import { blockWords, crossFeatures, CROSS_FEATURES, ENGAGEMENT_GATE, gramBuckets, gramScale, type CrossFeature, type VectorBlock } from './lexical';
import type { GaugeSignals } from './signals';
import { rowsOf } from './stance';
import { WIDE_MODEL } from './wide-weights';

/**
 * Round 12 (issue 17): the gauge's wide model, the served scorer. Round 13 added the question-shape cross features
 * and the engagement gate (lexical.ts) and fitted it with round 12 (2,238 pairs). Round 14 added the situation
 * features for sarcasm and action reports (lexical.ts, `situationFeatures`: praise over a benefit or a burden, ironic
 * constructions, an outcome that no longer works) and fitted it with round 13 (2,348 pairs). Round 15 re-fitted that
 * form with round 14 (2,464 pairs), nothing else changed. Round 17 (model E) fitted it with rounds 15 and 16 (2,670
 * pairs) and added two cross features (lexical.ts, `round17Features`: sincere surprise, praise over a counted burden)
 * and, in the rules, numbers restated in another unit or form (quantity.ts). Round 19 (model G) fitted it with rounds 17
 * and 18 (2,894 pairs), took the round-18 model F's number readings (quantity.ts: a word before the unit, rates,
 * approximate values, a value inside the reply's bound) and added two cross features (lexical.ts, `round19Features`:
 * excitement shown by a reaction with no trouble named, a sacrifice stated as welcome). Round 22 (model I) fitted it with
 * round 21 (3,230 pairs) and added four cross features (lexical.ts, `round22Features`: a sceptical question, also in the
 * engagement gate; interest stated without a question; surprise with praise and no trouble named; enjoyment promised over
 * a burden ahead). Round 23 (model J) fitted it with round 22 (3,342 pairs), added four cross features (lexical.ts,
 * `round23Features`: a thing done before the reply asked; news told by a reaction or a regret; praise or a mock
 * commitment over a disproportionate task or a long wait; delight told as being overwhelmed) and reads an age ("our
 * 3-year-old") as an age, not a counted duration. Round 24 (model K) fitted it with round 23 (3,456 pairs) and added two
 * cross features (lexical.ts, `round24Features`: a question that doubts what the proposal gains, also in the engagement
 * gate; delight told as a debt or a surrender), its form chosen between three candidates by leave-one-round-out over
 * rounds 15-23 (docs/benchmarks.md, Round 24). Round 25 (model L) fitted it with round 24 (3,570 pairs) and added two
 * cross features (lexical.ts, `round25Features`: a confirmation told by the speaker's own past or by a bare name or
 * number after agreement), its form chosen the same way over rounds 15-24 (docs/benchmarks.md, Round 25). Round 26 (model M)
 * fitted it with round 25 (3,684 pairs) and added three cross features (lexical.ts, `round26Features`: a yes/no question
 * doubting that the offered thing is needed, also in the engagement gate; praise over a consequence drawn from bad news;
 * delight told by its effect on the speaker), its form chosen the same way over rounds 15-25 (docs/benchmarks.md, Round
 * 26). Round 27 (model N) re-fitted M's form with round 26 and 114 training additions aimed at round 26's misses (3,914
 * pairs); the structural inputs tried for it (lexical.ts, `ROUND27_BLOCKS`: word-vector blocks of the situation under a
 * praise word, the words after an agreement opener and a follow-up with no cue word; `agreeThenDeny`) lost the
 * leave-one-round-out selection over rounds 15-26 (docs/benchmarks.md, Round 27), so N's tables hold no such block and a
 * weight of 0 on `agreeThenDeny`. Round 28 (model O) re-fitted it with round 27 and 68 training additions aimed at
 * round 27's misses (4,072 pairs) and added the round-28 inputs (lexical.ts, `round28Features`: a follow-up word of a
 * reply word's class, from word classes clustered once from the word vectors, that replaces or keeps the reply's value;
 * an action told in the past tense or repeated); its form, chosen by leave-one-round-out over rounds 15-27
 * (docs/benchmarks.md, Round 28), also holds the round-27 structural inputs again. Round 29 (model Q) re-fitted it with
 * round 28 and 56 training additions aimed at round 28's misses (4,218 pairs) and added the round-29 inputs (lexical.ts,
 * `round29Features`: a question about an attribute or the use of the offered thing; a complaining question, also in the
 * engagement gate; a name or a value of the reply's shape replaced or kept); its form, chosen by leave-one-round-out over
 * rounds 15-28 (docs/benchmarks.md, Round 29), drops the round-27 structural inputs again (four word-vector blocks). A
 * model with no weight for a cross feature reads 0 for it, and is not gated by it ({@link modelGate}). A logistic over the rule signals (the learned
 * components `outcome` and `proposal` excepted: the vector blocks replace them), the cross features, hashed
 * follow-up n-grams and four mean-word-vector blocks (lexical.ts), fitted by libs/language/scripts/fit-wide.mts on
 * every labelled pair (2,104) and Platt-scaled on its leave-one-round-out predictions. Chosen by leave-one-round-out
 * over rounds 8-11 against the served architecture re-fitted on the same pairs (docs/benchmarks.md, Round 12).
 */
interface Decoded {
  rules: [keyof GaugeSignals, number][];
  cross: number[];
  hash: Int8Array;
  blocks: { name: VectorBlock; offset: number; scale: number; scores: Int8Array }[];
  /** The names of `blocks`: the words {@link blockWords} reads for this model. */
  blockNames: VectorBlock[];
  /** The gate's question shapes this model has a weight for (round 29: `qComplaint` gates only a model fitted with it). */
  gate: CrossFeature[];
}

let decoded: Decoded | undefined;

/**
 * The question shapes of {@link ENGAGEMENT_GATE} that gate a model whose cross weights are `cross`: those it has a weight
 * for. A model fitted before a gate feature existed (round 29's `qComplaint` for model O) is not gated by it, so that its
 * resonances stay as fitted.
 */
export function modelGate(cross: Partial<Record<CrossFeature, number>>): CrossFeature[] {
  return ENGAGEMENT_GATE.filter((q) => q in cross);
}
const int8 = (b64: string): Int8Array => Int8Array.from(Buffer.from(b64, 'base64'));

function model(): Decoded {
  decoded ??= {
    rules: Object.entries(WIDE_MODEL.rules) as [keyof GaugeSignals, number][],
    // A model fitted before a cross feature existed has no weight for it: 0 (round 28's inputs for model N).
    cross: CROSS_FEATURES.map((k) => (WIDE_MODEL.cross as Partial<Record<CrossFeature, number>>)[k] ?? 0),
    hash: int8(WIDE_MODEL.hash.weights),
    blocks: WIDE_MODEL.blocks.map((b) => ({ name: b.name, offset: b.offset, scale: b.scale, scores: int8(b.scores) })),
    blockNames: WIDE_MODEL.blocks.map((b) => b.name),
    gate: modelGate(WIDE_MODEL.cross),
  };
  return decoded;
}

/** The wide model's logit before Platt scaling. `praised` and the action signals gate two vector blocks. */
export function wideLogit(response: string, followup: string, signals: GaugeSignals, praised: boolean): number {
  const m = model();
  let z: number = WIDE_MODEL.bias;
  const acted = signals.actionDone > 0 || signals.actionFailed > 0;
  const cf = crossFeatures(response, followup, signals.correction > 0 || signals.rejection > 0, praised, acted);
  const challenged = m.gate.some((q) => cf[q] > 0);
  for (const [k, w] of m.rules) z += w * (k === 'engagement' && challenged ? 0 : signals[k]);
  CROSS_FEATURES.forEach((k, j) => (z += m.cross[j]! * cf[k]));
  const buckets = gramBuckets(response, followup);
  if (buckets.length) {
    let h = 0;
    for (const b of buckets) h += m.hash[b]!;
    z += WIDE_MODEL.hash.scale * h * gramScale(buckets.length);
  }
  const words = blockWords(response, followup, praised, acted, m.blockNames);
  for (const b of m.blocks) {
    const rows = rowsOf(words[b.name]);
    if (!rows.length) continue;
    let s = 0;
    for (const r of rows) s += b.scores[r]!;
    z += b.offset + (b.scale * s) / rows.length;
  }
  return z;
}

/** The first sentence of a follow-up of two or more sentences, or '' (one sentence). */
export function openingSentence(followup: string): string {
  const parts = followup.trim().split(/(?<=[.!?])\s+/).filter((x) => x.trim());
  return parts.length >= 2 ? parts[0]! : '';
}

/**
 * Whether the wide model's evidence is overridden by two contracts of the gauge: a follow-up with no word, and a bare
 * acknowledgement without thanks ("ok", "Noted."; the rules' `lukewarm` 1), carry no evaluation: resonance 0.5.
 */
export function noEvaluation(followup: string, signals: GaugeSignals): boolean {
  return !/[\p{L}\p{N}\p{Extended_Pictographic}]/u.test(followup) || (signals.lukewarm === 1 && signals.gratitude === 0);
}

/**
 * The wide model's logit with its one guard: when the rules read a complaint or a correction, a follow-up of several
 * sentences reads no milder than its opening sentence (the same signals, the wide inputs of that sentence alone), so
 * that a clear complaint is not diluted by the sentences around it.
 */
export function guardedLogit(response: string, followup: string, signals: GaugeSignals, praised: boolean): number {
  const z = wideLogit(response, followup, signals, praised);
  const first = signals.rejection > 0 || signals.correction > 0 ? openingSentence(followup) : '';
  return first ? Math.min(z, wideLogit(response, first, signals, praised)) : z;
}

/** Resonance of the wide model: σ(a · logit + b), Platt-scaled; 0.5 when {@link noEvaluation}. */
export function wideScore(response: string, followup: string, signals: GaugeSignals, praised: boolean): number {
  if (noEvaluation(followup, signals)) return 0.5;
  const { a, b } = WIDE_MODEL.platt;
  return 1 / (1 + Math.exp(-(a * guardedLogit(response, followup, signals, praised) + b)));
}
