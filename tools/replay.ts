/**
 * `npm run replay -- <projection…|all> [--compare] [--raw] [--until <seq>] [--json]`
 *
 * Drops nothing live: rebuilds each named read model into a fresh instance from the event stream
 * (TG_EVENTS on the NATS at NATS_URL), prints its digest and how fast it replayed.
 *
 *   --compare     also ask each running service with a read model (taste, entity, ranking, visualize) for its
 *                 live digest and compare it with a rebuild up to the same stream position: the catalog, and
 *                 for ranking the vectors its index (and search worker) holds (exit 1 when one differs, or
 *                 when none answers); one instance of each answers (whichever its queue group picks); an
 *                 instance holding some workspace partitions only (TG_SERVE_PARTITIONS) is compared with a
 *                 replay of those partitions' workspaces (its answer says which)
 *   --raw         also read the whole stream without decoding it (raw JetStream read throughput)
 *   --until <n>   replay only up to stream sequence n
 *   --json        print one JSON document instead of text
 *
 * Projections: catalog (aliases taste, entities, clusters, ranking, vectors), admin (workspaces, keys), all.
 */
import { jetstreamManager, JetStreamApiError } from '@nats-io/jetstream';
import { loadConfig } from '@tg/config';
import { OP } from '@tg/contracts';
import { EVENT_STREAM, EventStore, RpcClient, connectNats } from '@tg/messaging';
import { checkLiveDigest, readStream, replayProjection, resolveProjections, type ReplayResult } from '@tg/read-model';

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

function usage(message?: string): never {
  if (message) console.error(message);
  console.error('usage: npm run replay -- <catalog|taste|admin|all …> [--compare] [--raw] [--until <seq>] [--json]');
  process.exit(2);
}

const argv = process.argv.slice(2).filter((a) => a !== '--');
const flags = new Set(argv.filter((a) => a.startsWith('--')));
const untilIdx = argv.indexOf('--until');
const untilSeq = untilIdx >= 0 ? Number(argv[untilIdx + 1]) : undefined;
if (untilIdx >= 0 && !(Number.isInteger(untilSeq) && untilSeq! >= 0)) usage('--until needs a stream sequence (an integer ≥ 0)');
const names = argv.filter((a, i) => !a.startsWith('--') && !(untilIdx >= 0 && i === untilIdx + 1));
for (const f of flags) if (!['--compare', '--raw', '--until', '--json'].includes(f)) usage(`unknown option ${f}`);
if (!names.length) usage('name a projection (or all)');

let defs;
try {
  defs = resolveProjections(names);
} catch (e) {
  usage((e as Error).message);
}

let config;
try {
  config = loadConfig();
} catch (e) {
  usage((e as Error).message);
}
if (!config.natsUrl) usage('NATS_URL is not set: point it at the NATS the services use (npm start prints it, e.g. NATS_URL=nats://127.0.0.1:4222)');

const json = flags.has('--json');
const say = (s: string) => {
  if (!json) console.log(s);
};
// A person waits for this: a NATS that is not there is said within seconds.
const nc = await connectNats(config.natsUrl, 'tastegraph-replay', { firstConnectMs: 5_000 });
let exitCode = 0;
try {
  // Never create the stream from a read-only tool: check that it is there first.
  try {
    await (await jetstreamManager(nc)).streams.info(EVENT_STREAM);
  } catch (e) {
    if (e instanceof JetStreamApiError && e.code === 10059) usage(`stream ${EVENT_STREAM} does not exist on ${config.natsUrl}: nothing to replay`);
    throw e;
  }
  const store = await EventStore.open(nc);
  const last = await store.streamLastSeq();
  say(`replay from ${config.natsUrl}, stream ${EVENT_STREAM}, last sequence ${fmt(last)}${untilSeq !== undefined ? `, up to ${fmt(untilSeq)}` : ''}`);
  const out: Record<string, unknown> = { nats: config.natsUrl, stream: EVENT_STREAM, lastSeq: last };

  if (flags.has('--raw')) {
    const raw = await readStream(store, { untilSeq });
    out['raw'] = raw;
    say(`  raw read     ${fmt(raw.events).padStart(10)} events in ${(raw.ms / 1000).toFixed(2)} s  ${fmt(raw.eventsPerSecond).padStart(9)} events/s (no decoding)`);
  }

  const results: ReplayResult[] = [];
  for (const def of defs) {
    const r = await replayProjection(store, def, { untilSeq });
    results.push(r);
    const counts = Object.entries(r.digest.counts)
      .map(([k, v]) => `${k} ${fmt(v)}`)
      .join(', ');
    say(`  ${def.name.padEnd(12)} ${fmt(r.events).padStart(10)} events in ${(r.ms / 1000).toFixed(2)} s  ${fmt(r.eventsPerSecond).padStart(9)} events/s  (up to seq ${fmt(r.lastSeq)}; digest in ${fmt(r.digestMs)} ms)`);
    say(`               digest ${r.digest.hash}`);
    say(`               ${counts}`);
    if (r.failures) say(`               ${r.failures} event(s) failed to apply (skipped, as the live feed does)`);
    const check = (r.digest.detail as { statsCheck?: { maxAbsError: number; problems: string[] } } | undefined)?.statsCheck;
    if (check) {
      say(`               taste statistics vs a batch recomputation: max |Δ| ${check.maxAbsError.toExponential(2)}, ${check.problems.length} problem(s)`);
      for (const p of check.problems.slice(0, 20)) say(`                 ${p}`);
      if (check.problems.length || check.maxAbsError > 1e-9) exitCode = 1;
    }
  }
  out['projections'] = results.map(({ state: _state, digest, ...rest }) => ({ ...rest, digest: { hash: digest.hash, counts: digest.counts } }));

  if (flags.has('--compare')) {
    const rpc = new RpcClient(nc);
    const compare: Record<string, unknown> = {};
    let answered = 0;
    for (const [name, op] of Object.entries({ taste: OP.taste.digest, entity: OP.entity.digest, ranking: OP.rank.digest, visualize: OP.visualize.digest })) {
      try {
        const live = (await rpc.call(op, { ws: '_account', data: {} }, { timeoutMs: 120_000 })).data;
        answered++;
        const cmp = await checkLiveDigest(store, live);
        const equal = cmp.differences.length === 0;
        compare[name] = { position: cmp.position, restored_from: cmp.restoredFrom, partitions: cmp.partitions, compared: cmp.compared, equal, differences: cmp.differences, live: live.digest.hash };
        say(`  compare ${name} (${cmp.compared.join(', ')}; partitions ${cmp.partitions}) with a replay at sequence ${fmt(cmp.position)}: ${equal ? 'EQUAL' : 'DIFFERENT'} (restored from ${fmt(cmp.restoredFrom)})`);
        for (const d of cmp.differences) say(`                 ${d}`);
        if (!equal) exitCode = 1;
      } catch (e) {
        compare[name] = { error: (e as Error).message };
        say(`  compare ${name}: no live digest (${(e as Error).message}); is that service running against this NATS?`);
      }
    }
    out['compare'] = compare;
    if (!answered) exitCode = 1;
  }
  if (json) console.log(JSON.stringify(out, null, 2));
} finally {
  await nc.close();
}
process.exit(exitCode);
