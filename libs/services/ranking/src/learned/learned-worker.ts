/**
 * The worker thread of {@link LearnedThread}: keeps a mirror of each workspace's content vectors (fed by vector
 * batches), and prepares the input of a fit from it and the linkers it is sent, then tunes and fits the model.
 */
import { parentPort } from 'node:worker_threads';
import { fitLearned } from './learned-blend';
import { VectorMirror, prepareInput } from './learned-input';
import type { FitJob, FitResult, VectorBatch } from './learned-thread';

const mirrors = new Map<string, VectorMirror>();

parentPort!.on('message', (job: VectorBatch | Omit<FitJob, 'cat'>) => {
  try {
    let mirror = mirrors.get(job.ws);
    if (!mirror) mirrors.set(job.ws, (mirror = new VectorMirror()));
    if (job.kind === 'vectors') {
      job.ids.forEach((id, i) => {
        const a = job.offsets[i]!;
        const b = job.offsets[i + 1]!;
        if (b > a) mirror!.set(id, job.data.subarray(a, b), job.keys[i]!, job.terms[i]!);
        else mirror!.delete(id);
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
