import { GAUGE_SIGNALS, type GaugeSignal, type GaugeSignals } from './signals';

/** Logistic model over the gauge signals: resonance = σ(bias + Σ weights[s] · signal[s]). */
export interface GaugeWeights {
  /** Intercept. */
  bias: number;
  /** One weight per signal. */
  weights: Record<GaugeSignal, number>;
}

/** Options for {@link fitGaugeWeights}. */
export interface FitOptions {
  /** L2 penalty on the signal weights (not the bias), per example. Default 0.01. */
  l2?: number;
  /** Gradient steps. Default 4000. */
  iterations?: number;
  /** Step size. Default 0.5. */
  learningRate?: number;
  /**
   * Weight each example by the inverse frequency of its target (positive, neutral, negative), so that a set
   * with more negatives than positives does not move the bias towards "negative". Default false.
   */
  balance?: boolean;
}

/** Sign constraint of each weight. */
// Signals that can only say "the reply landed" get weights ≥ 0; those that can only say "it missed" get ≤ 0.
// Constraining signs keeps a small training set from learning perverse weights (e.g. rewarding sarcasm).
export const SIGN: Record<GaugeSignal, 1 | -1> = {
  sentiment: 1,
  overlap: 1,
  reference: 1,
  deeperQuestion: 1,
  gratitude: 1,
  acceptance: 1,
  intent: 1,
  lukewarm: -1,
  redirection: -1,
  correction: -1,
  rejection: -1,
  sarcasm: -1,
  contradiction: -1,
  confirmation: 1,
  restatement: -1,
  ironicPraise: -1,
  refusal: -1,
  alreadyHave: -1,
  notYet: 1,
  actionDone: 1,
  actionFailed: -1,
  engagement: 1,
  rhetorical: -1,
  pivotAway: -1,
  acceptOffer: 1,
  outcome: 1,
  proposal: 1,
};

const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

/** Applies a logistic model to a signal vector. Returns resonance in (0, 1). */
export function scoreSignals(signals: GaugeSignals, model: GaugeWeights): number {
  let z = model.bias;
  for (const s of GAUGE_SIGNALS) z += model.weights[s] * signals[s];
  return sigmoid(z);
}

/**
 * Fits sign-constrained, L2-regularised logistic regression by full-batch projected gradient descent.
 * Targets are soft: 1 for positive, 0.5 for neutral, 0 for negative. Deterministic (starts from zero).
 */
export function fitGaugeWeights(examples: { signals: GaugeSignals; target: number }[], options: FitOptions = {}): GaugeWeights {
  const l2 = options.l2 ?? 0.01;
  const iterations = options.iterations ?? 4000;
  const lr = options.learningRate ?? 0.5;
  const n = Math.max(1, examples.length);
  const perTarget = new Map<number, number>();
  for (const ex of examples) perTarget.set(ex.target, (perTarget.get(ex.target) ?? 0) + 1);
  const weightOf = (target: number) => (options.balance ? n / (perTarget.size * perTarget.get(target)!) : 1);
  let bias = 0;
  const w = Object.fromEntries(GAUGE_SIGNALS.map((s) => [s, 0])) as Record<GaugeSignal, number>;
  for (let it = 0; it < iterations; it++) {
    let gb = 0;
    const gw = Object.fromEntries(GAUGE_SIGNALS.map((s) => [s, 0])) as Record<GaugeSignal, number>;
    for (const ex of examples) {
      const err = (scoreSignals(ex.signals, { bias, weights: w }) - ex.target) * weightOf(ex.target);
      gb += err;
      for (const s of GAUGE_SIGNALS) gw[s] += err * ex.signals[s];
    }
    bias -= (lr * gb) / n;
    for (const s of GAUGE_SIGNALS) {
      const next = w[s] - lr * (gw[s] / n + l2 * w[s]);
      w[s] = SIGN[s] > 0 ? Math.max(0, next) : Math.min(0, next);
    }
  }
  return { bias, weights: w };
}
