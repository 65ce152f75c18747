import { describe, expect, it } from 'vitest';
import { createRng, itemPostings } from '@tg/math';
import { contentMap, mapQuery } from './learned-blend';
import { lexicalMap, lexicalRowScore, lexicalScore, lexicalTokens, lexicalVocabulary, tokenRow, tokenRows } from './learned-lexical';

describe('lexical content-to-graph mapping', () => {
  it('tokenizes a text: lower case, accents dropped, split at anything not a letter or digit, distinct', () => {
    expect(lexicalTokens('Toy Story (1995)\nAdventure, Animation. Tags: Pixar, toy')).toEqual(['toy', 'story', '1995', 'adventure', 'animation', 'tags', 'pixar']);
    expect(lexicalTokens('Amélie (Fabuleux destin d’Amélie Poulain, Le) (2001)')).toEqual(['amelie', 'fabuleux', 'destin', 'd', 'poulain', 'le', '2001']);
    expect(lexicalTokens('')).toEqual([]);
    expect(lexicalTokens(undefined)).toEqual([]);
  });

  it('keeps the tokens of the most items in its vocabulary (at least minItems; ties by the token)', () => {
    const rows = [['a', 'b', 'c'], ['b', 'c'], ['c', 'd'], ['d', 'e'], ['x']];
    expect(lexicalVocabulary(rows, 10, 2)).toEqual(['c', 'b', 'd']);
    expect(lexicalVocabulary(rows, 2, 2)).toEqual(['c', 'b']);
    expect(lexicalVocabulary(rows, 10, 1)).toEqual(['c', 'b', 'd', 'a', 'e', 'x']);
  });

  it('builds unit rows over the vocabulary', () => {
    const vocab = new Map([['c', 0], ['b', 1], ['d', 2]]);
    const r = tokenRows([['a', 'b', 'c'], ['x'], ['d', 'c', 'b', 'zz']], vocab);
    expect([...r.start]).toEqual([0, 2, 2, 5]);
    expect([...r.idx]).toEqual([0, 1, 0, 1, 2]);
    expect([...r.w]).toEqual([1 / Math.SQRT2, 1 / Math.SQRT2, 1 / Math.sqrt(3), 1 / Math.sqrt(3), 1 / Math.sqrt(3)]);
    expect(tokenRow(['d', 'c', 'b', 'zz'], vocab)).toEqual({ idx: Int32Array.from([0, 1, 2]), w: 1 / Math.sqrt(3) });
  });

  it('is the ridge regression of the dense mapping on the one-hot token rows (G = X F (FᵀF + μI)⁻¹), and scores rows as p·f', () => {
    const rng = createRng(3);
    const nUsers = 30;
    const nItems = 80;
    const t = 12;
    // Rows of 1 or 4 tokens (weights 1 and 0.5: exact in the dense Float32 copy); a few items with none.
    const tokens: string[][] = [];
    for (let j = 0; j < nItems; j++) {
      const k = j % 7 === 0 ? 0 : rng() < 0.5 ? 1 : 4;
      const s = new Set<string>();
      while (s.size < k) s.add(`t${Math.floor(rng() * t)}`);
      tokens.push([...s]);
    }
    const vocab = new Map(Array.from({ length: t }, (_, i) => [`t${i}`, i]));
    const rows = tokenRows(tokens, vocab);
    const dense = new Float32Array(nItems * t);
    for (let j = 0; j < nItems; j++) for (let a = rows.start[j]!; a < rows.start[j + 1]!; a++) dense[j * t + rows.idx[a]!] = rows.w[a]!;
    const per = Array.from({ length: nItems }, (_, j) => {
      const out: [number, number][] = [];
      if (j % 11 === 5) return out; // unlinked items are not regressed on
      for (let u = 0; u < nUsers; u++) if (rng() < 0.2) out.push([u, rng() < 0.3 ? 2 : 1]);
      return out;
    });
    const x = itemPostings(nUsers, per);
    const g = lexicalMap(x, rows, t, 0.7);
    const ref = contentMap(x, dense, t, 0.7);
    expect(g.length).toBe(nUsers * t);
    for (let i = 0; i < g.length; i++) expect(g[i]).toBeCloseTo(ref[i]!, 12);
    const q = Float64Array.from({ length: nUsers }, () => rng() - 0.5);
    const p = mapQuery(g, t, q);
    for (let j = 0; j < nItems; j++) {
      let ref = 0;
      for (let a = 0; a < t; a++) ref += p[a]! * dense[j * t + a]!;
      expect(lexicalScore(p, rows, j)).toBeCloseTo(ref, 12);
      expect(lexicalRowScore(p, tokenRow(tokens[j]!, vocab))).toBeCloseTo(ref, 12);
    }
    expect(lexicalMap(x, rows, 0).length).toBe(0);
  });
});
