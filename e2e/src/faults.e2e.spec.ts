import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startStack, type TestStack } from '@tg/test-stack';

type WsClient = Awaited<ReturnType<TestStack['workspace']>>;
const root = new URL('../../', import.meta.url).pathname;

/** One service as its own process, from its app entry (as `deploy/` runs it), with its output collected. */
interface ServiceProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<void>;
}
const spawned: ServiceProcess[] = [];
const tmpDirs: string[] = [];

function spawnService(app: string, env: Record<string, string>): ServiceProcess {
  const dataDir = mkdtempSync(join(tmpdir(), `tg-${app}-`));
  tmpDirs.push(dataDir);
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, `apps/${app}/src/main.ts`)], {
    cwd: root,
    env: { ...process.env, TG_DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.once('exit', r));
  const p: ServiceProcess = {
    child,
    output: () => out,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  spawned.push(p);
  return p;
}

afterAll(async () => {
  for (const p of spawned) await p.stop('SIGKILL');
  for (const d of tmpDirs) rmSync(d, { recursive: true, force: true });
});

const words = ['jazz', 'trail', 'garden', 'coffee', 'poetry', 'cinema', 'bakery', 'harbor', 'violin', 'canyon', 'lamp', 'scarf', 'tennis', 'opera', 'forest'];

describe('faults: instances that start, restart and die, with services over the bus', () => {
  let s: TestStack;
  let ws: WsClient;
  let user = '';
  let lastItems: string[] = [];
  /** Reranks the items written last: an instance still replaying does not know them yet. */
  const rerank = () => ws.request('POST', '/rerank', { query: { relative_to_entity_id: user, in_terms_of_entity_type: 'content' }, body: { candidates: lastItems } });
  const search = () => ws.request('POST', '/search', { query: { relative_to_entity_id: user, in_terms_of_entity_type: 'content' }, body: { query: 'jazz garden', limit: 100 } });

  beforeAll(async () => {
    s = await startStack({ rpcPreferLocal: false, authCacheTtlMs: 300, rpcSilenceMs: 2_000 });
    ws = await s.workspace('faults');
    user = (await ws.request('POST', '/entity', { body: { type: 'user', name: 'Fan', description: 'jazz and gardens' } })).body.id as string;
    // Written by the batch-job consumer: the gateway's read-your-writes mark stays at the submission, so
    // only an instance's own readiness keeps it from answering from a half-loaded read model.
    const content = Array.from({ length: 3_000 }, (_, i) => ({
      url: `https://faults.example.com/${i}`,
      type: 'text',
      content: `A ${words[i % 15]} and ${words[(i * 7 + 3) % 15]} story about ${words[(i * 11 + 5) % 15]}, number ${i}.`,
      skip_url_fetch: true,
      skip_media_enrich: true,
    }));
    const job = await ws.request('POST', '/entity/batch', { body: { content, async: true } });
    expect(job.status).toBe(202);
    const done = await eventually(
      async () => {
        const r = await ws.request('GET', job.body.status_path.replace(/^\/v1/, ''));
        return r.body.status === 'Completed' ? r : undefined;
      },
      { timeoutMs: 180_000, intervalMs: 250, what: 'batch job done' },
    );
    lastItems = (done.body.results as { entity_id: string }[]).slice(-5).map((r) => r.entity_id);
    await eventually(async () => (await search()).body.results?.length === 100, { timeoutMs: 30_000, what: 'search sees the batch' });
  }, 300_000);
  afterAll(async () => s?.stop());

  it('6: a ranking instance that starts takes no request before its read model caught up', async () => {
    const svc = spawnService('ranking-service', { NATS_URL: s.nats.url });
    try {
      const t0 = Date.now();
      // Where the new instance was (by its log) and what the stack's own read model held when each request was
      // sent: a wrong answer then says which instance could have given it (the failure seen once in about 30 runs
      // under load; in the tenth session 106 runs at load 8-42 gave no wrong answer, and in the 61 that checked,
      // the stack's own read model held the items at every request).
      const phase = () => {
        const out = svc.output();
        return out.includes('"started"') ? 'started' : out.includes('ranking indexes warmed') ? 'warmed' : out.includes('catalog projection caught up') ? 'caught up' : 'replaying';
      };
      const own = () => ({ ownKnew: lastItems.every((id) => s.tg.readModel.catalog.ws(ws.workspaceId).entities.has(id)), ownAt: s.tg.readModel.cursor.position });
      const answers: { status: number; n: number; round: number; ms: number; phase: string; ownKnew: boolean; ownAt: number; ownKnewAfter: boolean }[] = [];
      let round = 0;
      const probe = async () => {
        const sent = { round, ms: Date.now() - t0, phase: phase(), ...own() };
        const r = await rerank();
        answers.push({ status: r.status, n: r.body.results?.length ?? -1, ...sent, ownKnewAfter: own().ownKnew });
      };
      const four = async () => {
        await Promise.all([probe(), probe(), probe(), probe()]);
        round++;
      };
      // Probe, four at a time, while the new instance starts, replays and goes live (it shares the queue
      // group with the running one), and a while after.
      while (phase() !== 'started' && svc.child.exitCode === null) await four();
      for (let i = 0; i < 20; i++) await four();
      expect(svc.child.exitCode, svc.output().slice(-2000)).toBeNull();
      const wrong = answers.filter((a) => a.status !== 200 || a.n !== lastItems.length);
      const story = () => svc.output().split('\n').filter((l) => /caught up|warmed|"started"|halted|resumed|snapshot/.test(l)).join('\n');
      expect(wrong, `${wrong.length} of ${answers.length} answers wrong (stream at ${s.tg.readModel.cursor.position}, ${round} rounds); the new instance's log:\n${story()}`).toEqual([]);
    } finally {
      // Also on a failure: an instance left running after its nats-server stops reconnects to that port, which
      // another suite's server may take next.
      await svc.stop();
    }
  }, 120_000);

  it('7: requests in flight to an instance that dies are answered by another replica, without the full timeout', async () => {
    const svc = spawnService('ranking-service', { NATS_URL: s.nats.url });
    await eventually(() => svc.output().includes('"started"'), { timeoutMs: 60_000, what: 'second ranking instance started' });
    // Frozen first, so that requests routed to it stay in flight; then killed with them.
    svc.child.kill('SIGSTOP');
    let settled = 0;
    const calls = Array.from({ length: 16 }, () =>
      rerank().then((r) => {
        settled++;
        return r;
      }),
    );
    await eventually(() => settled >= 1, { timeoutMs: 20_000, what: 'the live instance answered its share' });
    svc.child.kill('SIGKILL');
    const results = await Promise.all(calls);
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    await svc.exited;
  }, 120_000);

  it('7: key checks survive the admin service being down (cached keys served stale)', async () => {
    const admin = s.tg.services.find((x) => x.name === 'admin')!;
    expect((await ws.request('GET', '/clusters')).status).toBe(200);
    expect((await s.admin.request('GET', '/clusters', { headers: { 'x-workspace-id': ws.workspaceId } })).status).toBe(200);
    await admin.stop();
    // Well past the key cache's lifetime (300 ms here), every request of a known key still works.
    const until = Date.now() + 1_500;
    let n = 0;
    while (Date.now() < until) {
      const r = await ws.request('GET', '/clusters');
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const a = await s.admin.request('GET', '/clusters', { headers: { 'x-workspace-id': ws.workspaceId } });
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      n++;
    }
    expect(n).toBeGreaterThan(1);
    // A key never seen cannot be checked now: 503, not 401.
    const unknown = await ws.with({ apiKey: 'tg_wsk_' + 'u'.repeat(32) }).request('GET', '/clusters');
    expect(unknown.status).toBe(503);
    expect(unknown.body.code).toBe('unavailable');
  }, 60_000);
});

describe('faults: a nats-server restart under write load', () => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startStack({ readWaitMs: 2_000 });
  }, 120_000);
  afterAll(async () => s?.stop());

  it('3: reads answer again soon after writes do (the projection feed resumes on reconnect)', async () => {
    const ws = await s.workspace('restart');
    const user = (await ws.request('POST', '/entity', { body: { type: 'user', name: 'Restarted', description: 'jazz and gardens' } })).body.id as string;
    let n = 0;
    let writing = true;
    // Write load: four writers creating entities back to back (failures while the server is down are expected).
    const writers = Array.from({ length: 4 }, async (_, w) => {
      while (writing) {
        await ws.request('POST', '/entity', { body: { type: 'user', name: `load ${w} ${n++}` } }).catch(() => undefined);
      }
    });
    await eventually(() => n > 40, { timeoutMs: 30_000, what: 'write load running' });
    await s.nats.stop();
    await s.nats.restart();
    // Writes come back first (the event log is the server's); then every read must follow shortly after.
    await eventually(async () => (await ws.request('POST', '/entity', { body: { type: 'user', name: 'after restart' } })).status === 200, { timeoutMs: 60_000, intervalMs: 100, what: 'a write succeeds after the restart' });
    const read = await eventually(
      async () => {
        const r = await ws.request('POST', '/search', { query: { relative_to_entity_id: user, in_terms_of_entity_type: 'user' }, body: { query: 'after restart' } });
        return r.status === 200 ? r : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 100, what: 'a read-your-writes search answers within 10 s of the first write' },
    );
    writing = false;
    await Promise.all(writers);
    expect(read.body.results.map((r: { name: string }) => r.name)).toContain('after restart');
  }, 150_000);
});

