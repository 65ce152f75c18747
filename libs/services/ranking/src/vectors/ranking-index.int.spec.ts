import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeVector, event, type StoredEvent } from '@tg/contracts';
import { CatalogProjection } from '@tg/domain';
import type { ReadModelHost, SnapshotPart } from '@tg/read-model';
import { EXACT_BELOW, InProcessVectorIndex } from '@tg/vector-store';
import { RankingIndex } from './ranking-index';

/** A read model host (what the index reads of one) and a replay of one workspace with `n` embedded content items. */
function hostWith(n: number): { host: ReadModelHost; replay(): void; parts: SnapshotPart[]; apply(e: ReturnType<typeof event>): void } {
  const catalog = new CatalogProjection();
  const listeners: ((t: never) => void)[] = [];
  const parts: SnapshotPart[] = [];
  const host = { catalog, onChange: (fn: (t: never) => void) => listeners.push(fn), addSnapshotPart: (p: SnapshotPart) => parts.push(p) } as unknown as ReadModelHost;
  let seq = 0;
  const apply = (e: ReturnType<typeof event>) => {
    const t = catalog.apply({ ...e, seq: ++seq, subject: 'tg.evt.ws.entity.x' } as StoredEvent);
    if (t) for (const l of listeners) l(t as never);
  };
  const meta = { workspace: 'ws', at: 1 };
  const replay = () => {
    for (let i = 0; i < n; i++) {
      const v = Float32Array.from({ length: 16 }, (_, k) => Math.sin(i * 7 + k * 13));
      apply(event('ContentIndexed', { entity_id: `c${i}`, url: `https://w.test/${i}`, media_type: 'text', name: `Item ${i}`, description: '', text: `words ${i}`, text_digest: `${i}`, source: 'inline', skip_url_fetch: true, skip_media_enrich: true, indexed_at: 1 }, meta));
      apply(event('ContentEmbedded', { entity_id: `c${i}`, of: 'content', model: 'm', dim: 16, vector: encodeVector(v), text_digest: `${i}`, embedded_at: 1 }, meta));
    }
  };
  return { host, replay, parts, apply };
}

describe('ranking index: warmed before the service joins its queue group', () => {
  it('builds the lexical index and the graph of every large collection, so that no first search has to', async () => {
    const { host, replay } = hostWith(EXACT_BELOW + 10);
    const index = new RankingIndex(host, { thread: false });
    replay();
    const vectors = index.index as InProcessVectorIndex;
    const cat = host.catalog.ws('ws');
    // A replay builds neither.
    expect(cat.lexicalIfBuilt).toBeUndefined();
    expect(vectors.graphReady('ws', 'content')).toBe(false);
    expect(await index.warm()).toEqual({ workspaces: 1, graphs: 1 });
    expect(cat.lexicalIfBuilt?.size).toBe(EXACT_BELOW + 10);
    expect(vectors.graphReady('ws', 'content')).toBe(true);
    await index.close();
  });

  it('leaves small collections to the exact search (no graph)', async () => {
    const { host, replay } = hostWith(50);
    const index = new RankingIndex(host, { thread: false });
    replay();
    expect(await index.warm()).toEqual({ workspaces: 1, graphs: 0 });
    expect((index.index as InProcessVectorIndex).graphReady('ws', 'content')).toBe(false);
    expect(host.catalog.ws('ws').lexicalIfBuilt?.size).toBe(50);
  });
});

describe('ranking index: live writes are applied as they arrive, not in front of the next search', () => {
  for (const thread of [false, true]) {
    it(`a write reaches the index within a turn of the event loop, with no search (${thread ? 'worker thread' : 'main thread'})`, async () => {
      const { host, replay } = hostWith(40);
      const index = new RankingIndex(host, { thread });
      // Live from the start here (the test host calls listeners without the replay flag).
      replay();
      const deadline = Date.now() + 5_000;
      while ((await index.index!.count('ws', 'content')) < 40 && Date.now() < deadline) await new Promise((r) => setImmediate(r));
      expect(await index.index!.count('ws', 'content')).toBe(40);
      await index.close();
    });
  }

  for (const thread of [false, true]) {
    it(`searchMany gives each query's search answer (${thread ? 'worker thread' : 'main thread'})`, async () => {
      const { host, replay } = hostWith(EXACT_BELOW + 20);
      const index = new RankingIndex(host, { thread });
      replay();
      const qs = [0, 1, 2].map((i) => Float32Array.from({ length: 16 }, (_, k) => Math.cos(i * 11 + k * 5)));
      const many = await index.searchMany('ws', 'content', qs, [12, 6, 6]);
      expect(many).toEqual(await Promise.all(qs.map((q, i) => index.search('ws', 'content', q, [12, 6, 6][i]!))));
      expect(many.map((h) => h.length)).toEqual([12, 6, 6]);
      await index.close();
    });
  }

  it('a replay is left to the restore and to warm (one bulk load, no flush per event)', async () => {
    const catalog = new CatalogProjection();
    const listeners: ((t: never, replaying: boolean) => void)[] = [];
    const host = { catalog, onChange: (fn: (t: never, replaying: boolean) => void) => listeners.push(fn), addSnapshotPart: () => undefined } as unknown as ReadModelHost;
    const index = new RankingIndex(host, { thread: false });
    const meta = { workspace: 'ws', at: 1 };
    const v = Float32Array.from({ length: 16 }, (_, k) => Math.sin(k));
    for (const e of [
      event('ContentIndexed', { entity_id: 'c0', url: 'https://w.test/0', media_type: 'text', name: 'Item', description: '', text: 'words', text_digest: '0', source: 'inline', skip_url_fetch: true, skip_media_enrich: true, indexed_at: 1 }, meta),
      event('ContentEmbedded', { entity_id: 'c0', of: 'content', model: 'm', dim: 16, vector: encodeVector(v), text_digest: '0', embedded_at: 1 }, meta),
    ]) {
      const t = catalog.apply({ ...e, seq: 1, subject: 'tg.evt.ws.entity.x' } as StoredEvent);
      if (t) for (const l of listeners) l(t as never, true);
    }
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect(await index.index!.count('ws', 'content')).toBe(0);
    await index.warm();
    expect(await index.index!.count('ws', 'content')).toBe(1);
  });
});

