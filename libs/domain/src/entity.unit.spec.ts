import { describe, expect, it } from 'vitest';
import { event, type EventData } from '@tg/contracts';
import { CLAIM_LEASE_MS, doneCreate, entityDecider, resentContent, type EntityCommand } from './entity';
import { WRITES_KEPT } from './write-history';
import { emits, eventsOf, fold, given, refused, stored } from './given-when-then';
import { indexContent, indexedBy } from './testing/content-commands';

// The entity aggregate: non-content entities (mode A), content items (mode B), and on the aggregate of a
// URL's natural id (its home) the claims of that URL by explicit ids.

type Cmd<T extends EntityCommand['type']> = Extract<EntityCommand, { type: T }>;
type Body<T extends EntityCommand['type']> = Omit<Cmd<T>, 'type' | 'workspace' | 'at' | 'request_id'>;
const meta = { workspace: 'ws_1', at: 1000, request_id: 'req-1' };
const later = { workspace: 'ws_1', at: 2000, request_id: 'req-2' };

const createEntity = (over: Partial<Cmd<'CreateEntity'>> = {}): Cmd<'CreateEntity'> => ({
  type: 'CreateEntity', entity_id: 'u1', entity_type: 'user', name: 'Ann', description: '', ...meta, ...over,
});
const created = (over: Partial<EventData<'EntityCreated'>> = {}) =>
  event('EntityCreated', { entity_id: 'u1', type: 'user', name: 'Ann', description: '', created_at: 1000, ...over }, meta);

const content = indexedBy(indexContent());
const enriched = event('ContentEnriched', { entity_id: 'c1', name: 'Real title', description: 'Real', source: 'page', enriched_at: 1500 }, meta);
const deleted = (id = 'u1', url?: string) => event('EntityDeleted', { entity_id: id, url, deleted_at: 1500 }, meta);

describe('entity decider: CreateEntity', () => {
  it('given nothing, when CreateEntity, then EntityCreated with every field of the command', () => {
    expect(given(entityDecider, []).when(createEntity({ description: 'a reader' }))).toEqual(emits(created({ description: 'a reader' })));
  });
  it('given the entity created by the same request, when the exact retry arrives, then nothing, and the state names the request that created it', () => {
    const g = given(entityDecider, [created()]);
    expect(g.when(createEntity({ at: 5000 }))).toEqual(emits());
    // The entity service answers `created: true` again for the request whose id created this incarnation.
    expect(g.state.createdBy).toBe('req-1');
  });
  it.each([
    ['name', { name: 'Bo' }, { name: 'Bo' }],
    ['description', { description: 'new' }, { description: 'new' }],
    ['type', { entity_type: 'brand' }, { type: 'brand' }],
    ['all three', { name: 'Bo', description: 'new', entity_type: 'brand' }, { name: 'Bo', description: 'new', type: 'brand' }],
  ] as const)('given an entity, when its %s changes, then EntityUpdated with only the change', (_what, change, data) => {
    expect(given(entityDecider, [created()]).when(createEntity({ ...change, ...later }))).toEqual(
      emits(event('EntityUpdated', { entity_id: 'u1', ...data, updated_at: 2000 }, later)),
    );
  });
  it('given a content item, when CreateEntity of its id, then refused (conflict): content is updated through the content form', () => {
    expect(given(entityDecider, content).when(createEntity({ entity_id: 'c1' }))).toEqual(
      refused('conflict', 'Entity c1 is a content entity; use the content form to update it'),
    );
  });
  it('given a deleted entity, when created again, then EntityCreated (a new incarnation)', () => {
    expect(given(entityDecider, [created(), deleted()]).when(createEntity({ name: 'Ann 2', ...later }))).toEqual(
      emits(event('EntityCreated', { entity_id: 'u1', type: 'user', name: 'Ann 2', description: '', created_at: 2000 }, later)),
    );
  });
});

