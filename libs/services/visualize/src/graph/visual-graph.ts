import type { EntityDoc, WorkspaceCatalog } from '@tg/domain';

/** An entity or content item of the link graph. */
export interface GraphNode {
  id: string;
  kind: 'entity' | 'content';
  /** Entity type (`content` for content items). */
  type: string;
  label: string;
  description?: string;
  url?: string;
  media_type?: string;
  /** Cluster the item belongs to (its own type's clusters), `unclustered:<type>` when none yet. */
  cluster_id: string;
  /** Links touching the item: linked children plus parents linking to it. */
  popularity: number;
}

/** A link between two drawn nodes: parent → child. */
export interface GraphEdge {
  source: string;
  target: string;
  rel: string;
  weight: number;
}

/** A node of the drill-down tree: workspace → cluster → entity → linked item. */
export interface HierarchyNode {
  id: string;
  kind: 'workspace' | 'cluster' | 'entity' | 'content';
  name: string;
  /** Entity type of a cluster's members, or of an entity. */
  type?: string;
  /** Clusters: exact member count. Entities: popularity (links). */
  popularity?: number;
  /** Clusters only. */
  size?: number;
  keywords?: string[];
  unclustered?: boolean;
  computed_at?: number;
  /** Children that exist but were left out by the limits. */
  omitted?: number;
  children?: HierarchyNode[];
  /** Root only: totals of the whole workspace (not just what is drawn). */
  stats?: Record<string, number | string | string[]>;
}

/** The answer of GET /visualize/graph. */
export interface VisualGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** The workspace's node: always present, with its clusters as children. */
  hierarchy: HierarchyNode & { kind: 'workspace'; children: HierarchyNode[]; stats: NonNullable<HierarchyNode['stats']> };
  warnings: string[];
}

/** How much of a workspace one graph may draw. */
export interface GraphLimits {
  /** Tree nodes drawn in total (clusters, entities, linked items). */
  maxNodes: number;
  /** Clusters drawn (largest first); groups of not-yet-clustered entities come on top. */
  maxClusters: number;
  maxEntitiesPerCluster: number;
  maxChildrenPerEntity: number;
  /** Longest description kept per node. */
  maxDescription: number;
}

export const DEFAULT_GRAPH_LIMITS: GraphLimits = { maxNodes: 1500, maxClusters: 60, maxEntitiesPerCluster: 150, maxChildrenPerEntity: 25, maxDescription: 160 };

interface Group {
  node: HierarchyNode;
  /** Candidate members, best first (most central for clusters, most linked for the rest). */
  candidates: string[];
  /** Members that exist (for the omitted count). */
  total: number;
  shown: HierarchyNode[];
}

const iso = (ms: number) => new Date(ms).toISOString();

function degree(cat: WorkspaceCatalog, id: string): number {
  return (cat.parents.get(id)?.children.size ?? 0) + (cat.childParents.get(id)?.size ?? 0);
}

function hasVector(cat: WorkspaceCatalog, id: string): boolean {
  return cat.vectors.has(id) || (cat.parents.get(id)?.pooled.size ?? 0) > 0;
}

function treeNode(d: EntityDoc, cat: WorkspaceCatalog): HierarchyNode {
  return { id: d.id, kind: d.kind, name: d.name || d.id, type: d.type, popularity: degree(cat, d.id) };
}

/** Children of a parent, heaviest link first (ties: link order). */
function childrenOf(cat: WorkspaceCatalog, id: string): string[] {
  const p = cat.parents.get(id);
  if (!p) return [];
  return [...p.children.entries()]
    .filter(([c]) => cat.entities.has(c))
    .sort((a, b) => b[1].weight - a[1].weight)
    .map(([c]) => c);
}

/**
 * Builds the catalog hierarchy of one workspace for visualization: clusters (largest first, each with
 * its most central members), each entity with its linked items, plus the link graph of everything drawn.
 * Limits are shared fairly (round robin) so a large workspace keeps every cluster visible; every
 * omission and every sign of stale clusters is reported in `warnings`. Pure: reads the catalog only.
 */
