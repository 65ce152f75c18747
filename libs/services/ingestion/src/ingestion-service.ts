import { OP, TgError, isTgError, type IngestResult } from '@tg/contracts';
import { batchJobDecider, batchJobView, entityDecider, linkDecider, linkId } from '@tg/domain';
import { EventStore, runDurableConsumer, type Outcome, type Running } from '@tg/messaging';
import { embedTexts, mapLimit, rpcServer, type Runtime, type StartedService } from '@tg/service-runtime';
import { enrichmentFor } from './enrich';
import { FairScheduler, SchedulerClosedError } from './fair-scheduler';
import { prepareItem, type IngestItem, type PreparedItem } from './prepare';

/** Items in one queued chunk of an asynchronous job (kept small: NATS payloads stay under 1 MiB). */
const CHUNK_ITEMS = 250;
const CHUNK_BYTES = 256 * 1024;
/** Background enrichment fetches running at once (all workspaces together). */
const ENRICH_FETCHES = 8;

/**
 * The ingestion core: prepares items in parallel, embeds what changed in one call to the embedding
 * service, then commits (URL claim, content events, parent link). Results keep input order; with
 * `throwOnError` the first failure is thrown (single-item calls), else it is reported per item.
 */
export async function ingestItems(rt: Runtime, ws: string, items: IngestItem[], requestId: string, throwOnError: boolean, retryLost = true): Promise<{ results: IngestResult[]; seq: number }> {
  let model: string | undefined;
  // Parents' current incarnations, read from their aggregates (links bind them).
  const parents = new Map<PreparedItem, number>();
  const prepared = await mapLimit(items, 32, async (item) => {
    try {
      const p = await prepareItem(rt, ws, item, model);
      if (item.entity_id) {
        const parent = await rt.repo.load(EventStore.subject(ws, 'entity', item.entity_id), entityDecider);
        if (!parent.state.exists) throw new TgError('entity_not_found', 'Entity not found', { entity_id: item.entity_id });
        if (parent.state.kind === 'content') throw new TgError('bad_request', 'Content cannot be linked to a content entity');
        parents.set(p, parent.state.incarnation);
      }
      return p;
    } catch (e) {
      if (throwOnError || !isTgError(e)) throw e;
      return e;
    }
  });
  const toEmbed = prepared.filter((p): p is PreparedItem => !(p instanceof Error) && !p.unchanged);
  const vectors = new Map<PreparedItem, { vector: string | null; model: string; dim: number }>();
  if (toEmbed.length) {
    const emb = await embedTexts(rt, toEmbed.map((p) => p.text), requestId);
    model = emb.model;
    toEmbed.forEach((p, i) => vectors.set(p, { vector: emb.vectors[i] ?? null, model: emb.model, dim: emb.dim }));
  }
  let seq = 0;
  const results = await mapLimit(prepared, 64, async (p, i): Promise<IngestResult> => {
    const url = items[i]!.content?.url ?? '';
    try {
      if (p instanceof Error) throw p;
      const at = rt.now();
      let created = false;
      let childIncarnation = p.before.incarnation;
      if (!p.unchanged) {
        const v = vectors.get(p)!;
        if (!v.vector) throw new TgError('no_text_to_embed', 'No text to embed: the text has no words the embedding model knows');
        if (p.needsClaim) {
          // URL ownership is decided on the URL's home aggregate (expected sequence), where content without an
          // id is indexed too: two writers racing for one URL cannot both own it.
          const r = await rt.repo.execute(EventStore.subject(ws, 'entity', p.home), entityDecider, {
            type: 'ClaimUrl', entity_id: p.home, url: p.url, claimant: p.id, workspace: ws, at, request_id: requestId,
          });
          seq = Math.max(seq, r.seq);
        }
        const c = p.item.content;
        const r = await rt.repo.execute(EventStore.subject(ws, 'entity', p.id), entityDecider, {
          type: 'IndexContent',
          entity_id: p.id,
          url: p.url,
          media_type: c.type,
          text: p.text,
          text_digest: p.digest,
          name: p.name,
          description: p.description,
          title: p.title,
          page_description: p.pageDescription,
          domain: p.domain,
          ref: c.ref,
          source: p.source,
          skip_url_fetch: !!c.skip_url_fetch,
          skip_media_enrich: !!c.skip_media_enrich,
          force_reindex: !!p.item.force_reindex,
          vector: v.vector,
          model: v.model,
          dim: v.dim,
          workspace: ws,
          at,
          request_id: requestId,
        });
        seq = Math.max(seq, r.seq);
        // Created here only when this command's first event began the incarnation (not a racing writer's).
        created = r.events.length > 0 && r.state.incarnation === r.seqs[0];
        // Completing this request's own torn index (its ContentIndexed written before a crash): still its create.
        if (r.events.length > 0 && r.events[0]!.type === 'ContentEmbedded') created = !!r.state.createdBy && r.state.createdBy === requestId;
        childIncarnation = r.state.incarnation;
      } else {
        // An exact retry (same key, nothing changed) answers as the create did.
        created = !!p.before.createdBy && p.before.createdBy === requestId;
      }
      if (p.item.entity_id) {
        const r = await rt.repo.execute(EventStore.subject(ws, 'link', linkId(p.item.entity_id, p.id)), linkDecider, {
          type: 'LinkChild',
          workspace: ws,
          parent_id: p.item.entity_id,
          child_id: p.id,
          rel: 'about',
          weight: 1,
          parent_incarnation: parents.get(p) ?? 0,
          child_incarnation: childIncarnation,
          at,
          request_id: requestId,
        });
        seq = Math.max(seq, r.seq);
      }
      return { entity_id: p.id, created, url: p.url, vectorstore_document_id: p.id };
    } catch (e) {
      if (retryLost && !(p instanceof Error) && isTgError(e) && e.code === 'url_conflict' && !(p.item.id ?? p.item.content.id)) {
        // An item without an id lost its URL to a claim by an explicit id (between preparing and committing):
        // it is that entity's content now, as if it had been sent after the claim. Prepared again, once.
        const again = await ingestItems(rt, ws, [p.item], requestId, throwOnError, false);
        seq = Math.max(seq, again.seq);
        return again.results[0]!;
      }
      if (throwOnError || !isTgError(e)) throw e;
      return { url, error: e.message, code: e.code };
    }
  });
  return { results, seq };
}

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