describe('entity decider: a create resent after other writes (its first answer lost)', () => {
  const other = { workspace: 'ws_1', at: 1500, request_id: 'req-other' };
  const deletedBy = (m: typeof meta) => event('EntityDeleted', { entity_id: 'u1', deleted_at: 1500 }, m);
  const renamed = (m: typeof meta, name = 'Bo') => event('EntityUpdated', { entity_id: 'u1', name, updated_at: 1500 }, m);
  it('given the entity created, then deleted by another request, when the create is resent, then nothing: it was done once', () => {
    const g = given(entityDecider, [created(), deletedBy(other)]);
    expect(g.when(createEntity({ at: 5000 }))).toEqual(emits());
    expect(doneCreate(g.state, createEntity())).toMatchObject({ at: 1000, created: true });
  });
  it('given the entity created, then renamed by another request, when the create is resent, then nothing: the rename stands', () => {
    expect(given(entityDecider, [created(), renamed(other)]).when(createEntity({ at: 5000 }))).toEqual(emits());
  });
  it('given the entity created, deleted and created again by others, when the first create is resent, then nothing', () => {
    const again = event('EntityCreated', { entity_id: 'u1', type: 'user', name: 'Cy', description: '', created_at: 1700 }, other);
    expect(given(entityDecider, [created(), deletedBy(other), again]).when(createEntity({ at: 5000 }))).toEqual(emits());
  });
  it('given the entity created, when the same request id comes with another body, then it is another write (a trace id reused)', () => {
    expect(given(entityDecider, [created(), deletedBy(other)]).when(createEntity({ name: 'Ann 2', at: 5000 }))).toEqual(
      emits(event('EntityCreated', { entity_id: 'u1', type: 'user', name: 'Ann 2', description: '', created_at: 5000 }, { ...meta, at: 5000 })),
    );
  });
  it('given a later write of the same request id (a client sending one key with everything), when the first body comes again, then it is applied', () => {
    // Renamed by the same key, then the first body again: not a resend of the create (its key wrote since).
    expect(given(entityDecider, [created(), renamed(meta)]).when(createEntity({ at: 5000 }))).toEqual(
      emits(event('EntityUpdated', { entity_id: 'u1', name: 'Ann', updated_at: 5000 }, { ...meta, at: 5000 })),
    );
    // Deleted by the same key, then created again: a new incarnation.
    expect(given(entityDecider, [created(), deletedBy(meta)]).when(createEntity({ at: 5000 }))).toEqual(
      emits(event('EntityCreated', { entity_id: 'u1', type: 'user', name: 'Ann', description: '', created_at: 5000 }, { ...meta, at: 5000 })),
    );
  });
  it('given the entity deleted, then created again by another request, when the delete is resent, then nothing: the new entity stays', () => {
    const del = { workspace: 'ws_1', at: 1200, request_id: 'req-del' };
    const again = event('EntityCreated', { entity_id: 'u1', type: 'user', name: 'Cy', description: '', created_at: 1700 }, other);
    const g = given(entityDecider, [created(), deletedBy(del), again]);
    expect(g.when({ type: 'DeleteEntity', entity_id: 'u1', ...del, at: 5000 })).toEqual(emits());
    // Another request's delete deletes it.
    expect(eventsOf(g.when({ type: 'DeleteEntity', entity_id: 'u1', ...later }))).toHaveLength(1);
    // The same key's own create since (one key for everything): its delete is a new one.
    const againByDel = event('EntityCreated', { entity_id: 'u1', type: 'user', name: 'Cy', description: '', created_at: 1700 }, del);
    expect(eventsOf(given(entityDecider, [created(), deletedBy(del), againByDel]).when({ type: 'DeleteEntity', entity_id: 'u1', ...del, at: 5000 }))).toHaveLength(1);
  });
  it(`remembers the last ${WRITES_KEPT} writes: a create resent after more writes than that is applied again`, () => {
    const renames = Array.from({ length: WRITES_KEPT }, (_, i) => renamed({ ...other, request_id: `req-r${i}` }, `Name ${i}`));
    expect(given(entityDecider, [created(), ...renames.slice(1)]).when(createEntity({ at: 5000 }))).toEqual(emits());
    expect(eventsOf(given(entityDecider, [created(), ...renames]).when(createEntity({ at: 5000 }))).map((e) => e.type)).toEqual(['EntityUpdated']);
  });
});

describe('entity decider: CreateEntity with the vector of its own text', () => {
  const self = (digest: string, model = 'm1') => ({ vector: 'AAAA', model, dim: 1, text_digest: digest });
  const embedded = (digest: string, m = meta, model = 'm1') =>
    event('ContentEmbedded', { entity_id: 'u1', of: 'self', model, dim: 1, vector: 'AAAA', text_digest: digest, embedded_at: m.at }, m);
  it('given nothing, when CreateEntity carries the vector, then EntityCreated and ContentEmbedded: never created without it', () => {
    expect(given(entityDecider, []).when(createEntity({ self: self('d1') }))).toEqual(emits(created(), embedded('d1')));
  });
  it('given the entity with that vector, when the same create arrives again, then nothing', () => {
    expect(given(entityDecider, [created(), embedded('d1')]).when(createEntity({ self: self('d1'), ...later }))).toEqual(emits());
  });
  it('given the entity, when its name changes with the new text\'s vector, then EntityUpdated and ContentEmbedded', () => {
    expect(given(entityDecider, [created(), embedded('d1')]).when(createEntity({ name: 'Bo', self: self('d2'), ...later }))).toEqual(
      emits(event('EntityUpdated', { entity_id: 'u1', name: 'Bo', updated_at: 2000 }, later), embedded('d2', later)),
    );
  });
  it('given the entity, when the text is the same but the vector is of another model, then ContentEmbedded alone', () => {
    expect(given(entityDecider, [created(), embedded('d1')]).when(createEntity({ self: self('d1', 'm2'), ...later }))).toEqual(emits(embedded('d1', later, 'm2')));
  });
});