export function buildGraph(cat: WorkspaceCatalog, limits: GraphLimits = DEFAULT_GRAPH_LIMITS, now = Date.now()): VisualGraph {
  const warnings: string[] = [];
  const memberOf = new Map<string, string>();
  const groups: Group[] = [];
  const truncatedTypes = new Set<string>();

  for (const set of [...cat.clusters.values()].sort((a, b) => (a.entity_type < b.entity_type ? -1 : 1))) {
    let missing = 0;
    for (const c of set.clusters) {
      const live: string[] = [];
      for (const id of c.members) {
        const d = cat.entities.get(id);
        if (d && d.type === set.entity_type) {
          live.push(id);
          if (!memberOf.has(id)) memberOf.set(id, c.id);
        } else missing++;
      }
      if (c.size > c.members.length) truncatedTypes.add(set.entity_type);
      groups.push({
        node: { id: c.id, kind: 'cluster', name: c.label, type: set.entity_type, size: c.size, popularity: c.size, keywords: c.keywords, computed_at: set.computed_at },
        candidates: live,
        total: Math.max(live.length, c.size - (c.members.length - live.length)),
        shown: [],
      });
    }
    if (missing > 0) {
      warnings.push(`stale: ${missing} ${set.entity_type} entities listed in clusters computed at ${iso(set.computed_at)} no longer exist; cluster sizes may be off by that much until the next recompute`);
    }
  }

  // Entities not in any cluster of their type: added (or embedded) after the last recompute.
  const loose = new Map<string, EntityDoc[]>();
  for (const d of cat.entities.values()) {
    if (memberOf.has(d.id)) continue;
    let list = loose.get(d.type);
    if (!list) loose.set(d.type, (list = []));
    list.push(d);
  }
  const unclusteredGroups: Group[] = [];
  for (const [type, docs] of [...loose.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const set = cat.clusters.get(type);
    if (truncatedTypes.has(type)) {
      warnings.push(`sampled: clusters of type '${type}' list only their most central members; ${docs.length} entities beyond those lists are counted in cluster sizes but not drawn`);
      continue;
    }
    docs.sort((a, b) => degree(cat, b.id) - degree(cat, a.id) || b.updatedAt - a.updatedAt || (a.id < b.id ? -1 : 1));
    const pending = docs.filter((d) => !hasVector(cat, d.id)).length;
    const pendingNote = pending ? ` (${pending} of them have no vector yet)` : '';
    const id = `unclustered:${type}`;
    for (const d of docs) memberOf.set(d.id, id);
    if (set) {
      warnings.push(`stale: ${docs.length} ${type} entities are not in a cluster yet${pendingNote}: they were added or changed after clusters were computed at ${iso(set.computed_at)}; shown under "Not yet clustered" until the next recompute`);
    } else {
      warnings.push(`stale: clusters of type '${type}' have not been computed yet${pendingNote}; its ${docs.length} entities are shown under "Not yet clustered"`);
    }
    unclusteredGroups.push({
      node: { id, kind: 'cluster', name: `Not yet clustered (${type})`, type, size: docs.length, popularity: docs.length, keywords: [], unclustered: true },
      candidates: docs.map((d) => d.id),
      total: docs.length,
      shown: [],
    });
  }

  groups.sort((a, b) => b.node.size! - a.node.size! || (a.node.id < b.node.id ? -1 : 1));
  const totalClusters = groups.length;
  let drawnGroups = groups;
  if (groups.length > limits.maxClusters) {
    drawnGroups = groups.slice(0, limits.maxClusters);
    const rest = groups.slice(limits.maxClusters);
    warnings.push(`truncated: showing the ${limits.maxClusters} largest of ${groups.length} clusters; the other ${rest.length} (${rest.reduce((n, g) => n + g.total, 0)} entities) are not drawn`);
  }
  drawnGroups = [...drawnGroups, ...unclusteredGroups];

  // Entities: round robin over groups, so every cluster shows its most central members first.
  let used = drawnGroups.length;
  const entityBudget = Math.max(used, Math.floor(limits.maxNodes * 0.6));
  for (let r = 0, added = true; added && used < entityBudget; r++) {
    added = false;
    for (const g of drawnGroups) {
      if (used >= entityBudget) break;
      if (r >= g.candidates.length || r >= limits.maxEntitiesPerCluster) continue;
      g.shown.push(treeNode(cat.entities.get(g.candidates[r]!)!, cat));
      used++;
      added = true;
    }
  }
  // Linked items: round robin over the drawn entities, heaviest links first.
  const placed = drawnGroups.flatMap((g) => g.shown);
  const pendingChildren = placed.map((n) => childrenOf(cat, n.id));
  for (let r = 0, added = true; added && used < limits.maxNodes; r++) {
    added = false;
    placed.forEach((n, i) => {
      const kids = pendingChildren[i]!;
      if (used >= limits.maxNodes || r >= kids.length || r >= limits.maxChildrenPerEntity) return;
      (n.children ??= []).push(treeNode(cat.entities.get(kids[r]!)!, cat));
      used++;
      added = true;
    });
  }
  let omittedEntities = 0;
  let omittedChildren = 0;
  let totalChildren = 0;
  for (const g of drawnGroups) {
    g.node.children = g.shown;
    const om = Math.max(0, g.total - g.shown.length);
    if (om) g.node.omitted = om;
    omittedEntities += om;
  }
  placed.forEach((n, i) => {
    const total = pendingChildren[i]!.length;
    totalChildren += total;
    const om = total - (n.children?.length ?? 0);
    if (om) n.omitted = om;
    omittedChildren += om;
  });
  if (omittedEntities > 0) {
    const shown = placed.length;
    warnings.push(`sampled: showing ${shown} of ${shown + omittedEntities} entities of the drawn clusters (the most central of each first); ask for more with max_nodes`);
  }
  if (omittedChildren > 0) {
    warnings.push(`sampled: showing ${totalChildren - omittedChildren} of ${totalChildren} linked items of the drawn entities (heaviest links first)`);
  }

  // The link graph of everything drawn.
  const nodes: GraphNode[] = [];
  const seen = new Set<string>();
  const visit = (n: HierarchyNode) => {
    if (n.kind === 'entity' || n.kind === 'content') {
      if (!seen.has(n.id)) {
        seen.add(n.id);
        const d = cat.entities.get(n.id)!;
        const node: GraphNode = { id: d.id, kind: d.kind, type: d.type, label: d.name || d.id, cluster_id: memberOf.get(d.id) ?? `unclustered:${d.type}`, popularity: degree(cat, d.id) };
        if (d.description) node.description = d.description.length > limits.maxDescription ? `${d.description.slice(0, limits.maxDescription - 1)}…` : d.description;
        if (d.url) node.url = d.url;
        if (d.mediaType) node.media_type = d.mediaType;
        nodes.push(node);
      }
    }
    for (const c of n.children ?? []) visit(c);
  };
  const edges: GraphEdge[] = [];
  const maxEdges = limits.maxNodes * 4;
  let edgesDropped = 0;
  let links = 0;
  for (const p of cat.parents.values()) links += p.children.size;
  const hierarchy: VisualGraph['hierarchy'] = {
    id: cat.id,
    kind: 'workspace',
    name: cat.id,
    children: drawnGroups.map((g) => g.node),
    stats: {
      entities: [...cat.typeCounts.entries()].reduce((n, [t, c]) => (t === 'content' ? n : n + c), 0),
      content: cat.typeCounts.get('content') ?? 0,
      links,
      clusters: totalClusters,
      types: [...cat.typeCounts.entries()].filter(([, c]) => c > 0).map(([t]) => t).sort(),
      generated_at: iso(now),
    },
  };
  visit(hierarchy);
  for (const id of seen) {
    const p = cat.parents.get(id);
    if (!p) continue;
    for (const [child, link] of p.children) {
      if (!seen.has(child)) continue;
      if (edges.length >= maxEdges) {
        edgesDropped++;
        continue;
      }
      edges.push({ source: id, target: child, rel: link.rel, weight: link.weight });
    }
  }
  if (edgesDropped) warnings.push(`truncated: ${edgesDropped} links between drawn nodes were left out (at most ${maxEdges} edges)`);
  if (cat.entities.size === 0) warnings.push('empty: this workspace has no entities yet; create some with POST /entity');
  return { nodes, edges, hierarchy, warnings };
}

/**
 * Builds the graph within `maxBytes` of JSON: when the first build is too large, it is rebuilt with
 * proportionally fewer nodes (and says so), so a large workspace never fails on the bus's payload limit.
 */
export function graphWithin(build: (maxNodes: number) => VisualGraph, maxNodes: number, maxBytes: number): VisualGraph {
  let n = maxNodes;
  for (let attempt = 0; ; attempt++) {
    const g = build(n);
    const size = Buffer.byteLength(JSON.stringify(g));
    if (size <= maxBytes || n <= 50 || attempt >= 4) {
      if (n < maxNodes) g.warnings.push(`truncated: limited to ${n} nodes (asked ${maxNodes}) to keep the answer under ${Math.round(maxBytes / 1024)} KiB`);
      return g;
    }
    n = Math.max(50, Math.floor((n * maxBytes * 0.9) / size));
  }
}
