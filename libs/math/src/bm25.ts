import { ColumnMap } from './column-map';
import { MapImage } from './map-image';

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

/** One term's postings as a reader sees them: how many documents, and each document id with its term frequency. */
export interface PostingList extends Iterable<[string, number]> {
  readonly size: number;
}

/** The whole state of a {@link Bm25Index}, as plain data (for snapshots). */
export interface Bm25State {
  k1: number;
  b: number;
  /** Term → its postings, in the index's term order (a restored term not changed since is a view on its columns). */
  postings: ReadonlyMap<string, PostingList>;
  docs: Map<string, { length: number; terms: string[] }>;
  totalLength: number;
}

/**
 * An index as a snapshot stores it (see {@link Bm25Index.fromColumns}): the terms in their order, the documents
 * in theirs (each one's length and its distinct terms as a run of codes into `terms`), and each term's postings
 * as a run of (document code into `docIds`, term frequency) pairs.
 */
export interface Bm25Columns {
  k1: number;
  b: number;
  totalLength: number;
  terms: readonly string[];
  docIds: readonly string[];
  /** Per document, its length (tokens) and how many distinct terms it has (the length of its run in `docTerms`). */
  docLength: Uint32Array;
  docTermCount: Uint32Array;
  docTerms: Uint32Array;
  /** Per term, the length of its run. */
  postingSize: Uint32Array;
  postingDoc: Uint32Array;
  postingTf: Uint32Array;
  /** A {@link ColumnMap} whose keys may be `docIds`, in their order (the catalog's documents): its index is then shared. */
  docsLike?: ColumnMap<unknown>;
}

/**
 * The index as it was at {@link Bm25Index.capture}, unchanged while the index goes on changing (a snapshot written over
 * many turns of the event loop reads it): documents in their order (parallel arrays) and terms in their order with
 * their postings. Call `release` when done.
 */
export interface Bm25Capture {
  readonly k1: number;
  readonly b: number;
  readonly totalLength: number;
  readonly docIds: readonly string[];
  /** Document `i` (of `docIds`): its length and distinct terms. */
  doc(i: number): { readonly length: number; readonly terms: readonly string[] };
  readonly terms: readonly string[];
  readonly postings: readonly PostingList[];
  /**
   * Copies up to `n` more of the documents and terms (the capture is taken without copying them, and copied a slice
   * at a time while the index goes on changing); true once all are. Reading `docIds`, `doc`, `terms` or `postings`
   * copies what is left first.
   */
  advance(n: number): boolean;
  /** Ends the capture (cheap: the changes kept for it are applied afterwards, {@link settle}). */
  release(): void;
  /** After the release: {@link Bm25Index.settle}. */
  settle(n: number): boolean;
}

/**
 * The postings of restored terms and the restored documents, kept as the snapshot's columns until a change needs a
 * term as a map or a document as an entry of its own.
 */
interface Frozen {
  /** Where term k's run starts in `doc`/`tf` (k + 1: where it ends). */
  start: Uint32Array;
  doc: Uint32Array;
  tf: Uint32Array;
  ids: readonly string[];
  /** The terms by code (term k's postings are run k). */
  terms: readonly string[];
  /** Where document row r's terms start in `docTerms` (r + 1: where they end), and its length. */
  docStart: Uint32Array;
  docTerms: Uint32Array;
  docLength: Uint32Array;
  /** {@link termHash} of each term (computed on first use). */
  termHashes?: Int32Array;
}

/** A read-only view on a restored term's run. */
class FrozenPosting implements PostingList {
  constructor(
    private readonly f: Frozen,
    private readonly k: number,
  ) {}
  get size(): number {
    return this.f.start[this.k + 1]! - this.f.start[this.k]!;
  }
  *[Symbol.iterator](): Iterator<[string, number]> {
    const { f, k } = this;
    for (let j = f.start[k]!, end = f.start[k + 1]!; j < end; j++) yield [f.ids[f.doc[j]!]!, f.tf[j]!];
  }
}

/** What a search looks documents up in: whether a term's postings hold a document. */
export interface PostingLookup {
  has(id: string): boolean;
}

/** A term's postings that a change may alter: a map, or an {@link Overlay} (on a captured map or overlay, or a restored run). */
interface LivePosting extends PostingList, PostingLookup {
  set(id: string, tf: number): unknown;
  delete(id: string): boolean;
}

