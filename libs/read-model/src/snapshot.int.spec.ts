import { mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeVector, event, type EventData, type EventType, type StoredEvent } from '@tg/contracts';
import { CatalogProjection, catalogDigest, type WorkspaceCatalog } from '@tg/domain';
import { createRng, gaussian, tokenize } from '@tg/math';
import { CHUNK_ROWS } from '@tg/vector-store';
import { readSnapshot, SNAPSHOT_FORMAT, writeSnapshot } from './snapshot';

const dir = mkdtempSync(join(tmpdir(), 'tg-snapshot-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A log touching every part of the catalog: documents of both kinds, URLs, vectors, links, statistics, types, clusters. */
function log(items: number): StoredEvent[] {
  const out: StoredEvent[] = [];
  const rng = createRng(7);
  let seq = 0;
  const add = <T extends EventType>(type: T, data: EventData<T>, ws = 'ws_a') =>
    out.push({ ...event(type, data, { workspace: ws, at: seq }), seq: ++seq, subject: `tg.evt.${ws}.x.y` } as StoredEvent);
  const vec = (dim = 12) => {
    const v = Float32Array.from({ length: dim }, () => gaussian(rng));
    const n = Math.hypot(...v);
    return v.map((x) => x / n);
  };
  const words = ['jazz', 'bebop', 'hiking', 'alpine', 'bread', 'sourdough', 'naïve café', '東京 ramen', 'trail', 'modal'];
  for (const ws of ['ws_a', 'ws_b']) {
    add('EntityTypeRegistered', { entity_type: 'chef', description: 'cooks', registered_at: 5, updated: false }, ws);
    for (const u of ['u1', 'u2', 'u3']) add('EntityCreated', { entity_id: u, type: 'user', name: `User ${u}`, description: words[u.length]!, created_at: seq }, ws);
    add('EntityCreated', { entity_id: 'chef1', type: 'chef', name: 'Chef', description: 'bread and pasta', created_at: seq }, ws);
    for (let i = 0; i < items; i++) {
      const id = `c${i}`;
      const text = `${words[i % words.length]} ${words[(i * 3) % words.length]} ${words[(i * 7) % words.length]} number ${i}`;
      add('ContentIndexed', {
        entity_id: id, url: `https://snap.test/${ws}/${i}`, media_type: i % 3 ? 'text' : 'image', domain: i % 2 ? 'snap.test' : undefined, ref: i % 5 ? undefined : `ref-${i}`,
        name: `Item ${i}`, description: i % 4 ? '' : 'described', text, text_digest: id, source: 'inline', skip_url_fetch: true, skip_media_enrich: true, indexed_at: seq,
      } as EventData<'ContentIndexed'>, ws);
      // Every seventh item is never embedded.
      if (i % 7) add('ContentEmbedded', { entity_id: id, of: 'content', model: i % 11 ? 'm' : 'm2', dim: 12, vector: encodeVector(vec()), text_digest: id, embedded_at: seq }, ws);
      if (i % 2) add('ChildLinked', { parent_id: `u${1 + (i % 3)}`, child_id: id, rel: i % 4 ? 'about' : 'likes', weight: 1 + (i % 3) * 0.5, linked_at: seq }, ws);
    }
    add('ContentEnriched', { entity_id: 'c3', name: 'Kind of Blue', description: 'modal jazz', source: 'page', enriched_at: seq }, ws);
    add('EntityUpdated', { entity_id: 'u1', name: 'Ann the hiker', updated_at: seq }, ws);
    add('ChildUnlinked', { parent_id: 'u2', child_id: 'c1', unlinked_at: seq }, ws);
    add('ContentEmbedded', { entity_id: 'c5', of: 'content', model: 'm', dim: 12, vector: encodeVector(vec()), text_digest: 'c5', embedded_at: seq }, ws);
    add('EntityDeleted', { entity_id: 'c9', deleted_at: seq }, ws);
    add('EntityDeleted', { entity_id: 'u3', deleted_at: seq }, ws);
    add('TasteComposed', { parent_id: 'u1', representation: 'point', max_rank: 4, energy: 0.9, composed_at: seq }, ws);
    add('UrlClaimed', { url: 'https://claimed.test/', entity_id: 'c4', claimed_at: seq }, ws);
    // A URL held by an id that is no document (written as an id of its own, not a row reference).
    add('UrlClaimed', { url: 'https://orphan.test/', entity_id: 'not-a-document', claimed_at: seq }, ws);
    add('ClustersComputed', { entity_type: 'content', model: 'm', computed_at: seq, clusters: [{ id: 'cl_1', label: 'jazz', size: 2, keywords: ['jazz'], members: ['c0', 'c3'], centroid: 'AAAA', affinities: [{ cluster_id: 'cl_2', score: 0.25 }] }] }, ws);
  }
  return out;
}

const FIELDS = ['entities', 'urls', 'vectors', 'models', 'parents', 'childParents', 'types', 'clusters', 'typeCounts'] as const;

/** Every map of two catalogs equal, in the same order, and their lexical indexes (where built) equal. */
function expectSameCatalog(a: CatalogProjection, b: CatalogProjection) {
  expect(catalogDigest(b).hash).toBe(catalogDigest(a).hash);
  const ids = (p: CatalogProjection) => [...p.all()].map((c) => c.id);
  expect(ids(b)).toEqual(ids(a));
  for (const ca of a.all()) {
    const cb = b.ws(ca.id);
    expect(cb.version).toBe(ca.version);
    for (const f of FIELDS) {
      expect([...(cb[f] as Map<string, unknown>).keys()], `${ca.id}.${f} order`).toEqual([...(ca[f] as Map<string, unknown>).keys()]);
      // Entries in order (a restore's large maps are ColumnMaps, which toEqual would tell from a Map by class alone).
      expect([...(cb[f] as Map<string, unknown>)], `${ca.id}.${f}`).toEqual([...(ca[f] as Map<string, unknown>)]);
    }
    const la = ca.lexicalIfBuilt?.exportState();
    const lb = cb.lexicalIfBuilt?.exportState();
    expect(!!lb).toBe(!!la);
    if (la && lb) {
      expect(lb.totalLength).toBe(la.totalLength);
      expect([...lb.docs.keys()]).toEqual([...la.docs.keys()]);
      for (const [id, d] of la.docs) expect(lb.docs.get(id)?.terms).toEqual(d.terms);
      expect([...lb.postings.keys()]).toEqual([...la.postings.keys()]);
      for (const [t, p] of la.postings) expect([...lb.postings.get(t)!]).toEqual([...p]);
    }
  }
}

const search = (c: WorkspaceCatalog, q: string) => [...c.lexical.score(tokenize(q))].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1));

