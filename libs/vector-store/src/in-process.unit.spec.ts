import { createRng } from '@tg/math';
import { describe, expect, it } from 'vitest';
import { InProcessVectorIndex, VECTOR_CHUNK_ROWS } from './in-process';

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

describe('InProcessVectorIndex: a change copies the rows around it, never the whole collection', () => {
  const dim = 8;
  const rows = 2 * VECTOR_CHUNK_ROWS + 17;
  // A chunk's vectors, and its ids and graph keys (a pointer and a float64 a row).
  const chunkBytes = VECTOR_CHUNK_ROWS * dim * 4 + VECTOR_CHUNK_ROWS * 16;
  const vectors = () => {
    const data = new Float32Array(rows * dim);
    // Seeded random directions (mulberry32): an HNSW graph finds an exact duplicate among them.
    const uniform = createRng(7);
    const random = () => uniform() - 0.5;
    for (let i = 0; i < rows; i++) data.set(unit(Array.from({ length: dim }, random)), i * dim);
    return data;
  };
  const ids = () => Array.from({ length: rows }, (_, i) => `c${i}`);

  it('given a restored (borrowed) collection, when an item is updated, inserted and removed, then each change copies at most a chunk of rows, and reads see every change', () => {
    const owner = vectors();
    const before = owner.slice();
    const idx = new InProcessVectorIndex();
    idx.loadCollection('ws', 'content', dim, ids(), owner, { borrowed: true });
    expect(idx.vectorBytes()).toEqual({ own: 0, borrowed: owner.byteLength, copied: 0 });
    idx.upsertSync('ws', 'content', 'c5', unit([0, 0, 1, 0, 0, 0, 0, 0]));
    expect(idx.vectorBytes().copied).toBeLessThanOrEqual(chunkBytes);
    idx.upsertSync('ws', 'content', 'new', unit([0, 1, 0, 0, 0, 0, 0, 0]));
    // The last rows' chunk copied, then the new row written into it.
    expect(idx.vectorBytes().copied).toBeLessThanOrEqual(2 * chunkBytes);
    // A removal moves the last row into the hole: the hole's chunk is copied (the last one is already own).
    idx.removeSync('ws', 'c' + (VECTOR_CHUNK_ROWS + 1));
    expect(idx.vectorBytes().copied).toBeLessThanOrEqual(3 * chunkBytes);
    expect(idx.vectorBytes().own).toBeLessThanOrEqual(3 * chunkBytes);
    expect(owner).toEqual(before);
    expect(idx.countSync('ws', 'content')).toBe(rows);
    expect(idx.searchSync('ws', 'content', unit([0, 0, 1, 0, 0, 0, 0, 0]), 1)[0]!.id).toBe('c5');
    expect(idx.searchSync('ws', 'content', unit([0, 1, 0, 0, 0, 0, 0, 0]), 1)[0]!.id).toBe('new');
    const all = new Map([...idx.entries()].map((e) => [e.id, Array.from(e.vector)]));
    expect(all.size).toBe(rows);
    expect(all.has('c' + (VECTOR_CHUNK_ROWS + 1))).toBe(false);
    expect(all.get('c' + (rows - 1))).toEqual(Array.from(before.subarray((rows - 1) * dim, rows * dim)));
    expect(all.get('c6000')).toEqual(Array.from(before.subarray(6000 * dim, 6001 * dim)));
  });

  it('given a snapshot being written, when the collection changes meanwhile, then only the changed chunks are copied, with their ids and graph keys (the snapshot keeps the rest)', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'tg-vector-chunks-'));
    try {
      const idx = new InProcessVectorIndex();
      const data = vectors();
      idx.loadCollection('ws', 'content', dim, ids(), data.slice());
      // Searched: the collection has its graph (and graph keys to save).
      expect(idx.searchSync('ws', 'content', data.subarray(7 * dim, 8 * dim), 1)[0]!.id).toBe('c7');
      const saving = idx.save(join(dir, 'v'), 's1');
      idx.upsertSync('ws', 'content', 'c5', unit([0, 0, 1, 0, 0, 0, 0, 0]));
      await saving;
      expect(idx.vectorBytes().copied).toBeLessThanOrEqual(chunkBytes);
      // The saved state is the one before the change.
      const back = new InProcessVectorIndex();
      back.loadSnapshot(join(dir, 'v'), 's1');
      const saved = new Map([...back.entries()].map((e) => [e.id, Array.from(e.vector)]));
      expect(saved.get('c5')).toEqual(Array.from(data.subarray(5 * dim, 6 * dim)));
      // Once the snapshot is written, its chunks are the collection's own again: a change copies nothing.
      const copied = idx.vectorBytes().copied;
      idx.upsertSync('ws', 'content', 'c6000', unit([0, 1, 1, 0, 0, 0, 0, 0]));
      expect(idx.vectorBytes().copied).toBe(copied);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
