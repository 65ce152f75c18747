/**
 * Throughput scaling on the local process topology, one run: search requests/s with 1, 2 and 3 ranking
 * instances on the same catalog, and ingest items/s with 1 and 2 embedding instances.
 *
 * One nats-server, 2 gateways, 1 process of each other service, 3 ranking and 2 embedding processes. A catalog
 * of `--items` content items and 16 linked users; then ranking #1 and #2 are stopped (SIGTERM) and search runs
 * `--seconds` at `--concurrency` closed-loop clients (spread over both gateways); ranking #1 is started again
 * (it replays the catalog and joins the queue group once caught up), search again; then #2. Ingest: embedding
 * #1 stopped, `--ingest` items in sync batches of 100 (4 in flight); started again, another `--ingest` items.
 * The load generator runs in this process (its CPU per request is reported).
 *
 * Usage: npm run bench -- scaling [-- --items 5000 --concurrency 16 --seconds 20 --ingest 3000]
 */
import { percentile } from '@tg/math';
import { replicasOnly, singleNats, startProcessStack } from '@tg/test-stack';
import { failoverClient, seedCatalog } from './mixed';
import { arg, ingestPages, WORDS } from './support';

export async function run(args: string[]) {
  const items = arg(args, 'items', 5_000);
  const concurrency = arg(args, 'concurrency', 16);
  const seconds = arg(args, 'seconds', 20);
  const ingest = arg(args, 'ingest', 3_000);
  const stack = await startProcessStack({
    nats: singleNats(),
    replicas: replicasOnly({ 'embedding-service': 2, 'ranking-service': 3, gateway: 2 }, 1),
  });
  const figures: Record<string, number | string> = { items, concurrency, seconds, ingest };
  const rows: string[] = [];
  try {
    const ws = await stack.workspace('scaling');
    const cat = await seedCatalog(stack, ws.key, items, 16, 'scale');
    const words = [...WORDS.genre, ...WORDS.noun];
    const searchRun = async (instances: number) => {
      const ms: number[] = [];
      let failed = 0;
      let seq = 0;
      const until = Date.now() + seconds * 1000;
      const cpu0 = process.cpuUsage();
      const t0 = Date.now();
      await Promise.all(
        Array.from({ length: concurrency }, async (_, w) => {
          const c = failoverClient(stack.baseUrls, w, ws.key);
          while (Date.now() < until) {
            const n = seq++;
            const t = performance.now();
            const r = await c
              .request('POST', '/search', {
                query: { relative_to_entity_id: cat.userIds[n % cat.userIds.length]!, in_terms_of_entity_type: 'content' },
                body: { query: `${words[(n * 31) % words.length]} ${words[(n * 17 + 5) % words.length]} ${words[(n * 7 + 11) % words.length]}`, limit: 10 },
                idempotent: true,
              })
              .catch(() => undefined);
            if (r?.status === 200) ms.push(performance.now() - t);
            else failed++;
          }
        }),
      );
      const cpu = process.cpuUsage(cpu0);
      const rps = ms.length / ((Date.now() - t0) / 1000);
      const out = { rps: Number(rps.toFixed(1)), p50: Number(percentile(ms, 50).toFixed(1)), p99: Number(percentile(ms, 99).toFixed(1)), failed, cpuMsPerReq: Number(((cpu.user + cpu.system) / 1000 / Math.max(1, ms.length + failed)).toFixed(2)) };
      console.log(`search with ${instances} ranking instance(s): ${JSON.stringify(out)}`);
      return out;
    };
    // Warm-up with all three (each builds its index on first search).
    await searchRun(3);
    await stack.proc('ranking-service', 1).stop();
    await stack.proc('ranking-service', 2).stop();
    const s1 = await searchRun(1);
    await stack.start('ranking-service', 1);
    await searchRun(2); // warm-up of the new instance
    const s2 = await searchRun(2);
    await stack.start('ranking-service', 2);
    await searchRun(3);
    const s3 = await searchRun(3);
    for (const [n, s] of [[1, s1], [2, s2], [3, s3]] as const) {
      for (const [k, v] of Object.entries(s)) figures[`search_${n}_${k}`] = v;
      rows.push(`| search, ${n} ranking instance(s) | ${s.rps} req/s (×${(s.rps / s1.rps).toFixed(2)}) | p50 ${s.p50} ms, p99 ${s.p99} ms | ${s.failed} | ${s.cpuMsPerReq} |`);
    }

    let nextItem = 0;
    const ingestRun = async (instances: number) => {
      const c = failoverClient(stack.baseUrls, 0, ws.key, 300_000);
      const pages = Math.ceil(ingest / 100);
      const cpu0 = process.cpuUsage();
      const { seconds: s, failed } = await ingestPages(c, 'https://scaling.test/ingest/', nextItem, pages, 5_000_000);
      nextItem += pages * 100;
      const cpu = process.cpuUsage(cpu0);
      const out = { itemsPerS: Number(((pages * 100 - failed) / s).toFixed(1)), failed, cpuMsPerItem: Number(((cpu.user + cpu.system) / 1000 / (pages * 100)).toFixed(3)) };
      console.log(`ingest with ${instances} embedding instance(s): ${JSON.stringify(out)}`);
      return out;
    };
    await stack.proc('embedding-service', 1).stop();
    const i1 = await ingestRun(1);
    await stack.start('embedding-service', 1);
    const i2 = await ingestRun(2);
    for (const [n, s] of [[1, i1], [2, i2]] as const) {
      for (const [k, v] of Object.entries(s)) figures[`ingest_${n}_${k}`] = v;
      rows.push(`| ingest (sync batches of 100, 4 in flight), ${n} embedding instance(s) | ${s.itemsPerS} items/s (×${(s.itemsPerS / i1.itemsPerS).toFixed(2)}) | — | ${s.failed} | ${s.cpuMsPerItem} per item |`);
    }
  } finally {
    await stack.stop();
  }
  const markdown = ['| run | throughput (ratio to 1 instance) | latency | failed | client CPU ms/req |', '|---|---|---|---|---|', ...rows].join('\n');
  return { figures, markdown };
}
