/**
 * The worker thread of {@link LearnedThread}: keeps a mirror of each workspace's content vectors (fed by vector
 * batches), and prepares the input of a fit from it and the linkers it is sent, then tunes and fits the model.
 */
import { parentPort } from 'node:worker_threads';
import { fitLearned } from './learned-blend';
import { prepareInput, type ContentVectors } from './learned-input';
import type { FitJob, FitResult, VectorBatch } from './learned-thread';

/** A workspace's mirrored content vectors, their order keys and lexical terms. */
class Mirror implements ContentVectors {
  readonly vectors = new Map<string, Float32Array>();
  readonly orderKeys = new Map<string, string>();
  readonly itemTerms = new Map<string, string>();
  get(id: string) {
    return this.vectors.get(id);
  }
  keys() {
    return this.vectors.keys();
  }
  orderKey(id: string) {
    return this.orderKeys.get(id);
  }
  terms(id: string) {
    return this.itemTerms.get(id);
  }
}

const mirrors = new Map<string, Mirror>();

parentPort!.on('message', (job: VectorBatch | Omit<FitJob, 'cat'>) => {
  try {
    let mirror = mirrors.get(job.ws);
    if (!mirror) mirrors.set(job.ws, (mirror = new Mirror()));
    if (job.kind === 'vectors') {
      job.ids.forEach((id, i) => {
        const a = job.offsets[i]!;
        const b = job.offsets[i + 1]!;
        if (b > a) {
          mirror!.vectors.set(id, job.data.subarray(a, b));
          mirror!.orderKeys.set(id, job.keys[i]!);
          mirror!.itemTerms.set(id, job.terms[i]!);
        } else {
          mirror!.vectors.delete(id);
          mirror!.orderKeys.delete(id);
          mirror!.itemTerms.delete(id);
        }
      });
      parentPort!.postMessage({ ok: true });
      return;
    }
    const p = prepareInput(job.linkers, mirror);
    if (!p) return void parentPort!.postMessage({ fit: null });
    const f = fitLearned(p.input);
    const t = f.tuned;
    const fit: FitResult = { users: p.users, items: p.items, links: p.input.links, dim: p.input.dim, fitted: f };
    const { links } = p.input;
    const buffers = [t.model.m.buffer, t.model.d.buffer, t.postings.start.buffer, t.postings.users.buffer, t.postings.weights.buffer, f.map.buffer, links.start.buffer, links.items.buffer, links.weights.buffer] as ArrayBuffer[];
    parentPort!.postMessage({ fit }, buffers);
  } catch (e) {
    parentPort!.postMessage({ error: String((e as Error)?.message ?? e) });
  }
});
