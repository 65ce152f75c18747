/** Domains an explanation can be framed for; see {@link DOMAIN_FRAMING}. */
export const EXPLAIN_DOMAINS = ['discovery', 'design', 'decisions', 'data'] as const;
/** One explanation domain. */
export type ExplainDomain = (typeof EXPLAIN_DOMAINS)[number];

/** Agents an explanation can be written for; see {@link TASK_FRAMING}. */
export const EXPLAIN_TASKS = ['coding-agent', 'commerce-agent', 'design-agent', 'insight-agent'] as const;
/** One explanation task. */
export type ExplainTask = (typeof EXPLAIN_TASKS)[number];

/** An item the text may mention: the only source of item names a generator may use. */
export interface GroundingItem {
  /** Item id. */
  id: string;
  /** Display name; generators mention items by this exact name. */
  name: string;
  /** Free-text description; treated as data, never quoted as instructions. */
  description?: string;
  /** Canonical URL, if any. */
  url?: string;
  /** Item type (e.g. "track", "restaurant"). */
  type?: string;
  /** Relevance in [0, 1]: to the query and the anchor's taste. */
  score: number;
}

/** A cluster of the anchor's taste. */
export interface Theme {
  /** Short human label ("late-night jazz"). */
  label: string;
  /** Share of the anchor's taste in [0, 1]. */
  weight: number;
  /** Representative items, best first. */
  examples: GroundingItem[];
}

/** The entity whose taste is being described. */
export interface Anchor {
  /** Entity id. */
  id: string;
  /** Display name. */
  name: string;
  /** Entity type: "user", "place", "brand", ... */
  type: string;
  /** Optional description of the entity. */
  description?: string;
}

/** Input of {@link TextGenerator.ask}: answer a question from the anchor's taste. */
export interface AskInput {
  /** The user's question. */
  query: string;
  /** The anchor whose taste answers it. */
  anchor: Anchor;
  /** The lens, e.g. "music" or "restaurants". */
  inTermsOf: string;
  /** The anchor's own linked content most relevant to the query. */
  liked: GroundingItem[];
  /** Workspace items relevant to query and taste, best first. */
  suggestions: GroundingItem[];
  /** The anchor's taste themes. */
  themes: Theme[];
  /**
   * `generic` when the query asks for anything that fits ("what should I buy next?"): the suggestions are
   * the anchor's best fits, not answers to a filter. Default `specific`.
   */
  intent?: 'generic' | 'specific';
}

/** Input of {@link TextGenerator.explain}: describe the anchor's taste. */
export interface ExplainInput {
  /** The anchor whose taste is explained. */
  anchor: Anchor;
  /** The lens, e.g. "music" or "restaurants". */
  inTermsOf: string;
  /** What the anchor goes for. */
  themes: Theme[];
  /** What the anchor does not go for. */
  avoids: Theme[];
  /** Framing of the explanation; see {@link DOMAIN_FRAMING}. */
  domain?: ExplainDomain;
  /** Agent the explanation is for; see {@link TASK_FRAMING}. */
  task?: ExplainTask;
  /** What the caller wants explained; may be empty. */
  query: string;
}

/** A natural-language generator for /ask and /explain. */
export interface TextGenerator {
  /** Identifier for logs and responses, e.g. "template" or "ollama:llama3.2". */
  readonly id: string;
  /** Answers `input.query` from the anchor's taste, mentioning only the given items. */
  ask(input: AskInput): Promise<string>;
  /** Explains the anchor's taste, mentioning only the given items. */
  explain(input: ExplainInput): Promise<string>;
}

/**
 * How each domain changes an explanation. Both generators follow these: the template generator in its
 * wording, the Ollama generator through its system prompt.
 */
export const DOMAIN_FRAMING: Record<ExplainDomain, string> = {
  discovery: 'Frame it as what to surface next: lead with the strongest themes, use the smaller ones for variety, keep the avoided ones out.',
  design: 'Frame it as look and feel: what the taste suggests for style, tone and materials, and what would clash.',
  decisions: 'Frame it as how the anchor chooses: which theme should win a tie, and which avoided theme is a veto.',
  data: 'Frame it in figures: give each theme its share as a percentage, how concentrated the taste is, and how many examples back each theme.',
};

/**
 * How each task changes an explanation's advice. Both generators follow these.
 */
export const TASK_FRAMING: Record<ExplainTask, string> = {
  'coding-agent': 'Advise a coding agent: how to apply the taste to UI and code choices (defaults, copy tone, sample content, config or design tokens), and what to keep out of defaults.',
  'commerce-agent': 'Advise a commerce agent: how to merchandise: what to lead with, what to cross-sell, what never to recommend, and how to order a result list.',
  'design-agent': 'Advise a design agent: a direction with a primary and secondary style, references drawn from the examples, and explicit don\'ts.',
  'insight-agent': 'Advise an insight agent: the patterns in the taste and how confident each is, given its share and the number of examples behind it.',
};
