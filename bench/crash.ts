/**
 * Crash benchmark: a steady load of 8 writers (entities, content through POST /entity, links, sync and async
 * batches) while `kill -9` hits one target per round; the target is started again on the same data and the
 * round checks every acknowledged write (readable, not twice, async jobs ended). Targets: the all-in-one process
 * (apps/tastegraph, alone), each service process and a gateway of the deployed shape (two replicas of each), and
 * the nats-server (started again on the same store). A baseline round with no kill gives the write rate to
 * compare against (same run), measured after the kill rounds (warm processes).
 * Usage: npm run bench -- crash [-- --rounds 3 --concurrency 8 --acks 24 --job-timeout-ms 20000 --only nats-server]
 */
import { SERVICE_APPS, crashRound, startProcessStack, targetLabel, type CrashRoundResult, type CrashTarget, type ProcessStack } from '@tg/test-stack';
import { percentile } from '@tg/math';
import { arg } from './support';

interface Row {
  target: string;
  rounds: number;
  attempted: number;
  acknowledged: number;
  lost: number;
  duplicated: number;
  stuckJobs: number;
  jobs: number;
  tornHealed: number;
  tornOpen: number;
  restartMs: number[];
  firstWriteMs: number[];
  firstReadMs: number[];
  writesPerS: number[];
  details: string[];
}

