/** Types of the gauge's labelled examples (the data itself lives in libs/language/data, outside the runtime library). */

/** How a reply landed, judged from the follow-up. */
export type GaugeLabel = 'positive' | 'neutral' | 'negative';

/** Topic area of a labelled example; used only to report coverage. */
export type GaugeDomain = 'music' | 'food' | 'travel' | 'shopping' | 'coding' | 'ui-design' | 'writing' | 'media';

/** Situation a labelled example illustrates; used only to report coverage and per-kind errors. */
export type GaugeKind =
  | 'uptake'
  | 'deeper-question'
  | 'reference'
  | 'acceptance'
  | 'intent'
  | 'short-positive'
  | 'polite-neutral'
  | 'topic-change'
  | 'correction'
  | 'complaint'
  | 'sarcasm'
  | 'long-negative'
  | 'mixed-cues'
  | 'contradiction'
  | 'restatement'
  | 'refusal'
  | 'already-have'
  | 'action-report'
  | 'engagement'
  | 'pivot';

/** One labelled (reply, follow-up) pair. */
export interface GaugeExample {
  /** Stable identifier, `<domain>-<n>`. */
  id: string;
  /** Topic area. */
  domain: GaugeDomain;
  /** Situation illustrated. */
  kind: GaugeKind;
  /** The assistant reply being judged. */
  response: string;
  /** The user's next message. */
  followup: string;
  /** Human label. */
  label: GaugeLabel;
}
