import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { tuneDualEase, type TunedEase, type UserLinks } from '@tg/math';

/**
 * Runs `tuneDualEase` (the learned graph model's validation and fit) on a worker thread, one fit at a time, so
 * that a background recompute does not stall requests. Same function on the same input, so the same model as on
 * the main thread; if the worker fails (or `threaded` is false), fits run on the main thread.
 */
export class LearnedThread {
  private worker?: Worker;
  private broken: boolean;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    threaded: boolean,
    private readonly onError?: (error: Error) => void,
  ) {
    this.broken = !threaded;
  }

  tune(links: UserLinks): Promise<TunedEase> {
    const run = this.queue.then(() => this.fit(links));
    this.queue = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    if (w) await w.terminate();
  }

  private async fit(links: UserLinks): Promise<TunedEase> {
    if (this.broken) return tuneDualEase(links);
    try {
      const w = (this.worker ??= this.start());
      w.postMessage(links);
      const done = new AbortController();
      try {
        const exited = once(w, 'exit', { signal: done.signal }).then(([code]) => Promise.reject(new Error(`learned-graph worker exited with code ${code}`)));
        const [reply] = (await Promise.race([once(w, 'message', { signal: done.signal }), exited])) as [{ tuned?: TunedEase; error?: string }];
        if (!reply.tuned) throw new Error(reply.error ?? 'learned-graph worker sent no model');
        return reply.tuned;
      } finally {
        done.abort();
      }
    } catch (e) {
      this.broken = true;
      const w = this.worker;
      this.worker = undefined;
      void w?.terminate();
      this.onError?.(e as Error);
      return tuneDualEase(links);
    }
  }

  private start(): Worker {
    const w = new Worker(new URL('./learned-worker-boot.mjs', import.meta.url));
    w.unref();
    return w;
  }
}
