import { describe, expect, it } from 'vitest';
import { encodeVector, event, type StoredEvent } from '@tg/contracts';
import { CatalogProjection, type Touched } from '@tg/domain';
import { createLogger } from '@tg/observability';
import type { ReadModelHost } from '@tg/read-model';
import { InProcessVectorIndex } from '@tg/vector-store';
import { RankingIndex } from './ranking-index';

const log = createLogger('vector-projection-test', 'silent');
const WS = 'ws_p';
const meta = { workspace: WS, at: 1 };
const vec = (i: number) => {
  const v = Float32Array.from({ length: 8 }, (_, k) => Math.sin(i * 7 + k * 13));
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
};

/**
 * The parts of a read-model host the projection reads, over a real catalog projection: events applied in
 * order with their stream sequence, listeners told of each change, the cursor after it; `restore` plays a
 * snapshot's restore (the whole catalog told at the snapshot's position).
 */
class FoldedLog {
  readonly catalog = new CatalogProjection();
  readonly cursor = { position: 0 };
  restoredFrom = 0;
  private readonly listeners: ((t: Touched, replaying: boolean, seq: number) => void)[] = [];
  constructor(readonly streamCreated = 'stream-1') {}
  get host(): ReadModelHost {
    return this as unknown as ReadModelHost;
  }
  onChange(fn: (t: Touched, replaying: boolean, seq: number) => void): void {
    this.listeners.push(fn);
  }
  apply(e: ReturnType<typeof event>): void {
    const seq = this.cursor.position + 1;
    const t = this.catalog.apply({ ...e, seq, subject: `tg.evt.${WS}.entity.x` } as StoredEvent);
    if (t) for (const l of this.listeners) l(t, false, seq);
    this.cursor.position = seq;
  }
  item(i: number): void {
    this.apply(event('ContentIndexed', { entity_id: `c${i}`, url: `https://p.test/${i}`, media_type: 'text', name: `Item ${i}`, description: '', text: `words ${i}`, text_digest: `${i}`, source: 'inline', skip_url_fetch: true, skip_media_enrich: true, indexed_at: 1 }, meta));
    this.apply(event('ContentEmbedded', { entity_id: `c${i}`, of: 'content', model: 'm', dim: 8, vector: encodeVector(vec(i)), text_digest: `${i}`, embedded_at: 1 }, meta));
  }
  remove(i: number): void {
    this.apply(event('EntityDeleted', { entity_id: `c${i}`, deleted_at: 2 }, meta));
  }
  /** A new process restored from a snapshot of this one taken now: same catalog state, told at the snapshot's position. */
  restoredCopy(): FoldedLog {
    const copy = new FoldedLog(this.streamCreated);
    copy.cursor.position = copy.restoredFrom = this.cursor.position;
    copy.events = this.events;
    return copy;
  }
  private events: ReturnType<typeof event>[] = [];
  /** Plays the restore: the snapshot's events folded silently, then every entity told at the snapshot position. */
  restore(): void {
    for (const e of this.events) this.catalog.apply({ ...e, seq: 0, subject: `tg.evt.${WS}.entity.x` } as StoredEvent);
    for (const c of this.catalog.all()) {
      const t = { workspace: c.id, entities: [...c.entities.keys()], parents: [...c.parents.keys()], removed: [] };
      for (const l of this.listeners) l(t, true, this.restoredFrom);
    }
  }
  record(): this {
    const apply = this.apply.bind(this);
    this.apply = (e) => {
      this.events.push(e);
      apply(e);
    };
    return this;
  }
}

const projectedIndex = (log0: FoldedLog, store: InProcessVectorIndex, key = 'ranking:all') =>
  new RankingIndex(log0.host, { projected: { open: async () => store, projectionKey: key, log } });

