import type { EntityDoc } from '@tg/domain';
import type { Logger } from '@tg/observability';
import type { ReadModelHost } from '@tg/read-model';
import type { ProjectedVectorIndex, VectorPoint } from '@tg/vector-store';

/**
 * The rules of what the projection writes: every entity's representative vector (see `RankingIndex`), by entity
 * type, under its workspace's namespace. Changing them changes this version, and an index written under another
 * version is rebuilt.
 */
export const VECTOR_PROJECTION_VERSION = 'representative-v1';

/** Options of {@link VectorProjection}. */
export interface VectorProjectionOptions {
  /**
   * Names this projection's checkpoint in the index: the instances that hold the same workspaces (the same
   * partition set) share it.
   */
  key: string;
  /** An entity's representative vector (null when it has none). */
  representative: (ws: string, id: string, doc?: EntityDoc) => Float32Array | null;
  log: Logger;
  /** At most one checkpoint write per this many milliseconds while following the log (default 1,000). */
  checkpointEveryMs?: number;
}

/** What a projection has written since it started. */
export interface ProjectionStats {
  upserts: number;
  removals: number;
  rebuilds: number;
  checkpoints: number;
}

/**
 * Feeds a vector index outside this process (Qdrant) from the event log, through the catalog read model: every
 * change the catalog applies marks the entities it touched with the stream sequence that touched them; the
 * marks are written in batches (the entity's representative vector as the catalog holds it then, or a removal),
 * and the projection's position is checkpointed in the index itself after the writes it covers.
 *
 * At start, once the read model has caught up, the index is reconciled with it: when its checkpoint is of this
 * version and stream and at or after the position the read model was restored from, only the changes after the
 * checkpoint are written (the read model replayed them, so they are marked); otherwise (no checkpoint, another
 * version or stream, or a checkpoint older than the snapshot: changes in between were never seen) the index is
 * rebuilt from the catalog — every vector written, and every id the index holds that the catalog does not, removed.
 *
 * Several instances that hold the same workspaces write the same vectors (writes are idempotent upserts by id).
 * One that is behind may briefly overwrite a newer vector with an older one, until it applies the same change;
 * searches only take candidates from the index and score them on the catalog's own vectors.
 */
export class VectorProjection {
  /** Changes not yet written: per workspace, entity id → the stream sequence that last touched it. */
  private pending = new Map<string, Map<string, number>>();
  private chain: Promise<void> = Promise.resolve();
  /** Workspaces whose marks the running write holds. */
  private writing = new Set<string>();
  private scheduled = false;
  private following = false;
  private lastCheckpointAt = 0;
  private checkpointed = 0;
  readonly stats: ProjectionStats = { upserts: 0, removals: 0, rebuilds: 0, checkpoints: 0 };
  /** How the last {@link start} reconciled the index (undefined until it has). */
  reconciled?: { rebuilt: boolean; from: number; position: number };
  private opened?: ProjectedVectorIndex;

  /**
   * @param open opens the index at {@link start} (Qdrant's collection is named after the embedding model, which
   *   the embedding service tells); until then changes are only marked.
   */
  constructor(
    private readonly host: ReadModelHost,
    private readonly open: () => Promise<ProjectedVectorIndex>,
    private readonly opts: VectorProjectionOptions,
  ) {
    host.onChange((t, _replaying, seq) => {
      let marks = this.pending.get(t.workspace);
      if (!marks) this.pending.set(t.workspace, (marks = new Map()));
      for (const id of t.entities) marks.set(id, seq);
      for (const id of t.parents) marks.set(id, seq);
      for (const id of t.removed) marks.set(id, seq);
      if (this.following) this.schedule();
    });
  }

  /** The index this projection feeds (once started). */
  get target(): ProjectedVectorIndex {
    if (!this.opened) throw new Error('the vector projection has not started');
    return this.opened;
  }

  private get version(): string {
    return `${VECTOR_PROJECTION_VERSION}@${this.host.streamCreated}`;
  }

