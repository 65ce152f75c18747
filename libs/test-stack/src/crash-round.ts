import { TastegraphClient } from '@tg/client';
import { checkIntegrity, WriteLoad, type IntegrityReport, type LoadFigures } from './crash-load';
import type { AppName, ProcessStack } from './process-stack';
import { eventually } from './wait';

/** What a crash round kills: one app process (by name and replica index) or a nats-server node. */
export type CrashTarget = { app: AppName; index?: number } | { nats: number } | { none: true };

export const targetLabel = (t: CrashTarget) => ('app' in t ? `${t.app}#${t.index ?? 0}` : 'nats' in t ? `nats-server#${t.nats}` : 'no kill');

/** Timings of one kill, in ms from the kill. */
export interface KillTiming {
  target: string;
  /** Until the killed process was started again and ready. */
  restartMs: number;
  /** Until the first write acknowledged after the kill. */
  firstWriteMs: number;
  /** Until a write acknowledged before the kill was read back correctly after it. */
  firstReadMs: number;
}

/** Outcome of one round: the load's figures, each kill's timings, and the integrity check. */
export interface CrashRoundResult {
  targets: string[];
  figures: LoadFigures;
  kills: KillTiming[];
  report: IntegrityReport;
  /** From the load's start to its stop, in ms (acknowledged / duration = the round's write rate). */
  durationMs: number;
}

export interface CrashRoundOptions {
  /** Concurrent writers (default 8). */
  concurrency?: number;
  /** Acknowledged writes before the first kill, and after each restart before the next (default 24). */
  acksBetween?: number;
  /** Bound of an async job's end after the load stops (default 60 s). */
  jobTimeoutMs?: number;
  /** Prefix of this round's ids and URLs (default: random). */
  prefix?: string;
}

/**
 * One crash round: a fresh workspace, a steady write load at `concurrency`, then for each target in turn
 * `kill -9`, start it again, and wait until writes are acknowledged again; then the load stops and every
 * acknowledged write is checked (readable, not twice, async jobs ended).
 */
export async function crashRound(stack: ProcessStack, targets: CrashTarget[], opts: CrashRoundOptions = {}): Promise<CrashRoundResult> {
  const prefix = opts.prefix ?? `r${Math.random().toString(36).slice(2, 8)}`;
  const acksBetween = opts.acksBetween ?? 24;
  const ws = await eventually(() => stack.workspace(`crash-${prefix}`), { timeoutMs: 60_000, what: 'a workspace for the round' });
  const load = new WriteLoad({ fronts: stack.baseUrls, apiKey: ws.key, prefix, concurrency: opts.concurrency ?? 8 });
  const kills: KillTiming[] = [];
  const acksReach = (n: number, what: string) => eventually(() => load.figures.acknowledged >= n, { timeoutMs: 120_000, intervalMs: 20, what });
  const started = Date.now();
  await load.start();
  try {
    for (const t of targets) {
      await acksReach(load.figures.acknowledged + acksBetween, `writes acknowledged before killing ${targetLabel(t)}`);
      if ('none' in t) {
        // A baseline: the same load, nothing killed.
        await acksReach(load.figures.acknowledged + acksBetween, 'writes acknowledged (no kill)');
        continue;
      }
      const probe = [...load.acked].reverse().find((a) => a.kind === 'entity');
      const t0 = Date.now();
      if ('app' in t) await stack.kill(t.app, t.index ?? 0);
      else if ('nats' in t) await stack.killNats(t.nats);
      // Writes started from here on cannot have been answered by the killed process.
      const killed = Date.now();
      // Reads of a write acknowledged before the kill, through any front, until one answers correctly.
      const reader = (async () => {
        if (!probe || probe.kind !== 'entity') return 0;
        let n = 0;
        await eventually(
          async () => {
            const base = stack.baseUrls[n++ % stack.baseUrls.length]!;
            const c = new TastegraphClient({ baseUrl: base, apiKey: ws.key, fetch: (u, i) => fetch(u, { ...i, signal: AbortSignal.timeout(5_000) }) });
            const r = await c.request('GET', '/entity', { query: { entity_id: probe.id } });
            return r.status === 200 && (r.body as { name: string }).name === probe.name;
          },
          { timeoutMs: 120_000, intervalMs: 20, what: `reading ${probe.id} after killing ${targetLabel(t)}` },
        );
        return Date.now() - t0;
      })();
      if ('app' in t) await stack.start(t.app, t.index ?? 0);
      else if ('nats' in t) await stack.startNats(t.nats);
      const restartMs = Date.now() - t0;
      await acksReach(load.figures.acknowledged + acksBetween, `writes acknowledged after restarting ${targetLabel(t)}`);
      const firstWrite = await eventually(() => load.firstAckAfter(killed), { timeoutMs: 60_000, what: `a write started after killing ${targetLabel(t)} acknowledged` });
      kills.push({ target: targetLabel(t), restartMs, firstWriteMs: firstWrite - t0, firstReadMs: await reader });
    }
  } finally {
    await load.stop();
  }
  const durationMs = Date.now() - started;
  const report = await checkIntegrity({ load, front: stack.baseUrl, apiKey: ws.key, ws: ws.workspaceId, nc: await stack.bus(), jobTimeoutMs: opts.jobTimeoutMs });
  return { targets: targets.map(targetLabel), figures: load.figures, kills, report, durationMs };
}
