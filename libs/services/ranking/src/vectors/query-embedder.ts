import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { OP, decodeVector, encodeVector } from '@tg/contracts';
import { GLOVE_BINARY_NAME, SifEmbedder } from '@tg/embedding';
import { embedTexts, type Runtime } from '@tg/service-runtime';

/**
 * Texts the embedding service and the local model must embed to the same bits before the local model is used: every
 * path of the embedder (known words, unknown words' n-grams, another script, no word at all, a long text).
 */
export const PROBE_TEXTS = [
  'tastegraph',
  'a jazz album for rainy evenings',
  'Zyxqvonic brütal Ölçek café',
  '東京 ramen 夜',
  '...',
  'hiking trail garden novel coffee market lake museum bakery studio library hotel bicycle watch backpack tent kettle',
];

/** Where queries are embedded: `local` (this process, the same model), `bus` (the embedding service), `in-process` (the embedding service runs here). */
export type QueryEmbedding = 'local' | 'bus' | 'in-process';

/** Options of {@link QueryEmbedder}. */
export interface QueryEmbedderOptions {
  /** Whether the local model may be used at all (default true here; the service passes `TG_QUERY_EMBED_LOCAL`, off unless set). */
  enabled?: boolean;
  /**
   * The embedding service's own model object, when that service runs in this process (the all-in-one): queries are
   * embedded with it directly — the very object that answers the service's calls, so the same vectors — instead of
   * through the service's call (its cache, the vectors' base64 and back). Used whatever `enabled` says: no second
   * copy of the model is loaded for it, so there is nothing to check.
   */
  inProcess?: SifEmbedder;
  /** How often the embedding service's model is compared again (0: only when {@link QueryEmbedder.check} is called). */
  recheckMs?: number;
  /** Told when the mode changes. */
  onMode?: (mode: QueryEmbedding, detail: Record<string, unknown>) => void;
}

/**
 * Embeds the ranking service's queries (a search waits for its query's vector). Asking the embedding service is a
 * round trip over the bus — two NATS hops and a wake-up of another process, 10 ms on average and 40-60 ms at the p99
 * on the loaded 2-core topology, for an embedding that takes ten microseconds (docs/benchmarks.md, mixed, tenth
 * session). When the deployment's model is the embedded GloVe SIF model and its converted binary is already in this
 * process's `TG_DATA_DIR/models` (never converted here), the ranking service loads it and embeds queries itself, but
 * only after the embedding service has embedded {@link PROBE_TEXTS} to the very same bits with the same model id;
 * the comparison is repeated every `recheckMs`, and any difference, error or other model sends queries to the
 * embedding service again. The vectors are thus those the embedding service would have answered, and every search
 * answers the same. Bulk work (texts of new content) always goes to the embedding service.
 */
export class QueryEmbedder {
  private model?: SifEmbedder;
  private loaded?: Promise<SifEmbedder | undefined>;
  private timer?: NodeJS.Timeout;
  private closed = false;
  mode: QueryEmbedding = 'bus';

  constructor(
    private readonly rt: Runtime,
    private readonly opts: QueryEmbedderOptions = {},
  ) {}

  /**
   * Loads the local model when it may be used (before the service takes requests: building its vocabulary holds
   * the event loop for a moment); settles either way.
   */
  async preload(): Promise<void> {
    if (this.opts.enabled === false || this.rt.local.get(OP.embed.query.subject)) return;
    await this.load();
  }

  /** Checks now and then every `recheckMs` (not awaited; queries go to the embedding service until a check passes). */
  start(): void {
    if (this.opts.enabled === false && !this.opts.inProcess) return;
    const again = () => {
      if (this.closed || !this.opts.recheckMs) return;
      this.timer = setTimeout(() => void this.check().finally(again), this.opts.recheckMs);
      this.timer.unref();
    };
    void this.check().finally(again);
  }

  /** The vectors of `texts` now, when queries are embedded in this process; undefined otherwise (ask {@link embed}). */
  embedNow(texts: string[]): (Float32Array | null)[] | undefined {
    const m = this.model;
    return m ? texts.map((t) => m.embedSync(t)) : undefined;
  }

  /** The vectors of `texts`: in this process when it can, else from the embedding service's query lane. */
  async embed(texts: string[], requestId: string): Promise<(Float32Array | null)[]> {
    const now = this.embedNow(texts);
    if (now) return now;
    const emb = await embedTexts(this.rt, texts, requestId, 'query');
    return emb.vectors.map((v) => (v ? decodeVector(v) : null));
  }

  /** Compares the local model with the embedding service's answers and sets where queries are embedded. */
  async check(): Promise<QueryEmbedding> {
    let mode: QueryEmbedding = 'bus';
    let model: SifEmbedder | undefined;
    let detail: Record<string, unknown> = {};
    try {
      if (this.rt.local.get(OP.embed.query.subject)) {
        mode = 'in-process';
        // The service's own model object when it was handed over (else its calls, in this process).
        model = this.opts.inProcess;
        detail = { direct: !!model };
      } else if (this.opts.enabled === false) detail = { reason: 'TG_QUERY_EMBED_LOCAL=false' };
      else {
        const local = await this.load();
        if (!local) detail = { reason: `no converted model in ${this.modelDir}` };
        else {
          const bus = await embedTexts(this.rt, PROBE_TEXTS, undefined, 'query');
          const same = bus.model === local.id && bus.dim === local.dim && PROBE_TEXTS.every((t, i) => bits(local.embedSync(t)) === (bus.vectors[i] ?? null));
          if (same) [mode, model] = ['local', local];
          detail = { model: bus.model, local: local.id, same };
        }
      }
    } catch (err) {
      detail = { reason: 'check failed', err: String((err as Error)?.message ?? err) };
    }
    if (this.closed) [mode, model] = ['bus', undefined];
    this.model = model;
    if (mode !== this.mode) this.opts.onMode?.(mode, detail);
    this.mode = mode;
    return mode;
  }

  close(): void {
    this.closed = true;
    this.model = undefined;
    this.mode = 'bus';
    clearTimeout(this.timer);
  }

  private get modelDir(): string {
    return join(this.rt.config.dataDir, 'models');
  }

  /** The local model, loaded once, only from a binary that is already there (the embedding service converts it). */
  private load(): Promise<SifEmbedder | undefined> {
    if (!existsSync(join(this.modelDir, GLOVE_BINARY_NAME))) return Promise.resolve(undefined);
    this.loaded ??= SifEmbedder.load({ cacheDir: this.modelDir, convert: false }).catch(() => {
      this.loaded = undefined;
      return undefined;
    });
    return this.loaded;
  }
}

const bits = (v: Float32Array | null) => (v ? encodeVector(v) : null);
