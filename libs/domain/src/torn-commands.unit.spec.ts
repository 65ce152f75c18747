import { describe, expect, it } from 'vitest';
import { event } from '@tg/contracts';
import { entityDecider } from './entity';
import { batchJobDecider, type BatchJobCommand } from './batch-job';
import { emits, given } from './given-when-then';
import { contentIndexedBy, embeddedBy, indexContent } from './testing/content-commands';

// Events of one command are appended one message at a time: a crash, or a replica reading between two
// publishes, can see the first event without the rest. A command given such a torn state completes it.

const m = { workspace: 'ws_1', at: 1000 };
const later = { workspace: 'ws_1', at: 2000, request_id: 'req-2' };
const index = indexContent;
/** The ContentIndexed of the command that indexed `text` (digest `digest`) at 1000. */
const indexed = (digest = 'd1', text = 'hello jazz') => contentIndexedBy(index({ text, text_digest: digest }));

describe('IndexContent on a torn index (ContentIndexed written, ContentEmbedded not)', () => {
  it('given only the ContentIndexed of the same content, when IndexContent, then only the ContentEmbedded', () => {
    const cmd = index({ vector: 'BBBB', ...later });
    expect(given(entityDecider, [indexed()]).when(cmd)).toEqual(emits(embeddedBy(cmd)));
  });
  it('given the completed index, when IndexContent again, then nothing', () => {
    expect(given(entityDecider, [indexed(), embeddedBy(index(later))]).when(index())).toEqual(emits());
  });
  it('given a re-index torn (new text indexed, the old text still embedded), when the same IndexContent, then only the ContentEmbedded of the new text', () => {
    const cmd = index({ text: 'new', text_digest: 'd2', ...later });
    expect(given(entityDecider, [indexed('d1'), embeddedBy(index()), indexed('d2', 'new')]).when(cmd)).toEqual(emits(embeddedBy(cmd)));
  });
  it('given a torn index, when IndexContent of another URL, then a full index (nothing to complete)', () => {
    const cmd = index({ url: 'https://x.test/b', ...later });
    expect(given(entityDecider, [indexed()]).when(cmd)).toEqual(emits(contentIndexedBy(cmd), embeddedBy(cmd)));
  });
  it('given a torn index, when IndexContent with force_reindex, then a full index', () => {
    const cmd = index({ force_reindex: true, ...later });
    expect(given(entityDecider, [indexed()]).when(cmd)).toEqual(emits(contentIndexedBy(cmd), embeddedBy(cmd)));
  });
});

describe('SettleBatchChunk on a torn settle (BatchItemsSettled written, BatchJobCompleted not)', () => {
  const submitted = event('BatchJobSubmitted', { job_id: 'j', total: 3, chunk_count: 2, force_reindex: false, submitted_at: 1000 }, m);
  const queued = [0, 1].map((chunk) => event('BatchChunkQueued', { job_id: 'j', chunk, offset: chunk * 2, items: [] }, m));
  const settled0 = event('BatchItemsSettled', { job_id: 'j', chunk: 0, results: [{ index: 0, url: 'a' }, { index: 1, url: 'b', error: 'x', code: 'fetch_failed' }], settled_at: 1000 }, m);
  const settled1 = event('BatchItemsSettled', { job_id: 'j', chunk: 1, results: [{ index: 2, url: 'c' }], settled_at: 1000 }, m);
  const settle = (chunk: number): BatchJobCommand => ({ type: 'SettleBatchChunk', job_id: 'j', chunk, results: [], ...later });

  it('given every chunk settled and no completion, when a settled chunk is settled again, then only BatchJobCompleted', () => {
    expect(given(batchJobDecider, [submitted, ...queued, settled0, settled1]).when(settle(1))).toEqual(
      emits(event('BatchJobCompleted', { job_id: 'j', status: 'Completed', failed: 1, completed_at: 2000 }, later)),
    );
  });
  it('given every item failed and no completion, when settled again, then BatchJobCompleted Failed', () => {
    const failed1 = event('BatchItemsSettled', { job_id: 'j', chunk: 1, results: [{ index: 2, url: 'c', error: 'y', code: 'fetch_failed' }], settled_at: 1000 }, m);
    const failed0 = event('BatchItemsSettled', { job_id: 'j', chunk: 0, results: [{ index: 0, url: 'a', error: 'x', code: 'fetch_failed' }, { index: 1, url: 'b', error: 'x', code: 'fetch_failed' }], settled_at: 1000 }, m);
    expect(given(batchJobDecider, [submitted, ...queued, failed0, failed1]).when(settle(0))).toEqual(
      emits(event('BatchJobCompleted', { job_id: 'j', status: 'Failed', failed: 3, completed_at: 2000 }, later)),
    );
  });
  it('given the job completed, when a chunk is settled again, then nothing', () => {
    const done = event('BatchJobCompleted', { job_id: 'j', status: 'Completed', failed: 1, completed_at: 1500 }, m);
    expect(given(batchJobDecider, [submitted, ...queued, settled0, settled1, done]).when(settle(1))).toEqual(emits());
  });
  it('given one chunk of two settled, when it is settled again, then nothing', () => {
    expect(given(batchJobDecider, [submitted, ...queued, settled0]).when(settle(0))).toEqual(emits());
  });
});
