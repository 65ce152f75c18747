import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashRound, startProcessStack, type CrashRoundResult, type ProcessStack } from '@tg/test-stack';

// kill -9 of the all-in-one process (apps/tastegraph, what `npm start` runs) while 8 clients write content,
// entities, links, sync and async batches; it is started again on the same data. Two rounds here; the
// bench (`npm run bench -- crash`) runs three per target and reports the figures.
describe('crash: kill -9 of the all-in-one process under a steady write load', () => {
  let s: ProcessStack;
  const rounds: CrashRoundResult[] = [];
  // jobTimeoutMs bounds the wait for async jobs: a chunk in flight in a killed process is redelivered after the
  // consumer's ack wait (TG_JOB_ACK_WAIT_MS, 15 s) and then settled; a torn settle is completed by that redelivery.
  beforeAll(async () => {
    s = await startProcessStack({ shape: 'all-in-one', replicas: 1, env: { TG_RPC_TIMEOUT_MS: '5000' } });
    for (let r = 0; r < 2; r++) rounds.push(await crashRound(s, [{ app: 'tastegraph' }], { jobTimeoutMs: 45_000 }));
  }, 420_000);
  afterAll(async () => s?.stop(), 60_000);

  it('acknowledged writes before and after each kill, and the stream was read back', () => {
    for (const r of rounds) {
      expect(r.figures.acknowledged).toBeGreaterThan(48);
      expect(r.figures.clientErrors).toEqual([]);
      expect(r.report.events).toBeGreaterThan(0);
      expect(r.kills[0]!.firstWriteMs).toBeGreaterThan(0);
    }
  });

  it('loses no acknowledged write', () => {
    for (const r of rounds) expect(r.report.lost).toEqual([]);
  });

  it('writes nothing twice (one entity per URL, one creation per id, one link per pair, each chunk settled once)', () => {
    for (const r of rounds) expect(r.report.duplicated).toEqual([]);
  });

  // Once known defects (issue 11): a chunk in flight in the killed process waited for a 10 min ack wait (now
  // TG_JOB_ACK_WAIT_MS, 15 s, with in-progress acks), and a kill between the two publishes of SettleBatchChunk
  // left a job with every chunk settled that never completed (now the redelivered chunk completes it: issue 11c).
  it('ends every acknowledged async batch job Completed or Failed', () => {
    for (const r of rounds) expect(r.report.stuckJobs).toEqual([]);
  });
});
