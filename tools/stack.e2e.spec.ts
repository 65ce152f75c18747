import { spawn, type ChildProcess } from 'node:child_process';
import { jetstreamManager } from '@nats-io/jetstream';
import { TastegraphClient } from '@tg/client';
import { SERVICE_APPS } from '@tg/test-stack';
import { connectNats, EVENT_STREAM } from '@tg/messaging';
import { afterAll, describe, expect, it } from 'vitest';

interface Ready {
  gateways: string[];
  accountSecret: string;
  natsUrl: string;
  streamReplicas: number;
  pids: number[];
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(cond: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (await cond()) return;
    if (Date.now() > end) throw new Error(`not ${what} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// `npm run stack` end to end: start the topology (3-node NATS cluster, one process of each service, two
// gateways), write through one gateway, read through the other, check the stream and consumers are R3,
// Ctrl-C (SIGINT), and no process it started is left.
describe('npm run stack', () => {
  let child: ChildProcess | undefined;
  let out = '';
  let pids: number[] = [];
  // On a failure: stop the tool as a user would (SIGINT), then make sure nothing it started is left.
  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGINT');
      await until(() => child!.exitCode !== null, 60_000, 'the stack tool exited').catch(() => child!.kill('SIGKILL'));
    }
    for (const p of pids) if (alive(p)) process.kill(p, 'SIGKILL');
  }, 90_000);

  it('starts the cluster topology, serves through both gateways, and stops everything on SIGINT', async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'tools/stack.ts', '--nats', 'cluster', '--replicas', '1', '--gateways', '2'], {
      cwd: new URL('..', import.meta.url).pathname,
      env: { ...process.env, TG_ENRICH_DELAY_MS: '200' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((r) => child!.once('exit', (code) => r(code)));
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    await until(() => /^stack ready /m.test(out) || child!.exitCode !== null, 300_000, `"stack ready" in:\n${out}`);
    const line = out.split('\n').find((l) => l.startsWith('stack ready '));
    expect(line, out).toBeDefined();
    const ready = JSON.parse(line!.slice('stack ready '.length)) as Ready;
    pids = ready.pids;
    expect(ready.gateways).toHaveLength(2);
    expect(ready.natsUrl.split(',')).toHaveLength(3);
    expect(ready.streamReplicas).toBe(3);
    expect(ready.pids).toHaveLength(3 + SERVICE_APPS.length + 2); // 3 NATS nodes, one of each service app, two gateways
    expect(out).toContain('/admin/workspaces');

    // Write through gateway 0, read through gateway 1.
    const admin = new TastegraphClient({ baseUrl: ready.gateways[0]!, apiKey: ready.accountSecret });
    const ws = await admin.createWorkspace('stack-e2e');
    const c0 = new TastegraphClient({ baseUrl: ready.gateways[0]!, apiKey: ws.workspace_api_key });
    await c0.registerType('item');
    const c1 = new TastegraphClient({ baseUrl: ready.gateways[1]!, apiKey: ws.workspace_api_key });
    const created = await c0.createEntity({ type: 'item', name: 'Written through gateway 0', description: 'a replicated write' });
    expect(created.id).toBeTruthy();
    // The other gateway's request may reach a replica whose read model is a moment behind: bounded wait.
    let name = '';
    await until(async () => (name = (await c1.getEntity(created.id).catch(() => ({ name: '' }))).name) !== '', 30_000, 'the entity readable through gateway 1');
    expect(name).toBe('Written through gateway 0');

    // The event stream and every durable consumer run with 3 replicas on the cluster.
    const nc = await connectNats(ready.natsUrl, 'stack-e2e');
    try {
      const jsm = await jetstreamManager(nc);
      const si = await jsm.streams.info(EVENT_STREAM);
      expect(si.config.num_replicas).toBe(3);
      expect(si.cluster?.replicas ?? []).toHaveLength(2);
      let consumers = 0;
      for await (const ci of jsm.consumers.list(EVENT_STREAM)) {
        if (!ci.config.durable_name) continue;
        consumers++;
        expect(ci.cluster?.replicas ?? [], ci.name).toHaveLength(2);
      }
      expect(consumers).toBeGreaterThan(0);
    } finally {
      await nc.close();
    }

    child.kill('SIGINT');
    const code = await Promise.race([exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 60_000))]);
    expect(code, out.slice(-3000)).toBe(0);
    await until(() => ready.pids.every((p) => !alive(p)), 15_000, 'every process of the stack gone');
  }, 420_000);
});
