import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { formatPartitionSet, type RpcRequest } from '@tg/contracts';
import { CatalogProjection, type Touched } from '@tg/domain';
import { StreamCursor, runProjectionFeed, type ProjectionHalt, type Running } from '@tg/messaging';
import { readYourWrites, type Runtime } from '@tg/service-runtime';
import { encodeSnapshot, readSnapshot } from './snapshot';

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

  /** Restores the latest snapshot when it belongs to this stream; returns the position to resume after. */
  private restoreSnapshot(streamLastSeq: number): number {
    if (this.rt.config.snapshotEveryEvents < 0 || !existsSync(this.snapshotPath)) return 0;
    const t0 = Date.now();
    const snap = readSnapshot(readFileSync(this.snapshotPath));
    if (!snap || snap.header.streamCreated !== this.created || snap.header.position > streamLastSeq || (snap.header.partitions ?? 'all') !== this.partitionKey) {
      this.rt.log.warn({ path: this.snapshotPath }, 'catalog snapshot ignored (another stream, format or partition set); replaying the stream');
      return 0;
    }
    snap.restoreInto(this.catalog);
    this.cursor.advance(snap.header.position);
    // Listeners (vector index, caches) learn the restored state as if it had been replayed.
    for (const c of this.catalog.all()) {
      const touched = { workspace: c.id, entities: [...c.entities.keys()], parents: [...c.parents.keys()], removed: [] };
      for (const l of this.listeners) l(touched, true, snap.header.position);
    }
    this.rt.log.info({ position: snap.header.position, ms: Date.now() - t0 }, 'catalog restored from snapshot');
    return snap.header.position;
  }

  /** Set when the projection met an event it could not apply: it stops there and is never snapshotted again. */
  halted?: ProjectionHalt;

  /** Health of the read model: not ok once halted (the reason names the event). */
  health(): { ok: boolean; reason?: string; halted?: ProjectionHalt } {
    const h = this.halted;
    return h ? { ok: false, reason: `projection ${h.projection} halted at stream sequence ${h.seq} (${h.subject}): ${h.reason}`, halted: h } : { ok: true };
  }

  /** Writes a snapshot of the current state (encoded synchronously, so it matches the cursor position). */
  snapshot(): Promise<void> {
    // A halted projection may hold part of the event it failed on: never persist it.
    if (this.rt.config.snapshotEveryEvents < 0 || this.halted) return Promise.resolve();
    if (this.snapshotting) return this.snapshotting;
    const position = this.cursor.position;
    const buf = encodeSnapshot(this.catalog, { position, streamCreated: this.created, partitions: this.partitionKey, takenAt: Date.now() });
    this.sinceSnapshot = 0;
    const path = this.snapshotPath;
    this.snapshotting = (async () => {
      mkdirSync(join(this.rt.config.dataDir, 'snapshots'), { recursive: true });
      await writeFile(`${path}.tmp`, buf);
      await rename(`${path}.tmp`, path);
      this.rt.log.info({ position, bytes: buf.length }, 'catalog snapshot written');
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

  /** Workspaces this read model holds (all, or those of the partitions this process serves). */
  get workspaces(): number {
    let n = 0;
    for (const c of this.catalog.all()) if (c.id !== '_account') n++;
    return n;
  }

  /** Restores the latest snapshot (if any), replays the stream after it, then follows it live. Resolves once caught up. */
  async start(): Promise<void> {
    const t0 = Date.now();
    const info = await this.rt.store.jsm.streams.info(this.rt.store.stream);
    this.created = String(info.created);
    const fromSeq = this.restoreSnapshot(info.state.last_seq);
    this.restoredFrom = fromSeq;
    const every = this.rt.config.snapshotEveryEvents;
    const feed = await runProjectionFeed(this.rt.store, {
      cursor: this.cursor,
      name: 'catalog',
      log: this.rt.log,
      fromSeq,
      onHalt: (h) => (this.halted = h),
      // A partial process holds only its partitions' workspaces: other events are passed over undecoded.
      accept: this.rt.partitioning.partial ? (subject) => this.rt.partitioning.holds(subject.split('.')[2] ?? '') : undefined,
      handle: (e) => {
        const touched = this.catalog.apply(e);
        if (touched) for (const l of this.listeners) l(touched, !this.live, e.seq);
        if (every > 0 && ++this.sinceSnapshot >= every && !this.snapshotting) setImmediate(() => void this.snapshot());
      },
    });
    this.feed = feed;
    await feed.caughtUp;
    this.live = true;
    this.markLive();
    const partitions = this.partitionKey;
    this.rt.log.info({ ms: Date.now() - t0, position: this.cursor.position, restoredFrom: fromSeq, partitions, workspaces: this.workspaces }, 'catalog projection caught up');
  }

  /** Waits until the projection has passed the caller's last write (bounded). */
  ready(req: RpcRequest): Promise<void> {
    return readYourWrites(this.cursor, req, this.rt.config.readWaitMs);
  }

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
