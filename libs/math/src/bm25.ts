/** BM25 parameters. */
export interface Bm25Options {
  /** Term-frequency saturation (default 1.2). */
  k1?: number;
  /** Length normalisation strength in [0, 1] (default 0.75). */
  b?: number;
}

interface DocEntry {
  length: number;
  terms: string[];
  /** 32-bit hashes of `terms` (see {@link Bm25Index.weightOf}; computed on first use after a restore). */
  hashes?: number[];
}

/** Query terms with weights, prepared once for many {@link Bm25Index.weightOf} calls. */
export interface WeightedTerms {
  readonly terms: readonly string[];
  readonly hashes: Int32Array;
  readonly weights: Float64Array;
}

/** FNV-1a hash of a string (32 bits). */
function termHash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h | 0;
}

/** The whole state of a {@link Bm25Index}, as plain data (for snapshots). */
export interface Bm25State {
  k1: number;
  b: number;
  postings: Map<string, Map<string, number>>;
  docs: Map<string, { length: number; terms: string[] }>;
  totalLength: number;
}

/**
 * In-memory Okapi BM25 index with incremental add/remove. Collection statistics (document
 * count, document frequencies, total length) are integer counts kept exactly, so an index
 * built by any sequence of adds and removes scores identically to one built from scratch.
 *
 * Uses the non-negative IDF `ln(1 + (N − df + 0.5) / (df + 0.5))` (as in Lucene), so a term
 * present in most documents never subtracts from a score.
 */
export class Bm25Index {
  /** Term-frequency saturation k1. */
  readonly k1: number;
  /** Length normalisation b. */
  readonly b: number;
  private postings = new Map<string, Map<string, number>>();
  private docs = new Map<string, DocEntry>();
  private totalLength = 0;

  /**
   * @param opts - k1 (default 1.2) and b (default 0.75).
   * @throws RangeError for negative k1 or b outside [0, 1].
   */
  constructor(opts: Bm25Options = {}) {
    const { k1 = 1.2, b = 0.75 } = opts;
    if (!(k1 >= 0) || !(b >= 0 && b <= 1)) throw new RangeError(`Bm25Index: invalid k1=${k1} or b=${b}`);
    this.k1 = k1;
    this.b = b;
  }

  /** The index's state as plain data (shared, not copied: serialize it before the index changes). */
  exportState(): Bm25State {
    return { k1: this.k1, b: this.b, postings: this.postings, docs: this.docs, totalLength: this.totalLength };
  }

  /** An index holding exactly the given state (the inverse of {@link exportState}; it takes the maps over, uncopied). */
  static fromState(state: Bm25State): Bm25Index {
    const idx = new Bm25Index({ k1: state.k1, b: state.b });
    idx.postings = state.postings;
    idx.docs = state.docs;
    idx.totalLength = state.totalLength;
    return idx;
  }

  /** Number of indexed documents. */
  get size(): number {
    return this.docs.size;
  }

  /** Whether a document with this id is indexed. */
  has(id: string): boolean {
    return this.docs.has(id);
  }

  /** Number of indexed documents containing `term` (O(1)). */
  documentFrequency(term: string): number {
    return this.postings.get(term)?.size ?? 0;
  }

  /** Whether document `id` contains `term` (O(1)). */
  contains(term: string, id: string): boolean {
    return this.postings.get(term)?.has(id) ?? false;
  }

  /** The distinct terms of document `id` (undefined when it is not indexed). */
  termsOf(id: string): readonly string[] | undefined {
    return this.docs.get(id)?.terms;
  }

  /** Prepares query terms and their weights for {@link weightOf}. */
  static weighted(weights: ReadonlyMap<string, number>): WeightedTerms {
    const terms = [...weights.keys()];
    return { terms, hashes: Int32Array.from(terms, termHash), weights: Float64Array.from(terms, (t) => weights.get(t)!) };
  }

  /**
   * The sum of the weights of the query terms document `id` contains (0 when it is not indexed). One
   * lookup and a scan of the document's term hashes (strings compared only when hashes match), so scoring
   * a candidate list costs a fraction of a posting lookup per term.
   */
  weightOf(id: string, q: WeightedTerms): number {
    if (q.terms.length === 0) return 0;
    const doc = this.docs.get(id);
    if (!doc) return 0;
    const hashes = (doc.hashes ??= doc.terms.map(termHash));
    let sum = 0;
    for (let i = 0; i < hashes.length; i++) {
      const h = hashes[i]!;
      for (let j = 0; j < q.hashes.length; j++) if (q.hashes[j] === h && q.terms[j] === doc.terms[i]) sum += q.weights[j]!;
    }
    return sum;
  }

  /** Indexes a document's tokens, replacing any previous version of the same id. */
  add(id: string, tokens: readonly string[]): void {
    this.remove(id);
    const tf = new Map<string, number>();
    for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const [term, count] of tf) {
      let posting = this.postings.get(term);
      if (!posting) {
        posting = new Map();
        this.postings.set(term, posting);
      }
      posting.set(id, count);
    }
    const terms = [...tf.keys()];
    this.docs.set(id, { length: tokens.length, terms, hashes: terms.map(termHash) });
    this.totalLength += tokens.length;
  }

  /**
   * Removes a document.
   *
   * @returns whether it was indexed.
   */
  remove(id: string): boolean {
    const doc = this.docs.get(id);
    if (!doc) return false;
    for (const term of doc.terms) {
      const posting = this.postings.get(term)!;
      posting.delete(id);
      if (posting.size === 0) this.postings.delete(term);
    }
    this.docs.delete(id);
    this.totalLength -= doc.length;
    return true;
  }

  /**
   * BM25 score of every document containing at least one query token. Each query token
   * occurrence contributes, so repeating a token weights it up.
   *
   * @returns id → score (> 0), only for matching documents.
   */
  score(queryTokens: readonly string[]): Map<string, number> {
    const scores = new Map<string, number>();
    const n = this.docs.size;
    if (n === 0) return scores;
    const avgLength = this.totalLength / n;
    for (const term of queryTokens) {
      const posting = this.postings.get(term);
      if (!posting) continue;
      const idf = Math.log(1 + (n - posting.size + 0.5) / (posting.size + 0.5));
      for (const [id, tf] of posting) {
        const norm = this.k1 * (1 - this.b + (this.b * this.docs.get(id)!.length) / avgLength);
        scores.set(id, (scores.get(id) ?? 0) + (idf * tf * (this.k1 + 1)) / (tf + norm));
      }
    }
    return scores;
  }
}

/** The short English stopword list dropped by {@link tokenize}. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have he her his i if in into is it ' +
    'its me my no nor not of on or our s she so such t than that the their them then there these they this those ' +
    'to too us was we were what when where which while who whom why will with would you your'
  ).split(' '),
);

const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;

/**
 * Splits text into lowercase word tokens: NFKC-normalised runs of Unicode letters, combining
 * marks and digits (any other character separates tokens), minus {@link STOPWORDS}.
 * Scripts written without spaces (Chinese, Japanese, Thai) come out as one token per run.
 */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const match of text.normalize('NFKC').toLowerCase().matchAll(WORD)) {
    if (!STOPWORDS.has(match[0])) out.push(match[0]);
  }
  return out;
}
