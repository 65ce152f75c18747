import { describe, expect, it } from 'vitest';
import { InProcessVectorIndex } from './in-process';

const unit = (xs: number[]) => {
  const n = Math.hypot(...xs);
  return Float32Array.from(xs, (x) => x / n);
};

describe('InProcessVectorIndex.loadCollection with borrowed vectors (a restore)', () => {
  it('given vectors read in place, when the collection changes, then it copies them first and the owner\'s array is never written', () => {
    const owner = new Float32Array([...unit([1, 0, 0]), ...unit([0, 1, 0]), ...unit([0, 0, 1])]);
    const before = Array.from(owner);
    const idx = new InProcessVectorIndex();
    idx.loadCollection('ws', 'content', 3, ['a', 'b', 'c'], owner.subarray(0, 9), { borrowed: true });
    expect(idx.searchSync('ws', 'content', unit([0, 1, 0]), 1)[0]!.id).toBe('b');
    // A removal moves the last row into the hole; an upsert writes a row; an insert grows the array.
    idx.removeSync('ws', 'a');
    idx.upsertSync('ws', 'content', 'b', unit([1, 1, 0]));
    idx.upsertSync('ws', 'content', 'd', unit([0, 1, 1]));
    expect(Array.from(owner)).toEqual(before);
    expect(idx.countSync('ws', 'content')).toBe(3);
    expect(idx.searchSync('ws', 'content', unit([0, 0, 1]), 1)[0]!.id).toBe('c');
    expect(idx.searchSync('ws', 'content', unit([1, 1, 0]), 1)[0]!.id).toBe('b');
    expect(idx.searchSync('ws', 'content', unit([0, 1, 1]), 1)[0]!.id).toBe('d');
  });

  it('given an id moved to another collection of its namespace, then the borrowed array is not written either', () => {
    const owner = new Float32Array([...unit([1, 0]), ...unit([0, 1])]);
    const before = Array.from(owner);
    const idx = new InProcessVectorIndex();
    idx.loadCollection('ws', 'content', 2, ['a', 'b'], owner, { borrowed: true });
    idx.upsertSync('ws', 'place', 'a', unit([1, 1]));
    expect(Array.from(owner)).toEqual(before);
    expect(idx.countSync('ws', 'content')).toBe(1);
    expect(idx.searchSync('ws', 'content', unit([1, 0]), 2).map((h) => h.id)).toEqual(['b']);
  });
});
