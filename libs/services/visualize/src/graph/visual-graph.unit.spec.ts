import { describe, expect, it } from 'vitest';
import { encodeVector, event, type StoredEvent, type TgEvent } from '@tg/contracts';
import { CatalogProjection, type WorkspaceCatalog } from '@tg/domain';
import { DEFAULT_GRAPH_LIMITS, buildGraph, graphWithin, type HierarchyNode } from './visual-graph';

const WS = 'ws_test';
const m = { workspace: WS, at: 1_000 };
const vec = (...xs: number[]) => encodeVector(new Float32Array(xs));

/** Given these events, the workspace catalog they fold into. */
function given(events: TgEvent[]): WorkspaceCatalog {
  const p = new CatalogProjection();
  events.forEach((e, i) => p.apply({ ...e, seq: i + 1, subject: `tg.evt.${WS}.x.y` } as StoredEvent));
  return p.ws(WS);
}
const user = (id: string, name = id) => event('EntityCreated', { entity_id: id, type: 'user', name, description: `about ${name}`, created_at: 1_000 }, m);
const content = (id: string, title = id) => [
  event(
    'ContentIndexed',
    { entity_id: id, url: `https://example.test/${id}`, media_type: 'text', name: title, description: `text of ${title}`, text: title, text_digest: id, source: 'inline', skip_url_fetch: true, skip_media_enrich: true, indexed_at: 1_000 },
    m,
  ),
  event('ContentEmbedded', { entity_id: id, of: 'content', model: 'm', dim: 2, vector: vec(1, 0), text_digest: id, embedded_at: 1_000 }, m),
];
const link = (parent: string, child: string, weight = 1) => event('ChildLinked', { parent_id: parent, child_id: child, rel: 'about', weight, linked_at: 1_000 }, m);
const clusters = (type: string, rows: { id: string; label: string; members: string[]; size?: number }[], at = 2_000) =>
  event(
    'ClustersComputed',
    { entity_type: type, model: 'm', computed_at: at, clusters: rows.map((r) => ({ ...r, size: r.size ?? r.members.length, keywords: r.label.split(' '), centroid: vec(1, 0), affinities: [] })) },
    m,
  );
const names = (n: HierarchyNode | undefined) => (n?.children ?? []).map((c) => c.name);

