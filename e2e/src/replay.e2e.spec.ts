import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminProjection } from '@tg/domain';
import { OP } from '@tg/contracts';
import { EventStore, RpcClient } from '@tg/messaging';
import { REPLAYABLE, adminReplay, catalogReplay, compareCatalogWithLive, liveCatalogDigest, replayProjection, resolveProjections } from '@tg/read-model';
import { BACKGROUND_WAIT_MS, eventually, startStack, type TestStack } from '@tg/test-stack';

type WsClient = Awaited<ReturnType<TestStack['workspace']>>;

const TEXTS = [
  'Jazz saxophone solos and bebop improvisation in a smoky club',
  'Miles Davis trumpet records and modal jazz albums',
  'A jazz quartet with piano, double bass and drums swinging all night',
  'The striker scored a late goal and the football club won the league',
  'Football tactics: pressing, wingers and a back four defence',
  'The goalkeeper saved a penalty in the cup final at the stadium',
  'Slow roasted garlic chicken with rosemary potatoes, a simple recipe',
  'How to bake sourdough bread with a crisp crust in your oven',
  'A recipe for tomato pasta sauce with basil, olive oil and garlic',
];

/** Runs a command to completion, collecting its output. */
function run(cmd: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: process.cwd(), env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('replay: every projection rebuilt from the stream equals the live state', () => {
  let s: TestStack;
  let a: WsClient;
  let b: WsClient;

  const rpc = () => new RpcClient(s.tg.nc);
  const store = () => EventStore.open(s.tg.nc);
  /** The live catalog digest once the taste service has no cluster recompute pending, at the end of the stream. */
  const settledLive = async () =>
    eventually(
      async () => {
        const st = await store();
        const last = await st.streamLastSeq();
        const live = (await rpc().call(OP.taste.digest, { ws: '_account', data: {}, minSeq: last })).data;
        return live.settled && live.position === (await st.streamLastSeq()) ? live : undefined;
      },
      // Settled includes the background recomputations (clusters, learned graph), which wait 5x their last run's
      // wall time at a lower CPU priority: seconds on a quiet machine, more under the suite's own load.
      { what: 'taste service settled at the end of the stream', timeoutMs: BACKGROUND_WAIT_MS },
    );

  beforeAll(async () => {
    s = await startStack();
    a = await s.workspace('replay-a');
    b = await s.workspace('replay-b');
    // A workspace built through the API with every kind of change the projections fold.
    const post = async (ws: WsClient, body: unknown) => {
      const r = await ws.request('POST', '/entity', { body });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body;
    };
    const link = async (ws: WsClient, parent: string, body?: unknown) => {
      const r = await ws.request('POST', `/entity/${encodeURIComponent(parent)}/link`, body === undefined ? {} : { body });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };
    const item = (i: number, extra: Record<string, unknown> = {}) => ({ url: `https://replay.test/${i}`, type: 'text', content: TEXTS[i % TEXTS.length], skip_url_fetch: true, skip_media_enrich: true, ...extra });
    expect((await a.request('POST', '/entity/type', { body: { entity_type: 'chef', description: 'People who cook' } })).status).toBe(201);
    const users = [];
    for (let u = 0; u < 4; u++) users.push((await post(a, { type: 'user', name: `Fan ${u}`, description: ['jazz lover', 'football supporter', 'home cook', 'all of it'][u] })).id as string);
    const chef = (await post(a, { type: 'chef', name: 'Chef Remy', description: 'French cooking', id: 'chef/remy' })).id as string;
    const brand = (await post(a, { type: 'brand', name: 'Blue Note', linked_content: [item(100), item(101)] })).id as string;
    const content: string[] = [];
    for (let i = 0; i < 9; i++) content.push((await post(a, { content: item(i), entity_id: users[Math.floor(i / 3)] })).entity_id as string);
    for (let i = 0; i < 9; i += 2) await link(a, users[3]!, { entity_id: content[i], weight: [1, 0.5, 0.25, 0.75, 0][i / 2], relation: 'likes' });
    for (const i of [6, 7, 8]) await link(a, chef, { content_id: content[i] });
    await link(a, users[0]!);
    // Re-index one child under the same id with new text, enrich one, delete one child and one parent.
    await post(a, { content: { ...item(1), content: 'Modal jazz and cool trumpet tone on late night records', id: content[1] } });
    await post(a, { content: item(200, { skip_media_enrich: false }), entity_id: users[2] });
    expect((await a.request('DELETE', '/entity', { query: { entity_id: content[4] } })).status).toBe(200);
    expect((await a.request('DELETE', '/entity', { query: { entity_id: brand } })).status).toBe(200);
    expect((await a.request('POST', `/entity/${encodeURIComponent(users[3]!)}/compose`, { body: { representation: 'subspace', max_rank: 3, energy: 0.95 } })).status).toBe(200);
    expect((await a.request('POST', `/entity/${encodeURIComponent(chef)}/compose`, { body: { representation: 'point' } })).status).toBe(200);
    // A second, smaller workspace.
    const other = (await post(b, { type: 'place', name: 'Village Vanguard', description: 'jazz club' })).id as string;
    await post(b, { content: item(300), entity_id: other });
    // Clusters appear in the background; wait for them, enriched names too.
    await eventually(async () => (await a.request('GET', '/clusters', { query: { entity_type: 'user' } })).body.results?.length > 0, { what: 'user clusters', timeoutMs: BACKGROUND_WAIT_MS });
    await eventually(async () => (await a.request('GET', '/entity', { query: { entity_id: 'https://replay.test/200' } })).body.name !== 'replay.test', { what: 'enrichment' });
  }, BACKGROUND_WAIT_MS + 120_000);
  afterAll(async () => s?.stop());

  it('knows every projection by name and alias', () => {
    expect(REPLAYABLE.map((p) => p.name)).toEqual(['catalog', 'admin']);
    expect(resolveProjections(['taste'])).toEqual([catalogReplay]);
    expect(resolveProjections(['all'])).toEqual([catalogReplay, adminReplay]);
    expect(() => resolveProjections(['nope'])).toThrow(/unknown projection 'nope'.*catalog/);
  });

  it('rebuilds the catalog (entities, vectors, links, taste statistics, clusters) equal to the live one', async () => {
    const live = await settledLive();
    const cmp = await compareCatalogWithLive(await store(), rpc());
    expect(cmp.differences).toEqual([]);
    expect(cmp.equal).toBe(true);
    expect(cmp.replay.lastSeq).toBe(live.position);
    expect(cmp.replay.digest.hash).toBe(live.digest.hash);
    expect(cmp.replay.failures).toBe(0);
    // The workspace is really there, in every section.
    const wa = cmp.live.workspaces[a.workspaceId]!;
    expect(wa.counts.entities).toBeGreaterThanOrEqual(15);
    expect(wa.counts.links).toBeGreaterThanOrEqual(12);
    expect(wa.counts.pooled).toBe(wa.counts.links - 1); // the weight-0 link is kept, not pooled
    expect(wa.counts.clusters).toBeGreaterThan(0);
    expect(wa.counts.types).toBe(1);
    expect(cmp.live.workspaces[b.workspaceId]!.counts.links).toBe(1);
    // Incremental statistics equal a batch recomputation from the rebuilt links and vectors.
    const check = (cmp.replay.digest.detail as { statsCheck: { maxAbsError: number; problems: string[] } }).statsCheck;
    expect(check.problems).toEqual([]);
    expect(check.maxAbsError).toBeLessThan(1e-9);
  }, BACKGROUND_WAIT_MS + 60_000);

  it('notices a difference: a rebuild that stops short of the live position differs', async () => {
    const live = await liveCatalogDigest(rpc());
    const short = await replayProjection(await store(), catalogReplay, { untilSeq: live.position - 3 });
    expect(short.lastSeq).toBe(live.position - 3);
    expect(short.digest.hash).not.toBe(live.digest.hash);
  });

  it('rebuilds the admin projection equal to what the live admin service answers', async () => {
    const r = await replayProjection(await store(), adminReplay);
    const state = r.state as AdminProjection;
    const listed = (await s.admin.listWorkspaces()).workspaces;
    const rebuilt = [...state.workspaces.values()].sort((x, y) => x.created_at - y.created_at).map(({ public_id, name, created_at, api_key_prefix }) => ({ public_id, name, created_at, api_key_prefix }));
    expect(rebuilt).toEqual(listed);
    // Every key the live service accepts is in the rebuilt key table, bound to its workspace.
    expect(state.keys.size).toBe(listed.length);
    expect(new Set(state.keys.values())).toEqual(new Set(listed.map((w) => w.public_id)));
    expect((await a.request('GET', '/clusters', { query: { limit: '1' } })).status).toBe(200);
  });

  it('comes back equal after a restart (live rebuilt at start), and the replay tool agrees', async () => {
    const before = await settledLive();
    const adminBefore = (await replayProjection(await store(), adminReplay)).digest.hash;
    await s.restart();
    const after = await settledLive();
    expect(after.position).toBe(before.position);
    expect(after.digest).toEqual(before.digest);
    expect((await replayProjection(await store(), adminReplay)).digest.hash).toBe(adminBefore);
    // Reads still answer from the rebuilt state.
    expect((await a.request('GET', '/clusters')).body.results.length).toBeGreaterThan(0);

    const out = await run(process.execPath, ['--import', 'tsx', 'tools/replay.ts', 'all', '--compare', '--raw', '--json'], { NATS_URL: s.nats.url });
    expect(out.code, out.stderr + out.stdout).toBe(0);
    const report = JSON.parse(out.stdout);
    // Every service with a read model answers and equals the replay (ranking: its index vectors too).
    for (const svc of ['taste', 'entity', 'ranking', 'visualize']) expect(report.compare[svc], svc).toMatchObject({ equal: true, differences: [] });
    expect(report.compare.taste.live).toBe(before.digest.hash);
    expect(report.compare.ranking.compared).toEqual(['catalog', 'index', 'lexical']);
    expect(report.projections.map((p: { name: string }) => p.name)).toEqual(['catalog', 'admin']);
    expect(report.projections[0].events).toBe(report.raw.events);
    expect(report.projections[0].eventsPerSecond).toBeGreaterThan(0);
    expect(report.projections[1].digest.hash).toBe(adminBefore);

    const text = await run(process.execPath, ['--import', 'tsx', 'tools/replay.ts', 'taste'], { NATS_URL: s.nats.url });
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(before.digest.hash);
    expect(text.stdout).toMatch(/events\/s/);
    const bad = await run(process.execPath, ['--import', 'tsx', 'tools/replay.ts', 'nonsense'], { NATS_URL: s.nats.url });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/unknown projection/);
  }, 2 * BACKGROUND_WAIT_MS + 60_000);
});
