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
 * A collection as a snapshot being written sees it: its own arrays, not copies, until the collection is about
 * to change; then (and only then) they are copied as they were, so the snapshot still holds the state at its
 * start. A save thus copies nothing up front (at 1,000,000 vectors the copies held the worker's searches for
 * seconds), and a change during the write pays for one copy.
 */
class SavingImage {
  private keys?: Float64Array;
  constructor(
    readonly dim: number,
    readonly nextKey: number,
    /** The graph's file (written by this save, or kept from an earlier one), or null without a built graph. */
    readonly graph: string | null,
    /** Whether this save wrote {@link graph} (an abandoned save removes only what it wrote). */
    readonly graphWritten: boolean,
    public ids: string[],
    public data: Float32Array,
    private keyOf: Map<string, number> | null,
  ) {}

  /** Graph key of row `i` (0 without a graph). */
  keyAt(i: number): number {
    if (this.keys) return this.keys[i]!;
    return this.keyOf?.get(this.ids[i]!) ?? 0;
  }

  /** Copies what the collection is about to change. */
  detach(): void {
    const n = this.ids.length;
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) keys[i] = this.keyAt(i);
    this.keys = keys;
    this.keyOf = null;
    this.ids = this.ids.slice();
    this.data = this.data.slice();
  }
}

/**
 * Vectors of room to leave beyond `n` held, where a collection's array is made whole at once (a restore, the copy of
 * a borrowed array): a quarter more, at least 1,024. Pages not yet written cost no memory.
 */
function roomToGrow(n: number): number {
  return Math.max(1024, Math.ceil(n / 4));
}

class Collection {
  private dim = 0;
  private data = new Float32Array(0);
  private ids: string[] = [];
  private slots = new Map<string, number>();
  private hnsw?: UsearchIndex;
  /** Graph keys (usearch wants bigints; small integers here, which a Map hashes far faster). */
  private keyOf = new Map<string, number>();
  private idOfKey = new Map<number, string>();
  private nextKey = 1;
  private hnswStale = true;
  /** Counts changes of the vectors or the graph: a graph file written at a version is this graph while it holds. */
  private version = 0;
  /** The file this collection's graph was last written to (or restored from), at which version. */
  private savedGraph?: { version: number; path: string };
  /** The image a snapshot still reads (see {@link SavingImage}). */
  private reading?: SavingImage;
  /** Set while `data` is a view of an array the collection does not own (a restore's): copied before any change. */
  private borrowed = false;

  /** Before any change: a snapshot still reading the arrays gets its copy first; borrowed vectors are copied. */
  private changing(): void {
    this.version++;
    this.reading?.detach();
    this.reading = undefined;
    if (this.borrowed) {
      // With room to grow: the first change after a restore is most often an insert.
      const own = new Float32Array(this.data.length + roomToGrow(this.data.length / this.dim) * this.dim);
      own.set(this.data);
      this.data = own;
      this.borrowed = false;
    }
  }

  get size(): number {
    return this.ids.length;
  }

  has(id: string): boolean {
    return this.slots.has(id);
  }

  /** Whether a search would walk a graph that is already built (large collections build it on first search). */
  get graphReady(): boolean {
    return this.ids.length >= EXACT_BELOW && !!this.hnsw && !this.hnswStale;
  }

  /** Every (id, vector) pair; vectors are views into the store (copy them to keep them). */
  *entries(): Generator<[string, Float32Array]> {
    for (let i = 0; i < this.ids.length; i++) yield [this.ids[i]!, this.data.subarray(i * this.dim, (i + 1) * this.dim)];
  }

  upsert(id: string, v: Float32Array): void {
    this.changing();
    if (this.dim !== v.length) {
      if (this.ids.length) this.reset();
      this.dim = v.length;
    }
    let slot = this.slots.get(id);
    if (slot === undefined) {
      slot = this.ids.length;
      if ((slot + 1) * this.dim > this.data.length) {
        const bigger = new Float32Array(Math.max(1024 * this.dim, this.data.length * 2));
        bigger.set(this.data);
        this.data = bigger;
      }
      this.ids.push(id);
      this.slots.set(id, slot);
    }
    this.data.set(v, slot * this.dim);
    if (this.hnsw && !this.hnswStale) {
      const old = this.keyOf.get(id);
      if (old !== undefined) {
        this.hnsw.remove(BigInt(old));
        this.idOfKey.delete(old);
      }
      this.addToGraph(id, v);
    }
  }