describe('catalog snapshot (columnar): a restore is the state a replay gives', () => {
  // More items than a column chunk, so that columns span several blocks.
  const events = log(CHUNK_ROWS + 300);
  // Into the second workspace's log: the first is complete in the snapshot, the second half-way.
  const half = Math.floor(events.length * 0.75);

  it('restores every map, in order, with the lexical index; then folds the rest of the log as the live projection does', async () => {
    const live = new CatalogProjection();
    for (const e of events.slice(0, half)) live.apply(e);
    // The lexical index of one workspace built (as ranking does), the other's left unbuilt (as taste does).
    void live.ws('ws_a').lexical;
    const path = join(dir, 'a.snap');
    const bytes = await writeSnapshot(live, path, { position: half, streamCreated: 's1', partitions: 'all', takenAt: 1, id: 'snap-1' });
    expect(statSync(path).size).toBe(bytes);
    const { snapshot, reason } = readSnapshot(path);
    expect(reason).toBeUndefined();
    expect(snapshot!.header).toMatchObject({ kind: 'catalog', format: SNAPSHOT_FORMAT, position: half, streamCreated: 's1', partitions: 'all', id: 'snap-1', workspaces: 2 });
    const restored = new CatalogProjection();
    snapshot!.restoreInto(restored);
    expectSameCatalog(live, restored);
    expect(restored.ws('ws_b').lexicalIfBuilt).toBeUndefined();

    // Both go on with the rest of the log: still the same, and the same as a replay of the whole log.
    for (const e of events.slice(half)) {
      live.apply(e);
      restored.apply(e);
    }
    expectSameCatalog(live, restored);
    const replayed = new CatalogProjection();
    for (const e of events) replayed.apply(e);
    expect(catalogDigest(restored).hash).toBe(catalogDigest(replayed).hash);
    for (const q of ['jazz trail', 'naïve café', '東京', 'number 42', 'modal bebop hiking']) {
      expect(search(restored.ws('ws_a'), q)).toEqual(search(replayed.ws('ws_a'), q));
      expect(search(restored.ws('ws_b'), q)).toEqual(search(replayed.ws('ws_b'), q));
    }
    // Two workspaces of more items than a column chunk, folded, written, restored and folded again: a minute or more
    // on a loaded machine.
  }, 180_000);

  it('holds the state at its position while the projection goes on folding events (the feed does not wait for it)', async () => {
    const head = events.slice(0, half);
    const tail = events.slice(half);
    // Changes to the first workspace too (written first, and changed while and after it is written): links,
    // an unlink, a re-embedding (re-pooled into its parent), deletions (a child and a parent), a changed text
    // (its terms), a new item and a new taste setting.
    let seq = events.length;
    const more = <T extends EventType>(type: T, data: EventData<T>) => ({ ...event(type, data, { workspace: 'ws_a', at: seq }), seq: ++seq, subject: 'tg.evt.ws_a.x.y' }) as StoredEvent;
    const v = encodeVector(Float32Array.from({ length: 12 }, (_, i) => (i % 3) - 1));
    const changes = [
      more('ChildLinked', { parent_id: 'u1', child_id: 'c10', rel: 'likes', weight: 2, linked_at: seq }),
      more('ChildUnlinked', { parent_id: 'u2', child_id: 'c7', unlinked_at: seq }),
      more('ContentEmbedded', { entity_id: 'c13', of: 'content', model: 'm', dim: 12, vector: v, text_digest: 'c13', embedded_at: seq }),
      more('EntityDeleted', { entity_id: 'c15', deleted_at: seq }),
      more('ContentIndexed', { entity_id: 'c21', url: 'https://snap.test/ws_a/21', media_type: 'text', name: 'Item 21', description: '', text: 'entirely new words here, jazz', text_digest: 'x21', source: 'inline', skip_url_fetch: true, skip_media_enrich: true, indexed_at: seq } as EventData<'ContentIndexed'>),
      more('ContentIndexed', { entity_id: 'cnew', url: 'https://snap.test/ws_a/new', media_type: 'text', name: 'New', description: '', text: 'bebop trail', text_digest: 'xn', source: 'inline', skip_url_fetch: true, skip_media_enrich: true, indexed_at: seq } as EventData<'ContentIndexed'>),
      more('TasteComposed', { parent_id: 'u2', representation: 'point', max_rank: 2, energy: 0.5, composed_at: seq }),
      more('EntityDeleted', { entity_id: 'u1', deleted_at: seq }),
    ];
    const fold = (p: CatalogProjection, es: StoredEvent[]) => {
      for (const e of es) p.apply(e);
      void p.ws('ws_a').lexical;
      void p.ws('ws_b').lexical;
      return p;
    };
    const live = fold(new CatalogProjection(), head);
    const path = join(dir, 'moving.snap');
    let written = false;
    const write = writeSnapshot(live, path, { position: half, streamCreated: 's1', partitions: 'all', takenAt: 1, id: 'moving' }).finally(() => (written = true));
    // Everything else is folded while it is written, a few hundred events a turn of the event loop.
    const rest = [...changes.slice(0, 4), ...tail, ...changes.slice(4)];
    let folded = 0;
    while (folded < rest.length) {
      await new Promise((r) => setImmediate(r));
      for (const e of rest.slice(folded, folded + 300)) live.apply(e);
      folded = Math.min(rest.length, folded + 300);
    }
    expect(written, 'every change was folded before the snapshot was written').toBe(false);
    await write;
    const restored = new CatalogProjection();
    readSnapshot(path).snapshot!.restoreInto(restored);
    const all = fold(new CatalogProjection(), head);
    expectSameCatalog(all, restored);
    // The projection itself is what folding everything gives (the copies kept for the snapshot changed nothing),
    // and a second snapshot now holds it all.
    for (const e of rest) all.apply(e);
    expectSameCatalog(all, live);
    await writeSnapshot(live, path, { position: seq, streamCreated: 's1', partitions: 'all', takenAt: 2, id: 'after' });
    const again = new CatalogProjection();
    readSnapshot(path).snapshot!.restoreInto(again);
    expectSameCatalog(all, again);
  }, 180_000);

  it('an empty catalog round-trips', async () => {
    const path = join(dir, 'empty.snap');
    await writeSnapshot(new CatalogProjection(), path, { position: 0, streamCreated: 's', partitions: 'all', takenAt: 1, id: 'e' });
    expect(readSnapshot(path).snapshot?.header.workspaces).toBe(0);
  });

  describe('a snapshot that cannot be used is refused (the host then replays the stream)', () => {
    const write = async (name: string) => {
      const p = new CatalogProjection();
      for (const e of events.slice(0, 2_000)) p.apply(e);
      void p.ws('ws_a').lexical;
      const path = join(dir, name);
      await writeSnapshot(p, path, { position: 2_000, streamCreated: 's1', partitions: 'all', takenAt: 1, id: name });
      expect(readSnapshot(path).snapshot).not.toBeNull();
      return path;
    };

    it('the previous format (node:v8 serialisation)', () => {
      const path = join(dir, 'v1.snap');
      writeFileSync(path, serialize({ header: { format: 1, projectionVersion: CatalogProjection.version, position: 5, streamCreated: 's1', takenAt: 1 }, workspaces: [] }));
      const r = readSnapshot(path);
      expect(r.snapshot).toBeNull();
      expect(r.reason).toMatch(/not a column file/);
    });

    it('the previous columnar format (2: ids as strings in every column)', async () => {
      const path = await write('v2.snap');
      const buf = readFileSync(path);
      // The header is the first block, after the 8-byte magic and its 4-byte length: same length, format 2.
      const len = buf.readUInt32LE(8);
      const header = buf.subarray(12, 12 + len).toString('utf8').replace(`"format":${SNAPSHOT_FORMAT}`, '"format":2');
      expect(header.length).toBe(len);
      writeFileSync(path, Buffer.concat([buf.subarray(0, 12), Buffer.from(header), buf.subarray(12 + len)]));
      expect(readSnapshot(path)).toMatchObject({ snapshot: null, reason: expect.stringMatching(/another snapshot format/) });
    });

    it('the previous column-file layout (magic TGCOLS01: a SHA-1 after the blocks)', async () => {
      const path = await write('cols01.snap');
      const buf = readFileSync(path);
      buf.write('TGCOLS01', 0, 'latin1');
      writeFileSync(path, buf);
      expect(readSnapshot(path)).toMatchObject({ snapshot: null, reason: expect.stringMatching(/older column-file layout/) });
    });

    it('a torn file (cut short)', async () => {
      const path = await write('torn.snap');
      truncateSync(path, Math.floor(statSync(path).size * 0.6));
      expect(readSnapshot(path)).toMatchObject({ snapshot: null, reason: expect.stringMatching(/torn|ended early/) });
    });

    it('one byte changed in the middle (a vector, a string or a count)', async () => {
      const path = await write('flipped.snap');
      const buf = readFileSync(path);
      for (const at of [0.3, 0.5, 0.8]) {
        const copy = Buffer.from(buf);
        const i = Math.floor(copy.length * at);
        copy[i] = copy[i]! ^ 0x10;
        writeFileSync(path, copy);
        expect(readSnapshot(path).snapshot, `byte at ${at}`).toBeNull();
      }
    });

    it('another projection version, or a stream or partition set the caller does not accept', async () => {
      const path = await write('other.snap');
      expect(readSnapshot(path, (h) => h.streamCreated === 's2')).toMatchObject({ snapshot: null, reason: expect.stringMatching(/another stream/) });
      const version = (CatalogProjection as { version: number }).version;
      try {
        (CatalogProjection as { version: number }).version = version + 1;
        expect(readSnapshot(path)).toMatchObject({ snapshot: null, reason: expect.stringMatching(/projection version/) });
      } finally {
        (CatalogProjection as { version: number }).version = version;
      }
    });
  });
});
