import { describe, expect, it } from 'vitest';
import { affinity, affinityRaw, composeProfile, cosine, createRng, createTasteStats, addToStats } from '@tg/math';
import { profileFor } from '@tg/read-model';
import { graphEvidence } from './graph';
import { linkedWorkspace } from './learned-fixture';
import { anchorQuery, fitLearnedModel, learnedEvidence, learnedMatch, learnedScore } from './learned-graph';
import { catalogVectors, learnedInput, linkersOf, prepareInput } from './learned-input';
import { calibrate } from '@tg/math';
import { contentMatch, depthFactor } from './scoring';
import { graphFit, queryFit, topIndices } from './search/search';

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
      const straightforward = learnedMatch(model, learnedScore(model, query, id, w.cat.vectors.get(id), w.cat.entities.get(id)));
      expect(ev.match(id)).toBe(straightforward);
      if (straightforward > 0) positive++;
    }
    expect(positive).toBeGreaterThan(20);
    // Kept with the query for the next request.
    expect(query.ease).toBeDefined();
  });

  it('maps an item’s facets with its vector when the validation chose them, and leaves items the model does not know unmapped when it chose so', () => {
    // This fixture's validation chooses the category tokens (weight 0.5) and no mapping of unlinked items.
    const f = linkedWorkspace({ items: 300, users: 40 });
    const m = fitLearnedModel(f.cat)!;
    expect([m.tokenWeight, m.eraWeight, m.mapUnlinked]).toEqual([0.5, 0, false]);
    expect(m.facets.tokens).toEqual(['item', 'chess', 'cooking', 'hiking', 'jazz', 'poetry']);
    expect(m.mapDim).toBe(m.dim + m.facets.tokens.length);
    const query = anchorQuery(m, f.cat, 'anchor')!;
    expect(query.pf?.length).toBe(m.mapDim);
    const ev = learnedEvidence(m, f.cat, 'anchor', graphEvidence(f.cat, 'anchor'), query);
    let unknown = 0;
    for (const id of f.ids) {
      const doc = f.cat.entities.get(id);
      expect(ev.match(id)).toBe(learnedMatch(m, learnedScore(m, query, id, f.cat.vectors.get(id), doc)));
      if (!m.items.has(id)) {
        unknown++;
        expect(ev.match(id)).toBe(0);
      }
    }
    expect(unknown).toBeGreaterThan(20);
    // The facets count: the same item without its document (no facets) scores otherwise.
    const known = f.ids.filter((id) => m.items.has(id) && !query.own.has(m.items.get(id)!));
    const differ = known.filter((id) => learnedScore(m, query, id, f.cat.vectors.get(id), f.cat.entities.get(id)) !== learnedScore(m, query, id, f.cat.vectors.get(id)));
    expect(differ.length).toBe(known.length);
    // A renamed item is a new document: its facets are read again.
    const id = known[0]!;
    const before = learnedScore(m, query, id, f.cat.vectors.get(id), f.cat.entities.get(id));
    f.apply('ContentEnriched', { entity_id: id, name: 'renamed', description: 'chess, cooking, hiking, jazz and poetry', source: 'page', enriched_at: 2 });
    expect(learnedScore(m, query, id, f.cat.vectors.get(id), f.cat.entities.get(id))).not.toBe(before);
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
      const g = learnedMatch(model, learnedScore(model, anchorQuery(model, w.cat, 'anchor')!, id, v, w.cat.entities.get(id)));
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
    const sources = new Map<string, { name: string; text: string }>();
    for (const id of catalogVectors(w.cat).keys()) {
      vectors.set(id, w.cat.vectors.get(id)!.slice());
      keys.set(id, catalogVectors(w.cat).orderKey(id)!);
      sources.set(id, { ...catalogVectors(w.cat).facetSource(id)! });
    }
    const mirror = { get: (id: string) => vectors.get(id), keys: () => vectors.keys(), orderKey: (id: string) => keys.get(id), facetSource: (id: string) => sources.get(id) };
    expect(prepareInput(linkersOf(w.cat), mirror)).toEqual(learnedInput(w.cat));
    // A user entity's own vector is not content: it is neither a model item nor a distractor.
    w.apply('ContentEmbedded', { entity_id: 'u3', of: 'self', model: 'm', dim: 16, vector: Buffer.from(new Float32Array(16).fill(0.25).buffer).toString('base64'), text_digest: 'u3', embedded_at: 1 });
    expect([...catalogVectors(w.cat).keys()]).not.toContain('u3');
    expect(prepareInput(linkersOf(w.cat), mirror)).toEqual(learnedInput(w.cat));
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
    expect([ma.lambda, ma.tau, ma.mapWeight, ma.recency, ma.tokenWeight, ma.eraWeight, ma.mapUnlinked]).toEqual([mb.lambda, mb.tau, mb.mapWeight, mb.recency, mb.tokenWeight, mb.eraWeight, mb.mapUnlinked]);
    expect(ma.facets).toEqual(mb.facets);
    expect(ma.blendGrid).toEqual(mb.blendGrid);
    expect(Array.from(ma.model.m)).toEqual(Array.from(mb.model.m));
    expect(Array.from(ma.model.d)).toEqual(Array.from(mb.model.d));
    expect(Array.from(ma.map)).toEqual(Array.from(mb.map));
  });
});
