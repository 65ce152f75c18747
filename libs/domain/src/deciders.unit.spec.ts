import { describe, expect, it } from 'vitest';
import { TgError, event, type TgEvent } from '@tg/contracts';
import { entityDecider } from './entity';
import { entityTypeDecider } from './entity-type';
import { linkDecider } from './link';
import { urlClaimDecider } from './url-claim';
import { workspaceDecider } from './workspace';
import { batchJobDecider, batchJobView } from './batch-job';
import { clusterDecider } from './cluster';
import { tasteDecider } from './taste';
import { givenWhenThen } from './given-when-then';

const meta = { workspace: 'ws_1', at: 1000 };
const m = { workspace: 'ws_1', at: 1000 };
const created = event('EntityCreated', { entity_id: 'u1', type: 'user', name: 'Ann', description: '', created_at: 1000 }, m);
const index = (over: Partial<Record<string, unknown>> = {}) =>
  ({
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
    ...meta,
    ...over,
  }) as const;
const fold = (events: TgEvent[]) => events.reduce((s, e) => entityDecider.evolve(s, e as never), entityDecider.initialState());

describe('entity decider', () => {
  it('given nothing, when CreateEntity, then EntityCreated', () => {
    const out = givenWhenThen(entityDecider, [], { type: 'CreateEntity', entity_id: 'u1', entity_type: 'user', name: 'Ann', description: '', ...meta });
    expect(out.map((e: any) => e.type)).toEqual(['EntityCreated']);
  });
  it('given a created entity, when the same CreateEntity, then nothing (idempotent)', () => {
    expect(givenWhenThen(entityDecider, [created], { type: 'CreateEntity', entity_id: 'u1', entity_type: 'user', name: 'Ann', description: '', ...meta })).toEqual([]);
  });
  it('given a created entity, when renamed, then EntityUpdated with only the change', () => {
    const [e] = givenWhenThen<any, any, any>(entityDecider, [created], { type: 'CreateEntity', entity_id: 'u1', entity_type: 'user', name: 'Bo', description: '', ...meta });
    expect(e.type).toBe('EntityUpdated');
    expect(e.data).toEqual({ entity_id: 'u1', name: 'Bo', updated_at: 1000 });
  });
  it('given nothing, when DeleteEntity, then entity_not_found', () => {
    expect(() => givenWhenThen(entityDecider, [], { type: 'DeleteEntity', entity_id: 'u1', ...meta })).toThrowError(TgError);
  });
  it('given nothing, when IndexContent, then ContentIndexed and ContentEmbedded', () => {
    const out = givenWhenThen<any, any, any>(entityDecider, [], index());
    expect(out.map((e) => e.type)).toEqual(['ContentIndexed', 'ContentEmbedded']);
  });
  it('given indexed content, when the same content again, then nothing; with force_reindex, then re-embedded', () => {
    const given = entityDecider.decide(index(), entityDecider.initialState());
    expect(givenWhenThen(entityDecider, given, index())).toEqual([]);
    expect(givenWhenThen<any, any, any>(entityDecider, given, index({ force_reindex: true })).map((e) => e.type)).toEqual(['ContentIndexed', 'ContentEmbedded']);
  });
  it('given indexed content, when the text changes, then re-indexed and the enrichment resets', () => {
    const given = [...entityDecider.decide(index(), entityDecider.initialState())];
    given.push(event('ContentEnriched', { entity_id: 'c1', name: 'Real title', description: 'Real', source: 'page', enriched_at: 2 }, m));
    expect(fold(given).name).toBe('Real title');
    const out = givenWhenThen<any, any, any>(entityDecider, given, index({ text: 'new', text_digest: 'd2' }));
    expect(out[0].data.name).toBe('x.test');
    expect(fold([...given, ...out]).enriched).toBe(false);
  });
  it('refuses to turn a user into content and content into a user', () => {
    expect(() => givenWhenThen(entityDecider, [created], index({ entity_id: 'u1' }))).toThrowError(/not a content entity/);
    const given = entityDecider.decide(index(), entityDecider.initialState());
    expect(() => givenWhenThen(entityDecider, given, { type: 'CreateEntity', entity_id: 'c1', entity_type: 'user', name: 'x', description: '', ...meta })).toThrowError(/content entity/);
  });
  it('given a deleted entity, when created again, then EntityCreated', () => {
    const del = event('EntityDeleted', { entity_id: 'u1', deleted_at: 2 }, m);
    expect(givenWhenThen<any, any, any>(entityDecider, [created, del], { type: 'CreateEntity', entity_id: 'u1', entity_type: 'user', name: 'Ann', description: '', ...meta })[0].type).toBe('EntityCreated');
  });
});