describe('faults: an ingestion instance that crashes in the middle of a batch job', () => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startStack({ rpcPreferLocal: false, jobAckWaitMs: 3_000 });
  }, 120_000);
  afterAll(async () => s?.stop());

  it('5: its chunks resume on another instance within seconds, each item exactly once', async () => {
    const ws = await s.workspace('crash');
    // The chunks are taken by a separate ingestion process alone (the in-process one stops), which is then killed.
    const first = spawnService('ingestion-service', { NATS_URL: s.nats.url, TG_JOB_ACK_WAIT_MS: '3000' });
    // A process start imports the whole service (about 2 s of CPU): at a load average of 20 it took over 60 s once.
    await eventually(() => first.output().includes('"started"'), { timeoutMs: 120_000, what: 'ingestion process started' });
    await s.tg.services.find((x) => x.name === 'ingestion')!.stop();
    const n = 3_000;
    const content = Array.from({ length: n }, (_, i) => ({ url: `https://crash.example.com/${i}`, type: 'text', content: `${words[i % 15]} ${words[(i * 7) % 15]} item ${i}`, skip_url_fetch: true, skip_media_enrich: true }));
    const job = await ws.request('POST', '/entity/batch', { body: { content } });
    expect(job.status, JSON.stringify(job.body)).toBe(202);
    const path = job.body.status_path.replace(/^\/v1/, '');
    // Killed once it has settled some chunks, with others in flight.
    await eventually(async () => (await ws.request('GET', path)).body.processed > 0, { timeoutMs: 60_000, intervalMs: 50, what: 'first chunks settled' });
    first.child.kill('SIGKILL');
    await first.exited;
    const second = spawnService('ingestion-service', { NATS_URL: s.nats.url, TG_JOB_ACK_WAIT_MS: '3000' });
    // "Within seconds" counts from the moment the other instance is up (its start is a process start, as above).
    await eventually(() => second.output().includes('"started"'), { timeoutMs: 120_000, what: 'second ingestion process started' });
    const done = await eventually(
      async () => {
        const r = await ws.request('GET', path);
        return r.status === 200 && r.body.status !== 'Submitted' ? r.body : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 100, what: 'job completed after the crash' },
    );
    expect(done.status).toBe('Completed');
    expect(done.processed).toBe(n);
    expect(done.failed).toBe(0);
    expect(done.results).toHaveLength(n);
    expect(new Set(done.results.map((r: { entity_id: string }) => r.entity_id)).size).toBe(n);
  }, 420_000);
});