/**
 * A change to a term's postings under an {@link Overlay}: the document's term frequency now (-1: removed), whether it
 * moved to the end (added, or removed and added again), and whether the postings under the overlay hold it.
 */
interface Change {
  tf: number;
  moved: boolean;
  inBase: boolean;
}

/**
 * A restored term's run (the snapshot's columns) as postings: membership is read from the document's own terms (its
 * row of the columns, or its entry once it changed), which an {@link Overlay} on the run asks only of documents whose
 * change did not touch the term: for those the run and the document agree.
 */
class RunBase extends FrozenPosting implements PostingLookup {
  constructor(
    f: Frozen,
    k: number,
    private readonly holds: (id: string) => boolean,
  ) {
    super(f, k);
  }
  has(id: string): boolean {
    return this.holds(id);
  }
}

/**
 * A term's postings as changes over postings left as they are: a map a capture holds (never altered while the capture
 * is held; the changes are applied to it at the release, {@link merge}), an overlay a capture holds likewise, or a
 * restored term's run (kept for good: the run is never turned into a map). It reads as the postings with the changes
 * applied, in a `Map`'s order (an entry set again keeps its place, one removed and added again comes last). Copying
 * the postings instead cost O(documents with the term) at the first change: at a capture, a few common terms held the
 * event loop 1.5-2.8 s in a snapshot of 300,000 documents; after a restart, turning a restored run into a map held
 * the first write 0.6 s at 300,000.
 */
class Overlay implements LivePosting {
  private readonly changed = new Map<string, Change>();
  size: number;

  constructor(readonly base: Map<string, number> | Overlay | RunBase) {
    this.size = base.size;
  }

  has(id: string): boolean {
    const c = this.changed.get(id);
    return c ? c.tf >= 0 : this.base.has(id);
  }

  set(id: string, tf: number): this {
    const c = this.changed.get(id);
    if (c && c.tf >= 0) c.tf = tf;
    else if (c) {
      // Removed, added again: last, as a map would put it.
      this.changed.delete(id);
      this.changed.set(id, { tf, moved: true, inBase: c.inBase });
      this.size++;
    } else if (this.base.has(id)) this.changed.set(id, { tf, moved: false, inBase: true });
    else {
      this.changed.set(id, { tf, moved: true, inBase: false });
      this.size++;
    }
    return this;
  }

  delete(id: string): boolean {
    const c = this.changed.get(id);
    if (c) {
      if (c.tf < 0) return false;
      if (c.inBase) c.tf = -1;
      else this.changed.delete(id);
    } else if (this.base.has(id)) this.changed.set(id, { tf: -1, moved: false, inBase: true });
    else return false;
    this.size--;
    return true;
  }

  *[Symbol.iterator](): Iterator<[string, number]> {
    for (const [id, tf] of this.base) {
      const c = this.changed.get(id);
      if (!c) yield [id, tf];
      else if (!c.moved && c.tf >= 0) yield [id, c.tf];
    }
    for (const [id, c] of this.changed) if (c.moved && c.tf >= 0) yield [id, c.tf];
  }

  /**
   * Once the capture that held the base is released: the changes applied to a map or overlay under this one, which is
   * returned (in the order this overlay reads); an overlay on a restored run is itself the postings from now on.
   */
  merge(): Map<string, number> | Overlay {
    const m = this.base;
    if (m instanceof RunBase) return this;
    if (m instanceof Overlay) {
      for (const [id, c] of this.changed) m.absorb(id, c);
      return m;
    }
    this.mergeSome(Infinity);
    return m;
  }

  /** Changes recorded (what {@link mergeSome} has left to apply). */
  get changes(): number {
    return this.changed.size;
  }

  /**
   * On a map (once the capture that held it is released): applies up to `n` of the changes to it, in their order, and
   * forgets them; the overlay reads the same after each (an applied change is read from the map, and a document that
   * moved is at the map's end before those still to move). True once none is left: the map is then the postings.
   */
  mergeSome(n: number): boolean {
    const m = this.base;
    if (!(m instanceof Map)) throw new Error('Overlay.mergeSome: only over a map');
    for (const [id, c] of this.changed) {
      if (n-- <= 0) return false;
      if (c.tf < 0) m.delete(id);
      else if (c.moved) {
        m.delete(id);
        m.set(id, c.tf);
      } else m.set(id, c.tf);
      this.changed.delete(id);
    }
    return true;
  }

