import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TastegraphClient } from '@tg/client';
import { contentIdForUrl, event } from '@tg/contracts';
import { EventStore, connectNats, type NatsConnection } from '@tg/messaging';
import { startStack, type TestStack } from '@tg/test-stack';

type WsClient = Awaited<ReturnType<TestStack['workspace']>>;

/**
 * A request id is a trace id that clients and proxies reuse: it must never swallow a different write.
 * An exact retry (same key, same workspace, same body) appends nothing new and answers as the first did.
 */
describe('idempotency: X-Request-Id never swallows a different write', () => {
  let s: TestStack;
  let a: WsClient;
  let b: WsClient;
  let nc: NatsConnection;
  let store: EventStore;
  beforeAll(async () => {
    s = await startStack({ rpcPreferLocal: false });
    a = await s.workspace('alpha');
    b = await s.workspace('beta');
    nc = await connectNats(s.nats.url, 'idempotency-spec');
    store = await EventStore.open(nc);
  });
  afterAll(async () => {
    await nc?.close();
    await s?.stop();
  });

  const post = (c: WsClient, body: unknown, rid: string) => c.request('POST', '/entity', { body, headers: { 'x-request-id': rid } });
  const eventsOf = async (ws: string, id: string) => (await store.readSubject(EventStore.subject(ws, 'entity', id))).events.map((e) => e.type);
  /**
   * A content item's events but its background enrichment's: `ContentEnriched` lands on its own, 200 ms after an index
   * in the test stack (seconds later on a loaded machine), between any two reads of the list.
   */
  const writesOf = async (ws: string, id: string) => (await eventsOf(ws, id)).filter((t) => t !== 'ContentEnriched');

  it('given one request id, when two different entities are created, then both exist', async () => {
    const r1 = await post(a, { id: 'ann', type: 'user', name: 'Ann' }, 'rid-same-1');
    const r2 = await post(a, { id: 'bob', type: 'user', name: 'Bob' }, 'rid-same-1');
    expect(r1.status).toBe(200);
    expect(r2.status).toBe(200);
    expect(r1.body).toMatchObject({ entity_id: 'ann', name: 'Ann', type: 'user', created: true });
    expect(r2.body).toMatchObject({ entity_id: 'bob', name: 'Bob', type: 'user', created: true });
    expect((await a.request('GET', '/entity', { query: { entity_id: 'bob' } })).body).toMatchObject({ entity_id: 'bob', name: 'Bob' });
    expect((await a.request('GET', '/entity', { query: { entity_id: 'ann' } })).body).toMatchObject({ entity_id: 'ann', name: 'Ann' });
  });

  it('given one request id, when two workspaces each create an entity, then neither is lost', async () => {
    const ra = await post(a, { id: 'cross', type: 'user', name: 'In A' }, 'rid-cross');
    const rb = await post(b, { id: 'cross', type: 'user', name: 'In B' }, 'rid-cross');
    expect(ra.body.created).toBe(true);
    expect(rb.body.created).toBe(true);
    expect((await a.request('GET', '/entity', { query: { entity_id: 'cross' } })).body.name).toBe('In A');
    expect((await b.request('GET', '/entity', { query: { entity_id: 'cross' } })).body.name).toBe('In B');
  });

  it('given request ids cycling over five values, when 15 entities are created, then all 15 exist', async () => {
    const answers = [];
    for (let i = 0; i < 15; i++) answers.push(await post(a, { id: `cyc-${i}`, type: 'user', name: `Cycle ${i}` }, `rid-cycle-${i % 5}`));
    expect(answers.map((r) => [r.status, r.body.created, r.body.name])).toEqual(Array.from({ length: 15 }, (_, i) => [200, true, `Cycle ${i}`]));
    for (let i = 0; i < 15; i++) {
      const g = await a.request('GET', '/entity', { query: { entity_id: `cyc-${i}` } });
      expect(g.status, `cyc-${i}`).toBe(200);
      expect(g.body.name).toBe(`Cycle ${i}`);
    }
  });

  it('given a create, when it is retried exactly (same key, same body), then nothing new is appended and the answer is the same', async () => {
    const body = { id: 'retry-1', type: 'user', name: 'Retry', description: 'once' };
    const r1 = await post(a, body, 'rid-retry-1');
    const r2 = await post(a, body, 'rid-retry-1');
    expect(r1.status).toBe(200);
    expect(r2.body).toEqual(r1.body);
    expect(r2.body.created).toBe(true);
    expect(await eventsOf(a.workspaceId, 'retry-1')).toEqual(['EntityCreated', 'ContentEmbedded']);
    // A fresh request with the same body is a repeat, not a retry: it answers created false, still appends nothing.
    const r3 = await post(a, body, 'rid-retry-other');
    expect(r3.body.created).toBe(false);
    expect(await eventsOf(a.workspaceId, 'retry-1')).toEqual(['EntityCreated', 'ContentEmbedded']);
  });

  it('given a create, when another request deletes the entity and the create is then resent (same key), then it answers as the first did and does not create it again', async () => {
    const body = { id: 'resend-after-delete', type: 'user', name: 'Once', description: 'created one time' };
    const r1 = await post(a, body, 'rid-rad-1');
    expect([r1.status, r1.body.created]).toEqual([200, true]);
    expect((await a.request('DELETE', '/entity', { query: { entity_id: body.id }, headers: { 'x-request-id': 'rid-rad-del' } })).status).toBe(200);
    // The first answer was lost on its way: the client resends its create. It was done once; the delete came after it.
    const r2 = await post(a, body, 'rid-rad-1');
    expect(r2.status).toBe(200);
    expect(r2.body).toMatchObject({ entity_id: body.id, name: 'Once', description: 'created one time', type: 'user', created: true, created_at: r1.body.created_at });
    expect(await eventsOf(a.workspaceId, body.id)).toEqual(['EntityCreated', 'ContentEmbedded', 'EntityDeleted']);
    expect((await a.request('GET', '/entity', { query: { entity_id: body.id } })).status).toBe(404);
    // A new request with the same body is a new create: the id is created again.
    const r3 = await post(a, body, 'rid-rad-2');
    expect([r3.status, r3.body.created]).toEqual([200, true]);
    expect(await eventsOf(a.workspaceId, body.id)).toEqual(['EntityCreated', 'ContentEmbedded', 'EntityDeleted', 'EntityCreated', 'ContentEmbedded']);
    // And the first request, resent once more, still changes nothing.
    expect((await post(a, body, 'rid-rad-1')).body.created).toBe(true);
    expect(await eventsOf(a.workspaceId, body.id)).toHaveLength(5);
  });

  it('given a create, when another request changes the entity and the create is then resent (same key), then the change stands', async () => {
    const body = { id: 'resend-after-update', type: 'user', name: 'First', description: 'as created' };
    const r1 = await post(a, body, 'rid-rau-1');
    expect([r1.status, r1.body.created]).toEqual([200, true]);
    const u = await post(a, { ...body, name: 'Second' }, 'rid-rau-2');
    expect([u.status, u.body.created, u.body.name]).toEqual([200, false, 'Second']);
    const r2 = await post(a, body, 'rid-rau-1');
    expect(r2.status).toBe(200);
    expect(r2.body).toMatchObject({ entity_id: body.id, name: 'Second', created: true });
    expect((await a.request('GET', '/entity', { query: { entity_id: body.id } })).body.name).toBe('Second');
    expect(await eventsOf(a.workspaceId, body.id)).toEqual(['EntityCreated', 'ContentEmbedded', 'EntityUpdated', 'ContentEmbedded']);
    // The same key with another body is another write (a trace id reused): it is applied.
    const other = await post(a, { ...body, name: 'Third' }, 'rid-rau-1');
    expect([other.status, other.body.name]).toEqual([200, 'Third']);
  });

  it.each([
    ['without an id', undefined],
    ['with an explicit id', 'resend-content-explicit'],
  ])('given a content create %s, when another request deletes it and the create is then resent (same key), then it answers as the first did and indexes nothing', async (_what, id) => {
    const url = `https://example.com/resend-after-delete/${id ?? 'natural'}`;
    const body = { ...(id ? { id } : {}), content: { url, type: 'text', content: 'a record bought once', skip_url_fetch: true } };
    const r1 = await post(a, body, `rid-crad-${id}`);
    expect([r1.status, r1.body.created], JSON.stringify(r1.body)).toEqual([200, true]);
    const home = EventStore.subject(a.workspaceId, 'entity', contentIdForUrl(url));
    expect((await a.request('DELETE', '/entity', { query: { entity_id: r1.body.entity_id }, headers: { 'x-request-id': `rid-crad-del-${id}` } })).status).toBe(200);
    const homeAfterDelete = (await store.readSubject(home)).events.length;
    const r2 = await post(a, body, `rid-crad-${id}`);
    expect(r2.status, JSON.stringify(r2.body)).toBe(200);
    expect(r2.body).toMatchObject({ entity_id: r1.body.entity_id, created: true });
    expect(await writesOf(a.workspaceId, r1.body.entity_id)).toEqual(['ContentIndexed', 'ContentEmbedded', 'EntityDeleted']);
    // Nothing claimed either: the URL stays free (an explicit id's claim would hold it for the lease).
    expect((await store.readSubject(home)).events).toHaveLength(homeAfterDelete);
    expect((await a.request('GET', '/entity', { query: { entity_id: r1.body.entity_id } })).status).toBe(404);
    // A new request indexes it again.
    expect((await post(a, body, `rid-crad-new-${id}`)).body.created).toBe(true);
  });

  it('given a content create, when another request re-indexes the item with new text and the create is then resent (same key), then the new text stands', async () => {
    const url = 'https://example.com/resend-after-reindex';
    const first = { id: 'resend-reindex', content: { url, type: 'text', content: 'the first text of it', skip_url_fetch: true } };
    const r1 = await post(a, first, 'rid-crai-1');
    expect([r1.status, r1.body.created]).toEqual([200, true]);
    expect((await post(a, { ...first, content: { ...first.content, content: 'a newer text of it' } }, 'rid-crai-2')).status).toBe(200);
    const before = await writesOf(a.workspaceId, 'resend-reindex');
    const r2 = await post(a, first, 'rid-crai-1');
    expect([r2.status, r2.body.created]).toEqual([200, true]);
    expect(await writesOf(a.workspaceId, 'resend-reindex')).toEqual(before);
  });

  it('given a create without an id, when it is retried exactly, then it names the same entity; a new key creates another', async () => {
    const body = { type: 'user', name: 'No id' };
    const r1 = await post(a, body, 'rid-noid-1');
    const r2 = await post(a, body, 'rid-noid-1');
    expect(r1.body.created).toBe(true);
    expect(r2.body).toEqual(r1.body);
    const r3 = await post(a, body, 'rid-noid-2');
    expect(r3.body.created).toBe(true);
    expect(r3.body.entity_id).not.toBe(r1.body.entity_id);
  });

  it('given a content create, when it is retried exactly, then the answer is the same and nothing is appended', async () => {
    const body = { content: { url: 'https://example.com/retry', type: 'text', content: 'a quiet jazz record', skip_url_fetch: true } };
    const r1 = await post(a, body, 'rid-content-1');
    const r2 = await post(a, body, 'rid-content-1');
    expect(r1.body.created).toBe(true);
    expect(r2.body).toEqual(r1.body);
    expect(await writesOf(a.workspaceId, r1.body.entity_id)).toEqual(['ContentIndexed', 'ContentEmbedded']);
    expect((await post(a, body, 'rid-content-2')).body.created).toBe(false);
  });

  it('given concurrent exact retries, then one entity is created once and every answer says created', async () => {
    const body = { id: 'burst-1', type: 'user', name: 'Burst' };
    const rs = await Promise.all(Array.from({ length: 6 }, () => post(a, body, 'rid-burst')));
    expect(rs.map((r) => [r.status, r.body.created])).toEqual(Array.from({ length: 6 }, () => [200, true]));
    expect(await eventsOf(a.workspaceId, 'burst-1')).toEqual(['EntityCreated', 'ContentEmbedded']);
  });

  it('given a create torn after its first append (killed before the text vector), when it is retried exactly, then the vector is written and it answers created', async () => {
    const subject = EventStore.subject(a.workspaceId, 'entity', 'torn-1');
    await store.append(subject, [event('EntityCreated', { entity_id: 'torn-1', type: 'user', name: 'Torn', description: '', created_at: Date.now() }, { workspace: a.workspaceId, at: Date.now(), request_id: 'rid-torn' })], { expectedSeq: 0 });
    const r = await post(a, { id: 'torn-1', type: 'user', name: 'Torn' }, 'rid-torn');
    expect([r.status, r.body.created]).toEqual([200, true]);
    expect(await eventsOf(a.workspaceId, 'torn-1')).toEqual(['EntityCreated', 'ContentEmbedded']);
    // Another request completing it would not be its create.
    const subject2 = EventStore.subject(a.workspaceId, 'entity', 'torn-2');
    await store.append(subject2, [event('EntityCreated', { entity_id: 'torn-2', type: 'user', name: 'Torn', description: '', created_at: Date.now() }, { workspace: a.workspaceId, at: Date.now(), request_id: 'rid-torn-2' })], { expectedSeq: 0 });
    expect((await post(a, { id: 'torn-2', type: 'user', name: 'Torn' }, 'rid-other')).body.created).toBe(false);
  });

  it('given concurrent exact retries of a content create, then it is indexed once and every answer says created', async () => {
    const body = { content: { url: 'https://example.com/burst-content', type: 'text', content: 'a burst of cool jazz', skip_url_fetch: true } };
    const rs = await Promise.all(Array.from({ length: 6 }, () => post(a, body, 'rid-burst-content')));
    expect(rs.map((r) => [r.status, r.body.created])).toEqual(Array.from({ length: 6 }, () => [200, true]));
    expect(await writesOf(a.workspaceId, rs[0]!.body.entity_id)).toEqual(['ContentIndexed', 'ContentEmbedded']);
  });

  it('given a link, when it is retried exactly (same key) or its append was stored but unacknowledged, then it answers linked as the first did; a new key answers already linked', async () => {
    expect((await post(a, { id: 'lp-1', type: 'user', name: 'Linker' }, 'rid-lp-1')).status).toBe(200);
    const child = await post(a, { content: { url: 'https://example.com/linked-once', type: 'text', content: 'a record of bebop', skip_url_fetch: true } }, 'rid-lc-1');
    const link = (rid: string) => a.request('POST', `/entity/lp-1/link`, { body: { child_id: child.body.entity_id }, headers: { 'x-request-id': rid } });
    const r1 = await link('rid-link-1');
    expect([r1.status, r1.body.linked]).toEqual([200, true]);
    // The same request again (a client's or a proxy's retry, or the resend of a publish whose acknowledgement was
    // lost): this request made the link, so it says so.
    const r2 = await link('rid-link-1');
    expect([r2.status, r2.body.linked]).toEqual([200, true]);
    const r3 = await link('rid-link-2');
    expect([r3.status, r3.body.linked]).toEqual([200, false]);
    const linkEvents = (await store.readSubject(EventStore.subject(a.workspaceId, 'link', `lp-1\u0000${child.body.entity_id}`))).events.map((e) => e.type);
    expect(linkEvents).toEqual(['ChildLinked']);
  });

  it('given a link, when another request changes its weight and the first is then resent (same key), then it answers linked as the first did and the change stands', async () => {
    expect((await post(a, { id: 'lw-p', type: 'user', name: 'Weigher' }, 'rid-lw-p')).status).toBe(200);
    const child = await post(a, { content: { url: 'https://example.com/linked-weighed', type: 'text', content: 'a record of cool jazz', skip_url_fetch: true } }, 'rid-lw-c');
    const link = (rid: string, weight: number) => a.request('POST', `/entity/lw-p/link`, { body: { child_id: child.body.entity_id, weight }, headers: { 'x-request-id': rid } });
    expect((await link('rid-lw-1', 1)).body.linked).toBe(true);
    expect((await link('rid-lw-2', 0.25)).body.linked).toBe(true);
    // The first answer was lost: the client resends its link. It was done; the weight set after it stands.
    const r = await link('rid-lw-1', 1);
    expect([r.status, r.body.linked]).toEqual([200, true]);
    const events = (await store.readSubject(EventStore.subject(a.workspaceId, 'link', `lw-p\u0000${child.body.entity_id}`))).events;
    expect(events.map((e) => [e.type, (e.data as { weight: number }).weight])).toEqual([['ChildLinked', 1], ['ChildLinked', 0.25]]);
  });

  it('given a link, when the child is deleted and indexed again and the link is then resent (same key), then no link to the new item is invented', async () => {
    expect((await post(a, { id: 'lr-p', type: 'user', name: 'Relinker' }, 'rid-lr-p')).status).toBe(200);
    const content = { content: { url: 'https://example.com/linked-recreated', type: 'text', content: 'a record of hard bop', skip_url_fetch: true } };
    const child = await post(a, content, 'rid-lr-c1');
    const link = () => a.request('POST', `/entity/lr-p/link`, { body: { child_id: child.body.entity_id }, headers: { 'x-request-id': 'rid-lr-1' } });
    expect((await link()).body.linked).toBe(true);
    expect((await del({ entity_id: child.body.entity_id }, 'rid-lr-del')).status).toBe(200);
    expect((await post(a, content, 'rid-lr-c2')).body).toMatchObject({ entity_id: child.body.entity_id, created: true });
    const r = await link();
    expect([r.status, r.body.linked]).toEqual([200, true]);
    const events = (await store.readSubject(EventStore.subject(a.workspaceId, 'link', `lr-p\u0000${child.body.entity_id}`))).events;
    expect(events.map((e) => e.type)).toEqual(['ChildLinked']);
  });

  const del = (query: Record<string, string>, rid: string) => a.request('DELETE', '/entity', { query, headers: { 'x-request-id': rid } });

  it('given a delete, when it is resent after it completed (same key), then it answers success as the first did and appends nothing', async () => {
    expect((await post(a, { id: 'del-1', type: 'user', name: 'Gone' }, 'rid-del-create')).status).toBe(200);
    const r1 = await del({ entity_id: 'del-1' }, 'rid-del-1');
    expect([r1.status, r1.body]).toEqual([200, { success: true }]);
    const r2 = await del({ entity_id: 'del-1' }, 'rid-del-1');
    expect([r2.status, r2.body]).toEqual([200, { success: true }]);
    expect(await eventsOf(a.workspaceId, 'del-1')).toEqual(['EntityCreated', 'ContentEmbedded', 'EntityDeleted']);
    // Another request for the same entity is a new delete of what is not there.
    const r3 = await del({ entity_id: 'del-1' }, 'rid-del-other');
    expect([r3.status, r3.body.code]).toEqual([404, 'entity_not_found']);
  });

  it('given a delete, when another request creates the id again and the delete is then resent (same key), then the new entity stays', async () => {
    expect((await post(a, { id: 'del-again', type: 'user', name: 'First' }, 'rid-dag-create-1')).status).toBe(200);
    expect((await del({ entity_id: 'del-again' }, 'rid-dag-del')).status).toBe(200);
    expect((await post(a, { id: 'del-again', type: 'user', name: 'Second' }, 'rid-dag-create-2')).body.created).toBe(true);
    const r = await del({ entity_id: 'del-again' }, 'rid-dag-del');
    expect([r.status, r.body]).toEqual([200, { success: true }]);
    expect((await a.request('GET', '/entity', { query: { entity_id: 'del-again' } })).body).toMatchObject({ name: 'Second' });
    expect((await eventsOf(a.workspaceId, 'del-again')).filter((t) => t === 'EntityDeleted')).toHaveLength(1);
    // Another request deletes it: a new delete.
    expect((await del({ entity_id: 'del-again' }, 'rid-dag-del-2')).status).toBe(200);
    expect((await a.request('GET', '/entity', { query: { entity_id: 'del-again' } })).status).toBe(404);
  });

  it('given a content delete, when another request indexes the URL again under the same id and the delete is resent, then the new content and its claim stay', async () => {
    const url = 'https://example.com/del-again-content';
    const body = (text: string) => ({ id: 'del-again-content', content: { url, type: 'text', content: text, skip_url_fetch: true } });
    expect((await post(a, body('the first record'), 'rid-dagc-1')).status).toBe(200);
    expect((await del({ entity_id: 'del-again-content' }, 'rid-dagc-del')).status).toBe(200);
    expect((await post(a, body('the second record'), 'rid-dagc-2')).body.created).toBe(true);
    const home = EventStore.subject(a.workspaceId, 'entity', contentIdForUrl(url));
    const homeBefore = (await store.readSubject(home)).events.map((e) => e.type);
    expect((await del({ entity_id: 'del-again-content' }, 'rid-dagc-del')).body).toEqual({ success: true });
    expect((await store.readSubject(home)).events.map((e) => e.type)).toEqual(homeBefore);
    expect((await a.request('GET', '/entity', { query: { entity_id: 'del-again-content' } })).status).toBe(200);
    // The URL is still this id's: another id cannot take it.
    expect((await post(a, { id: 'del-again-other', content: { url, type: 'text', content: 'x', skip_url_fetch: true } }, 'rid-dagc-3')).status).toBe(409);
  });

  it.each([
    ['content without an id', undefined],
    ['content with an explicit id', 'del-explicit'],
  ])('given a delete by URL of %s, when it is resent after it completed (same key), then it answers success as the first did', async (_what, id) => {
    const url = `https://example.com/del-by-url/${id ?? 'natural'}`;
    const c = await post(a, { ...(id ? { id } : {}), content: { url, type: 'text', content: 'a record to delete', skip_url_fetch: true } }, `rid-delurl-create-${id}`);
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    const r1 = await del({ url }, `rid-delurl-${id}`);
    expect([r1.status, r1.body]).toEqual([200, { success: true }]);
    const r2 = await del({ url }, `rid-delurl-${id}`);
    expect([r2.status, r2.body]).toEqual([200, { success: true }]);
    expect((await eventsOf(a.workspaceId, c.body.entity_id)).filter((t) => t === 'EntityDeleted')).toHaveLength(1);
    expect((await del({ url }, `rid-delurl-other-${id}`)).status).toBe(404);
    // The URL is free: another id takes it.
    expect((await post(a, { id: `after-${id ?? 'natural'}`, content: { url, type: 'text', content: 'a record to delete', skip_url_fetch: true } }, `rid-delurl-after-${id}`)).status).toBe(200);
  });

  it('given a delete by URL cut after its EntityDeleted (killed before releasing the claim), when it is resent, then it answers success and releases the claim', async () => {
    const url = 'https://example.com/del-torn';
    expect((await post(a, { id: 'torn-del', content: { url, type: 'text', content: 'a record cut in two', skip_url_fetch: true } }, 'rid-torn-del-create')).status).toBe(200);
    const subject = EventStore.subject(a.workspaceId, 'entity', 'torn-del');
    const { lastSeq } = await store.readSubject(subject);
    await store.append(subject, [event('EntityDeleted', { entity_id: 'torn-del', url, deleted_at: Date.now() }, { workspace: a.workspaceId, at: Date.now(), request_id: 'rid-torn-del' })], { expectedSeq: lastSeq });
    const r = await del({ url }, 'rid-torn-del');
    expect([r.status, r.body]).toEqual([200, { success: true }]);
    expect(await eventsOf(a.workspaceId, contentIdForUrl(url))).toEqual(['UrlClaimed', 'UrlReleased']);
  });

  it.each([
    ['completed', false],
    ['cut after its EntityDeleted (killed before releasing the claim)', true],
  ])('given a delete by URL %s, when another id takes the URL and the delete is resent (same key), then it answers success and the other id keeps its content', async (_what, cut) => {
    const url = `https://example.com/del-then-taken/${cut ? 'cut' : 'completed'}`;
    const [first, second, rid] = [`taken-first-${cut}`, `taken-second-${cut}`, `rid-del-taken-${cut}`];
    expect((await post(a, { id: first, content: { url, type: 'text', content: 'the first owner of the URL', skip_url_fetch: true } }, `${rid}-create-1`)).status).toBe(200);
    if (cut) {
      const subject = EventStore.subject(a.workspaceId, 'entity', first);
      const { lastSeq } = await store.readSubject(subject);
      await store.append(subject, [event('EntityDeleted', { entity_id: first, url, deleted_at: Date.now() }, { workspace: a.workspaceId, at: Date.now(), request_id: rid })], { expectedSeq: lastSeq });
    } else {
      expect((await del({ url }, rid)).status).toBe(200);
    }
    // Another client indexes the URL under another id (the first one's claim released, or void: its claimant deleted).
    const taken = await post(a, { id: second, content: { url, type: 'text', content: 'the second owner of the URL', skip_url_fetch: true } }, `${rid}-create-2`);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    const r = await del({ url }, rid);
    expect([r.status, r.body]).toEqual([200, { success: true }]);
    expect(await eventsOf(a.workspaceId, second)).not.toContain('EntityDeleted');
    expect((await a.request('GET', '/entity', { query: { entity_id: second } })).status).toBe(200);
  });

  it('given a type registration, when it is resent (same key), then it answers updated: false as the first did; a new key answers updated: true', async () => {
    const register = (rid: string, body: Record<string, string> = { entity_type: 'mixtape' }) => a.request('POST', '/entity/type', { body, headers: { 'x-request-id': rid } });
    const r1 = await register('rid-type-1');
    expect([r1.status, r1.body]).toEqual([201, { success: true, entity_type: 'mixtape', updated: false }]);
    const r2 = await register('rid-type-1');
    expect([r2.status, r2.body]).toEqual([201, r1.body]);
    expect((await register('rid-type-2')).body.updated).toBe(true);
    // The same key with another body is another write: a re-description, updated.
    expect((await register('rid-type-1', { entity_type: 'mixtape', description: 'tapes' })).body.updated).toBe(true);
    expect((await store.readSubject(EventStore.subject(a.workspaceId, 'type', 'mixtape'))).events.map((e) => e.type)).toEqual(['EntityTypeRegistered', 'EntityTypeRegistered']);
  });

  it('given a type registration, when another request re-describes it and the registration is then resent (same key), then the new description stands', async () => {
    const register = (rid: string, description: string) => a.request('POST', '/entity/type', { body: { entity_type: 'boardgame', description }, headers: { 'x-request-id': rid } });
    const r1 = await register('rid-bg-1', 'games on a table');
    expect([r1.status, r1.body]).toEqual([201, { success: true, entity_type: 'boardgame', updated: false }]);
    expect((await register('rid-bg-2', 'tabletop games')).body.updated).toBe(true);
    const r2 = await register('rid-bg-1', 'games on a table');
    expect([r2.status, r2.body]).toEqual([201, r1.body]);
    expect((await a.request('GET', '/entity/type', { query: { entity_type: 'boardgame' } })).body.description).toBe('tabletop games');
    expect((await store.readSubject(EventStore.subject(a.workspaceId, 'type', 'boardgame'))).events).toHaveLength(2);
  });

  it('given an asynchronous batch, when it is resent (same key, same body), then it answers the same job and submits nothing new; a new key is a new job', async () => {
    const body = { content: [{ url: 'https://example.com/async-batch-once', type: 'text', content: 'an async jazz record', skip_url_fetch: true }], async: true };
    const batch = (rid: string) => a.request('POST', '/entity/batch', { body, headers: { 'x-request-id': rid } });
    const r1 = await batch('rid-async-batch-1');
    expect(r1.status, JSON.stringify(r1.body)).toBe(202);
    const r2 = await batch('rid-async-batch-1');
    expect([r2.status, r2.body]).toEqual([202, r1.body]);
    const r3 = await batch('rid-async-batch-2');
    expect(r3.status).toBe(202);
    expect(r3.body.job_id).not.toBe(r1.body.job_id);
    expect((await store.readSubject(EventStore.subject(a.workspaceId, 'job', r1.body.job_id))).events.map((e) => e.type).slice(0, 2)).toEqual(['BatchJobSubmitted', 'BatchChunkQueued']);
  });

  it('given a workspace creation, when it is resent (same key, same body), then it answers the same workspace and key and creates nothing new; a new key creates another', async () => {
    const create = (rid: string, name = 'resent') => s.admin.request('POST', '/admin/workspaces', { body: { name }, headers: { 'x-request-id': rid } });
    const count = async () => ((await s.admin.request('GET', '/admin/workspaces')).body.workspaces as { name: string }[]).filter((w) => w.name === 'resent').length;
    const r1 = await create('rid-ws-create-1');
    expect(r1.status, JSON.stringify(r1.body)).toBe(200);
    const r2 = await create('rid-ws-create-1');
    expect([r2.status, r2.body]).toEqual([200, r1.body]);
    expect(await count()).toBe(1);
    // The key answered twice is the workspace's key.
    const probe = await new TastegraphClient({ baseUrl: s.baseUrl, apiKey: r1.body.workspace_api_key as string }).request('GET', '/entity/type', { query: { entity_type: 'user' } });
    expect(probe.status, JSON.stringify(probe.body)).not.toBe(401);
    const r3 = await create('rid-ws-create-2');
    expect(r3.body.public_id).not.toBe(r1.body.public_id);
    expect(r3.body.workspace_api_key).not.toBe(r1.body.workspace_api_key);
    // The same key with another body is another request (a new workspace).
    const r4 = await create('rid-ws-create-1', 'resent-other');
    expect(r4.body.public_id).not.toBe(r1.body.public_id);
    expect(await count()).toBe(2);
  });
});