describe('entity type decider', () => {
  const reg = { type: 'RegisterEntityType', workspace: 'ws_1', entity_type: 'playlist', description: '', at: 5 } as const;
  it('registers a new type, then is idempotent, then updates on a new description', () => {
    const first = givenWhenThen<any, any, any>(entityTypeDecider, [], reg);
    expect(first[0].data.updated).toBe(false);
    expect(givenWhenThen(entityTypeDecider, first, reg)).toEqual([]);
    expect(givenWhenThen<any, any, any>(entityTypeDecider, first, { ...reg, description: 'new' })[0].data.updated).toBe(true);
  });
  it('never records a built-in type', () => {
    expect(givenWhenThen(entityTypeDecider, [], { ...reg, entity_type: 'user' })).toEqual([]);
  });
});

describe('url claim decider', () => {
  const claim = { type: 'ClaimUrl', workspace: 'ws_1', url: 'u', entity_id: 'c1', at: 1 } as const;
  it('claims once, is idempotent for the same entity, conflicts for another', () => {
    const first = givenWhenThen<any, any, any>(urlClaimDecider, [], claim);
    expect(first).toHaveLength(1);
    expect(givenWhenThen(urlClaimDecider, first, claim)).toEqual([]);
    expect(() => givenWhenThen(urlClaimDecider, first, { ...claim, entity_id: 'c2' })).toThrowError(/already belongs/);
  });
});

describe('link decider', () => {
  const link = { type: 'LinkChild', workspace: 'ws_1', parent_id: 'p', child_id: 'c', rel: 'about', weight: 1, parent_incarnation: 3, child_incarnation: 5, at: 1 } as const;
  it('links once, then is idempotent; a new weight relinks; unlink of an unlinked child is a no-op', () => {
    const first = givenWhenThen<any, any, any>(linkDecider, [], link);
    expect(first[0].type).toBe('ChildLinked');
    expect(givenWhenThen(linkDecider, first, link)).toEqual([]);
    expect(givenWhenThen<any, any, any>(linkDecider, first, { ...link, weight: 0.5 })[0].data.weight).toBe(0.5);
    expect(givenWhenThen(linkDecider, [], { type: 'UnlinkChild', workspace: 'ws_1', parent_id: 'p', child_id: 'c', at: 2 })).toEqual([]);
  });
  it('given a link to an earlier incarnation of the child (deleted, created again), when linked again, then a new link', () => {
    const first = givenWhenThen<any, any, any>(linkDecider, [], link);
    const again = givenWhenThen<any, any, any>(linkDecider, first, { ...link, child_incarnation: 9 });
    expect(again.map((e) => [e.type, e.data.parent_incarnation, e.data.child_incarnation])).toEqual([['ChildLinked', 3, 9]]);
  });
});

describe('entity incarnations', () => {
  it('given an entity created, deleted and created again, then each creation is its own incarnation (its stream sequence)', () => {
    const stored = (e: TgEvent, seq: number) => ({ ...e, seq, subject: 's' }) as never;
    let s = entityDecider.evolve(entityDecider.initialState(), stored(created, 4));
    expect(s.incarnation).toBe(4);
    s = entityDecider.evolve(s, stored(event('EntityDeleted', { entity_id: 'u1', deleted_at: 2 }, m), 7));
    expect(s.incarnation).toBe(0);
    s = entityDecider.evolve(s, stored(created, 11));
    expect(s.incarnation).toBe(11);
  });
});

describe('workspace decider', () => {
  it('creates a workspace with its first key, and refuses a second create', () => {
    const cmd = { type: 'CreateWorkspace', workspace_id: 'ws_1', name: 'A', key_id: 'k', key_hash: 'h', key_prefix: 'tg_wsk_ab', vectorstore_namespace: 'ns', at: 1 } as const;
    const first = givenWhenThen<any, any, any>(workspaceDecider, [], cmd);
    expect(first.map((e) => e.type)).toEqual(['WorkspaceCreated', 'ApiKeyIssued']);
    expect(JSON.stringify(first)).not.toContain('tg_wsk_secret');
    expect(() => givenWhenThen(workspaceDecider, first, cmd)).toThrowError(/already exists/);
  });
});