  /**
   * Applies a change an overlay on this one recorded (`c.inBase`: whether this overlay held the document when that
   * one first touched it). Not through {@link set} and {@link delete}: those may ask a restored run's documents, which
   * have changed since.
   */
  private absorb(id: string, c: Change): void {
    const mine = this.changed.get(id);
    // Not changed here: this overlay's base held the document exactly when this overlay did.
    const inBase = mine ? mine.inBase : c.inBase;
    const had = mine ? mine.tf >= 0 : c.inBase;
    if (c.tf < 0) {
      if (inBase) this.changed.set(id, { tf: -1, moved: false, inBase });
      else this.changed.delete(id);
    } else if (c.moved) {
      this.changed.delete(id);
      this.changed.set(id, { tf: c.tf, moved: true, inBase });
    } else if (mine) mine.tf = c.tf;
    else this.changed.set(id, { tf: c.tf, moved: false, inBase: true });
    this.size += (c.tf >= 0 ? 1 : 0) - (had ? 1 : 0);
  }
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
  /**
   * Term → its postings: a map, an overlay on a captured map (while a capture is held), or (restored, not changed
   * since) the number of its run in `frozen`.
   */
  private postings = new Map<string, Map<string, number> | Overlay | number>();
  /** The overlays made while the capture is held (merged into what they lie on after its release, {@link settle}). */
  private overlays: [string, Overlay][] = [];
  /** Overlays of released captures whose changes are still to be applied to what they lie on ({@link settle}). */
  private pending: [string, Overlay][] = [];
  private frozen?: Frozen;
  /** Document → its entry, or (restored, not changed since) its row in `frozen`. */
  private docs = new Map<string, DocEntry | number>();
  private totalLength = 0;
  /**
   * While a {@link capture} is held: the postings made since, which a change may alter in place (any other map is
   * captured, so a change first puts an {@link Overlay} on it).
   */
  private own?: WeakSet<LivePosting>;
  /** While a {@link capture} is being copied: the images of the documents and the terms (told before each change). */
  private images?: { docs: MapImage<string, DocEntry | number>; postings: MapImage<string, Map<string, number> | Overlay | number, PostingList> };

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

  /**
   * The index's state as plain data (shared, not copied: serialize it before the index changes). Restored terms
   * nothing has changed since are views on their columns, not maps.
   */
  exportState(): Bm25State {
    const frozen = this.frozen;
    const postings: ReadonlyMap<string, PostingList> =
      frozen || this.overlays.length || this.pending.length
        ? new Map([...this.postings].map(([t, p]) => [t, typeof p === 'number' ? new FrozenPosting(frozen!, p) : p instanceof Overlay ? new Map(p) : p]))
        : (this.postings as Map<string, Map<string, number>>);
    const docs = frozen ? new Map([...this.docs].map(([id, d]) => [id, this.entryOf(d)])) : (this.docs as Map<string, DocEntry>);
    return { k1: this.k1, b: this.b, postings, docs, totalLength: this.totalLength };
  }

  /** A document's entry (a restored row unchanged since: made from its columns, not kept). */
  private entryOf(d: DocEntry | number): DocEntry {
    if (typeof d !== 'number') return d;
    const f = this.frozen!;
    const terms: string[] = [];
    for (let j = f.docStart[d]!, end = f.docStart[d + 1]!; j < end; j++) terms.push(f.terms[f.docTerms[j]!]!);
    return { length: f.docLength[d]!, terms };
  }

  private lengthOf(d: DocEntry | number): number {
    return typeof d === 'number' ? this.frozen!.docLength[d]! : d.length;
  }

