/**
 * A map's keys and values as they were at one moment, copied a slice at a time while the map goes on changing: a
 * snapshot copied the catalog's maps at once, a million entries each, and held the event loop a quarter of a second
 * or more at every periodic snapshot of a million items.
 *
 * Whoever changes the map tells the image first: {@link beforeSet} before setting a key (a set keeps an entry's place
 * in a `Map`'s order, so the image keeps the value the set replaces, for when its copy reaches that entry) and
 * {@link beforeDelete} before deleting one (a delete loses the entry's place in the order, so what is left is copied
 * at once first: the cost of copying everything at the moment of the image, paid only when a delete comes during the
 * copy). Entries added after the image was taken come after its entries in the map's order and are never reached:
 * the image copies exactly the entries the map had, in its order.
 */
export class MapImage<K, V, T = V> {
  private readonly ks: K[] = [];
  private readonly vs: T[] = [];
  private it?: Iterator<[K, V]>;
  private left: number;
  /** Values replaced since the image was taken, by key (the first replaced value of each). */
  private was?: Map<K, V>;

  /**
   * @param map - the map, as it is now.
   * @param as - what the image keeps of each value (the value itself when omitted).
   */
  constructor(
    private readonly map: ReadonlyMap<K, V>,
    private readonly as?: (v: V) => T,
  ) {
    this.left = map.size;
    this.it = map.entries();
  }

  /** Whether every entry is copied. */
  get done(): boolean {
    return this.left === 0;
  }

  /** Copies up to `n` more entries; true once every entry is copied. */
  advance(n: number): boolean {
    const it = this.it;
    if (!it) return true;
    const { ks, vs, was, as } = this;
    for (let i = 0; i < n && this.left > 0; i++, this.left--) {
      const [k, live] = it.next().value as [K, V];
      const v = was !== undefined && was.has(k) ? was.get(k)! : live;
      ks.push(k);
      vs.push(as ? as(v) : (v as unknown as T));
    }
    if (this.left > 0) return false;
    this.it = undefined;
    this.was = undefined;
    return true;
  }

  /** The keys at the moment of the image, in the map's order (copies what is left first). */
  get keys(): readonly K[] {
    this.advance(Infinity);
    return this.ks;
  }

  /** The values at the moment of the image, in the map's order (copies what is left first). */
  get values(): readonly T[] {
    this.advance(Infinity);
    return this.vs;
  }

  /** Call before `map.set(key, …)`: keeps the value the set replaces, if the map holds the key and its copy is to come. */
  beforeSet(key: K): void {
    if (this.left === 0 || !this.map.has(key)) return;
    const was = (this.was ??= new Map());
    if (!was.has(key)) was.set(key, this.map.get(key)!);
  }

  /** Call before `map.delete(key)` or `map.clear()`: copies what is left at once (the entry's place would be lost). */
  beforeDelete(): void {
    this.advance(Infinity);
  }
}
