import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TastegraphClient } from '@tg/client';
import { BACKGROUND_WAIT_MS, eventually, startStack, type TestStack } from '@tg/test-stack';

type WsClient = Awaited<ReturnType<TestStack['workspace']>>;

/** Three topics far apart in the embedding space, a few texts each. */
const TOPICS = {
  jazz: [
    'Jazz saxophone solos and bebop improvisation in a smoky club',
    'Miles Davis trumpet records and modal jazz albums',
    'A jazz quartet with piano, double bass and drums swinging all night',
    'Learning jazz chords and improvising over blues changes on the saxophone',
    'Coltrane and Charlie Parker: the great jazz saxophonists',
    'Late night jazz radio playing trumpet ballads and swing standards',
  ],
  football: [
    'The striker scored a late goal and the football club won the league',
    'Football tactics: pressing, wingers and a back four defence',
    'The goalkeeper saved a penalty in the cup final at the stadium',
    'Transfer news: the football club signs a young midfielder',
    'Fans sang in the stadium as the team scored three goals',
    'The coach praised the defenders after the league match',
  ],
  cooking: [
    'Slow roasted garlic chicken with rosemary potatoes, a simple recipe',
    'How to bake sourdough bread with a crisp crust in your oven',
    'A recipe for tomato pasta sauce with basil, olive oil and garlic',
    'Baking chocolate cake: butter, sugar, eggs and flour',
    'Cooking a vegetable curry with onions, ginger and spices',
    'Grilled salmon recipe with lemon butter and roasted vegetables',
  ],
} as const;
type Topic = keyof typeof TOPICS;

let urlSeq = 0;
/** A content body with inline text (no fetch, no enrichment) and a unique URL. */
function content(text: string, extra: Record<string, unknown> = {}) {
  urlSeq++;
  return { url: `https://example.test/item/${urlSeq}`, type: 'text', content: text, skip_url_fetch: true, skip_media_enrich: true, ...extra };
}

