import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@tg/config';
import { encodeVector, event, type EventData, type StoredEvent } from '@tg/contracts';
import { createRng, gaussian } from '@tg/math';
import { EventStore, connectNats, type NatsConnection } from '@tg/messaging';
import { createLogger } from '@tg/observability';
import { startNats, type TestNats } from '@tg/test-stack/nats';
import { ReadModelHost } from '@tg/read-model';
import { createRuntime } from '@tg/service-runtime';
import { startTasteService } from '../taste-service';

const WS = 'ws_replicas';

/** How long background cluster fits may take on a saturated machine (niced, paced): @tg/test-stack's BACKGROUND_WAIT_MS. */
const BACKGROUND_WAIT_MS = 120_000;

/** Polls a condition until it holds (bounded). Local: this library may not import the test stack (it imports services). */
async function eventually(fn: () => Promise<boolean>, opts: { what: string; timeoutMs: number }): Promise<void> {
  const deadline = Date.now() + opts.timeoutMs;
  while (!(await fn())) {
    if (Date.now() > deadline) throw new Error(`condition not met in time: ${opts.what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
const DIM = 32;

/** Three taste services, each with its own NATS connection, read model and RPC server (same queue group). */
describe('taste replicas: exactly one ClustersComputed per recomputation', () => {
  let nats: TestNats;
  let writer: NatsConnection;
  let store: EventStore;
  const dirs: string[] = [];
  const instances: { nc: NatsConnection; host: ReadModelHost; taste: Awaited<ReturnType<typeof startTasteService>> }[] = [];
  beforeAll(async () => {
    nats = await startNats();
    writer = await connectNats(nats.url, 'writer');
    store = await EventStore.open(writer);
    for (let i = 0; i < 3; i++) {
      const dataDir = mkdtempSync(join(tmpdir(), `tg-taste-replica-${i}-`));
      dirs.push(dataDir);
      const config = loadConfig({}, { natsUrl: nats.url, dataDir, clusterDebounceMs: 150, snapshotEveryEvents: -1, logLevel: 'silent', rpcPreferLocal: false });
      const nc = await connectNats(nats.url, `taste-${i}`);
      const rt = await createRuntime(config, nc, createLogger(`taste-${i}`, 'silent'));
      const host = new ReadModelHost(rt);
      const taste = await startTasteService(rt, host);
      await host.start();
      instances.push({ nc, host, taste });
    }
  });
  afterAll(async () => {
    for (const x of instances) {
      await x.taste.stop();
      await x.host.stop();
      await x.nc.close();
    }
    await writer?.close();
    await nats?.dispose();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  const rng = createRng(5);
  const centres = [0, 1, 2].map(() => Float32Array.from({ length: DIM }, () => gaussian(rng)));
  const words = ['jazz saxophone trumpet', 'football goal stadium', 'recipe garlic oven'];
  let n = 0;
  /** A burst of content items around three topics, appended at once. */
  const burst = async (count: number) => {
    await Promise.all(
      Array.from({ length: count }, async () => {
        const i = n++;
        const t = i % 3;
        const id = `item-${i}`;
        const meta = { workspace: WS, at: Date.now() };
        const v = centres[t]!.map((x) => x + 0.3 * gaussian(rng));
        const indexed: EventData<'ContentIndexed'> = {
          entity_id: id, url: `https://x.test/${id}`, media_type: 'text', name: id, description: '', text: `${words[t]} item ${i}`, text_digest: id,
          source: 'inline', skip_url_fetch: true, skip_media_enrich: true, indexed_at: meta.at,
        };
        await store.append(EventStore.subject(WS, 'entity', id), [event('ContentIndexed', indexed, meta), event('ContentEmbedded', { entity_id: id, of: 'content', model: 'm', dim: DIM, vector: encodeVector(v), text_digest: id, embedded_at: meta.at }, meta)], { expectedSeq: 0 });
      }),
    );
  };
  /** Every instance has read the whole stream and has no recomputation pending or running. */
  const quiet = () =>
    eventually(async () => {
      const last = await store.streamLastSeq();
      return instances.every((x) => x.host.cursor.position === last && x.taste.settled());
    }, { what: 'all taste replicas settled', timeoutMs: BACKGROUND_WAIT_MS });
  const recorded = async () => (await store.readSubject(EventStore.subject(WS, 'cluster', 'content'))).events as (StoredEvent & { type: 'ClustersComputed' })[];

  it('given three replicas, when a burst of content arrives, then one of them records the clusters, once', async () => {
    await burst(45);
    await quiet();
    const first = await recorded();
    expect(first).toHaveLength(1);
    expect(first[0]!.data.clusters.length).toBeGreaterThan(1);
    // Every replica's read model shows the one recorded result.
    for (const x of instances) expect(x.host.catalog.ws(WS).clusters.get('content')?.clusters.map((c) => c.id)).toEqual(first[0]!.data.clusters.map((c) => c.id));

    await burst(30);
    await quiet();
    const second = await recorded();
    expect(second).toHaveLength(2);
    // Each recorded recomputation saw more of the stream than the one before: none is recorded twice.
    expect(second[1]!.data.position).toBeGreaterThan(second[0]!.data.position ?? 0);
  }, 2 * BACKGROUND_WAIT_MS + 60_000);
});
