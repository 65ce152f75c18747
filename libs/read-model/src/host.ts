import { existsSync, mkdirSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { TgError, formatPartitionSet, type RpcRequest } from '@tg/contracts';
import { CatalogProjection, type Touched } from '@tg/domain';
import { StreamCursor, runProjectionFeed, type ProjectionHalt, type Running } from '@tg/messaging';
import { readYourWrites, type Runtime } from '@tg/service-runtime';
import { readSnapshot, writeSnapshot } from './snapshot';

/**
 * State kept beside the catalog snapshot by a component that derives it from the catalog and is slow to
 * rebuild (the ranking service's vector graphs). Written at the snapshot's position, restored after it.
 */
export interface SnapshotPart {
  /** File name stem under the snapshot directory (the part may write several files starting with it). */
  name: string;
  /**
   * Captures the state as it is now, synchronously (the catalog is at the snapshot's position and does not
   * move during this call), and writes it under `path`, tagged with `id`. The returned promise settles when
   * it is on disk.
   */
  save(path: string, id: string): Promise<void>;
  /**
   * Optional: called once snapshot `id` is accepted, before its catalog is read, so that the part can start
   * loading on another thread meanwhile; {@link restore} follows, or, when the catalog turns out unusable,
   * the function this returns (it drops what was loaded).
   */
  prepare?(path: string, id: string): (() => void) | undefined;
  /**
   * Called once the catalog was restored from snapshot `id`, before the feed resumes: restores from `path`.
   * False (or a rejection) when there is nothing usable there; the part then rebuilds as after a replay.
   */
  restore(path: string, id: string): Promise<boolean>;
}

/**
 * Hosts the catalog projection in this process: fed from the stream by an ordered consumer, read by
 * the services that share it. Listeners (vector index, cluster scheduler) follow what each event touched.
 */
export class ReadModelHost {
  readonly catalog = new CatalogProjection();
  readonly cursor = new StreamCursor();
  private readonly listeners: ((t: Touched, replaying: boolean, seq: number) => void)[] = [];
  private feed?: Running;
  private live = false;
  private markLive!: () => void;
  /** Settles once the projection has caught up with the stream (servers join their queue groups then). */
  readonly whenLive = new Promise<void>((r) => (this.markLive = r));

  constructor(private readonly rt: Runtime) {}

  private readonly parts: SnapshotPart[] = [];
  /** Registers state kept with the snapshot (see {@link SnapshotPart}); before {@link start}. */
  addSnapshotPart(part: SnapshotPart): void {
    this.parts.push(part);
  }

  /**
   * Registers a listener for changes (called during replay too, with `replaying` true), with the stream
   * sequence of the event that made them (a snapshot's restored state: the snapshot's position).
   */
  onChange(fn: (t: Touched, replaying: boolean, seq: number) => void): void {
    this.listeners.push(fn);
  }

  /** Stream position the projection was restored from (0 when it replayed the whole stream). */
  restoredFrom = 0;
  private sinceSnapshot = 0;
  private snapshotting?: Promise<void>;
  private created = '';
  /** When the stream this read model follows was created (a stream made anew restarts its sequences). */
  get streamCreated(): string {
    return this.created;
  }

  private get snapshotPath(): string {
    return join(this.rt.config.dataDir, 'snapshots', 'catalog.snap');
  }

  private partPath(part: SnapshotPart): string {
    return join(this.rt.config.dataDir, 'snapshots', part.name);
  }

  /** Restores the latest snapshot when it belongs to this stream; returns the position to resume after. */
  private async restoreSnapshot(streamLastSeq: number): Promise<number> {
    if (this.rt.config.snapshotEveryEvents < 0 || !existsSync(this.snapshotPath)) return 0;
    const t0 = Date.now();
    const cancels: (() => void)[] = [];
    const { snapshot, reason } = readSnapshot(this.snapshotPath, (h) => {
      const ok = h.streamCreated === this.created && h.position <= streamLastSeq && h.partitions === this.partitionKey;
      if (ok) for (const part of this.parts) cancels.push(part.prepare?.(this.partPath(part), h.id) ?? (() => undefined));
      return ok;
    });
    if (!snapshot) {
      for (const cancel of cancels) cancel();
      this.rt.log.warn({ path: this.snapshotPath, reason }, 'catalog snapshot ignored (another stream, format or partition set, or damaged); replaying the stream');
      return 0;
    }
    const readMs = Date.now() - t0;
    snapshot.restoreInto(this.catalog);
    this.cursor.advance(snapshot.header.position);
    // Listeners (vector index, caches) learn the restored state as if it had been replayed.
    for (const c of this.catalog.all()) {
      const touched = { workspace: c.id, entities: [...c.entities.keys()], parents: [...c.parents.keys()], removed: [], restored: true as const };
      for (const l of this.listeners) l(touched, true, snapshot.header.position);
    }
    const parts: Record<string, boolean> = {};
    for (const part of this.parts) {
      parts[part.name] = await part.restore(this.partPath(part), snapshot.header.id).catch((err: unknown) => {
        this.rt.log.warn({ err, part: part.name }, 'snapshot part could not be restored; it is rebuilt');
        return false;
      });
    }
    this.rt.log.info({ position: snapshot.header.position, readMs, ms: Date.now() - t0, parts }, 'catalog restored from snapshot');
    return snapshot.header.position;
  }

  /** Set when the projection met an event it could not apply: it stops there and is never snapshotted again. */
  halted?: ProjectionHalt;

  /** Health of the read model: not ok once halted (the reason names the event). */
  health(): { ok: boolean; reason?: string; halted?: ProjectionHalt } {
    const h = this.halted;
    return h ? { ok: false, reason: `projection ${h.projection} halted at stream sequence ${h.seq} (${h.subject}): ${h.reason}`, halted: h } : { ok: true };
  }

  /**
   * Writes a snapshot of the current state. The catalog is captured at the cursor's position and encoded from the
   * capture in chunks, with the event loop turning between them: requests are served and the feed goes on folding
   * events meanwhile (a read after a write does not wait for the snapshot). The parts capture their state at the
   * same position, synchronously here, and write it on their own.
   */
  snapshot(): Promise<void> {
    // A halted projection may hold part of the event it failed on: never persist it.
    if (this.rt.config.snapshotEveryEvents < 0 || this.halted) return Promise.resolve();
    if (this.snapshotting) return this.snapshotting;
    const position = this.cursor.position;
    const takenAt = Date.now();
    const id = `${position}@${takenAt}`;
    this.sinceSnapshot = 0;
    const path = this.snapshotPath;
    mkdirSync(join(this.rt.config.dataDir, 'snapshots'), { recursive: true });
    const parts = this.parts.map((part) =>
      part.save(this.partPath(part), id).then(
        () => true,
        (err: unknown) => {
          this.rt.log.warn({ err, part: part.name }, 'snapshot part not written (it is rebuilt after a restart)');
          return false;
        },
      ),
    );
    this.snapshotting = (async () => {
      const t0 = Date.now();
      try {
        const bytes = await writeSnapshot(this.catalog, `${path}.tmp`, { position, streamCreated: this.created, partitions: this.partitionKey, takenAt, id });
        const encodeMs = Date.now() - t0;
        await Promise.all(parts);
        await rename(`${path}.tmp`, path);
        this.rt.log.info({ position, bytes, encodeMs, ms: Date.now() - t0 }, 'catalog snapshot written');
      } catch (err) {
        await rm(`${path}.tmp`, { force: true });
        throw err;
      }
    })()
      .catch((err) => this.rt.log.warn({ err }, 'catalog snapshot failed'))
      .finally(() => (this.snapshotting = undefined));
    return this.snapshotting;
  }

  /** The partition set this read model holds, as written in its snapshots (`all` when not partitioned). */
  get partitionKey(): string {
    const p = this.rt.partitioning;
    return p.partial ? `${formatPartitionSet(p.serves)} of ${p.count}` : 'all';
  }

  /** The workspace partitions this read model holds: `serves` of `count` (every one when not partitioned). */
  get partitions(): { count: number; serves: number[] } {
    const p = this.rt.partitioning;
    return { count: p.count, serves: p.serves };
  }

  /** Workspaces this read model holds (all, or those of the partitions this process serves). */
  get workspaces(): number {
    let n = 0;
    for (const c of this.catalog.all()) if (c.id !== '_account') n++;
    return n;
  }

  /** Restores the latest snapshot (if any), replays the stream after it, then follows it live. Resolves once caught up. */
  async start(): Promise<void> {
    const t0 = Date.now();
    const stream = await this.rt.store.identity();
    this.created = stream.created;
    const fromSeq = await this.restoreSnapshot(stream.lastSeq);
    this.restoredFrom = fromSeq;
    // Catching up: each parent's statistics queue their updates (a read brings them up to date, so nothing
    // stale is ever seen); they are all brought up to date once caught up, before the services join.
    this.catalog.deferStats = true;
    const every = this.rt.config.snapshotEveryEvents;
    const feed = await runProjectionFeed(this.rt.store, {
      cursor: this.cursor,
      name: 'catalog',
      log: this.rt.log,
      fromSeq,
      onHalt: (h) => (this.halted = h),
      streamCreated: this.created,
      onReplaced: (r) => {
        this.replaced = `the event stream was re-created (at ${r.now}; this read model holds the stream created at ${r.was}): restart the process to rebuild it`;
        this.halted = { projection: 'catalog', seq: this.cursor.position, subject: '', reason: this.replaced };
        for (const l of this.replacedListeners) l(this.replaced);
      },
      // A partial process holds only its partitions' workspaces: other events are passed over undecoded.
      accept: this.rt.partitioning.partial ? (subject) => this.rt.partitioning.holdsEvent(subject) : undefined,
      handle: (e) => {
        const touched = this.catalog.apply(e);
        if (touched) for (const l of this.listeners) l(touched, !this.live, e.seq);
        if (every > 0 && ++this.sinceSnapshot >= every && !this.snapshotting) setImmediate(() => void this.snapshot());
      },
    });
    this.feed = feed;
    await feed.caughtUp;
    const settle0 = performance.now();
    this.catalog.deferStats = false;
    const settleMs = Math.round(performance.now() - settle0);
    this.live = true;
    this.markLive();
    const partitions = this.partitionKey;
    this.rt.log.info({ ms: Date.now() - t0, settleMs, position: this.cursor.position, restoredFrom: fromSeq, partitions, workspaces: this.workspaces }, 'catalog projection caught up');
  }

  /** Waits until the projection has passed the caller's last write (bounded); refuses once the stream was re-created. */
  ready(req: RpcRequest): Promise<void> {
    if (this.replaced) return Promise.reject(new TgError('unavailable', 'This instance is restarting: its read model is of an event stream that was re-created'));
    return readYourWrites(this.cursor, req, this.rt.config.readWaitMs);
  }

  /**
   * Whether the projection has passed `seq` within `waitMs` (false, without waiting, once the stream was re-created):
   * for a caller with an answer of its own when the read model is behind.
   */
  reached(seq: number | undefined, waitMs: number): Promise<boolean> {
    if (this.replaced) return Promise.resolve(false);
    return this.cursor.waitFor(seq, waitMs);
  }

  /**
   * Called once if the event stream is re-created while this read model runs (its state is then another stream's):
   * the process should exit so that a restart rebuilds it from the new stream (the services' entry points do).
   */
  onReplaced(listener: (reason: string) => void): void {
    this.replacedListeners.push(listener);
  }
  private replaced?: string;
  private readonly replacedListeners: ((reason: string) => void)[] = [];

  get isLive(): boolean {
    return this.live;
  }

  async stop(): Promise<void> {
    await this.feed?.stop();
    if (this.feed && (this.sinceSnapshot > 0 || !existsSync(this.snapshotPath))) await this.snapshot();
    await this.snapshotting;
    this.cursor.close();
  }
}
