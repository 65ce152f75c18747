import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TastegraphClient } from '@tg/client';
import { TokenSigner, hashKey } from '@tg/service-admin';
import { BACKGROUND_WAIT_MS, eventually, startStack, type TestStack } from '@tg/test-stack';

/** Three users per topic, each with three items of that topic's vocabulary: a few clear clusters. */
const TOPICS: Record<string, string[]> = {
  cooking: [
    'pasta sauce recipe with tomato garlic basil and olive oil simmered slowly',
    'ramen noodles in a rich pork broth with miso soy sauce and scallions',
    'baking sourdough bread with flour water salt and a lively yeast starter',
  ],
  astronomy: [
    'a telescope reveals a spiral galaxy nebula stars and distant planets',
    'black hole event horizon gravity bends spacetime around collapsed stars',
    'lunar eclipse over moon craters watched by astronomers with telescopes',
  ],
  football: [
    'the striker scored a penalty goal to win the league match for the club',
    'football fans filled the stadium to cheer the championship trophy final',
    'the midfielder passed the ball before the referee whistled for offside',
  ],
};
const USERS: Record<string, string[]> = { cooking: ['Chef Ana', 'Baker Ben', 'Cook Cora'], astronomy: ['Astro Dan', 'Star Eve', 'Orbit Finn'], football: ['Goal Gus', 'Pitch Hal', 'Kick Ivy'] };

