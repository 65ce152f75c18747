import { describe, expect, it } from 'vitest';
import { conflictingDuplicates } from './batch-duplicates';

const c = (url: string, content = 'jazz records', extra: Record<string, unknown> = {}) => ({ content: { url, type: 'text', content, ...extra } });

describe('conflictingDuplicates: items of one request that would race for one entity', () => {
  it('a later item with the same URL and other fields conflicts with the first', () => {
    expect(conflictingDuplicates([c('https://a'), c('https://b'), c('https://a', 'hiking boots')])).toEqual([undefined, undefined, 0]);
  });
  it('equal items do not conflict, whatever else comes with them (their parents)', () => {
    expect(conflictingDuplicates([{ ...c('https://a'), id: null }, c('https://a'), c('https://a')])).toEqual([undefined, undefined, undefined]);
  });
  it('the same explicit id (top level or content.id) with another URL conflicts', () => {
    expect(conflictingDuplicates([{ ...c('https://a'), id: 'x' }, c('https://b', 'jazz records', { id: 'x' })])).toEqual([undefined, 0]);
  });
  it('the same URL with and without an explicit id conflicts (two different entities would claim it)', () => {
    expect(conflictingDuplicates([c('https://a'), { ...c('https://a'), id: 'x' }])).toEqual([undefined, 0]);
  });
  it('an id given at the top level and the same id in content are one item', () => {
    expect(conflictingDuplicates([{ ...c('https://a'), id: 'x' }, c('https://a', 'jazz records', { id: 'x' })])).toEqual([undefined, undefined]);
  });
  it('a refused item claims nothing: an item after it conflicts only with what is written', () => {
    expect(conflictingDuplicates([c('https://a'), { ...c('https://a', 'boots'), id: 'x' }, { ...c('https://b'), id: 'x' }])).toEqual([undefined, 0, undefined]);
  });
  it('decides from the items alone: the same items give the same answer', () => {
    const items = [c('https://a', 'one'), c('https://a', 'two'), c('https://a', 'one'), c('https://a', 'three')];
    expect(conflictingDuplicates(items)).toEqual([undefined, 0, undefined, 0]);
    expect(conflictingDuplicates(items)).toEqual(conflictingDuplicates(structuredClone(items)));
  });
});