describe('buildGraph', () => {
  it('given clustered users with linked content, then cluster → entity → content with the link graph', () => {
    const cat = given([
      user('ann', 'Ann'),
      user('bob', 'Bob'),
      user('cid', 'Cid'),
      ...content('c1', 'Pasta'),
      ...content('c2', 'Ramen'),
      ...content('c3', 'Stars'),
      link('ann', 'c1', 0.5),
      link('ann', 'c2', 1),
      link('bob', 'c2'),
      link('cid', 'c3'),
      clusters('user', [
        { id: 'cl_food', label: 'food cooking', members: ['ann', 'bob'] },
        { id: 'cl_sky', label: 'astronomy', members: ['cid'] },
      ]),
      clusters('content', [{ id: 'cl_all', label: 'everything', members: ['c1', 'c2', 'c3'] }]),
    ]);
    const g = buildGraph(cat);
    expect(g.warnings).toEqual([]);
    const [first, second, third] = g.hierarchy.children!;
    expect(first).toMatchObject({ id: 'cl_all', kind: 'cluster', type: 'content', size: 3, popularity: 3 });
    expect(second).toMatchObject({ id: 'cl_food', kind: 'cluster', name: 'food cooking', type: 'user', size: 2, keywords: ['food', 'cooking'] });
    expect(names(second)).toEqual(['Ann', 'Bob']);
    // Heaviest link first.
    expect(names(second!.children![0])).toEqual(['Ramen', 'Pasta']);
    expect(second!.children![0]).toMatchObject({ kind: 'entity', type: 'user', popularity: 2 });
    expect(names(third)).toEqual(['Cid']);
    expect(names(third!.children![0])).toEqual(['Stars']);
    expect(g.hierarchy.stats).toMatchObject({ entities: 3, content: 3, links: 4, clusters: 3, types: ['content', 'user'] });

    expect(g.nodes.map((n) => n.id).sort()).toEqual(['ann', 'bob', 'c1', 'c2', 'c3', 'cid']);
    expect(g.nodes.find((n) => n.id === 'ann')).toMatchObject({ kind: 'entity', type: 'user', label: 'Ann', cluster_id: 'cl_food', popularity: 2 });
    expect(g.nodes.find((n) => n.id === 'c2')).toMatchObject({ kind: 'content', url: 'https://example.test/c2', media_type: 'text', cluster_id: 'cl_all', popularity: 2 });
    expect(g.edges).toHaveLength(4);
    expect(g.edges).toContainEqual({ source: 'ann', target: 'c1', rel: 'about', weight: 0.5 });
  });

  it('given entities added after the last recompute, then they are shown as not yet clustered, with a staleness note', () => {
    const cat = given([user('ann'), user('bob'), clusters('user', [{ id: 'cl_a', label: 'a', members: ['ann'] }]), user('new')]);
    const g = buildGraph(cat);
    const loose = g.hierarchy.children!.find((c) => c.unclustered);
    expect(loose).toMatchObject({ id: 'unclustered:user', type: 'user', size: 2 });
    expect(loose!.children!.map((c) => c.id).sort()).toEqual(['bob', 'new']);
    expect(g.warnings.some((w) => w.startsWith('stale: 2 user entities are not in a cluster yet (2 of them have no vector yet)'))).toBe(true);
    expect(g.nodes.find((n) => n.id === 'new')!.cluster_id).toBe('unclustered:user');
  });

  it('given no clusters computed for a type, then a note says so', () => {
    const g = buildGraph(given([user('ann'), ...content('c1'), link('ann', 'c1')]));
    expect(g.warnings).toContainEqual(expect.stringMatching(/^stale: clusters of type 'user' have not been computed yet; its 1 entities/));
    expect(g.warnings).toContainEqual(expect.stringMatching(/^stale: clusters of type 'content' have not been computed yet/));
    expect(g.hierarchy.children!.map((c) => c.id)).toEqual(['unclustered:content', 'unclustered:user']);
  });

  it('given a clustered entity deleted since, then it is skipped and counted as stale', () => {
    const cat = given([user('ann'), user('bob'), clusters('user', [{ id: 'cl_a', label: 'a', members: ['ann', 'bob'] }]), event('EntityDeleted', { entity_id: 'bob', deleted_at: 3_000 }, m)]);
    const g = buildGraph(cat);
    expect(names(g.hierarchy.children![0])).toEqual(['ann']);
    expect(g.warnings).toContainEqual(expect.stringMatching(/^stale: 1 user entities listed in clusters computed at .* no longer exist/));
  });

  it('given an empty workspace, then an empty hierarchy and a note', () => {
    const g = buildGraph(given([]));
    expect(g).toMatchObject({ nodes: [], edges: [], hierarchy: { kind: 'workspace', children: [] } });
    expect(g.warnings).toEqual(['empty: this workspace has no entities yet; create some with POST /entity']);
  });

  it('given a large workspace, then every cluster stays visible within the node budget, and the sampling is reported', () => {
    const events: TgEvent[] = [];
    const rows: { id: string; label: string; members: string[] }[] = [];
    for (let c = 0; c < 80; c++) {
      const members: string[] = [];
      for (let u = 0; u < 100; u++) {
        const id = `u${c}_${u}`;
        members.push(id);
        events.push(user(id));
        for (let k = 0; k < 3; k++) {
          events.push(...content(`c${c}_${u}_${k}`));
          events.push(link(id, `c${c}_${u}_${k}`));
        }
      }
      rows.push({ id: `cl_${String(c).padStart(2, '0')}`, label: `topic ${c}`, members });
    }
    events.push(clusters('user', rows));
    const cat = given(events);
    const t0 = performance.now();
    const g = buildGraph(cat, { ...DEFAULT_GRAPH_LIMITS, maxNodes: 1500 });
    const ms = performance.now() - t0;
    let treeNodes = 0;
    const walk = (n: HierarchyNode) => {
      treeNodes++;
      n.children?.forEach(walk);
    };
    g.hierarchy.children!.forEach(walk);
    expect(treeNodes).toBeLessThanOrEqual(1500);
    const drawn = g.hierarchy.children!.filter((c) => !c.unclustered);
    expect(drawn).toHaveLength(DEFAULT_GRAPH_LIMITS.maxClusters);
    expect(drawn.every((c) => (c.children?.length ?? 0) >= 5)).toBe(true);
    expect(drawn.every((c) => c.omitted === 100 - c.children!.length)).toBe(true);
    expect(g.warnings).toContainEqual(expect.stringMatching(/^truncated: showing the 60 largest of 80 clusters; the other 20 \(2000 entities\)/));
    expect(g.warnings).toContainEqual(expect.stringMatching(/^sampled: showing \d+ of 30000 entities of the drawn clusters/));
    expect(g.warnings).toContainEqual(expect.stringMatching(/^sampled: showing \d+ of \d+ linked items/));
    expect(g.hierarchy.stats).toMatchObject({ entities: 8_000, content: 24_000, links: 24_000 });
    expect(ms).toBeLessThan(3_000);
    console.log(`buildGraph: 32k entities, 24k links -> ${g.nodes.length} nodes, ${g.edges.length} edges, ${Buffer.byteLength(JSON.stringify(g))} bytes in ${ms.toFixed(0)} ms`);

    // Over the bus's payload limit, the graph is rebuilt smaller, and says so.
    const small = graphWithin((n) => buildGraph(cat, { ...DEFAULT_GRAPH_LIMITS, maxNodes: n }), 1500, 100_000);
    expect(Buffer.byteLength(JSON.stringify(small))).toBeLessThanOrEqual(100_000);
    expect(small.warnings.at(-1)).toMatch(/^truncated: limited to \d+ nodes \(asked 1500\) to keep the answer under 98 KiB/);
  }, 60_000);
});