/** Creates the users with their linked content and waits until their clusters are computed. */
async function seed(ws: TastegraphClient): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const [topic, names] of Object.entries(USERS)) {
    for (const [u, name] of names.entries()) {
      const linked_content = TOPICS[topic]!.map((text, i) => ({
        url: `https://example.test/${topic}/${u}/${i}`,
        type: 'text' as const,
        title: `${topic} ${u}-${i}`,
        content: text,
        skip_url_fetch: true,
        skip_media_enrich: true,
      }));
      const r = await ws.request('POST', '/entity', { body: { type: 'user', name, linked_content } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      ids[name] = r.body.id;
    }
  }
  await eventually(
    async () => {
      const r = await ws.request('GET', '/clusters', { query: { entity_type: 'user', limit: 50 } });
      const members = (r.body.results ?? []).flatMap((c: any) => c.clustered_entities.map((e: any) => e.id));
      return r.body.results?.length === 3 && members.length === 9;
    },
    { what: 'user clusters computed', timeoutMs: BACKGROUND_WAIT_MS },
  );
  return ids;
}

const tokenOf = (url: string) => new URL(url).searchParams.get('t')!;

describe('visualize: session tokens and the catalog hierarchy', () => {
  const TTL = 3;
  let s: TestStack;
  let a: Awaited<ReturnType<TestStack['workspace']>>;
  let b: Awaited<ReturnType<TestStack['workspace']>>;
  let graph: (t: string | undefined, headers?: Record<string, string>, query?: Record<string, string | number>) => Promise<{ status: number; body: any; headers: Headers }>;
  let issue: (ws: TastegraphClient) => Promise<any>;

  beforeAll(async () => {
    s = await startStack({ visualizeTokenTtlSec: TTL });
    a = await s.workspace('viz-a');
    b = await s.workspace('viz-b');
    // No API key on the graph route: a bare client.
    const anon = s.admin.with({ apiKey: undefined });
    graph = (t, headers = {}, query = {}) => anon.request('GET', '/visualize/graph', { query: { t, ...query }, headers });
    issue = async (ws) => {
      const r = await ws.request('GET', '/visualize');
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body;
    };
    await seed(a);
    await b.request('POST', '/entity', { body: { type: 'brand', name: 'Only In B' } });
  }, BACKGROUND_WAIT_MS + 120_000);
  afterAll(async () => s?.stop());

  it('GET /visualize needs an API key', async () => {
    const r = await s.admin.with({ apiKey: undefined }).request('GET', '/visualize');
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ code: 'unauthorized' });
  });

  it('GET /visualize issues a read-only session with its lifetime and the page and graph URLs', async () => {
    const before = Date.now();
    const r = await a.request('GET', '/visualize');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.body).toMatchObject({ scope: 'visualize:read', workspace_id: a.workspaceId, expires_in: TTL });
    expect(r.body.expires_at).toBeGreaterThan(before);
    expect(r.body.expires_at).toBeLessThanOrEqual(before + (TTL + 1) * 1000);
    const origin = new URL(s.baseUrl).origin;
    expect(r.body.url).toBe(`${origin}/v1/visualize/view?t=${encodeURIComponent(r.body.token)}`);
    expect(r.body.graph_url).toBe(`${origin}/v1/visualize/graph?t=${encodeURIComponent(r.body.token)}`);
    expect(tokenOf(r.body.graph_url)).toBe(r.body.token);

    // The graph URL works as given, with no key at all.
    const g = await fetch(r.body.graph_url);
    expect(g.status).toBe(200);
    expect(g.headers.get('cache-control')).toBe('no-store');
    const body = (await g.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['edges', 'hierarchy', 'nodes', 'warnings']);
  });

  it('the graph is cluster → entity → content, with every drawn node and link', async () => {
    const { token } = await issue(a);
    const r = await graph(token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const { hierarchy, nodes, edges, warnings } = r.body;
    expect(hierarchy).toMatchObject({ id: a.workspaceId, kind: 'workspace', stats: { entities: 9, content: 27, links: 27 } });
    expect(warnings).toEqual(expect.any(Array));
    const userClusters = hierarchy.children.filter((c: any) => c.type === 'user' && !c.unclustered);
    expect(userClusters).toHaveLength(3);
    for (const c of userClusters) {
      expect(c).toMatchObject({ kind: 'cluster', name: expect.any(String), popularity: c.size });
      expect(c.children.length).toBe(c.size);
      for (const e of c.children) {
        expect(e).toMatchObject({ kind: 'entity', type: 'user' });
        // Each user's linked content: its three items, all of the user's topic.
        expect(e.children).toHaveLength(3);
        const topic = Object.keys(USERS).find((t) => USERS[t]!.includes(e.name))!;
        for (const item of e.children) expect(item).toMatchObject({ kind: 'content', type: 'content', name: expect.stringMatching(new RegExp(`^${topic} `)) });
      }
    }
    // One cluster per topic, holding exactly that topic's users.
    const byTopic = userClusters.map((c: any) => c.children.map((e: any) => e.name).sort());
    expect(byTopic.sort()).toEqual(Object.values(USERS).map((names) => [...names].sort()).sort());

    expect(nodes.filter((n: any) => n.kind === 'entity')).toHaveLength(9);
    expect(nodes.filter((n: any) => n.kind === 'content')).toHaveLength(27);
    expect(new Set(nodes.map((n: any) => n.id)).size).toBe(nodes.length);
    const chef = nodes.find((n: any) => n.label === 'Chef Ana');
    expect(chef).toMatchObject({ type: 'user', popularity: 3, cluster_id: expect.stringMatching(/^cl_/) });
    expect(edges).toHaveLength(27);
    expect(edges.filter((e: any) => e.source === chef.id)).toHaveLength(3);
    expect(edges[0]).toMatchObject({ rel: 'about', weight: 1 });
  });

  it('shows a write made a moment ago (read-your-writes)', async () => {
    const r = await a.request('POST', '/entity', { body: { type: 'brand', name: 'Fresh Brand' } });
    expect(r.status).toBe(200);
    const { token } = await issue(a);
    const g = await graph(token);
    expect(g.status).toBe(200);
    expect(g.body.nodes.some((n: any) => n.id === r.body.id)).toBe(true);
  });

  it('a token only ever shows its own workspace', async () => {
    const ta = (await issue(a)).token;
    const tb = (await issue(b)).token;
    const ga = await graph(ta);
    const gb = await graph(tb);
    expect(gb.body.hierarchy.id).toBe(b.workspaceId);
    expect(gb.body.nodes.map((n: any) => n.label)).toEqual(['Only In B']);
    expect(ga.body.nodes.some((n: any) => n.label === 'Only In B')).toBe(false);
  });

  it('the account key with a workspace header issues a token for that workspace', async () => {
    const r = await s.admin.request('GET', '/visualize', { headers: { 'x-workspace-id': b.workspaceId } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.workspace_id).toBe(b.workspaceId);
    expect((await graph(r.body.token)).body.hierarchy.id).toBe(b.workspaceId);
  });

  describe('errors: each a clear { error, code }', () => {
    const expectError = (r: { status: number; body: any }, status: number, code: string, message: RegExp) => {
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      expect(r.body).toMatchObject({ code, error: expect.stringMatching(message), message: expect.any(String) });
    };

    it('missing token: 401 token_missing (also when t is empty)', async () => {
      expectError(await graph(undefined), 401, 'token_missing', /Missing session token/);
      expectError(await graph(''), 401, 'token_missing', /Missing session token/);
      // An API key is no substitute for the token.
      expectError(await graph(undefined, { 'x-api-key': a.key }), 401, 'token_missing', /Missing session token/);
    });

    it('malformed token: 401 token_invalid', async () => {
      for (const t of ['abc', 'a.b.c', 'not a token at all', `${'x'.repeat(40)}.`, '....', `${'A'.repeat(5000)}.${'B'.repeat(43)}`]) {
        expectError(await graph(t), 401, 'token_invalid', /Malformed session token/);
      }
      // Well-shaped, but the body is not a token's JSON.
      const junk = `${Buffer.from('{"ws":1}').toString('base64url')}.${'A'.repeat(43)}`;
      expectError(await graph(junk), 401, 'token_invalid', /signature does not match|Malformed/);
    });

    it('tampered token: 401 token_invalid (payload or signature changed)', async () => {
      const { token } = await issue(a);
      const [payload, mac] = token.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      // Point it at workspace B, or stretch its expiry: the signature no longer matches.
      const toB = `${Buffer.from(JSON.stringify({ ...claims, ws: b.workspaceId })).toString('base64url')}.${mac}`;
      const longer = `${Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 86_400 })).toString('base64url')}.${mac}`;
      const flipped = `${payload}.${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
      for (const t of [toB, longer, flipped]) expectError(await graph(t), 401, 'token_invalid', /signature does not match/);
      // Signed by another deployment (another secret): not ours.
      const elsewhere = new TokenSigner(hashKey('visualize:tg_sk_another_deployment_secret')).sign({ ...claims });
      expectError(await graph(elsewhere), 401, 'token_invalid', /signature does not match/);
      // Signed with our secret but for a workspace this deployment does not have.
      const ours = new TokenSigner(hashKey(`visualize:${s.tg.accountSecret}`));
      expectError(await graph(ours.sign({ ...claims, ws: 'ws_doesnotexist' })), 401, 'token_invalid', /unknown workspace/);
      // A token with another scope is not a visualize token.
      expectError(await graph(ours.sign({ ...claims, scope: 'write' })), 401, 'token_invalid', /Malformed/);
      // The untouched token still works.
      expect((await graph(token)).status).toBe(200);
    });

    it('foreign workspace: 403 workspace_mismatch when the request names another workspace', async () => {
      const { token } = await issue(a);
      expectError(await graph(token, { 'x-workspace-id': b.workspaceId }), 403, 'workspace_mismatch', /belongs to another workspace/);
      expectError(await graph(token, { 'x-galya-workspace-id': b.workspaceId }), 403, 'workspace_mismatch', /belongs to another workspace/);
      expect((await graph(token, { 'x-workspace-id': a.workspaceId })).status).toBe(200);
    });

    it('expired token: works until its lifetime ends, then 401 token_expired', async () => {
      const { token, expires_at } = await issue(a);
      expect((await graph(token)).status).toBe(200);
      const r = await eventually(
        async () => {
          const g = await graph(token);
          return g.status !== 200 ? g : undefined;
        },
        { what: 'token expiry', timeoutMs: (TTL + 5) * 1000, intervalMs: 200 },
      );
      expect(Date.now()).toBeGreaterThanOrEqual(expires_at);
      expectError(r, 401, 'token_expired', /expired; request a new one from GET \/visualize/);
      // A new session works again.
      expect((await graph((await issue(a)).token)).status).toBe(200);
    });

    it('the token is read-only: it is not an API key anywhere', async () => {
      const { token } = await issue(a);
      const withToken = s.admin.with({ apiKey: token });
      for (const [method, path, body] of [
        ['GET', '/clusters', undefined],
        ['GET', '/visualize', undefined],
        ['POST', '/entity', { type: 'user', name: 'Mallory' }],
        ['DELETE', '/entity?entity_id=x', undefined],
      ] as const) {
        const r = await withToken.request(method, path, { body });
        expect(r.status, `${method} ${path}`).toBe(401);
        expect(r.body.code).toBe('unauthorized');
        const bearer = await s.admin.with({ apiKey: undefined }).request(method, path, { body, headers: { authorization: `Bearer ${token}` } });
        expect(bearer.status).toBe(401);
      }
      // Nor does it open other routes as a query parameter.
      const q = await s.admin.with({ apiKey: undefined }).request('GET', '/clusters', { query: { t: token } });
      expect(q.status).toBe(401);
      // And the graph route takes GET only (405 with Allow since the wire audit; it was 404 route_not_found).
      const post = await s.admin.with({ apiKey: undefined }).request('POST', '/visualize/graph', { query: { t: token }, body: {} });
      expect(post.status).toBe(405);
      expect(post.body.code).toBe('method_not_allowed');
      expect(post.headers.get('allow')).toBe('GET, HEAD');
    });

    it('max_nodes out of range: 400 validation_failed', async () => {
      const { token } = await issue(a);
      expectError(await graph(token, {}, { max_nodes: 10 }), 400, 'validation_failed', /max_nodes/);
      const ok = await graph(token, {}, { max_nodes: 50 });
      expect(ok.status).toBe(200);
    });
  });

  it('max_nodes samples a workspace and says so in warnings', async () => {
    const { token } = await issue(a);
    const r = await graph(token, {}, { max_nodes: 50 });
    expect(r.status).toBe(200);
    let count = 0;
    const walk = (n: any) => {
      count++;
      (n.children ?? []).forEach(walk);
    };
    r.body.hierarchy.children.forEach(walk);
    expect(count).toBeLessThanOrEqual(50);
    expect(r.body.warnings.some((w: string) => w.startsWith('sampled:'))).toBe(true);
  });

  it('OpenAPI documents the session shape and the five error bodies', async () => {
    const doc = (await s.admin.request('GET', '/openapi.json')).body;
    const session = doc.paths['/v1/visualize'].get;
    const props = session.responses['200'].content['application/json'].schema.properties;
    expect(Object.keys(props).sort()).toEqual(['expires_at', 'expires_in', 'graph_url', 'scope', 'token', 'url', 'workspace_id']);
    const g = doc.paths['/v1/visualize/graph'].get;
    expect(g.security).toEqual([]);
    expect(Object.keys(g.responses['200'].content['application/json'].schema.properties).sort()).toEqual(['edges', 'hierarchy', 'nodes', 'warnings']);
    const e401 = g.responses['401'].content['application/json'];
    const e403 = g.responses['403'].content['application/json'];
    const bodies = [...Object.values(e401.examples), ...Object.values(e403.examples)].map((x: any) => x.value);
    expect(bodies.map((x) => x.code)).toEqual(['token_missing', 'token_invalid', 'token_invalid', 'token_expired', 'workspace_mismatch']);
    for (const body of bodies) expect(body).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    expect(doc.paths['/v1/visualize/view'].get.security).toEqual([]);
  });

  it('serves the page and its bundled libraries (no CDN), with a strict content security policy', async () => {
    const anon = s.admin.with({ apiKey: undefined });
    const page = await anon.request('GET', '/visualize/view', { query: { t: 'whatever' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = page.body as string;
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toEqual(['/v1/visualize/assets/d3.min.js', '/v1/visualize/assets/cytoscape.min.js', '/v1/visualize/assets/app.js']);
    expect(html).not.toMatch(/https?:\/\//);
    const origin = new URL(s.baseUrl).origin;
    for (const src of [...scripts, '/v1/visualize/assets/app.css']) {
      const r = await fetch(origin + src);
      expect(r.status, src).toBe(200);
      expect(r.headers.get('content-type')).toMatch(src.endsWith('.css') ? /^text\/css/ : /^text\/javascript/);
      const text = await r.text();
      if (src.endsWith('d3.min.js')) expect(text).toMatch(/d3js\.org v7\.9\.0/);
      if (src.endsWith('cytoscape.min.js')) expect(text).toMatch(/cytoscape/);
      // Revalidation answers 304.
      const again = await fetch(origin + src, { headers: { 'if-none-match': r.headers.get('etag')! } });
      expect(again.status).toBe(304);
    }
    for (const bad of ['nope.js', '..%2Fsrc%2Fapp.ts', 'constructor', '__proto__']) {
      const r = await anon.request('GET', `/visualize/assets/${bad}`);
      expect(r.status, bad).toBe(404);
    }
  });
});
