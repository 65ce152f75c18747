/**
 * Tokenizer matched to the wink GloVe vocabulary: lowercase ASCII words, hyphenated compounds kept whole
 * ("well-known", "hip-hop"), no pure numbers, no apostrophe forms. Changing the rules here changes
 * vectors: bump the SIF embedder id.
 */

/** Word-to-rank lookup; a `Map<string, number>` satisfies it. */
export interface RankLookup {
  /** Rank of the word, or undefined when it is not in the vocabulary. */
  get(word: string): number | undefined;
}

const ASCII_WORDS = /[a-z0-9]+(?:['-][a-z0-9]+)*/g;
const UNICODE_WORDS = /[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*/gu;
const NON_ASCII = /[\u0080-\uffff]/;
const COMBINING_MARKS = /\p{M}+/gu;
const APOSTROPHES = /[\u2018\u2019\u02bc\u0060\u00b4\u2032]/g;
const HYPHENS = /[\u2010\u2011\u00ad]/g;
const LETTER_RUNS = /[a-z]{2,}/g;
const CLITIC = /'(s|re|ve|ll|d|m)$/;
const NEGATION_BASES: Readonly<Record<string, string>> = { ca: 'can', wo: 'will', sha: 'shall', ai: 'is' };

/** Lowercases and folds accents, typographic apostrophes and hyphens into the vocabulary's ASCII forms. */
export function normalizeText(text: string): string {
  const lower = text.toLowerCase();
  if (!NON_ASCII.test(lower)) return lower;
  return lower.normalize('NFKD').replace(COMBINING_MARKS, '').replace(APOSTROPHES, "'").replace(HYPHENS, '-');
}

/**
 * Calls `emit(rank, word)` for every vocabulary word in `text`, in order. Tokens missing from the
 * vocabulary fall back to smaller known pieces: "don't" → do + not, "parker's" → parker,
 * "o'neill" → oneill, "post-bebop" → post + bebop, "covid19" → covid (when known); pure numbers are skipped.
 */
export function forEachKnownToken(
  text: string,
  vocab: RankLookup,
  emit: (rank: number, word: string) => void,
  /**
   * Called with each token none of whose pieces is a vocabulary word and that has at least two letters (words
   * of other scripts, new words, product codes); numbers and number-like tokens ("1990s") are still skipped.
   */
  onUnknown?: (token: string) => void,
): void {
  const normalized = normalizeText(text);
  const re = NON_ASCII.test(normalized) ? UNICODE_WORDS : ASCII_WORDS;
  re.lastIndex = 0;
  let emitted = 0;
  const counted = onUnknown ? (rank: number, word: string) => (emitted++, emit(rank, word)) : emit;
  for (let m = re.exec(normalized); m !== null; m = re.exec(normalized)) {
    const before = emitted;
    resolveToken(m[0], vocab, counted);
    if (onUnknown && emitted === before && hasTwoLetters(m[0])) onUnknown(m[0]);
  }
}

const LETTER = /\p{L}/gu;
function hasTwoLetters(token: string): boolean {
  LETTER.lastIndex = 0;
  return LETTER.exec(token) !== null && LETTER.exec(token) !== null;
}

function emitIfKnown(word: string, vocab: RankLookup, emit: (rank: number, word: string) => void): boolean {
  const rank = vocab.get(word);
  if (rank === undefined) return false;
  emit(rank, word);
  return true;
}

function resolveToken(token: string, vocab: RankLookup, emit: (rank: number, word: string) => void): void {
  if (emitIfKnown(token, vocab, emit)) return;
  if (token.includes("'")) return resolveApostrophe(token, vocab, emit);
  if (token.includes('-')) {
    for (const part of token.split('-')) resolveToken(part, vocab, emit);
    return;
  }
  // letters mixed with digits ("covid19", "4k"): keep the letter runs that are words
  if (/[0-9]/.test(token)) for (const run of token.match(LETTER_RUNS) ?? []) emitIfKnown(run, vocab, emit);
}

function resolveApostrophe(token: string, vocab: RankLookup, emit: (rank: number, word: string) => void): void {
  if (token.endsWith("n't")) {
    const base = token.slice(0, -3);
    resolveToken(Object.hasOwn(NEGATION_BASES, base) ? NEGATION_BASES[base]! : base, vocab, emit);
    emitIfKnown('not', vocab, emit);
    return;
  }
  const clitic = CLITIC.exec(token);
  if (clitic) return resolveToken(token.slice(0, clitic.index), vocab, emit);
  if (emitIfKnown(token.replace(/'/g, ''), vocab, emit)) return;
  for (const part of token.split("'")) resolveToken(part, vocab, emit);
}
