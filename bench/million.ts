/**
 * One workspace of 1,000,000 items on one ranking instance: memory per item, search p50/p99 at concurrency 16,
 * and the time to restart from its snapshot. One nats-server, one embedding process (query embeddings), one
 * ranking process from `apps/ranking-service`. The items (ContentIndexed + ContentEmbedded each, synthetic text,
 * random unit vectors of the real model's dimension and id) are written straight into the event log: this
 * measures what reads the log at size, not ingestion (see the ingest bench for that rate).
 *   1. write the log; the ranking instance folds it live; wait until a search sees all of it;
 *   2. search `--seconds` at `--concurrency` closed-loop callers over the bus (query texts vary);
 *   3. RSS of the instance → memory per item;
 *   4. a periodic snapshot while the same search load runs: 50 more events reach the snapshot threshold; search
 *      latency while the snapshot is written (it is encoded in chunks) against step 2; and meanwhile one client
 *      that writes and then reads its write, in a loop: an entity appended to the log, then a search that carries
 *      the append's sequence (read-your-writes: it is answered once the instance folded it, or 503 after
 *      `TG_READ_WAIT_MS`, 2 s here);
 *   5. SIGTERM (it writes its snapshot on stop), start again: time to caught up (from the snapshot), then to
 *      joined (lexical index and vector graph restored or built), then the first search's latency; the
 *      snapshot's size on disk (catalog and the ranking part beside it); then the first write after the restart
 *      under the search load (a new content item, 2 s after the first search): the searches' max and p99 in the
 *      2 s before it and in the 2 s after it, and how long until a search sees it (the first change of a restored
 *      collection copied all its vectors at once until the seventeenth session).
 *
 *   With `--base <checkout>` (another worktree with its node_modules, same snapshot format), each restart round
 *   restarts the instance twice, first with that checkout's code, then with this one's: an A/B on the same data
 *   in the same run (this machine's speed varies by up to 2x from hour to hour).
 *
 * Usage: npm run bench -- million [-- --items 1000000 --concurrency 16 --seconds 20 --restarts 1 --base /tmp/wt]
 * (the table's restart rows are the last restart's; the last rows list every restart's)
 */
import { readdirSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { event, OP } from '@tg/contracts';
import { percentile } from '@tg/math';
import { EventStore, RpcClient } from '@tg/messaging';
import { eventually, replicasOnly, singleNats, startProcessStack } from '@tg/test-stack';
import { arg, publishContentItem, rssMb, strArg, syntheticText, WORDS, writeSyntheticWorkspace } from './support';

/** Events written after the log to reach the periodic snapshot's threshold. */
const PROBE_EVENTS = 50;

/** Closed-loop search load: latencies of `concurrency` callers until `done()` says stop. */
async function load(concurrency: number, search: (i: number) => Promise<unknown>, done: () => boolean): Promise<{ lat: number[]; failed: number }> {
  const lat: number[] = [];
  let failed = 0;
  let n = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (!done()) {
        const i = n++;
        const t0 = performance.now();
        try {
          await search(i);
          lat.push(performance.now() - t0);
        } catch {
          failed++;
        }
      }
    }),
  );
  return { lat, failed };
}

/** Bytes of the files under a directory (not recursive). */
const dirBytes = (dir: string) => readdirSync(dir).reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);

