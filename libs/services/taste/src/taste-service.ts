import { BUILTIN_ENTITY_TYPES, OP, TgError } from '@tg/contracts';
import { EventStore } from '@tg/messaging';
import { catalogDigest, clusterDecider, tasteDecider, type WorkspaceCatalog } from '@tg/domain';
import { profileFor, type ReadModelHost } from '@tg/read-model';
import { rpcServer, type Runtime, type StartedService } from '@tg/service-runtime';
import { computeClustersWith } from './clusters';
import { FitThread } from './fit-thread';
import { clusterView } from './views';

/** Types with fewer entities than this at their last fit are refitted (k chosen again) on every recompute: it is cheap. */
const REFIT_BELOW = 300;
/** Larger types are refitted once this share of their entities changed since the last fit; in between, clusters are updated incrementally. */
const REFIT_SHARE = 0.1;

/** The summary of an entity's composed profile (POST /entity/{id}/compose, link results). O(d³) at most, independent of its number of children. */
export function composeSummary(cat: WorkspaceCatalog, id: string, wanted: { representation: string; max_rank: number; energy: number }) {
  const p = cat.parents.get(id);
  const profile = profileFor(cat, id);
  const pooled = p?.pooled.size ?? 0;
  const explained = profile ? profile.eigenvalues.reduce((a, b) => a + b, 0) : 0;
  // Any pooled child names the model (statistics restart when the dimension changes); else the entity's own vector.
  const first = pooled ? (p!.pooled.values().next().value as string) : id;
  return {
    entity_id: id,
    representation: pooled ? (profile?.representation ?? wanted.representation) : 'point',
    subspace_rank: profile?.rank ?? 0,
    max_rank: wanted.max_rank,
    energy: wanted.energy,
    children: p?.children.size ?? 0,
    pooled,
    total_weight: pooled ? (profile?.weight ?? 0) : 0,
    explained_energy: Math.round(explained * 1e4) / 1e4,
    coherence: profile ? Math.round(profile.coherence * 1e4) / 1e4 : 0,
    model: cat.models.get(first) ?? 'none',
  };
}