  remove(id: string): boolean {
    const slot = this.slots.get(id);
    if (slot === undefined) return false;
    this.changing();
    const last = this.ids.length - 1;
    if (slot !== last) {
      const lastId = this.ids[last]!;
      this.data.copyWithin(slot * this.dim, last * this.dim, (last + 1) * this.dim);
      this.ids[slot] = lastId;
      this.slots.set(lastId, slot);
    }
    this.ids.pop();
    this.slots.delete(id);
    const key = this.keyOf.get(id);
    if (key !== undefined && this.hnsw) {
      this.hnsw.remove(BigInt(key));
      this.idOfKey.delete(key);
      this.keyOf.delete(id);
    }
    return true;
  }

  search(q: Float32Array, k: number): VectorHit[] {
    if (!this.ids.length || q.length !== this.dim) return [];
    if (this.ids.length < EXACT_BELOW) return this.exact(q, k);
    if (!this.hnsw || this.hnswStale) this.buildGraph();
    // The graph holds 8-bit vectors (a quarter of the memory traffic of f32; the walk is memory-bound); its
    // answers are re-scored exactly on the f32 vectors: scores (and their order) are those of the exact path,
    // only the candidate list comes from the graph.
    // At least HNSW.minCandidates: the walk keeps `expansionSearch` candidates anyway, so asking for a few more
    // than a small k costs only their re-scoring, and near-duplicates do not crowd each other out.
    const r = this.hnsw!.search(q, Math.min(Math.max(k, HNSW.minCandidates), this.ids.length));
    const d = this.dim;
    const data = this.data;
    const out: VectorHit[] = [];
    const keys = r.keys;
    for (let i = 0; i < keys.length; i++) {
      const id = this.idOfKey.get(Number(keys[i]!));
      const slot = id === undefined ? undefined : this.slots.get(id);
      if (slot === undefined) continue;
      let s = 0;
      const o = slot * d;
      for (let j = 0; j < d; j++) s += data[o + j]! * q[j]!;
      out.push({ id: id!, score: s });
    }
    out.sort((a, b) => b.score - a.score);
    return out.length > k ? out.slice(0, k) : out;
  }

  private exact(q: Float32Array, k: number): VectorHit[] {
    const d = this.dim;
    const n = this.ids.length;
    const scores = new Float32Array(n);
    const data = this.data;
    for (let i = 0; i < n; i++) {
      let s = 0;
      const o = i * d;
      for (let j = 0; j < d; j++) s += data[o + j]! * q[j]!;
      scores[i] = s;
    }
    const idx = Array.from({ length: n }, (_, i) => i);
    idx.sort((a, b) => scores[b]! - scores[a]!);
    return idx.slice(0, k).map((i) => ({ id: this.ids[i]!, score: scores[i]! }));
  }

  /**
   * The collection as it is now, for a snapshot (see {@link SavingImage}: nothing is copied unless it changes
   * before the snapshot is written). A built graph is saved to `graphPath` (usearch's own file format,
   * synchronously), unless the file it was last saved to (or restored from) still holds it: a collection that
   * did not change since the last snapshot is not written again.
   */
  image(graphPath: string, snapshotStem: string): SavingImage {
    const n = this.ids.length;
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
    this.reading?.detach();
    const img = new SavingImage(this.dim, this.nextKey, graph, written, this.ids, this.data.subarray(0, n * this.dim), graph ? this.keyOf : null);
    this.reading = img;
    return img;
  }

  /** A collection of the given vectors (`data` holds them in the order of `ids`, `dim` each), without a graph. */
  static of(dim: number, ids: string[], data: Float32Array, borrowed = false): Collection {
    const c = new Collection();
    c.dim = dim;
    c.ids = ids;
    c.data = data as Float32Array<ArrayBuffer>;
    c.borrowed = borrowed;
    for (let i = 0; i < ids.length; i++) c.slots.set(ids[i]!, i);
    return c;
  }

