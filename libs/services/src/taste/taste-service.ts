import { RPC, TgError, event } from '@tg/contracts';
import { EventStore } from '@tg/messaging';
import { BUILTIN_ENTITY_TYPES } from '@tg/contracts';
import type { ReadModelHost } from '../read-model/host';
import { profileFor } from '../read-model/profiles';
import { rpcServer, type Runtime, type StartedService } from '../runtime';
import { computeClusters } from './clusters';
import { clusterView } from './views';

interface ComposeInput {
  entity_id: string;
  allow_empty?: boolean;
  representation?: 'point' | 'subspace';
  max_rank?: number;
  energy?: number;
}

/** Starts the taste service: profile composition, clusters (computed in the background), cluster reads. */
export async function startTasteService(rt: Runtime, host: ReadModelHost): Promise<StartedService & { recluster(ws: string): Promise<void> }> {
  const log = rt.log.child({ service: 'taste' });
  const dirty = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  const recluster = async (ws: string) => {
    const cat = host.catalog.ws(ws);
    const types = new Set<string>();
    for (const d of cat.entities.values()) types.add(d.type);
    for (const t of cat.clusters.keys()) types.add(t);
    const model = [...cat.models.values()][0] ?? 'none';
    for (const type of types) {
      const clusters = computeClusters(cat, type);
      const prev = cat.clusters.get(type);
      const same = prev && prev.clusters.length === clusters.length && prev.clusters.every((c, i) => c.id === clusters[i]!.id && c.label === clusters[i]!.label);
      if (same) continue;
      const at = rt.now();
      await rt.store.append(EventStore.subject(ws, 'cluster', type), [event('ClustersComputed', { entity_type: type, model, computed_at: at, clusters }, { workspace: ws, at })], {
        expectedSeq: null,
      });
    }
  };

  const schedule = () => {
    if (timer || stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      const batch = [...dirty];
      dirty.clear();
      running = running.then(async () => {
        for (const ws of batch) {
          try {
            await recluster(ws);
          } catch (err) {
            log.error({ err, ws }, 'cluster recompute failed; will retry on next change');
          }
        }
      });
    }, rt.config.clusterDebounceMs);
  };
  host.onChange((t, replaying) => {
    if (replaying) return;
    if (t.entities.length || t.parents.length || t.removed.length) {
      dirty.add(t.workspace);
      schedule();
    }
  });

  const server = rpcServer(rt, 'taste')
    .handle<ComposeInput, unknown>(RPC.taste.compose, async (req, ctx) => {
      await host.ready(req);
      const { ws, data } = req;
      const cat = host.catalog.ws(ws);
      const doc = cat.entities.get(data.entity_id);
      if (!doc) throw new TgError('entity_not_found', 'Entity not found');
      const parent = cat.parents.get(data.entity_id);
      const wanted = {
        representation: data.representation ?? parent?.settings.representation ?? 'subspace',
        max_rank: data.max_rank ?? parent?.settings.maxRank ?? 8,
        energy: data.energy ?? parent?.settings.energy ?? 0.8,
      };
      let seq: number | undefined;
      const current = parent?.settings;
      if (!current || current.representation !== wanted.representation || current.maxRank !== wanted.max_rank || current.energy !== wanted.energy) {
        if (data.representation || data.max_rank || data.energy) {
          const at = rt.now();
          seq = await rt.store.append(
            EventStore.subject(ws, 'taste', data.entity_id),
            [event('TasteComposed', { parent_id: data.entity_id, representation: wanted.representation, max_rank: wanted.max_rank, energy: wanted.energy, composed_at: at }, { workspace: ws, at, request_id: ctx.requestId })],
            { expectedSeq: null },
          );
          await host.ready({ ...req, minSeq: seq });
        }
      }
      const p = cat.parents.get(data.entity_id);
      const children = p?.children.size ?? 0;
      if (children === 0 && !data.allow_empty) {
        throw new TgError('link_no_children', 'Entity has no linked content yet; link content to it first (or retry once creation has settled)');
      }
      const profile = profileFor(cat, data.entity_id);
      const pooled = !!(p && p.pooled.size > 0);
      const explained = profile ? profile.eigenvalues.reduce((a, b) => a + b, 0) : 0;
      return {
        data: {
          entity_id: data.entity_id,
          representation: pooled ? (profile?.representation ?? wanted.representation) : 'point',
          subspace_rank: profile?.rank ?? 0,
          max_rank: wanted.max_rank,
          energy: wanted.energy,
          children,
          pooled: p?.pooled.size ?? 0,
          total_weight: profile?.weight ?? 0,
          explained_energy: Math.round(explained * 1e4) / 1e4,
          coherence: profile ? Math.round(profile.coherence * 1e4) / 1e4 : 0,
          model: cat.models.get([...(p?.pooled ?? [])][0] ?? data.entity_id) ?? 'none',
        },
        seq,
      };
    })
    .handle<{ entity_type?: string; limit?: number; offset?: number }, unknown>(RPC.taste.clusters, async (req) => {
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
      const limit = req.data.limit ?? 20;
      return { data: { results: all.slice(offset, offset + limit).map(({ set, c }) => clusterView(cat, set.entity_type, c, 10, true)), total: all.length } };
    })
    .handle<{ cluster_id: string }, unknown>(RPC.taste.cluster, async (req) => {
      await host.ready(req);
      const cat = host.catalog.ws(req.ws);
      for (const s of cat.clusters.values()) {
        const c = s.clusters.find((x) => x.id === req.data.cluster_id);
        if (c) return { data: clusterView(cat, s.entity_type, c, Infinity, true) };
      }
      throw new TgError('cluster_not_found', 'Cluster not found');
    });
  return {
    name: 'taste',
    recluster: (ws) => (running = running.then(() => recluster(ws))),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await server.drain();
      await running.catch(() => undefined);
    },
  };
}
