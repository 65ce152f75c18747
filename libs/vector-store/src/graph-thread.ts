import { Worker } from 'node:worker_threads';
import { EXACT_BELOW, InProcessVectorIndex } from './in-process';
import { vectorIndexDigest, type VectorIndexDigest } from './digest';
import type { VectorHit, VectorIndex } from './port';

/** Whether two {@link InProcessVectorIndex.fingerprint} answers are equal. */
function sameFingerprint(a: Record<string, string>, b: Record<string, string>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}

/** A write mirrored to the worker: upsert (`u`) or remove (`r`). */
export type GraphThreadOp = { t: 'u'; ns: string; c: string; id: string; v: Float32Array } | { t: 'r'; ns: string; id: string };
/** What the main thread posts: writes, in order, then optionally a search. */
export interface GraphThreadRequest {
  /** Drop everything first (before `ops`). */
  clear?: boolean;
  ops?: GraphThreadOp[];
  /** Snapshot work, after `ops`: load the index from a snapshot, or save it to one. */
  ctl?: { seq: number; load?: { path: string; id: string }; save?: { path: string; id: string }; digest?: boolean };
  /** Searches of one collection (`ks[i]` hits for `qs[i]`), answered together in the reply's `many`, in order. */
  search?: { seq: number; ns: string; c: string; qs: Float32Array[]; ks: number[] };
}
export interface GraphThreadReply {
  seq: number;
  many?: VectorHit[][];
  error?: string;
  /** Set on the answer to a `ctl` request (its seq). */
  ctl?: number;
  /** What the worker holds after a load (see InProcessVectorIndex.fingerprint). */
  fingerprint?: Record<string, string>;
  /** Set on the answer to a `ctl` digest request: what the worker's index holds (see vectorIndexDigest). */
  digest?: VectorIndexDigest;
}

/** Options of {@link ThreadedVectorIndex}. */
export interface ThreadedVectorIndexOptions {
  /** Collections at least this large are searched in the worker (default: where the graph takes over). */
  threadFrom?: number;
  /** Told when the worker fails (searches then run on the main thread). */
  onError?: (error: Error) => void;
}

/**
 * The embedded vector index with its graph searches on a worker thread. An HNSW walk over a large collection
 * is memory-bound native work (0.2-0.4 ms at 100,000 vectors on the benchmark machine) that would otherwise
 * hold the event loop the gateway and every service share; here it runs beside it, on the second core.
 *
 * The main thread keeps an {@link InProcessVectorIndex} of its own: small collections are searched there
 * exactly and synchronously, as before. Once a collection reaches `threadFrom`, the worker starts (once),
 * receives every stored vector, and from then on every write, in order: a search posted after a write sees
 * it. Results are those of the in-process graph path (graph candidates re-scored exactly). If the worker
 * fails, pending and later searches fall back to the main thread, so a search never fails for it.
 */
export class ThreadedVectorIndex implements VectorIndex {
  readonly kind = 'in-process-threaded';
  private readonly local = new InProcessVectorIndex();
  private readonly threadFrom: number;
  private worker?: Worker;
  private broken = false;
  private ops: GraphThreadOp[] = [];
  private flushScheduled = false;
  private seq = 0;
  private readonly pending = new Map<number, { resolve: (r: GraphThreadReply) => void; fallback: () => void }>();
  private ctlSeq = 0;
  private readonly control = new Map<number, (r: GraphThreadReply) => void>();

  constructor(private readonly opts: ThreadedVectorIndexOptions = {}) {
    this.threadFrom = opts.threadFrom ?? EXACT_BELOW;
  }

  /** Whether searches of large collections currently run on the worker thread. */
  get threaded(): boolean {
    return !!this.worker && !this.broken;
  }

