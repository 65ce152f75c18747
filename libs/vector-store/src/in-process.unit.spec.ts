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

  // The copy a first change would make at once (about half a second at a million vectors, on the thread that serves
  // searches) is made ahead, a slice per turn of the event loop, once the instance serves.
  it('given borrowed vectors adopted in slices, then the collection owns a copy: the owner\'s array is no longer read, and the first change copies nothing', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => unit([Math.cos(i / 8), Math.sin(i / 8), 0.1]));
    const owner = new Float32Array(rows.length * 3);
    rows.forEach((r, i) => owner.set(r, i * 3));
    const ids = rows.map((_, i) => `v${i}`);
    const idx = new InProcessVectorIndex();
    idx.loadCollection('ws', 'content', 3, ids, owner, { borrowed: true });
    const turns = { n: 0 };
    const copied = await idx.adoptBorrowed({ sliceFloats: 12, onSlice: () => turns.n++ });
    expect(copied).toBe(owner.length * 4);
    expect(turns.n).toBe(Math.ceil(owner.length / 12));
    // Whatever the owner does with its array now, the index answers from its own copy.
    const query = rows[7]!;
    owner.fill(0);
    expect(idx.searchSync('ws', 'content', query, 1)[0]!.id).toBe('v7');
    expect(await idx.adoptBorrowed()).toBe(0);
  });

  it('given a change while borrowed vectors are being adopted, then the change finishes the copy and the adoption stops; nothing is lost or written to the owner', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => unit([Math.cos(i / 7), Math.sin(i / 7), 0.2]));
    const owner = new Float32Array(rows.length * 3);
    rows.forEach((r, i) => owner.set(r, i * 3));
    const before = Array.from(owner);
    const idx = new InProcessVectorIndex();
    idx.loadCollection('ws', 'content', 3, rows.map((_, i) => `v${i}`), owner, { borrowed: true });
    let slices = 0;
    const adopted = idx.adoptBorrowed({
      sliceFloats: 9,
      onSlice: () => {
        // Between the third and fourth slice: a removal (moves the last row into the hole) and an insert.
        if (++slices === 3) {
          idx.removeSync('ws', 'v0');
          idx.upsertSync('ws', 'content', 'new', unit([0, 0, 1]));
        }
      },
    });
    await adopted;
    expect(slices).toBe(3);
    expect(Array.from(owner)).toEqual(before);
    expect(idx.countSync('ws', 'content')).toBe(40);
    for (const i of [1, 20, 39]) expect(idx.searchSync('ws', 'content', rows[i]!, 1)[0]!.id).toBe(`v${i}`);
    expect(idx.searchSync('ws', 'content', unit([0, 0, 1]), 1)[0]!.id).toBe('new');
  });
});
