import { entityDecider } from '@tg/domain';
import { EventStore, runDurableConsumer, type Outcome, type Running } from '@tg/messaging';
import type { Logger } from '@tg/observability';
import type { Runtime } from '@tg/service-runtime';
import { enrichmentFor } from './enrich';
import { SchedulerClosedError, type FairScheduler } from './fair-scheduler';

/** Background enrichment fetches running at once (all workspaces together). */
export const ENRICH_FETCHES = 8;

/**
 * Background enrichment: replaces placeholder name/description once the delay has passed. Many messages are
 * held at once, but the fetches run in `enrichPool` (8 shared fairly between workspaces: one tenant's slow
 * URLs cannot starve another's).
 */
export function runEnrichment(rt: Runtime, log: Logger, enrichPool: FairScheduler): Promise<Running> {
  return runDurableConsumer(rt.store, {
    durable: 'ingest-enrichment',
    filterSubject: 'tg.evt.*.entity.*',
    ackWaitMs: 60_000,
    concurrency: 256,
    log,
    handle: async (e) => {
      if (e.type !== 'ContentIndexed' || e.data.skip_media_enrich) return 'ack';
      const due = e.data.indexed_at + rt.config.enrichDelayMs;
      const wait = due - rt.now();
      if (wait > 0) return { nak: wait };
      const ws = e.metadata.workspace;
      const work = enrichPool.run(ws, async (): Promise<Outcome> => {
        const subject = EventStore.subject(ws, 'entity', e.data.entity_id);
        const { state } = await rt.repo.load(subject, entityDecider);
        if (!state.exists || state.textDigest !== e.data.text_digest) return 'ack';
        const enriched = await enrichmentFor(rt, e.data);
        await rt.repo.execute(subject, entityDecider, { type: 'EnrichContent', entity_id: e.data.entity_id, ...enriched, workspace: ws, at: rt.now() });
        return 'ack';
      });
      // Stopping: what has not started goes back to the stream for another instance or the next start.
      return work.catch((err: unknown): Outcome => {
        if (err instanceof SchedulerClosedError) return { nak: 0 };
        throw err;
      });
    },
  });
}