describe('entity decider: a content write resent after other writes (its first answer lost)', () => {
  const other = { workspace: 'ws_1', at: 1500, request_id: 'req-other' };
  const deletedBy = (m: typeof meta) => event('EntityDeleted', { entity_id: 'c1', url: 'https://x.test/a', deleted_at: 1500 }, m);
  const first = indexContent();
  it('given the item indexed, then deleted by another request, when the write is resent, then nothing: it was done once', () => {
    const g = given(entityDecider, [...indexedBy(first), deletedBy(other)]);
    expect(g.when(indexContent({ at: 5000 }))).toEqual(emits());
    expect(resentContent(g.state, first)).toMatchObject({ at: 1000, created: true });
  });
  it('given the item indexed, then indexed anew with another text by another request, when the first write is resent, then nothing', () => {
    const newer = indexContent({ text: 'newer', text_digest: 'd2', ...other });
    expect(given(entityDecider, [...indexedBy(first), ...indexedBy(newer)]).when(indexContent({ at: 5000 }))).toEqual(emits());
  });
  it('given the item as the write left it, when it is resent, then the ordinary rules: nothing, or its own torn index completed', () => {
    expect(given(entityDecider, indexedBy(first)).when(indexContent({ at: 5000 }))).toEqual(emits());
    expect(eventsOf(given(entityDecider, indexedBy(first).slice(0, 1)).when(indexContent({ at: 5000 }))).map((e) => e.type)).toEqual(['ContentEmbedded']);
  });
  it('given the same request id writing since (another text, a delete), when the first text comes again, then it is indexed', () => {
    const again = eventsOf(given(entityDecider, [...indexedBy(first), deletedBy(meta)]).when(indexContent({ at: 5000 })));
    expect(again.map((e) => e.type)).toEqual(['ContentIndexed', 'ContentEmbedded']);
    const newerSameKey = indexContent({ text: 'newer', text_digest: 'd2', at: 1500 });
    expect(eventsOf(given(entityDecider, [...indexedBy(first), ...indexedBy(newerSameKey)]).when(indexContent({ at: 5000 }))).map((e) => e.type)).toEqual(['ContentIndexed', 'ContentEmbedded']);
  });
});

describe('entity decider: IndexContent prepared against an incarnation', () => {
  const live = [stored(content[0]!, 3), stored(content[1]!, 4)];
  it('given the content live as prepared (incarnation 3), when IndexContent of new text for incarnation 3, then indexed and embedded', () => {
    const cmd = indexContent({ text: 'other', text_digest: 'd-other', incarnation: 3, ...later });
    expect(given(entityDecider, live).when(cmd)).toEqual(emits(...indexedBy(cmd)));
  });
  it('given the content deleted after the write was prepared against it, when IndexContent for that incarnation, then refused (conflict): it does not bring the entity back without its URL claim', () => {
    const cmd = indexContent({ text: 'other', text_digest: 'd-other', incarnation: 3, ...later });
    const ended = refused('conflict', 'Entity c1 was deleted or created again while this write was prepared', { entity_id: 'c1', reason: 'incarnation_ended' });
    expect(given(entityDecider, [...live, stored(deleted('c1', 'https://x.test/a'), 9)]).when(cmd)).toEqual(ended);
    expect(given(entityDecider, [...live, stored(deleted('c1', 'https://x.test/a'), 9), stored(content[0]!, 11)]).when(cmd)).toEqual(ended);
  });
});

