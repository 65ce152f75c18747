import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TastegraphClient } from '@tg/client';
import { EventStore, connectNats, type NatsConnection } from '@tg/messaging';
import { readSnapshot } from '@tg/read-model';
import { eventually, startStack, type TestStack } from '@tg/test-stack';

type WsClient = Awaited<ReturnType<TestStack['workspace']>>;

describe('events in the log: schema versions and projections that stop at what they cannot apply', () => {
  let s: TestStack;
  let a: WsClient;
  let nc: NatsConnection;
  let store: EventStore;
  beforeAll(async () => {
    s = await startStack({ snapshotEveryEvents: 3 });
    a = await s.workspace('integrity');
    nc = await connectNats(s.nats.url, 'integrity-spec');
    store = await EventStore.open(nc);
  });
  afterAll(async () => {
    await nc?.close();
    await s?.stop();
  });

  const snapshotPosition = () => {
    const path = join(s.config.dataDir, 'snapshots', 'catalog.snap');
    return existsSync(path) ? (readSnapshot(path).snapshot?.header.position ?? -1) : -1;
  };
  const health = () => new TastegraphClient({ baseUrl: s.baseUrl }).request('GET', '/health');

  it('given an event written in the older shape (no version), then commands and read models upcast and apply it', async () => {
    const old = { type: 'EntityCreated', data: { entity_id: 'legacy-1', type: 'user', name: 'Legacy', description: 'written before versions', created_at: 1 }, metadata: { workspace: a.workspaceId, at: 1 } };
    const ack = await store.js.publish(EventStore.subject(a.workspaceId, 'entity', 'legacy-1'), JSON.stringify(old));
    const read = await store.readSubject(EventStore.subject(a.workspaceId, 'entity', 'legacy-1'));
    expect(read.events[0]).toMatchObject({ type: 'EntityCreated', v: 1, seq: ack.seq });
    // The entity aggregate reads it; the catalog applied it (type counts come from the catalog).
    expect((await a.request('GET', '/entity', { query: { entity_id: 'legacy-1' } })).body).toMatchObject({ entity_id: 'legacy-1', name: 'Legacy' });
    await eventually(async () => (await a.request('GET', '/entity/type', { query: { entity_type: 'user' } })).body.entity_count >= 1, { what: 'catalog applied the legacy event' });
    // A command on it works: rename.
    expect((await a.request('POST', '/entity', { body: { id: 'legacy-1', type: 'user', name: 'Legacy renamed' } })).body.name).toBe('Legacy renamed');
    expect((await health()).status).toBe(200);
  });

  it('given an event that does not match its schema, then the projection stops before it, /health says why (503), metrics show it, and no snapshot goes past it', async () => {
    for (let i = 0; i < 4; i++) await a.request('POST', '/entity', { body: { id: `before-${i}`, type: 'user', name: `Before ${i}` } });
    await eventually(() => snapshotPosition() > 0, { what: 'a snapshot before the bad event' });
    const bad = { type: 'EntityCreated', v: 1, data: { entity_id: 'bad-1', type: 'user' }, metadata: { workspace: a.workspaceId, at: 2 } };
    const ack = await store.js.publish(EventStore.subject(a.workspaceId, 'entity', 'bad-1'), JSON.stringify(bad));
    // Writes still succeed (commands read their aggregates from the log); the read model does not pass the bad event.
    for (let i = 0; i < 6; i++) expect((await a.request('POST', '/entity', { body: { id: `after-${i}`, type: 'user', name: `After ${i}` } })).status).toBe(200);
    const h = await eventually(async () => {
      const r = await health();
      return r.status === 503 ? r : undefined;
    }, { what: '/health 503' });
    expect(h.body.code).toBe('unavailable');
    expect(h.body.reason).toContain(`stream sequence ${ack.seq}`);
    expect(h.body.reason).toMatch(/EntityCreated does not match its schema/);
    const metrics = await (await fetch(s.baseUrl.replace(/\/v1$/, '/metrics'))).text();
    expect(metrics).toMatch(/tastegraph_projection_halted\{projection="catalog"\} 1/);
    expect(metrics).toContain(`tastegraph_projection_halted_at_seq{projection="catalog"} ${ack.seq}`);
    // Reads that need the later writes answer 503, not a state that skipped an event.
    expect((await a.request('GET', '/entity/type', { query: { entity_type: 'user' } })).status).toBe(503);
    expect(snapshotPosition()).toBeLessThan(ack.seq);
    // Stopping does not snapshot past it either; after a restart the projection halts there again.
    await s.restart();
    expect(snapshotPosition()).toBeLessThan(ack.seq);
    const again = await eventually(async () => {
      const r = await health();
      return r.status === 503 ? r : undefined;
    }, { what: '/health 503 after restart' });
    expect(again.body.reason).toContain(`stream sequence ${ack.seq}`);
  });
});
