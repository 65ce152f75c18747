import { OP } from '@tg/contracts';
import type { SifEmbedder } from '@tg/embedding';
import { TemplateGenerator, type TextGenerator } from '@tg/language';
import { lexicalDigest } from '@tg/domain';
import { catalogDigestHandler, type ReadModelHost } from '@tg/read-model';
import { embedTexts, rpcServer, type Runtime, type StartedService } from '@tg/service-runtime';
import { QdrantVectorIndex, type ProjectedVectorIndex } from '@tg/vector-store';
import { askHandler } from './ask/ask';
import { explainHandler } from './explain/explain';
import { createGenerator } from './generate';
import { LearnedGraphs } from './learned/learned-graph';
import { ProfileComposer } from './profile/profile-thread';
import { QueryEmbedder } from './vectors/query-embedder';
import { type RankingDeps } from './ranking-deps';
import { RankingIndex } from './vectors/ranking-index';
import { recommendHandler } from './recommend/recommend';
import { rerankHandler } from './rerank/rerank';
import { scoreHandler } from './score/score';
import { contentMatch } from './evidence/scoring';
import { searchHandler } from './search/search';
import { TasteNeighbourhoods } from './evidence/taste-neighbourhood';

/** Options of {@link startRankingService}. */
export interface RankingServiceOptions {
  /** Text generator for /ask and /explain (default: Ollama when configured, else the template). */
  generator?: TextGenerator;
  /**
   * A vector index outside the read model to feed and search instead of holding the vectors in this process
   * (default: Qdrant when `QDRANT_URL` is set, else none).
   */
  vectors?: ProjectedVectorIndex;
  /**
   * The embedding service's model object when that service runs in this process (`startEmbeddingService`'s
   * `queryModel`): search queries are embedded with it directly instead of through the service's call.
   */
  queryModel?: SifEmbedder;
}

/**
 * Opens Qdrant as the vector projection's index: one collection per embedding model, named after the model the
 * embedding service reports (asked until it answers, for up to ten minutes: it may start after this service).
 */
export async function openQdrant(rt: Runtime, url: string): Promise<ProjectedVectorIndex> {
  const until = Date.now() + 600_000;
  for (;;) {
    try {
      const { model, dim } = await embedTexts(rt, ['tastegraph'], undefined, 'query');
      return new QdrantVectorIndex({ url, apiKey: rt.config.qdrantApiKey, model, dim });
    } catch (err) {
      if (Date.now() > until) throw err;
      rt.log.warn({ err }, 'vector projection: the embedding service did not say its model yet; asking again');
      await new Promise((r) => setTimeout(r, 2_000));
    }
  }
}

/**
 * Starts the ranking service: builds what its use cases share ({@link RankingDeps}) and binds one handler per
 * use case, each in its own folder (search/, rerank/, score/, recommend/, ask/, explain/).
 */
export async function startRankingService(rt: Runtime, host: ReadModelHost, opts: RankingServiceOptions = {}): Promise<StartedService & { index: RankingIndex }> {
  const qdrantUrl = rt.config.qdrantUrl;
  const open = opts.vectors ? async () => opts.vectors! : qdrantUrl ? () => openQdrant(rt, qdrantUrl) : undefined;
  const index = new RankingIndex(host, {
    thread: rt.config.vectorThread,
    onThreadError: (err) => rt.log.error({ err }, 'vector index worker failed; searching on the main thread'),
    projected: open && { open, projectionKey: `ranking:${host.partitionKey}`, log: rt.log },
  });
  const neighbourhoods = new TasteNeighbourhoods({
    search: (ws, type, q, k) => index.search(ws, type, q, k),
    searchMany: (ws, type, qs, ks) => index.searchMany(ws, type, qs, ks),
    vector: (cat, id) => index.representative(cat.id, id),
    match: (v, p) => contentMatch(v, p).score,
  });
  // Learned item-item graph evidence per workspace, refitted in the background (learned-graph.ts).
  // Taste profiles of parents whose links changed, composed off the read path (profile-thread.ts), and the
  // taste neighbourhoods searches asked about for them recomputed for the new profile.
  const profiles = new ProfileComposer(host, {
    onError: (err) => rt.log.error({ err }, 'profile worker failed; composing on the main thread'),
    onComposed: (cat, id, profile) => void neighbourhoods.refresh(cat, id, profile).catch((err: unknown) => rt.log.warn({ err }, 'taste neighbourhood refresh failed')),
  });
  // Search queries embedded in this process once it holds the embedding service's very model (query-embedder.ts).
  const queries = new QueryEmbedder(rt, {
    enabled: rt.config.queryEmbedLocal,
    inProcess: opts.queryModel,
    recheckMs: 60_000,
    onMode: (mode, detail) => rt.log.info({ mode, ...detail }, 'search queries: where they are embedded'),
  });
  const learned = new LearnedGraphs(host, { debounceMs: rt.config.clusterDebounceMs, onError: (err, ws) => rt.log.error({ err, ws }, 'learned graph fit failed') });
  const deps: RankingDeps = {
    rt,
    host,
    index,
    neighbourhoods,
    learned,
    generator: opts.generator ?? createGenerator(rt),
    template: new TemplateGenerator(),
    themeCache: new Map(),
    embed: (texts, requestId) => queries.embed(texts, requestId),
    embedNow: (texts) => queries.embedNow(texts),
  };
  let stopped = false;
  // Joins its queue group once the read model has caught up and the search indexes are built.
  const ready = host.whenLive.then(async () => {
    // With a projected index (Qdrant): reconciled with the read model before the first search.
    // A projected index that cannot be reached keeps this instance out of its queue group, retried.
    for (let attempt = 1; index.projection && !stopped; attempt++) {
      try {
        await index.projection.start();
        break;
      } catch (err) {
        rt.log.error({ err, attempt }, 'vector projection could not reconcile its index; retrying');
        await new Promise((r) => setTimeout(r, Math.min(30_000, 1_000 * attempt)));
      }
    }
    const t0 = Date.now();
    await queries.preload();
    // A failure to warm is logged and the service joins anyway (its first searches then build what is missing).
    const warmed = await index.warm().catch((err: unknown) => void rt.log.error({ err }, 'warming the ranking indexes failed'));
    rt.log.info({ ...warmed, ms: Date.now() - t0, restored: index.restored }, 'ranking indexes warmed');
    if (!stopped) queries.start();
  });
  const server = rpcServer(rt, 'ranking', { whenLive: ready })
    .serve(OP.rank.search, searchHandler(deps))
    .serve(OP.rank.rerank, rerankHandler(deps))
    .serve(OP.rank.score, scoreHandler(deps))
    .serve(OP.rank.recommend, recommendHandler(deps))
    .serve(OP.rank.ask, askHandler(deps))
    .serve(OP.rank.explain, explainHandler(deps))
    // The catalog, the vectors and the lexical indexes its searches read, at its position (replay checks; the learned
    // graphs, refitted in the background, are not in it).
    .serve(OP.rank.digest, catalogDigestHandler(host, () => ({ ...index.digest(), lexical: lexicalDigest(host.catalog) })));
  return {
    name: 'ranking',
    index,
    async stop() {
      stopped = true;
      await server.drain();
      await index.close();
      await learned.close();
      await profiles.close();
      queries.close();
    },
  };
}
