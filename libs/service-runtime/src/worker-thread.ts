import { once } from 'node:events';
import { Worker } from 'node:worker_threads';

/** CPU priority (nice) of a {@link SerialWorker}'s thread unless told otherwise: below the request path's 0. */
export const BACKGROUND_NICE = 10;

/** How a {@link SerialWorker} runs one job: on its worker thread (by message), or on the main thread. */
export interface SerialWorkerJob<I, O> {
  /** What the worker is sent for an input, and which buffers move with it. */
  message(input: I): { data: unknown; transfer?: ArrayBuffer[] };
  /** The output in the worker's reply, or undefined when the reply carries none. */
  output(reply: unknown): O | undefined;
  /** The same computation on the main thread (the fallback, and the path when the thread is off). */
  inline(input: I): O;
  /** Inputs not worth a thread hop (empty ones): computed inline. */
  trivial?(input: I): boolean;
}

/**
 * Runs one pure computation at a time on a worker thread, so that background fits do not stall requests; the
 * thread runs at a lower CPU priority ({@link BACKGROUND_NICE}), so that on a saturated machine they do not take
 * the cores from the threads answering requests either. Same
 * function on the same input, so the same output as on the main thread; when the worker fails (a message with
 * an error, or its exit) it is logged through `onError` and this job and every later one run on the main thread.
 */
export class SerialWorker<I, O> {
  private worker?: Worker;
  private broken: boolean;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly onError?: (error: Error) => void;
  private readonly nice: number;

  /**
   * @param opts.nice CPU priority of the thread (default {@link BACKGROUND_NICE}): background work yields the
   * cores to the threads answering requests; 0 keeps the priority of the thread that starts it.
   */
  constructor(
    private readonly boot: URL,
    private readonly name: string,
    private readonly job: SerialWorkerJob<I, O>,
    opts: { threaded?: boolean; onError?: (error: Error) => void; nice?: number } = {},
  ) {
    this.broken = opts.threaded === false;
    this.onError = opts.onError;
    this.nice = opts.nice ?? BACKGROUND_NICE;
  }

  /** The job's output for `input`, computed after every earlier one. */
  run(input: I): Promise<O> {
    const run = this.queue.then(() => this.compute(input));
    this.queue = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    if (w) await w.terminate();
  }

  private async compute(input: I): Promise<O> {
    if (this.broken || this.job.trivial?.(input)) return this.job.inline(input);
    try {
      const w = (this.worker ??= this.start());
      const { data, transfer } = this.job.message(input);
      w.postMessage(data, transfer ?? []);
      // A reply, or the worker's end ('error' makes once() reject); the listeners go when either comes.
      const done = new AbortController();
      try {
        const exited = once(w, 'exit', { signal: done.signal }).then(([code]) => Promise.reject(new Error(`${this.name} worker exited with code ${code}`)));
        const [reply] = (await Promise.race([once(w, 'message', { signal: done.signal }), exited])) as [{ error?: string }];
        const out = this.job.output(reply);
        if (out === undefined) throw new Error(reply?.error ?? `${this.name} worker sent no result`);
        return out;
      } finally {
        done.abort();
      }
    } catch (e) {
      this.broken = true;
      const w = this.worker;
      this.worker = undefined;
      void w?.terminate();
      this.onError?.(e as Error);
      return this.job.inline(input);
    }
  }

  private start(): Worker {
    // Through a boot that lowers the thread's priority first, then loads the job's own entry.
    const w = new Worker(new URL('./background-boot.mjs', import.meta.url), { workerData: { boot: this.boot.href, nice: this.nice } });
    w.unref();
    return w;
  }
}
