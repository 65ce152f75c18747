import { BUILTIN_ENTITY_TYPES, CLUSTERS_PAGE_MAX, TgError, type OP } from '@tg/contracts';
import type { OperationHandler } from '@tg/messaging';
import type { ReadModelHost } from '@tg/read-model';
import { clusterView } from './views';

/** `tg.rpc.taste.clusters`: the workspace's clusters, largest first, paged (at most {@link CLUSTERS_PAGE_MAX} a page). */
export function clustersHandler(host: ReadModelHost): OperationHandler<typeof OP.taste.clusters> {
  return async (req) => {
    await host.ready(req);
    const cat = host.catalog.ws(req.ws);
    const t = req.data.entity_type;
    if (t !== undefined && !(BUILTIN_ENTITY_TYPES as readonly string[]).includes(t) && !cat.types.has(t)) {
      throw new TgError('validation_failed', `entity_type must be a built-in or registered type, got '${t}'`, { allowed: [...BUILTIN_ENTITY_TYPES, ...cat.types.keys()] });
    }
    const all = [...cat.clusters.values()]
      .filter((s) => t === undefined || s.entity_type === t)
      .flatMap((s) => s.clusters.map((c) => ({ set: s, c })))
      .sort((a, b) => b.c.size - a.c.size || (a.c.id < b.c.id ? -1 : 1));
    const offset = req.data.offset ?? 0;
    // The spec documents `limit` without a maximum: a larger one is a valid request, answered with the largest page.
    const limit = Math.min(req.data.limit ?? 20, CLUSTERS_PAGE_MAX);
    return { data: { results: all.slice(offset, offset + limit).map(({ set, c }) => clusterView(cat, set.entity_type, c, 10, true)), total: all.length } };
  };
}

/** `tg.rpc.taste.cluster`: one cluster with all its members. */
export function clusterHandler(host: ReadModelHost): OperationHandler<typeof OP.taste.cluster> {
  return async (req) => {
    await host.ready(req);
    const cat = host.catalog.ws(req.ws);
    for (const s of cat.clusters.values()) {
      const c = s.clusters.find((x) => x.id === req.data.cluster_id);
      if (c) return { data: clusterView(cat, s.entity_type, c, Infinity, true) };
    }
    throw new TgError('cluster_not_found', 'Cluster not found');
  };
}
