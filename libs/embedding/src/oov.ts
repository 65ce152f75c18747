import { normalizeText } from './tokenize';

/**
 * Vectors for words the embedded model lacks: the sum of pseudo-random vectors of the word's hashed
 * character n-grams (the subword idea of fastText, without training). Two texts sharing an unknown word, or
 * most of its n-grams ("ramen"/"ramens", a product code, a Japanese phrase), get a shared direction, so any text
 * gets a vector and exact/near-exact matches of new words are found. Text made only of known words is never
 * touched (see `SifEmbedder`).
 */

/** Scripts written without spaces: n-grams of 2-3 characters of the token itself. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/** The character n-grams of a token: 3-5 with boundary marks (`<ab`, `bc>`), or 2-3 for unspaced scripts. */
export function charNgrams(token: string): string[] {
  const chars = [...token];
  const unspaced = UNSPACED.test(token);
  const seq = unspaced ? chars : ['<', ...chars, '>'];
  const [lo, hi] = unspaced ? [2, 3] : [3, 5];
  const out: string[] = [];
  for (let n = lo; n <= hi; n++) for (let i = 0; i + n <= seq.length; i++) out.push(seq.slice(i, i + n).join(''));
  // A token shorter than the smallest n-gram is its own n-gram.
  if (!out.length) out.push(seq.join(''));
  return out;
}

const SYMBOLIC = /[\p{N}\p{S}\p{Extended_Pictographic}]/u;
const LETTER = /\p{L}/u;
const EDGE_PUNCTUATION = /^[\p{P}\p{Z}\p{Cf}]+|[\p{P}\p{Z}\p{Cf}]+$/gu;

/** The whitespace-separated tokens of a text, punctuation trimmed from their ends. */
const tokensOf = (text: string) => text.split(/[\s\p{Z}]+/u).map((t) => t.replace(EDGE_PUNCTUATION, ''));

/**
 * The whitespace-separated tokens of a text that hold a number or a symbol (`12345`, `1990s`, `4k`, `🎷🎺`, `€49`),
 * punctuation trimmed from their ends: what a text made of no word at all still says. Punctuation alone is nothing.
 */
export function symbolTokens(text: string): string[] {
  return tokensOf(text.normalize('NFKC')).filter((t) => SYMBOLIC.test(t));
}

/**
 * The tokens of a text that hold a letter, folded as words are (lower case, accents off: `R` is `r`, `é` is `e`): what
 * a text of no word, number or symbol still says when its words are letters standing alone (`R`, `X Y`, `a`; words
 * need two letters to be unknown words). Combining marks, zero-width characters and punctuation alone are nothing.
 */
export function letterTokens(text: string): string[] {
  return tokensOf(normalizeText(text)).filter((t) => LETTER.test(t));
}

/** 32-bit FNV-1a of a string's UTF-16 code units. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Adds `scale` times the unit vector of a token's n-grams to `acc`: each n-gram a deterministic ±1 vector
 * (mulberry32 seeded by its hash), summed, normalised. Returns false when nothing was added.
 */
export function addOovVector(token: string, acc: Float64Array, scale: number, scratch: Float64Array = new Float64Array(acc.length)): boolean {
  const dim = acc.length;
  scratch.fill(0);
  for (const g of charNgrams(token)) {
    let a = fnv1a(g);
    for (let d = 0; d < dim; d += 32) {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      const bits = (t ^ (t >>> 14)) >>> 0;
      for (let b = 0; b < 32 && d + b < dim; b++) scratch[d + b]! += (bits >>> b) & 1 ? 1 : -1;
    }
  }
  let sum = 0;
  for (let d = 0; d < dim; d++) sum += scratch[d]! * scratch[d]!;
  if (!(sum > 0)) return false;
  const k = scale / Math.sqrt(sum);
  for (let d = 0; d < dim; d++) acc[d]! += k * scratch[d]!;
  return true;
}
