import { existsSync } from 'node:fs';
import type { EntityDoc } from '@tg/domain';
import { type ReadModelHost, representativeVector } from '@tg/read-model';
import type { Logger } from '@tg/observability';
import { EXACT_BELOW, InProcessVectorIndex, packVectors, ThreadedVectorIndex, vectorIndexDigest, type ProjectedVectorIndex, type VectorHit, type VectorIndexDigest } from '@tg/vector-store';
import { VectorProjection } from './vector-projection';

/** Options of {@link RankingIndex}. */
export interface RankingIndexOptions {
  /** Search large collections on a worker thread (default true; see ThreadedVectorIndex). */
  thread?: boolean;
  /** Told when the worker thread fails (searches then run on the main thread). */
  onThreadError?: (error: Error) => void;
  /**
   * An index outside this process (Qdrant, opened once the read model is live) to feed from the read model and
   * search instead of holding the vectors here; `projectionKey` names its checkpoint (the partition set held).
   */
  projected?: { open: () => Promise<ProjectedVectorIndex>; projectionKey: string; log: Logger };
}

/**
 * The vector read model the ranking service queries: every entity's representative vector (content:
 * its own; parents: the normalised weighted mean of their children; others: their own text vector),
 * kept in an in-process index per workspace and entity type. A live change marks what it touched dirty and
 * is applied a turn of the event loop later (parents' vectors recomputed: O(d) each), so that the worker thread
 * applies it to its graph before the next search arrives rather than in front of it; a search still flushes
 * what is pending first (read-your-writes).
 */
export class RankingIndex {
  /** The vectors held in this process; absent when a projected index (Qdrant) holds them instead. */
  readonly index?: InProcessVectorIndex | ThreadedVectorIndex;
  /** What feeds the projected index from the read model, when there is one (see {@link VectorProjection}). */
  readonly projection?: VectorProjection;
  private readonly dirty = new Map<string, Set<string>>();
  /** Workspaces a snapshot restored that are not in the index yet: every entity of each is pending. */
  private readonly restoredWhole = new Set<string>();

  constructor(
    private readonly host: ReadModelHost,
    opts: RankingIndexOptions = {},
  ) {
    if (opts.projected) {
      this.projection = new VectorProjection(host, opts.projected.open, { key: opts.projected.projectionKey, log: opts.projected.log, representative: (ws, id, doc) => this.representative(ws, id, doc) });
      return;
    }
    const index = (this.index = opts.thread === false ? new InProcessVectorIndex() : new ThreadedVectorIndex({ onError: opts.onThreadError }));
    host.onChange((t, replaying) => {
      // A restored workspace is loaded whole from the catalog (a million ids need no set of their own).
      if (t.restored) return void this.restoredWhole.add(t.workspace);
      let set = this.dirty.get(t.workspace);
      if (!set) this.dirty.set(t.workspace, (set = new Set()));
      for (const id of t.entities) set.add(id);
      for (const id of t.parents) set.add(id);
      for (const id of t.removed) {
        set.delete(id);
        index.removeSync(t.workspace, id);
      }
      // Live writes are applied a turn after their fold (the worker then has them before the next search comes,
      // instead of applying them in front of it); a replay is loaded in bulk by the restore or by warm.
      if (!replaying) this.flushSoon(t.workspace);
    });
    // The vector graphs are kept with the catalog snapshot: a restart loads them instead of rebuilding them.
    host.addSnapshotPart({
      name: 'ranking-vectors',
      save: async (path, id) => {
        this.flushAll();
        await index.save(path, id);
      },
      // The worker reads its graphs while the main thread reads the catalog.
      prepare: (path, id) => {
        if (!(index instanceof ThreadedVectorIndex) || !existsSync(path) || !index.preload(path, id)) return undefined;
        return () => void index.close();
      },
      restore: async (path, id) => {
        const t0 = performance.now();
        this.loadAll();
        const t1 = performance.now();
        const ok = existsSync(path) && (await index.restore(path, id));
        this.restored = { ok, flushMs: Math.round(t1 - t0), loadWaitMs: Math.round(performance.now() - t1) };
        return ok;
      },
    });
  }

  /** How the last restore from a snapshot went: the restored catalog's vectors applied, then the wait for the graphs. */
  restored?: { ok: boolean; flushMs: number; loadWaitMs: number };

  /**
   * Applies every workspace's pending changes to the index, a whole collection at a time while the index is
   * still empty (after a restore: a million upserts one by one took as long as reading the snapshot). The
   * result is what {@link flush} gives: the same vectors, in the same order, per entity type.
   */
  private loadAll(): void {
    const index = this.index;
    if (!index) return;
    if (!index.empty) return this.flushAll();
    for (const cat of this.host.catalog.all()) {
      const whole = this.restoredWhole.delete(cat.id);
      const set = this.dirty.get(cat.id);
      if (!whole && !set?.size) continue;
      const groups = new Map<string, { dim: number; ids: string[]; vectors: Float32Array[] }>();
      const add = (id: string, d: EntityDoc | undefined) => {
        const v = d ? representativeVector(cat, id, d) : null;
        if (!d || !v) return;
        let g = groups.get(d.type);
        if (!g) groups.set(d.type, (g = { dim: v.length, ids: [], vectors: [] }));
        // A vector of another dimension starts the collection afresh, as an upsert does.
        if (g.dim !== v.length) groups.set(d.type, (g = { dim: v.length, ids: [], vectors: [] }));
        g.ids.push(id);
        g.vectors.push(v);
      };
      // The restored workspace whole, else what changed (in the same order: the catalog's, as a flush gives).
      if (whole) for (const [id, d] of cat.entities) add(id, d);
      else for (const id of set!) add(id, cat.entities.get(id));
      for (const [type, g] of groups) {
        // A snapshot's vectors lie in one array in the catalog's order: the index reads them there until its
        // first change (copying 400 MB at a million items took 0.5-1.4 s of a restart on a slow machine).
        const { data, borrowed } = packVectors(g.vectors, g.dim);
        index.loadCollection(cat.id, type, g.dim, g.ids, data, { borrowed });
      }
      set?.clear();
    }
  }