describe('entity decider: a claim taken over after the lease (the fence)', () => {
  const url = indexContent().url;
  const revoke = (over: Partial<Cmd<'RevokeClaim'>> = {}): Cmd<'RevokeClaim'> => ({ type: 'RevokeClaim', entity_id: 'c1', url, claimed_at: 500, ...later, ...over });
  const revoked = event('UrlClaimRevoked', { url, entity_id: 'c1', claimed_at: 500, revoked_at: 2000 }, later);
  it('given a claimant whose content never came, when RevokeClaim, then UrlClaimRevoked; once (a second revoke of that claim adds nothing)', () => {
    expect(given(entityDecider, []).when(revoke())).toEqual(emits(revoked));
    expect(given(entityDecider, [stored(revoked, 4)]).when(revoke())).toEqual(emits());
  });
  it('given the claimant holding the URL (its content came first), when RevokeClaim, then refused: the takeover loses', () => {
    expect(given(entityDecider, [stored(content[0]!, 3), stored(content[1]!, 4)]).when(revoke())).toEqual(
      refused('url_conflict', 'URL already belongs to entity c1', { url, entity_id: 'c1' }),
    );
  });
  it('given its claim revoked, when content relying on that claim (or on none) is decided, then refused (conflict, claim_revoked); on a newer claim, indexed', () => {
    const why = refused('conflict', `The claim of c1 on ${url} was taken over while this write was on its way`, { entity_id: 'c1', url, reason: 'claim_revoked' });
    expect(given(entityDecider, [stored(revoked, 4)]).when(indexContent({ claimed_at: 500 }))).toEqual(why);
    expect(given(entityDecider, [stored(revoked, 4)]).when(indexContent())).toEqual(why);
    const anew = indexContent({ claimed_at: 3000 });
    expect(given(entityDecider, [stored(revoked, 4)]).when(anew)).toEqual(emits(...indexedBy(anew)));
    // Per URL: a claim on another URL revoked later does not lift this one.
    const other = event('UrlClaimRevoked', { url: 'https://x.test/other', entity_id: 'c1', claimed_at: 900, revoked_at: 2500 }, later);
    expect(given(entityDecider, [stored(revoked, 4), stored(other, 5)]).when(indexContent({ claimed_at: 500 }))).toEqual(why);
    // Kept across incarnations: created and deleted meanwhile, the old claim is still revoked.
    expect(given(entityDecider, [stored(revoked, 4), stored(created({ entity_id: 'c1' }), 5), stored(deleted('c1'), 6)]).when(indexContent({ claimed_at: 500 }))).toEqual(why);
  });
});

describe('entity decider: IndexContent', () => {
  it('given nothing, when IndexContent, then ContentIndexed and ContentEmbedded with the whole content', () => {
    const cmd = indexContent({ title: 'A', page_description: 'About a', domain: 'x.test', ref: 'r-1', source: 'fetched', skip_url_fetch: false });
    expect(given(entityDecider, []).when(cmd)).toEqual(emits(...indexedBy(cmd)));
  });
  it('given the same content indexed and embedded, when the exact retry arrives (another clock), then nothing', () => {
    const g = given(entityDecider, content);
    expect(g.when(indexContent({ ...later, request_id: 'req-1' }))).toEqual(emits());
    expect(g.state.createdBy).toBe('req-1');
  });
  it('given indexed content, when the same content with force_reindex, then indexed and embedded again', () => {
    const cmd = indexContent({ force_reindex: true, ...later });
    expect(given(entityDecider, content).when(cmd)).toEqual(emits(...indexedBy(cmd)));
  });
  it('given enriched content, when its text changes, then re-indexed under the command\'s names and the enrichment ends', () => {
    const cmd = indexContent({ text: 'new', text_digest: 'd2', ...later });
    const out = given(entityDecider, [...content, enriched]).when(cmd);
    expect(out).toEqual(emits(...indexedBy(cmd)));
    expect(fold(entityDecider, [...content, enriched, ...eventsOf(out)])).toMatchObject({ enriched: false, name: 'x.test', textDigest: 'd2', embeddedDigest: 'd2' });
  });
  it('given enriched content, when the same text is embedded by another model, then re-indexed keeping the enriched name and description', () => {
    const cmd = indexContent({ model: 'm2', vector: 'BBBB', ...later });
    const out = given(entityDecider, [...content, enriched]).when(cmd);
    expect(out).toEqual(emits(...indexedBy(cmd, { name: 'Real title', description: 'Real' })));
    expect(fold(entityDecider, [...content, enriched, ...eventsOf(out)])).toMatchObject({ enriched: true, name: 'Real title', model: 'm2' });
  });
  it.each([
    ['URL', { url: 'https://x.test/b' }],
    ['media type', { media_type: 'image' }],
    ['title', { title: 'A title' }],
  ] as const)('given indexed content, when its %s changes, then indexed again', (_what, change) => {
    const cmd = indexContent({ ...change, ...later });
    expect(given(entityDecider, content).when(cmd)).toEqual(emits(...indexedBy(cmd)));
  });
  it('given a non-content entity, when IndexContent of its id, then refused (conflict)', () => {
    expect(given(entityDecider, [created()]).when(indexContent({ entity_id: 'u1' }))).toEqual(refused('conflict', 'Entity u1 is not a content entity'));
  });
  it('given a deleted content item, when indexed again, then a full index', () => {
    const cmd = indexContent(later);
    expect(given(entityDecider, [...content, deleted('c1', 'https://x.test/a')]).when(cmd)).toEqual(emits(...indexedBy(cmd)));
  });
});

