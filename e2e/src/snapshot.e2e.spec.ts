import { existsSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OP } from '@tg/contracts';
import { EventStore, RpcClient } from '@tg/messaging';
import { eventually, startStack, type TestStack } from '@tg/test-stack';

describe('read-model snapshots: a restart restores the catalog and resumes the stream after it', () => {
  let s: TestStack;
  const snapshotPath = () => join(s.config.dataDir, 'snapshots', 'catalog.snap');
  /**
   * The live digest once the taste service is settled at the end of the stream. Settled includes the background
   * cluster fit, whose thread runs at nice 10 (docs/operations.md): on a machine saturated by other processes it can
   * take longer than the default 15 s bound, so this condition gets 40 s (each test, with two such waits and restarts, 120 s).
   */
  const liveDigest = () =>
    eventually(
      async () => {
        const st = await EventStore.open(s.tg.nc);
        const last = await st.streamLastSeq();
        const live = (await new RpcClient(s.tg.nc).call(OP.taste.digest, { ws: '_account', data: {}, minSeq: last })).data;
        return live.settled && live.position === (await st.streamLastSeq()) ? live : undefined;
      },
      { timeoutMs: 40_000, what: 'the taste service settled at the end of the stream' },
    );

  beforeAll(async () => {
    s = await startStack();
    const ws = await s.workspace('snap');
    const texts = ['bebop jazz saxophone', 'modal jazz trumpet', 'alpine hiking trail', 'mountain lakes and ridges', 'sourdough bread recipe', 'tomato pasta with basil'];
    const users = ['jazz and hiking', 'cooking'].map((d, i) => ({ type: 'user' as const, name: `User ${i}`, id: `u${i}`, description: d }));
    for (const u of users) await ws.createEntity(u);
    for (let i = 0; i < texts.length; i++) {
      // No background enrichment: every event in the stream is caused by the test, so positions are stable.
      await ws.createContent({ url: `https://snap.test/${i}`, type: 'text', content: texts[i]!, skip_url_fetch: true, skip_media_enrich: true }, { entity_id: i < 4 ? 'u0' : 'u1' });
    }
    await ws.request('POST', '/entity/u0/link', { body: { entity_id: 'c_does_not_matter' } });
    await ws.deleteEntity(`https://snap.test/5`);
  });
  afterAll(async () => s?.stop());

  it('writes a snapshot on stop and restores exactly the same state from it', async () => {
    const before = await liveDigest();
    await s.restart();
    expect(existsSync(snapshotPath())).toBe(true);
    const after = await liveDigest();
    expect(after.restored_from).toBeGreaterThanOrEqual(before.position);
    expect(after.digest.hash).toBe(before.digest.hash);
    // The restored projection keeps following the stream.
    const ws = await s.workspace('after-restore');
    await ws.createContent({ url: 'https://snap.test/new', type: 'text', content: 'late night jazz radio', skip_url_fetch: true, skip_media_enrich: true });
    expect((await ws.request('GET', '/entity/type', { query: { entity_type: 'content' } })).body.entity_count).toBe(1);
  }, 120_000);

  it('ignores a damaged snapshot and replays the stream instead', async () => {
    const before = await liveDigest();
    await s.restart();
    const size = statSync(snapshotPath()).size;
    expect(size).toBeGreaterThan(0);
    await s.tg.stop();
    writeFileSync(snapshotPath(), Buffer.from('not a snapshot'));
    await s.restart();
    const after = await liveDigest();
    expect(after.restored_from).toBe(0);
    expect(after.digest.hash).toBe(before.digest.hash);
  }, 120_000);
});
