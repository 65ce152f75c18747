import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { TastegraphClient } from '@tg/client';
import { encodeVector, event, type StoredEvent, type TgEvent } from '@tg/contracts';
import { CatalogProjection } from '@tg/domain';
import { buildGraph } from '@tg/service-visualize';
import { BACKGROUND_WAIT_MS, eventually, startStack, type TestStack } from '@tg/test-stack';

const CHROMIUM = '/usr/bin/chromium';
const HAS_CHROMIUM = existsSync(CHROMIUM);
if (!HAS_CHROMIUM) console.warn(`visualize-browser: skipped, ${CHROMIUM} is absent (install it with: apt-get install -y chromium)`);
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
// Screenshots go to docs/img only when asked (TG_UPDATE_SCREENSHOTS=1), so that a test run never rewrites
// tracked files; otherwise to a temporary folder (they are still taken, so a page that cannot render fails).
const SCREENSHOTS = process.env['TG_UPDATE_SCREENSHOTS'] ? resolve(import.meta.dirname, '../../docs/img') : mkdtempSync(join(tmpdir(), 'tg-shots-'));

/** Clusters of different popularity: four cooks, three astronomers, two football fans. */
const TOPICS: Record<string, { users: string[]; texts: string[] }> = {
  cooking: {
    users: ['Chef Ana', 'Baker Ben', 'Cook Cora', 'Grill Gia'],
    texts: [
      'pasta sauce recipe with tomato garlic basil and olive oil simmered slowly',
      'ramen noodles in a rich pork broth with miso soy sauce and scallions',
      'baking sourdough bread with flour water salt and a lively yeast starter',
    ],
  },
  astronomy: {
    users: ['Astro Dan', 'Star Eve', 'Orbit Finn'],
    texts: [
      'a telescope reveals a spiral galaxy nebula stars and distant planets',
      'black hole event horizon gravity bends spacetime around collapsed stars',
      'lunar eclipse over moon craters watched by astronomers with telescopes',
    ],
  },
  football: {
    users: ['Goal Gus', 'Pitch Hal'],
    texts: [
      'the striker scored a penalty goal to win the league match for the club',
      'football fans filled the stadium to cheer the championship trophy final',
      'the midfielder passed the ball before the referee whistled for offside',
    ],
  },
};
const USER_COUNT = Object.values(TOPICS).reduce((n, t) => n + t.users.length, 0);

/** The graph answer for a large synthetic workspace (clusters × users × linked items), as the service builds it. */
function largeGraph(clusterCount: number, usersPer: number, itemsPer: number) {
  const m = { workspace: 'ws_big', at: 1_000 };
  const events: TgEvent[] = [];
  const rows = [];
  for (let c = 0; c < clusterCount; c++) {
    const members: string[] = [];
    for (let u = 0; u < usersPer; u++) {
      const id = `u${c}_${u}`;
      members.push(id);
      events.push(event('EntityCreated', { entity_id: id, type: 'user', name: `User ${c}-${u}`, description: '', created_at: 1_000 }, m));
      for (let k = 0; k < itemsPer; k++) {
        const cid = `c${c}_${u}_${k}`;
        events.push(
          event('ContentIndexed', { entity_id: cid, url: `https://example.test/${cid}`, media_type: 'text', name: `Item ${cid}`, description: '', text: 'x', text_digest: cid, source: 'inline', skip_url_fetch: true, skip_media_enrich: true, indexed_at: 1_000 }, m),
          event('ChildLinked', { parent_id: id, child_id: cid, rel: 'about', weight: 1, linked_at: 1_000 }, m),
        );
      }
    }
    rows.push({ id: `cl_${c}`, label: `topic ${c} · words`, size: usersPer, keywords: [`topic${c}`], members, centroid: encodeVector(new Float32Array([1, 0])), affinities: [] });
  }
  events.push(event('ClustersComputed', { entity_type: 'user', model: 'm', computed_at: 2_000, clusters: rows }, m));
  const p = new CatalogProjection();
  events.forEach((e, i) => p.apply({ ...e, seq: i + 1, subject: 'tg.evt.ws_big.x.y' } as StoredEvent));
  return buildGraph(p.ws('ws_big'));
}