  /** The collection an image describes (its graph loaded from its file): the inverse of {@link image}. */
  static fromImage(img: CollectionImage): Collection {
    const c = new Collection();
    const n = img.ids.length;
    // The data may run on past the rows (room to grow).
    if (img.data.length < n * img.dim) throw new ColumnFileError('vector image: data and ids disagree');
    c.dim = img.dim;
    c.data = img.data as Float32Array<ArrayBuffer>;
    c.ids = img.ids;
    for (let i = 0; i < n; i++) c.slots.set(img.ids[i]!, i);
    if (c.slots.size !== n) throw new ColumnFileError('vector image: duplicate ids');
    if (img.graph) {
      c.hnsw = c.newGraph();
      c.hnsw.load(img.graph);
      if (c.hnsw.size() !== n) throw new ColumnFileError(`vector image: the graph holds ${c.hnsw.size()} vectors, the collection ${n}`);
      for (let i = 0; i < n; i++) {
        const key = img.keys[i]!;
        if (!(key > 0) || key >= img.nextKey) throw new ColumnFileError('vector image: a graph key out of range');
        c.keyOf.set(img.ids[i]!, key);
        c.idOfKey.set(key, img.ids[i]!);
      }
      c.nextKey = img.nextKey;
      c.hnswStale = false;
      c.savedGraph = { version: c.version, path: img.graph };
    }
    return c;
  }

  private newGraph(): UsearchIndex {
    const { Index } = loadUsearch();
    return new Index({ dimensions: this.dim, metric: 'cos', connectivity: HNSW.connectivity, quantization: 'i8', expansion_add: HNSW.expansionAdd, expansion_search: HNSW.expansionSearch });
  }

  private buildGraph(): void {
    this.changing();
    this.hnsw = this.newGraph();
    this.keyOf.clear();
    this.idOfKey.clear();
    this.nextKey = 1;
    const n = this.ids.length;
    const keys = new BigUint64Array(n);
    for (let i = 0; i < n; i++) {
      const key = this.nextKey++;
      keys[i] = BigInt(key);
      this.keyOf.set(this.ids[i]!, key);
      this.idOfKey.set(key, this.ids[i]!);
    }
    this.hnsw.add(keys, this.data.subarray(0, n * this.dim), 2);
    this.hnswStale = false;
  }

  private addToGraph(id: string, v: Float32Array): void {
    const key = this.nextKey++;
    this.keyOf.set(id, key);
    this.idOfKey.set(key, id);
    this.hnsw!.add(BigInt(key), v);
  }

  private reset(): void {
    this.data = new Float32Array(0);
    this.ids = [];
    this.slots.clear();
    this.keyOf.clear();
    this.idOfKey.clear();
    this.hnsw = undefined;
    this.hnswStale = true;
  }
}

/**
 * The embedded vector index: per (namespace, collection) a contiguous float32 store, searched exactly
 * while small and through an HNSW graph (usearch) once it grows; the graph is built on first use and
 * kept current incrementally. Rebuilt from the event stream on start.
 */
/**
 * The vector index in this process's memory (exact below {@link EXACT_BELOW} vectors, an HNSW graph above). It
 * is also a {@link ProjectedVectorIndex} whose checkpoints live and die with its vectors, which is what the
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
    const images: { ns: string; collection: string; img: SavingImage }[] = [];
    for (const [k, c] of this.collections) {
      const [ns, collection] = k.split('\u0000') as [string, string];
      images.push({ ns, collection, img: c.image(`${path}.${tag}.${images.length}.usearch`, `${path}.`) });
    }
    const header: VectorSnapshotHeader = {
      kind: 'vectors',
      format: VECTOR_SNAPSHOT_FORMAT,
      id,
      collections: images.map(({ ns, collection, img }) => ({ ns, collection, dim: img.dim, n: img.ids.length, nextKey: img.nextKey, graph: img.graph && basename(img.graph) })),
    };
    const w = await ColumnWriter.create(`${path}.tmp`, header);
    try {
      // Each getter reads the image when it is called: a copy, once the collection changed meanwhile.
      for (const { img } of images) {
        await w.strings(img.ids.length, (i) => img.ids[i]);
        await w.numbers('f64', img.ids.length, (i) => img.keyAt(i));
        await w.floatRows(img.ids.length, (i) => img.data.subarray(i * img.dim, (i + 1) * img.dim));
      }
      await w.close();
      await rename(`${path}.tmp`, path);
    } catch (e) {
      await w.abort();
      await rm(`${path}.tmp`, { force: true });
      for (const { img } of images) if (img.graph && img.graphWritten) await rm(img.graph, { force: true });
      throw e;
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
        // Room for a quarter more vectors: the first insert after a restart then copies nothing (a full array
        // doubled on it, holding the worker's searches for as long as the copy took).
        const data = r.floatRows(new Uint32Array(m.n).fill(m.dim), 'f32', roomToGrow(m.n) * m.dim);
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
