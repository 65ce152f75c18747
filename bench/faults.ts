/**
 * Fault benchmark (issue 12): what clients see during a nats-server restart under write load, after an
 * ingestion instance crashes in the middle of a batch job, and during a slow-connection attack.
 *
 *   npm run bench -- faults [-- --rounds 2 --items 3000 --attackers 300 --attack-ms 8000 --limits-off]
 *
 * Each figure comes with a baseline of the same run: the restart stall with the time writes took to come
 * back; the batch-job resume with the same job run without a crash; the attack with new-client latency
 * before the attack. `--limits-off` runs the attack with the HTTP limits at Node's defaults (the old setup).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { percentile } from '@tg/math';
import { eventually, startStack, type TestStack } from '@tg/test-stack';
import { arg } from './support';

const root = new URL('..', import.meta.url).pathname;
const WORDS = ['jazz', 'trail', 'garden', 'coffee', 'poetry', 'cinema', 'bakery', 'harbor', 'violin', 'canyon'];
const secs = (ms: number) => Math.round(ms / 100) / 10;

/** Seconds until writes, then read-your-writes reads, answer again after a nats-server restart under write load. */
async function restartStall(rounds: number) {
  const out: { writesBackS: number; readsBackS: number }[] = [];
  for (let round = 0; round < rounds; round++) {
    const s = await startStack({ logLevel: 'silent', readWaitMs: 2_000 });
    try {
      const ws = await s.workspace('restart');
      const user = (await ws.request('POST', '/entity', { body: { type: 'user', name: 'Reader', description: 'jazz' } })).body.id as string;
      let writing = true;
      let n = 0;
      const writers = Array.from({ length: 4 }, async (_, w) => {
        while (writing) await ws.request('POST', '/entity', { body: { type: 'user', name: `load ${w} ${n++}` } }).catch(() => undefined);
      });
      await eventually(() => n > 100, { timeoutMs: 60_000 });
      await s.nats.stop();
      await s.nats.restart();
      const t0 = performance.now();
      await eventually(async () => (await ws.request('POST', '/entity', { body: { type: 'user', name: 'after restart' } })).status === 200, { timeoutMs: 300_000, intervalMs: 100 });
      const writesBack = performance.now() - t0;
      await eventually(
        async () => (await ws.request('POST', '/search', { query: { relative_to_entity_id: user, in_terms_of_entity_type: 'user' }, body: { query: 'after restart' } })).status === 200,
        { timeoutMs: 300_000, intervalMs: 100 },
      );
      const readsBack = performance.now() - t0;
      writing = false;
      await Promise.all(writers);
      out.push({ writesBackS: secs(writesBack), readsBackS: secs(readsBack) });
      console.log(`restart round ${round + 1}: writes back after ${secs(writesBack)} s, reads after ${secs(readsBack)} s`);
    } finally {
      await s.stop();
    }
  }
  return out;
}

