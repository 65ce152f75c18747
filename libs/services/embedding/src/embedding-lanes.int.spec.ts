import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@tg/config';
import { OP } from '@tg/contracts';
import { SifEmbedder, type Embedder } from '@tg/embedding';
import { RpcClient, connectNats, type NatsConnection } from '@tg/messaging';
import { createLogger } from '@tg/observability';
import { createRuntime } from '@tg/service-runtime';
import { TEST_MODEL_DIR } from '@tg/test-stack';
import { startNats, type TestNats } from '@tg/test-stack/nats';
import { BULK_CHARS, BULK_CHUNK, BulkLane, startEmbeddingService } from './embedding-service';

/**
 * The embedding service over a real nats-server with the embedded model: a query embedding (a search waiting)
 * is not queued behind the bulk embeddings (ingestion) that reached the instance before it.
 */
describe('embedding lanes: queries ahead of bulk work', () => {
  let nats: TestNats;
  let nc: NatsConnection;
  let caller: NatsConnection;
  let service: Awaited<ReturnType<typeof startEmbeddingService>>;
  let dataDir: string;
  beforeAll(async () => {
    nats = await startNats();
    dataDir = mkdtempSync(join(tmpdir(), 'tg-embed-lanes-'));
    const config = loadConfig({}, { natsUrl: nats.url, dataDir, logLevel: 'silent', rpcPreferLocal: false });
    nc = await connectNats(nats.url, 'embedding');
    const rt = await createRuntime(config, nc, createLogger('embedding', 'silent'));
    service = await startEmbeddingService(rt, await SifEmbedder.load({ cacheDir: TEST_MODEL_DIR }));
    caller = await connectNats(nats.url, 'caller');
  }, 120_000);
  afterAll(async () => {
    await service?.stop();
    await nc?.close();
    await caller?.close();
    await nats?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers a query sent after twelve bulk requests before most of them, with the same vectors as the bulk lane', async () => {
    const rpc = new RpcClient(caller, 60_000);
    const words = 'jazz trumpet hiking trail bread recipe garden tomato river mountain novel poetry film camera coffee'.split(' ');
    // Distinct texts (no cache hits), long enough that a bulk request takes a while to embed.
    const text = (r: number, i: number) => Array.from({ length: 120 }, (_, k) => words[(r * 7 + i * 3 + k) % words.length]).join(' ') + ` r${r}i${i}`;
    const finished: string[] = [];
    const bulk = Array.from({ length: 12 }, (_, r) =>
      rpc.call(OP.embed.texts, { ws: '_', data: { texts: Array.from({ length: 256 }, (_, i) => text(r, i)) } }).then((x) => {
        finished.push(`bulk${r}`);
        return x;
      }),
    );
    const query = rpc.call(OP.embed.query, { ws: '_', data: { texts: ['modal jazz trumpet'] } }).then((x) => {
      finished.push('query');
      return x;
    });
    const [q, ...b] = await Promise.all([query, ...bulk]);
    // First come, first served, the query would finish last; in its own lane it passes the queued bulk work.
    expect(finished.indexOf('query')).toBeLessThan(6);
    expect(b.every((x) => x.data.vectors.length === 256 && x.data.vectors.every((v) => v !== null))).toBe(true);
    // Both lanes embed with the same model: the same text gives the same vector either way.
    const again = await rpc.call(OP.embed.texts, { ws: '_', data: { texts: ['modal jazz trumpet'] } });
    expect(again.data.vectors[0]).toBe(q.data.vectors[0]);
  });
  it('embeds a bulk request in turns of at most BULK_CHUNK texts and BULK_CHARS characters (a longer text alone), in order', async () => {
    // The service's own model, recorded call by call: each call is one turn of the event loop.
    const turns: number[][] = [];
    const recording: Embedder = {
      id: service.embedder.id,
      dim: service.embedder.dim,
      embed: (texts) => (turns.push(texts.map((t) => t.length)), service.embedder.embed(texts)),
    };
    const lane = new BulkLane(recording);
    const words = 'lantern harbour violin orchard glacier pepper saddle meadow cobalt thimble'.split(' ');
    const textOf = (chars: number, n: number) => {
      let t = `t${n}`;
      for (let k = 0; t.length < chars; k++) t += ` ${words[(n + k * 3) % words.length]}${k % 97}`;
      return t;
    };
    // Pages of content (8,000 characters, the longest a content text is embedded from), short texts, one very long text.
    const texts = [
      ...Array.from({ length: 10 }, (_, i) => textOf(8_000, i)),
      ...Array.from({ length: 70 }, (_, i) => textOf(100, 100 + i)),
      textOf(3 * BULK_CHARS, 999),
      ...Array.from({ length: 3 }, (_, i) => textOf(8_000, 200 + i)),
    ];
    const vectors = await lane.embed(texts);
    expect(turns.flat()).toEqual(texts.map((t) => t.length));
    for (const turn of turns) {
      expect(turn.length).toBeLessThanOrEqual(BULK_CHUNK);
      if (turn.length > 1) expect(turn.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(BULK_CHARS);
    }
    // Short texts still go BULK_CHUNK at a time.
    expect(turns.some((t) => t.length === BULK_CHUNK)).toBe(true);
    const direct = await service.embedder.embed(texts);
    expect(vectors.map((v) => (v ? Array.from(v) : null))).toEqual(direct.map((v) => (v ? Array.from(v) : null)));
  });
});
