import { describe, expect, it } from 'vitest';
import type { WorkspaceCatalog } from '@tg/domain';
import { addToStats, composeProfile, createTasteStats, type TasteProfile } from '@tg/math';
import { contentMatch } from './scoring';
import { NEIGHBOURHOOD, TasteNeighbourhoods, neighbourhoodProbes, type NeighbourhoodSource } from './taste-neighbourhood';

const D = 16;
/** A deterministic generator in [0, 1). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}
function unit(v: number[]): Float32Array {
  const n = Math.hypot(...v);
  return Float32Array.from(v, (x) => x / n);
}
/** An item near axis `axis` (0..D-1), with some noise. */
function near(axis: number, r: () => number, noise = 0.35): Float32Array {
  return unit(Array.from({ length: D }, (_, i) => (i === axis ? 1 : 0) + noise * (r() - 0.5)));
}

/** A catalog of 600 items: 40 around each of 15 axes; item ids say their axis (`a3-17`). */
function catalog() {
  const r = rng(1);
  const vectors = new Map<string, Float32Array>();
  for (let axis = 0; axis < 15; axis++) for (let j = 0; j < 40; j++) vectors.set(`a${axis}-${j}`, near(axis, r));
  const cat = { id: 'ws1', version: 1, vectors, typeCounts: new Map([['content', vectors.size]]) } as unknown as WorkspaceCatalog & { version: number };
  let searches = 0;
  const source: NeighbourhoodSource = {
    async search(_ws, _type, q, k) {
      searches++;
      const scored = [...vectors].map(([id, v]) => ({ id, s: v.reduce((a, x, i) => a + x * q[i]!, 0) }));
      return scored.sort((a, b) => b.s - a.s).slice(0, k);
    },
    vector: (_cat, id) => vectors.get(id) ?? null,
    match: (v, p) => contentMatch(v, p).score,
  };
  return { cat, vectors, source, searches: () => searches };
}

/** The profile of an anchor linked to `perAxis` items (or `perAxis[i]` for axis i) around each of `axes`. */
function profileOf(axes: number[], perAxis: number | number[] = 8, seed = 2): TasteProfile {
  const r = rng(seed);
  const s = createTasteStats(D);
  axes.forEach((a, i) => {
    for (let j = 0; j < (Array.isArray(perAxis) ? perAxis[i]! : perAxis); j++) addToStats(s, near(a, r), 1);
  });
  return composeProfile(s, { representation: 'subspace', maxRank: 6, energy: 0.8 });
}

const axisOf = (id: string) => Number(id.slice(1, id.indexOf('-')));