describe('entity decider: one owner per URL (on the URL\'s home aggregate)', () => {
  // The home of https://x.test/a is the aggregate of its natural id; here that id is `c1`.
  const claim = (claimant: string, over: Partial<Cmd<'ClaimUrl'>> = {}): Cmd<'ClaimUrl'> => ({ type: 'ClaimUrl', entity_id: 'c1', url: 'https://x.test/a', claimant, ...meta, ...over });
  const release = (claimant: string): Cmd<'ReleaseUrl'> => ({ type: 'ReleaseUrl', entity_id: 'c1', url: 'https://x.test/a', claimant, ...later });
  const claimed = (by: string) => event('UrlClaimed', { url: 'https://x.test/a', entity_id: by, claimed_at: 1000 }, meta);

  it('given an empty home, when an explicit id claims the URL, then UrlClaimed naming the claimant', () => {
    expect(given(entityDecider, []).when(claim('mine'))).toEqual(emits(claimed('mine')));
  });
  it('given a home, when its own natural id claims the URL, then nothing (content without an id needs no claim)', () => {
    expect(given(entityDecider, []).when(claim('c1'))).toEqual(emits());
  });
  it('given the URL claimed by an id, when the same id claims it again, then nothing (idempotent)', () => {
    expect(given(entityDecider, [claimed('mine')]).when(claim('mine', later))).toEqual(emits());
  });
  it('given the URL claimed by an id, when another id claims it, then refused (url_conflict) naming the owner', () => {
    expect(given(entityDecider, [claimed('mine')]).when(claim('theirs'))).toEqual(
      refused('url_conflict', 'URL already belongs to entity mine', { url: 'https://x.test/a', entity_id: 'mine' }),
    );
  });
  it('given the home holding content of the URL, when an explicit id claims it, then refused (url_conflict) naming the home', () => {
    expect(given(entityDecider, content).when(claim('mine'))).toEqual(
      refused('url_conflict', 'URL already belongs to entity c1', { url: 'https://x.test/a', entity_id: 'c1' }),
    );
  });
  it('given the home holding content of another URL, when an explicit id claims this one, then UrlClaimed', () => {
    const other = indexedBy(indexContent({ url: 'https://x.test/other' }));
    expect(given(entityDecider, other).when(claim('mine'))).toEqual(emits(claimed('mine')));
  });
  it('given the URL claimed by an explicit id, when content without an id is indexed at its home, then refused (url_conflict)', () => {
    expect(given(entityDecider, [claimed('mine')]).when(indexContent())).toEqual(
      refused('url_conflict', 'URL already belongs to entity mine', { url: 'https://x.test/a', entity_id: 'mine' }),
    );
  });
  it('given the URL claimed, when the claimant releases it, then UrlReleased; when another id releases it, then nothing', () => {
    expect(given(entityDecider, [claimed('mine')]).when(release('mine'))).toEqual(
      emits(event('UrlReleased', { url: 'https://x.test/a', entity_id: 'mine', released_at: 2000 }, later)),
    );
    expect(given(entityDecider, [claimed('mine')]).when(release('theirs'))).toEqual(emits());
    expect(given(entityDecider, []).when(release('mine'))).toEqual(emits());
  });
  it('given a claim made at sequence 5, when another id claims with proof its claimant was deleted at 9 (a delete whose release was lost), then the claim is taken over', () => {
    const home = [stored(claimed('gone'), 5)];
    expect(given(entityDecider, home).when(claim('next', { ...later, void: { claimant: 'gone', deletedSeq: 9 } }))).toEqual(
      emits(event('UrlReleased', { url: 'https://x.test/a', entity_id: 'gone', released_at: 2000 }, later), event('UrlClaimed', { url: 'https://x.test/a', entity_id: 'next', claimed_at: 2000 }, later)),
    );
    // The deleted claimant coming back claims anew (a claim newer than its deletion).
    expect(given(entityDecider, home).when(claim('gone', { ...later, void: { claimant: 'gone', deletedSeq: 9 } }))).toEqual(
      emits(event('UrlClaimed', { url: 'https://x.test/a', entity_id: 'gone', claimed_at: 2000 }, later)),
    );
  });
  it('given a claim made after its claimant\'s deletion, or a proof naming another claimant, when another id claims, then refused (url_conflict)', () => {
    const refusedFor = refused('url_conflict', 'URL already belongs to entity back', { url: 'https://x.test/a', entity_id: 'back' });
    expect(given(entityDecider, [stored(claimed('back'), 12)]).when(claim('next', { void: { claimant: 'back', deletedSeq: 9 } }))).toEqual(refusedFor);
    expect(given(entityDecider, [stored(claimed('back'), 5)]).when(claim('next', { void: { claimant: 'other', deletedSeq: 9 } }))).toEqual(refusedFor);
  });
  it('given a claim whose content never came, when another id claims past the lease with that proof, then taken over; within the lease, refused', () => {
    const home = [stored(claimed('gone'), 5)];
    const at = (t: number) => ({ workspace: 'ws_1', at: t, request_id: 'req-3' });
    const late = at(1000 + CLAIM_LEASE_MS + 1);
    expect(given(entityDecider, home).when(claim('next', { ...late, void: { claimant: 'gone', abandoned: true } }))).toEqual(
      emits(event('UrlReleased', { url: 'https://x.test/a', entity_id: 'gone', released_at: late.at }, late), event('UrlClaimed', { url: 'https://x.test/a', entity_id: 'next', claimed_at: late.at }, late)),
    );
    expect(given(entityDecider, home).when(claim('next', { ...at(1000 + CLAIM_LEASE_MS - 1), void: { claimant: 'gone', abandoned: true } }))).toEqual(
      refused('url_conflict', 'URL already belongs to entity gone', { url: 'https://x.test/a', entity_id: 'gone' }),
    );
    // The claimant itself, late: its claim is made anew (dated now), so that the lease starts again.
    expect(given(entityDecider, home).when(claim('gone', { ...late, void: { claimant: 'gone', abandoned: true } }))).toEqual(
      emits(event('UrlClaimed', { url: 'https://x.test/a', entity_id: 'gone', claimed_at: late.at }, late)),
    );
    expect(given(entityDecider, [...home, stored(event('UrlClaimed', { url: 'https://x.test/a', entity_id: 'gone', claimed_at: late.at }, late), 9)]).when(claim('next', { ...at(late.at + 1), void: { claimant: 'gone', abandoned: true } }))).toEqual(
      refused('url_conflict', 'URL already belongs to entity gone', { url: 'https://x.test/a', entity_id: 'gone' }),
    );
  });
  it('given its own claim without content, when the claimant claims again past half the lease, then its claim is made anew; within it, nothing; others wait a whole lease', () => {
    const home = [stored(claimed('own'), 5)];
    const at = (t: number) => ({ workspace: 'ws_1', at: t, request_id: 'req-3' });
    const half = at(1000 + CLAIM_LEASE_MS / 2 + 1);
    expect(given(entityDecider, home).when(claim('own', { ...half, void: { claimant: 'own', abandoned: true } }))).toEqual(
      emits(event('UrlClaimed', { url: 'https://x.test/a', entity_id: 'own', claimed_at: half.at }, half)),
    );
    expect(given(entityDecider, home).when(claim('own', { ...at(1000 + CLAIM_LEASE_MS / 2 - 1), void: { claimant: 'own', abandoned: true } }))).toEqual(emits());
    expect(given(entityDecider, home).when(claim('next', { ...half, void: { claimant: 'own', abandoned: true } }))).toEqual(
      refused('url_conflict', 'URL already belongs to entity own', { url: 'https://x.test/a', entity_id: 'own' }),
    );
  });
  it('given a void claim, when a release carries the proof, then UrlReleased; when the proof does not hold, then refused', () => {
    const releaseVoid = (deletedSeq: number): Cmd<'ReleaseUrl'> => ({ type: 'ReleaseUrl', entity_id: 'c1', url: 'https://x.test/a', claimant: 'gone', void: { claimant: 'gone', deletedSeq }, ...later });
    expect(given(entityDecider, [stored(claimed('gone'), 5)]).when(releaseVoid(9))).toEqual(emits(event('UrlReleased', { url: 'https://x.test/a', entity_id: 'gone', released_at: 2000 }, later)));
    expect(given(entityDecider, [stored(claimed('gone'), 12)]).when(releaseVoid(9))).toEqual(refused('url_conflict', 'URL already belongs to entity gone', { url: 'https://x.test/a', entity_id: 'gone' }));
  });
  it('given a claim made at 12, when the release of its claimant\'s deletion at 9 arrives (the id created again and claiming anew between the delete\'s appends), then nothing; a claim made before the deletion is released', () => {
    const afterDelete = (deletedSeq: number): Cmd<'ReleaseUrl'> => ({ ...release('back'), deletedSeq });
    expect(given(entityDecider, [stored(claimed('back'), 12)]).when(afterDelete(9))).toEqual(emits());
    expect(given(entityDecider, [stored(claimed('back'), 5)]).when(afterDelete(9))).toEqual(
      emits(event('UrlReleased', { url: 'https://x.test/a', entity_id: 'back', released_at: 2000 }, later)),
    );
  });
  it('given content indexed at 3, re-indexed at 7 under the same URL, then at 9 under another, then its state names when it took its current URL', () => {
    const again = indexContent({ text: 'other', text_digest: 'd-other', ...later });
    const moved = indexContent({ url: 'https://x.test/b', ...later });
    expect(given(entityDecider, [stored(content[0]!, 3), stored(indexedBy(again)[0]!, 7)]).state.urlSeq).toBe(3);
    expect(given(entityDecider, [stored(content[0]!, 3), stored(indexedBy(again)[0]!, 7), stored(indexedBy(moved)[0]!, 9)]).state.urlSeq).toBe(9);
    // Deleted and indexed again under the same URL: a new incarnation takes the URL anew.
    expect(given(entityDecider, [stored(content[0]!, 3), stored(deleted('c1'), 5), stored(content[0]!, 8)]).state.urlSeq).toBe(8);
  });
  it('given an entity deleted at sequence 9 and created again, then its state keeps the deletion\'s sequence', () => {
    const g = given(entityDecider, [stored(created(), 3), stored(deleted(), 9), stored(created(), 14)]);
    expect([g.state.exists, g.state.deletedSeq, g.state.incarnation]).toEqual([true, 9, 14]);
  });
  it('given a claim released, when content without an id is indexed at the home, then a full index', () => {
    const released = event('UrlReleased', { url: 'https://x.test/a', entity_id: 'mine', released_at: 1500 }, meta);
    const cmd = indexContent(later);
    expect(given(entityDecider, [claimed('mine'), released]).when(cmd)).toEqual(emits(...indexedBy(cmd)));
  });
});

