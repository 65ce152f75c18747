import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@tg/config';
import { OP, decodeVector, encodeVector } from '@tg/contracts';
import { CachingEmbedder, SifEmbedder } from '@tg/embedding';
import { connectNats, type NatsConnection } from '@tg/messaging';
import { createLogger } from '@tg/observability';
import { startEmbeddingService } from '@tg/service-embedding';
import { createRuntime, rpcServer, type Runtime, type StartedService } from '@tg/service-runtime';
import { TEST_MODEL_DIR } from '@tg/test-stack';
import { startNats, type TestNats } from '@tg/test-stack/nats';
import { QueryEmbedder } from './query-embedder';

/** Texts through every path of the embedder: known words, unknown words (n-grams), other scripts, punctuation only, long. */
const TEXTS = [
  'modal jazz trumpet',
  'a cosy bakery with sourdough and cinnamon buns',
  'Zyxqvonic brütal Ölçek café',
  '東京 ramen 夜',
  '!!! ???',
  '',
  Array.from({ length: 300 }, (_, i) => ['hiking', 'trail', 'garden', 'novel', 'qwzx' + i][i % 5]).join(' '),
];

const bits = (v: Float32Array | null) => (v ? encodeVector(v) : null);

/**
 * The ranking service's query embedder over a real nats-server: it embeds a search's query in its own process only
 * with the very model the embedding service answers with (the same vectors, bit for bit, for probe texts), and asks
 * the embedding service otherwise.
 */
describe('ranking: query embeddings in process, only with the embedding service model', () => {
  let nats: TestNats;
  const conns: NatsConnection[] = [];
  const dirs: string[] = [];
  const started: StartedService[] = [];
  let model: SifEmbedder;

  const runtime = async (name: string, withModel: boolean): Promise<Runtime> => {
    const dataDir = mkdtempSync(join(tmpdir(), `tg-query-embed-${name}-`));
    dirs.push(dataDir);
    if (withModel) symlinkSync(TEST_MODEL_DIR, join(dataDir, 'models'));
    const config = loadConfig({}, { natsUrl: nats.url, dataDir, logLevel: 'silent', rpcPreferLocal: false });
    const nc = await connectNats(nats.url, name);
    conns.push(nc);
    return createRuntime(config, nc, createLogger(name, 'silent'));
  };

  beforeAll(async () => {
    nats = await startNats();
    mkdirSync(TEST_MODEL_DIR, { recursive: true });
    model = await SifEmbedder.load({ cacheDir: TEST_MODEL_DIR });
  }, 120_000);
  afterAll(async () => {
    for (const s of started.reverse()) await s.stop().catch(() => undefined);
    for (const c of conns) await c.close().catch(() => undefined);
    await nats?.dispose();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('embeds queries in process with the same vectors as the embedding service, and goes back to the bus when the service changes its model', async () => {
    const service = await startEmbeddingService(await runtime('embedding', true), model);
    started.push(service);
    const rt = await runtime('ranking', true);
    const q = new QueryEmbedder(rt, { recheckMs: 0 });
    expect(q.embedNow(TEXTS)).toBeUndefined();
    expect(await q.check()).toBe('local');
    const local = q.embedNow(TEXTS);
    expect(local).toBeDefined();
    const bus = await rt.rpc.call(OP.embed.query, { ws: '_', data: { texts: TEXTS } });
    expect(local!.map(bits)).toEqual(bus.data.vectors);
    expect((await q.embed(TEXTS, 'r1')).map(bits)).toEqual(bus.data.vectors);

    // The deployment's model changes (another embedding service answers): the next check goes back to the bus.
    await service.stop();
    const other = rpcServer(await runtime('other-embedding', false), 'embedding').serve(OP.embed.query, async (req) => ({
      data: { model: 'other-model-v1', dim: 3, vectors: req.data.texts.map(() => encodeVector(Float32Array.of(1, 0, 0))) },
    }));
    started.push({ name: 'other', stop: () => other.drain() });
    expect(await q.check()).toBe('bus');
    expect(q.embedNow(TEXTS)).toBeUndefined();
    expect((await q.embed(['anything'], 'r2')).map((v) => Array.from(v!))).toEqual([[1, 0, 0]]);
    await other.drain();
    q.close();
  }, 120_000);

  it('stays on the bus without a converted model in its data directory, and never converts one', async () => {
    const service = await startEmbeddingService(await runtime('embedding-2', true), model);
    started.push(service);
    const rt = await runtime('ranking-no-model', false);
    const q = new QueryEmbedder(rt, { recheckMs: 0 });
    expect(await q.check()).toBe('bus');
    expect(q.embedNow(['modal jazz'])).toBeUndefined();
    const models = join(rt.config.dataDir, 'models');
    expect(existsSync(models) ? readdirSync(models) : []).toEqual([]);
    const [v] = await q.embed(['modal jazz'], 'r3');
    const bus = await rt.rpc.call(OP.embed.query, { ws: '_', data: { texts: ['modal jazz'] } });
    expect(bits(v!)).toBe(bus.data.vectors[0]);
    expect(decodeVector(bus.data.vectors[0]!).length).toBe(model.dim);
    await service.stop();
    q.close();
  }, 120_000);

  it('does not load a second copy of the model where the embedding service runs in the same process', async () => {
    const rt = await runtime('all-in-one', true);
    const service = await startEmbeddingService(rt, model);
    started.push(service);
    const q = new QueryEmbedder(rt, { recheckMs: 0 });
    expect(await q.check()).toBe('in-process');
    expect(q.embedNow(['modal jazz'])).toBeUndefined();
    await service.stop();
    q.close();
  }, 120_000);

  it('embeds queries with the embedding service\'s own model object when the service runs in this process and hands it over', async () => {
    // No model files in this process's data dir: nothing is loaded from disk, the service's model object is used.
    const rt = await runtime('all-in-one-direct', false);
    // Cached, as the service loads its model; the cache sees every text the service is asked to embed.
    const cached = new CachingEmbedder(model, { maxEntries: 100 });
    const service = await startEmbeddingService(rt, cached);
    started.push(service);
    // Independent of TG_QUERY_EMBED_LOCAL (that loads a second copy of the model in another process).
    const q = new QueryEmbedder(rt, { recheckMs: 0, enabled: false, inProcess: service.queryModel });
    expect(await q.check()).toBe('in-process');
    const asked = () => cached.stats().hits + cached.stats().misses;
    for (const t of TEXTS) {
      const before = asked();
      const [now] = q.embedNow([t])!;
      const [later] = await q.embed([t], 'r5');
      // The service was asked nothing for them…
      expect(asked()).toBe(before);
      // …and its answer (over the bus here) is the same, bit for bit.
      const bus = await rt.rpc.call(OP.embed.query, { ws: '_', data: { texts: [t] } });
      expect(bits(now ?? null)).toBe(bus.data.vectors[0]);
      expect(bits(later ?? null)).toBe(bus.data.vectors[0]);
    }
    await service.stop();
    q.close();
  }, 120_000);
});
