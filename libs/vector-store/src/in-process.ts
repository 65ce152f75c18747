import { existsSync, readdirSync, rmSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { ColumnFileError, ColumnReader, ColumnWriter } from './column-file';
import type { ProjectedVectorIndex, ProjectionCheckpoint, VectorHit, VectorPoint } from './port';

// usearch's ESM entry crashes on Node 20; its CommonJS entry works.
const require = createRequire(import.meta.url);
type UsearchIndex = {
  add(keys: bigint | BigUint64Array, vectors: Float32Array, threads?: number): void;
  remove(key: bigint): number;
  search(q: Float32Array, k: number): { keys: BigUint64Array; distances: Float32Array };
  size(): number;
  save(path: string): void;
  load(path: string): void;
};
let usearch: { Index: new (o: Record<string, unknown>) => UsearchIndex } | undefined;
function loadUsearch() {
  usearch ??= require('usearch');
  return usearch!;
}

/** Rows of vectors per chunk of a collection (see {@link Rows}); a power of two. */
export const VECTOR_CHUNK_ROWS = 4096;
const CHUNK_SHIFT = Math.log2(VECTOR_CHUNK_ROWS);
const CHUNK_MASK = VECTOR_CHUNK_ROWS - 1;

/** Collections below this size are searched exactly (a scan is faster than a graph there). */
export const EXACT_BELOW = 5_000;

/**
 * HNSW settings (usearch) above {@link EXACT_BELOW}. Measured at 100,000 100-d text vectors and three-word
 * queries on the benchmark machine, caches cold: f32 with expansion 96 found 0.88 of the exact top 40 in
 * 0.45 ms, f32/64 0.82 in 0.34 ms, i8/64 0.81 in 0.23-0.30 ms (the walk is memory-bound). Search re-ranks its
 * candidates with more than the vector, so the cheaper walk was chosen (docs/benchmarks.md).
 */
export const HNSW = Object.freeze({ connectivity: 16, expansionAdd: 32, expansionSearch: 64, minCandidates: 32 });

/** A collection copied for a snapshot (see {@link Collection.image}). */
interface CollectionImage {
  dim: number;
  ids: string[];
  /** Graph key of each id (0 where there is no graph). */
  keys: Float64Array;
  data: Float32Array;
  nextKey: number;
  /** The graph's file, or null when the collection has no graph (small, or never searched). */
  graph: string | null;
}

/** Header of a vector index snapshot file. */
interface VectorSnapshotHeader {
  kind: 'vectors';
  format: number;
  id: string;
  collections: { ns: string; collection: string; dim: number; n: number; nextKey: number; graph: string | null }[];
}
const VECTOR_SNAPSHOT_FORMAT = 1;

/**
 * A collection as a snapshot being written sees it: the collection's chunks as they were at the image (see
 * {@link Rows.share}). Nothing is copied up front (at 1,000,000 vectors the copies held the worker's searches for
 * seconds); a change while the snapshot is written copies the one chunk it writes, never the collection (a copy of
 * every id and graph key took 0.35-0.7 s at a million items).
 */
class SavingImage {
  constructor(
    readonly nextKey: number,
    /** The graph's file (written by this save, or kept from an earlier one), or null without a built graph. */
    readonly graph: string | null,
    /** Whether this save wrote {@link graph} (an abandoned save removes only what it wrote). */
    readonly graphWritten: boolean,
    /** The rows at the image (read only). */
    readonly rows: Rows,
  ) {}

  get dim(): number {
    return this.rows.dim;
  }

  get size(): number {
    return this.rows.size;
  }

  /** Graph key of row `i` (0 without a graph). */
  keyAt(i: number): number {
    return this.graph ? this.rows.key(i) : 0;
  }
}

/** Whose a chunk's vectors are. */
const enum Held {
  /** The collection's own: written in place. */
  Own,
  /** The collection's, but a snapshot being written reads them: copied before a change. */
  Shared,
  /** A view of an array someone else owns (a restored catalog's vectors): copied before a change. */
  Borrowed,
}

/** What a chunk holds: its rows' vectors (`dim` floats each), ids and graph keys (null: none set yet, all 0). */
interface Chunk {
  v: Float32Array;
  ids: string[];
  keys: Float64Array | null;
  held: Held;
  /** Whether a snapshot being written reads `ids` and `keys` (copied before a change). */
  shared: boolean;
}

/**
 * A collection's rows (an id, its vector of `dim` floats and its graph key), row i in chunk i / {@link VECTOR_CHUNK_ROWS}.
 * A chunk read by a snapshot being written, or whose vectors are borrowed from a restored catalog's array, is
 * copied before a row of it changes: one chunk (1.6 MB of vectors at 100 dimensions), not the collection. With one
 * array for the collection, the first change after a restart copied 400 MB at a million items, holding the
 * instance 0.8-0.9 s (docs/benchmarks.md, million), and a change during a periodic snapshot copied every vector,
 * id and graph key.
 */
class Rows {
  private readonly chunks: Chunk[] = [];
  /** Rows held. */
  size = 0;
  /** Bytes copied so far before a change (of shared or borrowed chunks). */
  copied = 0;

  constructor(readonly dim: number) {}

  /**
   * Rows of `ids` with the first `ids.length` vectors of `data` (read in place; `borrowed`: `data` is someone else's,
   * never written here) and their graph keys, if any.
   */
  static over(dim: number, ids: string[], data: Float32Array, borrowed: boolean, keys?: Float64Array): Rows {
    const rows = new Rows(dim);
    const n = ids.length;
    for (let start = 0; start < n; start += VECTOR_CHUNK_ROWS) {
      const end = Math.min(n, start + VECTOR_CHUNK_ROWS);
      rows.chunks.push({
        v: data.subarray(start * dim, end * dim),
        ids: ids.slice(start, end),
        keys: keys ? keys.subarray(start, end) : null,
        held: borrowed ? Held.Borrowed : Held.Own,
        shared: false,
      });
    }
    rows.size = n;
    return rows;
  }

  id(i: number): string {
    return this.chunks[i >>> CHUNK_SHIFT]!.ids[i & CHUNK_MASK]!;
  }

  /** Graph key of row `i` (0 if none was set). */
  key(i: number): number {
    return this.chunks[i >>> CHUNK_SHIFT]!.keys?.[i & CHUNK_MASK] ?? 0;
  }

  /** Vector of row `i` (a view: copy it to keep it). */
  row(i: number): Float32Array {
    const o = (i & CHUNK_MASK) * this.dim;
    return this.chunks[i >>> CHUNK_SHIFT]!.v.subarray(o, o + this.dim);
  }

  /** The vectors of rows `start` to `end` (exclusive), which lie in one chunk (a view). */
  span(start: number, end: number): Float32Array {
    const o = (start & CHUNK_MASK) * this.dim;
    return this.chunks[start >>> CHUNK_SHIFT]!.v.subarray(o, o + (end - start) * this.dim);
  }

  /** Dot product of row `i`'s vector with `q`. */
  dot(i: number, q: Float32Array): number {
    const v = this.chunks[i >>> CHUNK_SHIFT]!.v;
    const d = this.dim;
    const o = (i & CHUNK_MASK) * d;
    let s = 0;
    for (let j = 0; j < d; j++) s += v[o + j]! * q[j]!;
    return s;
  }

  /** Appends a row (graph key 0); returns its index. */
  push(id: string, v: Float32Array): number {
    const i = this.size;
    if (i >>> CHUNK_SHIFT === this.chunks.length) this.chunks.push({ v: new Float32Array(VECTOR_CHUNK_ROWS * this.dim), ids: [], keys: null, held: Held.Own, shared: false });
    const c = this.meta(i);
    c.ids.push(id);
    if (c.keys) c.keys[i & CHUNK_MASK] = 0;
    this.vectors(i).set(v, (i & CHUNK_MASK) * this.dim);
    this.size++;
    return i;
  }

  /** Writes row `i`'s vector. */
  write(i: number, v: Float32Array): void {
    this.vectors(i).set(v, (i & CHUNK_MASK) * this.dim);
  }

  /** Sets row `i`'s graph key. */
  setKey(i: number, key: number): void {
    const c = this.meta(i);
    c.keys ??= new Float64Array(VECTOR_CHUNK_ROWS);
    c.keys[i & CHUNK_MASK] = key;
  }

  /** Removes row `i`: the last row takes its place (returns that row's id, or undefined when `i` was the last). */
  removeAt(i: number): string | undefined {
    const last = this.size - 1;
    let moved: string | undefined;
    if (i !== last) {
      moved = this.id(last);
      const key = this.key(last);
      this.vectors(i).set(this.row(last), (i & CHUNK_MASK) * this.dim);
      this.meta(i).ids[i & CHUNK_MASK] = moved;
      if (key || this.chunks[i >>> CHUNK_SHIFT]!.keys) this.setKey(i, key);
    }
    this.meta(last).ids.pop();
    this.size--;
    // One spare chunk kept (an insert after a removal at a chunk's edge).
    while (this.chunks.length > Math.ceil(this.size / VECTOR_CHUNK_ROWS) + 1) this.chunks.pop();
    return moved;
  }

  /**
   * The rows as they are, for a snapshot: a view on the same arrays, which this one does not write until
   * {@link unshare} (a change copies its chunk first). The view is only read.
   */
  share(): Rows {
    const view = new Rows(this.dim);
    for (const c of this.chunks) {
      if (c.held === Held.Own) c.held = Held.Shared;
      c.shared = true;
      view.chunks.push({ ...c });
    }
    view.size = this.size;
    return view;
  }

  /** No snapshot reads the chunks any more: those not copied since are written in place again. */
  unshare(): void {
    for (const c of this.chunks) {
      if (c.held === Held.Shared) c.held = Held.Own;
      c.shared = false;
    }
  }

  /** Bytes of vectors in this collection's own chunks, and in borrowed ones. */
  bytes(): { own: number; borrowed: number } {
    const out = { own: 0, borrowed: 0 };
    for (const c of this.chunks) out[c.held === Held.Borrowed ? 'borrowed' : 'own'] += c.v.byteLength;
    return out;
  }

  /** The chunk of row `i`, its ids and keys writable (copied first when a snapshot reads them; keys made whole). */
  private meta(i: number): Chunk {
    const c = this.chunks[i >>> CHUNK_SHIFT]!;
    // A restore's keys may be a view short of a whole chunk.
    let copyKeys = !!c.keys && c.keys.length < VECTOR_CHUNK_ROWS;
    if (c.shared) {
      this.copied += 8 * c.ids.length + (c.keys?.byteLength ?? 0);
      c.ids = c.ids.slice();
      c.shared = false;
      copyKeys = !!c.keys;
    }
    if (copyKeys) {
      const keys = new Float64Array(VECTOR_CHUNK_ROWS);
      keys.set(c.keys!);
      c.keys = keys;
    }
    return c;
  }

  /** The vectors of row `i`'s chunk, own and whole (copied first when shared, borrowed or short). */
  private vectors(i: number): Float32Array {
    const c = this.chunks[i >>> CHUNK_SHIFT]!;
    const whole = VECTOR_CHUNK_ROWS * this.dim;
    if (c.held !== Held.Own || c.v.length < whole) {
      const own = new Float32Array(whole);
      own.set(c.v);
      if (c.held !== Held.Own) this.copied += c.v.byteLength;
      c.v = own;
      c.held = Held.Own;
    }
    return c.v;
  }
}

class Collection {
  private rows = new Rows(0);
  private slots = new Map<string, number>();
  private hnsw?: UsearchIndex;
  /** Graph key → id (a row's key is in {@link Rows}; usearch wants bigints: small integers here, which a Map hashes far faster). */
  private idOfKey = new Map<number, string>();
  private nextKey = 1;
  private hnswStale = true;
  /** Counts changes of the vectors or the graph: a graph file written at a version is this graph while it holds. */
  private version = 0;
  /** The file this collection's graph was last written to (or restored from), at which version. */
  private savedGraph?: { version: number; path: string };
  /** Images taken and not yet released (their snapshots are being written): the chunks stay shared until none. */
  private images = 0;

  private get dim(): number {
    return this.rows.dim;
  }

  /** Bytes copied before a change (borrowed vectors, chunks a snapshot being written reads). */
  get copied(): number {
    return this.rows.copied;
  }

  /** Bytes of vectors held in chunks of this collection's own, and read in place from another's array. */
  get bytes(): { own: number; borrowed: number } {
    return this.rows.bytes();
  }

  get size(): number {
    return this.rows.size;
  }

  has(id: string): boolean {
    return this.slots.has(id);
  }

  /** Whether a search would walk a graph that is already built (large collections build it on first search). */
  get graphReady(): boolean {
    return this.size >= EXACT_BELOW && !!this.hnsw && !this.hnswStale;
  }

  /** Every (id, vector) pair; vectors are views into the store (copy them to keep them). */
  *entries(): Generator<[string, Float32Array]> {
    const rows = this.rows;
    for (let i = 0; i < rows.size; i++) yield [rows.id(i), rows.row(i)];
  }

  upsert(id: string, v: Float32Array): void {
    this.version++;
    if (this.dim !== v.length) this.reset(v.length);
    let slot = this.slots.get(id);
    if (slot === undefined) {
      slot = this.rows.push(id, v);
      this.slots.set(id, slot);
    } else this.rows.write(slot, v);
    if (this.hnsw && !this.hnswStale) {
      const old = this.rows.key(slot);
      if (old) {
        this.hnsw.remove(BigInt(old));
        this.idOfKey.delete(old);
      }
      this.addToGraph(id, slot, v);
    }
  }

  remove(id: string): boolean {
    const slot = this.slots.get(id);
    if (slot === undefined) return false;
    this.version++;
    const key = this.rows.key(slot);
    if (key && this.hnsw) {
      this.hnsw.remove(BigInt(key));
      this.idOfKey.delete(key);
    }
    const moved = this.rows.removeAt(slot);
    if (moved !== undefined) this.slots.set(moved, slot);
    this.slots.delete(id);
    return true;
  }

  search(q: Float32Array, k: number): VectorHit[] {
    const n = this.size;
    if (!n || q.length !== this.dim) return [];
    if (n < EXACT_BELOW) return this.exact(q, k);
    if (!this.hnsw || this.hnswStale) this.buildGraph();
    // The graph holds 8-bit vectors (a quarter of the memory traffic of f32; the walk is memory-bound); its
    // answers are re-scored exactly on the f32 vectors: scores (and their order) are those of the exact path,
    // only the candidate list comes from the graph.
    // At least HNSW.minCandidates: the walk keeps `expansionSearch` candidates anyway, so asking for a few more
    // than a small k costs only their re-scoring, and near-duplicates do not crowd each other out.
    const r = this.hnsw!.search(q, Math.min(Math.max(k, HNSW.minCandidates), n));
    const rows = this.rows;
    const out: VectorHit[] = [];
    const keys = r.keys;
    for (let i = 0; i < keys.length; i++) {
      const id = this.idOfKey.get(Number(keys[i]!));
      const slot = id === undefined ? undefined : this.slots.get(id);
      if (slot === undefined) continue;
      out.push({ id: id!, score: rows.dot(slot, q) });
    }
    out.sort((a, b) => b.score - a.score);
    return out.length > k ? out.slice(0, k) : out;
  }

  private exact(q: Float32Array, k: number): VectorHit[] {
    const rows = this.rows;
    const n = rows.size;
    const scores = new Float32Array(n);
    for (let i = 0; i < n; i++) scores[i] = rows.dot(i, q);
    const idx = Array.from({ length: n }, (_, i) => i);
    idx.sort((a, b) => scores[b]! - scores[a]!);
    return idx.slice(0, k).map((i) => ({ id: rows.id(i), score: scores[i]! }));
  }

  /**
   * The collection as it is now, for a snapshot (see {@link SavingImage}: nothing is copied unless it changes
   * before the snapshot is written; {@link release} it when written). A built graph is saved to `graphPath`
   * (usearch's own file format, synchronously), unless the file it was last saved to (or restored from) still
   * holds it: a collection that did not change since the last snapshot is not written again.
   */
  image(graphPath: string, snapshotStem: string): SavingImage {
    let graph: string | null = null;
    let written = false;
    if (this.hnsw && !this.hnswStale) {
      const saved = this.savedGraph;
      // Kept only within the same snapshot's files (a snapshot refers to its graphs by name, beside it).
      if (saved?.version === this.version && saved.path.startsWith(snapshotStem) && existsSync(saved.path)) graph = saved.path;
      else {
        this.hnsw.save(graphPath);
        this.savedGraph = { version: this.version, path: graphPath };
        graph = graphPath;
        written = true;
      }
    }
    this.images++;
    return new SavingImage(this.nextKey, graph, written, this.rows.share());
  }

  /** A snapshot has finished reading an {@link image} (written or abandoned). */
  release(): void {
    if (--this.images === 0) this.rows.unshare();
  }

  /** A collection of the given vectors (`data` holds them in the order of `ids`, `dim` each), without a graph. */
  static of(dim: number, ids: string[], data: Float32Array, borrowed = false): Collection {
    const c = new Collection();
    c.rows = Rows.over(dim, ids, data, borrowed);
    for (let i = 0; i < ids.length; i++) c.slots.set(ids[i]!, i);
    return c;
  }

  /** The collection an image describes (its graph loaded from its file): the inverse of {@link image}. */
  static fromImage(img: CollectionImage): Collection {
    const c = new Collection();
    const n = img.ids.length;
    if (img.data.length !== n * img.dim || img.keys.length !== n) throw new ColumnFileError('vector image: data and ids disagree');
    for (let i = 0; i < n; i++) c.slots.set(img.ids[i]!, i);
    if (c.slots.size !== n) throw new ColumnFileError('vector image: duplicate ids');
    if (img.graph) {
      c.hnsw = c.newGraph(img.dim);
      c.hnsw.load(img.graph);
      if (c.hnsw.size() !== n) throw new ColumnFileError(`vector image: the graph holds ${c.hnsw.size()} vectors, the collection ${n}`);
      for (let i = 0; i < n; i++) {
        const key = img.keys[i]!;
        if (!(key > 0) || key >= img.nextKey) throw new ColumnFileError('vector image: a graph key out of range');
        c.idOfKey.set(key, img.ids[i]!);
      }
      c.nextKey = img.nextKey;
      c.hnswStale = false;
      c.savedGraph = { version: c.version, path: img.graph };
    }
    c.rows = Rows.over(img.dim, img.ids, img.data, false, img.graph ? img.keys : undefined);
    return c;
  }

  private newGraph(dim = this.dim): UsearchIndex {
    const { Index } = loadUsearch();
    return new Index({ dimensions: dim, metric: 'cos', connectivity: HNSW.connectivity, quantization: 'i8', expansion_add: HNSW.expansionAdd, expansion_search: HNSW.expansionSearch });
  }

  private buildGraph(): void {
    this.version++;
    this.hnsw = this.newGraph();
    this.idOfKey.clear();
    this.nextKey = 1;
    const rows = this.rows;
    const n = rows.size;
    // A chunk at a time (its rows' vectors lie in one array).
    for (let start = 0; start < n; start += VECTOR_CHUNK_ROWS) {
      const end = Math.min(n, start + VECTOR_CHUNK_ROWS);
      const keys = new BigUint64Array(end - start);
      for (let i = start; i < end; i++) {
        const key = this.nextKey++;
        keys[i - start] = BigInt(key);
        rows.setKey(i, key);
        this.idOfKey.set(key, rows.id(i));
      }
      this.hnsw.add(keys, rows.span(start, end), 2);
    }
    this.hnswStale = false;
  }

  private addToGraph(id: string, slot: number, v: Float32Array): void {
    const key = this.nextKey++;
    this.rows.setKey(slot, key);
    this.idOfKey.set(key, id);
    this.hnsw!.add(BigInt(key), v);
  }

  /** Empties the collection for vectors of `dim` dimensions. */
  private reset(dim: number): void {
    this.rows = new Rows(dim);
    this.slots.clear();
    this.idOfKey.clear();
    this.hnsw = undefined;
    this.hnswStale = true;
  }
}

/**
 * The vector index in this process's memory: per (namespace, collection) a float32 store in chunks of rows, searched
 * exactly below {@link EXACT_BELOW} vectors and through an HNSW graph (usearch) above, built on first use and kept
 * current incrementally; rebuilt from the event stream on start, or restored from a snapshot. It is also a {@link ProjectedVectorIndex} whose checkpoints live and die with its vectors, which is what the
 * vector projection's tests run on where no Qdrant is reachable.
 */
export class InProcessVectorIndex implements ProjectedVectorIndex {
  readonly kind = 'in-process';
  private readonly collections = new Map<string, Collection>();
  /**
   * The collection keys of each namespace. An id is in at most one of them; which one is found by asking each
   * (a namespace has one collection per entity type: a few), not from a map of every id (a million keys
   * built at each restore).
   */
  private readonly byNamespace = new Map<string, string[]>();
  private readonly checkpoints = new Map<string, ProjectionCheckpoint>();

  private key(ns: string, c: string) {
    return `${ns}\u0000${c}`;
  }

  /** The key of the collection of `ns` that holds `id`, if any. */
  private holder(ns: string, id: string): string | undefined {
    for (const k of this.byNamespace.get(ns) ?? []) if (this.collections.get(k)!.has(id)) return k;
    return undefined;
  }

  private put(k: string, c: Collection): void {
    if (!this.collections.has(k)) {
      const ns = k.slice(0, k.indexOf('\u0000'));
      const keys = this.byNamespace.get(ns);
      if (keys) keys.push(k);
      else this.byNamespace.set(ns, [k]);
    }
    this.collections.set(k, c);
  }

  async upsert(ns: string, collection: string, id: string, vector: Float32Array): Promise<void> {
    this.upsertSync(ns, collection, id, vector);
  }
  /** Synchronous upsert (projections fold events synchronously). */
  upsertSync(ns: string, collection: string, id: string, vector: Float32Array): void {
    const k = this.key(ns, collection);
    const prev = this.holder(ns, id);
    if (prev && prev !== k) this.collections.get(prev)!.remove(id);
    let c = this.collections.get(k);
    if (!c) this.put(k, (c = new Collection()));
    c.upsert(id, vector);
  }
  async remove(ns: string, id: string): Promise<void> {
    this.removeSync(ns, id);
  }
  removeSync(ns: string, id: string): void {
    const k = this.holder(ns, id);
    if (k) this.collections.get(k)!.remove(id);
  }
  async search(ns: string, collection: string, query: Float32Array, k: number): Promise<VectorHit[]> {
    return this.searchSync(ns, collection, query, k);
  }
  searchSync(ns: string, collection: string, query: Float32Array, k: number): VectorHit[] {
    return this.collections.get(this.key(ns, collection))?.search(query, k) ?? [];
  }
  async count(ns: string, collection: string): Promise<number> {
    return this.countSync(ns, collection);
  }
  countSync(ns: string, collection: string): number {
    return this.collections.get(this.key(ns, collection))?.size ?? 0;
  }
  /** Whether the collection's search graph is built (false for small collections, searched exactly). */
  graphReady(ns: string, collection: string): boolean {
    return this.collections.get(this.key(ns, collection))?.graphReady ?? false;
  }
  /** Every stored vector with its namespace and collection (vectors are views: copy them to keep them). */
  *entries(): Generator<{ ns: string; collection: string; id: string; vector: Float32Array }> {
    for (const [k, c] of this.collections) {
      const [ns, collection] = k.split('\u0000') as [string, string];
      for (const [id, vector] of c.entries()) yield { ns, collection, id, vector };
    }
  }
  async upsertMany(ns: string, points: VectorPoint[]): Promise<void> {
    for (const p of points) this.upsertSync(ns, p.collection, p.id, p.vector);
  }
  async removeMany(ns: string, ids: string[]): Promise<void> {
    for (const id of ids) this.removeSync(ns, id);
  }
  async listIds(ns: string): Promise<string[]> {
    const out: string[] = [];
    for (const k of this.byNamespace.get(ns) ?? []) for (const [id] of this.collections.get(k)!.entries()) out.push(id);
    return out;
  }
  async readCheckpoint(key: string): Promise<ProjectionCheckpoint | null> {
    return this.checkpoints.get(key) ?? null;
  }
  async writeCheckpoint(key: string, checkpoint: ProjectionCheckpoint): Promise<void> {
    this.checkpoints.set(key, { ...checkpoint });
  }
  async clear(): Promise<void> {
    this.collections.clear();
    this.byNamespace.clear();
    this.checkpoints.clear();
  }
  async close(): Promise<void> {}

  /** Whether the index holds no vector at all. */
  get empty(): boolean {
    for (const c of this.collections.values()) if (c.size) return false;
    return true;
  }

  /**
   * Loads a whole collection at once into an index that holds nothing of this namespace yet (a restore):
   * what `ids.length` upserts of distinct ids would give, without their per-item cost. `ids` and `data` are
   * taken over; with `borrowed`, `data` belongs to someone else who never changes it (a restored catalog's
   * vectors): it is read in place and copied before the collection's first change, not at the load.
   * @throws Error when the namespace already has vectors here.
   */
  loadCollection(ns: string, collection: string, dim: number, ids: string[], data: Float32Array, opts: { borrowed?: boolean } = {}): void {
    const k = this.key(ns, collection);
    if (this.collections.has(k) || data.length !== ids.length * dim) throw new Error(`loadCollection: ${k} is not new, or its data does not fit`);
    const c = Collection.of(dim, ids, data, opts.borrowed);
    if (c.size !== ids.length) throw new Error('loadCollection: duplicate ids');
    this.put(k, c);
  }

  /**
   * Bytes of vectors: in chunks of this index's own, read in place from another's array (a restored catalog's),
   * and copied so far before a change (borrowed chunks, chunks a snapshot being written reads).
   */
  vectorBytes(): { own: number; borrowed: number; copied: number } {
    const out = { own: 0, borrowed: 0, copied: 0 };
    for (const c of this.collections.values()) {
      const b = c.bytes;
      out.own += b.own;
      out.borrowed += b.borrowed;
      out.copied += c.copied;
    }
    return out;
  }

  /** Size of every collection, by `namespace\u0000collection`. */
  sizes(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [k, c] of this.collections) out[k] = c.size;
    return out;
  }

  /**
   * What every non-empty collection holds, by `namespace\u0000collection`: its size and an order-independent
   * hash of its ids (two indexes with equal fingerprints hold the same ids in the same collections).
   */
  fingerprint(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, c] of this.collections) {
      if (!c.size) continue;
      let sum = 0;
      let xor = 0;
      for (const [id] of c.entries()) {
        let h = 0x811c9dc5;
        for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
        sum = (sum + (h >>> 0)) >>> 0;
        xor ^= h;
      }
      out[k] = `${c.size}:${sum}:${xor >>> 0}`;
    }
    return out;
  }

  /**
   * Writes the index as it is at the call (it may change while the file is written: see {@link SavingImage})
   * to `path`, a column file tagged with `id`, and each built graph that changed since the last snapshot to a
   * usearch file beside it named after `id`; graph files no longer referred to are removed once the new
   * snapshot is in place.
   */
  async save(path: string, id: string): Promise<void> {
    const tag = id.replace(/[^\w.-]/g, '_');
    const images: { ns: string; collection: string; c: Collection; img: SavingImage }[] = [];
    try {
      for (const [k, c] of this.collections) {
        const [ns, collection] = k.split('\u0000') as [string, string];
        images.push({ ns, collection, c, img: c.image(`${path}.${tag}.${images.length}.usearch`, `${path}.`) });
      }
      const header: VectorSnapshotHeader = {
        kind: 'vectors',
        format: VECTOR_SNAPSHOT_FORMAT,
        id,
        collections: images.map(({ ns, collection, img }) => ({ ns, collection, dim: img.dim, n: img.size, nextKey: img.nextKey, graph: img.graph && basename(img.graph) })),
      };
      const w = await ColumnWriter.create(`${path}.tmp`, header);
      try {
        // The images' chunks are not written while they are held (a change copies the chunk it writes).
        for (const { img } of images) {
          await w.strings(img.size, (i) => img.rows.id(i));
          await w.numbers('f64', img.size, (i) => img.keyAt(i));
          await w.floatRows(img.size, (i) => img.rows.row(i));
        }
        await w.close();
        await rename(`${path}.tmp`, path);
      } catch (e) {
        await w.abort();
        await rm(`${path}.tmp`, { force: true });
        for (const { img } of images) if (img.graph && img.graphWritten) await rm(img.graph, { force: true });
        throw e;
      }
    } finally {
      for (const { c } of images) c.release();
    }
    const keep = new Set(images.flatMap(({ img }) => (img.graph ? [basename(img.graph)] : [])));
    const stem = `${basename(path)}.`;
    for (const f of readdirSync(dirname(path))) if (f.startsWith(stem) && f.endsWith('.usearch') && !keep.has(f)) rmSync(join(dirname(path), f), { force: true });
  }

  /** Reads a file written by {@link save} (throws when it is damaged or is not snapshot `id`). */
  private static load(path: string, id: string): Map<string, Collection> {
    const r = ColumnReader.open(path);
    try {
      const h = r.header as VectorSnapshotHeader;
      if (h?.kind !== 'vectors' || h.format !== VECTOR_SNAPSHOT_FORMAT || !Array.isArray(h.collections)) throw new ColumnFileError('not a vector index snapshot of this format');
      if (h.id !== id) throw new ColumnFileError(`vector index snapshot ${h.id} is not of catalog snapshot ${id}`);
      const images = h.collections.map((m) => {
        if (!Number.isInteger(m.n) || m.n < 0 || m.n > r.size || !Number.isInteger(m.dim) || m.dim < 0) throw new ColumnFileError('vector index snapshot: damaged header');
        const ids = r.definedStrings(m.n);
        const keys = r.numbers('f64', m.n);
        const data = r.floatRows(new Uint32Array(m.n).fill(m.dim), 'f32');
        return { key: `${m.ns}\u0000${m.collection}`, img: { dim: m.dim, ids, keys, data, nextKey: m.nextKey, graph: m.graph && join(dirname(path), basename(m.graph)) } };
      });
      r.finish();
      return new Map(images.map(({ key, img }) => [key, Collection.fromImage(img)]));
    } finally {
      r.close();
    }
  }

  /** Replaces the whole index by a snapshot written by {@link save} (throws when it cannot be used); returns {@link fingerprint}. */
  loadSnapshot(path: string, id: string): Record<string, string> {
    const loaded = InProcessVectorIndex.load(path, id);
    this.collections.clear();
    this.byNamespace.clear();
    for (const [k, c] of loaded) this.put(k, c);
    return this.fingerprint();
  }

  /**
   * Takes the graphs (and vectors) of a snapshot for the vectors this index already holds: true when the
   * snapshot has exactly the same collections and sizes (it then replaces them), false when it does not.
   */
  async restore(path: string, id: string): Promise<boolean> {
    const mine = this.sizes();
    const loaded = InProcessVectorIndex.load(path, id);
    const theirs: Record<string, number> = {};
    for (const [k, c] of loaded) theirs[k] = c.size;
    if (!sameSizes(mine, theirs)) return false;
    for (const [k, c] of loaded) {
      const mineNow = this.collections.get(k);
      for (const [id] of c.entries()) if (!mineNow?.has(id)) return false;
    }
    for (const [k, c] of loaded) this.put(k, c);
    return true;
  }
}

/** Whether two {@link InProcessVectorIndex.sizes} answers are the same collections with the same sizes. */
export function sameSizes(a: Record<string, number>, b: Record<string, number>): boolean {
  const ka = Object.keys(a).filter((k) => a[k]! > 0);
  const kb = Object.keys(b).filter((k) => b[k]! > 0);
  return ka.length === kb.length && ka.every((k) => a[k] === b[k]);
}
