import { auc } from '@tg/math';
import type { GaugeExample, GaugeLabel } from './types';
import { gauge } from './gauge';
import type { GaugeWeights } from './fit';

/** Quality of the gauge on a set of labelled examples. */
export interface GaugeEvaluation {
  /** Number of examples. */
  n: number;
  /** Examples per true label. */
  counts: Record<GaugeLabel, number>;
  /** ROC AUC of resonance, positive vs negative (neutral examples left out). NaN if a class is missing. */
  aucPositiveVsNegative: number;
  /** ROC AUC of resonance, positive vs neutral + negative. NaN if a class is missing. */
  aucPositiveVsRest: number;
  /** Share of examples whose 3-class label is right. */
  accuracy: number;
  /** confusion[truth][predicted] = count. */
  confusion: Record<GaugeLabel, Record<GaugeLabel, number>>;
  /** Examples whose predicted label differs from the truth, with their resonance. */
  errors: { id: string; label: GaugeLabel; predicted: GaugeLabel; resonance: number }[];
}

const LABELS: GaugeLabel[] = ['positive', 'neutral', 'negative'];

/**
 * Scores every example with {@link gauge} (the served wide model, or the rule-signal logistic `model` when given) and
 * reports AUCs, 3-class accuracy and the confusion matrix.
 */
export function evaluateGauge(examples: readonly GaugeExample[], model?: GaugeWeights): GaugeEvaluation {
  const scored = examples.map((e) => ({ e, r: gauge(e, model) }));
  const confusion = Object.fromEntries(LABELS.map((t) => [t, Object.fromEntries(LABELS.map((p) => [p, 0]))])) as GaugeEvaluation['confusion'];
  const counts = { positive: 0, neutral: 0, negative: 0 };
  for (const { e, r } of scored) {
    confusion[e.label][r.label]++;
    counts[e.label]++;
  }
  const pn = scored.filter(({ e }) => e.label !== 'neutral');
  const correct = scored.filter(({ e, r }) => e.label === r.label).length;
  return {
    n: examples.length,
    counts,
    aucPositiveVsNegative: auc(
      pn.map(({ r }) => r.resonance),
      pn.map(({ e }) => e.label === 'positive'),
    ),
    aucPositiveVsRest: auc(
      scored.map(({ r }) => r.resonance),
      scored.map(({ e }) => e.label === 'positive'),
    ),
    accuracy: examples.length === 0 ? NaN : correct / examples.length,
    confusion,
    errors: scored
      .filter(({ e, r }) => e.label !== r.label)
      .map(({ e, r }) => ({ id: e.id, label: e.label, predicted: r.label, resonance: r.resonance })),
  };
}
