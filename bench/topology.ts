/**
 * Fault suites on the local topology (`npm run stack`'s shape): a 3-node NATS cluster (R3 stream and durable
 * consumers), `--replicas` processes of each service, two gateways; a steady mixed load at `--concurrency`
 * (half writers: entities, content, links, sync and async batches; half readers: search and rerank), bounded
 * in time. Clients are given both gateways (`TastegraphClient`'s `failoverUrls`): a gateway that refuses
 * connections is skipped, a read whose connection broke is re-sent to the other one, a write whose connection
 * broke (or that got a 5xx/429) is retried by the writer on the next gateway after a short back-off.
 *
 * After `--warm-s` seconds (the baseline), each fault of `--faults` in turn: `kill -9` of its process,
 * `--down-s` seconds with it down, started again on its store/data, `--after-s` seconds more. Faults:
 * `nats` (the node leading the event stream), a service app name (its replica #0), `gateway` (gateway #0).
 * Reports per fault the failed requests (any HTTP attempt with no answer, a 5xx or a 429: a writer's retry
 * counts once per failed attempt), the window in which they happened, and the time from the kill until the
 * error rate is back to 0 (the last failure in the fault's phase); then every acknowledged write is read back
 * and checked in the stream, and every acknowledged async job must end.
 * Usage: npm run bench -- topology [-- --replicas 2 --concurrency 16 --warm-s 15 --down-s 10 --after-s 12
 *   --faults nats,admin-service,entity-service,ingestion-service,embedding-service,taste-service,ranking-service,gateway]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { jetstreamManager } from '@nats-io/jetstream';
import { percentile } from '@tg/math';
import { checkIntegrity, natsCluster, SERVICE_APPS, startProcessStack, WriteLoad, type AppName, type ProcessStack } from '@tg/test-stack';
import { TastegraphClient } from '@tg/client';
import { arg, strArg } from './support';

interface Attempt {
  ok: boolean;
  start: number;
  end: number;
  kind: string;
  /** HTTP status, 0 for no answer (connection error, client timeout). */
  status: number;
  code?: string;
  error?: string;
  front?: string;
}

