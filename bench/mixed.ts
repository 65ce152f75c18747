/**
 * Mixed load on the local topology and on one process, in one run: read-only load, then the same readers with
 * writes mixed in, on each shape.
 *
 * Shapes (started one after the other, never at the same time):
 * - `topology`: `npm run stack`'s shape (3-node NATS cluster, R3 stream, 2 processes of each service, 2 gateways);
 * - `one-process`: one `apps/tastegraph` process (every service and the gateway) on one nats-server (`npm start`).
 *
 * Both run with the production defaults of `TG_CLUSTER_DEBOUNCE_MS` (2 s) and `TG_ENRICH_DELAY_MS` (30 s), which the
 * test harness shortens. Each shape gets a catalog of `--items` synthetic content items (sync batches of 200) and `--concurrency` users
 * each linked to 20 of them; then `--concurrency` closed-loop clients (both gateways as failover URLs), for
 * `--seconds` each: read-only (search, rerank, score in turn), then the mix (per 9 requests: 2 search, 2 rerank,
 * 2 score and 3 writes: one content item, one batch of 10, one link). Reported: p50/p99 by request kind, the
 * request rate, failures, and the load generator's CPU per request (it runs in this process).
 *
 * `--query-embed-local` sets TG_QUERY_EMBED_LOCAL=true everywhere; `--embedding-nice N` sets TG_NICE=N on the
 * embedding service's processes only (topology).
 *
 * Usage: npm run bench -- mixed [-- --items 5000 --concurrency 32 --seconds 30 --shapes topology,one-process]
 */
import { percentile } from '@tg/math';
import { TastegraphClient } from '@tg/client';
import { natsCluster, SERVICE_APPS, singleNats, startProcessStack, type ProcessStack } from '@tg/test-stack';
import { arg, pool, strArg, syntheticText, WORDS } from './support';

type Kind = 'search' | 'rerank' | 'score' | 'content' | 'batch' | 'link';
const READS: Kind[] = ['search', 'rerank', 'score'];
const MIX: Kind[] = ['search', 'content', 'rerank', 'score', 'batch', 'search', 'link', 'rerank', 'score'];
const WRITES = new Set<Kind>(['content', 'batch', 'link']);

export function failoverClient(urls: string[], first: number, apiKey: string, timeoutMs = 30_000): TastegraphClient {
  const i = first % urls.length;
  return new TastegraphClient({
    baseUrl: urls[i]!,
    failoverUrls: [...urls.slice(i + 1), ...urls.slice(0, i)],
    apiKey,
    fetch: (u, init) => fetch(u, { ...init, signal: AbortSignal.timeout(timeoutMs) }),
  });
}

