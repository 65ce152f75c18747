import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { chooseK, type ChooseKOptions, type ChooseKResult } from '@tg/math';

/**
 * Runs the choice of k (k-means restarts and silhouettes on up to 2,000 points, about half a second at 100
 * dimensions) on a worker thread, so that a background recluster does not stall requests. One fit at a time
 * (the taste service reclusters sequentially). Same function, same input, so the same result as on the main
 * thread; if the worker fails, the fit (and later ones) run on the main thread.
 */
export class FitThread {
  private worker?: Worker;
  private broken = false;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly onError?: (error: Error) => void) {}

  /** `chooseK(vectors, opts)`, computed off the event loop. */
  chooseK(vectors: readonly Float32Array[], opts: ChooseKOptions): Promise<ChooseKResult> {
    const run = this.queue.then(() => this.fit(vectors, opts));
    this.queue = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    if (w) await w.terminate();
  }

  private async fit(vectors: readonly Float32Array[], opts: ChooseKOptions): Promise<ChooseKResult> {
    const d = vectors[0]?.length ?? 0;
    if (this.broken || vectors.length === 0 || d === 0) return chooseK(vectors, opts);
    try {
      const w = (this.worker ??= this.start());
      const flat = new Float32Array(vectors.length * d);
      vectors.forEach((v, i) => flat.set(v, i * d));
      w.postMessage({ flat, n: vectors.length, d, opts }, [flat.buffer]);
      // A reply, or the worker's end ('error' makes once() reject); the listeners go when either comes.
      const done = new AbortController();
      try {
        const exited = once(w, 'exit', { signal: done.signal }).then(([code]) => Promise.reject(new Error(`cluster-fit worker exited with code ${code}`)));
        const [reply] = (await Promise.race([once(w, 'message', { signal: done.signal }), exited])) as [{ fit?: ChooseKResult; error?: string }];
        if (!reply.fit) throw new Error(reply.error ?? 'cluster-fit worker sent no fit');
        return reply.fit;
      } finally {
        done.abort();
      }
    } catch (e) {
      this.broken = true;
      const w = this.worker;
      this.worker = undefined;
      void w?.terminate();
      this.onError?.(e as Error);
      return chooseK(vectors, opts);
    }
  }

  private start(): Worker {
    const w = new Worker(new URL('./fit-worker-boot.mjs', import.meta.url));
    w.unref();
    return w;
  }
}
