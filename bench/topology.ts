/**
 * Fault run on the local topology (`npm run stack`'s shape): a 3-node NATS cluster (R3 stream and durable
 * consumers), `--replicas` processes of each service, two gateways; a steady mixed load at `--concurrency`
 * (half writers: entities, content, links, sync and async batches, retried like a client behind a load
 * balancer; half readers: search and rerank), bounded in time. After `--warm-s` seconds, `kill -9` of the
 * NATS node that leads the event stream; `--down-s` seconds later it is started again; the load runs
 * `--after-s` more seconds. Reports acknowledged writes lost (every acknowledged write read back and checked
 * in the stream), failed requests (any HTTP attempt that got no answer or a 5xx/429) and the window in which
 * they happened, and the time from the kill until the error rate is back to 0 for good. A baseline is the
 * warm phase of the same run (request rate and failures before the kill).
 * Usage: npm run bench -- topology [-- --replicas 2 --concurrency 16 --warm-s 20 --down-s 20 --after-s 20]
 */
import { jetstreamManager } from '@nats-io/jetstream';
import { percentile } from '@tg/math';
import { SERVICE_APPS, checkIntegrity, natsCluster, startProcessStack, WriteLoad } from '@tg/test-stack';
import { TastegraphClient } from '@tg/client';
import { arg } from './support';

