import { type IngestResult } from '@tg/contracts';
import { batchJobDecider } from '@tg/domain';
import { EventStore, runDurableConsumer, type Running } from '@tg/messaging';
import type { Logger } from '@tg/observability';
import type { Runtime } from '@tg/service-runtime';
import { echoRef, ingestItems } from '../ingest/ingest-items';
import type { IngestItem } from '../ingest/prepare';

/** Runs asynchronous batch jobs: each queued chunk is processed once, idempotently, then settled. */
export function runBatchJobs(rt: Runtime, log: Logger): Promise<Running> {
  return runDurableConsumer(rt.store, {
    durable: 'ingest-batch-jobs',
    filterSubject: 'tg.evt.*.job.*',
    // Short, with in-progress acks while a chunk runs: a crashed instance's chunks resume elsewhere in seconds.
    ackWaitMs: rt.config.jobAckWaitMs,
    concurrency: 2,
    log,
    handle: async (e, msg) => {
      if (e.type !== 'BatchChunkQueued') return 'ack';
      const ws = e.metadata.workspace;
      const subject = EventStore.subject(ws, 'job', e.data.job_id);
      const { state } = await rt.repo.load(subject, batchJobDecider);
      if (!state.exists) return 'ack';
      if (state.settled.has(e.data.chunk)) {
        // Settled but the job never completed (a crash tore the settling append): complete it now.
        if (state.status === 'Submitted' && state.settled.size === state.chunkCount) {
          await rt.repo.execute(subject, batchJobDecider, {
            type: 'SettleBatchChunk', job_id: e.data.job_id, chunk: e.data.chunk, results: state.settled.get(e.data.chunk)!, workspace: ws, at: rt.now(),
          });
        }
        return 'ack';
      }
      const items = e.data.items as IngestItem[];
      let results: IngestResult[];
      try {
        results = (await ingestItems(rt, ws, items, `job-${e.data.job_id}`, false)).results;
      } catch (err) {
        // An unexpected failure of the whole chunk: retry a few times, then settle every item as failed.
        if (msg.info.deliveryCount < 5) throw err;
        results = items.map((it) => ({ url: it.content?.url ?? '', error: String((err as Error).message), code: 'internal', ...echoRef(it) }));
      }
      await rt.repo.execute(subject, batchJobDecider, {
        type: 'SettleBatchChunk',
        job_id: e.data.job_id,
        chunk: e.data.chunk,
        results: results.map((r, i) => ({ index: e.data.offset + i, ...r })),
        workspace: ws,
        at: rt.now(),
      });
      return 'ack';
    },
  });
}
