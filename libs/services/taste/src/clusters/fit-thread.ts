import { chooseK, type ChooseKOptions, type ChooseKResult } from '@tg/math';
import { SerialWorker } from '@tg/service-runtime';

type FitInput = { vectors: readonly Float32Array[]; opts: ChooseKOptions };

/**
 * Runs the choice of k (k-means restarts and silhouettes on up to 2,000 points, about half a second at 100
 * dimensions) on a worker thread, so that a background recluster does not stall requests. One fit at a time
 * (the taste service reclusters sequentially). Same function, same input, so the same result as on the main
 * thread; if the worker fails, the fit (and later ones) run on the main thread.
 */
export class FitThread {
  private readonly worker: SerialWorker<FitInput, ChooseKResult>;

  constructor(onError?: (error: Error) => void) {
    this.worker = new SerialWorker(
      new URL('./fit-worker-boot.mjs', import.meta.url),
      'cluster-fit',
      {
        trivial: ({ vectors }) => vectors.length === 0 || (vectors[0]?.length ?? 0) === 0,
        message: ({ vectors, opts }) => {
          const d = vectors[0]!.length;
          const flat = new Float32Array(vectors.length * d);
          vectors.forEach((v, i) => flat.set(v, i * d));
          return { data: { flat, n: vectors.length, d, opts }, transfer: [flat.buffer] };
        },
        output: (reply) => (reply as { fit?: ChooseKResult } | undefined)?.fit,
        inline: ({ vectors, opts }) => chooseK(vectors, opts),
      },
      { onError },
    );
  }

  /** `chooseK(vectors, opts)`, computed off the event loop. */
  chooseK(vectors: readonly Float32Array[], opts: ChooseKOptions): Promise<ChooseKResult> {
    return this.worker.run({ vectors, opts });
  }

  close(): Promise<void> {
    return this.worker.close();
  }
}