  /**
   * Reconciles the index with the caught-up read model (from the checkpoint, or by a rebuild), then follows
   * the log. Call once the read model is live, before serving searches.
   */
  async start(): Promise<{ rebuilt: boolean; from: number; position: number }> {
    this.opened ??= await this.open();
    const cp = await this.target.readCheckpoint(this.opts.key);
    const position = this.host.cursor.position;
    const usable = cp !== null && cp.version === this.version && cp.position >= this.host.restoredFrom;
    if (usable) {
      // Everything up to the checkpoint is in the index already: only later marks are written.
      for (const marks of this.pending.values()) for (const [id, seq] of marks) if (seq <= cp.position) marks.delete(id);
      await this.flush(true);
    } else {
      await this.rebuild(position);
    }
    this.following = true;
    this.schedule();
    await this.chain;
    this.opts.log.info({ rebuilt: !usable, checkpoint: cp?.position ?? null, position, ...this.stats }, 'vector projection reconciled');
    this.reconciled = { rebuilt: !usable, from: usable ? cp.position : 0, position };
    return this.reconciled;
  }

  /** Writes every vector of every workspace the read model holds, and removes what the index holds beyond it. */
  private async rebuild(position: number): Promise<void> {
    this.stats.rebuilds++;
    for (const marks of this.pending.values()) for (const [id, seq] of marks) if (seq <= position) marks.delete(id);
    for (const cat of [...this.host.catalog.all()]) {
      const points: VectorPoint[] = [];
      for (const d of cat.entities.values()) {
        const v = this.opts.representative(cat.id, d.id, d);
        if (v) points.push({ collection: d.type, id: d.id, vector: v });
      }
      await this.target.upsertMany(cat.id, points);
      this.stats.upserts += points.length;
      const held = new Set(points.map((p) => p.id));
      const stale = (await this.target.listIds(cat.id)).filter((id) => !held.has(id));
      await this.target.removeMany(cat.id, stale);
      this.stats.removals += stale.length;
    }
    await this.writeCheckpoint(position);
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.chain = this.chain
      .then(() => {
        this.scheduled = false;
        return this.flush(false);
      })
      .catch((err: unknown) => {
        this.scheduled = false;
        this.opts.log.error({ err }, 'vector projection write failed; retried with the next change');
      });
  }

  /** Writes the marked changes of every workspace; checkpoints the position they cover (throttled unless `force`). */
  private async flush(force: boolean): Promise<void> {
    const position = this.host.cursor.position;
    const taken = this.pending;
    this.pending = new Map();
    this.writing = new Set(taken.keys());
    try {
      for (const [ws, marks] of taken) {
        if (!marks.size) continue;
        const cat = this.host.catalog.ws(ws);
        const points: VectorPoint[] = [];
        const removed: string[] = [];
        for (const id of marks.keys()) {
          const d = cat.entities.get(id);
          const v = d ? this.opts.representative(ws, id, d) : null;
          if (d && v) points.push({ collection: d.type, id, vector: v });
          else removed.push(id);
        }
        await this.target.upsertMany(ws, points);
        await this.target.removeMany(ws, removed);
        this.stats.upserts += points.length;
        this.stats.removals += removed.length;
        marks.clear();
      }
    } catch (err) {
      // Put back what was not written (newer marks of the same entity win).
      for (const [ws, marks] of taken) {
        let now = this.pending.get(ws);
        if (!now) this.pending.set(ws, (now = new Map()));
        for (const [id, seq] of marks) if ((now.get(id) ?? -1) < seq) now.set(id, seq);
      }
      throw err;
    } finally {
      this.writing = new Set();
    }
    if (position > this.checkpointed && (force || Date.now() - this.lastCheckpointAt >= (this.opts.checkpointEveryMs ?? 1_000))) await this.writeCheckpoint(position);
  }

  private async writeCheckpoint(position: number): Promise<void> {
    await this.target.writeCheckpoint(this.opts.key, { position, version: this.version, at: Date.now() });
    this.checkpointed = position;
    this.lastCheckpointAt = Date.now();
    this.stats.checkpoints++;
  }

  /** Resolves once every change the read model has applied to this workspace so far is in the index. */
  async settled(ws: string): Promise<void> {
    // A search of a workspace with nothing pending or being written does not wait for other workspaces' writes.
    if (this.pending.get(ws)?.size) this.schedule();
    else if (!this.writing.has(ws)) return;
    await this.chain;
  }

  /** Writes what is pending and a last checkpoint (on stop). */
  async stop(): Promise<void> {
    if (!this.opened) return;
    this.following = false;
    await this.chain;
    await this.flush(true).catch((err: unknown) => this.opts.log.warn({ err }, 'vector projection: last write on stop failed'));
  }
}
