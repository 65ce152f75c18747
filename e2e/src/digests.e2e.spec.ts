import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeVector, event, OP, type StoredEvent } from '@tg/contracts';
import { EventStore, RpcClient } from '@tg/messaging';
import { checkLiveDigest, type LiveDigestReply } from '@tg/read-model';
import { startStack, type TestStack } from '@tg/test-stack';

/** Every service with a read model answers a digest of it (replay checks): the catalog, and ranking's vectors. */
const DIGESTS = { entity: OP.entity.digest, ranking: OP.rank.digest, visualize: OP.visualize.digest, taste: OP.taste.digest } as const;

describe('digests of the entity, ranking (with its index vectors and lexical index) and visualize read models (as taste has): equal to a replay, not after a change', () => {
  let s: TestStack;
  let ws: Awaited<ReturnType<TestStack['workspace']>>;
  const store = () => EventStore.open(s.tg.nc);
  const live = async (op: (typeof DIGESTS)[keyof typeof DIGESTS]): Promise<LiveDigestReply> => {
    const last = await (await store()).streamLastSeq();
    return (await new RpcClient(s.tg.nc).call(op, { ws: '_account', data: {}, minSeq: last }, { timeoutMs: 60_000 })).data;
  };
  const rankingIndex = () => (s.tg.services.find((x) => x.name === 'ranking') as unknown as { index: { index?: { upsertSync(ns: string, c: string, id: string, v: Float32Array): void } } }).index;

  beforeAll(async () => {
    s = await startStack();
    ws = await s.workspace('digests');
    await ws.createEntity({ type: 'user', name: 'Ann', id: 'u0', description: 'jazz and hiking' });
    const texts = ['bebop jazz saxophone', 'modal jazz trumpet', 'alpine hiking trail', 'mountain lakes and ridges'];
    for (let i = 0; i < texts.length; i++) {
      await ws.createContent({ url: `https://dig.test/${i}`, type: 'text', content: texts[i]!, skip_url_fetch: true, skip_media_enrich: true }, i < 3 ? { entity_id: 'u0' } : undefined);
    }
  }, 120_000);
  afterAll(async () => s?.stop());

  it('each service digest equals a replay of the log to its position (ranking: its catalog and its index vectors)', async () => {
    for (const [name, op] of Object.entries(DIGESTS)) {
      const d = await live(op);
      const check = await checkLiveDigest(await store(), d);
      expect(check.differences, name).toEqual([]);
      expect(check.compared, name).toEqual(name === 'ranking' ? ['catalog', 'index', 'lexical'] : ['catalog']);
      expect(Object.keys(d.digest.workspaces), name).toContain(ws.workspaceId);
    }
    // Ranking's index holds the user (its pooled mean: a derived vector) and the four contents.
    expect((await live(OP.rank.digest)).index!.workspaces[ws.workspaceId]!.vectors).toBe(5);
  }, 120_000);

  it('a write changes every digest, and each again equals a replay', async () => {
    const before = await Promise.all(Object.values(DIGESTS).map((op) => live(op)));
    await ws.createContent({ url: 'https://dig.test/late', type: 'text', content: 'late night jazz radio', skip_url_fetch: true, skip_media_enrich: true }, { entity_id: 'u0' });
    for (const [i, [name, op]] of Object.entries(DIGESTS).entries()) {
      const d = await live(op);
      expect(d.digest.hash, name).not.toBe(before[i]!.digest.hash);
      expect((await checkLiveDigest(await store(), d)).differences, name).toEqual([]);
    }
  }, 120_000);

  it('after a restart from the snapshot: restored_from set, every digest equal to a replay', async () => {
    await s.restart();
    for (const [name, op] of Object.entries(DIGESTS)) {
      const d = await live(op);
      expect(d.restored_from, name).toBeGreaterThan(0);
      expect((await checkLiveDigest(await store(), d)).differences, name).toEqual([]);
    }
  }, 180_000);

  it('a replay that could not read up to the live position is reported, not compared as if it had', async () => {
    // A live digest claiming a position past the stream's end: the replay stops short (as one served by a lagging
    // replica would), and the check says so instead of comparing a shorter log.
    const d = await live(OP.entity.digest);
    const check = await checkLiveDigest(await store(), { ...d, position: d.position + 5 });
    expect(check.differences).toEqual([`replay: read up to ${d.position}, not ${d.position + 5}`]);
  }, 120_000);

  it('a read model that diverged from the log (an event folded that the log does not hold; an index vector changed) differs from the replay', async () => {
    const content = [...s.tg.readModel.catalog.ws(ws.workspaceId).entities.values()].find((e) => e.kind === 'content');
    // The ranking index alone: one content vector changed (as if a snapshot part held another one).
    const index = rankingIndex();
    const other = Float32Array.from(s.tg.readModel.catalog.ws(ws.workspaceId).vectors.get(content!.id)!, (x, k) => (k === 0 ? x + 0.5 : x));
    index.index!.upsertSync(ws.workspaceId, 'content', content!.id, other);
    const r = await checkLiveDigest(await store(), await live(OP.rank.digest));
    expect(r.differences).toEqual([`index: ${ws.workspaceId}: vectors differ (live 6, replay 6)`]);
    // Its lexical index alone: a document the catalog does not hold.
    s.tg.readModel.catalog.ws(ws.workspaceId).lexical.add('ghost', ['jazz', 'ghost']);
    const l = await checkLiveDigest(await store(), await live(OP.rank.digest));
    expect(l.differences).toEqual([`index: ${ws.workspaceId}: vectors differ (live 6, replay 6)`, `lexical: ${ws.workspaceId}: documents and postings differ (live 7, replay 6)`]);
    // The catalog itself: an event folded into this process's read model that the log does not hold.
    const seq = s.tg.readModel.cursor.position;
    const meta = { workspace: ws.workspaceId, at: 1 };
    const extra = event('ContentEmbedded', { entity_id: content!.id, of: 'content', model: 'm', dim: other.length, vector: encodeVector(other), text_digest: 'x', embedded_at: 1 }, meta);
    s.tg.readModel.catalog.apply({ ...extra, seq, subject: `tg.evt.${ws.workspaceId}.entity.${content!.id}` } as StoredEvent);
    for (const [name, op] of Object.entries(DIGESTS)) {
      const check = await checkLiveDigest(await store(), await live(op));
      expect(check.differences.some((x) => x.startsWith(`catalog: ${ws.workspaceId}: vectors differ`)), `${name}: ${check.differences.join('; ')}`).toBe(true);
    }
  }, 120_000);
});
