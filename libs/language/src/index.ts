/**
 * @tg/language: the natural-language side of tastegraph (/ask, /explain, /gauge).
 * Works with no model server (embedded gauge model and template generator); uses Ollama when configured.
 */
export { gauge, gaugePrompt, gaugeLabel, GAUGE_MODEL, POSITIVE_AT, NEGATIVE_AT } from './gauge/gauge';
export type { GaugeInput, GaugeResult } from './gauge/gauge';
export { gaugeSignals, GAUGE_SIGNALS, GAUGE_MAX_CHARS } from './gauge/signals';
export type { GaugeSignal, GaugeSignals } from './gauge/signals';
export { fitGaugeWeights, scoreSignals } from './gauge/fit';
export type { GaugeWeights, FitOptions } from './gauge/fit';
export type { GaugeExample, GaugeLabel, GaugeDomain, GaugeKind } from './gauge/types';

export { EXPLAIN_DOMAINS, EXPLAIN_TASKS, DOMAIN_FRAMING, TASK_FRAMING } from './generation/types';
export type {
  Anchor,
  AskInput,
  ExplainDomain,
  ExplainInput,
  ExplainTask,
  GroundingItem,
  TextGenerator,
  Theme,
} from './generation/types';
export { TemplateGenerator } from './generation/template';
export { OllamaGenerator, askMessages, explainMessages } from './generation/ollama';
export type { ChatMessage, OllamaFallbackReason, OllamaGeneratorOptions } from './generation/ollama';
export { groundingViolations, allowedNames } from './generation/grounding';
export { evaluateGauge } from './gauge/evaluate';
export type { GaugeEvaluation } from './gauge/evaluate';
