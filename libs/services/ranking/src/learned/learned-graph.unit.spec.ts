import { describe, expect, it } from 'vitest';
import { affinity, affinityRaw, composeProfile, cosine, createRng, createTasteStats, addToStats, fitDualEase, postingsOf } from '@tg/math';
import { profileFor } from '@tg/read-model';
import { graphEvidence } from '../evidence/graph';
import { linkedWorkspace } from './learned-fixture';
import { anchorQuery, fitLearnedModel, learnedEvidence, learnedMatch, learnedScore } from './learned-graph';
import { catalogVectors, learnedInput, linkersOf, prepareInput } from './learned-input';
import { BLEND } from './learned-blend';
import { calibrate } from '@tg/math';
import { contentMatch, depthFactor } from '../evidence/scoring';
import { graphFit, queryFit, topIndices } from '../evidence/query-fit';

/**
 * The request paths keep per-anchor work with the anchor's cached query (the EASE score of every model item, the
 * packed top list /search fits to its query) and skip per-candidate allocations; these tests hold them to the
 * straightforward computations they replace, number for number.
 */
describe('learned graph: optimized request paths', () => {
  const w = linkedWorkspace({ items: 400, users: 60 });
  const model = fitLearnedModel(w.cat)!;

  it('fits a model on the fixture (the tests below would be vacuous without one)', () => {
    expect(model.users.length).toBe(61);
    expect(model.itemIds.length).toBeGreaterThan(100);
  });

  it('gives every candidate the graph match of the per-candidate formula (rerank, score)', () => {
    const query = anchorQuery(model, w.cat, 'anchor')!;
    const ev = learnedEvidence(model, w.cat, 'anchor', graphEvidence(w.cat, 'anchor'), query);
    let positive = 0;
    for (const id of w.ids) {
      const straightforward = learnedMatch(model, learnedScore(model, query, id, w.cat.vectors.get(id)));
      expect(ev.match(id)).toBe(straightforward);
      if (straightforward > 0) positive++;
    }
    expect(positive).toBeGreaterThan(20);
    // Kept with the query for the next request.
    expect(query.ease).toBeDefined();
  });

  it('ranks candidates in the same order with the same scores as the straightforward path', () => {
    const profile = profileFor(w.cat, 'anchor')!;
    const query = anchorQuery(model, w.cat, 'anchor')!;
    const ev = learnedEvidence(model, w.cat, 'anchor', graphEvidence(w.cat, 'anchor'), query);
    const fast = w.ids.map((id) => {
      const v = w.cat.vectors.get(id)!;
      const content = contentMatch(v, profile).score;
      return { id, score: 1 - (1 - content) * (1 - ev.match(id)) };
    });
    const slow = w.ids.map((id) => {
      const v = w.cat.vectors.get(id)!;
      const content = calibrate(affinity(v, profile).raw * depthFactor(profile.count));
      const g = learnedMatch(model, learnedScore(model, anchorQuery(model, w.cat, 'anchor')!, id, v));
      return { id, score: 1 - (1 - content) * (1 - g) };
    });
    const order = (xs: { id: string; score: number }[]) => [...xs].sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
    expect(order(fast)).toEqual(order(slow));
  });

  it("fits /search's graph candidates to a query as the per-item cosine does, also after an item is re-embedded", () => {
    const rng = createRng(5);
    const fresh = linkedWorkspace({ items: 400, users: 60 });
    const m = fitLearnedModel(fresh.cat)!;
    const query = anchorQuery(m, fresh.cat, 'anchor')!;
    const q = Float32Array.from({ length: 16 }, () => rng() - 0.5);
    const first = learnedEvidence(m, fresh.cat, 'anchor', graphEvidence(fresh.cat, 'anchor'), query);
    const pack = first.topPack!(300)!;
    expect(pack.ids.length).toBeGreaterThan(40);
    /** The fit by id, and each row's cosine checked against `cosine` of the catalog's vector. */
    const fitted = (p: typeof pack) => {
      const f = queryFit(p, q, fresh.cat);
      p.ids.forEach((id, i) => {
        const v = fresh.cat.vectors.get(id);
        expect(f.vectors[i]).toBe(v);
        if (v) expect(f.cosines[i]).toBe(cosine(v, q));
      });
      return p.ids.map((id, i) => [id, f.fit[i]]);
    };
    expect(fitted(pack)).toEqual([...graphFit(first.topMatches(300), q, fresh.cat)]);
    // A second request at the same catalog version skips the lookups (the rows were checked), with the same numbers.
    expect(pack.current).toEqual({ cat: fresh.cat, version: fresh.cat.version });
    expect(fitted(pack)).toEqual([...graphFit(first.topMatches(300), q, fresh.cat)]);
    // An item of the kept list gets a new vector: the next request reads it from the catalog.
    fresh.embed(pack.ids[3]!, 2);
    const next = learnedEvidence(m, fresh.cat, 'anchor', graphEvidence(fresh.cat, 'anchor'), query);
    expect(fitted(next.topPack!(300)!)).toEqual([...graphFit(next.topMatches(300), q, fresh.cat)]);
    expect(pack.current?.version).not.toBe(fresh.cat.version);
    expect(fitted(next.topPack!(300)!)).toEqual([...graphFit(next.topMatches(300), q, fresh.cat)]);
    // And the list's graph matches are what match() gives in that request.
    for (const { id, match } of next.topMatches(300)) expect(next.match(id)).toBe(match);
  });

  it('selects the indices of the k largest values as a sort of all would, ties in index order (all of them, unsorted, when k ≥ n)', () => {
    const rng = createRng(11);
    for (const [n, k] of [[300, 40], [500, 7], [81, 40]] as const) {
      // Few distinct values, so that ties fall across the window's cuts.
      const values = Float64Array.from({ length: n }, () => Math.floor(rng() * 25) / 25);
      const sorted = Array.from(values, (_, i) => i).sort((a, b) => values[b]! - values[a]! || a - b);
      expect(topIndices(values, k)).toEqual(sorted.slice(0, k));
    }
    expect(topIndices(Float64Array.from([0.2, 0.9, 0.5]), 40)).toEqual([0, 1, 2]);
  });

  it('affinityRaw is affinity().raw', () => {
    const rng = createRng(9);
    const vec = () => Float32Array.from({ length: 16 }, () => rng() - 0.5);
    for (const rank of [1, 3, 6]) {
      const s = createTasteStats(16);
      for (let i = 0; i < 12; i++) addToStats(s, vec(), 1 + rng());
      const p = composeProfile(s, { representation: 'subspace', maxRank: rank, energy: 0.99 });
      for (let i = 0; i < 50; i++) {
        const v = vec();
        expect(affinityRaw(v, p)).toBe(affinity(v, p).raw);
      }
      expect(affinityRaw(new Float32Array(16), p)).toBe(affinity(new Float32Array(16), p).raw);
    }
  });
});