describe('taste neighbourhood', () => {
  it('reaches each interest of a two-interest taste, the minor one too', async () => {
    const { cat, source } = catalog();
    // Three times as many jazz (axis 2) items as hiking (axis 9) ones: the mean leans to jazz.
    const profile = profileOf([2, 9], [12, 4]);
    expect(neighbourhoodProbes(profile).length).toBeGreaterThanOrEqual(3);
    const n = await new TasteNeighbourhoods(source).get(cat, 'anchor', 'content', profile);
    const axes = n.ids.map(axisOf);
    // Most of the neighbourhood is the two interests, and each of them is well represented.
    expect(axes.filter((a) => a === 2).length).toBeGreaterThanOrEqual(30);
    expect(axes.filter((a) => a === 9).length).toBeGreaterThanOrEqual(NEIGHBOURHOOD.directionK);
    // Best by taste alone: the interests, both of them, in the first places.
    const top = n.best(null, 20, (_c, t) => t).map((x) => axisOf(x.id));
    expect(new Set(top)).toEqual(new Set([2, 9]));
  });

  it('ranks its items for a query by the query and the taste together', async () => {
    const { cat, source, vectors } = catalog();
    const n = await new TasteNeighbourhoods(source).get(cat, 'anchor', 'content', profileOf([2, 9]));
    // A query along axis 9: the interest-9 items come first.
    const q = unit(Array.from({ length: D }, (_, i) => (i === 9 ? 1 : 0)));
    const top = n.best(q, 10, (cos, taste) => Math.sqrt(Math.max(0, cos) * taste));
    expect(top.map((x) => axisOf(x.id))).toEqual(new Array(10).fill(9));
    // Each comes with its cosine to the query.
    for (const x of top) expect(x.cosine).toBeCloseTo(vectors.get(x.id)![9]!, 5);
    // The taste of an item is the profile's content match, and only for the vector it was computed from.
    const id = n.ids[0]!;
    expect(n.tasteOf(id, vectors.get(id)!)).toBeCloseTo(contentMatch(vectors.get(id)!, profileOf([2, 9])).score, 6);
    expect(n.tasteOf(id, near(3, rng(5)))).toBeUndefined();
    expect(n.tasteOf('not-in-it', vectors.get(id)!)).toBeUndefined();
  });

  it('is computed once per profile, follows a new profile at once and a changed workspace within the staleness bound', async () => {
    const { cat, source, searches } = catalog();
    let now = 0;
    const cache = new TasteNeighbourhoods(source, () => now);
    const p1 = profileOf([2, 9]);
    const first = await cache.get(cat, 'anchor', 'content', p1);
    const probes = searches();
    expect(await cache.get(cat, 'anchor', 'content', p1)).toBe(first);
    expect(searches()).toBe(probes);
    // The anchor's taste changed (a new profile object): recomputed at once.
    const p2 = profileOf([4], 8, 3);
    const second = await cache.get(cat, 'anchor', 'content', p2);
    expect(second).not.toBe(first);
    expect(second.ids.map(axisOf).filter((a) => a === 4).length).toBeGreaterThanOrEqual(30);
    // The workspace changed: reused within the bound, recomputed after it.
    cat.version++;
    now += NEIGHBOURHOOD.maxStaleMs / 2;
    expect(await cache.get(cat, 'anchor', 'content', p2)).toBe(second);
    now += NEIGHBOURHOOD.maxStaleMs;
    expect(await cache.get(cat, 'anchor', 'content', p2)).not.toBe(second);
    // Other anchors and other types are separate entries; the anchor itself is never in its neighbourhood.
    const own = await cache.get(cat, 'a2-0', 'content', p1);
    expect(own.ids).not.toContain('a2-0');
  });

  it('shares one computation between concurrent requests of the same anchor', async () => {
    const { cat, source, searches } = catalog();
    const cache = new TasteNeighbourhoods(source);
    const p = profileOf([2, 9]);
    const [a, b] = await Promise.all([cache.get(cat, 'anchor', 'content', p), cache.get(cat, 'anchor', 'content', p)]);
    expect(a).toBe(b);
    expect(searches()).toBe(neighbourhoodProbes(p).length);
  });

  it("after a profile change, refresh computes the anchor's neighbourhoods for the new profile before a search asks", async () => {
    const { cat, source, searches } = catalog();
    const cache = new TasteNeighbourhoods(source);
    const p1 = profileOf([2, 9]);
    await cache.get(cat, 'anchor', 'content', p1);
    const before = searches();
    // Nothing to refresh for an anchor no search has asked about.
    await cache.refresh(cat, 'someone-else', p1);
    expect(searches()).toBe(before);
    const p2 = profileOf([4], 8, 3);
    await cache.refresh(cat, 'anchor', p2);
    const probes = searches();
    expect(probes).toBe(before + neighbourhoodProbes(p2).length);
    // The search finds it ready: no probe of its own, and the same items as computing it then.
    const served = await cache.get(cat, 'anchor', 'content', p2);
    expect(searches()).toBe(probes);
    const fresh = await new TasteNeighbourhoods(source).get(cat, 'anchor', 'content', p2);
    expect(served.ids).toEqual(fresh.ids);
    expect(Array.from(served.taste)).toEqual(Array.from(fresh.taste));
  });

  it('asks for all its probes at once when the source can answer several (the same neighbourhood)', async () => {
    const { cat, source, searches } = catalog();
    let batches = 0;
    const batched: NeighbourhoodSource = {
      ...source,
      async searchMany(ws, type, qs, ks) {
        batches++;
        const out = [];
        for (let i = 0; i < qs.length; i++) out.push(await source.search(ws, type, qs[i]!, ks[i]!));
        return out;
      },
    };
    const p = profileOf([2, 9]);
    const one = await new TasteNeighbourhoods(batched).get(cat, 'anchor', 'content', p);
    expect(batches).toBe(1);
    const each = await new TasteNeighbourhoods(source).get(cat, 'anchor', 'content', p);
    expect(one.ids).toEqual(each.ids);
    expect(Array.from(one.taste)).toEqual(Array.from(each.taste));
    expect(searches()).toBe(2 * neighbourhoodProbes(p).length);
  });

  it('has no probes for an empty profile', () => {
    expect(neighbourhoodProbes(composeProfile(createTasteStats(D)))).toEqual([]);
  });
});