/** Starts the taste service: profile composition, clusters (computed in the background), cluster reads. */
export async function startTasteService(rt: Runtime, host: ReadModelHost): Promise<StartedService & { recluster(ws: string): Promise<void>; settled(): boolean }> {
  const log = rt.log.child({ service: 'taste' });
  // Workspaces whose clusters need a recompute, with the entity types that changed ('all' after a delete).
  const dirty = new Map<string, Set<string> | 'all'>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let busy = 0;
  let stopped = false;
  // Per workspace and type: how many entities it had at its last full fit, and how many changed since.
  const fits = new Map<string, { size: number; changed: number }>();
  const fitKey = (ws: string, type: string) => `${ws}\u0000${type}`;
  // The choice of k of a full fit runs on a worker thread (about half a second of CPU per fit).
  const fitter = new FitThread((err) => log.error({ err }, 'cluster-fit worker failed; fitting on the main thread'));

  /** Recomputes the clusters of the given types (all types when omitted) and records those that changed. */
  const recluster = async (ws: string, only?: ReadonlySet<string>) => {
    const cat = host.catalog.ws(ws);
    const types = new Set<string>();
    if (only) for (const t of only) types.add(t);
    else {
      for (const t of cat.typeCounts.keys()) types.add(t);
      for (const t of cat.clusters.keys()) types.add(t);
    }
    for (const type of [...types].sort()) {
      if (stopped) return;
      // Yield between types, so that requests are served while a large workspace reclusters.
      await new Promise((r) => setImmediate(r));
      // The read-model position this recomputation starts from. Another replica that already recorded a
      // recomputation from at least as far needs no second one (the recorded clusters are the aggregate's).
      const position = host.cursor.position;
      const subject = EventStore.subject(ws, 'cluster', type);
      const recorded = await rt.repo.load(subject, clusterDecider, { lastEventOnly: true });
      if (recorded.state.position >= position) continue;
      const prev = cat.clusters.get(type);
      const fit = fits.get(fitKey(ws, type));
      const refit = !prev?.clusters.length || !fit || fit.size < REFIT_BELOW || fit.changed >= REFIT_SHARE * fit.size;
      const clusters = await computeClustersWith(cat, type, refit ? {} : { previous: prev.clusters }, (v, o) => fitter.chooseK(v, o));
      if (refit) fits.set(fitKey(ws, type), { size: cat.typeCounts.get(type) ?? 0, changed: 0 });
      const model = (cat.models.values().next().value as string | undefined) ?? 'none';
      // Decided against the cluster aggregate with its expected sequence: of replicas recomputing at once,
      // one records; the others find a recomputation from as far (or the same clusters) and record nothing.
      await rt.repo.execute(subject, clusterDecider, { type: 'RecordClusters', workspace: ws, entity_type: type, model, position, clusters, at: rt.now() }, { lastEventOnly: true });
    }
  };

  // Recomputation yields to the write path: after a run that took D ms the next waits at least 5·D (at most
  // a minute), so a workspace under heavy ingestion spends at most about a sixth of its time clustering.
  let lastRunMs = 0;
  const schedule = () => {
    if (timer || stopped) return;
    const delay = Math.max(rt.config.clusterDebounceMs, Math.min(60_000, 5 * lastRunMs));
    timer = setTimeout(() => {
      timer = undefined;
      const batch = [...dirty];
      dirty.clear();
      busy++;
      running = running
        .then(async () => {
          const started = performance.now();
          for (const [ws, types] of batch) {
            try {
              await recluster(ws, types === 'all' ? undefined : types);
            } catch (err) {
              log.error({ err, ws }, 'cluster recompute failed; will retry on next change');
            }
          }
          lastRunMs = performance.now() - started;
        })
        .finally(() => {
          busy--;
          // Changes that arrived during the run are scheduled now, with the new pacing.
          if (dirty.size) schedule();
        });
    }, delay);
  };
  host.onChange((t, replaying) => {
    if (replaying || !(t.entities.length || t.parents.length || t.removed.length)) return;
    const cat = host.catalog.ws(t.workspace);
    const count = (type: string) => {
      const f = fits.get(fitKey(t.workspace, type));
      if (f) f.changed++;
    };
    let types = dirty.get(t.workspace) ?? new Set<string>();
    if (t.removed.length) {
      types = 'all';
      for (const type of cat.clusters.keys()) for (let i = 0; i < t.removed.length; i++) count(type);
    }
    // A changed entity moves its own type's clusters, and the labels and tastes of its parents' types.
    for (const id of [...t.entities, ...t.parents]) {
      const d = cat.entities.get(id);
      if (!d) continue;
      count(d.type);
      if (types !== 'all') types.add(d.type);
      for (const pid of cat.childParents.get(id) ?? []) {
        const pd = cat.entities.get(pid);
        if (pd && types !== 'all') types.add(pd.type);
      }
    }
    dirty.set(t.workspace, types);
    schedule();
  });
  /** True when no cluster recompute is pending or running. */
  const settled = () => dirty.size === 0 && !timer && busy === 0;

  const server = rpcServer(rt, 'taste', host)
    .serve(OP.taste.compose, async (req, ctx) => {
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
      if ((parent?.children.size ?? 0) === 0 && !data.allow_empty) {
        throw new TgError('link_no_children', 'Entity has no linked content yet; link content to it first (or retry once creation has settled)');
      }
      let seq: number | undefined;
      if (data.representation !== undefined || data.max_rank !== undefined || data.energy !== undefined) {
        // Decided on the entity's taste aggregate (expected sequence), not on the read model's settings.
        const out = await rt.repo.execute(EventStore.subject(ws, 'taste', data.entity_id), tasteDecider, {
          type: 'ComposeTaste',
          workspace: ws,
          parent_id: data.entity_id,
          representation: wanted.representation,
          max_rank: wanted.max_rank,
          energy: wanted.energy,
          at: rt.now(),
          request_id: ctx.requestId,
        });
        if (out.events.length) {
          seq = out.seq;
          await host.ready({ ...req, minSeq: seq });
        }
      }
      return { data: composeSummary(cat, data.entity_id, wanted), seq };
    })
    .serve(OP.taste.clusters, async (req) => {
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
    .serve(OP.taste.cluster, async (req) => {
      await host.ready(req);
      const cat = host.catalog.ws(req.ws);
      for (const s of cat.clusters.values()) {
        const c = s.clusters.find((x) => x.id === req.data.cluster_id);
        if (c) return { data: clusterView(cat, s.entity_type, c, Infinity, true) };
      }
      throw new TgError('cluster_not_found', 'Cluster not found');
    })
    .serve(OP.taste.digest, async (req) => {
      await host.ready(req);
      // Synchronous from here: the digest and the position describe the same state.
      return { data: { position: host.cursor.position, restored_from: host.restoredFrom, settled: settled(), digest: catalogDigest(host.catalog) } };
    });
  return {
    name: 'taste',
    recluster: (ws) => {
      const p = running.then(() => recluster(ws));
      running = p.catch(() => undefined);
      return p;
    },
    settled,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await server.drain();
      await running.catch(() => undefined);
      await fitter.close();
    },
  };
}
