import { TgError, type OP } from '@tg/contracts';
import { batchJobDecider, batchJobView, conflictingDuplicates } from '@tg/domain';
import { EventStore, derivedRequestId, type OperationHandler } from '@tg/messaging';
import type { Runtime } from '@tg/service-runtime';
import { ingestItems } from '../ingest/ingest-items';
import type { IngestItem } from '../ingest/prepare';

/** Items in one queued chunk of an asynchronous job (kept small: NATS payloads stay under 1 MiB). */
const CHUNK_ITEMS = 250;
const CHUNK_BYTES = 256 * 1024;

/** Splits items into chunks bounded by count and serialized size. */
export function chunkItems(items: IngestItem[]): { offset: number; items: IngestItem[] }[] {
  const chunks: { offset: number; items: IngestItem[] }[] = [];
  let cur: IngestItem[] = [];
  let bytes = 0;
  let offset = 0;
  items.forEach((it, i) => {
    const size = Buffer.byteLength(JSON.stringify(it));
    if (cur.length && (cur.length >= CHUNK_ITEMS || bytes + size > CHUNK_BYTES)) {
      chunks.push({ offset, items: cur });
      cur = [];
      bytes = 0;
      offset = i;
    }
    cur.push(it);
    bytes += size;
  });
  if (cur.length) chunks.push({ offset, items: cur });
  return chunks;
}

/** `tg.rpc.ingest.batch`: small batches are ingested at once (200 with results); large ones become a job of queued chunks (202). */
export function batchHandler(rt: Runtime): OperationHandler<typeof OP.ingest.batch> {
  return async (req, ctx) => {
    const { content, ids, entity_ids, force_reindex } = req.data;
    if (ids && ids.length !== content.length) throw new TgError('validation_failed', '`ids` must be parallel to `content` (same length)');
    if (entity_ids && entity_ids.length !== content.length) throw new TgError('validation_failed', '`entity_ids` must be parallel to `content` (same length)');
    const items: IngestItem[] = content.map((c, i) => ({ content: c, id: ids?.[i] ?? undefined, entity_id: entity_ids?.[i] ?? undefined, force_reindex }));
    // Two items for one URL or id with other fields: the later one is refused, whatever the timing (and in a job, in
    // whichever chunk each lands).
    conflictingDuplicates(items).forEach((first, i) => {
      if (first !== undefined) items[i]!.duplicate_of = first;
    });
    // Nothing to do is answered at once, also when a job was asked for: a job of no chunk would never end.
    if (!items.length || (!req.data.async && items.length <= rt.config.batchSyncMax)) {
      const { results, seq } = await ingestItems(rt, req.ws, items, ctx.requestId, false);
      return { data: { status: 200 as const, body: { results } }, seq: seq || undefined };
    }
    // Derived from the request (key and body), so that its resend answers the same job instead of submitting another.
    const jobId = derivedRequestId(req.ws, ctx.requestId, req.data);
    const chunks = chunkItems(items);
    const out = await rt.repo.execute(EventStore.subject(req.ws, 'job', jobId), batchJobDecider, {
      type: 'SubmitBatchJob',
      job_id: jobId,
      chunks,
      total: items.length,
      force_reindex: !!force_reindex,
      workspace: req.ws,
      at: rt.now(),
      request_id: ctx.requestId,
    });
    return {
      data: { status: 202 as const, body: { job_id: jobId, job_arn: `tg:job:${jobId}`, status: 'Submitted', status_path: `/v1/entity/batch/jobs/${encodeURIComponent(jobId)}` } },
      seq: out.seq,
    };
  };
}

/** `tg.rpc.ingest.job`: a batch job's status, with its results once settled. */
export function jobHandler(rt: Runtime): OperationHandler<typeof OP.ingest.job> {
  return async (req) => {
    const { state } = await rt.repo.load(EventStore.subject(req.ws, 'job', req.data.job_id), batchJobDecider);
    if (!state.exists) throw new TgError('job_not_found', 'Job not found');
    return { data: batchJobView(req.data.job_id, state) };
  };
}
