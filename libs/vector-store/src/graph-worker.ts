/**
 * The worker thread of {@link ThreadedVectorIndex}: an {@link InProcessVectorIndex} fed with the main
 * thread's writes, in order, answering graph searches off the main event loop. Messages are processed in
 * the order they were posted, so a search sees every write posted before it.
 */
import { parentPort } from 'node:worker_threads';
import { InProcessVectorIndex } from './in-process';
import type { GraphThreadReply, GraphThreadRequest } from './graph-thread';

const index = new InProcessVectorIndex();

parentPort!.on('message', (m: GraphThreadRequest) => {
  for (const o of m.ops ?? []) {
    if (o.t === 'u') index.upsertSync(o.ns, o.c, o.id, o.v);
    else index.removeSync(o.ns, o.id);
  }
  if (!m.search) return;
  const { seq, ns, c, q, k } = m.search;
  let reply: GraphThreadReply;
  try {
    reply = { seq, hits: index.searchSync(ns, c, q, k) };
  } catch (e) {
    reply = { seq, error: String((e as Error)?.message ?? e) };
  }
  parentPort!.postMessage(reply);
});
