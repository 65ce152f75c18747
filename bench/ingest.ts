/**
 * Ingestion benchmark: N text items through POST /entity/batch end to end (accepted, embedded, indexed and
 * visible to reads), next to the raw in-process rate of embed + append for the same items in the same run,
 * and single-item POST /entity latency at concurrency 16.
 * Usage: npm run bench -- ingest [-- --items 10000 --page 200 --pages-in-flight 4 --single 2000]
 */
import { contentIdForUrl, encodeVector, event, textDigest } from '@tg/contracts';
import { SifEmbedder } from '@tg/embedding';
import { EventStore, connectNats } from '@tg/messaging';
import { startNats } from '@tg/test-stack/nats';
import { TEST_MODEL_DIR, startStack } from '@tg/test-stack';
import { readFileSync, readdirSync } from 'node:fs';
import { arg, load, procCpuMs, syntheticText } from './support';

/** CPU seconds used so far by the nats-server listening on `port` (from /proc; 0 when not found). */
function natsCpu(port: number): number {
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (!cmd[0]?.includes('nats-server') || cmd[cmd.indexOf('-p') + 1] !== String(port)) continue;
      const ms = procCpuMs(Number(pid));
      if (ms !== undefined) return ms / 1000;
    } catch {
      // the process went away: skip it
    }
  }
  return 0;
}
/** CPU seconds of this process and of the nats-server on `port`, for a cost per item that load barely moves. */
const cpuNow = (port: number) => {
  const u = process.cpuUsage();
  return { node: (u.user + u.system) / 1e6, nats: natsCpu(port) };
};

export async function run(args: string[]) {
  const N = arg(args, 'items', 10_000);
  const page = arg(args, 'page', 200);
  const inflight = arg(args, 'pages-in-flight', 4);
  const single = arg(args, 'single', 2_000);
  const items = Array.from({ length: N }, (_, i) => ({ url: `https://bench.example.com/item/${i}`, type: 'text' as const, content: syntheticText(i), skip_url_fetch: true }));

  // 1. Raw in-process: embed + append (ContentIndexed + ContentEmbedded), no HTTP, no RPC.
  const nats = await startNats();
  const nc = await connectNats(nats.url, 'bench-raw');
  const store = await EventStore.open(nc);
  const model = await SifEmbedder.load({ cacheDir: TEST_MODEL_DIR });
  let cpu0 = cpuNow(nats.port);
  let t = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 64 }, async () => {
      while (next < N) {
        const i = next++;
        const it = items[i]!;
        const v = model.embedSync(it.content)!;
        const id = contentIdForUrl(it.url);
        const meta = { workspace: 'ws_raw', at: Date.now() };
        const digest = textDigest(it.content);
        await store.append(
          EventStore.subject('ws_raw', 'entity', id),
          [
            event('ContentIndexed', { entity_id: id, url: it.url, media_type: 'text', name: 'bench.example.com', description: '', text: it.content, text_digest: digest, source: 'inline', skip_url_fetch: true, skip_media_enrich: false, indexed_at: meta.at }, meta),
            event('ContentEmbedded', { entity_id: id, of: 'content', model: model.id, dim: model.dim, vector: encodeVector(v), text_digest: digest, embedded_at: meta.at }, meta),
          ],
          { expectedSeq: 0 },
        );
      }
    }),
  );
  const rawRate = N / ((performance.now() - t) / 1000);
  let cpu1 = cpuNow(nats.port);
  const rawCpuMs = ((cpu1.node - cpu0.node + cpu1.nats - cpu0.nats) * 1000) / N;
  await nc.close();
  await nats.dispose();

  // 2. End to end through the gateway.
  const s = await startStack({ logLevel: 'silent', enrichDelayMs: 30_000, clusterDebounceMs: arg(args, 'cluster-debounce-ms', 2_000) });
  const ws = await s.workspace('ingest');
  cpu0 = cpuNow(s.nats.port);
  t = performance.now();
  const pages: (typeof items)[] = [];
  for (let i = 0; i < N; i += page) pages.push(items.slice(i, i + page));
  let p = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: inflight }, async () => {
      while (p < pages.length) {
        const r = await ws.request('POST', '/entity/batch', { body: { content: pages[p++] } });
        if (r.status !== 200) throw new Error(`batch answered ${r.status}: ${JSON.stringify(r.body).slice(0, 300)}`);
        failed += r.body.results.filter((x: { error?: string }) => x.error).length;
      }
    }),
  );
  const acceptedMs = performance.now() - t;
  const count = await ws.request('GET', '/entity/type', { query: { entity_type: 'content' } });
  const visibleMs = performance.now() - t;
  if (count.body.entity_count !== N) throw new Error(`expected ${N} visible items, got ${JSON.stringify(count.body)}`);
  const e2eRate = N / (visibleMs / 1000);
  cpu1 = cpuNow(s.nats.port);
  const e2eCpuMs = ((cpu1.node - cpu0.node + cpu1.nats - cpu0.nats) * 1000) / N;

  // 3. Single-item POST /entity latency at concurrency 16.
  const lat = await load({
    url: `${s.baseUrl}/entity`,
    headers: { 'x-api-key': ws.key },
    body: { content: { url: 'https://single.example.com/[<id>]', type: 'text', content: 'a quiet jazz album for late night listening', skip_url_fetch: true } },
    connections: 16,
    amount: single,
  });
  await s.stop();
  const figures = {
    items: N,
    page_size: page,
    pages_in_flight: inflight,
    failed_items: failed,
    e2e_items_per_s: Math.round(e2eRate),
    accepted_ms: Math.round(acceptedMs),
    visible_ms: Math.round(visibleMs),
    raw_embed_append_items_per_s: Math.round(rawRate),
    e2e_vs_raw_ratio: Number((e2eRate / rawRate).toFixed(2)),
    e2e_cpu_ms_per_item: Number(e2eCpuMs.toFixed(3)),
    raw_cpu_ms_per_item: Number(rawCpuMs.toFixed(3)),
    e2e_vs_raw_cpu_ratio: Number((rawCpuMs / e2eCpuMs).toFixed(2)),
    single_post_p50_ms: lat.p50,
    single_post_p99_ms: lat.p99,
    single_post_rps: Math.round(lat.rps),
    single_post_non2xx: lat.non2xx + lat.errors,
  };
  const markdown = [
    '| measure | value |',
    '|---|---|',
    `| ${N} items via POST /entity/batch (pages of ${page}, ${inflight} in flight), accepted → visible | ${figures.e2e_items_per_s} items/s (${(visibleMs / 1000).toFixed(1)} s; all accepted after ${(acceptedMs / 1000).toFixed(1)} s; ${failed} failed) |`,
    `| raw in-process embed + append of the same items (64 in flight) | ${figures.raw_embed_append_items_per_s} items/s |`,
    `| end to end / raw | ${figures.e2e_vs_raw_ratio} |`,
    `| CPU per item (this process + nats-server): end to end / raw | ${figures.e2e_cpu_ms_per_item} ms / ${figures.raw_cpu_ms_per_item} ms (raw/e2e ${figures.e2e_vs_raw_cpu_ratio}) |`,
    `| single-item POST /entity (content), concurrency 16, ${lat.requests} requests | p50 ${lat.p50} ms, p99 ${lat.p99} ms, ${figures.single_post_rps} req/s, non-2xx ${figures.single_post_non2xx} |`,
  ].join('\n');
  return { figures, markdown };
}
