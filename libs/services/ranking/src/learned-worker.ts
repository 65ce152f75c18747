/** The worker thread of {@link LearnedThread}: tunes and fits the learned graph model on the input it is sent. */
import { parentPort } from 'node:worker_threads';
import { fitLearned, type LearnedInput } from './learned-blend';

parentPort!.on('message', (input: LearnedInput) => {
  try {
    const f = fitLearned(input);
    const t = f.tuned;
    const buffers = [t.model.m.buffer, t.model.d.buffer, t.postings.start.buffer, t.postings.users.buffer, t.postings.weights.buffer, f.map.buffer] as ArrayBuffer[];
    parentPort!.postMessage({ fitted: f }, buffers);
  } catch (e) {
    parentPort!.postMessage({ error: String((e as Error)?.message ?? e) });
  }
});
