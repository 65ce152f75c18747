import { event, type Decider, type EventData, type TgEventOf } from '@tg/contracts';

type ItemResult = EventData<'BatchItemsSettled'>['results'][number];
type QueuedItem = EventData<'BatchChunkQueued'>['items'][number];

/** State of an asynchronous batch job. */
export interface BatchJobState {
  exists: boolean;
  total: number;
  chunkCount: number;
  /** Chunks queued so far (`BatchChunkQueued`, appended in order after `BatchJobSubmitted`). */
  queued: number;
  settled: Map<number, ItemResult[]>;
  status: 'Submitted' | 'Completed' | 'Failed';
  submittedAt: number;
  completedAt: number | null;
}

type Meta = { workspace: string; at: number; request_id?: string };
export type BatchJobCommand =
  | ({ type: 'SubmitBatchJob'; job_id: string; chunks: { offset: number; items: QueuedItem[] }[]; total: number; force_reindex: boolean } & Meta)
  | ({ type: 'SettleBatchChunk'; job_id: string; chunk: number; results: ItemResult[] } & Meta);
type JobEvent = TgEventOf<'BatchJobSubmitted'> | TgEventOf<'BatchChunkQueued'> | TgEventOf<'BatchItemsSettled'> | TgEventOf<'BatchJobCompleted'>;

export const batchJobDecider: Decider<BatchJobState, BatchJobCommand, JobEvent> = {
  initialState: () => ({ exists: false, total: 0, chunkCount: 0, queued: 0, settled: new Map(), status: 'Submitted', submittedAt: 0, completedAt: null }),
  decide(cmd, state) {
    const meta = { workspace: cmd.workspace, at: cmd.at, request_id: cmd.request_id };
    switch (cmd.type) {
      case 'SubmitBatchJob': {
        // The job id is derived from the request (its key and body): an exact retry names the same job. Submitted whole,
        // it is answered as it is; torn (killed after its first events), the retry queues the chunks still missing.
        if (state.exists) return cmd.chunks.slice(state.queued).map((c, i) => event('BatchChunkQueued', { job_id: cmd.job_id, chunk: state.queued + i, offset: c.offset, items: c.items }, meta));
        return [
          event('BatchJobSubmitted', { job_id: cmd.job_id, total: cmd.total, chunk_count: cmd.chunks.length, force_reindex: cmd.force_reindex, submitted_at: cmd.at }, meta),
          ...cmd.chunks.map((c, i) => event('BatchChunkQueued', { job_id: cmd.job_id, chunk: i, offset: c.offset, items: c.items }, meta)),
        ];
      }
      case 'SettleBatchChunk': {
        if (!state.exists || state.status !== 'Submitted') return [];
        const completed = (settled: ItemResult[][]) => {
          const failed = settled.flat().filter((r) => r.error).length;
          // A job ends Completed when at least one item succeeded; every item failing ends it Failed.
          const status = failed === state.total && state.total > 0 ? 'Failed' : 'Completed';
          return event('BatchJobCompleted', { job_id: cmd.job_id, status, failed, completed_at: cmd.at }, meta);
        };
        if (state.settled.has(cmd.chunk)) {
          // Every chunk settled but the job not completed: a torn append (BatchItemsSettled written, the
          // BatchJobCompleted of the same command not). The redelivered chunk completes the job, once.
          return state.settled.size === state.chunkCount ? [completed([...state.settled.values()])] : [];
        }
        const out: JobEvent[] = [event('BatchItemsSettled', { job_id: cmd.job_id, chunk: cmd.chunk, results: cmd.results, settled_at: cmd.at }, meta)];
        if (state.settled.size + 1 === state.chunkCount) out.push(completed([...state.settled.values(), cmd.results]));
        return out;
      }
      default: {
        const never: never = cmd;
        throw new Error(`unknown command ${String(never)}`);
      }
    }
  },
  evolve(state, e) {
    switch (e.type) {
      case 'BatchJobSubmitted':
        return { ...state, exists: true, total: e.data.total, chunkCount: e.data.chunk_count, submittedAt: e.data.submitted_at };
      case 'BatchChunkQueued':
        return { ...state, queued: state.queued + 1 };
      case 'BatchItemsSettled': {
        const settled = new Map(state.settled);
        settled.set(e.data.chunk, e.data.results);
        return { ...state, settled };
      }
      case 'BatchJobCompleted':
        return { ...state, status: e.data.status, completedAt: e.data.completed_at };
      default: {
        const never: never = e;
        return never;
      }
    }
  },
};

/** The job as clients poll it: `{ job_id, status, results? }`, results in input order once ended. */
export function batchJobView(jobId: string, s: BatchJobState) {
  const done = s.status !== 'Submitted';
  const settledItems = [...s.settled.values()].reduce((n, r) => n + r.length, 0);
  const view: Record<string, unknown> = {
    job_id: jobId,
    job_arn: `tg:job:${jobId}`,
    status: s.status,
    total: s.total,
    processed: settledItems,
    failed: [...s.settled.values()].flat().filter((r) => r.error).length,
    submitted_at: s.submittedAt,
  };
  if (done) {
    const results = [...s.settled.values()].flat().sort((a, b) => a.index - b.index);
    view['results'] = results.map(({ index: _i, ...r }) => r);
    view['completed_at'] = s.completedAt;
  }
  return view;
}