/** Creates `items` content items and `users` users linked to 20 items each; returns their ids. */
export async function seedCatalog(stack: ProcessStack, key: string, items: number, users: number, tag: string) {
  const c = failoverClient(stack.baseUrls, 0, key, 300_000);
  const ids: string[] = new Array(items);
  await pool(Math.ceil(items / 200), 2, async (p) => {
    const content = Array.from({ length: Math.min(200, items - p * 200) }, (_, j) => {
      const k = p * 200 + j;
      return { url: `https://mixed.test/${tag}/${k}`, type: 'text', content: syntheticText(k), skip_url_fetch: true, skip_media_enrich: true };
    });
    const r = await c.request('POST', '/entity/batch', { body: { content } });
    if (r.status !== 200) throw new Error(`seed batch ${p}: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
    (r.body as { results: { entity_id: string }[] }).results.forEach((x, j) => (ids[p * 200 + j] = x.entity_id));
  });
  const userIds: string[] = [];
  for (let u = 0; u < users; u++) {
    const id = `${tag}-user-${u}`;
    const r = await c.request('POST', '/entity', { body: { type: 'user', name: `User ${u}`, id } });
    if (r.status !== 200) throw new Error(`seed user: ${r.status}`);
    userIds.push(id);
  }
  await pool(users * 20, 8, async (n) => {
    const u = Math.floor(n / 20);
    const r = await c.request('POST', `/entity/${encodeURIComponent(userIds[u]!)}/link`, { body: { entity_id: ids[(u * 97 + (n % 20) * 131) % items]! } });
    if (r.status !== 200) throw new Error(`seed link: ${r.status}`);
  });
  return { ids, userIds };
}

interface Sample {
  kind: Kind;
  ms: number;
  ok: boolean;
}

/** `concurrency` closed-loop clients cycling through `cycle` for `seconds`. */
async function drive(stack: ProcessStack, key: string, cat: { ids: string[]; userIds: string[] }, cycle: Kind[], concurrency: number, seconds: number, tag: string) {
  const samples: Sample[] = [];
  const errors = new Map<string, number>();
  let seq = 0;
  const until = Date.now() + seconds * 1000;
  const cpu0 = process.cpuUsage();
  const t0 = Date.now();
  const word = (n: number, k: number) => { const all = [...WORDS.genre, ...WORDS.noun]; return all[(n * 31 + k * 17) % all.length]!; };
  await Promise.all(
    Array.from({ length: concurrency }, async (_, w) => {
      const c = failoverClient(stack.baseUrls, w, key);
      for (let i = w; Date.now() < until; i++) {
        const kind = cycle[i % cycle.length]!;
        const n = seq++;
        const user = cat.userIds[n % cat.userIds.length]!;
        const q = { relative_to_entity_id: user, in_terms_of_entity_type: 'content' };
        const t = performance.now();
        let status = 0;
        try {
          let r;
          switch (kind) {
            case 'search':
              r = await c.request('POST', '/search', { query: q, body: { query: `${word(n, 1)} ${word(n, 2)} ${word(n, 3)}`, limit: 10 }, idempotent: true });
              break;
            case 'rerank':
              r = await c.request('POST', '/rerank', { query: q, body: { candidates: Array.from({ length: 20 }, (_, k) => cat.ids[(n * 53 + k * 7) % cat.ids.length]!), limit: 10 }, idempotent: true });
              break;
            case 'score':
              r = await c.request('POST', '/score', { query: q, body: { content: { entity_id: cat.ids[(n * 13) % cat.ids.length]! } }, idempotent: true });
              break;
            case 'content':
              r = await c.request('POST', '/entity', { body: { content: { url: `https://mixed.test/${tag}/w/${n}`, type: 'text', content: syntheticText(1_000_000 + n), skip_url_fetch: true, skip_media_enrich: true } } });
              break;
            case 'batch':
              r = await c.request('POST', '/entity/batch', {
                body: { content: Array.from({ length: 10 }, (_, k) => ({ url: `https://mixed.test/${tag}/b/${n}/${k}`, type: 'text', content: syntheticText(2_000_000 + n * 10 + k), skip_url_fetch: true, skip_media_enrich: true })) },
              });
              break;
            case 'link':
              r = await c.request('POST', `/entity/${encodeURIComponent(user)}/link`, { body: { entity_id: cat.ids[(n * 7919) % cat.ids.length]! } });
              break;
          }
          status = r.status;
        } catch (e) {
          errors.set(String((e as Error).message), (errors.get(String((e as Error).message)) ?? 0) + 1);
        }
        const ok = status >= 200 && status < 300;
        if (!ok && status) errors.set(`${kind} ${status}`, (errors.get(`${kind} ${status}`) ?? 0) + 1);
        samples.push({ kind, ms: performance.now() - t, ok });
      }
    }),
  );
  const cpu = process.cpuUsage(cpu0);
  const wallS = (Date.now() - t0) / 1000;
  const p = (k: (s: Sample) => boolean, q: number) => Number(percentile(samples.filter((s) => s.ok && k(s)).map((s) => s.ms), q).toFixed(1));
  return {
    requests: samples.length,
    reqPerS: Number((samples.length / wallS).toFixed(1)),
    failed: samples.filter((s) => !s.ok).length,
    errors: [...errors].map(([e, n]) => `${e} ×${n}`).join('; ') || 'none',
    searchP50: p((s) => s.kind === 'search', 50),
    searchP99: p((s) => s.kind === 'search', 99),
    rerankP50: p((s) => s.kind === 'rerank', 50),
    rerankP99: p((s) => s.kind === 'rerank', 99),
    scoreP50: p((s) => s.kind === 'score', 50),
    scoreP99: p((s) => s.kind === 'score', 99),
    writeP50: p((s) => WRITES.has(s.kind), 50),
    writeP99: p((s) => WRITES.has(s.kind), 99),
    contentP50: p((s) => s.kind === 'content', 50),
    batchP50: p((s) => s.kind === 'batch', 50),
    linkP50: p((s) => s.kind === 'link', 50),
    writes: samples.filter((s) => WRITES.has(s.kind)).length,
    clientCpuMsPerRequest: Number(((cpu.user + cpu.system) / 1000 / Math.max(1, samples.length)).toFixed(2)),
  };
}

