import { describe, expect, it } from 'vitest';
import { ColumnMap } from './column-map';
import { createRng } from './random';

/** Everything a reader of a map sees: size, entries in order (by each of the ways to walk it), lookups. */
function seen(m: Map<string, number>, probe: readonly string[]) {
  const each: [string, number][] = [];
  m.forEach((v, k) => each.push([k, v]));
  return { size: m.size, entries: [...m], keys: [...m.keys()], values: [...m.values()], each, got: probe.map((k) => [m.get(k), m.has(k)]) };
}

describe('ColumnMap', () => {
  it('reads as a Map of its column, in its order, and makes a lazy value once', () => {
    let made = 0;
    const m = new ColumnMap<number>(['a', 'b', 'c'], (i) => (made++, i * 10));
    expect(m instanceof Map).toBe(true);
    expect(m.size).toBe(3);
    expect(m.get('b')).toBe(10);
    expect(m.get('b')).toBe(10);
    expect(made).toBe(1);
    expect(m.get('z')).toBeUndefined();
    expect(m.has('z')).toBe(false);
    expect([...m]).toEqual([['a', 0], ['b', 10], ['c', 20]]);
    expect(new Map(m)).toEqual(new Map([['a', 0], ['b', 10], ['c', 20]]));
  });

  it('shares the index of a column map of the same keys, and builds its own for other keys', () => {
    const ids = ['a', 'b', 'c', 'd'];
    const first = new ColumnMap(ids, [1, 2, 3, 4]);
    // The same keys in another array (the same strings), then the same keys in another order, then other keys.
    for (const keys of [[...ids], ['d', 'c', 'b', 'a'], ['a', 'b', 'c', 'e'], ['a', 'b']]) {
      const m = new ColumnMap(keys, (i) => i * 10, first);
      expect([...m]).toEqual(keys.map((k, i) => [k, i * 10]));
      for (const k of ['a', 'b', 'c', 'd', 'e']) expect(m.get(k)).toBe(keys.includes(k) ? keys.indexOf(k) * 10 : undefined);
    }
    expect([...first]).toEqual([['a', 1], ['b', 2], ['c', 3], ['d', 4]]);
  });

  it('refuses a key twice', () => {
    expect(() => new ColumnMap(['a', 'b', 'a'], [1, 2, 3])).toThrow(RangeError);
    expect(() => new ColumnMap(['a'], [1, 2])).toThrow(RangeError);
  });

  it('a set keeps a key in place, a deleted key set again comes last, after the keys added since', () => {
    const m = new ColumnMap(['a', 'b', 'c'], [1, 2, 3]);
    const ref = new Map([['a', 1], ['b', 2], ['c', 3]]);
    for (const x of [m, ref]) {
      x.set('b', 20);
      x.set('d', 4);
      x.delete('a');
      x.set('e', 5);
      x.set('a', 10);
      x.delete('d');
    }
    expect([...m]).toEqual([...ref]);
    expect(m.size).toBe(ref.size);
    m.clear();
    ref.clear();
    expect([...m]).toEqual([]);
    expect(m.size).toBe(0);
    m.set('b', 1);
    expect([...m]).toEqual([['b', 1]]);
  });

  it('random sets, deletes and lookups, some during a walk, leave it as a Map that did the same', () => {
    const rng = createRng(7);
    for (let round = 0; round < 40; round++) {
      const n = Math.floor(rng() * 300);
      // Keys that collide in a small table: short, alike; the probes include keys never set.
      const pool = Array.from({ length: n + 100 }, (_, i) => `k${i}`);
      const keys0 = pool.slice(0, n);
      const lazy = rng() < 0.5;
      const m: Map<string, number> = lazy ? new ColumnMap<number>(keys0, (i) => i) : new ColumnMap(keys0, keys0.map((_, i) => i));
      const ref = new Map(keys0.map((k, i) => [k, i]));
      const walks = [m.entries(), ref.entries()] as const;
      const walked: [unknown[], unknown[]] = [[], []];
      for (let op = 0; op < 400; op++) {
        const k = pool[Math.floor(rng() * pool.length)]!;
        const r = rng();
        if (r < 0.4) {
          const v = Math.floor(rng() * 1000);
          m.set(k, v);
          ref.set(k, v);
        } else if (r < 0.7) expect(m.delete(k)).toBe(ref.delete(k));
        else if (r < 0.8) {
          // A step of a walk begun at the start: live, as a Map's iterator is.
          walked[0].push(walks[0].next().value);
          walked[1].push(walks[1].next().value);
        } else expect([m.get(k), m.has(k)]).toEqual([ref.get(k), ref.has(k)]);
        expect(m.size).toBe(ref.size);
      }
      expect(walked[0]).toEqual(walked[1]);
      expect(seen(m, pool)).toEqual(seen(ref, pool));
    }
  });
});
