import { describe, expect, it } from 'vitest';
import { event, type EventData } from '@tg/contracts';
import { batchJobDecider, batchJobView, type BatchJobCommand } from './batch-job';
import { clusterDecider, type ClusterCommand } from './cluster';
import { entityTypeDecider, typeResend, type RegisterEntityType } from './entity-type';
import { emits, eventsOf, fold, given, refused } from './given-when-then';
import { linkDecider, linkResend, type LinkCommand } from './link';
import { tasteDecider, type TasteCommand } from './taste';
import { urlClaimDecider, type UrlClaimCommand } from './url-claim';
import { workspaceDecider, type CreateWorkspace } from './workspace';

// Decider specifications of every aggregate but `entity` (entity.unit.spec.ts): given events, when a command,
// then the whole events decided, or the error refused with. Torn multi-event commands: torn-commands.unit.spec.ts.

const meta = { workspace: 'ws_1', at: 1000, request_id: 'req-1' };
const later = { workspace: 'ws_1', at: 2000, request_id: 'req-2' };

describe('workspace decider', () => {
  const create: CreateWorkspace = { type: 'CreateWorkspace', workspace_id: 'ws_1', name: 'A', key_id: 'k', key_hash: 'h', key_prefix: 'tg_wsk_ab', vectorstore_namespace: 'ns', at: 1, request_id: 'req-1' };
  const account = { workspace: '_account', at: 1, request_id: 'req-1' };
  const createdEvents = [
    event('WorkspaceCreated', { workspace_id: 'ws_1', name: 'A', vectorstore_namespace: 'ns', created_at: 1 }, account),
    event('ApiKeyIssued', { workspace_id: 'ws_1', key_id: 'k', kind: 'workspace', prefix: 'tg_wsk_ab', hash: 'h', issued_at: 1 }, account),
  ];

  it('given nothing, when CreateWorkspace, then WorkspaceCreated and its first key (hash and prefix only), on the account', () => {
    const out = given(workspaceDecider, []).when(create);
    expect(out).toEqual(emits(...createdEvents));
    expect(JSON.stringify(out)).not.toContain('tg_wsk_secret');
  });
  it('given the workspace, when created again with another key, then refused (conflict); the state knows its name, creation time and keys', () => {
    const g = given(workspaceDecider, createdEvents);
    expect(g.when({ ...create, key_hash: 'other' })).toEqual(refused('conflict', 'Workspace ws_1 already exists'));
    expect(g.state).toEqual({ exists: true, name: 'A', createdAt: 1, keyPrefixes: ['tg_wsk_ab'], keyHashes: ['h'] });
  });
  it('given the workspace, when the same creation is sent again (same id and key: both derive from its request), then nothing is appended', () => {
    expect(given(workspaceDecider, createdEvents).when({ ...create, at: 5 })).toEqual(emits());
  });
  it('given a creation cut after WorkspaceCreated (killed before its key), when the same creation is sent again, then only its key is issued', () => {
    expect(given(workspaceDecider, [createdEvents[0]!]).when(create)).toEqual(emits(createdEvents[1]!));
  });
});