/** Starts the ingestion service: content create/re-index, batch jobs, background enrichment. */
export async function startIngestionService(rt: Runtime): Promise<StartedService> {
  const log = rt.log.child({ service: 'ingestion' });
  const server = rpcServer(rt, 'ingestion')
    .serve(OP.ingest.content, async (req, ctx) => {
      const { results, seq } = await ingestItems(rt, req.ws, [req.data], ctx.requestId, true);
      const r = results[0]!;
      // With throwOnError an item's failure is thrown, never reported: the one result is the indexed content.
      if ('error' in r) throw new TgError('internal', r.error);
      return { data: r, seq: seq || undefined };
    })
    .serve(OP.ingest.batch, async (req, ctx) => {
      const { content, ids, entity_ids, force_reindex } = req.data;
      if (ids && ids.length !== content.length) throw new TgError('validation_failed', '`ids` must be parallel to `content` (same length)');
      if (entity_ids && entity_ids.length !== content.length) throw new TgError('validation_failed', '`entity_ids` must be parallel to `content` (same length)');
      const items: IngestItem[] = content.map((c, i) => ({ content: c, id: ids?.[i] ?? undefined, entity_id: entity_ids?.[i] ?? undefined, force_reindex }));
      if (!req.data.async && items.length <= rt.config.batchSyncMax) {
        const { results, seq } = await ingestItems(rt, req.ws, items, ctx.requestId, false);
        return { data: { status: 200 as const, body: { results } }, seq: seq || undefined };
      }
      const jobId = rt.newId();
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
    })
    .serve(OP.ingest.job, async (req) => {
      const { state } = await rt.repo.load(EventStore.subject(req.ws, 'job', req.data.job_id), batchJobDecider);
      if (!state.exists) throw new TgError('job_not_found', 'Job not found');
      return { data: batchJobView(req.data.job_id, state) };
    });

  const running: Running[] = [];
  // Asynchronous batch jobs: each queued chunk is processed once, idempotently, then settled.
  running.push(
    await runDurableConsumer(rt.store, {
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
          results = items.map((it) => ({ url: it.content?.url ?? '', error: String((err as Error).message), code: 'internal' }));
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
    }),
  );

  // Background enrichment: replaces placeholder name/description once the delay has passed. Many messages
  // are held at once, but the fetches run in a pool of 8 shared fairly between workspaces (one tenant's slow
  // URLs cannot starve another's).
  const enrichPool = new FairScheduler(ENRICH_FETCHES, ENRICH_FETCHES - 1);
  running.push(
    await runDurableConsumer(rt.store, {
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
    }),
  );
  return {
    name: 'ingestion',
    async stop() {
      await server.drain();
      enrichPool.close();
      for (const r of running) await r.stop();
    },
  };
}
