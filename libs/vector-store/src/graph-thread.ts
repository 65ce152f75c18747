import { Worker } from 'node:worker_threads';
import { EXACT_BELOW, InProcessVectorIndex } from './in-process';
import type { VectorHit, VectorIndex } from './port';

/** A write mirrored to the worker: upsert (`u`) or remove (`r`). */
export type GraphThreadOp = { t: 'u'; ns: string; c: string; id: string; v: Float32Array } | { t: 'r'; ns: string; id: string };
/** What the main thread posts: writes, in order, then optionally a search. */
export interface GraphThreadRequest {
  ops?: GraphThreadOp[];
  search?: { seq: number; ns: string; c: string; q: Float32Array; k: number };
}
export interface GraphThreadReply {
  seq: number;
  hits?: VectorHit[];
  error?: string;
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
  private readonly pending = new Map<number, { resolve: (h: VectorHit[]) => void; fallback: () => VectorHit[] }>();

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
    // A copy: a view (say into a decoded buffer's pool) would be cloned with its whole backing buffer.
    if (this.worker) this.queue({ t: 'u', ns, c: collection, id, v: Float32Array.from(vector) });
  }
  async remove(ns: string, id: string): Promise<void> {
    this.removeSync(ns, id);
  }
  removeSync(ns: string, id: string): void {
    this.local.removeSync(ns, id);
    if (this.worker) this.queue({ t: 'r', ns, id });
  }
  async count(ns: string, collection: string): Promise<number> {
    return this.local.countSync(ns, collection);
  }

  async search(ns: string, collection: string, query: Float32Array, k: number): Promise<VectorHit[]> {
    if (this.broken || this.local.countSync(ns, collection) < this.threadFrom) return this.local.searchSync(ns, collection, query, k);
    const worker = this.start();
    const seq = ++this.seq;
    const q = Float32Array.from(query);
    return new Promise<VectorHit[]>((resolve) => {
      this.pending.set(seq, { resolve, fallback: () => this.local.searchSync(ns, collection, q, k) });
      const ops = this.takeOps();
      worker.postMessage({ ops, search: { seq, ns, c: collection, q, k } } satisfies GraphThreadRequest);
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
    this.ops = [];
    this.failPending();
    if (w) await w.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(new URL('./graph-worker-boot.mjs', import.meta.url));
    // The worker must not keep a stopping process alive.
    w.unref();
    w.on('message', (m: GraphThreadReply) => {
      const p = this.pending.get(m.seq);
      if (!p) return;
      this.pending.delete(m.seq);
      p.resolve(m.hits ?? p.fallback());
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
    const initial: GraphThreadOp[] = [];
    for (const e of this.local.entries()) initial.push({ t: 'u', ns: e.ns, c: e.collection, id: e.id, v: Float32Array.from(e.vector) });
    w.postMessage({ ops: initial } satisfies GraphThreadRequest);
    return w;
  }

  /** Pending searches are answered on the main thread (the worker is gone). */
  private failPending(): void {
    const all = [...this.pending.values()];
    this.pending.clear();
    for (const p of all) p.resolve(p.fallback());
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
