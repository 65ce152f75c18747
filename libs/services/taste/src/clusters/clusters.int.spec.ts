import { afterAll, describe, expect, it } from 'vitest';
import { chooseK } from '@tg/math';
import { computeClusters, computeClustersWith } from './compute';
import { topicCatalog } from './clusters.fixture';
import { FitThread } from './fit-thread';

describe('cluster fit on a worker thread', () => {
  let errors = 0;
  const fitter = new FitThread(() => errors++);
  afterAll(() => fitter.close());

  it('gives the same clusters as the main thread, for every entity type and for an incremental update', async () => {
    const { cat } = topicCatalog({ perTopic: 40 });
    for (const type of ['content', 'user']) {
      const viaWorker = await computeClustersWith(cat, type, {}, (v, o) => fitter.chooseK(v, o));
      expect(viaWorker.length).toBeGreaterThan(0);
      expect(viaWorker).toEqual(computeClusters(cat, type));
      // An update from previous centroids does not fit k at all: the same on both paths.
      expect(await computeClustersWith(cat, type, { previous: viaWorker }, (v, o) => fitter.chooseK(v, o))).toEqual(computeClusters(cat, type, { previous: viaWorker }));
    }
    expect(errors).toBe(0);
  });

  it('fits one request at a time, in order, each with its own answer', async () => {
    const { cat } = topicCatalog({ perTopic: 30 });
    const vecs = [...cat.vectors.values()];
    const opts = [3, 4, 5].map((k) => ({ kMin: 2, kMax: k, seed: k }));
    const fits = await Promise.all(opts.map((o) => fitter.chooseK(vecs, o)));
    fits.forEach((f, i) => expect(f).toEqual(chooseK(vecs, opts[i]!)));
  });

  it('falls back to the main thread when the worker dies, and says so once', async () => {
    const own = new FitThread(() => errors++);
    const { cat } = topicCatalog();
    const vecs = [...cat.vectors.values()];
    await own.chooseK(vecs, { seed: 1 });
    // The thread behind FitThread's SerialWorker (private: this test kills it on purpose).
    const worker = (own as unknown as { worker: { worker: { terminate(): Promise<number> } } }).worker.worker;
    const before = errors;
    const pending = own.chooseK(vecs, { seed: 2 });
    await worker.terminate();
    expect(await pending).toEqual(chooseK(vecs, { seed: 2 }));
    expect(await own.chooseK(vecs, { seed: 3 })).toEqual(chooseK(vecs, { seed: 3 }));
    expect(errors).toBe(before + 1);
    await own.close();
  });
});
