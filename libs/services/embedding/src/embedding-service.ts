import { join } from 'node:path';
import { OP, encodeVector } from '@tg/contracts';
import { CachingEmbedder, OllamaEmbedder, SifEmbedder, type Embedder } from '@tg/embedding';
import { rpcServer, type Runtime, type StartedService } from '@tg/service-runtime';

/** Loads the configured embedder: Ollama when OLLAMA_HOST is set, else the embedded GloVe SIF model. */
export async function loadEmbedder(rt: Runtime): Promise<Embedder> {
  if (rt.config.ollamaHost) {
    const o = new OllamaEmbedder({ host: rt.config.ollamaHost, model: rt.config.ollamaEmbedModel, timeoutMs: rt.config.ollamaTimeoutMs });
    await o.probe();
    return new CachingEmbedder(o, { maxEntries: 50_000 });
  }
  const t0 = Date.now();
  const sif = await SifEmbedder.load({ cacheDir: join(rt.config.dataDir, 'models') });
  rt.log.info({ model: sif.id, ms: Date.now() - t0 }, 'embedding model loaded');
  return new CachingEmbedder(sif, { maxEntries: 100_000 });
}

/** Texts a bulk request embeds before it lets the event loop take other requests (queries) in. */
export const BULK_CHUNK = 32;
/**
 * Characters of text a bulk request embeds before it lets the event loop take other requests in (a longer text goes
 * alone): 32 pages of 8,000 characters of rare words took 0.4 s in one turn, and a search waited for all of it.
 */
export const BULK_CHARS = 16_384;

/**
 * Bulk embeddings, one request after another and a few texts at a time (at most {@link BULK_CHUNK} texts and
 * {@link BULK_CHARS} characters), each few in its own turn of the event loop. A query embedding (`OP.embed.query`, a
 * search waiting) is answered in the turn it arrives, so it waits for at most one such turn, not for every bulk
 * request that reached this instance before it (as it did when the two shared one first-come, first-served operation).
 */
export class BulkLane {
  private tail: Promise<unknown> = Promise.resolve();
  constructor(private readonly model: Embedder) {}

  embed(texts: string[]): Promise<(Float32Array | null)[]> {
    const run = this.tail.then(async () => {
      const out: (Float32Array | null)[] = [];
      for (let i = 0; i < texts.length; ) {
        await new Promise((r) => setImmediate(r));
        let end = i + 1;
        for (let chars = texts[i]!.length; end < texts.length && end - i < BULK_CHUNK && chars + texts[end]!.length <= BULK_CHARS; end++) chars += texts[end]!.length;
        out.push(...(await this.model.embed(texts.slice(i, end))));
        i = end;
      }
      return out;
    });
    this.tail = run.catch(() => undefined);
    return run;
  }
}

/** Starts the embedding service: text → vector, one model per deployment, cached by text digest; queries ahead of bulk work. */
export async function startEmbeddingService(rt: Runtime, embedder?: Embedder): Promise<StartedService & { embedder: Embedder; queryModel?: SifEmbedder }> {
  const model = embedder ?? (await loadEmbedder(rt));
  const bulk = new BulkLane(model);
  const reply = (vectors: (Float32Array | null)[]) => ({ data: { model: model.id, dim: model.dim, vectors: vectors.map((v) => (v ? encodeVector(v) : null)) } });
  const server = rpcServer(rt, 'embedding')
    .serve(OP.embed.texts, async (req) => reply(await bulk.embed(req.data.texts)))
    .serve(OP.embed.query, async (req) => reply(await model.embed(req.data.texts)));
  return { name: 'embedding', embedder: model, queryModel: syncModelOf(model), stop: () => server.drain() };
}

/**
 * The embedded SIF model behind an embedder (itself, or the one its cache wraps), which embeds a text synchronously in
 * microseconds: a ranking service in the same process embeds its queries with this very object (the same vectors as
 * this service answers) instead of calling the service. Undefined for a remote model (Ollama).
 */
export function syncModelOf(e: Embedder): SifEmbedder | undefined {
  const inner = e instanceof CachingEmbedder ? e.wrapped : e;
  return inner instanceof SifEmbedder ? inner : undefined;
}