function spawnIngestion(natsUrl: string, ackWaitMs: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tg-bench-ingest-'));
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/ingestion-service/src/main.ts')], {
    cwd: root,
    env: { ...process.env, NATS_URL: natsUrl, TG_DATA_DIR: dataDir, LOG_LEVEL: 'info', TG_JOB_ACK_WAIT_MS: String(ackWaitMs) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return {
    child,
    started: () => log.includes('"started"'),
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A batch job of `items` run once without a crash, then once with its ingestion process killed midway. */
async function batchResume(items: number, ackWaitMs: number) {
  const s: TestStack = await startStack({ logLevel: 'silent', rpcPreferLocal: false, jobAckWaitMs: ackWaitMs });
  const procs: ReturnType<typeof spawnIngestion>[] = [];
  try {
    const ws = await s.workspace('jobs');
    const first = spawnIngestion(s.nats.url, ackWaitMs);
    procs.push(first);
    await eventually(() => first.started(), { timeoutMs: 60_000 });
    await s.tg.services.find((x) => x.name === 'ingestion')!.stop();
    const job = async (tag: string) => {
      const content = Array.from({ length: items }, (_, i) => ({ url: `https://bench.example.com/${tag}/${i}`, type: 'text', content: `${WORDS[i % 10]} ${WORDS[(i * 7) % 10]} ${tag} ${i}`, skip_url_fetch: true, skip_media_enrich: true }));
      const r = await ws.request('POST', '/entity/batch', { body: { content } });
      return r.body.status_path.replace(/^\/v1/, '') as string;
    };
    const poll = (path: string) => ws.request('GET', path).then((r) => (r.status === 200 ? r.body : undefined));
    const t0 = performance.now();
    const clean = await job('clean');
    await eventually(async () => (await poll(clean))?.status === 'Completed', { timeoutMs: 600_000, intervalMs: 100 });
    const cleanMs = performance.now() - t0;
    const crashed = await job('crash');
    await eventually(async () => ((await poll(crashed))?.processed ?? 0) > 0, { timeoutMs: 600_000, intervalMs: 50 });
    const before = await poll(crashed);
    await first.kill();
    const tKill = performance.now();
    const second = spawnIngestion(s.nats.url, ackWaitMs);
    procs.push(second);
    await eventually(() => second.started(), { timeoutMs: 60_000 });
    const startedMs = performance.now() - tKill;
    const done = await eventually(
      async () => {
        const b = await poll(crashed);
        return b?.status === 'Completed' ? b : undefined;
      },
      { timeoutMs: 900_000, intervalMs: 100 },
    );
    const afterKillMs = performance.now() - tKill;
    const unique = new Set((done.results as { entity_id: string }[]).map((r) => r.entity_id)).size;
    console.log(`batch: clean ${secs(cleanMs)} s; crash at ${before.processed}/${items}, completed ${secs(afterKillMs)} s after the kill (new process up after ${secs(startedMs)} s); ${unique} unique of ${items}`);
    return { cleanS: secs(cleanMs), afterKillS: secs(afterKillMs), newProcessUpS: secs(startedMs), processedAtKill: before.processed as number, unique, failed: done.failed as number };
  } finally {
    for (const p of procs) await p.kill();
    await s.stop();
  }
}

/** New clients during `attackers` slow sockets (a byte every 2 s, no key) from another loopback address. */
async function slowAttack(attackers: number, attackMs: number, limitsOff: boolean) {
  const s = await startStack(
    limitsOff
      ? { logLevel: 'silent', httpHeadersTimeoutMs: 60_000, httpRequestTimeoutMs: 300_000, httpIdleTimeoutMs: 300_000, httpMaxConnectionsPerClient: 0, httpMaxConnections: 0 }
      : { logLevel: 'silent' },
  );
  const sockets: Socket[] = [];
  const timers: NodeJS.Timeout[] = [];
  try {
    const ws = await s.workspace('attack');
    const port = Number(new URL(s.baseUrl).port);
    const probe = async () => {
      const t = performance.now();
      const r = await fetch(`${s.baseUrl}/clusters`, { headers: { 'x-api-key': ws.key } }).catch(() => undefined);
      return { ok: r?.status === 200, ms: performance.now() - t };
    };
    const before: number[] = [];
    for (let i = 0; i < 50; i++) before.push((await probe()).ms);
    let open = 0;
    let refused = 0;
    for (let i = 0; i < attackers; i++) {
      const sock = connect({ host: '127.0.0.1', port, localAddress: '127.0.0.2' });
      sock.on('error', () => undefined);
      sock.on('connect', () => {
        open++;
        sock.write(`POST /v1/entity HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{`);
        timers.push(setInterval(() => sock.writable && sock.write(' '), 2_000));
      });
      sock.on('close', () => (sock.remoteAddress ? open-- : refused++));
      sockets.push(sock);
    }
    const during: { ok: boolean; ms: number }[] = [];
    const end = performance.now() + attackMs;
    while (performance.now() < end) during.push(await probe());
    const stillOpen = sockets.filter((x) => !x.destroyed && x.readyState === 'open').length;
    const served = during.filter((d) => d.ok).length;
    const p50Before = percentile(before, 50);
    const p50During = percentile(during.map((d) => d.ms), 50);
    console.log(`attack (${limitsOff ? 'limits off' : 'limits on'}): ${served}/${during.length} new-client requests served; p50 ${p50Before.toFixed(1)} → ${p50During.toFixed(1)} ms; attacker sockets still open after ${attackMs} ms: ${stillOpen}/${attackers}`);
    return { served, probes: during.length, p50BeforeMs: +p50Before.toFixed(1), p50DuringMs: +p50During.toFixed(1), maxDuringMs: +Math.max(...during.map((d) => d.ms)).toFixed(1), stillOpen, refused };
  } finally {
    for (const t of timers) clearInterval(t);
    for (const sock of sockets) sock.destroy();
    await s.stop();
  }
}

/**
 * What the fault handling costs a healthy call: sequential echo calls through `RpcClient` (own inbox,
 * liveness timers, large-payload check) against bare `nc.request` with the same JSON, in the same run.
 */
async function rpcOverhead(calls: number) {
  const { startNats } = await import('@tg/test-stack/nats');
  const { connectNats, RpcClient, RpcServer } = await import('@tg/messaging');
  const { createLogger } = await import('@tg/observability');
  const { Type } = await import('typebox');
  const Echo = { subject: 'tg.rpc.bench.echo', request: Type.Object({ n: Type.Integer(), pad: Type.String() }), reply: Type.Object({ n: Type.Integer() }) };
  const nats = await startNats();
  const nc = await connectNats(nats.url, 'bench-rpc');
  try {
    new RpcServer(nc, 'bench', createLogger('bench', 'silent')).serve(Echo, async (req) => ({ data: { n: req.data.n } }));
    await nc.flush();
    const client = new RpcClient(nc, 10_000);
    const body = (n: number) => ({ ws: 'w', data: { n, pad: 'x'.repeat(200) } });
    const time = async (f: (i: number) => Promise<unknown>) => {
      for (let i = 0; i < 500; i++) await f(i);
      const t = performance.now();
      for (let i = 0; i < calls; i++) await f(i);
      return (performance.now() - t) / calls;
    };
    const raw = await time((i) => nc.request('tg.rpc.bench.echo', JSON.stringify(body(i)), { timeout: 10_000 }));
    const viaClient = await time((i) => client.call(Echo, body(i)));
    const raw2 = await time((i) => nc.request('tg.rpc.bench.echo', JSON.stringify(body(i)), { timeout: 10_000 }));
    const base = (raw + raw2) / 2;
    console.log(`rpc: bare request ${(base * 1000).toFixed(0)} µs, RpcClient ${(viaClient * 1000).toFixed(0)} µs (×${(viaClient / base).toFixed(2)})`);
    return { bareUs: Math.round(base * 1000), clientUs: Math.round(viaClient * 1000), ratio: +(viaClient / base).toFixed(2) };
  } finally {
    await nc.close();
    await nats.dispose();
  }
}

export async function run(args: string[]) {
  const rounds = arg(args, 'rounds', 2);
  const items = arg(args, 'items', 3_000);
  const attackers = arg(args, 'attackers', 300);
  const attackMs = arg(args, 'attack-ms', 8_000);
  const ackWaitMs = arg(args, 'ack-wait-ms', 15_000);
  const limitsOff = args.includes('--limits-off');
  const only = args.find((a) => ['restart', 'batch', 'attack', 'rpc'].includes(a));
  const figures: Record<string, number | string> = {};
  const lines: string[] = [];
  if (!only || only === 'restart') {
    const r = await restartStall(rounds);
    r.forEach((x, i) => {
      figures[`restart_${i + 1}_writes_back_s`] = x.writesBackS;
      figures[`restart_${i + 1}_reads_back_s`] = x.readsBackS;
    });
    lines.push(`| restart under write load | ${r.map((x) => `writes ${x.writesBackS} s, reads ${x.readsBackS} s`).join('; ')} | reads − writes: ${r.map((x) => secs((x.readsBackS - x.writesBackS) * 1000)).join(', ')} s |`);
  }
  if (!only || only === 'batch') {
    const b = await batchResume(items, ackWaitMs);
    Object.assign(figures, Object.fromEntries(Object.entries(b).map(([k, v]) => [`batch_${k}`, v])));
    lines.push(`| batch job, ${items} items, ingestion killed at ${b.processedAtKill} (ack wait ${ackWaitMs / 1000} s) | completed ${b.afterKillS} s after the kill (new process up at ${b.newProcessUpS} s); ${b.unique} unique results, ${b.failed} failed | same job without a crash: ${b.cleanS} s |`);
  }
  if (!only || only === 'attack') {
    const a = await slowAttack(attackers, attackMs, limitsOff);
    Object.assign(figures, Object.fromEntries(Object.entries(a).map(([k, v]) => [`attack_${k}`, v])));
    lines.push(
      `| ${attackers} slow sockets, ${attackMs / 1000} s (${limitsOff ? 'limits off' : 'limits on'}) | new clients served: ${a.served === a.probes ? 'yes' : 'no'} (${a.served}/${a.probes}), p50 ${a.p50DuringMs} ms, max ${a.maxDuringMs} ms; attacker sockets still open at the end: ${a.stillOpen} | p50 before the attack ${a.p50BeforeMs} ms (×${(a.p50DuringMs / a.p50BeforeMs).toFixed(2)}) |`,
    );
  }
  if (!only || only === 'rpc') {
    const r = await rpcOverhead(arg(args, 'calls', 5_000));
    Object.assign(figures, Object.fromEntries(Object.entries(r).map(([k, v]) => [`rpc_${k}`, v])));
    lines.push(`| a healthy call, sequential echo (RPC server → \`RpcClient\`) | ${r.clientUs} µs per call | bare \`nc.request\` to the same handler: ${r.bareUs} µs (×${r.ratio}) |`);
  }
  const markdown = ['| scenario | result | in-run baseline |', '|---|---|---|', ...lines].join('\n');
  return { figures, markdown };
}