describe('entity type decider', () => {
  const register = (description = ''): RegisterEntityType => ({ type: 'RegisterEntityType', workspace: 'ws_1', entity_type: 'playlist', description, at: 5, request_id: 'req-1' });
  const registered = (description: string, updated: boolean, at = 5) =>
    event('EntityTypeRegistered', { entity_type: 'playlist', description, registered_at: at, updated }, { workspace: 'ws_1', at, request_id: 'req-1' });

  it('given nothing, when a type is registered, then EntityTypeRegistered (not an update)', () => {
    expect(given(entityTypeDecider, []).when(register())).toEqual(emits(registered('', false)));
  });
  it('given the type, when registered again with the same description, then nothing', () => {
    expect(given(entityTypeDecider, [registered('', false)]).when(register())).toEqual(emits());
  });
  it('given the type, when registered with a new description, then EntityTypeRegistered as an update; the first registration time is kept', () => {
    expect(given(entityTypeDecider, [registered('', false)]).when({ ...register('new'), at: 9 })).toEqual(emits(registered('new', true, 9)));
    expect(fold(entityTypeDecider, [registered('', false), registered('new', true, 9)])).toMatchObject({ registered: true, description: 'new', registeredAt: 5, createdBy: 'req-1' });
  });
  it('given the type registered by one request and re-described by another, then the state names the request that registered it (its resend answers as a registration)', () => {
    const redescribed = event('EntityTypeRegistered', { entity_type: 'playlist', description: 'new', registered_at: 9, updated: true }, { workspace: 'ws_1', at: 9, request_id: 'req-2' });
    expect(fold(entityTypeDecider, [registered('', false), redescribed]).createdBy).toBe('req-1');
  });
  it('given the type registered, then re-described by another request, when the registration is resent, then nothing: the new description stands', () => {
    const redescribed = event('EntityTypeRegistered', { entity_type: 'playlist', description: 'new', registered_at: 9, updated: true }, { workspace: 'ws_1', at: 9, request_id: 'req-2' });
    const g = given(entityTypeDecider, [registered('old', false), redescribed]);
    expect(g.when({ ...register('old'), at: 12 })).toEqual(emits());
    expect(typeResend(g.state, { request_id: 'req-1', description: 'old' })).toEqual({ requestId: 'req-1', description: 'old', updated: false });
    // Another request with the old description re-describes it back: a write of its own.
    expect(g.when({ ...register('old'), at: 12, request_id: 'req-3' })).toEqual(emits(event('EntityTypeRegistered', { entity_type: 'playlist', description: 'old', registered_at: 12, updated: true }, { workspace: 'ws_1', at: 12, request_id: 'req-3' })));
  });
  it('given the same request id re-describing since (one key for everything), when its first description comes again, then it is applied', () => {
    const g = given(entityTypeDecider, [registered('old', false), registered('new', true, 9)]);
    expect(g.when({ ...register('old'), at: 12 })).toEqual(emits(registered('old', true, 12)));
  });
  it.each(['content', 'user', 'place', 'brand', 'website', 'file'])('never records the built-in type %s', (builtin) => {
    expect(given(entityTypeDecider, []).when({ ...register(), entity_type: builtin })).toEqual(emits());
  });
});

describe('url claim decider (claims written before URL homes)', () => {
  const claim = (entity_id: string): UrlClaimCommand => ({ type: 'ClaimUrl', workspace: 'ws_1', url: 'u', entity_id, at: 1 });
  const release = (entity_id: string): UrlClaimCommand => ({ type: 'ReleaseUrl', workspace: 'ws_1', url: 'u', entity_id, at: 2 });
  const claimed = (entity_id: string) => event('UrlClaimed', { url: 'u', entity_id, claimed_at: 1 }, { workspace: 'ws_1', at: 1 });
  const released = (entity_id: string) => event('UrlReleased', { url: 'u', entity_id, released_at: 2 }, { workspace: 'ws_1', at: 2 });

  it('given nothing, when claimed, then UrlClaimed', () => {
    expect(given(urlClaimDecider, []).when(claim('c1'))).toEqual(emits(claimed('c1')));
  });
  it('given a claim, when the same entity claims again, then nothing; another entity, then refused (url_conflict) naming the owner', () => {
    expect(given(urlClaimDecider, [claimed('c1')]).when(claim('c1'))).toEqual(emits());
    expect(given(urlClaimDecider, [claimed('c1')]).when(claim('c2'))).toEqual(refused('url_conflict', 'URL already belongs to entity c1', { url: 'u', entity_id: 'c1' }));
  });
  it('given a claim, when its owner releases it, then UrlReleased, and another entity may claim it; a release by anyone else is nothing', () => {
    expect(given(urlClaimDecider, [claimed('c1')]).when(release('c1'))).toEqual(emits(released('c1')));
    expect(given(urlClaimDecider, [claimed('c1')]).when(release('c2'))).toEqual(emits());
    expect(given(urlClaimDecider, []).when(release('c1'))).toEqual(emits());
    expect(given(urlClaimDecider, [claimed('c1'), released('c1')]).when(claim('c2'))).toEqual(emits(claimed('c2')));
  });
});

