import { describe, expect, it } from 'vitest';
import { MapImage } from './map-image';
import { createRng } from './random';

describe('MapImage', () => {
  it('copies a slice at a time, and only the entries the map had, in its order', () => {
    const m = new Map([['a', 1], ['b', 2], ['c', 3], ['d', 4]]);
    const img = new MapImage(m, (v) => v * 10);
    expect(img.advance(1)).toBe(false);
    img.beforeSet('a');
    m.set('a', 100);
    img.beforeSet('c');
    m.set('c', 300);
    img.beforeSet('c');
    m.set('c', 301);
    img.beforeSet('e');
    m.set('e', 5);
    expect(img.advance(2)).toBe(false);
    expect(img.done).toBe(false);
    expect(img.advance(5)).toBe(true);
    expect(img.keys).toEqual(['a', 'b', 'c', 'd']);
    expect(img.values).toEqual([10, 20, 30, 40]);
  });

  it('a delete before the copy is done copies the rest first (the entry keeps its place in the image)', () => {
    const m = new Map([['a', 1], ['b', 2], ['c', 3]]);
    const img = new MapImage(m);
    img.advance(1);
    img.beforeDelete();
    expect(img.done).toBe(true);
    m.delete('b');
    m.set('b', 20);
    expect(img.keys).toEqual(['a', 'b', 'c']);
    expect(img.values).toEqual([1, 2, 3]);
  });

  it('random changes while images are copied: each image equals the map copied at once at its moment', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const random = createRng(seed);
      const m = new Map<string, number>();
      for (let i = 0; i < 40; i++) m.set(`k${i}`, i);
      let img: MapImage<string, number> | undefined;
      let at: [string, number][] = [];
      for (let step = 0; step < 3_000; step++) {
        const r = random();
        if (r < 0.03) {
          if (img) {
            expect([img.keys, img.values]).toEqual([at.map(([k]) => k), at.map(([, v]) => v)]);
            img = undefined;
          } else {
            img = new MapImage(m);
            at = [...m];
          }
          continue;
        }
        if (img && r < 0.5) {
          img.advance(Math.floor(random() * 4));
          continue;
        }
        const key = `k${Math.floor(random() * 60)}`;
        // Deletes are rarer than sets, so that most images are copied in slices between changes.
        if (r < 0.53) {
          img?.beforeDelete();
          m.delete(key);
        } else {
          img?.beforeSet(key);
          m.set(key, step);
        }
      }
    }
  });
});
