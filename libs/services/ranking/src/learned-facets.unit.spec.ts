import { describe, expect, it } from 'vitest';
import { createRng, itemPostings } from '@tg/math';
import { contentMap, mapQuery } from './learned-blend';
import { FACETS, eraOf, facetInput, facetRow, facetTerms, fitFacets } from './learned-facets';

describe('content facets of the learned graph (category-like tokens and eras)', () => {
  it('reads an item’s category-like tokens and year-like numbers from its name and text', () => {
    const t = facetTerms('Toy Story (1995)', 'Toy Story (1995)\nAdventure, Animation, Children. Tags: pixar, 3d.');
    expect(t.years).toEqual([1995]);
    // Letters only, two characters or more, no stop words, distinct; numbers and single letters are not categories.
    expect(t.tokens).toEqual(['toy', 'story', 'adventure', 'animation', 'children', 'tags', 'pixar']);
    expect(facetTerms('A Man and a Woman', 'Drama, Romance').tokens).toEqual(['man', 'woman', 'drama', 'romance']);
    // Every standalone year-like number of the name, 1800-2099, distinct and ascending.
    expect(facetTerms('2001: A Space Odyssey (1968)', '').years).toEqual([1968, 2001]);
    expect(facetTerms('1799 1800 2099 2100 19955 1995s x1990 (1999-2000)', '').years).toEqual([1800, 1999, 2000, 2099]);
    // The name dates the item: the text's years only when the name has none.
    expect(facetTerms('Toy Story (1995)', 'remastered in 2011').years).toEqual([1995]);
    expect(facetTerms('A report', 'Written in 1987, revised in 2011 and 1987.').years).toEqual([1987, 2011]);
    expect(facetTerms(undefined, undefined)).toEqual({ tokens: [], years: [] });
    expect(facetTerms('Amélie', 'COMÉDIE').tokens).toEqual(['amélie', 'comédie']);
  });

  it('keeps the tokens found in at least a share of the items (the most widespread first, at most maxTokens)', () => {
    // 100 items: 'drama' in 40, 'comedy' in 30, 'war' in 2 (under 2% of 100 is 2: kept), 'rare' in 1.
    const terms = Array.from({ length: 100 }, (_, i) => ({
      tokens: [...(i < 40 ? ['drama'] : []), ...(i >= 40 && i < 70 ? ['comedy'] : []), ...(i < 2 ? ['war'] : []), ...(i === 5 ? ['rare'] : [])],
      years: [],
    }));
    expect(fitFacets(terms).tokens).toEqual(['drama', 'comedy', 'war']);
    expect(fitFacets(terms).eras).toEqual([]);
    // Ties by the token; the count is capped.
    const many = Array.from({ length: 10 }, () => ({ tokens: Array.from({ length: FACETS.maxTokens + 5 }, (_, k) => `t${String(k).padStart(3, '0')}`), years: [] }));
    const f = fitFacets(many);
    expect(f.tokens).toHaveLength(FACETS.maxTokens);
    expect(f.tokens[0]).toBe('t000');
  });

  it('buckets years into eras at the quantiles of the items’ years (each era about an equal share of the dated items)', () => {
    // 400 items, one year each: 1900-1999 once, 2000-2009 thirty times each.
    const years = [...Array.from({ length: 100 }, (_, i) => 1900 + i), ...Array.from({ length: 300 }, (_, i) => 2000 + (i % 10))];
    const f = fitFacets(years.map((y) => ({ tokens: [], years: [y] })));
    // Boundaries at sorted[k·400/20] for k = 1…19, equal ones merged: a bucket per 20 items in the 20th century, a year each after.
    expect(f.eras).toEqual([1920, 1940, 1960, 1980, 2000, 2001, 2002, 2003, 2004, 2005, 2006, 2007, 2008, 2009]);
    expect(f.eras.length + 1).toBeLessThanOrEqual(FACETS.eras);
    expect(eraOf(1850, f.eras)).toBe(0);
    expect(eraOf(1920, f.eras)).toBe(1);
    expect(eraOf(1999, f.eras)).toBe(4);
    expect(eraOf(2009, f.eras)).toBe(14);
    expect(eraOf(2099, f.eras)).toBe(14);
    // Too few dated items (under the share): no eras.
    const few = Array.from({ length: 100 }, (_, i) => ({ tokens: [], years: i === 0 ? [1990] : [] }));
    expect(fitFacets(few).eras).toEqual([]);
  });

  it('gives an item a unit-weight row per block: its tokens and its eras, each 1/√count', () => {
    const facets = { tokens: ['drama', 'comedy', 'war'], eras: [1950, 1990] };
    const r = facetRow({ tokens: ['war', 'x', 'drama'], years: [1968, 2001] }, facets);
    expect([...r.tok]).toEqual([0, 2]);
    expect([...r.era]).toEqual([1, 2]);
    const none = facetRow({ tokens: ['x'], years: [] }, facets);
    expect([none.tok.length, none.era.length]).toEqual([0, 0]);
    const inp = facetInput([{ tokens: ['war', 'drama'], years: [1968] }, { tokens: [], years: [] }, { tokens: ['comedy'], years: [1940, 1941] }], facets);
    expect(inp.nTok).toBe(3);
    expect(inp.nEra).toBe(3);
    expect([...inp.tokStart]).toEqual([0, 2, 2, 3]);
    expect([...inp.tokIdx]).toEqual([0, 2, 1]);
    expect([...inp.eraStart]).toEqual([0, 1, 1, 2]);
    expect([...inp.eraIdx]).toEqual([1, 0]);
  });

  it('maps vector and facets with one ridge regression on the appended features (weights folded into the map), and is the plain mapping with both weights 0', () => {
    const rng = createRng(4);
    const nUsers = 25;
    const nItems = 70;
    const dim = 6;
    const facets = { tokens: ['a', 'b', 'c', 'd'], eras: [1950, 1980, 2000] };
    const terms = Array.from({ length: nItems }, (_, j) => ({
      tokens: ['a', 'b', 'c', 'd'].filter(() => rng() < 0.4),
      years: j % 9 === 0 ? [] : [1900 + Math.floor(rng() * 120)],
    }));
    const input = facetInput(terms, facets);
    const vectors = Float32Array.from({ length: nItems * dim }, () => rng() - 0.5);
    const per = Array.from({ length: nItems }, (_, j) => {
      const out: [number, number][] = [];
      if (j % 13 === 4) return out;
      for (let u = 0; u < nUsers; u++) if (rng() < 0.25) out.push([u, rng() < 0.3 ? 2 : 1]);
      return out;
    });
    const x = itemPostings(nUsers, per);
    const [tw, ew] = [0.5, 1];
    const g = contentMap(x, vectors, dim, 0.7, { ...input, tokenWeight: tw, eraWeight: ew });
    const f = dim + input.nTok + input.nEra;
    expect(g.length).toBe(nUsers * f);
    // The dense reference (Float32 features: equal to about 6 digits): [v, tw·tokens/√count, ew·eras/√count],
    // G = X F (FᵀF + μI)⁻¹, then G·D (D the weights).
    const dense = new Float32Array(nItems * f);
    const unit = new Float64Array(nItems * f);
    for (let j = 0; j < nItems; j++) {
      for (let a = 0; a < dim; a++) dense[j * f + a] = unit[j * f + a] = vectors[j * dim + a]!;
      const row = facetRow(terms[j]!, facets);
      for (const t of row.tok) {
        unit[j * f + dim + t] = 1 / Math.sqrt(row.tok.length);
        dense[j * f + dim + t] = (tw * 1) / Math.sqrt(row.tok.length);
      }
      for (const e of row.era) {
        unit[j * f + dim + input.nTok + e] = 1 / Math.sqrt(row.era.length);
        dense[j * f + dim + input.nTok + e] = ew / Math.sqrt(row.era.length);
      }
    }
    const ref = contentMap(x, dense, f, 0.7);
    for (let u = 0; u < nUsers; u++)
      for (let a = 0; a < f; a++) {
        const d = a < dim ? 1 : a < dim + input.nTok ? tw : ew;
        expect(g[u * f + a]).toBeCloseTo(ref[u * f + a]! * d, 5);
      }
    // Predictions: p·f0 (unit rows) under the folded map equal p·f under the plain ridge of the weighted features.
    const q = Float64Array.from({ length: nUsers }, () => rng() - 0.5);
    const p = mapQuery(g, f, q);
    const pr = mapQuery(ref, f, q);
    for (let j = 0; j < nItems; j++) {
      let s = 0;
      let sr = 0;
      for (let a = 0; a < f; a++) {
        s += p[a]! * unit[j * f + a]!;
        sr += pr[a]! * dense[j * f + a]!;
      }
      expect(s).toBeCloseTo(sr, 5);
    }
    // Only the blocks with a weight are in the map: the token block alone, and with both weights 0 the plain mapping, bit for bit.
    expect(contentMap(x, vectors, dim, 0.7, { ...input, tokenWeight: 1, eraWeight: 0 }).length).toBe(nUsers * (dim + input.nTok));
    const plain = contentMap(x, vectors, dim, 0.7);
    const zero = contentMap(x, vectors, dim, 0.7, { ...input, tokenWeight: 0, eraWeight: 0 });
    expect(Buffer.from(zero.buffer).equals(Buffer.from(plain.buffer))).toBe(true);
  });
});