  private readonly flushing = new Set<string>();
  /** Flushes a workspace in the next turn of the event loop (once for every change folded in this one). */
  private flushSoon(ws: string): void {
    if (this.flushing.has(ws)) return;
    if (!this.flushing.size) {
      setImmediate(() => {
        const all = [...this.flushing];
        this.flushing.clear();
        for (const w of all) this.flush(w);
      });
    }
    this.flushing.add(ws);
  }

  /** Applies every workspace's pending changes to the index. */
  private flushAll(): void {
    for (const cat of this.host.catalog.all()) this.flush(cat.id);
  }

  /** The representative vector of an entity (null when it has none); pass its document when you have it. */
  representative(ws: string, id: string, doc?: EntityDoc): Float32Array | null {
    const cat = this.host.catalog.ws(ws);
    return representativeVector(cat, id, doc ?? cat.entities.get(id));
  }

  /** Applies pending changes of a workspace to the in-process index (a projected index is fed by its projection). */
  flush(ws: string): void {
    if (!this.index) return;
    let set = this.dirty.get(ws);
    if (this.restoredWhole.delete(ws)) {
      if (!set) this.dirty.set(ws, (set = new Set()));
      for (const id of this.host.catalog.ws(ws).entities.keys()) set.add(id);
    }
    if (!set || !set.size) return;
    // Only a workspace with pending changes is asked for (asking creates an empty one).
    const cat = this.host.catalog.ws(ws);
    for (const id of set) {
      const d = cat.entities.get(id);
      const v = d ? this.representative(ws, id) : null;
      if (d && v) this.index.upsertSync(ws, d.type, id, v);
      else this.index.removeSync(ws, id);
    }
    set.clear();
  }

  /**
   * Digest of the vectors the searches read, with every pending change applied first (synchronously: the catalog
   * does not move meanwhile): the main thread's index at once, the search worker's when it runs (`graphs`, after the
   * writes sent before this call; null when no worker runs). Empty with a projected index (Qdrant holds the vectors).
   */
  digest(): { index?: VectorIndexDigest; graphs?: Promise<VectorIndexDigest | null> } {
    const index = this.index;
    if (!index) return {};
    this.flushAll();
    if (index instanceof ThreadedVectorIndex) {
      const d = index.digest();
      return { index: d.local, graphs: d.worker };
    }
    return { index: vectorIndexDigest(index.entries()), graphs: Promise.resolve(null) };
  }

  /** Nearest entities of a type to a query vector (large collections are searched off the event loop). */
  async search(ws: string, type: string, q: Float32Array, k: number): Promise<VectorHit[]> {
    if (this.projection) {
      // Read-your-writes: what the read model has applied to this workspace is written before the search.
      await this.projection.settled(ws);
      return this.projection.target.search(ws, type, q, k);
    }
    this.flush(ws);
    return this.index!.search(ws, type, q, k);
  }

  /** {@link search} for several query vectors of one type (`ks[i]` hits for `qs[i]`): one message to the worker thread. */
  async searchMany(ws: string, type: string, qs: Float32Array[], ks: number[]): Promise<VectorHit[][]> {
    if (this.projection) {
      await this.projection.settled(ws);
      const target = this.projection.target;
      return Promise.all(qs.map((q, i) => target.search(ws, type, q, ks[i]!)));
    }
    this.flush(ws);
    const index = this.index!;
    if (index instanceof ThreadedVectorIndex) return index.searchMany(ws, type, qs, ks);
    return qs.map((q, i) => index.searchSync(ws, type, q, ks[i]!));
  }

  /**
   * Prepares every workspace this instance holds, before it joins its queue group: the lexical index and the
   * vector graph of each collection large enough to have one. Otherwise the first searches after a start
   * build them while their requests wait (seconds at 20,000 items: the slow searches on a just-restarted
   * replica in the fault suites). Yields to the event loop between workspaces.
   * @returns how many workspaces and graphs were prepared.
   */
  async warm(): Promise<{ workspaces: number; graphs: number }> {
    let workspaces = 0;
    let graphs = 0;
    for (const cat of [...this.host.catalog.all()]) {
      workspaces++;
      void cat.lexical;
      this.flush(cat.id);
      for (const [type, n] of cat.typeCounts) {
        // A projected index builds its own search structures.
        if (n < EXACT_BELOW || !this.index) continue;
        // Any vector of the collection is a query of the right dimension; the search builds the graph.
        for (const d of cat.entities.values()) {
          const v = d.type === type ? this.representative(cat.id, d.id, d) : null;
          if (!v) continue;
          await this.index.search(cat.id, type, v, 1);
          graphs++;
          break;
        }
      }
      await new Promise((r) => setImmediate(r));
    }
    return { workspaces, graphs };
  }

  /** Stops the worker thread, if any; a projection writes what is pending and its checkpoint. */
  async close(): Promise<void> {
    await this.projection?.stop();
    await this.index?.close();
  }
}
