/**
 * A `Map` whose first entries are given as a column of keys (and their values, or a function making a value on first
 * read), indexed by a hash table of its own in one typed array instead of a `Map.set` per key: a snapshot's restore
 * built several maps of a million entries each, about 0.2-0.4 s of CPU apiece on this machine plus the collector's time
 * for their tables (each `Map` grows by doubling and leaves its old tables behind).
 *
 * It behaves as a `Map` in every respect callers can see, order included: the column's keys come first, in their
 * order; a set of one of them keeps its place; a deleted one is gone, and set again it comes last, after the keys set
 * since, which follow the column in the order they were set (the `Map` this class extends holds those). Iterators are
 * live as a `Map`'s: an entry set or deleted during an iteration is seen or skipped as a `Map` would.
 *
 * A lookup hashes the key (FNV-1a, in JavaScript: a `Map` keeps a string's hash in the string, this cannot) and
 * compares it with the column's key in its slot: slower per call than a `Map`'s, cheap next to a restore.
 */
const GONE: unique symbol = Symbol('gone');

/** FNV-1a of a string (32 bits). */
function hashOf(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** A column's keys and the hash table that finds them (never changed once built: column maps of the same keys share it). */
interface KeyIndex {
  keys: readonly string[];
  /** Per slot: the key's hash and 1 + its row (0: empty). Open addressing, linear probing, at most half full. */
  table: Int32Array;
  mask: number;
}

function indexOf(keys: readonly string[]): KeyIndex {
  const n = keys.length;
  let cap = 8;
  while (cap < 2 * n) cap *= 2;
  // Hash and row side by side: a probe reads one place, and compares strings only when the hashes agree.
  const table = new Int32Array(2 * cap);
  const mask = cap - 1;
  for (let i = 0; i < n; i++) {
    const key = keys[i]!;
    const h = hashOf(key) | 0;
    let s = h & mask;
    for (let r = table[2 * s + 1]!; r !== 0; r = table[2 * s + 1]!) {
      if (table[2 * s] === h && keys[r - 1] === key) throw new RangeError(`ColumnMap: key '${key}' twice`);
      s = (s + 1) & mask;
    }
    table[2 * s] = h;
    table[2 * s + 1] = i + 1;
  }
  return { keys, table, mask };
}

/** Whether two columns hold the same keys in the same order (the same strings: one compare of references each). */
function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export class ColumnMap<V> extends Map<string, V> {
  private readonly index: KeyIndex;
  private readonly keys0: readonly string[];
  /** Per column row: its value, undefined until made (with `make`), or {@link GONE} once deleted. */
  private readonly vals: (V | undefined | typeof GONE)[];
  /** Column rows not deleted. */
  private live: number;
  /** Whether values are made on first read (else `vals` holds them all). */
  private readonly lazy: boolean;
  private readonly make: (i: number) => V;

  /**
   * @param keys0 - the first keys, in their order (each once: a key twice throws a `RangeError`).
   * @param values - their values by row, or a function making the value of row `i` on its first read (kept then).
   * @param like - a column map whose keys may be the same, in the same order: then its index is shared, not built.
   */
  constructor(keys0: readonly string[], values: V[] | ((i: number) => V), like?: ColumnMap<unknown>) {
    super();
    this.keys0 = keys0;
    this.index = like && sameKeys(like.keys0, keys0) ? like.index : indexOf(keys0);
    const n = keys0.length;
    this.lazy = typeof values === 'function';
    this.make = typeof values === 'function' ? values : () => undefined as V;
    this.vals = typeof values === 'function' ? new Array<V | undefined>(n) : values;
    if (this.vals.length !== n) throw new RangeError('ColumnMap: one value per key expected');
    this.live = n;
  }

  /** The column row of `key` (deleted or not), or -1. */
  private rowOf(key: string): number {
    if (typeof key !== 'string' || this.keys0.length === 0) return -1;
    const { keys, table, mask } = this.index;
    const h = hashOf(key) | 0;
    let s = h & mask;
    for (let r = table[2 * s + 1]!; r !== 0; r = table[2 * s + 1]!) {
      if (table[2 * s] === h && keys[r - 1] === key) return r - 1;
      s = (s + 1) & mask;
    }
    return -1;
  }

  private valueAt(i: number): V {
    const v = this.vals[i];
    if (v !== undefined || !this.lazy) return v as V;
    const made = this.make(i);
    this.vals[i] = made;
    return made;
  }

  override get size(): number {
    return this.live + super.size;
  }

  override get(key: string): V | undefined {
    const i = this.rowOf(key);
    if (i >= 0 && this.vals[i] !== GONE) return this.valueAt(i);
    return super.get(key);
  }

  override has(key: string): boolean {
    const i = this.rowOf(key);
    if (i >= 0 && this.vals[i] !== GONE) return true;
    return super.has(key);
  }

  override set(key: string, value: V): this {
    const i = this.rowOf(key);
    // In a map that makes its values, undefined reads as "not made yet": such a set goes the way of a deleted key's.
    if (i >= 0 && this.vals[i] !== GONE && (value !== undefined || !this.lazy)) {
      this.vals[i] = value;
      return this;
    }
    if (i >= 0 && this.vals[i] !== GONE) this.deleteRow(i);
    super.set(key, value);
    return this;
  }

  override delete(key: string): boolean {
    const i = this.rowOf(key);
    if (i >= 0 && this.vals[i] !== GONE) {
      this.deleteRow(i);
      return true;
    }
    return super.delete(key);
  }

  private deleteRow(i: number): void {
    this.vals[i] = GONE;
    this.live--;
  }

  override clear(): void {
    for (let i = 0; i < this.vals.length; i++) this.vals[i] = GONE;
    this.live = 0;
    super.clear();
  }

  override *entries(): MapIterator<[string, V]> {
    for (let i = 0; i < this.keys0.length; i++) if (this.vals[i] !== GONE) yield [this.keys0[i]!, this.valueAt(i)];
    yield* super.entries();
  }

  override *keys(): MapIterator<string> {
    for (let i = 0; i < this.keys0.length; i++) if (this.vals[i] !== GONE) yield this.keys0[i]!;
    yield* super.keys();
  }

  override *values(): MapIterator<V> {
    for (let i = 0; i < this.keys0.length; i++) if (this.vals[i] !== GONE) yield this.valueAt(i);
    yield* super.values();
  }

  override [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }

  override forEach(fn: (value: V, key: string, map: Map<string, V>) => void, thisArg?: unknown): void {
    for (const [k, v] of this.entries()) fn.call(thisArg, v, k, this);
  }
}
