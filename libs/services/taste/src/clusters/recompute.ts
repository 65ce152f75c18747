import { EventStore } from '@tg/messaging';
import { clusterDecider } from '@tg/domain';
import type { ReadModelHost } from '@tg/read-model';
import type { Runtime } from '@tg/service-runtime';
import { computeClustersWith } from './compute';
import { FitThread } from './fit-thread';

/** Types with fewer entities than this at their last fit are refitted (k chosen again) on every recompute: it is cheap. */
const REFIT_BELOW = 300;
/** Larger types are refitted once this share of their entities changed since the last fit; in between, clusters are updated incrementally. */
const REFIT_SHARE = 0.1;

/** The background cluster recomputation of the taste service. */
export interface Reclustering {
  /** Recomputes a workspace's clusters now (after any run in progress). */
  recluster(ws: string): Promise<void>;
  /** True when no cluster recompute is pending or running. */
  settled(): boolean;
  stop(): Promise<void>;
}

/**
 * Recomputes clusters in the background as the read model changes: debounced, paced behind the write path,
 * refitting small or much-changed types and updating the others incrementally; recorded on the cluster
 * aggregate so that of several replicas one records.
 */
export function startReclustering(rt: Runtime, host: ReadModelHost): Reclustering {
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
  return {
    recluster: (ws) => {
      const p = running.then(() => recluster(ws));
      running = p.catch(() => undefined);
      return p;
    },
    settled,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running.catch(() => undefined);
      await fitter.close();
    },
  };
}