  async upsert(ns: string, collection: string, id: string, vector: Float32Array): Promise<void> {
    this.upsertSync(ns, collection, id, vector);
  }
  upsertSync(ns: string, collection: string, id: string, vector: Float32Array): void {
    this.local.upsertSync(ns, collection, id, vector);
    // A copy: a view (say into a decoded buffer's pool) would be cloned with its whole backing buffer. Not
    // while the worker reads a snapshot: what is written meanwhile is the restored state the snapshot holds.
    if (this.worker && !this.preloading) this.queue({ t: 'u', ns, c: collection, id, v: Float32Array.from(vector) });
  }
  async remove(ns: string, id: string): Promise<void> {
    this.removeSync(ns, id);
  }
  removeSync(ns: string, id: string): void {
    this.local.removeSync(ns, id);
    if (this.worker && !this.preloading) this.queue({ t: 'r', ns, id });
  }
  async count(ns: string, collection: string): Promise<number> {
    return this.local.countSync(ns, collection);
  }
  /** Whether the index holds no vector at all. */
  get empty(): boolean {
    return this.local.empty;
  }
  /** See {@link InProcessVectorIndex.loadCollection}; the worker, if it runs and is not reading a snapshot, gets each vector. */
  loadCollection(ns: string, collection: string, dim: number, ids: string[], data: Float32Array, opts: { borrowed?: boolean } = {}): void {
    this.local.loadCollection(ns, collection, dim, ids, data, opts);
    if (this.worker && !this.preloading) for (let i = 0; i < ids.length; i++) this.queue({ t: 'u', ns, c: collection, id: ids[i]!, v: data.slice(i * dim, (i + 1) * dim) });
  }

  async search(ns: string, collection: string, query: Float32Array, k: number): Promise<VectorHit[]> {
    return (await this.searchMany(ns, collection, [query], [k]))[0]!;
  }

  /**
   * {@link search} for each query (`ks[i]` hits for `queries[i]`), in one message to the worker and one reply:
   * the same answers, for a caller with several probes of one collection at once (a taste neighbourhood).
   */
  async searchMany(ns: string, collection: string, queries: Float32Array[], ks: number[]): Promise<VectorHit[][]> {
    if (this.broken || this.local.countSync(ns, collection) < this.threadFrom) return queries.map((q, i) => this.local.searchSync(ns, collection, q, ks[i]!));
    const worker = this.start();
    const seq = ++this.seq;
    const qs = queries.map((q) => Float32Array.from(q));
    return new Promise<VectorHit[][]>((resolve) => {
      const fallback = () => resolve(qs.map((q, i) => this.local.searchSync(ns, collection, q, ks[i]!)));
      this.pending.set(seq, { resolve: (m) => (m.many ? resolve(m.many) : fallback()), fallback });
      const ops = this.takeOps();
      worker.postMessage({ ops, search: { seq, ns, c: collection, qs, ks } } satisfies GraphThreadRequest);
    });
  }

  /**
   * Writes the index as it is now (the worker's, with its graphs, when the worker runs; else the main thread's)
   * to a snapshot at `path` tagged `id`. False when there is nothing worth keeping (no worker: every
   * collection is small or has never been searched, so there is no graph to save).
   */
  async save(path: string, id: string): Promise<boolean> {
    if (this.broken) {
      await this.local.save(path, id);
      return true;
    }
    const w = this.worker;
    if (!w) return false;
    const r = await this.ask(w, (ctl) => ({ ops: this.takeOps(), ctl: { seq: ctl, save: { path, id } } }));
    if (r.error) throw new Error(`vector index snapshot not written: ${r.error}`);
    return true;
  }

  /**
   * Starts the worker from a snapshot written by {@link save} instead of sending it every vector: its
   * graphs come from the files, not from a rebuild. The main thread must already hold the same vectors (the
   * restored catalog flushed into it); when the snapshot's collections differ from them, or it cannot be
   * read, the worker gets every vector instead and builds its graphs as after a replay (false).
   */
  async restore(path: string, id: string): Promise<boolean> {
    const load = this.preloading?.path === path && this.preloading.id === id ? this.preloading.reply : this.preload(path, id);
    const w = this.worker;
    if (!load || !w) return false;
    const r = await load.finally(() => (this.preloading = undefined));
    if (!r.error && r.fingerprint && sameFingerprint(r.fingerprint, this.local.fingerprint())) return true;
    if ((this.worker as Worker | undefined) === w) w.postMessage({ clear: true, ops: this.allOps() } satisfies GraphThreadRequest);
    if (r.error) throw new Error(r.error);
    return false;
  }

