import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRng } from '@tg/math';
import { afterAll, describe, expect, it } from 'vitest';
import { ThreadedVectorIndex } from './graph-thread';
import { InProcessVectorIndex } from './in-process';

const dir = mkdtempSync(join(tmpdir(), 'tg-vector-snap-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const unit = (seed: number) => {
  const v = Float32Array.from({ length: 8 }, (_, k) => Math.sin(seed * 1.7 + k * 0.9) + (k === seed % 8 ? 1 : 0));
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
};
const fill = (idx: { upsertSync(ns: string, c: string, id: string, v: Float32Array): void }, n: number) => {
  for (let i = 0; i < n; i++) idx.upsertSync('ws', 'content', `c${i}`, unit(i));
};
// Small collections, searched exactly (in the worker from 1 vector on): the answers are deterministic.
const threaded = () => new ThreadedVectorIndex({ threadFrom: 1 });
const queries = [3, 17, 42].map((s) => unit(s + 0.5));
const answers = (idx: ThreadedVectorIndex | InProcessVectorIndex) => Promise.all(queries.map((q) => idx.search('ws', 'content', q, 5)));

describe('vector index snapshots: the worker starts from a saved index instead of being sent every vector', () => {
  it('nothing to save while no worker runs (no collection was searched in one)', async () => {
    const a = threaded();
    fill(a, 10);
    expect(await a.save(join(dir, 'none'), 's1')).toBe(false);
    await a.close();
  });

  it('save, then preload and restore in another index holding the same vectors: the same answers', async () => {
    const a = threaded();
    fill(a, 60);
    const expected = await answers(a);
    const path = join(dir, 'a');
    expect(await a.save(path, 's1')).toBe(true);
    await a.close();

    const b = threaded();
    expect(b.preload(path, 's1')).toBeDefined();
    // Written while the worker reads: the restored state, which the snapshot holds (not sent again).
    fill(b, 60);
    expect(await b.restore(path, 's1')).toBe(true);
    expect(await answers(b)).toEqual(expected);
    // Later writes reach the worker.
    b.upsertSync('ws', 'content', 'late', queries[0]!);
    expect((await b.search('ws', 'content', queries[0]!, 1))[0]?.id).toBe('late');
    await b.close();
  });

  it('a snapshot of other vectors (or of another id) is refused: the worker gets every vector instead', async () => {
    const a = threaded();
    fill(a, 60);
    await answers(a);
    const path = join(dir, 'b');
    expect(await a.save(path, 's1')).toBe(true);
    await a.close();
    const b = threaded();
    b.preload(path, 's1');
    fill(b, 59);
    b.upsertSync('ws', 'content', 'late', queries[1]!);
    expect(await b.restore(path, 's1')).toBe(false);
    expect((await b.search('ws', 'content', queries[1]!, 1))[0]?.id).toBe('late');
    expect((await b.search('ws', 'content', unit(59), 60)).map((h) => h.id)).not.toContain('c59');
    await b.close();
    const c = threaded();
    fill(c, 60);
    await expect(c.restore(path, 's2')).rejects.toThrow(/not of catalog snapshot s2/);
    expect((await answers(c)).every((h) => h.length === 5)).toBe(true);
    await c.close();
  });

  it('a preload dropped (its catalog was unusable): the worker is stopped, and the next one gets every vector', async () => {
    const a = threaded();
    fill(a, 60);
    await answers(a);
    const path = join(dir, 'c');
    expect(await a.save(path, 's1')).toBe(true);
    await a.close();
    const b = threaded();
    b.preload(path, 's1');
    await b.close();
    // A replay with one vector more than the snapshot: a worker left with the snapshot would not know it.
    fill(b, 60);
    b.upsertSync('ws', 'content', 'late', queries[2]!);
    expect((await b.search('ws', 'content', queries[2]!, 1))[0]?.id).toBe('late');
    await b.close();
  });

  it('the main-thread index saves and restores its collections the same way', async () => {
    const a = new InProcessVectorIndex();
    fill(a, 60);
    const path = join(dir, 'd');
    await a.save(path, 's1');
    const b = new InProcessVectorIndex();
    fill(b, 60);
    expect(await b.restore(path, 's1')).toBe(true);
    expect(await answers(b)).toEqual(await answers(a));
    const c = new InProcessVectorIndex();
    fill(c, 61);
    expect(await c.restore(path, 's1')).toBe(false);
  });

  it('a restored collection takes inserts, updates and removals as the one it was saved from, and saves them', async () => {
    const a = new InProcessVectorIndex();
    fill(a, 60);
    const path = join(dir, 'grow');
    await a.save(path, 's1');
    const b = new InProcessVectorIndex();
    b.loadSnapshot(path, 's1');
    for (const idx of [a, b]) {
      for (let i = 60; i < 80; i++) idx.upsertSync('ws', 'content', `c${i}`, unit(i));
      idx.upsertSync('ws', 'content', 'c3', unit(99));
      idx.removeSync('ws', 'c17');
    }
    expect(await answers(b)).toEqual(await answers(a));
    expect(b.countSync('ws', 'content')).toBe(79);
    await b.save(path, 's2');
    const c = new InProcessVectorIndex();
    c.loadSnapshot(path, 's2');
    expect(await answers(c)).toEqual(await answers(a));
    expect(c.fingerprint()).toEqual(a.fingerprint());
  });
});

describe('vector index snapshots while the index keeps changing: a save copies nothing up front', () => {
  // Large enough for a graph (EXACT_BELOW), small enough to build in a moment.
  const big = (idx: { upsertSync(ns: string, c: string, id: string, v: Float32Array): void }) => fill(idx, 5_200);
  const graphFiles = (sub: string) => readdirSync(join(dir, sub)).filter((f) => f.endsWith('.usearch')).sort();

  it('writes that come while a save is being written do not change what it holds', async () => {
    const a = new InProcessVectorIndex();
    big(a);
    const before = await answers(a);
    rmSync(join(dir, 'e'), { recursive: true, force: true });
    mkdirSync(join(dir, 'e'));
    const path = join(dir, 'e', 'vectors');
    const saving = a.save(path, 's1');
    // The same turn as the save's start, then while its columns are written.
    a.upsertSync('ws', 'content', 'c3', queries[1]!);
    a.removeSync('ws', 'c17');
    await new Promise((r) => setImmediate(r));
    a.upsertSync('ws', 'content', 'late', queries[0]!);
    a.removeSync('ws', 'c42');
    await saving;
    expect((await a.search('ws', 'content', queries[0]!, 1))[0]?.id).toBe('late');
    const b = new InProcessVectorIndex();
    big(b);
    expect(await b.restore(path, 's1')).toBe(true);
    expect(await answers(b)).toEqual(before);
  });

  it("a collection unchanged since the last save keeps its graph file: the next snapshot refers to it instead of writing it again", async () => {
    const a = new InProcessVectorIndex();
    big(a);
    const expected = await answers(a);
    mkdirSync(join(dir, 'f'), { recursive: true });
    const path = join(dir, 'f', 'vectors');
    await a.save(path, 's1');
    const first = graphFiles('f');
    expect(first).toHaveLength(1);
    await a.save(path, 's2');
    expect(graphFiles('f')).toEqual(first);
    const b = new InProcessVectorIndex();
    big(b);
    expect(await b.restore(path, 's2')).toBe(true);
    expect(await answers(b)).toEqual(expected);
    // Restored: its graph file is the snapshot's, kept by the next save while nothing changes.
    await b.save(path, 's3');
    expect(graphFiles('f')).toEqual(first);
    // A change: the graph is written anew, the old file removed once the snapshot is complete.
    b.upsertSync('ws', 'content', 'late', queries[2]!);
    await b.save(path, 's4');
    const after = graphFiles('f');
    expect(after).toHaveLength(1);
    expect(after).not.toEqual(first);
    const c = new InProcessVectorIndex();
    big(c);
    c.upsertSync('ws', 'content', 'late', queries[2]!);
    expect(await c.restore(path, 's4')).toBe(true);
    expect(await answers(c)).toEqual(await answers(b));
  });
});

describe('vector index in chunks: random changes, saves while changing, and restores agree with a plain map', () => {
  it('given a borrowed collection of three chunks and its graph, when 3,000 random inserts, updates and removals run with saves in between (the last two rounds on an index restored from a save), then every save restores to the state at its start and the index to the map', async () => {
    const random = createRng(11);
    const vec = () => {
      const v = Float32Array.from({ length: 8 }, () => random() - 0.5);
      const n = Math.hypot(...v);
      return v.map((x) => x / n);
    };
    const start = 2 * 4096 + 900;
    const owner = new Float32Array(start * 8);
    let model = new Map<string, Float32Array>();
    for (let i = 0; i < start; i++) {
      const v = vec();
      owner.set(v, i * 8);
      model.set(`r${i}`, v);
    }
    const ownerBefore = owner.slice();
    let idx = new InProcessVectorIndex();
    idx.loadCollection('ws', 'content', 8, [...model.keys()], owner, { borrowed: true });
    const asMap = (entries: Iterable<{ id: string; vector: Float32Array }>) => new Map([...entries].map((e) => [e.id, Array.from(e.vector)]));
    const expected = () => new Map([...model].map(([id, v]) => [id, Array.from(v)]));
    let next = start;
    const step = () => {
      const ids = [...model.keys()];
      const p = random();
      if (p < 0.35) {
        const v = vec();
        const id = `r${next++}`;
        idx.upsertSync('ws', 'content', id, v);
        model.set(id, v);
      } else if (p < 0.65 && ids.length) {
        const id = ids[Math.floor(random() * ids.length)]!;
        const v = vec();
        idx.upsertSync('ws', 'content', id, v);
        model.set(id, v);
      } else if (ids.length) {
        const id = ids[Math.floor(random() * ids.length)]!;
        idx.removeSync('ws', id);
        model.delete(id);
      }
    };
    mkdirSync(join(dir, 'fuzz'), { recursive: true });
    for (let round = 0; round < 6; round++) {
      // The graph built in round 2 (the collection is large enough): its keys are saved and checked on restore.
      if (round === 2) expect(idx.searchSync('ws', 'content', vec(), 5)).toHaveLength(5);
      const path = join(dir, 'fuzz', `v${round}`);
      const atSave = expected();
      const saving = idx.save(path, `s${round}`);
      for (let i = 0; i < 250; i++) step();
      await saving;
      for (let i = 0; i < 250; i++) step();
      const back = new InProcessVectorIndex();
      back.loadSnapshot(path, `s${round}`);
      expect(asMap(back.entries())).toEqual(atSave);
      expect(asMap(idx.entries())).toEqual(expected());
      expect(idx.countSync('ws', 'content')).toBe(model.size);
      if (round === 3) {
        // Go on with the restored index (its rows, ids and graph keys read from the file) from the state it holds.
        idx = back;
        model = new Map([...atSave].map(([id, v]) => [id, Float32Array.from(v)]));
        // Changes before its first save (then nothing of it is shared with a snapshot).
        for (let i = 0; i < 100; i++) step();
      }
    }
    expect(owner).toEqual(ownerBefore);
    // Every id the map holds is found among its own nearest neighbours (through the graph, re-scored exactly). Among
    // the 5 nearest, not as the first: the graph's batch build runs on two threads, so it differs from run to run, and
    // under a loaded machine (the full suite) 8 of 200 were not their own first hit once (192, where 200 is usual).
    let found = 0;
    for (const [id, v] of [...model].slice(0, 200)) if (idx.searchSync('ws', 'content', v, 5).some((h) => h.id === id)) found++;
    expect(found).toBeGreaterThanOrEqual(195);
  });
});