  /**
   * The index as it is now, kept so while the index goes on changing, until `release()`: a change to a captured term's
   * postings goes to an {@link Overlay} on them (in place in the term order), merged into them at the release;
   * documents' entries are replaced, never altered, so the captured ones stay as they were. The documents and the terms
   * are copied a slice at a time ({@link Bm25Capture.advance}: at a million documents, copying them at once held the
   * event loop 0.3-0.5 s), and a change meanwhile keeps what it replaces for the copy ({@link MapImage}). Costs what
   * changes before the release. One capture at a time.
   *
   * @throws Error when a capture is already held.
   */
  capture(): Bm25Capture {
    if (this.own) throw new Error('Bm25Index: a capture is already held');
    const own = new WeakSet<LivePosting>();
    this.own = own;
    const frozen = this.frozen;
    // Maps and overlays (on restored runs) as they are: none is altered while the capture is held (a change puts an
    // overlay on it), and iterating an overlay reads only its own changes and what lies under it.
    const images = {
      docs: new MapImage(this.docs),
      postings: new MapImage(this.postings, (p): PostingList => (typeof p === 'number' ? new FrozenPosting(frozen!, p) : p)),
    };
    this.images = images;
    const copied = () => {
      if (this.images === images && images.docs.done && images.postings.done) this.images = undefined;
    };
    return {
      k1: this.k1,
      b: this.b,
      totalLength: this.totalLength,
      get docIds() {
        return images.docs.keys;
      },
      doc: (i) => this.entryOf(images.docs.values[i]!),
      get terms() {
        return images.postings.keys;
      },
      get postings() {
        return images.postings.values;
      },
      advance: (n) => {
        const done = images.docs.advance(n) && images.postings.advance(n);
        if (done) copied();
        return done;
      },
      release: () => {
        if (this.own !== own) return;
        this.own = undefined;
        if (this.images === images) this.images = undefined;
        // Applied later, a slice at a time: at once, 25,000 documents added during a snapshot of 200,000 held the event
        // loop 2-4 s here (each common term's overlay holds a change per document).
        this.pending.push(...this.overlays);
        this.overlays = [];
      },
      settle: (n) => this.settle(n),
    };
  }

  /**
   * Applies up to about `n` changes that released captures' overlays hold to the postings under them (an overlay reads
   * as the postings with its changes applied, so nothing waits for this: it makes a term's lookups direct again and
   * frees the overlay). Does nothing while a capture is held (its release's settle does it). True when nothing is left
   * to do now.
   */
  settle(n: number): boolean {
    const pending = this.pending;
    // Last first: an overlay on an overlay (a capture taken before the one under it was settled) is merged into it first.
    while (pending.length && !this.own && n > 0) {
      const [term, o] = pending[pending.length - 1]!;
      if (this.postings.get(term) !== o) pending.pop();
      else if (!(o.base instanceof Map)) {
        pending.pop();
        n -= o.changes;
        this.postings.set(term, o.merge());
      } else {
        const left = o.changes;
        if (o.mergeSome(n)) {
          pending.pop();
          this.postings.set(term, o.base);
        }
        n -= left;
      }
    }
    return pending.length === 0 || !!this.own;
  }

  /** An index holding exactly the given state (the inverse of {@link exportState}; it takes its maps over, uncopied). */
  static fromState(state: Bm25State): Bm25Index {
    const idx = new Bm25Index({ k1: state.k1, b: state.b });
    for (const [t, p] of state.postings) idx.postings.set(t, p instanceof Map ? p : new Map(p));
    idx.docs = state.docs;
    idx.totalLength = state.totalLength;
    return idx;
  }