interface Phase {
  fault: string;
  /** The process killed (`nats#1`, `ranking-service#0`, …). */
  target: string;
  kill: number;
  restarted: number;
  end: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ALL_FAULTS = ['nats', ...SERVICE_APPS, 'gateway'];

/** Kills the fault's process; returns its label and how to start it again. */
async function inject(stack: ProcessStack, fault: string): Promise<{ target: string; restart: () => Promise<void> }> {
  if (fault === 'nats') {
    const nc = await stack.bus();
    const leader = (await (await jetstreamManager(nc)).streams.info('TG_EVENTS')).cluster?.leader ?? 'tg-0';
    const node = Number(leader.replace('tg-', ''));
    await stack.killNats(node);
    return { target: `nats#${node} (stream leader)`, restart: () => stack.startNats(node) };
  }
  const app = fault as AppName;
  await stack.kill(app, 0);
  return { target: `${app}#0`, restart: () => stack.start(app, 0) };
}

export async function run(args: string[]) {
  const replicas = arg(args, 'replicas', 2);
  const concurrency = arg(args, 'concurrency', 16);
  const warmS = arg(args, 'warm-s', 15);
  const downS = arg(args, 'down-s', 10);
  const afterS = arg(args, 'after-s', 12);
  const faults = strArg(args, 'faults', ALL_FAULTS.join(',')).split(',').filter(Boolean);
  for (const f of faults) if (!ALL_FAULTS.includes(f)) throw new Error(`unknown fault ${f} (known: ${ALL_FAULTS.join(', ')})`);
  const t0 = Date.now();
  const stack = await startProcessStack({ nats: natsCluster(), replicas: { gateway: 2, ...Object.fromEntries(SERVICE_APPS.map((a) => [a, replicas])) } });
  const startS = (Date.now() - t0) / 1000;
  console.log(`stack up in ${startS.toFixed(1)} s: ${stack.processes().length} app processes, NATS ${stack.nats.url}`);
  const cpu0 = process.cpuUsage();
  try {
    const ws = await stack.workspace('topology-bench');
    const attempts: Attempt[] = [];
    const writers = Math.ceil(concurrency / 2);
    const readers = concurrency - writers;
    const load = new WriteLoad({ fronts: stack.baseUrls, apiKey: ws.key, prefix: `tb${Date.now().toString(36)}`, concurrency: writers, onAttempt: (a) => attempts.push(a) });
    await load.start();
    // Readers: search and rerank relative to a writer's parent user; each a client of both gateways, starting
    // on gateway r % 2 (so both carry load) and failing over to the other.
    let running = true;
    const reader = async (r: number) => {
      const urls = stack.baseUrls;
      const c = new TastegraphClient({
        baseUrl: urls[r % urls.length]!,
        failoverUrls: urls.filter((_, i) => i !== r % urls.length),
        apiKey: ws.key,
        fetch: (u, init) => fetch(u, { ...init, signal: AbortSignal.timeout(15_000) }),
      });
      for (let i = 0; running; i++) {
        const q = { relative_to_entity_id: load.parents[(r + i) % load.parents.length]!, in_terms_of_entity_type: 'content' };
        const start = Date.now();
        const a: Attempt = { ok: false, start, end: 0, kind: i % 2 === 0 ? 'search' : 'rerank', status: 0, front: c.baseUrl };
        try {
          const res =
            a.kind === 'search'
              ? await c.request('POST', '/search', { query: q, body: { query: 'jazz espresso notes', limit: 10 }, idempotent: true })
              : await c.request('POST', '/rerank', { query: q, body: { candidates: ['vinyl jazz records', 'mountain hiking trip', 'ramen and sushi', 'sailing at dawn'] }, idempotent: true });
          a.status = res.status;
          a.code = (res.body as { code?: string } | undefined)?.code;
          a.error = (res.body as { error?: string } | undefined)?.error;
          a.ok = res.status < 500 && res.status !== 429;
          if (res.status >= 400 && res.status < 500 && res.status !== 429) console.warn(`reader got ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        } catch (e) {
          a.error = `${(e as Error)?.name}: ${(e as Error)?.message}${(e as { cause?: { code?: string } })?.cause?.code ? ` (${(e as { cause: { code: string } }).cause.code})` : ''}`;
        }
        a.end = Date.now();
        a.front = c.baseUrl;
        attempts.push(a);
        if (!a.ok) await sleep(50);
      }
    };
    const readersP = Array.from({ length: readers }, (_, r) => reader(r));

    const loadStart = Date.now();
    await sleep(warmS * 1000);
    const phases: Phase[] = [];
    for (const fault of faults) {
      const kill = Date.now();
      const { target, restart } = await inject(stack, fault);
      console.log(`+${((kill - t0) / 1000).toFixed(1)} s: killed ${target}`);
      await sleep(downS * 1000);
      await restart();
      const restarted = Date.now();
      console.log(`  ${target} started again (ready ${((restarted - kill) / 1000).toFixed(1)} s after the kill)`);
      await sleep(afterS * 1000);
      phases.push({ fault, target, kill, restarted, end: Date.now() });
    }
    running = false;
    await Promise.all(readersP);
    await load.stop();
    const loadEnd = Date.now();
    const cpu = process.cpuUsage(cpu0);

    const baseline = attempts.filter((a) => a.end < (phases[0]?.kill ?? loadEnd));
    const byKind = (xs: Attempt[]) => Object.entries(xs.reduce<Record<string, number>>((m, a) => ((m[a.kind] = (m[a.kind] ?? 0) + 1), m), {})).map(([k, n]) => `${k} ${n}`).join(', ') || 'none';
    const label = (a: Attempt) => `${a.status}${a.code ? ' ' + a.code : ''}`;
    const statuses = (xs: Attempt[]) => Object.entries(xs.reduce<Record<string, number>>((m, a) => ((m[label(a)] = (m[label(a)] ?? 0) + 1), m), {})).map(([s, n]) => `${s}×${n}`).join(', ') || 'none';
    const readLat = (xs: Attempt[]) => xs.filter((a) => a.ok && (a.kind === 'search' || a.kind === 'rerank')).map((a) => a.end - a.start);
    const pct = (xs: number[], q: number) => Math.round(percentile(xs, q));
    const rows: string[] = [];
    const figures: Record<string, number | string> = {
      replicas,
      concurrency,
      stackStartS: Number(startS.toFixed(1)),
      baselineRequests: baseline.length,
      baselineFailed: baseline.filter((a) => !a.ok).length,
      baselineReqPerS: Number((baseline.length / ((phases[0]?.kill ?? loadEnd) - loadStart) * 1000).toFixed(1)),
      baselineReadP50Ms: pct(readLat(baseline), 50),
      baselineReadP99Ms: pct(readLat(baseline), 99),
      loadGeneratorCpuMsPerRequest: Number(((cpu.user + cpu.system) / 1000 / Math.max(1, attempts.length)).toFixed(2)),
    };
    const details: Record<string, unknown> = {};
    for (const p of phases) {
      const inPhase = attempts.filter((a) => a.end >= p.kill && a.end < p.end);
      const failed = inPhase.filter((a) => !a.ok);
      const lastFail = failed.reduce((m, a) => Math.max(m, a.end), p.kill);
      const firstFail = failed.reduce((m, a) => Math.min(m, a.end), Number.POSITIVE_INFINITY);
      const recovered = p.end - lastFail >= Math.min(5_000, (p.end - p.restarted) / 2);
      const zeroAfter = failed.length === 0 ? '0' : recovered ? ((lastFail - p.kill) / 1000).toFixed(1) : `> ${((p.end - p.kill) / 1000).toFixed(1)} (still failing)`;
      const down = failed.filter((a) => a.end < p.restarted).length;
      const rate = (inPhase.length / (p.end - p.kill)) * 1000;
      const k = p.fault;
      figures[`${k}_requests`] = inPhase.length;
      figures[`${k}_failed`] = failed.length;
      figures[`${k}_failedWhileDown`] = down;
      figures[`${k}_failedByKind`] = byKind(failed);
      figures[`${k}_failedStatuses`] = statuses(failed);
      figures[`${k}_failWindowS`] = failed.length ? Number(((lastFail - firstFail) / 1000).toFixed(1)) : 0;
      figures[`${k}_errorRateZeroAfterKillS`] = zeroAfter;
      figures[`${k}_restartReadyS`] = Number(((p.restarted - p.kill) / 1000).toFixed(1));
      figures[`${k}_reqPerS`] = Number(rate.toFixed(1));
      figures[`${k}_readP99Ms`] = pct(readLat(inPhase), 99);
      rows.push(
        `| ${p.target} | ${inPhase.length} (${rate.toFixed(1)}/s, ×${(rate / (figures.baselineReqPerS as number)).toFixed(2)}) | ${failed.length} (${down} while down): ${byKind(failed)}; ${statuses(failed)} | ${failed.length ? `${((firstFail - p.kill) / 1000).toFixed(1)}–${((lastFail - p.kill) / 1000).toFixed(1)} s` : '—'} | ${zeroAfter} s | ${((p.restarted - p.kill) / 1000).toFixed(1)} s | ${pct(readLat(inPhase), 99)} ms |`,
      );
      details[p.target] = failed.map((a) => ({ t: Number(((a.end - p.kill) / 1000).toFixed(2)), took: a.end - a.start, kind: a.kind, status: a.status, code: a.code, error: a.error?.slice(0, 200), front: a.front }));
      console.log(`${p.target}: ${failed.length} failed`);
      for (const f of (details[p.target] as object[]).slice(0, 40)) console.log(`   ${JSON.stringify(f)}`);
    }
    const report = await checkIntegrity({ load, front: stack.baseUrl, apiKey: ws.key, ws: ws.workspaceId, nc: await stack.bus(), jobTimeoutMs: 30_000 });
    Object.assign(figures, {
      writesAcknowledged: load.figures.acknowledged,
      writesUnacknowledged: load.figures.unacknowledged,
      clientErrors: load.figures.clientErrors.length,
      acknowledgedWritesChecked: report.checked,
      acknowledgedWritesLost: report.lost.length,
      duplicated: report.duplicated.length,
      jobs: Object.entries(report.jobs).map(([s, n]) => `${s} ${n}`).join(', '),
      stuckJobs: report.stuckJobs.length,
      tornOpen: report.torn.open.length,
    });
    // Where the stuck jobs come from: the phase each was acknowledged in, and the durable consumers' state.
    const ackedAt = new Map<string, number>();
    load.acked.forEach((a, i) => a.kind === 'job' && ackedAt.set(a.jobId, load.ackTimes[i]?.at ?? 0));
    const phaseOf = (t: number) => [...phases].reverse().find((p) => t >= p.kill)?.target ?? 'baseline';
    const stuckByPhase = report.stuckJobs.reduce<Record<string, number>>((m, s) => ((m[phaseOf(ackedAt.get(s.split(' ')[0]!) ?? 0)] = (m[phaseOf(ackedAt.get(s.split(' ')[0]!) ?? 0)] ?? 0) + 1), m), {});
    figures['stuckJobsByPhase'] = Object.entries(stuckByPhase).map(([k, n]) => `${k} ${n}`).join(', ') || 'none';
    const consumers: string[] = [];
    for await (const c of (await jetstreamManager(await stack.bus())).consumers.list('TG_EVENTS')) {
      if (c.config.durable_name) consumers.push(`${c.name}: pending ${c.num_pending}, ack pending ${c.num_ack_pending}, redelivered ${c.num_redelivered}, waiting pulls ${c.num_waiting}, leader ${c.cluster?.leader}`);
    }
    console.log(`durable consumers at the end:\n  ${consumers.join('\n  ')}`);
    mkdirSync(new URL('./results', import.meta.url), { recursive: true });
    writeFileSync(new URL('./results/topology-failures.json', import.meta.url), JSON.stringify({ details, lost: report.lost, duplicated: report.duplicated, stuck: report.stuckJobs, torn: report.torn }, null, 2));
    const md = [
      `baseline (${warmS} s, nothing killed): ${baseline.length} requests, ${figures.baselineReqPerS} req/s, ${figures.baselineFailed} failed; read p50 ${figures.baselineReadP50Ms} ms, p99 ${figures.baselineReadP99Ms} ms; load generator ${figures.loadGeneratorCpuMsPerRequest} ms CPU per request`,
      '',
      `| killed (down ${downS} s, then ${afterS} s) | requests in the phase (ratio to baseline rate) | failed | failures from the kill | error rate 0 after | killed process ready again | read p99 |`,
      '|---|---|---|---|---|---|---|',
      ...rows,
      '',
      `acknowledged writes ${load.figures.acknowledged} (${report.checked} items read back): lost ${report.lost.length}, duplicated ${report.duplicated.length}, unacknowledged ${load.figures.unacknowledged}; async jobs ${figures.jobs}, stuck ${report.stuckJobs.length}; torn open ${report.torn.open.length}`,
      report.lost.length ? `lost: ${report.lost.slice(0, 10).join('; ')}` : '',
      report.stuckJobs.length ? `stuck (acknowledged in: ${figures['stuckJobsByPhase']}): ${report.stuckJobs.slice(0, 3).join('; ')}` : '',
      `durable consumers at the end: ${consumers.join('; ')}`,
    ].join('\n');
    return { figures, markdown: md };
  } finally {
    await stack.stop();
  }
}
