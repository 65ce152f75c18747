import { describe, expect, it } from 'vitest';
import { event, type TgEvent } from '@tg/contracts';
import { entityDecider, type EntityCommand } from './entity';
import { batchJobDecider, type BatchJobCommand } from './batch-job';
import { givenWhenThen } from './given-when-then';

// Events of one command are appended one message at a time: a crash, or a replica reading between two
// publishes, can see the first event without the rest. A command given such a torn state completes it.

const m = { workspace: 'ws_1', at: 1000 };
const later = { workspace: 'ws_1', at: 2000 };
type IndexContent = Extract<EntityCommand, { type: 'IndexContent' }>;
const index = (over: Partial<IndexContent> = {}): IndexContent => ({
  type: 'IndexContent',
  entity_id: 'c1',
  url: 'https://x.test/a',
  media_type: 'text',
  text: 'hello jazz',
  text_digest: 'd1',
  name: 'x.test',
  description: 'Content from x.test',
  source: 'inline',
  skip_url_fetch: true,
  skip_media_enrich: false,
  force_reindex: false,
  vector: 'AAAA',
  model: 'm1',
  dim: 1,
  ...m,
  ...over,
});
const indexed = (digest = 'd1', text = 'hello jazz') =>
  event(
    'ContentIndexed',
    {
      entity_id: 'c1', url: 'https://x.test/a', media_type: 'text', name: 'x.test', description: 'Content from x.test', text, text_digest: digest,
      title: undefined, page_description: undefined, domain: undefined, ref: undefined, source: 'inline', skip_url_fetch: true, skip_media_enrich: false, indexed_at: 1000,
    },
    m,
  );
const embedded = (digest: string, at: number, vector = 'AAAA') =>
  event('ContentEmbedded', { entity_id: 'c1', of: 'content', model: 'm1', dim: 1, vector, text_digest: digest, embedded_at: at }, { workspace: 'ws_1', at });

describe('IndexContent on a torn index (ContentIndexed written, ContentEmbedded not)', () => {
  it('given only the ContentIndexed of the same content, when IndexContent, then only the ContentEmbedded', () => {
    const out = givenWhenThen<unknown, EntityCommand, TgEvent>(entityDecider, [indexed()], index({ at: 2000, vector: 'BBBB' }));
    expect(out).toEqual([embedded('d1', 2000, 'BBBB')]);
  });
  it('given the completed index, when IndexContent again, then nothing', () => {
    expect(givenWhenThen<unknown, EntityCommand, TgEvent>(entityDecider, [indexed(), embedded('d1', 2000)], index())).toEqual([]);
  });
  it('given a re-index torn (new text indexed, the old text still embedded), when the same IndexContent, then only the ContentEmbedded of the new text', () => {
    const given = [indexed('d1'), embedded('d1', 1000), indexed('d2', 'new')];
    const out = givenWhenThen<unknown, EntityCommand, TgEvent>(entityDecider, given, index({ text: 'new', text_digest: 'd2', ...later }));
    expect(out).toEqual([embedded('d2', 2000)]);
  });
  it('given a torn index, when IndexContent of another URL, then a full index (nothing to complete)', () => {
    const out = givenWhenThen<unknown, EntityCommand, TgEvent>(entityDecider, [indexed()], index({ url: 'https://x.test/b', ...later }));
    expect(out.map((e) => e.type)).toEqual(['ContentIndexed', 'ContentEmbedded']);
  });
  it('given a torn index, when IndexContent with force_reindex, then a full index', () => {
    const out = givenWhenThen<unknown, EntityCommand, TgEvent>(entityDecider, [indexed()], index({ force_reindex: true, ...later }));
    expect(out.map((e) => e.type)).toEqual(['ContentIndexed', 'ContentEmbedded']);
  });
});

describe('SettleBatchChunk on a torn settle (BatchItemsSettled written, BatchJobCompleted not)', () => {
  const submitted = event('BatchJobSubmitted', { job_id: 'j', total: 3, chunk_count: 2, force_reindex: false, submitted_at: 1000 }, m);
  const queued = [0, 1].map((chunk) => event('BatchChunkQueued', { job_id: 'j', chunk, offset: chunk * 2, items: [] }, m));
  const settled0 = event('BatchItemsSettled', { job_id: 'j', chunk: 0, results: [{ index: 0, url: 'a' }, { index: 1, url: 'b', error: 'x', code: 'fetch_failed' }], settled_at: 1000 }, m);
  const settled1 = event('BatchItemsSettled', { job_id: 'j', chunk: 1, results: [{ index: 2, url: 'c' }], settled_at: 1000 }, m);
  const settle = (chunk: number): BatchJobCommand => ({ type: 'SettleBatchChunk', job_id: 'j', chunk, results: [], ...later });

  it('given every chunk settled and no completion, when a settled chunk is settled again, then only BatchJobCompleted', () => {
    const out = givenWhenThen<unknown, BatchJobCommand, TgEvent>(batchJobDecider, [submitted, ...queued, settled0, settled1], settle(1));
    expect(out).toEqual([event('BatchJobCompleted', { job_id: 'j', status: 'Completed', failed: 1, completed_at: 2000 }, later)]);
  });
  it('given every item failed and no completion, when settled again, then BatchJobCompleted Failed', () => {
    const failed1 = event('BatchItemsSettled', { job_id: 'j', chunk: 1, results: [{ index: 2, url: 'c', error: 'y', code: 'fetch_failed' }], settled_at: 1000 }, m);
    const failed0 = event('BatchItemsSettled', { job_id: 'j', chunk: 0, results: [{ index: 0, url: 'a', error: 'x', code: 'fetch_failed' }, { index: 1, url: 'b', error: 'x', code: 'fetch_failed' }], settled_at: 1000 }, m);
    const out = givenWhenThen<unknown, BatchJobCommand, TgEvent>(batchJobDecider, [submitted, ...queued, failed0, failed1], settle(0));
    expect(out).toEqual([event('BatchJobCompleted', { job_id: 'j', status: 'Failed', failed: 3, completed_at: 2000 }, later)]);
  });
  it('given the job completed, when a chunk is settled again, then nothing', () => {
    const done = event('BatchJobCompleted', { job_id: 'j', status: 'Completed', failed: 1, completed_at: 1500 }, m);
    expect(givenWhenThen<unknown, BatchJobCommand, TgEvent>(batchJobDecider, [submitted, ...queued, settled0, settled1, done], settle(1))).toEqual([]);
  });
  it('given one chunk of two settled, when it is settled again, then nothing', () => {
    expect(givenWhenThen<unknown, BatchJobCommand, TgEvent>(batchJobDecider, [submitted, ...queued, settled0], settle(0))).toEqual([]);
  });
});
