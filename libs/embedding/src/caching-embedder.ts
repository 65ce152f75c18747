import { createHash } from 'node:crypto';
import type { Embedder } from './embedder';

/** Options of {@link CachingEmbedder}. */
export interface CachingEmbedderOptions {
  /** Most vectors kept (least recently used are evicted first). Default 10 000. */
  maxEntries?: number;
}

/** Counters of a {@link CachingEmbedder}. */
export interface CacheStats {
  /** Texts answered without calling the wrapped embedder (cache, or a repeat within one call). */
  hits: number;
  /** Texts passed to the wrapped embedder. */
  misses: number;
  /** Entries currently cached. */
  size: number;
  /** Capacity. */
  maxEntries: number;
}

/**
 * Wraps any embedder with a bounded LRU cache keyed by sha256(model id, text). Null results are cached
 * too. Callers get their own copy of every vector, so mutating one never alters the cache.
 */
export class CachingEmbedder implements Embedder {
  private readonly cache = new Map<string, Float32Array | null>();
  private readonly maxEntries: number;
  private hits = 0;
  private misses = 0;

  /**
   * @param inner the embedder whose answers are cached
   * @param opts capacity
   */
  constructor(
    private readonly inner: Embedder,
    opts: CachingEmbedderOptions = {},
  ) {
    this.maxEntries = Math.max(1, Math.floor(opts.maxEntries ?? 10_000));
  }

  /** The embedder whose answers are cached (their vectors are its own: caching never changes one). */
  get wrapped(): Embedder {
    return this.inner;
  }

  /** The wrapped embedder's id: caching never changes a vector. */
  get id(): string {
    return this.inner.id;
  }

  /** The wrapped embedder's dimension. */
  get dim(): number {
    return this.inner.dim;
  }

  /** Cached vectors where present; the rest in one call to the wrapped embedder. */
  async embed(texts: string[]): Promise<(Float32Array | null)[]> {
    const out: (Float32Array | null)[] = new Array(texts.length).fill(null);
    const pending = new Map<string, number[]>();
    const missTexts: string[] = [];
    const missKeys: string[] = [];
    texts.forEach((text, i) => {
      const key = this.keyOf(text);
      const waiting = pending.get(key);
      if (waiting) {
        this.hits++;
        waiting.push(i);
      } else if (this.cache.has(key)) {
        this.hits++;
        out[i] = copy(this.touch(key));
      } else {
        this.misses++;
        pending.set(key, [i]);
        missTexts.push(text);
        missKeys.push(key);
      }
    });
    if (missTexts.length === 0) return out;
    const vectors = await this.inner.embed(missTexts);
    if (vectors.length !== missTexts.length) throw new Error(`${this.inner.id} returned ${vectors.length} vectors for ${missTexts.length} texts`);
    missKeys.forEach((key, k) => {
      const v = vectors[k];
      this.store(key, v);
      for (const i of pending.get(key)!) out[i] = copy(v);
    });
    return out;
  }

  /** Hit and miss counters and current size. */
  stats(): CacheStats {
    return { hits: this.hits, misses: this.misses, size: this.cache.size, maxEntries: this.maxEntries };
  }

  /** Drops every cached vector (counters are kept). */
  clear(): void {
    this.cache.clear();
  }

  private keyOf(text: string): string {
    return createHash('sha256').update(this.inner.id).update('\0').update(text).digest('base64');
  }

  private touch(key: string): Float32Array | null {
    const v = this.cache.get(key)!;
    this.cache.delete(key);
    this.cache.set(key, v);
    return v;
  }

  private store(key: string, v: Float32Array | null): void {
    this.cache.delete(key);
    this.cache.set(key, copy(v));
    while (this.cache.size > this.maxEntries) this.cache.delete(this.cache.keys().next().value!);
  }
}

function copy(v: Float32Array | null): Float32Array | null {
  return v ? v.slice() : null;
}
