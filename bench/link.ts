/**
 * Link benchmark: is adding one child to a taste profile as cheap for a parent with 10,000 children as for one
 * with 10? And how fast does the catalog projection replay, next to a raw read of the same stream?
 *
 * 1. Through the whole stack (HTTP → entity service → event log → catalog projection → taste service): parents
 *    with 10, 1,000 and 10,000 linked children (content ingested with POST /entity/batch and `entity_ids`), then
 *    `--links` more POST /entity/{parent}/link calls each, one at a time; latency p50/p99 per parent size.
 * 2. The projection alone, in process: the cost of folding one ChildLinked into a parent of 10 … 100,000 children.
 * 3. Replay of the stream built in 1: raw JetStream read (no decoding), read + JSON decode, and a rebuild of the
 *    catalog projection (events/s), plus one cluster recompute over the rebuilt catalog.
 *
 * Usage: npm run bench -- link [-- --sizes 10,1000,10000 --links 40 --fold-sizes 10,1000,10000,100000 --replay-rounds 7 --profile]
 */
import { OP, encodeVector, event, type StoredEvent } from '@tg/contracts';
import { CatalogProjection } from '@tg/domain';
import { composeProfile, createRng, gaussian, percentile } from '@tg/math';
import { EventStore, RpcClient, toStoredEvent } from '@tg/messaging';
import { readdirSync, readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { FitThread, computeClusters, computeClustersWith } from '@tg/service-taste';
import { adminReplay, catalogReplay, readStream, replayProjection } from '@tg/read-model';
import { eventually, startStack } from '@tg/test-stack';
import { profiled } from './profile';
import { pool, procCpuMs, syntheticText } from './support';

function arg(args: string[], name: string, def: string): string {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : def;
}
const nums = (s: string) => s.split(',').map((x) => Number(x.trim())).filter((x) => Number.isInteger(x) && x > 0);
const ms = (x: number) => Number(x.toFixed(2));
const rate = (x: number) => Math.round(x);

/** The pid of the process whose command line holds `needle` (the stack's nats-server, found by its store directory). */
function pidOf(needle: string): number | undefined {
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (readFileSync(`/proc/${d}/cmdline`, 'utf8').includes(needle)) return Number(d);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

/** CPU time (ms) of a process, or of one of its threads, so far (0 when unknown). */
const cpuMsOf = (pid: number | undefined, thread?: number): number => (pid ? (procCpuMs(pid, thread) ?? 0) : 0);

/**
 * Runs one replay phase and measures the CPU it took: this process's (the reader and the fold), its main
 * thread's alone (the collector's helper threads aside; 10 ms ticks) and the nats-server's (serving the read).
 * On a busy shared machine the events per second swing with the other loads; the CPU time per event does not
 * as much. On an idle machine the main thread's CPU bounds the read: the server and the helpers have the other core.
 */
async function withCpu<T>(natsPid: number | undefined, fn: () => Promise<T>): Promise<{ result: T; clientMs: number; mainMs: number; serverMs: number }> {
  const c0 = process.cpuUsage();
  const m0 = cpuMsOf(process.pid, process.pid);
  const s0 = cpuMsOf(natsPid);
  const result = await fn();
  const c = process.cpuUsage(c0);
  return { result, clientMs: (c.user + c.system) / 1000, mainMs: cpuMsOf(process.pid, process.pid) - m0, serverMs: cpuMsOf(natsPid) - s0 };
}

/** In-process: µs to fold one ChildLinked into a parent that already has `n` children (dim 100). */
function foldCost(n: number, extra: number): { perLinkUs: number; composeMs: number } {
  const dim = 100;
  const rng = createRng(n);
  const proj = new CatalogProjection();
  let seq = 0;
  const meta = { workspace: 'ws_fold', at: 1 };
  const apply = (e: ReturnType<typeof event>) => proj.apply({ ...e, seq: ++seq, subject: 'tg.evt.ws_fold.x.y' } as StoredEvent);
  const vec = () => encodeVector(Float32Array.from({ length: dim }, () => gaussian(rng)));
  apply(event('EntityCreated', { entity_id: 'p', type: 'user', name: 'p', description: '', created_at: 1 }, meta));
  // A link binds existing entities (issue 11): each child is indexed, then embedded.
  const embed = (id: string) => {
    apply(event('ContentIndexed', { entity_id: id, url: `https://fold.test/${id}`, media_type: 'text', name: id, description: '', text: id, text_digest: id, source: 'inline', skip_url_fetch: true, skip_media_enrich: true, indexed_at: 1 }, meta));
    apply(event('ContentEmbedded', { entity_id: id, of: 'content', model: 'm', dim, vector: vec(), text_digest: id, embedded_at: 1 }, meta));
  };
  for (let i = 0; i < n + extra; i++) embed(`c${i}`);
  for (let i = 0; i < n; i++) apply(event('ChildLinked', { parent_id: 'p', child_id: `c${i}`, rel: 'about', weight: 1, linked_at: 1 }, meta));
  const links = Array.from({ length: extra }, (_, i) => ({ ...event('ChildLinked', { parent_id: 'p', child_id: `c${n + i}`, rel: 'about', weight: 1, linked_at: 1 }, meta), seq: ++seq, subject: 'x' }) as StoredEvent);
  // Median of single folds: robust to a garbage collection landing in the loop.
  const each: number[] = [];
  for (const e of links) {
    const t0 = performance.now();
    proj.apply(e);
    each.push(performance.now() - t0);
  }
  const perLinkUs = percentile(each, 50) * 1000;
  const stats = proj.ws('ws_fold').parents.get('p')!.stats!;
  const t1 = performance.now();
  for (let i = 0; i < 5; i++) composeProfile(stats, { representation: 'subspace', maxRank: 8, energy: 0.8 });
  return { perLinkUs, composeMs: (performance.now() - t1) / 5 };
}

export async function run(args: string[]) {
  const sizes = nums(arg(args, 'sizes', '10,1000,10000'));
  const links = Number(arg(args, 'links', '40'));
  const foldSizes = nums(arg(args, 'fold-sizes', '10,1000,10000,100000'));
  const replayRounds = nums(arg(args, 'replay-rounds', '7'))[0] ?? 7;
  const figures: Record<string, number | string> = {};
  const rows: string[] = [];

  // 1. Through the stack. The cluster debounce is the production default, so background recomputes behave as deployed.
  const s = await startStack({ logLevel: 'silent', clusterDebounceMs: 2_000 });
  const ws = await s.workspace('bench-link');
  let item = 0;
  const ingest = async (count: number, parent: string | null) => {
    const ids: string[] = [];
    const pages = Math.ceil(count / 200);
    await pool(pages, 4, async (p) => {
      const n = Math.min(200, count - p * 200);
      const content = Array.from({ length: n }, () => {
        const k = item++;
        return { url: `https://bench.test/item/${k}`, type: 'text', content: syntheticText(k), skip_url_fetch: true, skip_media_enrich: true };
      });
      const r = await ws.request('POST', '/entity/batch', { body: { content, ...(parent ? { entity_ids: content.map(() => parent) } : {}) } });
      if (r.status !== 200) throw new Error(`batch: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
      for (const x of r.body.results) {
        if (!x.entity_id) throw new Error(`batch item failed: ${JSON.stringify(x)}`);
        ids.push(x.entity_id);
      }
    });
    return ids;
  };
  const setupStart = performance.now();
  const parents: { size: number; id: string; spare: string[] }[] = [];
  for (const size of sizes) {
    const id = (await ws.request('POST', '/entity', { body: { type: 'user', name: `Parent of ${size}`, description: 'bench parent' } })).body.id as string;
    await ingest(size, id);
    parents.push({ size, id, spare: await ingest(links, null) });
  }
  const warm = (await ws.request('POST', '/entity', { body: { type: 'user', name: 'Warm-up', description: 'bench parent' } })).body.id as string;
  const warmSpare = await ingest(10, null);
  const setupS = (performance.now() - setupStart) / 1000;
  const rpc = new RpcClient(s.tg.nc);
  const store = await EventStore.open(s.tg.nc);
  /** Waits until the taste service has no cluster recompute pending, at the end of the stream; answers its digest. */
  const settled = () =>
    eventually(
      async () => {
        const last = await store.streamLastSeq();
        const live = (await rpc.call(OP.taste.digest, { ws: '_account', data: {}, minSeq: last }, { timeoutMs: 120_000 })).data;
        return live.settled && live.position === (await store.streamLastSeq()) ? live : undefined;
      },
      { timeoutMs: 300_000, intervalMs: 500, what: 'clusters settled' },
    );
  // Let the background cluster recompute of the new content finish before timing.
  await settled();
  const linkTable = ['| children already linked | link p50 (ms) | link p99 (ms) | compose after link: children / rank |', '|---|---|---|---|'];
  const link = async (parent: string, child: string) => {
    const t0 = performance.now();
    const r = await ws.request('POST', `/entity/${encodeURIComponent(parent)}/link`, { body: { entity_id: child } });
    if (r.status !== 200) throw new Error(`link: ${r.status} ${JSON.stringify(r.body)}`);
    return performance.now() - t0;
  };
  // Warm-up (not counted), then the parents take turns, so that noise on the machine falls on every size alike.
  for (const child of warmSpare) await link(warm, child);
  const lats = new Map(parents.map((p) => [p, [] as number[]]));
  for (let i = 0; i < links; i++) for (const p of parents) lats.get(p)!.push(await link(p.id, p.spare[i]!));
  for (const p of parents) {
    const lat = lats.get(p)!;
    const c = (await ws.request('POST', `/entity/${encodeURIComponent(p.id)}/compose`)).body;
    if (c.children !== p.size + links) throw new Error(`expected ${p.size + links} children, compose says ${c.children}`);
    figures[`link_${p.size}_p50_ms`] = ms(percentile(lat, 50));
    figures[`link_${p.size}_p99_ms`] = ms(percentile(lat, 99));
    linkTable.push(`| ${p.size.toLocaleString('en-US')} | ${figures[`link_${p.size}_p50_ms`]} | ${figures[`link_${p.size}_p99_ms`]} | ${c.children} / ${c.subspace_rank} |`);
  }
  const small = figures[`link_${sizes[0]}_p50_ms`] as number;
  const large = figures[`link_${sizes[sizes.length - 1]}_p50_ms`] as number;
  figures['link_p50_ratio_largest_vs_smallest'] = Number((large / small).toFixed(2));
  figures['setup_s'] = Number(setupS.toFixed(1));
  rows.push(`Through the stack, ${links} links per parent, one at a time, parents taking turns (HTTP → entity service → event log → projection → compose):`, '', ...linkTable, '');
  rows.push(`p50 ratio ${sizes[sizes.length - 1]!.toLocaleString('en-US')} vs ${sizes[0]} children: **${figures['link_p50_ratio_largest_vs_smallest']}** (1.0 = flat). Setup (ingesting ${item.toLocaleString('en-US')} items): ${figures['setup_s']} s.`, '');

  // 2. The fold alone.
  const foldTable = ['| children already linked | fold one ChildLinked (µs) | compose subspace (ms) |', '|---|---|---|'];
  for (const n of foldSizes) {
    const f = foldCost(n, 200);
    figures[`fold_${n}_us`] = Number(f.perLinkUs.toFixed(1));
    figures[`compose_${n}_ms`] = ms(f.composeMs);
    foldTable.push(`| ${n.toLocaleString('en-US')} | ${figures[`fold_${n}_us`]} | ${figures[`compose_${n}_ms`]} |`);
  }
  figures['fold_ratio_largest_vs_smallest'] = Number(((figures[`fold_${foldSizes[foldSizes.length - 1]}_us`] as number) / (figures[`fold_${foldSizes[0]}_us`] as number)).toFixed(2));
  rows.push('The catalog projection alone (in process, d = 100, median of 200 single folds):', '', ...foldTable, '');

  // 3. Replay of the same stream, three ways, in this run: interleaved rounds (a replay takes well under a second
  // here, so one noisy second on a shared machine moves a single round a lot), median of each.
  const live = await settled();
  const last = live.position;
  const rounds: { raw: number[]; decoded: number[]; catalog: number[]; settled: number[]; eager: number[] } = { raw: [], decoded: [], catalog: [], settled: [], eager: [] };
  // The same fold with every parent's statistics updated after each event (no deferral; the code before it).
  const eagerReplay = { ...catalogReplay, create: () => new CatalogProjection(), finish: undefined };
  let catalog!: Awaited<ReturnType<typeof replayProjection<CatalogProjection>>>;
  const natsPid = pidOf(s.nats.storeDir);
  // CPU µs per event of each phase, this process (client) and the nats-server (server).
  const cpu = { raw: [] as number[], rawMain: [] as number[], rawServer: [] as number[], decodedMain: [] as number[], catalog: [] as number[], catalogMain: [] as number[], catalogServer: [] as number[], eager: [] as number[] };
  const perEvent = (ms: number) => (ms * 1000) / last;
  for (let r = 0; r < replayRounds; r++) {
    const raw = await withCpu(natsPid, () => readStream(store, { untilSeq: last }));
    rounds.raw.push(raw.result.eventsPerSecond);
    cpu.raw.push(perEvent(raw.clientMs));
    cpu.rawMain.push(perEvent(raw.mainMs));
    cpu.rawServer.push(perEvent(raw.serverMs));
    // Read and decode (JSON and schema), nothing folded: the main thread's CPU here bounds what any fold can reach.
    const decoded = await withCpu(natsPid, () => readStream(store, { untilSeq: last, handle: (m) => void toStoredEvent(m) }));
    rounds.decoded.push(decoded.result.eventsPerSecond);
    cpu.decodedMain.push(perEvent(decoded.mainMs));
    // The digest is not part of the rebuild: it is taken after the CPU measurement.
    const rebuilt = await withCpu(natsPid, () => replayProjection(store, { ...catalogReplay, digest: () => ({ hash: '', counts: {} }) }, { untilSeq: last }));
    const d0 = performance.now();
    catalog = { ...rebuilt.result, digest: catalogReplay.digest(rebuilt.result.state) };
    catalog.digestMs = performance.now() - d0;
    rounds.catalog.push(catalog.eventsPerSecond);
    cpu.catalog.push(perEvent(rebuilt.clientMs));
    cpu.catalogMain.push(perEvent(rebuilt.mainMs));
    cpu.catalogServer.push(perEvent(rebuilt.serverMs));
    // With the statistics deferred to the end of the catch-up, the rebuild is done once they are settled.
    rounds.settled.push((catalog.events / (catalog.ms + ((catalog as { finishMs?: number }).finishMs ?? 0))) * 1000);
    const eagerRun = await withCpu(natsPid, () => replayProjection(store, { ...eagerReplay, digest: () => ({ hash: '', counts: {} }) }, { untilSeq: last }));
    if (catalogReplay.digest(eagerRun.result.state).hash !== catalog.digest.hash) throw new Error('the deferred and the event-by-event rebuilds differ');
    rounds.eager.push(eagerRun.result.eventsPerSecond);
    cpu.eager.push(perEvent(eagerRun.clientMs));
  }
  const med = (xs: number[]) => percentile(xs, 50);
  // The main thread's CPU comes in 10 ms ticks, 0.3 µs per event on this stream: the mean over the rounds is finer than their median.
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  if (args.includes('--profile')) {
    // One more rebuild under the sampling profiler: where the replay's time goes (bench/results/link-replay.cpuprofile).
    // The read and the fold only (the digest is not part of a rebuild), statistics deferred as in a catch-up.
    const p = catalogReplay.create();
    const { top } = await profiled('link-replay', () => readStream(store, { untilSeq: last, handle: (m) => void p.apply(toStoredEvent(m)) }));
    console.log(`catalog replay, self time:\n${top.join('\n')}`);
  }
  const admin = await replayProjection(store, adminReplay, { untilSeq: last });
  const equal = live.digest.hash === catalog.digest.hash ? 'equal' : 'DIFFERENT';
  await s.stop();
  // Cluster recompute over the rebuilt catalog: a full fit (k chosen from the data), then an incremental update from it.
  const cat = catalog.state.ws(ws.workspaceId);
  let t0 = performance.now();
  const clusters = computeClusters(cat, 'content');
  const clusterMs = performance.now() - t0;
  t0 = performance.now();
  const updated = computeClusters(cat, 'content', { previous: clusters });
  const updateMs = performance.now() - t0;
  // The same full fit as the taste service runs it (choice of k on a worker thread): how long the event loop is
  // held at most (the synchronous fit holds it for all of clusterMs). After one warm-up fit (worker start).
  const fitter = new FitThread();
  const fitOn = (v: readonly Float32Array[], o: Parameters<FitThread['chooseK']>[1]) => fitter.chooseK(v, o);
  await computeClustersWith(cat, 'content', {}, fitOn);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  t0 = performance.now();
  const viaWorker = await computeClustersWith(cat, 'content', {}, fitOn);
  const workerFitMs = performance.now() - t0;
  loop.disable();
  await fitter.close();
  const sameClusters = JSON.stringify(viaWorker) === JSON.stringify(clusters) ? 'equal' : 'DIFFERENT';

  Object.assign(figures, {
    stream_events: last,
    replay_rounds: replayRounds,
    raw_read_per_s: rate(med(rounds.raw)),
    decode_read_per_s: rate(med(rounds.decoded)),
    catalog_replay_per_s: rate(med(rounds.catalog)),
    catalog_replay_vs_raw: Number((med(rounds.catalog) / med(rounds.raw)).toFixed(2)),
    catalog_settled_per_s: rate(med(rounds.settled)),
    catalog_settled_vs_raw: Number((med(rounds.settled) / med(rounds.raw)).toFixed(2)),
    catalog_eager_per_s: rate(med(rounds.eager)),
    catalog_eager_vs_raw: Number((med(rounds.eager) / med(rounds.raw)).toFixed(2)),
    per_round_eager_vs_raw: rounds.eager.map((x, i) => (x / rounds.raw[i]!).toFixed(2)).join(' '),
    cpu_us_per_event_raw_client: +med(cpu.raw).toFixed(2),
    cpu_us_per_event_raw_server: +med(cpu.rawServer).toFixed(2),
    cpu_us_per_event_raw_main_thread: +med(cpu.rawMain).toFixed(2),
    cpu_us_per_event_decoded_main_thread: +med(cpu.decodedMain).toFixed(2),
    cpu_us_per_event_catalog_main_thread: +med(cpu.catalogMain).toFixed(2),
    // Raw read vs read and decode, nothing folded: the ratio a fold costing nothing would give (main-thread CPU).
    main_thread_cpu_raw_vs_decoded: +(med(cpu.rawMain) / med(cpu.decodedMain)).toFixed(3),
    cpu_us_per_event_raw_main_thread_mean: +mean(cpu.rawMain).toFixed(3),
    cpu_us_per_event_decoded_main_thread_mean: +mean(cpu.decodedMain).toFixed(3),
    cpu_us_per_event_catalog_main_thread_mean: +mean(cpu.catalogMain).toFixed(3),
    main_thread_cpu_raw_vs_decoded_mean: +(mean(cpu.rawMain) / mean(cpu.decodedMain)).toFixed(3),
    main_thread_cpu_raw_vs_catalog_mean: +(mean(cpu.rawMain) / mean(cpu.catalogMain)).toFixed(3),
    // Raw read vs rebuild in main-thread CPU per event: about the ratio an idle machine gives.
    main_thread_cpu_raw_vs_catalog: +(med(cpu.rawMain) / med(cpu.catalogMain)).toFixed(3),
    cpu_us_per_event_catalog_client: +med(cpu.catalog).toFixed(2),
    cpu_us_per_event_catalog_server: +med(cpu.catalogServer).toFixed(2),
    cpu_us_per_event_eager_client: +med(cpu.eager).toFixed(2),
    per_round_catalog_vs_raw: rounds.catalog.map((x, i) => (x / rounds.raw[i]!).toFixed(2)).join(' '),
    per_round_settled_vs_raw: rounds.settled.map((x, i) => (x / rounds.raw[i]!).toFixed(2)).join(' '),
    catalog_digest_ms: rate(catalog.digestMs),
    catalog_vs_live: equal,
    admin_replay_events: admin.events,
    content_items: cat.typeCounts.get('content') ?? 0,
    cluster_full_fit_ms: rate(clusterMs),
    cluster_incremental_ms: rate(updateMs),
    content_clusters: clusters.length,
    cluster_full_fit_worker_ms: rate(workerFitMs),
    cluster_full_fit_worker_max_loop_block_ms: rate(loop.max / 1e6),
    cluster_worker_vs_main: sameClusters,
  });
  rows.push(
    `Replay of the stream built above (${last.toLocaleString('en-US')} events):`,
    '',
    '| read | events/s | vs raw |',
    '|---|---|---|',
    `| raw JetStream read, ordered consumer, no decoding | ${figures['raw_read_per_s']} | 1.00 |`,
    `| read + JSON decode | ${figures['decode_read_per_s']} | ${(med(rounds.decoded) / med(rounds.raw)).toFixed(2)} |`,
    `| rebuild of the catalog projection (read and fold) | ${figures['catalog_replay_per_s']} | ${figures['catalog_replay_vs_raw']} |`,
    `| rebuild, up to every parent's statistics settled | ${figures['catalog_settled_per_s']} | ${figures['catalog_settled_vs_raw']} |`,
    `| rebuild with the statistics updated event by event (no deferral) | ${figures['catalog_eager_per_s']} | ${figures['catalog_eager_vs_raw']} |`,
    '',
    `CPU per event (median of the rounds; this process / the nats-server): raw read ${figures['cpu_us_per_event_raw_client']} / ${figures['cpu_us_per_event_raw_server']} µs; rebuild (read and fold, statistics deferred, settled included) ${figures['cpu_us_per_event_catalog_client']} / ${figures['cpu_us_per_event_catalog_server']} µs; rebuild event by event ${figures['cpu_us_per_event_eager_client']} µs in this process.`,
    `Main thread alone (the reader and the fold; the collector's helpers and the server have the other core on an idle machine): raw read ${figures['cpu_us_per_event_raw_main_thread']} µs, read and decode ${figures['cpu_us_per_event_decoded_main_thread']} µs (ratio ${figures['main_thread_cpu_raw_vs_decoded']}: what a fold costing nothing would reach), rebuild ${figures['cpu_us_per_event_catalog_main_thread']} µs per event, ratio ${figures['main_thread_cpu_raw_vs_catalog']} (medians of the rounds); means of the rounds ${figures['cpu_us_per_event_raw_main_thread_mean']} / ${figures['cpu_us_per_event_decoded_main_thread_mean']} / ${figures['cpu_us_per_event_catalog_main_thread_mean']} µs, ratios ${figures['main_thread_cpu_raw_vs_decoded_mean']} (decode only) and ${figures['main_thread_cpu_raw_vs_catalog_mean']} (rebuild).`,
    `Per round, catalog vs raw: deferred ${figures['per_round_catalog_vs_raw']}; settled ${figures['per_round_settled_vs_raw']}; event by event ${figures['per_round_eager_vs_raw']}.`,
    `Median of ${replayRounds} interleaved rounds. Rebuilt catalog vs live at sequence ${last}: ${equal} (digest in ${figures['catalog_digest_ms']} ms).`,
    `Clusters of ${figures['content_items']} content items: full fit (k chosen) ${figures['cluster_full_fit_ms']} ms → ${clusters.length} clusters; incremental update from it ${figures['cluster_incremental_ms']} ms → ${updated.length} clusters.`,
    `The full fit as the taste service runs it (choice of k on a worker thread): ${figures['cluster_full_fit_worker_ms']} ms in all, the event loop held at most ${figures['cluster_full_fit_worker_max_loop_block_ms']} ms at a time (the synchronous fit holds it for all ${figures['cluster_full_fit_ms']} ms); clusters ${sameClusters} to the synchronous fit's.`,
  );
  return { figures, markdown: rows.join('\n') };
}
