import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentIdForUrl } from '@tg/contracts';
import { startReplicas, type ReplicaStack } from '@tg/test-stack';

type WsClient = Awaited<ReturnType<ReplicaStack['workspace']>>[number];

const text = (i: number) => ({ type: 'text', content: `a quiet jazz record number ${i} for late evenings`, skip_url_fetch: true });

/**
 * Invariants decided by aggregates with optimistic concurrency, not by a lagging read model: two whole
 * instances (entity, ingestion, taste… each in the same queue groups) race on the same aggregates.
 */
describe('replicas racing on one nats-server', () => {
  let s: ReplicaStack;
  let a: WsClient;
  let b: WsClient;
  beforeAll(async () => {
    s = await startReplicas(2);
    [a, b] = await s.workspace('race');
  });
  afterAll(async () => s?.stop());

  /** Children of a parent as its taste service sees them once the caller's writes are applied (0 when none). */
  const childrenOf = async (c: WsClient, parent: string): Promise<number> => {
    const r = await c.request('POST', `/entity/${encodeURIComponent(parent)}/compose`, { body: {} });
    if (r.status === 400 && r.body.code === 'link_no_children') return 0;
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.children;
  };
  /** A write through `c`'s gateway, so that its next reads wait for everything written before. */
  const barrier = (c: WsClient, tag: string) => c.request('POST', '/entity', { body: { id: `barrier-${tag}`, type: 'user', name: tag } });

  it('given two replicas racing on one URL (explicit id and none), then exactly one entity owns it', async () => {
    const K = 12;
    const outcomes = await Promise.all(
      Array.from({ length: K }, async (_, i) => {
        const url = `https://race.example.com/u/${i}`;
        const [x, y] = await Promise.all([
          a.request('POST', '/entity', { body: { id: `explicit-${i}`, content: { url, ...text(i) } } }),
          b.request('POST', '/entity', { body: { content: { url, ...text(i) } } }),
        ]);
        return { i, url, x, y };
      }),
    );
    await barrier(a, 'url');
    for (const { i, url, x, y } of outcomes) {
      for (const r of [x, y]) expect([200, 409], JSON.stringify(r.body)).toContain(r.status);
      const explicit = await a.request('GET', '/entity', { query: { entity_id: `explicit-${i}` } });
      const natural = await a.request('GET', '/entity', { query: { entity_id: contentIdForUrl(url) } });
      const owners = [explicit, natural].filter((r) => r.status === 200 && r.body.url === url);
      expect(owners, `URL ${i}: ${explicit.status}/${natural.status}`).toHaveLength(1);
      // Whoever answered 200 names the owner.
      for (const r of [x, y]) if (r.status === 200) expect(r.body.entity_id).toBe(owners[0]!.body.entity_id);
    }
  });

  it('given two replicas linking children to the same parent, then every link is kept', async () => {
    await a.request('POST', '/entity', { body: { id: 'shared-parent', type: 'user', name: 'Shared parent' } });
    const K = 16;
    await Promise.all(Array.from({ length: K }, (_, i) => b.request('POST', '/entity', { body: { id: `kid-${i}`, content: { url: `https://race.example.com/kid/${i}`, ...text(100 + i) } } })));
    const rs = await Promise.all(Array.from({ length: K }, (_, i) => (i % 2 ? a : b).request('POST', '/entity/shared-parent/link', { body: { entity_id: `kid-${i}` } })));
    for (const r of rs) expect(r.status, JSON.stringify(r.body)).toBe(200);
    await barrier(a, 'links');
    expect(await childrenOf(a, 'shared-parent')).toBe(K);
  });

  it('given a delete racing a link, then no link to a deleted entity remains, and a re-created child can be linked again', async () => {
    const K = 12;
    await Promise.all(
      Array.from({ length: K }, async (_, i) => {
        await a.request('POST', '/entity', { body: { id: `p-${i}`, type: 'user', name: `Parent ${i}` } });
        await b.request('POST', '/entity', { body: { id: `c-${i}`, content: { url: `https://race.example.com/c/${i}`, ...text(200 + i) } } });
      }),
    );
    await Promise.all(
      Array.from({ length: K }, async (_, i) => {
        const [del, link] = await Promise.all([
          a.request('DELETE', '/entity', { query: { entity_id: `c-${i}` } }),
          b.request('POST', `/entity/p-${i}/link`, { body: { entity_id: `c-${i}` } }),
        ]);
        expect(del.status, JSON.stringify(del.body)).toBe(200);
        expect([200, 404], JSON.stringify(link.body)).toContain(link.status);
      }),
    );
    await barrier(a, 'delete');
    for (let i = 0; i < K; i++) {
      expect((await a.request('GET', '/entity', { query: { entity_id: `c-${i}` } })).status, `c-${i} stays deleted`).toBe(404);
      expect(await childrenOf(a, `p-${i}`), `p-${i} keeps no link to the deleted c-${i}`).toBe(0);
    }
    // Re-created children link again (a stale link aggregate must not swallow the new link).
    for (let i = 0; i < K; i++) {
      const again = await b.request('POST', '/entity', { body: { id: `c-${i}`, content: { url: `https://race.example.com/c/${i}`, ...text(300 + i) } } });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      const link = await b.request('POST', `/entity/p-${i}/link`, { body: { entity_id: `c-${i}` } });
      expect(link.status, JSON.stringify(link.body)).toBe(200);
    }
    await barrier(a, 'relink');
    for (let i = 0; i < K; i++) expect(await childrenOf(a, `p-${i}`), `p-${i} relinked`).toBe(1);
  });
});