interface Attempt {
  ok: boolean;
  start: number;
  end: number;
  kind: string;
  /** HTTP status, 0 for no answer (connection error, client timeout). */
  status: number;
  code?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function run(args: string[]) {
  const replicas = arg(args, 'replicas', 2);
  const concurrency = arg(args, 'concurrency', 16);
  const warmS = arg(args, 'warm-s', 20);
  const downS = arg(args, 'down-s', 20);
  const afterS = arg(args, 'after-s', 20);
  const t0 = Date.now();
  const stack = await startProcessStack({ nats: natsCluster(), replicas: { gateway: 2, ...Object.fromEntries([...SERVICE_APPS].map((a) => [a, replicas])) } });
  const startS = (Date.now() - t0) / 1000;
  console.log(`stack up in ${startS.toFixed(1)} s: ${stack.processes().length} app processes, NATS ${stack.nats.url}`);
  try {
    const ws = await stack.workspace('topology-bench');
    const attempts: Attempt[] = [];
    const writers = Math.ceil(concurrency / 2);
    const readers = concurrency - writers;
    const load = new WriteLoad({ fronts: stack.baseUrls, apiKey: ws.key, prefix: `tb${Date.now().toString(36)}`, concurrency: writers, onAttempt: (a) => attempts.push(a) });
    await load.start();
    // Readers: search and rerank relative to a writer's parent user, rotating over the gateways.
    let running = true;
    let front = 0;
    const reader = async (r: number) => {
      for (let i = 0; running; i++) {
        const c = new TastegraphClient({ baseUrl: stack.baseUrls[front++ % stack.baseUrls.length]!, apiKey: ws.key, fetch: (u, init) => fetch(u, { ...init, signal: AbortSignal.timeout(15_000) }) });
        const q = { relative_to_entity_id: load.parents[(r + i) % load.parents.length]!, in_terms_of_entity_type: 'content' };
        const start = Date.now();
        let ok = false;
        let status = 0;
        let code: string | undefined;
        const kind = i % 2 === 0 ? 'search' : 'rerank';
        try {
          const res =
            kind === 'search'
              ? await c.request('POST', '/search', { query: q, body: { query: 'jazz espresso notes', limit: 10 } })
              : await c.request('POST', '/rerank', { query: q, body: { candidates: ['vinyl jazz records', 'mountain hiking trip', 'ramen and sushi', 'sailing at dawn'] } });
          status = res.status;
          code = (res.body as { code?: string } | undefined)?.code;
          ok = res.status < 500 && res.status !== 429;
          if (res.status >= 400 && res.status < 500 && res.status !== 429) console.warn(`reader got ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        } catch {
          ok = false;
        }
        attempts.push({ ok, start, end: Date.now(), kind, status, code });
        if (!ok) await sleep(50);
      }
    };
    const readersP = Array.from({ length: readers }, (_, r) => reader(r));

    await sleep(warmS * 1000);
    const nc = await stack.bus();
    const leader = (await (await jetstreamManager(nc)).streams.info('TG_EVENTS')).cluster?.leader ?? 'tg-0';
    const node = Number(leader.replace('tg-', ''));
    const kill = Date.now();
    await stack.killNats(node);
    console.log(`killed nats node ${node} (stream leader ${leader}) at +${((kill - t0) / 1000).toFixed(1)} s`);
    await sleep(downS * 1000);
    const restart = Date.now();
    await stack.startNats(node);
    const restarted = Date.now();
    console.log(`node ${node} started again in ${restarted - restart} ms`);
    await sleep(afterS * 1000);
    running = false;
    await Promise.all(readersP);
    await load.stop();
    const end = Date.now();

    const before = attempts.filter((a) => a.end < kill);
    const after = attempts.filter((a) => a.end >= kill);
    const failedAfter = after.filter((a) => !a.ok);
    const lastFail = failedAfter.reduce((m, a) => Math.max(m, a.end), kill);
    const firstFail = failedAfter.reduce((m, a) => Math.min(m, a.start), Number.POSITIVE_INFINITY);
    const byKind = (xs: Attempt[]) => Object.entries(xs.reduce<Record<string, number>>((m, a) => ((m[a.kind] = (m[a.kind] ?? 0) + 1), m), {})).map(([k, n]) => `${k} ${n}`).join(', ') || 'none';
    const rate = (xs: Attempt[], ms: number) => xs.length / (ms / 1000);
    const lat = (xs: Attempt[]) => xs.filter((a) => a.ok).map((a) => a.end - a.start);
    // Latency of reads before the kill, and in the 5 s after the error window (recovered).
    const readsBefore = lat(before.filter((a) => a.kind === 'search' || a.kind === 'rerank'));
    const readsRecovered = lat(attempts.filter((a) => (a.kind === 'search' || a.kind === 'rerank') && a.start > Math.max(lastFail, restarted)));

    // Failures per second from the kill (s:count), and by status (0: no answer).
    const timeline = Object.entries(failedAfter.reduce<Record<number, number>>((m, a) => ((m[Math.floor((a.end - kill) / 1000)] = (m[Math.floor((a.end - kill) / 1000)] ?? 0) + 1), m), {}))
      .map(([s, n]) => `${s}:${n}`)
      .join(' ');
    const statuses = Object.entries(failedAfter.reduce<Record<string, number>>((m, a) => ((m[`${a.status}${a.code ? ' ' + a.code : ''}`] = (m[`${a.status}${a.code ? ' ' + a.code : ''}`] ?? 0) + 1), m), {}))
      .map(([s, n]) => `${s}×${n}`)
      .join(', ');
    // Recovered: no failure in the last 5 s of the run (else the error rate did not return to 0 within it).
    const recovered = end - lastFail >= 5_000;
    const report = await checkIntegrity({ load, front: stack.baseUrl, apiKey: ws.key, ws: ws.workspaceId, nc, jobTimeoutMs: 30_000 });
    const figures = {
      replicas,
      concurrency,
      stackStartS: Number(startS.toFixed(1)),
      killedNode: node,
      requestsBeforeKill: before.length,
      failedBeforeKill: before.filter((a) => !a.ok).length,
      reqPerSBeforeKill: Number(rate(before, kill - (before[0]?.start ?? kill)).toFixed(1)),
      requestsAfterKill: after.length,
      failedAfterKill: failedAfter.length,
      failedByKind: byKind(failedAfter),
      failedStatuses: statuses || 'none',
      failuresPerSecondFromKill: timeline || 'none',
      recoveredWithinRun: recovered ? 'yes' : 'no',
      failWindowMs: failedAfter.length ? lastFail - firstFail : 0,
      errorRateZeroAfterKillMs: recovered ? lastFail - kill : `> ${end - kill} (still failing at the end)`,
      restartAfterKillMs: restart - kill,
      nodeRestartMs: restarted - restart,
      reqPerSAfterKill: Number(rate(after, end - kill).toFixed(1)),
      readP50BeforeMs: percentile(readsBefore, 50),
      readP99BeforeMs: percentile(readsBefore, 99),
      readP50RecoveredMs: percentile(readsRecovered, 50),
      readP99RecoveredMs: percentile(readsRecovered, 99),
      writesAcknowledged: load.figures.acknowledged,
      writesUnacknowledged: load.figures.unacknowledged,
      acknowledgedWritesChecked: report.checked,
      acknowledgedWritesLost: report.lost.length,
      duplicated: report.duplicated.length,
      stuckJobs: report.stuckJobs.length,
      tornOpen: report.torn.open.length,
    };
    const md = [
      `| figure | value |`,
      `|---|---|`,
      ...Object.entries(figures).map(([k, v]) => `| ${k} | ${v} |`),
      '',
      report.lost.length ? `lost: ${report.lost.slice(0, 10).join('; ')}` : 'no acknowledged write lost',
    ].join('\n');
    return { figures, markdown: md };
  } finally {
    await stack.stop();
  }
}
