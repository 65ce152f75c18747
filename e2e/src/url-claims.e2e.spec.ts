import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentIdForUrl, event } from '@tg/contracts';
import { CLAIM_LEASE_MS } from '@tg/domain';
import { ConcurrencyError, EventStore, connectNats, type NatsConnection } from '@tg/messaging';
import { startStack, type TestStack } from '@tg/test-stack';

type WsClient = Awaited<ReturnType<TestStack['workspace']>>;

/**
 * A URL belongs to one content entity; an explicit id takes it with a claim recorded on the URL's home (the
 * aggregate of its natural id). Deleting the entity releases the claim in a second append: a process killed
 * between the two leaves the claim of an entity that is gone. Such a claim must not keep the URL from anyone.
 */
describe('URL claims left behind by an interrupted write', () => {
  let s: TestStack;
  let ws: WsClient;
  let nc: NatsConnection;
  let store: EventStore;
  beforeAll(async () => {
    s = await startStack();
    ws = await s.workspace('claims');
    nc = await connectNats(s.nats.url, 'url-claims-spec');
    store = await EventStore.open(nc);
  });
  afterAll(async () => {
    await nc?.close();
    await s?.stop();
  });

  const index = (url: string, id?: string) => ws.request('POST', '/entity', { body: { content: { url, type: 'text', content: 'notes on modal jazz', skip_url_fetch: true, ...(id ? { id } : {}) } } });
  /** What the entity service's delete appends first: the entity deleted; the claim's release never comes (killed). */
  const deleteWithoutRelease = async (id: string, url: string) => {
    const subject = EventStore.subject(ws.workspaceId, 'entity', id);
    // The content's background enrichment may append between the read and the append (it did under load): read again.
    for (let attempt = 0; ; attempt++) {
      const last = await store.lastSubjectSeq(subject);
      try {
        return void (await store.append(subject, [event('EntityDeleted', { entity_id: id, url, deleted_at: Date.now() }, { workspace: ws.workspaceId, at: Date.now() })], { expectedSeq: last }));
      } catch (e) {
        if (!(e instanceof ConcurrencyError) || attempt >= 5) throw e;
      }
    }
  };

  it('another id takes the URL of an entity deleted without its claim released; the deleted id cannot take it back', async () => {
    const url = 'https://claims.test/a';
    expect((await index(url, 'first-owner')).status).toBe(200);
    await deleteWithoutRelease('first-owner', url);
    const taken = await index(url, 'second-owner');
    expect([taken.status, taken.body.entity_id ?? taken.body.code]).toEqual([200, 'second-owner']);
    const back = await index(url, 'first-owner');
    expect([back.status, back.body.code]).toEqual([409, 'url_conflict']);
    expect((await ws.request('GET', `/entity?entity_id=${encodeURIComponent(url)}`)).body.id).toBe('second-owner');
  });

  it('content sent without an id after such a delete lives under the URL\'s natural id, not the deleted one', async () => {
    const url = 'https://claims.test/b';
    expect((await index(url, 'gone-owner')).status).toBe(200);
    await deleteWithoutRelease('gone-owner', url);
    const plain = await index(url);
    expect(plain.status).toBe(200);
    expect(plain.body.entity_id).not.toBe('gone-owner');
    // And an explicit id now meets the natural-id content, as for any URL indexed without an id.
    expect((await index(url, 'late-owner')).body.code).toBe('url_conflict');
  });

  it('the deleted id may take its URL again when nobody else did (its claim is made anew)', async () => {
    const url = 'https://claims.test/c';
    expect((await index(url, 'returning')).status).toBe(200);
    await deleteWithoutRelease('returning', url);
    const again = await index(url, 'returning');
    expect([again.status, again.body.entity_id]).toEqual([200, 'returning']);
    // The renewed claim holds against others.
    expect((await index(url, 'someone-else')).body.code).toBe('url_conflict');
  });

  /** What an ingest killed between its claim and its content leaves: the claim on the URL's home, made `ageMs` ago. */
  const claimWithoutContent = async (claimant: string, url: string, ageMs: number) => {
    const home = contentIdForUrl(url);
    const subject = EventStore.subject(ws.workspaceId, 'entity', home);
    const claimedAt = Date.now() - ageMs;
    await store.append(subject, [event('UrlClaimed', { url, entity_id: claimant, claimed_at: claimedAt }, { workspace: ws.workspaceId, at: claimedAt })], { expectedSeq: await store.lastSubjectSeq(subject) });
  };

  it('a claim whose content never came holds for the lease (its ingest may be on its way), and is taken over after it', async () => {
    const fresh = 'https://claims.test/d';
    await claimWithoutContent('never-came', fresh, 1_000);
    expect((await index(fresh, 'other-id')).body.code).toBe('url_conflict');
    const stale = 'https://claims.test/e';
    await claimWithoutContent('never-came-2', stale, CLAIM_LEASE_MS + 60_000);
    const taken = await index(stale, 'other-id-2');
    expect([taken.status, taken.body.entity_id]).toEqual([200, 'other-id-2']);
    expect((await index(stale, 'never-came-2')).body.code).toBe('url_conflict');
  });

  it('content without an id after the lease lives under the natural id; the claimant itself may still come, with its claim made anew', async () => {
    const url = 'https://claims.test/f';
    await claimWithoutContent('late-one', url, CLAIM_LEASE_MS + 60_000);
    const plain = await index(url);
    expect(plain.status).toBe(200);
    expect(plain.body.entity_id).toBe(contentIdForUrl(url));
    const own = 'https://claims.test/g';
    await claimWithoutContent('slow-one', own, CLAIM_LEASE_MS + 60_000);
    expect((await index(own, 'slow-one')).status).toBe(200);
    // Made anew: it holds against the next id for a whole lease.
    expect((await index(own, 'after-slow')).body.code).toBe('url_conflict');
  });
});
