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

/** Starts the embedding service: text → vector, one model per deployment, cached by text digest. */
export async function startEmbeddingService(rt: Runtime, embedder?: Embedder): Promise<StartedService & { embedder: Embedder }> {
  const model = embedder ?? (await loadEmbedder(rt));
  const server = rpcServer(rt, 'embedding').serve(OP.embed.texts, async (req) => {
    const vectors = await model.embed(req.data.texts);
    return { data: { model: model.id, dim: model.dim, vectors: vectors.map((v) => (v ? encodeVector(v) : null)) } };
  });
  return { name: 'embedding', embedder: model, stop: () => server.drain() };
}
