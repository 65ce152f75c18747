/** The worker thread of {@link FitThread}: runs `chooseK` on the vectors it is sent and answers with the fit. */
import { parentPort } from 'node:worker_threads';
import { chooseK, type ChooseKOptions } from '@tg/math';

parentPort!.on('message', (m: { flat: Float32Array; n: number; d: number; opts: ChooseKOptions }) => {
  const vectors = Array.from({ length: m.n }, (_, i) => m.flat.subarray(i * m.d, (i + 1) * m.d));
  try {
    parentPort!.postMessage({ fit: chooseK(vectors, m.opts) });
  } catch (e) {
    parentPort!.postMessage({ error: String((e as Error)?.message ?? e) });
  }
});