  /**
   * An index restored from a snapshot's columns. The postings stay in the columns (a few typed arrays instead of a
   * map entry per document and term: at a million documents about 12 million fewer `Map.set`, a third of a
   * restore); reads (document frequency, scoring) walk a term's run, and a term becomes a map the first time a
   * change (add, remove) touches it. The documents likewise: each maps to its row (no object and term list per
   * document: a million of each, and the collector's time for them, at a million items) until a change replaces it.
   * Same answers, same order as the index the columns were written from.
   *
   * @throws RangeError when the columns do not add up (a run past the end, a document code out of range).
   */
  static fromColumns(c: Bm25Columns): Bm25Index {
    const idx = new Bm25Index({ k1: c.k1, b: c.b });
    const nt = c.terms.length;
    if (c.postingSize.length !== nt) throw new RangeError('Bm25Index: one run size per term expected');
    if (c.postingDoc.length !== c.postingTf.length) throw new RangeError('Bm25Index: postings columns of different lengths');
    const start = new Uint32Array(nt + 1);
    for (let k = 0; k < nt; k++) start[k + 1] = start[k]! + c.postingSize[k]!;
    if (start[nt] !== c.postingDoc.length) throw new RangeError('Bm25Index: postings runs do not cover the columns');
    const nd = c.docIds.length;
    for (let j = 0; j < c.postingDoc.length; j++) if (c.postingDoc[j]! >= nd) throw new RangeError('Bm25Index: a posting names no document');
    if (c.docLength.length !== nd || c.docTermCount.length !== nd) throw new RangeError('Bm25Index: one length and term count per document expected');
    const docStart = new Uint32Array(nd + 1);
    for (let r = 0; r < nd; r++) docStart[r + 1] = docStart[r]! + c.docTermCount[r]!;
    if (docStart[nd] !== c.docTerms.length) throw new RangeError('Bm25Index: document term runs do not cover their column');
    for (let j = 0; j < c.docTerms.length; j++) if (c.docTerms[j]! >= nt) throw new RangeError('Bm25Index: a document names no term');
    idx.frozen = { start, doc: c.postingDoc, tf: c.postingTf, ids: c.docIds, terms: c.terms, docStart, docTerms: c.docTerms, docLength: c.docLength };
    // Term k → k and document row r → r, indexed in place (ColumnMap: no `Map.set` per term and document, about 0.5 s
    // of a million-item restore); a repeated term or document throws the RangeError a damaged snapshot is read as.
    const row = (i: number) => i;
    idx.postings = new ColumnMap<Map<string, number> | Overlay | number>(c.terms, row);
    idx.docs = new ColumnMap<DocEntry | number>(c.docIds, row, c.docsLike);
    idx.totalLength = c.totalLength;
    return idx;
  }

  /**
   * A term's postings as a map that a change may alter (a restored term is turned into one, in place: its position in
   * the term order stays; a captured one gets an {@link Overlay}, likewise).
   */
  private postingMap(term: string): LivePosting | undefined {
    const p = this.postings.get(term);
    if (p === undefined) return undefined;
    if (typeof p !== 'number' && (!this.own || this.own.has(p))) return p;
    // Captured (a map, or an overlay on a restored run): the change goes to an overlay on it. A restored run: likewise,
    // for good (membership read from the documents' own terms, see RunBase).
    const k = p;
    const o = new Overlay(typeof k === 'number' ? new RunBase(this.frozen!, k, (id) => this.runHolds(k, id)) : k);
    this.own?.add(o);
    if (this.own) this.overlays.push([term, o]);
    this.images?.postings.beforeSet(term);
    this.postings.set(term, o);
    return o;
  }

  /**
   * Whether document `id` holds the restored term of run `k`, from its own terms (see {@link RunBase}): its row's term
   * codes while it is as restored (the term's code is its run's number), else its entry's terms.
   */
  private runHolds(k: number, id: string): boolean {
    const d = this.docs.get(id);
    if (d === undefined) return false;
    const f = this.frozen!;
    if (typeof d !== 'number') return d.terms.includes(f.terms[k]!);
    for (let j = f.docStart[d]!, end = f.docStart[d + 1]!; j < end; j++) if (f.docTerms[j] === k) return true;
    return false;
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
    const p = this.postings.get(term);
    if (typeof p !== 'number') return p?.size ?? 0;
    const f = this.frozen!;
    return f.start[p + 1]! - f.start[p]!;
  }

  /** Whether document `id` contains `term` (O(1); a restored term not changed since: a scan of the document's terms). */
  contains(term: string, id: string): boolean {
    const p = this.postings.get(term);
    return typeof p === 'number' ? this.runHolds(p, id) : (p?.has(id) ?? false);
  }

  /** The distinct terms of document `id` (undefined when it is not indexed). */
  termsOf(id: string): readonly string[] | undefined {
    const d = this.docs.get(id);
    return d === undefined ? undefined : this.entryOf(d).terms;
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
    if (doc === undefined) return 0;
    let sum = 0;
    if (typeof doc === 'number') {
      // A restored document: its term codes, the terms' hashes (the same sums, in the same order).
      const f = this.frozen!;
      const hashes = (f.termHashes ??= Int32Array.from(f.terms, termHash));
      for (let i = f.docStart[doc]!, end = f.docStart[doc + 1]!; i < end; i++) {
        const code = f.docTerms[i]!;
        const h = hashes[code]!;
        for (let j = 0; j < q.hashes.length; j++) if (q.hashes[j] === h && q.terms[j] === f.terms[code]) sum += q.weights[j]!;
      }
      return sum;
    }
    const hashes = (doc.hashes ??= doc.terms.map(termHash));
    for (let i = 0; i < hashes.length; i++) {
      const h = hashes[i]!;
      for (let j = 0; j < q.hashes.length; j++) if (q.hashes[j] === h && q.terms[j] === doc.terms[i]) sum += q.weights[j]!;
    }
    return sum;
  }