export async function run(args: string[]) {
  const N = arg(args, 'items', 1_000_000);
  const concurrency = arg(args, 'concurrency', 16);
  const seconds = arg(args, 'seconds', 20);
  // Restarts in a row (each stops the instance, which writes its snapshot, and starts it from it).
  const restarts = arg(args, 'restarts', 1);
  const base = strArg(args, 'base', '');
  const stack = await startProcessStack({
    nats: singleNats(),
    replicas: replicasOnly({ 'embedding-service': 1, 'ranking-service': 1 }),
    logLevel: 'info',
    readyTimeoutMs: 3_600_000,
    // No snapshot during the write (it would measure the snapshot, not the fold): the first is due 50 events
    // after it (step 4); then one on stop.
    env: { TG_SNAPSHOT_EVERY_EVENTS: String(2 * N + 1 + PROBE_EVENTS), TG_READ_WAIT_MS: '2000', TG_RPC_TIMEOUT_MS: '120000' },
  });
  const figures: Record<string, number | string> = { items: N, concurrency, seconds };
  const ws = 'ws_million';
  try {
    const nc = await stack.bus();
    const store = await EventStore.open(nc);
    const rpc = new RpcClient(nc, 300_000, undefined, 120_000);
    const { data: emb } = await rpc.call(OP.embed.texts, { ws: '_bench', data: { texts: ['jazz'] } });
    const ranking = stack.proc('ranking-service', 0);
    const emptyRss = rssMb(ranking.pid!);

    let t = performance.now();
    await writeSyntheticWorkspace(store, ws, N, emb);
    const lastSeq = await store.streamLastSeq();
    figures['write_s'] = +((performance.now() - t) / 1000).toFixed(1);
    figures['events'] = lastSeq;
    console.log(`log: ${lastSeq} events in ${figures['write_s']} s`);
    const query = (i: number) => `${WORDS.genre[i % WORDS.genre.length]} ${WORDS.noun[(i * 7) % WORDS.noun.length]}`;
    const search = (i: number, minSeq?: number) => rpc.call(OP.rank.search, { ws, minSeq, data: { anchor: 'user', inTermsOf: 'content', query: query(i), limit: 10 } });
    t = performance.now();
    await eventually(async () => (await search(0, lastSeq)).data.results.length > 0, { timeoutMs: 3_600_000, intervalMs: 1_000, what: 'a search over the whole log' });
    figures['caught_up_after_write_s'] = +((performance.now() - t) / 1000).toFixed(1);

    /**
     * The search load for 4 s with one new content item written after 2 s: the searches' latencies by whether they
     * ended before the write or after it, and how long until a search carrying the write's sequence answers.
     */
    let probes = 0;
    const firstWrite = async (id: string): Promise<string> => {
      const t0 = performance.now();
      let writeAt = Infinity;
      const before: number[] = [];
      const after: number[] = [];
      const during = load(concurrency, async (i) => {
        const s0 = performance.now();
        await search(i);
        const end = performance.now();
        (end >= writeAt ? after : before).push(end - s0);
      }, () => performance.now() - t0 >= 4_000);
      await new Promise((r) => setTimeout(r, 2_000));
      const v = new Float32Array(emb.dim).fill(1 / Math.sqrt(emb.dim));
      writeAt = performance.now();
      // A text like the catalog's (its words in every item: the lexical index changes its most common terms).
      const item = { id, url: `https://synthetic.test/${ws}/${id}`, name: id, text: syntheticText(N + probes++), digest: `d-${id}`, at: Date.now() };
      const ack = await publishContentItem(store, ws, item, v, emb);
      await search(0, ack.seq);
      const visible = performance.now() - writeAt;
      await during;
      const f = (xs: number[]) => `max ${Math.max(0, ...xs).toFixed(0)} / p99 ${percentile(xs, 99).toFixed(0)} ms`;
      return `before the write ${f(before)}, after it ${f(after)}, seen ${visible.toFixed(0)} ms after it`;
    };

    /**
     * A periodic snapshot under the search load, PROBE_EVENTS events away (published here, each a new user): search
     * latency meanwhile, and a client that writes and reads its own write in a loop. Figures prefixed with `prefix`.
     */
    const periodicSnapshot = async (prefix: string, idPrefix: string): Promise<Record<string, number>> => {
      const out: Record<string, number> = {};
      const written = /"msg":"catalog snapshot written"/;
      let snapshotDone = false;
      const snapshotLine = ranking.waitForLine(written, { timeoutMs: 1_800_000, fromLine: ranking.mark() }).finally(() => (snapshotDone = true));
      const during = load(concurrency, (i) => search(i), () => snapshotDone);
      for (let i = 0; i < PROBE_EVENTS; i++) {
        const at = Date.now();
        await store.js.publish(EventStore.subject(ws, 'entity', `${idPrefix}${i}`), JSON.stringify(event('EntityCreated', { entity_id: `${idPrefix}${i}`, type: 'user', name: `Probe ${i}`, description: '', created_at: at }, { workspace: ws, at })));
      }
      // A client that reads its own writes while the snapshot is written.
      const rw: number[] = [];
      let rwFailed = 0;
      const writer = (async () => {
        for (let k = 0; !snapshotDone; k++) {
          const at = Date.now();
          const ack = await store.js.publish(EventStore.subject(ws, 'entity', `${idPrefix}rw${k}`), JSON.stringify(event('EntityCreated', { entity_id: `${idPrefix}rw${k}`, type: 'user', name: `Writer ${k}`, description: '', created_at: at }, { workspace: ws, at })));
          const t0 = performance.now();
          try {
            await search(k, ack.seq);
            rw.push(performance.now() - t0);
          } catch {
            rwFailed++;
          }
        }
      })();
      const periodic = JSON.parse(await snapshotLine) as { bytes: number; encodeMs: number; ms: number };
      const probe = await during;
      await writer;
      out[`${prefix}during_snapshot_read_after_write`] = rw.length + rwFailed;
      out[`${prefix}during_snapshot_read_after_write_p50_ms`] = +percentile(rw, 50).toFixed(1);
      out[`${prefix}during_snapshot_read_after_write_max_ms`] = +Math.max(0, ...rw).toFixed(1);
      out[`${prefix}during_snapshot_read_after_write_failed`] = rwFailed;
      out[`${prefix}periodic_snapshot_encode_ms`] = periodic.encodeMs;
      out[`${prefix}periodic_snapshot_ms`] = periodic.ms;
      out[`${prefix}during_snapshot_searches`] = probe.lat.length;
      out[`${prefix}during_snapshot_p50_ms`] = +percentile(probe.lat, 50).toFixed(1);
      out[`${prefix}during_snapshot_p99_ms`] = +percentile(probe.lat, 99).toFixed(1);
      out[`${prefix}during_snapshot_max_ms`] = +Math.max(0, ...probe.lat).toFixed(1);
      out[`${prefix}during_snapshot_failed`] = probe.failed;
      return out;
    };

    // Closed-loop search load.
    const until = performance.now() + seconds * 1000;
    const { lat, failed } = await load(concurrency, (i) => search(i), () => performance.now() >= until);
    figures['search_p50_ms'] = +percentile(lat, 50).toFixed(1);
    figures['search_p99_ms'] = +percentile(lat, 99).toFixed(1);
    figures['searches_per_s'] = +(lat.length / seconds).toFixed(1);
    figures['search_failed'] = failed;
    const rss = rssMb(ranking.pid!);
    figures['rss_mb'] = +rss.toFixed(0);
    figures['empty_rss_mb'] = +emptyRss.toFixed(0);
    figures['bytes_per_item'] = Math.round(((rss - emptyRss) * 2 ** 20) / N);
    console.log(JSON.stringify(figures));

    // A periodic snapshot under the same search load: the threshold is PROBE_EVENTS events away.
    Object.assign(figures, await periodicSnapshot('', 'probe'));
    // Each restart's joined time and its line, by the code it ran.
    const joined = { this: [] as { s: number; line: string }[], base: [] as { s: number; line: string }[] };
    // Each restart's first write under the search load, by the code it ran.
    const writes = { this: [] as string[], base: [] as string[] };
    const here = { cwd: ranking.spec.cwd, entry: ranking.spec.args.at(-1)! };
    const variants = base ? (['base', 'this'] as const) : (['this'] as const);
    const plan = Array.from({ length: restarts }, (_, i) => variants.map((variant) => ({ round: i + 1, variant }))).flat();
    for (const [i, { round, variant }] of plan.entries()) {
      const restart = i + 1;
      // One more event, so that the stop writes a snapshot of its own (measured as before), once the instance
      // has folded it (stopped before, it has nothing new to write: the next start would read the older one).
      const probe = await store.js.publish(EventStore.subject(ws, 'entity', `probe-last-${restart}`), JSON.stringify(event('EntityCreated', { entity_id: `probe-last-${restart}`, type: 'user', name: 'Probe', description: '', created_at: 1 }, { workspace: ws, at: 1 })));
      await eventually(async () => (await search(0, probe.seq)).data.results.length > 0, { timeoutMs: 600_000, intervalMs: 100, what: 'the probe folded' });
      console.log(JSON.stringify(figures));
      // The code the next start runs: this checkout's, or the base's (same entry point under its root).
      ranking.spec.cwd = variant === 'base' ? base : here.cwd;
      ranking.spec.args[ranking.spec.args.length - 1] = variant === 'base' ? join(base, relative(here.cwd, here.entry)) : here.entry;

      // Restart from the snapshot written on stop.
      t = performance.now();
      await ranking.stop(600_000);
      figures['stop_with_snapshot_s'] = +((performance.now() - t) / 1000).toFixed(1);
      t = performance.now();
      const snapDir = join(ranking.spec.env['TG_DATA_DIR']!, 'snapshots');
      figures['snapshot_bytes_on_disk'] = dirBytes(snapDir);
      figures['snapshot_files'] = readdirSync(snapDir).join(' ');
      const load = loadavg()[0]!.toFixed(1);
      await ranking.start();
      const caught = JSON.parse(await ranking.waitForLine(/catalog projection caught up/, { timeoutMs: 1_000 })) as { restoredFrom: number; ms: number };
      const restored = JSON.parse(await ranking.waitForLine(/catalog restored from snapshot/, { timeoutMs: 1_000 })) as { readMs: number; ms: number; parts: Record<string, boolean> };
      figures['restore_read_ms'] = restored.readMs;
      figures['restore_ms'] = restored.ms;
      figures['restore_parts'] = JSON.stringify(restored.parts);
      figures['restart_restored_from'] = caught.restoredFrom;
      figures['restart_caught_up_s'] = +((performance.now() - t) / 1000).toFixed(1);
      const warmed = JSON.parse(await ranking.waitForLine(/ranking indexes warmed/, { timeoutMs: 3_600_000 })) as { ms: number; restored?: { flushMs: number; loadWaitMs: number } };
      figures['restore_ranking_flush_ms'] = warmed.restored?.flushMs ?? -1;
      figures['restore_ranking_graph_wait_ms'] = warmed.restored?.loadWaitMs ?? -1;
      figures['restart_joined_s'] = +((performance.now() - t) / 1000).toFixed(1);
      figures['restart_warm_ms'] = warmed.ms;
      const t1 = performance.now();
      await eventually(async () => (await search(1)).data.results.length > 0, { timeoutMs: 600_000, intervalMs: 100, what: 'a search after the restart' });
      const firstSearchMs = Math.round(performance.now() - t1);
      const rssJoined = Math.round(rssMb(ranking.pid!));
      const after = `${figures['restart_joined_s']} s (read ${(restored.readMs / 1000).toFixed(1)} s, load ${load}, RSS ${rssJoined} MB, first search ${firstSearchMs} ms)`;
      joined[variant].push({ s: Number(figures['restart_joined_s']), line: after });
      const written = await firstWrite(`first-write-${restart}`);
      writes[variant].push(`${written} (RSS then ${Math.round(rssMb(ranking.pid!))} MB)`);
      console.log(`restart ${round}${variant === 'base' ? ' (base)' : ''}: first write: ${written}`);
      if (variant === 'base') {
        console.log(`restart ${round} (base): joined after ${after}`);
        continue;
      }
      figures['first_search_after_restart_ms'] = firstSearchMs;
      figures['rss_after_restart_mb'] = rssJoined;
      console.log(`restart ${round}: joined after ${after}`);
    }
    const lines = (xs: { line: string }[]) => xs.map((x) => x.line).join('; ');
    const median = (xs: { s: number }[]) => percentile(xs.map((x) => x.s), 50);
    figures['restarts_joined'] = lines(joined.this);
    figures['first_write_after_restart'] = writes.this.join('; ');

    // A periodic snapshot of an instance restored from a snapshot (what every instance that restarted writes): this
    // checkout's code, started with the threshold PROBE_EVENTS events away.
    ranking.spec.cwd = here.cwd;
    ranking.spec.args[ranking.spec.args.length - 1] = here.entry;
    await ranking.stop(600_000);
    ranking.spec.env['TG_SNAPSHOT_EVERY_EVENTS'] = String(PROBE_EVENTS);
    await ranking.start();
    await ranking.waitForLine(/ranking indexes warmed/, { timeoutMs: 3_600_000 });
    await eventually(async () => (await search(1)).data.results.length > 0, { timeoutMs: 600_000, intervalMs: 100, what: 'a search after the restart' });
    Object.assign(figures, await periodicSnapshot('restored_', 'restored-probe'));
    if (base) {
      figures['restarts_joined_base'] = lines(joined.base);
      figures['first_write_after_restart_base'] = writes.base.join('; ');
      figures['restart_vs_base'] = +(median(joined.this) / median(joined.base)).toFixed(3);
    }
  } finally {
    await stack.stop();
  }
  const f = figures;
  const markdown = [
    `One workspace of ${N.toLocaleString('en')} items (${f['events']} events, written straight into the log in ${f['write_s']} s), one ranking instance:`,
    '',
    '| figure | value |',
    '|---|---|',
    `| search at concurrency ${concurrency}, p50 / p99 (ms) | ${f['search_p50_ms']} / ${f['search_p99_ms']} (${f['searches_per_s']}/s, ${f['search_failed']} failed) |`,
    `| RSS (empty instance) | ${f['rss_mb']} MB (${f['empty_rss_mb']} MB) |`,
    `| memory per item | ${f['bytes_per_item']} bytes |`,
    `| a periodic snapshot under the search load: encoded in / written in | ${f['periodic_snapshot_encode_ms']} / ${f['periodic_snapshot_ms']} ms |`,
    `| search p50 / p99 / max while it was written (ms) | ${f['during_snapshot_p50_ms']} / ${f['during_snapshot_p99_ms']} / ${f['during_snapshot_max_ms']} (${f['during_snapshot_searches']} searches, ${f['during_snapshot_failed']} failed) |`,
    `| a client's search after its own write while it was written: p50 / max (ms) | ${f['during_snapshot_read_after_write_p50_ms']} / ${f['during_snapshot_read_after_write_max_ms']} (${f['during_snapshot_read_after_write']} writes, ${f['during_snapshot_read_after_write_failed']} reads failed: 503 after 2 s) |`,
    `| the same, on an instance restored from a snapshot (this code): encoded in / search p50 / p99 / max (ms) | ${f['restored_periodic_snapshot_encode_ms']} / ${f['restored_during_snapshot_p50_ms']} / ${f['restored_during_snapshot_p99_ms']} / ${f['restored_during_snapshot_max_ms']} (${f['restored_during_snapshot_searches']} searches, ${f['restored_during_snapshot_failed']} failed; own-write reads p50 ${f['restored_during_snapshot_read_after_write_p50_ms']}, max ${f['restored_during_snapshot_read_after_write_max_ms']}, ${f['restored_during_snapshot_read_after_write_failed']} failed) |`,
    `| stop (writes the snapshot) | ${f['stop_with_snapshot_s']} s |`,
    `| snapshot on disk (${f['snapshot_files']}) | ${(Number(f['snapshot_bytes_on_disk']) / 1e6).toFixed(0)} MB |`,
    `| restart: snapshot read / restored with its parts ${f['restore_parts']} | ${f['restore_read_ms']} / ${f['restore_ms']} ms |`,
    `| of which: the restored vectors into the ranking index / then waiting for the worker's graphs | ${f['restore_ranking_flush_ms']} / ${f['restore_ranking_graph_wait_ms']} ms |`,
    `| restart: caught up from the snapshot (restored from sequence ${f['restart_restored_from']}) | ${f['restart_caught_up_s']} s |`,
    `| restart: joined (lexical index and vector graph built, ${f['restart_warm_ms']} ms of it) | ${f['restart_joined_s']} s |`,
    `| first search after the restart | ${f['first_search_after_restart_ms']} ms |`,
    `| every restart: joined after (snapshot read, 1-minute load average at its start, RSS once joined, the first search's time) | ${f['restarts_joined']} |`,
    `| every restart: the first write 2 s after the first search, under the search load (searches ended before / after it) | ${f['first_write_after_restart']} |`,
    ...(base ? [`| the same restarts with the base checkout's code (${base}), in turn | ${f['restarts_joined_base']} |`, `| joined: median of this code / median of the base's | ${f['restart_vs_base']} |`, `| the first write after each restart, base checkout's code | ${f['first_write_after_restart_base']} |`] : []),
  ].join('\n');
  return { figures, markdown };
}