describe('vector projection: ranking feeds an index outside the read model from the log, checkpointed, rebuilt by replay', () => {
  it('rebuilds an index with no checkpoint: every vector written, ids the log does not have removed, the position checkpointed', async () => {
    const folded = new FoldedLog().record();
    const store = new InProcessVectorIndex();
    await store.upsertMany(WS, [{ collection: 'content', id: 'ghost', vector: vec(99) }]);
    const index = projectedIndex(folded, store);
    for (let i = 0; i < 20; i++) folded.item(i);
    expect(index.index).toBeUndefined();
    const started = await index.projection!.start();
    expect(started.rebuilt).toBe(true);
    expect((await store.listIds(WS)).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `c${i}`).sort());
    expect(await store.readCheckpoint('ranking:all')).toMatchObject({ position: folded.cursor.position, version: expect.stringContaining('@stream-1') });
    // Searches go to the projected index.
    expect((await index.search(WS, 'content', vec(3), 1))[0]).toMatchObject({ id: 'c3' });
  });

  it('follows the log: a write is searchable by the next search, a removal is gone, and the checkpoint moves', async () => {
    const folded = new FoldedLog();
    const store = new InProcessVectorIndex();
    const index = projectedIndex(folded, store);
    folded.item(0);
    await index.projection!.start();
    folded.item(1);
    expect((await index.search(WS, 'content', vec(1), 1))[0]).toMatchObject({ id: 'c1', score: expect.closeTo(1, 5) });
    folded.remove(0);
    expect((await index.search(WS, 'content', vec(0), 5)).map((h) => h.id)).not.toContain('c0');
    await index.close();
    expect((await store.readCheckpoint('ranking:all'))!.position).toBe(folded.cursor.position);
  });

  it('after a restart from a snapshot, writes only what came after its checkpoint (no rebuild)', async () => {
    const first = new FoldedLog().record();
    const store = new InProcessVectorIndex();
    const a = projectedIndex(first, store);
    for (let i = 0; i < 30; i++) first.item(i);
    await a.projection!.start();
    await a.close();
    // A new process: restored from a snapshot at the current position, then two more changes replayed.
    const second = first.restoredCopy();
    const b = projectedIndex(second, store);
    second.restore();
    second.item(30);
    second.remove(1);
    const started = await b.projection!.start();
    expect(started.rebuilt).toBe(false);
    expect(b.projection!.stats).toMatchObject({ upserts: 1, removals: 1, rebuilds: 0 });
    expect((await store.listIds(WS)).length).toBe(30);
    expect((await b.search(WS, 'content', vec(30), 1))[0]!.id).toBe('c30');
  });

  it('rebuilds when its checkpoint is older than the snapshot, of another stream, or of another version', async () => {
    const first = new FoldedLog().record();
    const store = new InProcessVectorIndex();
    for (let i = 0; i < 5; i++) first.item(i);
    const stale = async (checkpoint: { position: number; version: string }) => {
      await store.writeCheckpoint('ranking:all', { ...checkpoint, at: 0 });
      const copy = first.restoredCopy();
      const idx = projectedIndex(copy, store);
      copy.restore();
      return (await idx.projection!.start()).rebuilt;
    };
    const version = `representative-v1@${first.streamCreated}`;
    expect(await stale({ position: first.cursor.position, version })).toBe(false);
    expect(await stale({ position: first.cursor.position - 1, version })).toBe(true);
    expect(await stale({ position: first.cursor.position, version: 'representative-v1@another-stream' })).toBe(true);
    expect(await stale({ position: first.cursor.position, version: `representative-v0@${first.streamCreated}` })).toBe(true);
  });

  it('keeps instances of other partition sets apart (a checkpoint each)', async () => {
    const folded = new FoldedLog();
    const store = new InProcessVectorIndex();
    folded.item(0);
    await projectedIndex(folded, store, 'ranking:0-1 of 4').projection!.start();
    expect(await store.readCheckpoint('ranking:2-3 of 4')).toBeNull();
    expect(await store.readCheckpoint('ranking:0-1 of 4')).not.toBeNull();
  });
});
