import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedService } from '@tg/service-runtime';
import type { startRankingService } from '@tg/service-ranking';
import { eventually, startStack, type TestStack } from '@tg/test-stack';
import { InProcessVectorIndex } from '@tg/vector-store';

/**
 * Ranking with its vectors in an index outside the read model (what `QDRANT_URL` selects; here the same port
 * over an in-process index that outlives the stack's restarts, as Qdrant outlives the processes feeding it).
 */
describe('ranking over a projected vector index: fed from the log, read-your-writes, checkpointed across a restart', () => {
  let s: TestStack;
  const store = new InProcessVectorIndex();
  type Ranking = Awaited<ReturnType<typeof startRankingService>>;
  const ranking = () => s.tg.services.find((x) => x.name === 'ranking') as StartedService & Ranking;
  /** The projection of the running ranking service, once it has reconciled its index with the read model. */
  const reconciled = () => eventually(async () => (ranking().index.projection?.reconciled ? ranking().index.projection! : undefined), { what: 'the vector projection reconciled' });
  /** Entity ids of the projected index, all workspaces. */
  const projectedIds = () => new Set([...store.entries()].map((e) => e.id));

  beforeAll(async () => {
    s = await startStack({}, { rankingVectors: store });
  });
  afterAll(async () => s?.stop());

  it('searches through the projected index, sees a write at once and forgets a deletion', async () => {
    const ws = await s.workspace('projected');
    await ws.createEntity({ type: 'user', id: 'u0', name: 'Ana', description: 'jazz and hiking' });
    const texts = ['bebop jazz saxophone solo', 'modal jazz trumpet record', 'alpine hiking trail map', 'sourdough bread recipe'];
    const ids: string[] = [];
    for (const [i, t] of texts.entries()) ids.push((await ws.createContent({ url: `https://proj.test/${i}`, type: 'text', content: t, skip_url_fetch: true, skip_media_enrich: true }, i < 3 ? { entity_id: 'u0' } : {})).entity_id);
    // The ranking process holds no vectors of its own: the projected index has them.
    expect(ranking().index.index).toBeUndefined();
    for (const id of ids) expect(projectedIds()).toContain(id);
    const q = { relative_to_entity_id: 'u0', in_terms_of_entity_type: 'content' };
    const first = await ws.search(q, { query: 'saxophone jazz', limit: 3 });
    expect(first.results[0].entity_id).toBe(ids[0]);
    // A write is searchable by the very next search (the projection writes before the search reads).
    const late = await ws.createContent({ url: 'https://proj.test/late', type: 'text', content: 'harmonica blues on a porch', skip_url_fetch: true, skip_media_enrich: true });
    expect((await ws.search(q, { query: 'harmonica blues', limit: 5 })).results.map((r) => r.entity_id)).toContain(late.entity_id);
    expect(projectedIds()).toContain(late.entity_id);
    await ws.deleteEntity(late.entity_id);
    expect((await ws.search(q, { query: 'harmonica blues', limit: 5 })).results.map((r) => r.entity_id)).not.toContain(late.entity_id);
    expect(projectedIds()).not.toContain(late.entity_id);
  });

  it('after a restart (snapshot on stop) writes only what changed since its checkpoint, and still answers', async () => {
    await s.restart();
    const projection = await reconciled();
    expect(projection.reconciled).toMatchObject({ rebuilt: false });
    expect(projection.stats).toMatchObject({ rebuilds: 0, upserts: 0, removals: 0 });
    const ws = await s.workspace('after-restart');
    await ws.createEntity({ type: 'user', id: 'u1', name: 'Bo', description: 'cooking' });
    const c = await ws.createContent({ url: 'https://proj.test/after', type: 'text', content: 'tomato pasta with basil', skip_url_fetch: true, skip_media_enrich: true }, { entity_id: 'u1' });
    const hits = await ws.search({ relative_to_entity_id: 'u1', in_terms_of_entity_type: 'content' }, { query: 'pasta', limit: 1 });
    expect(hits.results[0].entity_id).toBe(c.entity_id);
    expect(projection.stats.rebuilds).toBe(0);
  });

  it('rebuilds from the read model when the index lost its vectors and checkpoint', async () => {
    const before = projectedIds();
    // Qdrant lost its data while the processes were down.
    await s.tg.stop();
    await store.clear();
    await s.restart();
    expect((await reconciled()).stats.rebuilds).toBe(1);
    expect(projectedIds()).toEqual(before);
  });
});
