import { SerialWorker } from '@tg/service-runtime';
import { fitLearned, type LearnedFit, type LearnedInput } from './learned-blend';

/**
 * Runs `fitLearned` (the learned graph model's validation and fit) on a worker thread, one fit at a time, so
 * that a background recompute does not stall requests. Same function on the same input, so the same model as on
 * the main thread; if the worker fails (or `threaded` is false), fits run on the main thread.
 */
export class LearnedThread {
  private readonly worker: SerialWorker<LearnedInput, LearnedFit>;

  constructor(threaded: boolean, onError?: (error: Error) => void) {
    this.worker = new SerialWorker(
      new URL('./learned-worker-boot.mjs', import.meta.url),
      'learned-graph',
      {
        message: (input) => ({ data: input }),
        output: (reply) => (reply as { fitted?: LearnedFit } | undefined)?.fitted,
        inline: (input) => fitLearned(input),
      },
      { threaded, onError },
    );
  }

  tune(input: LearnedInput): Promise<LearnedFit> {
    return this.worker.run(input);
  }

  close(): Promise<void> {
    return this.worker.close();
  }
}