describe('learned graph input', () => {
  it('prepares the same input from the links and a mirror of the content vectors as from the catalog', () => {
    const w = linkedWorkspace({ items: 200, users: 30 });
    const vectors = new Map<string, Float32Array>();
    const keys = new Map<string, string>();
    const terms = new Map<string, string>();
    for (const id of catalogVectors(w.cat).keys()) {
      vectors.set(id, w.cat.vectors.get(id)!.slice());
      keys.set(id, catalogVectors(w.cat).orderKey(id)!);
      terms.set(id, catalogVectors(w.cat).terms(id)!);
    }
    const mirror = { get: (id: string) => vectors.get(id), keys: () => vectors.keys(), orderKey: (id: string) => keys.get(id), terms: (id: string) => terms.get(id) };
    expect(prepareInput(linkersOf(w.cat), mirror)).toEqual(learnedInput(w.cat));
    // A user entity's own vector is not content: it is neither a model item nor a distractor.
    w.apply('ContentEmbedded', { entity_id: 'u3', of: 'self', model: 'm', dim: 16, vector: Buffer.from(new Float32Array(16).fill(0.25).buffer).toString('base64'), text_digest: 'u3', embedded_at: 1 });
    expect([...catalogVectors(w.cat).keys()]).not.toContain('u3');
    expect(prepareInput(linkersOf(w.cat), mirror)).toEqual(learnedInput(w.cat));
  });
});