describe('entity decider: EnrichContent and EmbedSelf', () => {
  const enrich = (over: Partial<Body<'EnrichContent'>> = {}): Cmd<'EnrichContent'> => ({ type: 'EnrichContent', entity_id: 'c1', name: 'Real title', description: 'Real', source: 'page', ...later, ...over });
  const embedSelf = (over: Partial<Body<'EmbedSelf'>> = {}): Cmd<'EmbedSelf'> => ({ type: 'EmbedSelf', entity_id: 'u1', vector: 'CCCC', model: 'm1', dim: 1, text_digest: 's1', ...later, ...over });
  const selfEmbedded = event('ContentEmbedded', { entity_id: 'u1', of: 'self', model: 'm1', dim: 1, vector: 'CCCC', text_digest: 's1', embedded_at: 2000 }, later);

  it('given content, when enriched, then ContentEnriched; the same enrichment again, then nothing', () => {
    const out = given(entityDecider, content).when(enrich());
    expect(out).toEqual(emits(event('ContentEnriched', { entity_id: 'c1', name: 'Real title', description: 'Real', source: 'page', enriched_at: 2000 }, later)));
    expect(given(entityDecider, [...content, ...eventsOf(out)]).when(enrich())).toEqual(emits());
    expect(given(entityDecider, [...content, ...eventsOf(out)]).when(enrich({ description: 'Better' }))).toEqual(
      emits(event('ContentEnriched', { entity_id: 'c1', name: 'Real title', description: 'Better', source: 'page', enriched_at: 2000 }, later)),
    );
  });
  it('given nothing, or a non-content entity, when enriched, then nothing (the content was deleted or replaced)', () => {
    expect(given(entityDecider, []).when(enrich())).toEqual(emits());
    expect(given(entityDecider, [created({ entity_id: 'c1' })]).when(enrich())).toEqual(emits());
  });
  it('given an entity, when it embeds its own text, then ContentEmbedded of itself; the same text and model again, then nothing', () => {
    expect(given(entityDecider, [created()]).when(embedSelf())).toEqual(emits(selfEmbedded));
    expect(given(entityDecider, [created(), selfEmbedded]).when(embedSelf())).toEqual(emits());
    expect(given(entityDecider, [created(), selfEmbedded]).when(embedSelf({ model: 'm2' }))).toEqual(
      emits(event('ContentEmbedded', { entity_id: 'u1', of: 'self', model: 'm2', dim: 1, vector: 'CCCC', text_digest: 's1', embedded_at: 2000 }, later)),
    );
  });
  it('given nothing, or a content item, when EmbedSelf, then nothing', () => {
    expect(given(entityDecider, []).when(embedSelf())).toEqual(emits());
    expect(given(entityDecider, content).when(embedSelf({ entity_id: 'c1' }))).toEqual(emits());
  });
});

