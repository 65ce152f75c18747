import { describe, expect, it } from 'vitest';
import { distinctiveKeywords, documentFrequencies } from './labels';
import { contentLabelText, displayName, isHostName, labelTokens } from './label-words';

describe('label words', () => {
  it('given text with URLs, hosts and markup, then only content words are left', () => {
    const t = labelTokens('<p>Blue Train &amp; bebop</p> More at https://www.vinyl.example.com/blue-train or shop.example, mail me@x.org');
    expect(t).toEqual(['blue', 'train', 'bebop', 'more', 'mail']);
  });

  it('given a mixed catalog where one shop sells all the jazz, then the jazz label has no host words', () => {
    const items = [
      { kind: 'content' as const, name: 'vinyl.example.com', description: 'Content from vinyl.example.com', url: 'https://www.vinyl.example.com/1', text: 'Bebop saxophone record. https://www.vinyl.example.com/1' },
      { kind: 'content' as const, name: 'vinyl.example.com', description: 'Content from vinyl.example.com', url: 'https://www.vinyl.example.com/2', text: 'Bebop trumpet record, with saxophone' },
      { kind: 'content' as const, name: 'Trail map', description: 'Content from maps.test', url: 'https://maps.test/3', text: 'Hiking trail map of mountain passes' },
      { kind: 'content' as const, name: 'maps.test', description: 'Content from maps.test', url: 'https://maps.test/4', text: 'Hiking boots for mountain trails' },
    ];
    const docs = items.map((d) => labelTokens(contentLabelText(d, 500, true)));
    const { df, total } = documentFrequencies(docs);
    const jazz = distinctiveKeywords(docs.slice(0, 2), df, total, 3);
    expect(jazz).toEqual(expect.arrayContaining(['bebop', 'saxophone', 'record']));
    for (const w of [...jazz, ...distinctiveKeywords(docs.slice(2), df, total, 3)]) expect(w).not.toMatch(/^(com|www|https|example|vinyl|maps|test|content)$/);
  });

  it('distinctiveKeywords drops URL tokens even when a caller tokenised a raw URL', () => {
    const docs = [['jazz', 'com', 'example'], ['jazz', 'com', 'example'], ['hiking']];
    const { df, total } = documentFrequencies(docs);
    expect(distinctiveKeywords(docs.slice(0, 2), df, total, 3)).toEqual(['jazz']);
  });

  it('names content by title, else by its first sentence, never by host', () => {
    expect(isHostName('shop.example', 'https://www.shop.example/p/1')).toBe(true);
    expect(isHostName('Kind of Blue', 'https://shop.example/p/1')).toBe(false);
    expect(displayName({ name: 'Kind of Blue', url: 'https://shop.example/1', text: 'x' })).toBe('Kind of Blue');
    expect(displayName({ name: 'shop.example', url: 'https://shop.example/1', text: 'Sierra Nevada trail map. A waterproof map.' })).toBe('Sierra Nevada trail map');
    expect(displayName({ name: '<p>Blue Train.', url: 'https://shop.example/1' })).toBe('Blue Train');
    const long = displayName({ name: 'shop.example', url: 'https://shop.example/1', text: 'A very long opening sentence that goes on and on about hiking boots and mountain trails and more' });
    expect(long.length).toBeLessThanOrEqual(71);
    expect(long.endsWith('…')).toBe(true);
    expect(displayName({ kind: 'entity', name: 'Blue Note club' })).toBe('Blue Note club');
  });
});