describe('taste profiles: link and pool, compose, clusters', () => {
  let s: TestStack;
  let a: WsClient;
  let b: WsClient;

  const createContent = async (ws: WsClient, text: string, extra: Record<string, unknown> = {}) => {
    const r = await ws.request('POST', '/entity', { body: { content: content(text), ...extra } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.entity_id as string;
  };
  const createUser = async (ws: WsClient, name: string, description = '') => {
    const r = await ws.request('POST', '/entity', { body: { type: 'user', name, description } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.id as string;
  };
  const link = (ws: WsClient, parent: string, body?: unknown) => ws.request('POST', `/entity/${encodeURIComponent(parent)}/link`, body === undefined ? {} : { body });
  const compose = (ws: WsClient, id: string, body?: unknown) => ws.request('POST', `/entity/${encodeURIComponent(id)}/compose`, body === undefined ? {} : { body });

  beforeAll(async () => {
    s = await startStack();
    a = await s.workspace('taste-a');
    b = await s.workspace('taste-b');
  });
  afterAll(async () => s?.stop());

  describe('POST /entity/{parent_id}/link with a body', () => {
    it('links a child with the default relation `about` and weight 1, answering the Link result', async () => {
      const user = await createUser(a, 'Ann');
      const child = await createContent(a, TOPICS.jazz[0]);
      const r = await link(a, user, { entity_id: child });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ parent_id: user, entity_id: child, rel: 'about', weight: 1 });
      expect(['point', 'subspace']).toContain(r.body.representation);
      expect(r.body.subspace_rank).toBe(1);
      const c = await compose(a, user);
      expect(c.status, JSON.stringify(c.body)).toBe(200);
      expect(c.body).toMatchObject({ entity_id: user, children: 1, pooled: 1, total_weight: 1 });
    });

    it('accepts the aliases relation, child_id and content_id, and a weight in [0, 1]', async () => {
      const user = await createUser(a, 'Bo');
      const [c1, c2, c3] = [await createContent(a, TOPICS.jazz[1]), await createContent(a, TOPICS.football[0]), await createContent(a, TOPICS.cooking[0])];
      const r1 = await link(a, user, { child_id: c1, relation: 'likes', weight: 0.5 });
      expect(r1.status, JSON.stringify(r1.body)).toBe(200);
      expect(r1.body).toMatchObject({ parent_id: user, entity_id: c1, rel: 'likes', weight: 0.5 });
      const r2 = await link(a, user, { content_id: c2, rel: 'saved' });
      expect(r2.body).toMatchObject({ entity_id: c2, rel: 'saved', weight: 1 });
      const r3 = await link(a, user, { entity_id: c3, weight: 0.25 });
      expect(r3.body).toMatchObject({ entity_id: c3, rel: 'about', weight: 0.25 });
      expect(r3.body.subspace_rank).toBeGreaterThanOrEqual(1);
      const c = await compose(a, user);
      expect(c.body).toMatchObject({ children: 3, pooled: 3 });
      expect(c.body.total_weight).toBeCloseTo(1.75, 9);
      // Contradicting aliases and out-of-range weights are refused.
      expect((await link(a, user, { entity_id: c1, child_id: c2 })).status).toBe(400);
      expect((await link(a, user, { entity_id: c1, rel: 'a', relation: 'b' })).status).toBe(400);
      expect((await link(a, user, { entity_id: c1, weight: 1.5 })).status).toBe(400);
      expect((await link(a, user, { entity_id: c1, weight: -0.1 })).status).toBe(400);
      expect((await link(a, user, { entity_id: c1, bogus: 1 })).status).toBe(400);
    });

    it('is idempotent: the same link twice changes nothing; a new weight re-pools', async () => {
      const user = await createUser(a, 'Cy');
      const c1 = await createContent(a, TOPICS.cooking[1]);
      const c2 = await createContent(a, TOPICS.jazz[2]);
      const first = await link(a, user, { entity_id: c1 });
      await link(a, user, { entity_id: c2 });
      const before = (await compose(a, user)).body;
      const again = await link(a, user, { entity_id: c1 });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ parent_id: user, entity_id: c1, rel: 'about', weight: 1, representation: first.body.representation, linked: false });
      expect((await compose(a, user)).body).toEqual(before);
      const reweighted = await link(a, user, { entity_id: c1, weight: 0.2 });
      expect(reweighted.body).toMatchObject({ weight: 0.2, linked: true });
      const after = (await compose(a, user)).body;
      expect(after.children).toBe(2);
      expect(after.total_weight).toBeCloseTo(1.2, 9);
      expect(after.coherence).not.toBe(before.coherence);
    });

    it('keeps a weight-0 link without letting it move the profile', async () => {
      const user = await createUser(a, 'Dee');
      const c1 = await createContent(a, TOPICS.football[1]);
      const c2 = await createContent(a, TOPICS.cooking[2]);
      await link(a, user, { entity_id: c1 });
      const before = (await compose(a, user)).body;
      const r = await link(a, user, { entity_id: c2, weight: 0 });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.weight).toBe(0);
      const after = (await compose(a, user)).body;
      expect(after).toMatchObject({ children: 2, pooled: 1, total_weight: 1, coherence: before.coherence });
      // Raising the weight pools it.
      await link(a, user, { entity_id: c2, weight: 1 });
      expect((await compose(a, user)).body).toMatchObject({ children: 2, pooled: 2, total_weight: 2 });
    });

    it('answers 404 for an unknown parent or child, and for ids of another workspace', async () => {
      const user = await createUser(a, 'Eve');
      const child = await createContent(a, TOPICS.jazz[3]);
      const r1 = await link(a, 'no-such-parent', { entity_id: child });
      expect(r1.status).toBe(404);
      expect(r1.body).toMatchObject({ code: 'entity_not_found', error: 'Entity not found' });
      const r2 = await link(a, user, { entity_id: 'no-such-child' });
      expect(r2.status).toBe(404);
      expect(r2.body.code).toBe('entity_not_found');
      expect((await link(a, 'no-such-parent')).status).toBe(404);
      // Workspace b cannot see a's entities, in either role.
      const bUser = await createUser(b, 'Foreigner');
      const bChild = await createContent(b, TOPICS.cooking[3]);
      expect((await link(b, user, { entity_id: bChild })).status).toBe(404);
      expect((await link(b, bUser, { entity_id: child })).status).toBe(404);
      expect((await link(b, user)).status).toBe(404);
      expect((await compose(b, user)).status).toBe(404);
      // a's profile did not move.
      expect((await compose(a, user)).status).toBe(400);
    });

    it('refuses to link an entity to itself', async () => {
      const user = await createUser(a, 'Narcissus');
      const r = await link(a, user, { entity_id: user });
      expect(r.status).toBe(400);
    });

    it('accepts URL-encoded parent ids with any characters', async () => {
      const id = 'user/with spaces.and*dots>';
      const r = await a.request('POST', '/entity', { body: { type: 'user', name: 'Odd', id } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const child = await createContent(a, TOPICS.football[2]);
      const l = await link(a, id, { entity_id: child });
      expect(l.status, JSON.stringify(l.body)).toBe(200);
      expect(l.body.parent_id).toBe(id);
      expect((await link(a, id)).body).toMatchObject({ entity_id: id, subspace_rank: 1 });
    });
  });

  describe('POST /entity/{parent_id}/link without a body', () => {
    it('answers 400 link_no_children for a parent without linked content', async () => {
      const user = await createUser(a, 'Fay');
      const r = await link(a, user);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('link_no_children');
      // An empty JSON object is the same as no body.
      const r2 = await link(a, user, {});
      expect(r2.status).toBe(400);
      expect(r2.body.code).toBe('link_no_children');
    });

    it('rebuilds the profile and answers 200 { entity_id } once content is linked', async () => {
      const user = await createUser(a, 'Gus');
      await createContent(a, TOPICS.jazz[4], { entity_id: user });
      const r = await link(a, user);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      // The spec's `{ entity_id }`, plus the rebuilt profile's summary.
      expect(r.body).toMatchObject({ entity_id: user, subspace_rank: 1 });
      expect(r.body.parent_id).toBeUndefined();
      const r2 = await link(a, user, {});
      expect(r2.body).toEqual(r.body);
    });

    it('refuses rel or weight without a child', async () => {
      const user = await createUser(a, 'Hal');
      expect((await link(a, user, { weight: 0.5 })).status).toBe(400);
      expect((await link(a, user, { rel: 'likes' })).status).toBe(400);
    });
  });

  describe('background re-pooling', () => {
    it('links and pools content created with entity_id (POST /entity and POST /index)', async () => {
      const user = await createUser(a, 'Ivy');
      await createContent(a, TOPICS.football[3], { entity_id: user });
      expect((await compose(a, user)).body).toMatchObject({ children: 1, pooled: 1, total_weight: 1 });
      const r = await a.request('POST', '/index', { body: { content: content(TOPICS.football[4]), entity_id: user } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect((await compose(a, user)).body).toMatchObject({ children: 2, pooled: 2, total_weight: 2 });
      // Re-sending the same content with the same parent changes nothing.
      const before = (await compose(a, user)).body;
      expect((await a.request('POST', '/entity', { body: { content: { ...content(TOPICS.football[4]), url: r.body.url ?? `https://example.test/item/${urlSeq}` }, entity_id: user } })).status).toBe(200);
      expect((await compose(a, user)).body).toEqual(before);
    });

    it('attaches linked_content to an existing parent and pools it once', async () => {
      const user = await createUser(a, 'Jo');
      const r = await a.request('POST', '/entity', { body: { id: user, linked_content: [content(TOPICS.cooking[4]), content(TOPICS.cooking[5])] } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.linked_content).toHaveLength(2);
      expect(r.body.subspace_rank).toBeGreaterThanOrEqual(1);
      expect((await compose(a, user)).body).toMatchObject({ children: 2, pooled: 2 });
    });

    it('re-pools every parent when a child is re-indexed under the same id with new text', async () => {
      const u1 = await createUser(a, 'Kit');
      const u2 = await createUser(a, 'Lou');
      const stable = await createContent(a, TOPICS.jazz[5]);
      const moving = await createContent(a, TOPICS.jazz[0] + ' and more jazz');
      for (const u of [u1, u2]) {
        await link(a, u, { entity_id: stable });
        await link(a, u, { entity_id: moving });
      }
      const before = (await compose(a, u1)).body;
      const url = (await a.request('GET', '/entity', { query: { entity_id: moving } })).body.url as string;
      const r = await a.request('POST', '/entity', { body: { content: { url, type: 'text', content: TOPICS.football[5], id: moving, skip_url_fetch: true, skip_media_enrich: true } } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.entity_id).toBe(moving);
      for (const u of [u1, u2]) {
        const after = (await compose(a, u)).body;
        expect(after).toMatchObject({ children: 2, pooled: 2, total_weight: 2 });
        // Two jazz texts agree more than jazz and football: the pooled mean got shorter.
        expect(after.coherence).toBeLessThan(before.coherence);
      }
    });

    it('unlinks a deleted child everywhere and re-pools; a parent left empty answers link_no_children', async () => {
      const u1 = await createUser(a, 'Max');
      const u2 = await createUser(a, 'Nia');
      const shared = await createContent(a, TOPICS.cooking[0] + ' for two');
      const own = await createContent(a, TOPICS.cooking[1] + ' at home', { entity_id: u1 });
      await link(a, u1, { entity_id: shared });
      await link(a, u2, { entity_id: shared });
      expect((await compose(a, u1)).body).toMatchObject({ children: 2, pooled: 2 });
      expect((await a.request('DELETE', '/entity', { query: { entity_id: shared } })).status).toBe(200);
      expect((await compose(a, u1)).body).toMatchObject({ children: 1, pooled: 1, total_weight: 1 });
      expect((await link(a, u2)).body.code).toBe('link_no_children');
      // Deleting the parent's last child leaves it empty too; re-creating the content does not resurrect the link.
      expect((await a.request('DELETE', '/entity', { query: { entity_id: own } })).status).toBe(200);
      expect((await link(a, u1)).status).toBe(400);
      await createContent(a, TOPICS.cooking[0] + ' for two');
      expect((await link(a, u2)).status).toBe(400);
    });

    it('drops a deleted parent, and a child can be linked to a re-created parent of the same id', async () => {
      const r = await a.request('POST', '/entity', { body: { type: 'user', name: 'Ola', id: 'ola' } });
      expect(r.status).toBe(200);
      const child = await createContent(a, TOPICS.jazz[1] + ' tonight', { entity_id: 'ola' });
      expect((await a.request('DELETE', '/entity', { query: { entity_id: 'ola' } })).status).toBe(200);
      expect((await link(a, 'ola', { entity_id: child })).status).toBe(404);
      await a.request('POST', '/entity', { body: { type: 'user', name: 'Ola again', id: 'ola' } });
      expect((await link(a, 'ola')).body.code).toBe('link_no_children');
      expect((await link(a, 'ola', { entity_id: child })).status).toBe(200);
      expect((await compose(a, 'ola')).body).toMatchObject({ children: 1, pooled: 1 });
    });
  });

  describe('POST /entity/{entity_id}/compose', () => {
    let user: string;
    beforeAll(async () => {
      user = await createUser(a, 'Composer');
      for (const t of ['jazz', 'football', 'cooking'] as Topic[]) for (const text of TOPICS[t].slice(0, 2)) await createContent(a, `${text} (composer)`, { entity_id: user });
    });

    it('answers the current profile without a body', async () => {
      const r = await compose(a, user);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ entity_id: user, representation: 'subspace', max_rank: 8, energy: 0.8, children: 6, pooled: 6, total_weight: 6 });
      expect(r.body.subspace_rank).toBeGreaterThanOrEqual(2);
      expect(r.body.explained_energy).toBeGreaterThanOrEqual(0.8);
      expect(r.body.model).toMatch(/\S/);
    });

    it('point: one direction, rank 1, and the choice is kept for later links', async () => {
      const r = await compose(a, user, { representation: 'point' });
      expect(r.body).toMatchObject({ representation: 'point', subspace_rank: 1 });
      const extra = await createContent(a, TOPICS.jazz[2] + ' (composer)');
      const l = await link(a, user, { entity_id: extra });
      expect(l.body).toMatchObject({ representation: 'point', subspace_rank: 1 });
      expect((await compose(a, user)).body.representation).toBe('point');
    });

    it('subspace: the rank grows with the energy share and is capped by max_rank', async () => {
      const low = (await compose(a, user, { representation: 'subspace', energy: 0.3, max_rank: 8 })).body;
      const high = (await compose(a, user, { representation: 'subspace', energy: 0.99, max_rank: 8 })).body;
      expect(low.subspace_rank).toBeGreaterThanOrEqual(1);
      expect(high.subspace_rank).toBeGreaterThan(low.subspace_rank);
      expect(high.explained_energy).toBeGreaterThanOrEqual(0.99 - 1e-4);
      const capped = (await compose(a, user, { energy: 1, max_rank: 2 })).body;
      expect(capped).toMatchObject({ representation: 'subspace', subspace_rank: 2, max_rank: 2, energy: 1 });
      expect(capped.explained_energy).toBeLessThan(1);
    });

    it('validates the body and answers 404 for an unknown entity, 400 for one without linked content', async () => {
      for (const body of [{ representation: 'cloud' }, { max_rank: 0 }, { max_rank: 1.5 }, { energy: 0 }, { energy: 1.2 }, { extra: true }]) {
        const r = await compose(a, user, body);
        expect(r.status, JSON.stringify(body)).toBe(400);
      }
      const r = await compose(a, 'nobody');
      expect(r.status).toBe(404);
      expect(r.body.error).toBe('Entity not found');
      const lonely = await createUser(a, 'Lonely');
      const before = await compose(a, lonely, { representation: 'point' });
      expect(before.status).toBe(400);
      expect(before.body.code).toBe('link_no_children');
    });

    it('is documented in the OpenAPI document with its body and result', async () => {
      const doc = (await new TastegraphClient({ baseUrl: s.baseUrl }).request('GET', '/openapi.json')).body;
      const op = doc.paths['/v1/entity/{entity_id}/compose'].post;
      const body = op.requestBody.content['application/json'].schema;
      expect(Object.keys(body.properties).sort()).toEqual(['energy', 'max_rank', 'representation']);
      const ok = op.responses['200'].content['application/json'].schema;
      for (const k of ['entity_id', 'representation', 'subspace_rank', 'max_rank', 'energy', 'children', 'pooled', 'total_weight', 'explained_energy', 'coherence', 'model']) {
        expect(Object.keys(ok.properties)).toContain(k);
      }
      const linkOp = doc.paths['/v1/entity/{parent_id}/link'].post;
      expect(Object.keys(linkOp.requestBody.content['application/json'].schema.properties)).toEqual(expect.arrayContaining(['entity_id', 'rel', 'weight', 'relation', 'child_id', 'content_id']));
    });
  });

  describe('clusters', () => {
    let c: WsClient;
    const byTopic = new Map<string, Topic>();
    beforeAll(async () => {
      c = await s.workspace('clusters');
    });

    it('answers an empty list on a new workspace; ?limit=1 works as a credential check', async () => {
      const r = await c.request('GET', '/clusters');
      expect(r.status).toBe(200);
      expect(r.body.results).toEqual([]);
      const one = await c.request('GET', '/clusters', { query: { limit: '1' } });
      expect(one.status).toBe(200);
      expect(one.body.results).toEqual([]);
      const anon = new TastegraphClient({ baseUrl: s.baseUrl });
      const noKey = await anon.request('GET', '/clusters', { query: { limit: '1' } });
      expect(noKey.status).toBe(401);
      expect(noKey.body.code).toBeTruthy();
      expect((await anon.with({ apiKey: 'tg_wsk_notarealkeynotarealkey' }).request('GET', '/clusters', { query: { limit: '1' } })).status).toBe(401);
    });

    it('answers 404 `Cluster not found` for an unknown cluster and 400 without cluster_id', async () => {
      const r = await c.request('GET', '/cluster', { query: { cluster_id: 'cl_nope' } });
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ error: 'Cluster not found', code: 'cluster_not_found' });
      expect((await c.request('GET', '/cluster')).status).toBe(400);
    });

    it('computes content and user clusters in the background once content and users exist', async () => {
      for (const t of Object.keys(TOPICS) as Topic[]) {
        for (let u = 0; u < 3; u++) {
          const user = await createUser(c, `${t} fan ${u}`);
          byTopic.set(user, t);
          for (const text of TOPICS[t].slice(u * 2, u * 2 + 2)) {
            const id = await createContent(c, text, { entity_id: user });
            byTopic.set(id, t);
          }
        }
      }
      const content = await eventually(
        async () => {
          const r = await c.request('GET', '/clusters', { query: { entity_type: 'content', limit: '50' } });
          const sizes = (r.body.results as any[]).reduce((n, x) => n + x.size, 0);
          return sizes === 18 ? r.body.results : undefined;
        },
        { what: 'content clusters covering all 18 items', timeoutMs: BACKGROUND_WAIT_MS },
      );
      expect(content.length).toBeGreaterThanOrEqual(2);
      for (const cl of content) {
        expect(cl).toMatchObject({ entity_type: 'content' });
        expect(typeof cl.id).toBe('string');
        expect(cl.label).toMatch(/\S/);
        expect(Array.isArray(cl.affinities)).toBe(true);
        for (const af of cl.affinities) {
          expect(af.cluster_id).not.toBe(cl.id);
          expect(af.score).toBeGreaterThanOrEqual(0);
          expect(af.score).toBeLessThanOrEqual(1);
        }
        expect(cl.affinities).toHaveLength(content.length - 1);
      }
      // Most popular first.
      for (let i = 1; i < content.length; i++) expect(content[i - 1].size).toBeGreaterThanOrEqual(content[i].size);
      // The topics are told apart: every cluster is mostly one topic, and no topic is spread thin.
      let agree = 0;
      for (const cl of content) {
        const counts = new Map<Topic, number>();
        for (const e of cl.clustered_entities) counts.set(byTopic.get(e.entity_id)!, (counts.get(byTopic.get(e.entity_id)!) ?? 0) + 1);
        agree += Math.max(...counts.values());
      }
      expect(agree / 18).toBeGreaterThanOrEqual(0.8);

      const users = await eventually(
        async () => {
          const r = await c.request('GET', '/clusters', { query: { entity_type: 'user' } });
          const n = (r.body.results as any[]).reduce((k, x) => k + x.size, 0);
          return n === 9 ? r.body.results : undefined;
        },
        { what: 'user clusters covering all 9 users', timeoutMs: BACKGROUND_WAIT_MS },
      );
      expect(users.length).toBeGreaterThanOrEqual(2);
      for (const cl of users) for (const e of cl.clustered_entities) expect(e.type).toBe('user');
    }, 2 * BACKGROUND_WAIT_MS + 60_000);

    it('filters by entity_type, pages with limit and offset, and reads one cluster', async () => {
      const all = (await c.request('GET', '/clusters', { query: { limit: '100' } })).body.results as any[];
      expect(new Set(all.map((x) => x.entity_type))).toEqual(new Set(['content', 'user']));
      const first = await c.request('GET', '/clusters', { query: { limit: '1' } });
      expect(first.body.results).toHaveLength(1);
      expect(first.body.results[0].id).toBe(all[0].id);
      const second = await c.request('GET', '/clusters', { query: { limit: '1', offset: '1' } });
      expect(second.body.results[0].id).toBe(all[1].id);
      expect((await c.request('GET', '/clusters', { query: { offset: String(all.length) } })).body.results).toEqual([]);
      // Empty query values count as absent (WIRE-NOTES).
      expect((await c.request('GET', '/clusters', { query: { entity_type: '', limit: '', offset: '' } })).body.results.length).toBe(Math.min(20, all.length));
      expect((await c.request('GET', '/clusters', { query: { entity_type: 'place' } })).body.results).toEqual([]);
      expect((await c.request('GET', '/clusters', { query: { entity_type: 'nonsense' } })).status).toBe(400);
      expect((await c.request('GET', '/clusters', { query: { limit: '0' } })).status).toBe(400);
      expect((await c.request('GET', '/clusters', { query: { offset: '-1' } })).status).toBe(400);

      const one = await c.request('GET', '/cluster', { query: { cluster_id: all[0].id } });
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({ id: all[0].id, entity_type: all[0].entity_type });
      expect(one.body.clustered_entities.length).toBe(all[0].size);
      // Another workspace cannot read it.
      expect((await a.request('GET', '/cluster', { query: { cluster_id: all[0].id } })).status).toBe(404);
    });

    it('recomputes after changes: deleted content leaves its cluster', async () => {
      const before = (await c.request('GET', '/clusters', { query: { entity_type: 'content', limit: '50' } })).body.results as any[];
      const victim = before[0].clustered_entities[0].entity_id as string;
      expect((await c.request('DELETE', '/entity', { query: { entity_id: victim } })).status).toBe(200);
      await eventually(
        async () => {
          const r = (await c.request('GET', '/clusters', { query: { entity_type: 'content', limit: '50' } })).body.results as any[];
          const total = r.reduce((n, x) => n + x.size, 0);
          return total === 17 && !r.some((x) => x.clustered_entities.some((e: any) => e.entity_id === victim));
        },
        { what: 'clusters without the deleted item', timeoutMs: BACKGROUND_WAIT_MS },
      );
    }, BACKGROUND_WAIT_MS + 30_000);
  });
});