async function seed(ws: TastegraphClient): Promise<void> {
  for (const [topic, { users, texts }] of Object.entries(TOPICS)) {
    for (const [u, name] of users.entries()) {
      const linked_content = texts.map((content, i) => ({ url: `https://example.test/${topic}/${u}/${i}`, type: 'text' as const, title: `${name} · ${topic} ${i + 1}`, content, skip_url_fetch: true, skip_media_enrich: true }));
      const r = await ws.request('POST', '/entity', { body: { type: 'user', name, linked_content } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
  }
  await eventually(
    async () => {
      const r = await ws.request('GET', '/clusters', { query: { entity_type: 'user', limit: 50 } });
      const members = (r.body.results ?? []).flatMap((c: any) => c.clustered_entities);
      return r.body.results?.length === 3 && members.length === USER_COUNT;
    },
    { what: 'three user clusters', timeoutMs: BACKGROUND_WAIT_MS },
  );
}

/** Clicks where a user would: the centre of the first element matching `selector`. */
async function clickCentre(page: Page, selector: string): Promise<void> {
  const box = (await page.locator(selector).first().boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

describe('visualize page in headless Chromium', () => {
  let s: TestStack;
  let ws: Awaited<ReturnType<TestStack['workspace']>>;
  let ctx: BrowserContext;
  let page: Page;
  let userDir: string;
  const problems: string[] = [];

  beforeAll(async () => {
    if (!HAS_CHROMIUM) return;
    s = await startStack();
    ws = await s.workspace('viz-browser');
    await seed(ws);
    userDir = mkdtempSync(join(tmpdir(), 'tg-chromium-'));
    ctx = await chromium.launchPersistentContext(userDir, { executablePath: CHROMIUM, headless: true, args: FLAGS, viewport: { width: 1400, height: 860 }, deviceScaleFactor: 1 });
    page = ctx.pages()[0] ?? (await ctx.newPage());
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    // Nothing may leave the gateway: no CDN, no third party.
    const origin = new URL(s.baseUrl).origin;
    await page.route('**/*', (route) => (route.request().url().startsWith(origin) ? route.continue() : (problems.push(`external request: ${route.request().url()}`), route.abort())));
  }, BACKGROUND_WAIT_MS + 90_000);

  afterAll(async () => {
    await ctx?.close().catch(() => undefined);
    if (userDir) rmSync(userDir, { recursive: true, force: true });
    await s?.stop();
  });

  it.skipIf(!HAS_CHROMIUM)('draws the clusters sized by popularity, drills down to the right entities and content, searches, and shows the link graph', async () => {
    const session = (await ws.request('GET', '/visualize')).body;
    const graph = (await fetch(session.graph_url).then((r) => r.json())) as any;
    const userClusters = graph.hierarchy.children.filter((c: any) => c.type === 'user');
    expect(userClusters).toHaveLength(3);

    await page.goto(session.url);
    await page.waitForSelector('body[data-state=ready]', { timeout: 10_000 });

    // The three user clusters are drawn (content clusters sit behind the type filter), labelled,
    // and the most popular is the largest.
    const clusters = page.locator('#pack circle[data-kind=cluster]');
    await expect.poll(() => clusters.count()).toBe(3);
    const drawn = await clusters.evaluateAll((cs) => cs.map((c) => ({ id: c.getAttribute('data-id')!, r: Number(c.getAttribute('r')) })));
    const sizeOf = new Map<string, number>(userClusters.map((c: any) => [c.id, c.size]));
    expect(drawn.map((d) => d.id).sort()).toEqual([...sizeOf.keys()].sort());
    const byRadius = [...drawn].sort((x, y) => y.r - x.r).map((d) => sizeOf.get(d.id));
    expect(byRadius).toEqual([4, 3, 2]);
    // Area follows popularity: r² / size is the same for every cluster (within rounding).
    const areaPerMember = drawn.map((d) => (d.r * d.r) / sizeOf.get(d.id)!);
    for (const a of areaPerMember) expect(a / areaPerMember[0]!).toBeCloseTo(1, 2);
    const labels = await page.locator('#pack text.kind-cluster').evaluateAll((ts) => ts.filter((t) => (globalThis as any).getComputedStyle(t).display !== 'none').map((t) => t.querySelector('.name')?.textContent ?? ''));
    expect(labels).toHaveLength(3);
    for (const c of userClusters) expect(labels.some((l: string) => c.name.startsWith(l.replace(/…$/, '')))).toBe(true);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.mouse.move(1, 1);
    await page.screenshot({ path: join(SCREENSHOTS, 'visualize.png') });

    // Drill down: the cooking cluster holds exactly the four cooks.
    const cooks = userClusters.find((c: any) => c.children.some((e: any) => e.name === 'Chef Ana'));
    // A click anywhere on the cluster's circle (here: its centre, whatever member lies there) drills into it.
    await clickCentre(page, `#pack circle[data-kind=cluster][data-id="${cooks.id}"]`);
    await page.waitForSelector('#panel[data-kind=cluster]');
    const entityNames = async () => (await page.locator('#panel-items li[data-kind=entity] .name').allTextContents()).sort();
    await expect.poll(entityNames).toEqual([...TOPICS.cooking!.users].sort());
    // Their circles are labelled once the zoom settles.
    await expect
      .poll(() => page.locator('#pack text.kind-entity').evaluateAll((ts) => ts.filter((t) => (globalThis as any).getComputedStyle(t).display !== 'none').map((t) => t.querySelector('.name')?.textContent ?? '').sort()))
      .toEqual([...TOPICS.cooking!.users].sort());
    await page.mouse.move(1, 1);
    await page.screenshot({ path: join(SCREENSHOTS, 'visualize-drilldown.png') });

    // Drill further: an entity's linked content.
    await page.locator('#panel-items li[data-kind=entity]', { hasText: 'Chef Ana' }).click();
    await page.waitForSelector('#panel[data-kind=entity]');
    expect(await page.locator('#panel h2').textContent()).toBe('Chef Ana');
    expect((await page.locator('#panel-items li[data-kind=content] .name').allTextContents()).sort()).toEqual(['Chef Ana · cooking 1', 'Chef Ana · cooking 2', 'Chef Ana · cooking 3']);
    expect(await page.locator('#crumbs button').allTextContents()).toEqual(['All clusters', cooks.name.length > 40 ? expect.any(String) : cooks.name, 'Chef Ana']);

    // Search finds an entity of another cluster and drills to it.
    await page.fill('#search', 'star eve');
    await page.waitForSelector('#search-results li[data-id]');
    await page.locator('#search-results li[data-id]').first().click();
    await expect.poll(() => page.locator('#panel h2').textContent()).toBe('Star Eve');
    const astro = userClusters.find((c: any) => c.children.some((e: any) => e.name === 'Star Eve'));
    expect(await page.locator('#crumbs button').nth(1).getAttribute('data-id')).toBe(astro.id);

    // The link graph: every entity and content item, every link.
    await page.click('#tab-graph');
    await page.waitForFunction(() => (globalThis as any).__tgGraph?.nodes().length > 0);
    const counts = await page.evaluate(() => ({ nodes: (globalThis as any).__tgGraph.nodes().length, edges: (globalThis as any).__tgGraph.edges().length }));
    expect(counts).toEqual({ nodes: graph.nodes.length, edges: graph.edges.length });
    expect(counts.nodes).toBe(USER_COUNT * 4);
    // Tapping a node there shows it with its linked content.
    const chef = graph.nodes.find((n: any) => n.label === 'Chef Ana');
    await page.evaluate((id) => {
      (globalThis as any).__tgGraph.getElementById(id).select().emit('tap');
    }, chef.id);
    await expect.poll(() => page.locator('#panel h2').textContent()).toBe('Chef Ana');
    expect(await page.locator('#panel-items li[data-kind=content]').count()).toBe(3);
    await page.screenshot({ path: join(SCREENSHOTS, 'visualize-graph.png') });

    expect(problems).toEqual([]);
  }, 30_000);

  it.skipIf(!HAS_CHROMIUM)('stays responsive on a large workspace: sampled, and it says so', async () => {
    // 40 clusters × 150 users × 4 items (30k nodes): the service samples it; the page draws that sample.
    const big = largeGraph(40, 150, 4);
    const body = JSON.stringify(big);
    const session = (await ws.request('GET', '/visualize')).body;
    await page.route('**/v1/visualize/graph?*', (route) => route.fulfill({ status: 200, contentType: 'application/json', body }));
    onTestFinished(() => page.unroute('**/v1/visualize/graph?*'));
    const t0 = Date.now();
    await page.goto(session.url);
    await page.waitForSelector('body[data-state=ready]', { timeout: 10_000 });
    const readyMs = Date.now() - t0;
    expect(await page.locator('#pack circle[data-kind=cluster]').count()).toBe(40);
    const circles = await page.locator('#pack circle').count();
    expect(await page.locator('#warnings').isVisible()).toBe(true);
    expect(await page.locator('#warnings li').allTextContents()).toContainEqual(expect.stringMatching(/^sampled: showing \d+ of 30000 entities/));
    await page.mouse.move(1, 1);
    await page.screenshot({ path: join(SCREENSHOTS, 'visualize-large.png') });
    // Drilling down stays quick.
    const t1 = Date.now();
    await clickCentre(page, '#pack circle[data-kind=cluster]');
    await page.waitForSelector('#panel[data-kind=cluster]');
    const drillMs = Date.now() - t1;
    const t2 = Date.now();
    await page.click('#tab-graph');
    await page.waitForFunction(() => (globalThis as any).__tgGraph?.nodes().length > 0);
    const graphMs = Date.now() - t2;
    expect(await page.locator('#graph-note').textContent()).toMatch(/^Showing the 600 most connected of \d+ nodes/);
    console.log(`large workspace page: ${big.nodes.length} nodes / ${Math.round(body.length / 1024)} KiB -> ${circles} circles; ready ${readyMs} ms, drill-down ${drillMs} ms, link graph ${graphMs} ms`);
    expect(readyMs + drillMs + graphMs).toBeLessThan(15_000);
  }, 30_000);

  it.skipIf(!HAS_CHROMIUM)('explains a bad or missing link instead of drawing', async () => {
    const origin = new URL(s.baseUrl).origin;
    await page.goto(`${origin}/v1/visualize/view?t=not-a-token`);
    await page.waitForSelector('body[data-state=error]', { timeout: 10_000 });
    expect(await page.getAttribute('body', 'data-error-code')).toBe('token_invalid');
    expect(await page.locator('#error').textContent()).toMatch(/Ask for a new one with GET \/v1\/visualize/);
    await page.goto(`${origin}/v1/visualize/view`);
    await page.waitForSelector('body[data-state=error]');
    expect(await page.getAttribute('body', 'data-error-code')).toBe('token_missing');
  });
});