describe('batch job decider', () => {
  const submit = { type: 'SubmitBatchJob', job_id: 'j', chunks: [{ offset: 0, items: [] }, { offset: 2, items: [] }], total: 3, force_reindex: false, ...meta } as const;
  it('completes when the last chunk settles, keeping input order in the view', () => {
    const given = givenWhenThen<any, any, any>(batchJobDecider, [], submit);
    const s1 = givenWhenThen<any, any, any>(batchJobDecider, given, { type: 'SettleBatchChunk', job_id: 'j', chunk: 1, results: [{ index: 2, url: 'c' }], ...meta });
    expect(s1.map((e) => e.type)).toEqual(['BatchItemsSettled']);
    const s2 = givenWhenThen<any, any, any>(batchJobDecider, [...given, ...s1], { type: 'SettleBatchChunk', job_id: 'j', chunk: 0, results: [{ index: 0, url: 'a' }, { index: 1, url: 'b', error: 'x' }], ...meta });
    expect(s2.map((e) => e.type)).toEqual(['BatchItemsSettled', 'BatchJobCompleted']);
    const state = [...given, ...s1, ...s2].reduce((s, e) => batchJobDecider.evolve(s, e), batchJobDecider.initialState());
    const view = batchJobView('j', state) as any;
    expect(view.status).toBe('Completed');
    expect(view.results.map((r: any) => r.url)).toEqual(['a', 'b', 'c']);
  });
  it('ends Failed when every item failed, and a re-settled chunk is ignored', () => {
    const one = { ...submit, chunks: [{ offset: 0, items: [] }], total: 1 };
    const given = givenWhenThen<any, any, any>(batchJobDecider, [], one);
    const out = givenWhenThen<any, any, any>(batchJobDecider, given, { type: 'SettleBatchChunk', job_id: 'j', chunk: 0, results: [{ index: 0, url: 'a', error: 'boom' }], ...meta });
    expect(out[1].data.status).toBe('Failed');
    expect(givenWhenThen(batchJobDecider, [...given, ...out], { type: 'SettleBatchChunk', job_id: 'j', chunk: 0, results: [], ...meta })).toEqual([]);
  });
});

describe('cluster decider', () => {
  const row = (id: string, size: number) => ({ id, label: id, size, keywords: [], members: [], centroid: '', affinities: [] });
  const record = (position: number, clusters = [row('a', 2), row('b', 1)]) => ({ type: 'RecordClusters', workspace: 'ws_1', entity_type: 'content', model: 'm', position, clusters, at: 1 }) as const;
  it('given nothing, when clusters are recorded, then ClustersComputed with the position they were computed from', () => {
    const [e] = givenWhenThen<any, any, any>(clusterDecider, [], record(10));
    expect([e.type, e.data.position]).toEqual(['ClustersComputed', 10]);
  });
  it('given a recomputation recorded from position 10, when another from 10 (or earlier) arrives, then nothing', () => {
    const given = givenWhenThen<any, any, any>(clusterDecider, [], record(10));
    expect(givenWhenThen(clusterDecider, given, record(10, [row('c', 3)]))).toEqual([]);
    expect(givenWhenThen(clusterDecider, given, record(7, [row('c', 3)]))).toEqual([]);
  });
  it('given recorded clusters, when a later recomputation finds the same ones, then nothing; different ones, then recorded', () => {
    const given = givenWhenThen<any, any, any>(clusterDecider, [], record(10));
    expect(givenWhenThen(clusterDecider, given, record(20))).toEqual([]);
    expect(givenWhenThen<any, any, any>(clusterDecider, given, record(20, [row('a', 3)]))[0].data.position).toBe(20);
    expect(givenWhenThen(clusterDecider, [], record(5, []))).toEqual([]);
  });
});

describe('taste decider', () => {
  const compose = (max_rank: number) => ({ type: 'ComposeTaste', workspace: 'ws_1', parent_id: 'p', representation: 'subspace', max_rank, energy: 0.8, at: 1 }) as const;
  it('records a choice once; the same choice again decides nothing; a new one is recorded', () => {
    const first = givenWhenThen<any, any, any>(tasteDecider, [], compose(4));
    expect(first.map((e) => e.type)).toEqual(['TasteComposed']);
    expect(givenWhenThen(tasteDecider, first, compose(4))).toEqual([]);
    expect(givenWhenThen<any, any, any>(tasteDecider, first, compose(6))[0].data.max_rank).toBe(6);
  });
});