describe('link decider: links bind incarnations', () => {
  type Link = Extract<LinkCommand, { type: 'LinkChild' }>;
  const link = (over: Partial<Link> = {}): Link => ({ type: 'LinkChild', parent_id: 'p', child_id: 'c', rel: 'about', weight: 1, parent_incarnation: 3, child_incarnation: 5, ...meta, ...over });
  const unlink: LinkCommand = { type: 'UnlinkChild', parent_id: 'p', child_id: 'c', ...later };
  const linked = (over: Partial<EventData<'ChildLinked'>> = {}, m = meta) =>
    event('ChildLinked', { parent_id: 'p', child_id: 'c', rel: 'about', weight: 1, linked_at: m.at, parent_incarnation: 3, child_incarnation: 5, ...over }, m);
  const unlinked = event('ChildUnlinked', { parent_id: 'p', child_id: 'c', unlinked_at: 2000 }, later);

  it('given nothing, when linked, then ChildLinked naming the incarnations it was decided against', () => {
    expect(given(linkDecider, []).when(link())).toEqual(emits(linked()));
  });
  it('given the link, when the exact retry arrives (another clock), then nothing', () => {
    expect(given(linkDecider, [linked()]).when(link(later))).toEqual(emits());
  });
  it.each([
    ['a new weight', { weight: 0.5 }],
    ['a new relation', { rel: 'likes' }],
  ] as const)('given the link, when linked with %s, then linked again', (_what, change) => {
    expect(given(linkDecider, [linked()]).when(link({ ...change, ...later }))).toEqual(emits(linked(change, later)));
  });
  it.each([
    ['the child', { child_incarnation: 9 }],
    ['the parent', { parent_incarnation: 7 }],
  ] as const)('given a link to an earlier incarnation of %s (deleted, created again), when linked, then a new link to the current incarnations', (_who, incarnation) => {
    expect(given(linkDecider, [linked()]).when(link({ ...incarnation, ...later }))).toEqual(emits(linked(incarnation, later)));
  });
  it('given the link, when unlinked, then ChildUnlinked; unlinking again, or a child never linked, then nothing', () => {
    expect(given(linkDecider, [linked()]).when(unlink)).toEqual(emits(unlinked));
    expect(given(linkDecider, [linked(), unlinked]).when(unlink)).toEqual(emits());
    expect(given(linkDecider, []).when(unlink)).toEqual(emits());
  });
  it('given an unlinked child, when linked again with the same fields, then linked', () => {
    expect(given(linkDecider, [linked(), unlinked]).when(link(later))).toEqual(emits(linked({}, later)));
  });
  // A request resent after other writes to the link (a retry whose first answer was lost, or the resend of an append
  // stored but not acknowledged) was done once: it must not write over what came after it.
  const third = { workspace: 'ws_1', at: 3000, request_id: 'req-3' };
  it('given a link, then another request changes its weight, when the first request is resent, then nothing: the change stands', () => {
    const g = given(linkDecider, [linked(), linked({ weight: 0.5 }, later)]);
    expect(g.when(link({ at: 3000 }))).toEqual(emits());
    expect(linkResend(g.state, link({ at: 3000 }))).toBe(true);
  });
  it('given a link, then the child is deleted and created again, when the first request is resent against the new incarnation, then nothing: no link is invented', () => {
    expect(given(linkDecider, [linked()]).when(link({ child_incarnation: 9, at: 3000 }))).toEqual(emits());
  });
  it('given a link, then another request unlinks it, when the first request is resent, then nothing', () => {
    expect(given(linkDecider, [linked(), unlinked]).when(link({ at: 3000 }))).toEqual(emits());
  });
  it('given a link, when the same request id comes with another weight (a trace id reused), then linked with it; the first body again after it is a new write too', () => {
    const g = given(linkDecider, [linked()]);
    expect(g.when(link({ weight: 0.5, at: 3000 }))).toEqual(emits(linked({ weight: 0.5 }, { ...meta, at: 3000 })));
    const after = given(linkDecider, [linked(), linked({ weight: 0.5 }, { ...meta, at: 3000 })]);
    expect(after.when(link({ at: 4000 }))).toEqual(emits(linked({}, { ...meta, at: 4000 })));
    expect(linkResend(after.state, link({ weight: 0.5 }))).toBe(true);
    expect(linkResend(after.state, { ...link(), ...third })).toBe(false);
  });
});

