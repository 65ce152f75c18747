import { describe, expect, it } from 'vitest';
import { Bm25Index, STOPWORDS, tokenize } from './bm25';

const docs: Record<string, string[]> = {
  d1: ['cat', 'sat', 'mat'],
  d2: ['dog', 'sat', 'log', 'dog'],
  d3: ['cat', 'dog', 'cat', 'bird', 'tree', 'nest'],
};

function build(entries: Record<string, string[]>): Bm25Index {
  const index = new Bm25Index();
  for (const [id, tokens] of Object.entries(entries)) index.add(id, tokens);
  return index;
}

describe('Bm25Index', () => {
  it('answers document frequency and membership in O(1), following removals', () => {
    const index = build(docs);
    expect(index.documentFrequency('cat')).toBe(2);
    expect(index.documentFrequency('owl')).toBe(0);
    expect(index.contains('dog', 'd2')).toBe(true);
    expect(index.contains('dog', 'd1')).toBe(false);
    expect([...index.termsOf('d2')!].sort()).toEqual([...new Set(docs['d2'])].sort());
    index.remove('d3');
    expect(index.documentFrequency('cat')).toBe(1);
    expect(index.contains('cat', 'd3')).toBe(false);
    expect(index.termsOf('d3')).toBeUndefined();
    index.add('d2', ['owl', 'owl']);
    expect(index.termsOf('d2')).toEqual(['owl']);
  });

  it('sums the weights of the query terms a document contains, exactly as membership does', () => {
    const index = build(docs);
    const weights = new Map([['cat', 2], ['dog', 0.5], ['owl', 7], ['tree', 1.25]]);
    const q = Bm25Index.weighted(weights);
    for (const id of ['d1', 'd2', 'd3', 'missing']) {
      let expected = 0;
      for (const [t, w] of weights) if (index.contains(t, id)) expected += w;
      expect(index.weightOf(id, q)).toBe(expected);
    }
    expect(index.weightOf('d3', q)).toBe(2 + 0.5 + 1.25);
    // Follows re-indexing, and survives a round trip through its exported state.
    index.add('d1', ['owl']);
    expect(index.weightOf('d1', q)).toBe(7);
    expect(Bm25Index.fromState(structuredClone(index.exportState())).weightOf('d1', q)).toBe(7);
    expect(index.weightOf('d1', Bm25Index.weighted(new Map()))).toBe(0);
  });

  it('matches a hand computation (k1 = 1.2, b = 0.75)', () => {
    const scores = build(docs).score(['cat']);
    // N = 3, df(cat) = 2, avgdl = 13/3.
    const idf = Math.log(1 + (3 - 2 + 0.5) / (2 + 0.5));
    const term = (tf: number, len: number) => (idf * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * len) / (13 / 3)));
    expect(scores.get('d1')).toBeCloseTo(term(1, 3), 12);
    expect(scores.get('d3')).toBeCloseTo(term(2, 6), 12);
    expect(scores.has('d2')).toBe(false);
  });

  it('ranks more and rarer matches higher and counts repeated query tokens', () => {
    const index = build(docs);
    const s = index.score(['dog', 'sat']);
    expect(s.get('d2')!).toBeGreaterThan(s.get('d1')!);
    expect(s.get('d2')!).toBeGreaterThan(s.get('d3')!);
    const once = index.score(['bird']).get('d3')!;
    expect(index.score(['bird', 'bird']).get('d3')).toBeCloseTo(2 * once, 12);
    expect(index.score(['unknown']).size).toBe(0);
  });

  it('keeps statistics exact under incremental add, replace and remove', () => {
    const index = build(docs);
    index.add('d4', ['cat', 'mat', 'mat']);
    index.add('d2', ['bird', 'sat']);
    expect(index.remove('d1')).toBe(true);
    expect(index.remove('d1')).toBe(false);
    index.add('d5', []);
    const fresh = build({ d2: ['bird', 'sat'], d3: docs.d3, d4: ['cat', 'mat', 'mat'], d5: [] });
    for (const q of [['cat'], ['mat', 'sat'], ['bird', 'nest', 'dog'], ['log']]) {
      expect(index.score(q)).toEqual(fresh.score(q));
    }
    expect(index.size).toBe(4);
    expect(index.has('d1')).toBe(false);
    expect(index.score(['log']).size).toBe(0);
  });

  it('returns nothing from an empty index and validates parameters', () => {
    expect(new Bm25Index().score(['cat']).size).toBe(0);
    const emptied = build({ x: ['cat'] });
    emptied.remove('x');
    expect(emptied.score(['cat']).size).toBe(0);
    expect(() => new Bm25Index({ b: 2 })).toThrow(RangeError);
    expect(() => new Bm25Index({ k1: -1 })).toThrow(RangeError);
  });
});

describe('tokenize', () => {
  it('lowercases, splits on non-word characters and drops stopwords', () => {
    expect(tokenize("The Quick, brown FOX's 2 jumps — over 42x the lazy dog!")).toEqual([
      'quick',
      'brown',
      'fox',
      '2',
      'jumps',
      'over',
      '42x',
      'lazy',
      'dog',
    ]);
    expect(STOPWORDS.has('the')).toBe(true);
  });

  it('keeps Unicode letters, digits and combining marks, and normalises width', () => {
    expect(tokenize('Café naïve déjà-vu Ｔｏｋｙｏ ２０２４')).toEqual(['café', 'naïve', 'déjà', 'vu', 'tokyo', '2024']);
    expect(tokenize('cafe\u0301')).toEqual(['café']);
    expect(tokenize('हिन्दी भाषा')).toEqual(['हिन्दी', 'भाषा']);
    expect(tokenize('Привет, мир')).toEqual(['привет', 'мир']);
    expect(tokenize('  ...  ')).toEqual([]);
  });
});