describe('ranking index: its vectors and graphs are kept with the catalog snapshot', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tg-ranking-snap-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const N = EXACT_BELOW + 500;
  const queries = Array.from({ length: 20 }, (_, i) => Float32Array.from({ length: 16 }, (_, k) => Math.cos(i * 5 + k * 3)));
  const answers = async (index: RankingIndex) => Promise.all(queries.map((q) => index.search('ws', 'content', q, 10)));

  for (const thread of [false, true]) {
    it(`a restart restores the graph it saved and answers as before (${thread ? 'worker thread' : 'main thread'})`, async () => {
      const before = hostWith(N);
      const a = new RankingIndex(before.host, { thread });
      before.replay();
      await a.warm();
      const expected = await answers(a);
      const path = join(dir, `vectors-${thread}`);
      await before.parts[0]!.save(path, 'snap-1');
      await a.close();

      // The restored catalog (here: the same replay), then the part, then warm: the graph is not rebuilt.
      const after = hostWith(N);
      const b = new RankingIndex(after.host, { thread });
      // The worker starts reading its part while the catalog is read (the host calls prepare first).
      after.parts[0]!.prepare?.(path, 'snap-1');
      after.replay();
      expect(await after.parts[0]!.restore(path, 'snap-1')).toBe(true);
      if (!thread) expect((b.index as InProcessVectorIndex).graphReady('ws', 'content')).toBe(true);
      await b.warm();
      expect(await answers(b)).toEqual(expected);
      await b.close();
    });
  }

  it('a search of a workspace the catalog does not hold finds nothing and adds no workspace to the catalog', async () => {
    const one = hostWith(10);
    const a = new RankingIndex(one.host, { thread: false });
    one.replay();
    expect(await a.search('unknown', 'content', Float32Array.from({ length: 16 }, () => 0.25), 5)).toEqual([]);
    expect([...one.host.catalog.all()].map((c) => c.id)).toEqual(['ws']);
  });

  it('without a part to restore, the restored catalog is loaded a collection at a time: the same index as one upsert per item', async () => {
    const one = hostWith(300);
    const a = new RankingIndex(one.host, { thread: false });
    one.replay();
    a.flush('ws');
    const bulk = hostWith(300);
    const b = new RankingIndex(bulk.host, { thread: false });
    bulk.replay();
    expect(await bulk.parts[0]!.restore(join(dir, 'absent'), 'snap-1')).toBe(false);
    const entries = (x: RankingIndex) => [...(x.index as InProcessVectorIndex).entries()].map((e) => [e.ns, e.collection, e.id, Array.from(e.vector)]);
    expect(entries(b)).toHaveLength(300);
    expect(entries(b)).toEqual(entries(a));
    const q = Float32Array.from({ length: 16 }, (_, k) => Math.cos(k));
    expect(await b.search('ws', 'content', q, 10)).toEqual(await a.search('ws', 'content', q, 10));
  });

  it('a part of another snapshot, or a damaged one, is refused and the graph is rebuilt', async () => {
    const before = hostWith(N);
    const a = new RankingIndex(before.host, { thread: true });
    before.replay();
    await a.warm();
    const path = join(dir, 'vectors-other');
    await before.parts[0]!.save(path, 'snap-1');
    await a.close();
    for (const damage of [() => undefined, () => writeFileSync(path, 'not a snapshot')]) {
      damage();
      const after = hostWith(N);
      const b = new RankingIndex(after.host, { thread: true });
      after.replay();
      expect(await after.parts[0]!.restore(path, 'snap-2').catch(() => false)).toBe(false);
      await b.warm();
      expect((await answers(b)).every((hits) => hits.length === 10)).toBe(true);
      await b.close();
    }
  });
});