export async function run(args: string[]) {
  const items = arg(args, 'items', 5_000);
  const concurrency = arg(args, 'concurrency', 32);
  const seconds = arg(args, 'seconds', 30);
  const shapes = strArg(args, 'shapes', 'topology,one-process').split(',');
  const figures: Record<string, number | string> = { items, concurrency, seconds };
  const rows: string[] = [];
  for (const shape of shapes) {
    const t0 = Date.now();
    // Production defaults for what the test harness shortens (background re-fits after writes, enrichment), as `npm run stack` does.
    // --query-embed-local: ranking embeds search queries itself (TG_QUERY_EMBED_LOCAL); --embedding-nice N: the
    // embedding processes' CPU priority (TG_NICE), as a deployment would set for that service alone.
    const env = { TG_CLUSTER_DEBOUNCE_MS: '2000', TG_ENRICH_DELAY_MS: '30000', ...(args.includes('--query-embed-local') ? { TG_QUERY_EMBED_LOCAL: 'true' } : {}) };
    const embeddingNice = arg(args, 'embedding-nice', 0);
    const envOf = embeddingNice > 0 ? { 'embedding-service': { TG_NICE: String(embeddingNice) } } : undefined;
    const stack =
      shape === 'topology'
        ? await startProcessStack({ nats: natsCluster(), replicas: { gateway: 2, ...Object.fromEntries(SERVICE_APPS.map((a) => [a, 2])) }, env, envOf })
        : await startProcessStack({ nats: singleNats(), shape: 'all-in-one', replicas: { tastegraph: 1 }, env });
    try {
      console.log(`${shape}: up in ${((Date.now() - t0) / 1000).toFixed(1)} s (${stack.processes().length} app processes)`);
      const ws = await stack.workspace(`mixed-${shape}`);
      const ts = Date.now();
      const cat = await seedCatalog(stack, ws.key, items, concurrency, shape);
      console.log(`${shape}: catalog of ${items} items and ${concurrency} users in ${((Date.now() - ts) / 1000).toFixed(1)} s`);
      // Warm-up (index build, caches), not measured.
      await drive(stack, ws.key, cat, READS, concurrency, 5, `${shape}-warm`);
      const reads = await drive(stack, ws.key, cat, READS, concurrency, seconds, `${shape}-r`);
      console.log(`${shape} read-only: ${JSON.stringify(reads)}`);
      const mix = await drive(stack, ws.key, cat, MIX, concurrency, seconds, `${shape}-m`);
      console.log(`${shape} mix: ${JSON.stringify(mix)}`);
      for (const [phase, r] of [['reads', reads], ['mix', mix]] as const) for (const [k, v] of Object.entries(r)) figures[`${shape}_${phase}_${k}`] = v;
      rows.push(
        `| ${shape} | read-only | ${reads.reqPerS} | ${reads.searchP50} / ${reads.searchP99} | ${reads.rerankP50} / ${reads.rerankP99} | ${reads.scoreP50} / ${reads.scoreP99} | — | ${reads.failed} | ${reads.clientCpuMsPerRequest} |`,
        `| ${shape} | mix (⅓ writes) | ${mix.reqPerS} | ${mix.searchP50} / ${mix.searchP99} (×${(mix.searchP99 / reads.searchP99).toFixed(2)} p99) | ${mix.rerankP50} / ${mix.rerankP99} | ${mix.scoreP50} / ${mix.scoreP99} | ${mix.writeP50} / ${mix.writeP99} (content ${mix.contentP50}, batch ${mix.batchP50}, link ${mix.linkP50}) | ${mix.failed} | ${mix.clientCpuMsPerRequest} |`,
      );
    } finally {
      await stack.stop();
    }
  }
  const markdown = [
    `| shape | load (concurrency ${concurrency}, ${seconds} s) | req/s | search p50 / p99 ms | rerank p50 / p99 | score p50 / p99 | write p50 / p99 | failed | client CPU ms/req |`,
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  return { figures, markdown };
}
