import { OP } from '@tg/contracts';
import type { Running } from '@tg/messaging';
import { rpcServer, type Runtime, type StartedService } from '@tg/service-runtime';
import { runBatchJobs } from './batch/batch-jobs';
import { batchHandler, jobHandler } from './batch/batch';
import { contentHandler } from './content/content';
import { ENRICH_FETCHES, runEnrichment } from './enrich/enrichment';
import { FairScheduler } from './enrich/fair-scheduler';

/**
 * Starts the ingestion service, one use case per folder: content/ (index one item), batch/ (batches, jobs and
 * their consumer), enrich/ (background enrichment); ingest/ is the core they share (prepare, embed, commit).
 */
export async function startIngestionService(rt: Runtime): Promise<StartedService> {
  const log = rt.log.child({ service: 'ingestion' });
  const server = rpcServer(rt, 'ingestion')
    .serve(OP.ingest.content, contentHandler(rt))
    .serve(OP.ingest.batch, batchHandler(rt))
    .serve(OP.ingest.job, jobHandler(rt));
  const enrichPool = new FairScheduler(ENRICH_FETCHES, ENRICH_FETCHES - 1);
  const running: Running[] = [await runBatchJobs(rt, log), await runEnrichment(rt, log, enrichPool)];
  return {
    name: 'ingestion',
    async stop() {
      await server.drain();
      enrichPool.close();
      for (const r of running) await r.stop();
    },
  };
}
