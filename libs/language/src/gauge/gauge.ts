import { scoreSignals, type GaugeWeights } from './fit';
import { GAUGE_SIGNALS, gaugeSignals, type GaugeSignal } from './signals';
import type { GaugeLabel } from './types';

/** Input of {@link gauge}: an assistant reply and the user's next message. */
export interface GaugeInput {
  /** The assistant reply being judged. */
  response: string;
  /** The user's next message, the evidence of how the reply landed. */
  followup: string;
  /** The user's message that led to the reply. Context for the judging prompt; the embedded model does not score it. */
  prompt?: string;
}

/** Output of {@link gauge}. */
export interface GaugeResult {
  /** How well the reply landed, in [0, 1]. */
  resonance: number;
  /** `positive` if resonance ≥ 0.6, `negative` if ≤ 0.4, otherwise `neutral`. */
  label: GaugeLabel;
  /** Every signal value (see {@link GaugeSignals}), including those with zero weight, for transparency. */
  signals: Record<string, number>;
}

/**
 * Weights of the embedded gauge model: resonance = σ(bias + Σ weight · signal).
 *
 * Fitted with {@link fitGaugeWeights} (sign-constrained logistic regression, L2 0.01, soft targets
 * positive 1 / neutral 0.5 / negative 0) on the training split of {@link GAUGE_DATASET} (116 of 154 examples;
 * every 4th example held out). A unit test re-fits and checks these values still match.
 * `overlap` fitted to 0 and `lukewarm`/`redirection` to near 0: overlap matters through `deeperQuestion`
 * (corrections overlap the reply as much as praise does), and plain topic changes and bare acknowledgements
 * are labelled neutral, which the bias alone already places near 0.5. Hedges still act through damping:
 * `lukewarm` halves gratitude, acceptance and positive sentiment (see {@link gaugeSignals}).
 */
export const GAUGE_MODEL: GaugeWeights = {
  bias: -0.093,
  weights: {
    sentiment: 1.794,
    overlap: 0,
    reference: 0.098,
    deeperQuestion: 1.211,
    gratitude: 0.69,
    acceptance: 1.623,
    intent: 0.507,
    lukewarm: -0.05,
    redirection: -0.175,
    correction: -1.541,
    rejection: -1.969,
    sarcasm: -1.164,
  },
};

/** Resonance at or above which a reply is labelled positive. Fixed, not tuned. */
export const POSITIVE_AT = 0.6;
/** Resonance at or below which a reply is labelled negative. Fixed, not tuned. */
export const NEGATIVE_AT = 0.4;

/** Maps a resonance to a 3-class label using {@link POSITIVE_AT} and {@link NEGATIVE_AT}. */
export function gaugeLabel(resonance: number): GaugeLabel {
  return resonance >= POSITIVE_AT ? 'positive' : resonance <= NEGATIVE_AT ? 'negative' : 'neutral';
}

/**
 * Judges how an assistant reply landed from the user's follow-up, with the embedded model
 * (wink-nlp signals + {@link GAUGE_MODEL}). Deterministic; no network.
 */
export function gauge(input: GaugeInput, model: GaugeWeights = GAUGE_MODEL): GaugeResult {
  const signals = gaugeSignals(input.response ?? '', input.followup ?? '');
  const resonance = scoreSignals(signals, model);
  const rounded = Object.fromEntries(GAUGE_SIGNALS.map((s) => [s, round(signals[s])]));
  return { resonance: round(resonance), label: gaugeLabel(resonance), signals: rounded };
}

const round = (x: number): number => Math.round(x * 1000) / 1000;

const SIGNAL_RUBRIC: Record<GaugeSignal, string> = {
  sentiment: 'tone of the follow-up statements (questions excluded); praise read as sarcasm counts as its opposite',
  overlap: 'the follow-up reuses content words from the reply',
  reference: 'the follow-up points back at the reply ("the second one", "that idea", "it")',
  deeperQuestion: 'the follow-up asks a question about what the reply said',
  gratitude: 'thanks (not "thanks, but…", not "no thanks")',
  acceptance: 'approval: "perfect", "that fixed it", "makes sense", "spot on"',
  intent: 'the user will act on the reply: "I\'ll try it", "ordering now", "let\'s go with"',
  lukewarm: 'hedges or a bare acknowledgement: "ok", "noted", "I guess", "I\'ll think about it"',
  redirection: 'topic change: "unrelated, but…", "anyway", or new content words with none from the reply',
  correction: 'the user corrects the reply: "no, I meant…", "that\'s wrong", "actually…", "I asked for X, not Y"',
  rejection: 'complaint or refusal: "useless", "didn\'t help", "none of these", "whatever", "I was hoping for…"',
  sarcasm: 'ironic praise: "oh great, another…", "yeah right", "thanks for nothing", "so creative"',
};

function quote(text: string): string {
  return `"""\n${text.replace(/"""/g, '\\"\\"\\"')}\n"""`;
}

/**
 * The judging prompt: the rubric and signal weights the embedded model applies, filled with the inputs.
 * Also usable verbatim as a prompt for a generative judge.
 */
export function gaugePrompt(response: string, followup: string, prompt?: string, model: GaugeWeights = GAUGE_MODEL): string {
  const fmt = (w: number): string => (w >= 0 ? `+${w.toFixed(2)}` : w.toFixed(2));
  const lines = [
    "Judge how an assistant reply landed, using only the user's next message as evidence.",
    'Resonance runs from 0 (the reply missed) to 1 (the reply landed).',
    'Raise it for UPTAKE: the follow-up builds on the reply: reuses its words, refers back to it, asks a deeper',
    'question about it, thanks or accepts it, or says the user will act on it.',
    'Lower it for REDIRECTION (topic change), CORRECTION, REJECTION or complaint, and SARCASM; read positive',
    'words in a sarcastic follow-up as negative. After "X, but Y", judge Y.',
    'Do not reward length: a longer follow-up or a longer reply is not better in itself.',
    `Label: positive if resonance >= ${POSITIVE_AT}, negative if <= ${NEGATIVE_AT}, otherwise neutral.`,
    '',
    `Signals (each 0..1, sentiment -1..1) and weights; resonance = logistic(${model.bias.toFixed(2)} + sum of weight x signal):`,
    ...GAUGE_SIGNALS.map((s) => `- ${s} (${fmt(model.weights[s])}): ${SIGNAL_RUBRIC[s]}`),
    '',
  ];
  if (prompt !== undefined && prompt.trim() !== '') lines.push('User request that led to the reply:', quote(prompt), '');
  lines.push('Assistant reply:', quote(response), '', 'User follow-up:', quote(followup), '');
  lines.push('Answer as JSON: {"resonance": number, "label": "positive" | "neutral" | "negative", "signals": {name: number}}');
  return lines.join('\n');
}
