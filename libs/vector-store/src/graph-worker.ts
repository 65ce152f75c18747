/**
 * The worker thread of {@link ThreadedVectorIndex}: an {@link InProcessVectorIndex} fed with the main
 * thread's writes, in order, answering graph searches off the main event loop. Messages are processed in
 * the order they were posted, so a search sees every write posted before it.
 */
import { parentPort } from 'node:worker_threads';
import { InProcessVectorIndex } from './in-process';
import { vectorIndexDigest } from './digest';
import type { GraphThreadReply, GraphThreadRequest } from './graph-thread';

const index = new InProcessVectorIndex();

const fail = (e: unknown) => String((e as Error)?.message ?? e);

parentPort!.on('message', (m: GraphThreadRequest) => {
  if (m.clear) void index.clear();
  for (const o of m.ops ?? []) {
    if (o.t === 'u') index.upsertSync(o.ns, o.c, o.id, o.v);
    else index.removeSync(o.ns, o.id);
  }
  const ctl = m.ctl;
  if (ctl?.load) {
    let reply: GraphThreadReply;
    try {
      reply = { seq: 0, ctl: ctl.seq, fingerprint: index.loadSnapshot(ctl.load.path, ctl.load.id) };
    } catch (e) {
      void index.clear();
      reply = { seq: 0, ctl: ctl.seq, error: fail(e) };
    }
    parentPort!.postMessage(reply);
  }
  if (ctl?.digest) {
    let reply: GraphThreadReply;
    try {
      reply = { seq: 0, ctl: ctl.seq, digest: vectorIndexDigest(index.entries()) };
    } catch (e) {
      reply = { seq: 0, ctl: ctl.seq, error: fail(e) };
    }
    parentPort!.postMessage(reply);
  }
  if (ctl?.save) {
    // save() takes the index as it is before it first awaits; a later message that changes a collection first
    // copies what the save still reads (SavingImage), so nothing later changes what is written.
    index.save(ctl.save.path, ctl.save.id).then(
      () => parentPort!.postMessage({ seq: 0, ctl: ctl.seq } satisfies GraphThreadReply),
      (e: unknown) => parentPort!.postMessage({ seq: 0, ctl: ctl.seq, error: fail(e) } satisfies GraphThreadReply),
    );
  }
  if (!m.search) return;
  const { seq, ns, c, qs, ks } = m.search;
  let reply: GraphThreadReply;
  try {
    reply = { seq, many: qs.map((q, i) => index.searchSync(ns, c, q, ks[i]!)) };
  } catch (e) {
    reply = { seq, error: fail(e) };
  }
  parentPort!.postMessage(reply);
});
