import winkNLP, { type ItemSentence, type ItsFunction, type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import Sentiment from 'sentiment';

/** One token of analysed text. */
export interface AnalysedToken {
  /** Lower-cased surface form. */
  normal: string;
  /** Lemma (lower case). */
  lemma: string;
  /** Stem (lower case), used for loose matching across inflections. */
  stem: string;
  /** Universal part-of-speech tag. */
  pos: string;
  /** Whether wink marks the token as a stop word. */
  stop: boolean;
  /** Whether the token sits in a negated scope ("not helpful"). */
  negated: boolean;
  /** Token type: word, punctuation, number, emoji, ... */
  type: string;
}

/** One sentence of analysed text. */
export interface AnalysedSentence {
  /** Sentence text as written. */
  text: string;
  /** Sentence sentiment in [-1, 1] from wink-eng-lite-web-model (negation-aware). */
  sentiment: number;
  /** AFINN-165 score of the sentence from the `sentiment` package (sum of word valences, -5..5 each). */
  afinn: number;
  /** Number of tokens, punctuation included. */
  length: number;
}

/** Analysed text: tokens, sentences and wink's document-level sentiment. */
export interface Analysis {
  /** Tokens in order. */
  tokens: AnalysedToken[];
  /** Sentences in order. */
  sentences: AnalysedSentence[];
  /** Document sentiment in [-1, 1] from wink-eng-lite-web-model (negation-aware). */
  sentiment: number;
}

let instance: WinkMethods | undefined;
let afinn: Sentiment | undefined;

// The model takes a few hundred ms to load, so build it on first use rather than at import time.
function nlp(): WinkMethods {
  instance ??= winkNLP(model);
  return instance;
}

/**
 * Longest run of non-space characters analysed as written; a longer one is cut to its first MAX_WORD characters
 * (no English word comes near it). wink's stemmer takes time that grows with the square of a word's length: one
 * 4,000-character "word" in a follow-up held the process 1.8-2.7 s.
 */
export const MAX_WORD = 64;
const LONG_RUN = new RegExp(`\\S{${MAX_WORD + 1},}`, 'g');

/** Analyses of the last few texts: one `/gauge` reads the same follow-up and reply in several places. */
const RECENT_ANALYSES = 16;
const recent = new Map<string, Analysis>();

/**
 * Tokenises, tags and scores `text` with wink-nlp (runs longer than {@link MAX_WORD} cut to it). Deterministic, so
 * the analyses of the last {@link RECENT_ANALYSES} texts are kept and given again; they are frozen (a caller that
 * changed one would change it for the next).
 */
export function analyse(text: string): Analysis {
  const kept = recent.get(text);
  if (kept) {
    recent.delete(text);
    recent.set(text, kept);
    return kept;
  }
  const a = analyseAfresh(text);
  for (const t of a.tokens) Object.freeze(t);
  for (const s of a.sentences) Object.freeze(s);
  Object.freeze(a.tokens);
  Object.freeze(a.sentences);
  recent.set(text, Object.freeze(a));
  if (recent.size > RECENT_ANALYSES) recent.delete(recent.keys().next().value!);
  return a;
}

function analyseAfresh(text: string): Analysis {
  const n = nlp();
  const its = n.its;
  const doc = n.readDoc(text.replace(LONG_RUN, (run) => run.slice(0, MAX_WORD)));
  const t = doc.tokens();
  const normal = t.out(its.normal) as string[];
  // wink's typings declare lemma/stem with an extra `addons` parameter that ItsFunction does not allow.
  const lemma = t.out(its.lemma as unknown as ItsFunction<string>) as string[];
  const stem = t.out(its.stem as unknown as ItsFunction<string>) as string[];
  const pos = t.out(its.pos) as string[];
  const stop = t.out(its.stopWordFlag) as unknown as boolean[];
  const negated = t.out(its.negationFlag) as unknown as boolean[];
  const type = t.out(its.type) as string[];
  const tokens = normal.map((value, i) => ({
    normal: value,
    lemma: (lemma[i] ?? value).toLowerCase(),
    stem: (stem[i] ?? value).toLowerCase(),
    pos: pos[i] ?? 'X',
    stop: Boolean(stop[i]),
    negated: Boolean(negated[i]),
    type: type[i] ?? 'word',
  }));
  afinn ??= new Sentiment();
  const lexicon = afinn;
  const sentences: AnalysedSentence[] = [];
  doc.sentences().each((sentence: ItemSentence) => {
    sentences.push({
      text: sentence.out(),
      sentiment: Number(sentence.out(its.sentiment)) || 0,
      afinn: lexicon.analyze(sentence.out()).score,
      length: sentence.tokens().length(),
    });
  });
  return { tokens, sentences, sentiment: Number(doc.out(its.sentiment)) || 0 };
}

const CONTENT_POS = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ', 'NUM']);

/**
 * Content words of `text`: nouns, proper nouns, verbs, adjectives and numbers that are not stop words,
 * keyed by stem so that "layovers"/"layover" or "batch"/"batches" meet.
 */
export function contentStems(tokens: AnalysedToken[], ignore: ReadonlySet<string> = new Set()): Set<string> {
  const out = new Set<string>();
  for (const tok of tokens) {
    if (tok.stop || !CONTENT_POS.has(tok.pos)) continue;
    if (tok.type !== 'word' && tok.type !== 'number') continue;
    if (tok.normal.length < 3 && tok.type !== 'number') continue;
    if (ignore.has(tok.lemma) || ignore.has(tok.normal)) continue;
    out.add(tok.stem);
  }
  return out;
}
