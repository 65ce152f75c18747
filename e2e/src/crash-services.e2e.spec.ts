import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_APPS, crashRound, startProcessStack, type CrashRoundResult, type ProcessStack } from '@tg/test-stack';

// The deployed shape: each service and the gateway in its own process, two replicas of each, one nats-server.
// One round kills every service process and a gateway in turn (kill -9, start again, wait until writes are
// acknowledged again) under a steady load of 8 writers; a second round kills the nats-server and starts it on
// the same store. Then every acknowledged write must be readable and none may appear twice.
describe('crash: kill -9 of each service process (2 replicas each) and of the nats-server under a steady write load', () => {
  let s: ProcessStack;
  let services: CrashRoundResult;
  let nats: CrashRoundResult;
  // jobTimeoutMs bounds the wait for async jobs: a chunk in flight in a killed process is redelivered after the
  // consumer's ack wait (TG_JOB_ACK_WAIT_MS, 15 s) and then settled; a torn settle is completed by that redelivery.
  beforeAll(async () => {
    s = await startProcessStack({ replicas: 2, env: { TG_RPC_TIMEOUT_MS: '5000' } });
    // Alternate the replica killed, so that both indexes of the stack are exercised.
    services = await crashRound(s, [...SERVICE_APPS.map((app, i) => ({ app, index: i % 2 })), { app: 'gateway' as const, index: 1 }], { acksBetween: 12, jobTimeoutMs: 45_000 });
    nats = await crashRound(s, [{ nats: 0 }], { jobTimeoutMs: 45_000 });
  }, 600_000);
  afterAll(async () => s?.stop(), 60_000);

  it('kept acknowledging writes around every kill', () => {
    for (const r of [services, nats]) {
      expect(r.figures.clientErrors).toEqual([]);
      expect(r.report.events).toBeGreaterThan(0);
      for (const k of r.kills) expect(k.firstWriteMs).toBeGreaterThanOrEqual(0);
    }
    expect(services.kills.map((k) => k.target)).toEqual([...SERVICE_APPS.map((a, i) => `${a}#${i % 2}`), 'gateway#1']);
    expect(s.processes().every((p) => p.alive)).toBe(true);
  });

  it('loses no acknowledged write when a service process is killed', () => {
    expect(services.report.lost).toEqual([]);
  });

  it('writes nothing twice when a service process is killed', () => {
    expect(services.report.duplicated).toEqual([]);
  });

  it('loses no acknowledged write when the nats-server is killed and started on the same store', () => {
    expect(nats.report.lost).toEqual([]);
  });

  it('writes nothing twice when the nats-server is killed', () => {
    expect(nats.report.duplicated).toEqual([]);
  });

  // Once known defects (see crash-all-in-one.e2e.spec.ts): the 10 min job ack wait (now 15 s) and a torn
  // SettleBatchChunk append that never completed its job (now completed by the redelivered chunk, issue 11c).
  it('ends every acknowledged async batch job Completed or Failed', () => {
    expect(services.report.stuckJobs).toEqual([]);
    expect(nats.report.stuckJobs).toEqual([]);
  });
});