export async function run(args: string[]) {
  const rounds = arg(args, 'rounds', 3);
  const concurrency = arg(args, 'concurrency', 8);
  const acksBetween = arg(args, 'acks', 24);
  const jobTimeoutMs = arg(args, 'job-timeout-ms', 20_000);
  const oi = args.indexOf('--only');
  const only = oi >= 0 ? args[oi + 1]!.split(',') : undefined;
  const want = (label: string) => !only || only.some((o) => label.startsWith(o));
  const rows = new Map<string, Row>();
  const record = (label: string, r: CrashRoundResult) => {
    const row = rows.get(label) ?? { target: label, rounds: 0, attempted: 0, acknowledged: 0, lost: 0, duplicated: 0, stuckJobs: 0, jobs: 0, tornHealed: 0, tornOpen: 0, restartMs: [], firstWriteMs: [], firstReadMs: [], writesPerS: [], details: [] };
    row.rounds += 1;
    row.attempted += r.figures.attempted;
    row.acknowledged += r.figures.acknowledged;
    row.lost += r.report.lost.length;
    row.duplicated += r.report.duplicated.length;
    row.stuckJobs += r.report.stuckJobs.length;
    row.jobs += Object.values(r.report.jobs).reduce((a, b) => a + b, 0);
    row.tornHealed += r.report.torn.healed.length;
    row.tornOpen += r.report.torn.open.length;
    for (const k of r.kills) {
      row.restartMs.push(k.restartMs);
      row.firstWriteMs.push(k.firstWriteMs);
      row.firstReadMs.push(k.firstReadMs);
    }
    row.writesPerS.push(r.figures.acknowledged / (r.durationMs / 1000));
    row.details.push(...r.report.lost.map((x) => `lost: ${x}`), ...r.report.duplicated.map((x) => `duplicated: ${x}`), ...r.report.stuckJobs.map((x) => `stuck job: ${x}`), ...r.figures.clientErrors.map((e) => `client error ${e.status} ${e.code} on ${e.kind}`));
    rows.set(label, row);
    console.log(
      `${label}: attempted ${r.figures.attempted}, acknowledged ${r.figures.acknowledged}, lost ${r.report.lost.length}, duplicated ${r.report.duplicated.length}, stuck jobs ${r.report.stuckJobs.length}, torn ${r.report.torn.healed.length} healed / ${r.report.torn.open.length} open` +
        (r.kills[0] ? `, restart ${r.kills[0].restartMs} ms, first write ${r.kills[0].firstWriteMs} ms, first read ${r.kills[0].firstReadMs} ms` : '') +
        `, ${(r.figures.acknowledged / (r.durationMs / 1000)).toFixed(1)} writes/s`,
    );
  };
  const roundOpts = { concurrency, acksBetween, jobTimeoutMs };
  const env = { TG_RPC_TIMEOUT_MS: '5000' };

  // 1. The all-in-one process alone (the `npm start` shape).
  if (want('tastegraph')) {
    const s = await startProcessStack({ shape: 'all-in-one', replicas: 1, env });
    try {
      for (let r = 0; r < rounds; r++) record('tastegraph (all-in-one)', await crashRound(s, [{ app: 'tastegraph' }], roundOpts));
      // The baseline after the kill rounds: the processes are warm (a first round also pays JIT and model loading).
      record('baseline (all-in-one, no kill)', await crashRound(s, [{ none: true }, { none: true }, { none: true }], roundOpts));
    } finally {
      await s.stop();
    }
  }

  // 2. The deployed shape: each service and the gateway in its own process, two replicas each.
  const targets: CrashTarget[] = [...SERVICE_APPS.map((app) => ({ app })), { app: 'gateway' }, { nats: 0 }];
  const chosen = targets.filter((t) => want(targetLabel(t).replace(/#\d+$/, '')) || want(targetLabel(t)));
  if (chosen.length) {
    let s: ProcessStack | undefined;
    try {
      s = await startProcessStack({ replicas: 2, env });
      // The baseline after the service kill rounds (warm processes) and before the nats-server ones (after a
      // nats-server restart the stack is degraded for tens of seconds: docs/benchmarks.md).
      const baselineAt = chosen.findIndex((t) => 'nats' in t);
      for (const [ti, t] of chosen.entries()) {
        if (ti === baselineAt) record('baseline (services ×2, no kill)', await crashRound(s, [{ none: true }, { none: true }, { none: true }], roundOpts));
        for (let r = 0; r < rounds; r++) {
          // Alternate the replica killed from round to round.
          const target: CrashTarget = 'app' in t ? { app: t.app, index: r % 2 } : t;
          record(targetLabel(t).replace(/#\d+$/, ''), await crashRound(s, [target], roundOpts));
        }
      }
      if (baselineAt < 0) record('baseline (services ×2, no kill)', await crashRound(s, [{ none: true }, { none: true }, { none: true }], roundOpts));
    } finally {
      await s?.stop();
    }
  }

  const med = (xs: number[]) => (xs.length ? Math.round(percentile(xs, 50)) : 0);
  const max = (xs: number[]) => (xs.length ? Math.round(Math.max(...xs)) : 0);
  const baselineOf = (label: string) => rows.get(label.startsWith('tastegraph') ? 'baseline (all-in-one, no kill)' : 'baseline (services ×2, no kill)');
  const figures: Record<string, number | string> = { rounds, concurrency };
  const lines = [
    '| kill -9 target | rounds | writes attempted | acknowledged | lost | duplicated | async jobs stuck (of) | torn appends healed / open | restart (median / max) | first write after kill (median / max) | first correct read after kill (median / max) | writes/s during the round (ratio to no-kill baseline) |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows.values()) {
    const rate = row.writesPerS.reduce((a, b) => a + b, 0) / row.writesPerS.length;
    const base = baselineOf(row.target);
    const baseRate = base ? base.writesPerS.reduce((a, b) => a + b, 0) / base.writesPerS.length : rate;
    const key = row.target.replace(/[^a-z0-9]+/gi, '_').replace(/_+$/, '');
    Object.assign(figures, {
      [`${key}_attempted`]: row.attempted,
      [`${key}_acknowledged`]: row.acknowledged,
      [`${key}_lost`]: row.lost,
      [`${key}_duplicated`]: row.duplicated,
      [`${key}_stuck_jobs`]: row.stuckJobs,
      [`${key}_first_write_ms_median`]: med(row.firstWriteMs),
      [`${key}_first_read_ms_median`]: med(row.firstReadMs),
      [`${key}_writes_per_s`]: Number(rate.toFixed(1)),
    });
    const isBase = row.target.startsWith('baseline');
    lines.push(
      `| ${row.target} | ${row.rounds} | ${row.attempted} | ${row.acknowledged} | ${row.lost} | ${row.duplicated} | ${row.stuckJobs} (${row.jobs}) | ${row.tornHealed} / ${row.tornOpen} | ${isBase ? '–' : `${med(row.restartMs)} / ${max(row.restartMs)} ms`} | ${isBase ? '–' : `${med(row.firstWriteMs)} / ${max(row.firstWriteMs)} ms`} | ${isBase ? '–' : `${med(row.firstReadMs)} / ${max(row.firstReadMs)} ms`} | ${rate.toFixed(1)}${isBase ? '' : ` (${(rate / baseRate).toFixed(2)})`} |`,
    );
  }
  const details = [...rows.values()].flatMap((r) => r.details.map((d) => `- ${r.target}: ${d}`));
  const markdown = [...lines, '', ...(details.length ? ['Findings:', ...details] : ['No acknowledged write lost or duplicated, no job stuck.'])].join('\n');
  return { figures, markdown };
}
