import type { WorkspaceCatalog } from '@tg/domain';
import type { UserLinks } from '@tg/math';
import { SerialWorker } from '@tg/service-runtime';
import { fitLearned, type LearnedFit } from './learned-blend';
import { learnedInput, type Linker } from './learned-input';

/**
 * A batch of a workspace's content vectors for the worker's mirror: `ids[i]`'s vector is
 * `data[offsets[i]..offsets[i+1]]`, or removed when that range is empty; `keys[i]` its order key (`orderKey`),
 * `terms[i]` its lexical terms (`ContentVectors.terms`).
 */
export interface VectorBatch {
  kind: 'vectors';
  ws: string;
  ids: string[];
  keys: string[];
  terms: string[];
  offsets: Int32Array;
  data: Float32Array;
}

/** A fit of a workspace: its linkers (the worker reads the vectors from its mirror); `cat` only for the main-thread fallback. */
export interface FitJob {
  kind: 'fit';
  ws: string;
  linkers: Linker[];
  cat: WorkspaceCatalog;
}

/** What a fit gives back: the prepared input's ids and links (not its vectors) and the fitted model, or null (nothing to learn). */
export type FitResult = { users: string[]; items: string[]; links: UserLinks; dim: number; fitted: LearnedFit } | null;

type Job = VectorBatch | FitJob;
type Reply = { ok: true } | { fit: FitResult };

/**
 * Runs the learned graph model's input preparation, validation and fit (`prepareInput` + `fitLearned`) on a worker
 * thread, one job at a time, so that a background recompute does not stall requests. The worker keeps a mirror of
 * each workspace's content vectors, fed by {@link VectorBatch}es of what changed (sent in small batches before a
 * fit), so a fit sends only the links. Same functions on the same data, so the same model as on the main thread
 * (`fitLearnedModel`); if the worker fails (or `threaded` is false), fits run on the main thread from the catalog.
 */
export class LearnedThread {
  private readonly worker: SerialWorker<Job, Reply>;

  constructor(
    /** Whether a worker thread runs the fits (when false, vector batches need not be sent). */
    readonly threaded: boolean,
    onError?: (error: Error) => void,
  ) {
    this.worker = new SerialWorker<Job, Reply>(
      new URL('./learned-worker-boot.mjs', import.meta.url),
      'learned-graph',
      {
        message: (job) => {
          if (job.kind === 'vectors') return { data: job, transfer: [job.data.buffer as ArrayBuffer, job.offsets.buffer as ArrayBuffer] };
          const { cat: _cat, ...sent } = job;
          return { data: sent };
        },
        output: (reply) => {
          const r = reply as Reply | undefined;
          return r && ('ok' in r || 'fit' in r) ? r : undefined;
        },
        inline: (job) => (job.kind === 'vectors' ? { ok: true } : { fit: fitFromCatalog(job.cat) }),
      },
      { threaded, onError },
    );
  }

  /** Sends a batch of vectors to the worker's mirror. */
  async vectors(batch: VectorBatch): Promise<void> {
    await this.worker.run(batch);
  }

  /** Fits a workspace from its linkers (and the worker's mirror of its vectors). */
  async fit(job: FitJob): Promise<FitResult> {
    const r = await this.worker.run(job);
    return 'fit' in r ? r.fit : null;
  }

  close(): Promise<void> {
    return this.worker.close();
  }
}

/** The fit on the main thread, reading the catalog itself (the fallback; the same function of the same data). */
function fitFromCatalog(cat: WorkspaceCatalog): FitResult {
  const p = learnedInput(cat);
  return p && { users: p.users, items: p.items, links: p.input.links, dim: p.input.dim, fitted: fitLearned(p.input) };
}