describe('learned graph: the items\' lexical terms as side information (EASE with side information)', () => {
  // Item k's text names its series (k mod 40: 7-8 items each, all of one topic) beside words on every item.
  const w = linkedWorkspace({ items: 300, users: 50, textOf: (k) => `item number series${k % 40}` });

  it('stacks each model item\'s terms held by 5 or more items and at most 10% of them (one row per term), α chosen with λ on the random holdouts', () => {
    const p = learnedInput(w.cat)!;
    const side = p.input.side!;
    // "item", "number" are on every item (over 10%), each item's own name on one: only the 40 series terms are rows.
    expect(side.nRows).toBe(40);
    p.items.forEach((id, j) => {
      expect(side.start[j + 1]! - side.start[j]!).toBe(1);
      expect(side.values[side.start[j]!]).toBe(1);
      const k = w.ids.indexOf(id);
      // Rows in term order: series0, series1, series10, …
      expect(side.rows[side.start[j]!]).toBe([...Array(40).keys()].map((s) => `series${s}`).sort().indexOf(`series${k % 40}`));
    });
    const m = fitLearnedModel(w.cat)!;
    const random = m.grid.filter((g) => g.holdout === 'random');
    expect(random.filter((g) => g.alpha > 0).map((g) => g.alpha)).toEqual([...BLEND.sideAlphas]);
    const atLambda = random.filter((g) => g.lambda === m.lambda);
    expect(atLambda.find((g) => g.alpha === m.alpha)!.ndcg).toBe(Math.max(...atLambda.map((g) => g.ndcg)));
    // The series predict the held-out links here: the rows are taken, and the model is EASE on the links with them stacked.
    expect(m.alpha).toBeGreaterThan(0);
    expect(m.postings.nUsers).toBe(m.users.length + 40);
    const full = fitDualEase(postingsOf(p.input.links, undefined, { rows: side, alpha: m.alpha }), m.lambda);
    expect(Buffer.from(full.m.buffer).equals(Buffer.from(m.model.m.buffer))).toBe(true);
  });

  it('gives the worker\'s mirror (terms of the items with a vector) and the catalog the same rows: an item linked before it is embedded has none', () => {
    const v = linkedWorkspace({ items: 300, users: 50, textOf: (k) => `item number series${k % 40}` });
    v.apply('ContentIndexed', { entity_id: 'c_new', url: 'https://l.test/new', media_type: 'text', name: 'c_new', description: '', text: 'series3', text_digest: 'c_new', source: 'inline', skip_url_fetch: true, skip_media_enrich: true, indexed_at: 1 });
    v.link('u1', 'c_new');
    v.link('u2', 'c_new');
    const cv = catalogVectors(v.cat);
    const vectors = new Map([...cv.keys()].map((id) => [id, v.cat.vectors.get(id)!.slice()]));
    const mirror = { get: (id: string) => vectors.get(id), keys: () => vectors.keys(), orderKey: (id: string) => (vectors.has(id) ? cv.orderKey(id) : undefined), terms: (id: string) => (vectors.has(id) ? cv.terms(id) : undefined) };
    const fromCatalog = learnedInput(v.cat)!;
    const j = fromCatalog.items.indexOf('c_new');
    expect(j).toBeGreaterThanOrEqual(0);
    expect(fromCatalog.input.side!.start[j + 1]! - fromCatalog.input.side!.start[j]!).toBe(0);
    expect(prepareInput(linkersOf(v.cat), mirror)).toEqual(fromCatalog);
  });

  it('serves the stacked model: graph matches in [0, 1], the listed top in the order of the per-item score, the same model refitted', () => {
    const m = fitLearnedModel(w.cat)!;
    const query = anchorQuery(m, w.cat, 'anchor')!;
    expect(query.q.length).toBe(m.users.length + 40);
    const ev = learnedEvidence(m, w.cat, 'anchor', graphEvidence(w.cat, 'anchor'), query);
    const top = ev.topMatches(50);
    expect(top.length).toBeGreaterThan(10);
    for (const { id, match } of top) {
      expect(match).toBeGreaterThanOrEqual(0);
      expect(match).toBeLessThanOrEqual(1);
      expect(match).toBe(learnedMatch(m, learnedScore(m, query, id, w.cat.vectors.get(id))));
    }
    for (let i = 1; i < top.length; i++) expect(top[i]!.match).toBeLessThanOrEqual(top[i - 1]!.match);
    const again = fitLearnedModel(w.cat)!;
    expect(again.alpha).toBe(m.alpha);
    expect(Buffer.from(again.model.m.buffer).equals(Buffer.from(m.model.m.buffer))).toBe(true);
    expect(Buffer.from(again.map.buffer).equals(Buffer.from(m.map.buffer))).toBe(true);
  });
});

describe('learned graph: reproducible across workspaces', () => {
  it('fits the same model from the same data under other entity ids (users and items ordered by URL and name)', () => {
    // The same items (URLs), users (names) and links, under two unrelated id schemes: ids sort differently.
    const a = linkedWorkspace({ items: 300, users: 50, idOf: (name) => `a_${name}` });
    const scramble = (name: string) => `${[...name].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) % 99991, 7).toString(36)}_${name}`;
    const b = linkedWorkspace({ items: 300, users: 50, idOf: scramble });
    const ma = fitLearnedModel(a.cat)!;
    const mb = fitLearnedModel(b.cat)!;
    const nameOf = (cat: typeof a.cat, id: string) => cat.entities.get(id)?.url ?? cat.entities.get(id)?.name;
    // The id orders differ (else the test says nothing), the URL/name orders agree.
    expect([...ma.users].sort().map((id) => id.slice(2))).not.toEqual([...mb.users].sort().map((id) => id.slice(id.indexOf('_') + 1)));
    expect(ma.users.map((id) => nameOf(a.cat, id))).toEqual(mb.users.map((id) => nameOf(b.cat, id)));
    expect(ma.itemIds.map((id) => nameOf(a.cat, id))).toEqual(mb.itemIds.map((id) => nameOf(b.cat, id)));
    expect([ma.lambda, ma.tau, ma.mapWeight, ma.recency]).toEqual([mb.lambda, mb.tau, mb.mapWeight, mb.recency]);
    expect(ma.blendGrid).toEqual(mb.blendGrid);
    expect(Array.from(ma.model.m)).toEqual(Array.from(mb.model.m));
    expect(Array.from(ma.model.d)).toEqual(Array.from(mb.model.d));
    expect(Array.from(ma.map)).toEqual(Array.from(mb.map));
  });
});
