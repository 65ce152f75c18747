import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OP } from '@tg/contracts';
import { SERVICE_APPS, startProcessStack, type ProcessStack } from './process-stack';
import { eventually } from './wait';

describe('process stack: each service its own process, two replicas, one nats-server', () => {
  let s: ProcessStack;
  beforeAll(async () => {
    s = await startProcessStack({ replicas: 2, env: { TG_RPC_TIMEOUT_MS: '5000' } });
  }, 240_000);
  afterAll(async () => s?.stop(), 60_000);

  it('runs two live processes of every service and of the gateway, each with its own pid and data dir', () => {
    const procs = s.processes();
    expect(procs.map((p) => p.label).sort()).toEqual([...SERVICE_APPS, 'gateway'].flatMap((n) => [`${n}#0`, `${n}#1`]).sort());
    expect(procs.every((p) => p.alive)).toBe(true);
    expect(new Set(procs.map((p) => p.pid)).size).toBe(procs.length);
    expect(new Set(procs.map((p) => p.spec.env['TG_DATA_DIR'])).size).toBe(procs.length);
    expect(s.baseUrls).toHaveLength(2);
  });

  it('serves a write through one gateway and the read through the other', async () => {
    const ws = await s.workspace('harness');
    await ws.createEntity({ type: 'user', name: 'Ann', id: 'ann' });
    const other = ws.with({ baseUrl: s.baseUrls[1]! });
    expect((await other.getEntity('ann')).name).toBe('Ann');
  });

  it('kill -9 of one service replica: the process is gone, the other replica serves, and a restart is ready again', async () => {
    const ws = await s.workspace('kill-one');
    const victim = s.proc('entity-service', 0);
    const pid = victim.pid;
    await s.kill('entity-service', 0);
    expect(victim.alive).toBe(false);
    expect(() => process.kill(pid!, 0)).toThrow();
    // The surviving replica answers (the queue group no longer includes the dead one).
    await ws.createEntity({ type: 'user', name: 'Bob', id: 'bob' });
    expect((await ws.getEntity('bob')).name).toBe('Bob');
    await s.start('entity-service', 0);
    expect(victim.alive).toBe(true);
    expect(victim.pid).not.toBe(pid);
    expect(victim.starts).toBe(2);
    // Its readiness line was written by the new run.
    await victim.waitForLine(/"msg":"started"/, { timeoutMs: 1_000 });
  });

  it('kill -9 of nats-server and a start on the same store: the services reconnect and the data is there', async () => {
    const ws = await s.workspace('nats-crash');
    await ws.createEntity({ type: 'user', name: 'Before', id: 'before' });
    await s.killNats();
    expect(s.nats.nodes[0]!.alive).toBe(false);
    await s.startNats();
    await s.waitForRpc(OP.admin.listWorkspaces.subject, { ws: '_account', data: {} });
    await eventually(async () => (await ws.createEntity({ type: 'user', name: 'After', id: 'after' })).name === 'After', { timeoutMs: 60_000, what: 'a write after the nats restart' });
    expect((await ws.getEntity('before')).name).toBe('Before');
    expect((await ws.getEntity('after')).name).toBe('After');
    expect(s.processes().every((p) => p.alive)).toBe(true);
  });
});
