import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DERIVED_PRECISION, diffVectorIndexDigests, vectorIndexDigest, type VectorEntry } from './digest';
import { ThreadedVectorIndex } from './graph-thread';
import { InProcessVectorIndex } from './in-process';

const dir = mkdtempSync(join(tmpdir(), 'tg-vector-digest-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const unit = (seed: number) => {
  const v = Float32Array.from({ length: 8 }, (_, k) => Math.sin(seed * 1.7 + k * 0.9) + (k === seed % 8 ? 1 : 0));
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
};
const entries = (n: number, vec = unit): VectorEntry[] => Array.from({ length: n }, (_, i) => ({ ns: i % 3 ? 'ws1' : 'ws2', collection: i % 4 ? 'content' : 'user', id: `e${i}`, vector: vec(i) }));

describe('vector index digest', () => {
  it('is the same whatever the order, and says which workspace differs and how', () => {
    const a = vectorIndexDigest(entries(40));
    const b = vectorIndexDigest(entries(40).reverse());
    expect(b).toEqual(a);
    expect(a.workspaces['ws1']!.vectors + a.workspaces['ws2']!.vectors).toBe(40);
    // One bit of one content vector: another digest.
    const changed = entries(40);
    const v = Float32Array.from(changed[1]!.vector);
    new Uint32Array(v.buffer)[0]! ^= 1;
    changed[1] = { ...changed[1]!, vector: v };
    const c = vectorIndexDigest(changed);
    expect(c.hash).not.toBe(a.hash);
    expect(diffVectorIndexDigests(a, c, ['live', 'replay'])).toEqual(['ws1: vectors differ (live 26, replay 26)']);
    // A vector missing.
    expect(diffVectorIndexDigests(a, vectorIndexDigest(entries(40).slice(1)))).toEqual(['ws2: vectors differ (left 14, right 13)']);
  });

  it('hashes derived vectors (not content) to their precision: rounding noise of a fold order is equal, a real change is not', () => {
    const base = entries(40);
    const noisy = base.map((e) => (e.collection === 'content' ? e : { ...e, vector: e.vector.map((x) => x + DERIVED_PRECISION * 1e-3) }));
    // A value exactly on a rounding boundary would flip: these are not.
    expect(vectorIndexDigest(noisy)).toEqual(vectorIndexDigest(base));
    const moved = base.map((e, i) => (i === 0 ? { ...e, vector: e.vector.map((x) => x + 10 * DERIVED_PRECISION) } : e));
    expect(vectorIndexDigest(moved).hash).not.toBe(vectorIndexDigest(base).hash);
  });
});

describe('threaded vector index digest: the main thread and the search worker', () => {
  it('are equal after writes, and the worker is asked behind the writes made before the call', async () => {
    const idx = new ThreadedVectorIndex({ threadFrom: 1 });
    for (let i = 0; i < 30; i++) idx.upsertSync('ws', 'content', `c${i}`, unit(i));
    expect((await idx.digest().worker)).toBeNull();
    // A search of a collection starts the worker, which gets every vector.
    await idx.search('ws', 'content', unit(3), 1);
    idx.upsertSync('ws', 'content', 'late', unit(99));
    idx.removeSync('ws', 'c4');
    const d = idx.digest();
    expect(await d.worker).toEqual(d.local);
    expect(d.local.workspaces['ws']!.vectors).toBe(30);
    await idx.close();
  });

  it('tells a worker restored from a snapshot of other vectors (the same ids) from the main thread', async () => {
    const a = new ThreadedVectorIndex({ threadFrom: 1 });
    for (let i = 0; i < 30; i++) a.upsertSync('ws', 'content', `c${i}`, unit(i));
    await a.search('ws', 'content', unit(3), 1);
    const path = join(dir, 'other');
    expect(await a.save(path, 's1')).toBe(true);
    await a.close();
    const b = new ThreadedVectorIndex({ threadFrom: 1 });
    expect(b.preload(path, 's1')).toBeDefined();
    // Same ids, one vector different: the restore's check (ids and sizes) accepts it.
    for (let i = 0; i < 30; i++) b.upsertSync('ws', 'content', `c${i}`, unit(i === 7 ? 70 : i));
    expect(await b.restore(path, 's1')).toBe(true);
    const d = b.digest();
    const worker = await d.worker;
    expect(worker).not.toBeNull();
    expect(diffVectorIndexDigests(d.local, worker!, ['main', 'worker'])).toEqual(['ws: vectors differ (main 30, worker 30)']);
    await b.close();
  });

  it('the main-thread index has the same digest as its entries', () => {
    const idx = new InProcessVectorIndex();
    for (const e of entries(20)) idx.upsertSync(e.ns, e.collection, e.id, e.vector);
    expect(vectorIndexDigest(idx.entries())).toEqual(vectorIndexDigest(entries(20)));
  });
});