describe('entity decider: DeleteEntity and incarnations', () => {
  const del = (id = 'u1'): Cmd<'DeleteEntity'> => ({ type: 'DeleteEntity', entity_id: id, ...later });

  it('given nothing, when DeleteEntity, then refused (entity_not_found)', () => {
    expect(given(entityDecider, []).when(del())).toEqual(refused('entity_not_found', 'Entity not found'));
    expect(given(entityDecider, [created(), deleted()]).when(del())).toEqual(refused('entity_not_found', 'Entity not found'));
  });
  it('given an entity deleted by a request, when that request is resent (same request id), then nothing (done); another request is refused', () => {
    const deletedByLater = event('EntityDeleted', { entity_id: 'c1', url: 'https://x.test/a', deleted_at: 2000 }, later);
    const g = given(entityDecider, [...content, deletedByLater]);
    expect(g.when(del('c1'))).toEqual(emits());
    expect(g.state).toMatchObject({ exists: false, deletedBy: 'req-2', deletedUrl: 'https://x.test/a' });
    expect(g.when({ ...del('c1'), request_id: 'req-3' })).toEqual(refused('entity_not_found', 'Entity not found'));
    // Created again since: the resend is not answered as done by the earlier deletion (the id exists, a new write).
    const again = given(entityDecider, [...content, deletedByLater, created({ entity_id: 'c1' })]);
    expect(again.state.deletedBy).toBeUndefined();
  });
  it('given a claim released by a request, then the home names the claimant and the request (a resent delete by URL finds the id)', () => {
    const claimed = event('UrlClaimed', { url: 'https://x.test/a', entity_id: 'x1', claimed_at: 1000 }, meta);
    const released = event('UrlReleased', { url: 'https://x.test/a', entity_id: 'x1', released_at: 2000 }, later);
    const home = given(entityDecider, [claimed, released]).state;
    expect([home.urlClaimedBy, home.urlReleasedClaimant, home.urlReleasedBy]).toEqual([undefined, 'x1', 'req-2']);
  });
  it('given an entity, when deleted, then EntityDeleted; content names its URL (its read models free the URL)', () => {
    expect(given(entityDecider, [created()]).when(del())).toEqual(emits(event('EntityDeleted', { entity_id: 'u1', url: undefined, deleted_at: 2000 }, later)));
    expect(given(entityDecider, content).when(del('c1'))).toEqual(emits(event('EntityDeleted', { entity_id: 'c1', url: 'https://x.test/a', deleted_at: 2000 }, later)));
  });
  it('given an entity created, deleted and created again, then each creation is its own incarnation (the stream sequence of its creating event)', () => {
    expect(given(entityDecider, [stored(created(), 4)]).state.incarnation).toBe(4);
    expect(given(entityDecider, [stored(created(), 4), stored(deleted(), 7)]).state.incarnation).toBe(0);
    expect(given(entityDecider, [stored(created(), 4), stored(deleted(), 7), stored(created(), 11)]).state.incarnation).toBe(11);
    // An update is not a new incarnation; content's incarnation is its first ContentIndexed.
    const renamed = event('EntityUpdated', { entity_id: 'u1', name: 'Bo', updated_at: 1200 }, meta);
    expect(given(entityDecider, [stored(created(), 4), stored(renamed, 5)]).state.incarnation).toBe(4);
    const [indexed, embedded] = content;
    const reindexed = indexedBy(indexContent({ text: 'new', text_digest: 'd2' }));
    expect(given(entityDecider, [stored(indexed, 3), stored(embedded, 4), stored(reindexed[0], 8)]).state.incarnation).toBe(3);
  });
});