  /**
   * Digests of what this index holds, taken at the call: the main thread's vectors (at once), and the worker's (which
   * large collections are searched in), `null` when no worker runs. The worker's is asked after every write made
   * before the call, so the two describe the same writes; they differ only if the worker holds something else
   * (a snapshot's graphs restored for other vectors).
   */
  digest(): { local: VectorIndexDigest; worker: Promise<VectorIndexDigest | null> } {
    const local = vectorIndexDigest(this.local.entries());
    const w = this.broken ? undefined : this.worker;
    if (!w) return { local, worker: Promise.resolve(null) };
    const asked = (r: GraphThreadReply | undefined) => {
      if (!r) return null;
      if (r.error || !r.digest) throw new Error(`vector index worker digest: ${r.error ?? 'no answer'}`);
      return r.digest;
    };
    const ask = () => this.ask(w, (ctl) => ({ ops: this.takeOps(), ctl: { seq: ctl, digest: true } }));
    // Posted now, behind every write taken so far; while a snapshot is being read (writes are not sent to the worker
    // then), asked once that restore settles.
    const preloading = this.preloading?.reply;
    const worker = preloading ? preloading.then(() => (this.worker === w ? ask() : undefined)).then(asked) : ask().then(asked);
    return { local, worker };
  }

  private preloading?: { path: string; id: string; reply: Promise<GraphThreadReply> };

  /**
   * Starts the worker reading a snapshot (see {@link restore}, which must follow) while the main thread does
   * other work; undefined when the worker already runs. Until {@link restore} settles, writes are not sent to
   * the worker: they are the restored state, which the snapshot holds (restore compares the two).
   */
  preload(path: string, id: string): Promise<GraphThreadReply> | undefined {
    if (this.broken || this.worker) return undefined;
    const w = this.start(false);
    const reply = this.ask(w, (ctl) => ({ ctl: { seq: ctl, load: { path, id } } }));
    this.preloading = { path, id, reply };
    return reply;
  }

  private ask(w: Worker, msg: (ctl: number) => GraphThreadRequest): Promise<GraphThreadReply> {
    const seq = ++this.ctlSeq;
    return new Promise<GraphThreadReply>((resolve) => {
      this.control.set(seq, resolve);
      w.postMessage(msg(seq));
    });
  }

  async clear(): Promise<void> {
    await this.local.clear();
    await this.close();
    this.broken = false;
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    this.preloading = undefined;
    this.ops = [];
    this.failPending();
    if (w) await w.terminate();
  }

  private start(sendAll = true): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(new URL('./graph-worker-boot.mjs', import.meta.url));
    // The worker must not keep a stopping process alive.
    w.unref();
    w.on('message', (m: GraphThreadReply) => {
      if (m.ctl !== undefined) {
        const c = this.control.get(m.ctl);
        this.control.delete(m.ctl);
        c?.(m);
        return;
      }
      const p = this.pending.get(m.seq);
      if (!p) return;
      this.pending.delete(m.seq);
      p.resolve(m);
    });
    const fail = (e: Error) => {
      if (this.worker !== w) return;
      this.broken = true;
      this.worker = undefined;
      this.ops = [];
      this.opts.onError?.(e);
      this.failPending();
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`vector index worker exited with code ${code}`)));
    this.worker = w;
    // Everything stored so far, then every write from here on (upsertSync/removeSync queue them).
    if (sendAll) w.postMessage({ ops: this.allOps() } satisfies GraphThreadRequest);
    return w;
  }

  private allOps(): GraphThreadOp[] {
    const all: GraphThreadOp[] = [];
    for (const e of this.local.entries()) all.push({ t: 'u', ns: e.ns, c: e.collection, id: e.id, v: Float32Array.from(e.vector) });
    return all;
  }

  /** Pending searches are answered on the main thread (the worker is gone); snapshot work fails. */
  private failPending(): void {
    const all = [...this.pending.values()];
    this.pending.clear();
    for (const p of all) p.fallback();
    const control = [...this.control.values()];
    this.control.clear();
    for (const c of control) c({ seq: 0, error: 'vector index worker stopped' });
  }

  private queue(op: GraphThreadOp): void {
    this.ops.push(op);
    // Writes between searches are sent in one message per turn of the event loop.
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => {
        this.flushScheduled = false;
        const ops = this.takeOps();
        if (ops && this.worker) this.worker.postMessage({ ops } satisfies GraphThreadRequest);
      });
    }
  }

  private takeOps(): GraphThreadOp[] | undefined {
    if (!this.ops.length) return undefined;
    const ops = this.ops;
    this.ops = [];
    return ops;
  }
}
