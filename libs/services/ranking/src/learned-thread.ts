import { tuneDualEase, type TunedEase, type UserLinks } from '@tg/math';
import { SerialWorker } from '@tg/service-runtime';

/**
 * Runs `tuneDualEase` (the learned graph model's validation and fit) on a worker thread, one fit at a time, so
 * that a background recompute does not stall requests. Same function on the same input, so the same model as on
 * the main thread; if the worker fails (or `threaded` is false), fits run on the main thread.
 */
export class LearnedThread {
  private readonly worker: SerialWorker<UserLinks, TunedEase>;

  constructor(threaded: boolean, onError?: (error: Error) => void) {
    this.worker = new SerialWorker(
      new URL('./learned-worker-boot.mjs', import.meta.url),
      'learned-graph',
      {
        message: (links) => ({ data: links }),
        output: (reply) => (reply as { tuned?: TunedEase } | undefined)?.tuned,
        inline: (links) => tuneDualEase(links),
      },
      { threaded, onError },
    );
  }

  tune(links: UserLinks): Promise<TunedEase> {
    return this.worker.run(links);
  }

  close(): Promise<void> {
    return this.worker.close();
  }
}
