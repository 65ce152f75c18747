/** The worker thread of {@link LearnedThread}: tunes and fits the learned graph model on the links it is sent. */
import { parentPort } from 'node:worker_threads';
import { tuneDualEase, type UserLinks } from '@tg/math';

parentPort!.on('message', (links: UserLinks) => {
  try {
    const t = tuneDualEase(links);
    const buffers = [t.model.m.buffer, t.model.d.buffer, t.postings.start.buffer, t.postings.users.buffer, t.postings.weights.buffer] as ArrayBuffer[];
    parentPort!.postMessage({ tuned: t }, buffers);
  } catch (e) {
    parentPort!.postMessage({ error: String((e as Error)?.message ?? e) });
  }
});
