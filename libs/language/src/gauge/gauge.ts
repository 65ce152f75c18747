import { scoreSignals, type GaugeWeights } from './fit';
import { GAUGE_SIGNALS, pairSignals, type GaugeSignal } from './signals';
import { wideScore } from './wide';
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
 * positive 1 / neutral 0.5 / negative 0, classes balanced) on the training split of the development set (116
 * of 154 examples; every 4th held out), the 304 pairs of the phenomena set, its 52 round-5 additions and its
 * first eight blind rounds (99, 96, 96, 96, 101, 102, 102 and 105 pairs; libs/language/data/: contradiction, restatement,
 * sarcasm, refusal, already-have, action reports, engagement, pivots, plain praise and complaint across six
 * domains), with the round-8 and round-9 additions: 1343 pairs. Each blind round was scored on the model frozen before it (round 1 AUC 0.843, round 2
 * 0.866, round 3 0.838, round 4 0.910, round 5 0.916, round 6 0.856, rounds 7 and 8 0.937 and 0.894 on the round-7 model; docs/benchmarks.md) and only then folded in.
 * Round 5 read the verb the reply instructed, reported in the past, as acting on it; outcomes and unscored
 * statements through word valence derived from word vectors (derived-valence.ts); whole numbers; ironic
 * constructions over a burden; a subject dropped before a new question as a pivot away; "why + bare verb" as
 * rhetorical; a plain detail question after a suggestion as engaged; terse acceptance; and no longer counted
 * the reply's words reused in a complaint as uptake. Round 6 (from round 5's misses): an action report is not
 * a bare evaluation, silence idioms ("Crickets.") are a bad outcome and only the sentence after the action is
 * its outcome, a recent time ("on the drive home") is acting rather than already having, irony played down
 * ("Oh, just 200. Easy.") or about fees ("Generous of them."), feasibility pushback ("When would I sleep?")
 * and verbless burden questions are rhetorical, "Just the sheets." declines an offer, details given while
 * accepting an offer are not a contradiction, and a yes to an offer is not turned negative by a word about
 * the task. Round 7 (from round 6's misses, 0.856): a reply that offers a benefit (free, quick, one step)
 * imposes no burden, so praise of it is sincere; "…, I'm sure" and thanks from a body part are ironic; any
 * negated consumption verb is not-yet; "ours is…" and runs of repeats are already-have; a cost that fell is a
 * good outcome; more constraints (what people do not eat, sizes, agreements), declines (fine for us, on our
 * own, take my chances) and pushback (alongside…?, who's going to…?).
 * Round 9 (rounds 7 and 8 spent: 0.937 and 0.894 on the round-7 model; sarcasm, action reports and already-have
 * below the goal): no new rules; two learned components over word vectors (`outcome`, `proposal`; stance.ts,
 * fitted by scripts/fit-stance.mts) enter the logistic with values cross-fitted by round, chosen by
 * leave-one-round-out (rounds 7-8, unseen by the rules: AUC 0.920 → 0.923, 3-class 0.720 → 0.729; a wash). Trained on
 * 1343 pairs: rounds 7 and 8, 18 round-8 and 56 round-9 training additions folded in. This model was frozen
 * before the ninth blind round was written. A test re-fits and checks these values.
 * Round 11: `praises()` no longer reads a bare "ok"/"fine", a negated positive ("didn't help", "no good") or AFINN's
 * "like" as praise; the proposal values of training pairs that no longer praise are 0 and the logistic was re-fitted
 * on the same 1343 pairs (round 10 0.739 → 0.734, round 9 unchanged at 0.796). The round-11 model (d78377c: the
 * same rules, 1994 pairs with rounds 9 and 10 and 430 additions) scored 0.864 on the round-11 blind set against
 * 0.866 for this model and 0.859 without the fix, already-have 0.083 lower; by the rule fixed before scoring this
 * model is served (docs/benchmarks.md, Round 11).
 * `lukewarm` fits to 0: hedges act through damping (they halve gratitude, acceptance and positive sentiment).
 * Round 12: no longer the served scorer. {@link gauge} serves the wide model (wide.ts; 0.882 on the round-12 blind
 * set against 0.874 for this model, docs/benchmarks.md, Round 12); these weights remain the rule model the judging
 * prompt ({@link gaugePrompt}) shows and that `gauge(input, GAUGE_MODEL)` applies. Round 18: re-fitted on the same
 * pairs after quantity.ts read numbers restated as a rate, approximately or inside the reply's bound as confirmations
 * (confirmation 0.843 → 0.851; every other weight within 0.006).
 */
export const GAUGE_MODEL: GaugeWeights = {
  bias: -0.299,
  weights: {
    sentiment: 1.034,
    overlap: 0.58,
    reference: 0.27,
    deeperQuestion: 0.577,
    gratitude: 0.454,
    acceptance: 0.857,
    intent: 0.238,
    lukewarm: 0,
    redirection: -0.067,
    correction: -0.246,
    rejection: -0.63,
    sarcasm: -0.468,
    contradiction: -0.914,
    confirmation: 0.851,
    restatement: -0.733,
    ironicPraise: -0.287,
    refusal: -0.915,
    alreadyHave: -0.9,
    notYet: 0.836,
    actionDone: 0.949,
    actionFailed: -0.619,
    engagement: 0.727,
    rhetorical: -0.558,
    pivotAway: -0.739,
    acceptOffer: 0.55,
    outcome: 0.156,
    proposal: 0.481,
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
 * Judges how an assistant reply landed from the user's follow-up, with the embedded model: since round 12 the wide
 * model (wide.ts: the wink-nlp rule signals, reply/follow-up cross features, hashed follow-up n-grams and word-vector
 * blocks), or, when `model` is given, that rule-signal logistic (e.g. {@link GAUGE_MODEL}). Deterministic; no network.
 */
export function gauge(input: GaugeInput, model?: GaugeWeights): GaugeResult {
  const response = input.response ?? '';
  const followup = input.followup ?? '';
  const { signals, praised } = pairSignals(response, followup);
  const resonance = model ? scoreSignals(signals, model) : wideScore(response, followup, signals, praised);
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
  acceptance: 'approval: "perfect", "that fixed it", "makes sense", "spot on"; terse acceptance: "Deal.", "The Roborock it is."',
  intent: 'the user will act on the reply: "I\'ll try it", "ordering now", "let\'s go with"',
  lukewarm: 'hedges or a bare acknowledgement: "ok", "noted", "I guess", "I\'ll think about it"',
  redirection: 'topic change: "unrelated, but…", "anyway", or new content words with none from the reply',
  correction: 'the user corrects the reply: "no, I meant…", "that\'s wrong", "actually…", "I asked for X, not Y"',
  rejection: 'complaint or refusal: "useless", "didn\'t help", "none of these", "whatever", "I was hoping for…"',
  sarcasm: 'ironic praise: "oh great, another…", "yeah right", "thanks for nothing", "so creative"; also bare praise of a burden the reply imposes ("Sounds restful." after a 9-hour layover)',
  contradiction: 'the follow-up gives a different date, number, name or place than the reply ("Gate B12." after "gate A4")',
  confirmation: 'the follow-up repeats a detail of the reply without disputing it ("A4, got it")',
  restatement: 'the follow-up restates a constraint the reply ignored ("I did say no dairy.", "Vegetarian. Still.", "My mum uses a wheelchair.")',
  ironicPraise: 'positive words over a burden or over the very thing proposed ("Fantastic, a three-hour drive for a coffee")',
  refusal: 'a polite refusal ("Appreciate it, but not for me", "I\'ll pass", "No thanks"); after an offer, any no ("Think I\'ll skip it", "Rather keep it simple")',
  alreadyHave: 'the user already has, knows, has seen or has done what was offered ("Already seen it", "Got one for Christmas", "Know it by heart")',
  notYet: 'the offered item is new to the user ("Haven\'t seen that one yet")',
  actionDone: 'a terse report of acting on the reply; what follows the action, if anything, is not a problem ("bought", "done, deployed", "Browned. Soup is a different league."), also the verb the reply instructed, in the past ("Read it aloud, caught six." after "Read the draft aloud")',
  actionFailed: 'acted on the reply and what follows the action reports a problem ("Did that. Same error.", "Bought it. Ink bleeds through.")',
  engagement: 'an engaged question about the offered item ("Does it come in a smaller size?")',
  rhetorical: 'a rhetorical question pushing back ("Who pays $900 for a kettle?", "Since when do I…", "Why reinvent that wheel?")',
  pivotAway: 'a sour change of subject ("ok whatever, different question", "Never mind. …", "Leave the leak. SSH keys, how do I set them up?")',
  acceptOffer: 'the user accepts an offer ("Yes, please do.", "Go on then, add them", "Go for it")',
  outcome: 'learned from word vectors (-1..1): after a report of acting on the reply, whether what happened was good ("queue drained by lunch") or bad ("buffering every ten seconds")',
  proposal: 'learned from word vectors (-1..1): when the follow-up praises, whether what the reply proposed deserves praise (praise of "disable all the tests" is irony)',
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
