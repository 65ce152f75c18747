import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashRound, startProcessStack, type CrashRoundResult, type ProcessStack } from '@tg/test-stack';

// kill -9 of the all-in-one process (apps/tastegraph, what `npm start` runs) while 8 clients write content,
// entities, links, sync and async batches; it is started again on the same data. Two rounds here; the
// bench (`npm run bench -- crash`) runs three per target and reports the figures.
describe('crash: kill -9 of the all-in-one process under a steady write load', () => {
  let s: ProcessStack;
  const rounds: CrashRoundResult[] = [];
  // jobTimeoutMs bounds the wait for async jobs; the job assertion below is skipped until the known defects are
  // fixed: raise the bound to what the fix promises when enabling it.
  beforeAll(async () => {
    s = await startProcessStack({ shape: 'all-in-one', replicas: 1, env: { TG_RPC_TIMEOUT_MS: '5000' } });
    for (let r = 0; r < 2; r++) rounds.push(await crashRound(s, [{ app: 'tastegraph' }], { jobTimeoutMs: 5_000 }));
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

  // Known defects (not in the harness), seen here: (1) a job chunk in flight in the killed process is redelivered
  // only after the consumer's ack wait (10 min, `ingest-batch-jobs`), so its job stays `Submitted` that long;
  // (2) a kill between the two publishes of SettleBatchChunk (BatchItemsSettled, then BatchJobCompleted) leaves a
  // job whose every chunk is settled but which never completes (a redelivery sees the chunk settled and acks).
  // Enable once both are fixed (issue 11, hardening).
  it.skip('ends every acknowledged async batch job Completed or Failed', () => {
    for (const r of rounds) expect(r.report.stuckJobs).toEqual([]);
  });
});