  /**
   * {@link weightOf} for many documents of one query: the same number for each. While the query's terms' postings are
   * maps (not restored columns), a document's terms are found by a lookup in each (small maps a search's candidates
   * share, instead of each document's entry and term hashes); with at most two of them present, their sum does not
   * depend on the order it is taken in, and with more the document's own order is taken ({@link weightOf}).
   */
  weigher(q: WeightedTerms): (id: string) => number {
    const n = q.terms.length;
    const postings = this.postingMaps(q);
    if (!postings) return (id) => this.weightOf(id, q);
    const weights = q.weights;
    return (id) => {
      let present = 0;
      let sum = 0;
      for (let j = 0; j < n; j++) {
        if (!postings[j]!.has(id)) continue;
        // 0 + a + b = b + a exactly; a third term's place in the sum can move its last bit.
        if (++present > 2) return this.weightOf(id, q);
        sum += weights[j]!;
      }
      return sum;
    };
  }

  /**
   * The postings of each of the query's terms (maps of document id → term frequency, or overlays on them while a
   * capture is held), in the query's order, when every one is a map (not a restored column): what {@link weigher} looks documents up in. A document holds term j exactly
   * when `maps[j].has(id)`. Read only; valid until the index changes.
   */
  postingMaps(q: WeightedTerms): readonly PostingLookup[] | undefined {
    const maps: PostingLookup[] = [];
    for (let j = 0; j < q.terms.length; j++) {
      const p = this.postings.get(q.terms[j]!);
      if (p === undefined || typeof p === 'number') return undefined;
      maps.push(p);
    }
    return maps;
  }

  /** Indexes a document's tokens, replacing any previous version of the same id. */
  add(id: string, tokens: readonly string[]): void {
    this.remove(id);
    const tf = new Map<string, number>();
    for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const [term, count] of tf) {
      let posting = this.postingMap(term);
      if (!posting) {
        const m = new Map<string, number>();
        this.own?.add(m);
        // A new term: after the captured ones in the term order, never reached by their copy.
        this.postings.set(term, m);
        posting = m;
      }
      posting.set(id, count);
    }
    const terms = [...tf.keys()];
    // Not indexed now (removed above): after the captured documents in their order, never reached by their copy.
    this.docs.set(id, { length: tokens.length, terms, hashes: terms.map(termHash) });
    this.totalLength += tokens.length;
  }

  /**
   * Removes a document.
   *
   * @returns whether it was indexed.
   */
  remove(id: string): boolean {
    const stored = this.docs.get(id);
    if (stored === undefined) return false;
    const doc = this.entryOf(stored);
    for (const term of doc.terms) {
      const posting = this.postingMap(term)!;
      posting.delete(id);
      if (posting.size === 0) {
        this.images?.postings.beforeDelete();
        this.postings.delete(term);
      }
    }
    this.images?.docs.beforeDelete();
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
    const add = (id: string, tf: number, idf: number) => {
      const norm = this.k1 * (1 - this.b + (this.b * this.lengthOf(this.docs.get(id)!)) / avgLength);
      scores.set(id, (scores.get(id) ?? 0) + (idf * tf * (this.k1 + 1)) / (tf + norm));
    };
    for (const term of queryTokens) {
      const posting = this.postings.get(term);
      if (posting === undefined) continue;
      const df = this.documentFrequency(term);
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      if (typeof posting !== 'number') for (const [id, tf] of posting) add(id, tf, idf);
      else {
        const f = this.frozen!;
        for (let j = f.start[posting]!, end = f.start[posting + 1]!; j < end; j++) add(f.ids[f.doc[j]!]!, f.tf[j]!, idf);
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