describe('batch job decider', () => {
  const submit = (chunks: number, total: number): BatchJobCommand => ({
    type: 'SubmitBatchJob', job_id: 'j', chunks: Array.from({ length: chunks }, (_, i) => ({ offset: i * 2, items: [{ content: { url: `u${i}` }, id: null }] })), total, force_reindex: false, ...meta,
  });
  const settle = (chunk: number, results: EventData<'BatchItemsSettled'>['results'], m = later): BatchJobCommand => ({ type: 'SettleBatchChunk', job_id: 'j', chunk, results, ...m });
  const submitted = (chunks: number, total: number) => eventsOf(given(batchJobDecider, []).when(submit(chunks, total)));
  const settled = (chunk: number, results: EventData<'BatchItemsSettled'>['results']) => event('BatchItemsSettled', { job_id: 'j', chunk, results, settled_at: 2000 }, later);
  const completed = (status: 'Completed' | 'Failed', failed: number) => event('BatchJobCompleted', { job_id: 'j', status, failed, completed_at: 2000 }, later);

  it('given nothing, when a job is submitted, then BatchJobSubmitted and one BatchChunkQueued per chunk, with its items', () => {
    expect(given(batchJobDecider, []).when(submit(2, 3))).toEqual(
      emits(
        event('BatchJobSubmitted', { job_id: 'j', total: 3, chunk_count: 2, force_reindex: false, submitted_at: 1000 }, meta),
        event('BatchChunkQueued', { job_id: 'j', chunk: 0, offset: 0, items: [{ content: { url: 'u0' }, id: null }] }, meta),
        event('BatchChunkQueued', { job_id: 'j', chunk: 1, offset: 2, items: [{ content: { url: 'u1' }, id: null }] }, meta),
      ),
    );
  });
  it('given the job, when submitted again (an exact retry), then nothing', () => {
    expect(given(batchJobDecider, submitted(2, 3)).when(submit(2, 3))).toEqual(emits());
  });
  it('given a submission torn after its first chunk (killed before the rest), when submitted again (the retry names the same job), then only the missing chunks are queued', () => {
    const [jobSubmitted, chunk0, chunk1] = submitted(2, 3);
    expect(given(batchJobDecider, [jobSubmitted!, chunk0!]).when(submit(2, 3))).toEqual(emits(chunk1!));
    expect(given(batchJobDecider, [jobSubmitted!]).when(submit(2, 3))).toEqual(emits(chunk0!, chunk1!));
  });
  it('given nothing, when a chunk is settled, then nothing (no such job)', () => {
    expect(given(batchJobDecider, []).when(settle(0, []))).toEqual(emits());
  });
  it('given a job of two chunks, when the first settles, then BatchItemsSettled; when the last settles, then BatchItemsSettled and BatchJobCompleted counting the failures', () => {
    const first = given(batchJobDecider, submitted(2, 3)).when(settle(1, [{ index: 2, url: 'c' }]));
    expect(first).toEqual(emits(settled(1, [{ index: 2, url: 'c' }])));
    const last = given(batchJobDecider, [...submitted(2, 3), ...eventsOf(first)]).when(settle(0, [{ index: 0, url: 'a' }, { index: 1, url: 'b', error: 'x', code: 'fetch_failed' }]));
    expect(last).toEqual(emits(settled(0, [{ index: 0, url: 'a' }, { index: 1, url: 'b', error: 'x', code: 'fetch_failed' }]), completed('Completed', 1)));
  });
  it('given a job, when every item failed, then it ends Failed', () => {
    const results = [{ index: 0, url: 'a', error: 'boom', code: 'fetch_failed' }];
    expect(given(batchJobDecider, submitted(1, 1)).when(settle(0, results))).toEqual(emits(settled(0, results), completed('Failed', 1)));
  });
  it('given a settled chunk of an unfinished job, when it is settled again (redelivered), then nothing', () => {
    expect(given(batchJobDecider, [...submitted(2, 3), settled(0, [])]).when(settle(0, [{ index: 0, url: 'a' }]))).toEqual(emits());
  });
  it('given a completed job, when a chunk is settled again, then nothing', () => {
    const results = [{ index: 0, url: 'a' }];
    expect(given(batchJobDecider, [...submitted(1, 1), settled(0, results), completed('Completed', 0)]).when(settle(0, results))).toEqual(emits());
  });
  it('shows the job as clients poll it: results in input order once ended', () => {
    const events = [...submitted(2, 3), settled(1, [{ index: 2, url: 'c' }]), settled(0, [{ index: 0, url: 'a' }, { index: 1, url: 'b', error: 'x' }]), completed('Completed', 1)];
    expect(batchJobView('j', fold(batchJobDecider, events))).toEqual({
      job_id: 'j', job_arn: 'tg:job:j', status: 'Completed', total: 3, processed: 3, failed: 1, submitted_at: 1000, completed_at: 2000,
      results: [{ url: 'a' }, { url: 'b', error: 'x' }, { url: 'c' }],
    });
    expect(batchJobView('j', fold(batchJobDecider, events.slice(0, 4)))).toEqual({ job_id: 'j', job_arn: 'tg:job:j', status: 'Submitted', total: 3, processed: 1, failed: 0, submitted_at: 1000 });
  });
});

