import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@tg/config';
import { OP } from '@tg/contracts';
import { SifEmbedder } from '@tg/embedding';
import { RpcClient, connectNats, type NatsConnection } from '@tg/messaging';
import { createLogger } from '@tg/observability';
import { createRuntime } from '@tg/service-runtime';
import { TEST_MODEL_DIR } from '@tg/test-stack';
import { startNats, type TestNats } from '@tg/test-stack/nats';
import { startEmbeddingService } from './embedding-service';

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
});