describe('cluster decider: one ClustersComputed per recomputation, whatever the number of replicas', () => {
  type Row = EventData<'ClustersComputed'>['clusters'][number];
  const row = (id: string, size: number): Row => ({ id, label: id, size, keywords: [], members: [], centroid: '', affinities: [] });
  const record = (position: number, clusters = [row('a', 2), row('b', 1)], at = 1): ClusterCommand => ({ type: 'RecordClusters', workspace: 'ws_1', entity_type: 'content', model: 'm', position, clusters, at });
  const computed = (position: number, clusters = [row('a', 2), row('b', 1)], at = 1) =>
    event('ClustersComputed', { entity_type: 'content', model: 'm', computed_at: at, position, clusters }, { workspace: 'ws_1', at });

  it('given nothing, when clusters are recorded, then ClustersComputed with the read-model position they were computed from', () => {
    expect(given(clusterDecider, []).when(record(10))).toEqual(emits(computed(10)));
  });
  it('given nothing, when a recomputation finds no clusters, then nothing', () => {
    expect(given(clusterDecider, []).when(record(5, []))).toEqual(emits());
  });
  it('given one replica recorded a recomputation from position 10, when another replica\'s recomputation from 10 (or earlier) is decided again after its append conflicted, then nothing', () => {
    // Two replicas decide against the empty aggregate; the expected-sequence append lets one through, and the
    // other reloads the aggregate and decides again: single writer.
    expect(given(clusterDecider, []).when(record(10, [row('c', 3)], 2))).toEqual(emits(computed(10, [row('c', 3)], 2)));
    expect(given(clusterDecider, [computed(10)]).when(record(10, [row('c', 3)], 2))).toEqual(emits());
    expect(given(clusterDecider, [computed(10)]).when(record(7, [row('c', 3)], 2))).toEqual(emits());
  });
  it('given recorded clusters, when a later recomputation finds the same ids, labels and sizes, then nothing; different ones, then recorded', () => {
    expect(given(clusterDecider, [computed(10)]).when(record(20))).toEqual(emits());
    expect(given(clusterDecider, [computed(10)]).when(record(20, [row('a', 3)], 3))).toEqual(emits(computed(20, [row('a', 3)], 3)));
    expect(given(clusterDecider, [computed(10)]).when(record(20, [{ ...row('a', 2), label: 'jazz' }, row('b', 1)], 3))).toEqual(
      emits(computed(20, [{ ...row('a', 2), label: 'jazz' }, row('b', 1)], 3)),
    );
  });
  it('given clusters recorded before positions were, then the next recomputation is recorded when it differs', () => {
    const old = event('ClustersComputed', { entity_type: 'content', model: 'm', computed_at: 1, clusters: [row('a', 2)] }, { workspace: 'ws_1', at: 1 });
    expect(fold(clusterDecider, [old])).toEqual({ position: 0, signature: 'a\u0000a\u00002' });
    expect(given(clusterDecider, [old]).when(record(1, [row('a', 2)]))).toEqual(emits());
    expect(given(clusterDecider, [old]).when(record(1))).toEqual(emits(computed(1)));
  });
});

describe('taste decider', () => {
  const compose = (over: Partial<TasteCommand> = {}): TasteCommand => ({ type: 'ComposeTaste', parent_id: 'p', representation: 'subspace', max_rank: 4, energy: 0.8, ...meta, ...over });
  const composed = (over: Partial<EventData<'TasteComposed'>> = {}) =>
    event('TasteComposed', { parent_id: 'p', representation: 'subspace', max_rank: 4, energy: 0.8, composed_at: 1000, ...over }, meta);

  it('given nothing, when a representation is chosen, then TasteComposed', () => {
    expect(given(tasteDecider, []).when(compose())).toEqual(emits(composed()));
  });
  it('given a choice, when the same choice again, then nothing', () => {
    expect(given(tasteDecider, [composed()]).when(compose(later))).toEqual(emits());
  });
  it.each([
    ['rank', { max_rank: 6 }],
    ['energy', { energy: 0.9 }],
    ['representation', { representation: 'point' }],
  ] as const)('given a choice, when the %s changes, then TasteComposed with the new choice', (_what, change) => {
    expect(given(tasteDecider, [composed()]).when(compose(change))).toEqual(emits(composed(change)));
  });
});
