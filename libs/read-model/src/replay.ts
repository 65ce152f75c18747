import { createHash } from 'node:crypto';
import { formatPartitionSet, OP, Partitioning, type StoredEvent } from '@tg/contracts';
import { AdminProjection, canonicalJson, catalogDigest, type CatalogDigest, CatalogProjection, checkTasteStats, diffCatalogDigests } from '@tg/domain';
import { toStoredEvent, whileClusterSettles, type EventStore, type RpcClient } from '@tg/messaging';

/** A digest of a rebuilt projection: one hash, sizes, and the projection's own detail. */
export interface ProjectionDigest {
  hash: string;
  counts: Record<string, number>;
  detail?: unknown;
}

/**
 * A read model that can be dropped and rebuilt from the event stream: how to make an empty one, fold an
 * event into it, and digest it (so that a rebuild can be compared with the live instance).
 */
export interface ReplayableProjection<S = any> {
  name: string;
  /** Other names accepted on the command line. */
  aliases: readonly string[];
  description: string;
  /** One subject filter (nats-server 2.9 takes one), or none for the whole stream. */
  filterSubject?: string;
  create(): S;
  apply(state: S, e: StoredEvent): void;
  /** Called once the stream is read (work the fold deferred to the end of the catch-up), before the digest. */
  finish?(state: S): void;
  digest(state: S): ProjectionDigest;
}

/** The catalog: entities, vectors, links, running taste statistics and clusters (read by the entity, taste, ranking and graph services). */
export const catalogReplay: ReplayableProjection<CatalogProjection> = {
  name: 'catalog',
  aliases: ['taste', 'entities', 'clusters', 'ranking', 'vectors'],
  description: 'entities, vectors, links, running taste statistics, clusters',
  create() {
    // A replay is a catch-up: each parent's statistics are brought up to date once, at the end.
    const p = new CatalogProjection();
    p.deferStats = true;
    return p;
  },
  apply: (p, e) => void p.apply(e),
  finish(p) {
    p.deferStats = false;
  },
  digest(p) {
    const d = catalogDigest(p);
    const counts: Record<string, number> = { workspaces: Object.keys(d.workspaces).length };
    for (const w of Object.values(d.workspaces)) for (const [k, v] of Object.entries(w.counts)) counts[k] = (counts[k] ?? 0) + v;
    let maxAbsError = 0;
    const problems: string[] = [];
    for (const c of p.all()) {
      const check = checkTasteStats(c);
      maxAbsError = Math.max(maxAbsError, check.maxAbsError);
      problems.push(...check.problems.map((x) => `${c.id}: ${x}`));
    }
    return { hash: d.hash, counts, detail: { catalog: d, statsCheck: { maxAbsError, problems } } };
  },
};

/** Workspaces and API key hashes (read by the admin service for authentication). */
export const adminReplay: ReplayableProjection<AdminProjection> = {
  name: 'admin',
  aliases: ['workspaces', 'keys'],
  description: 'workspaces and API key hashes',
  filterSubject: 'tg.evt._account.*.*',
  create: () => new AdminProjection(),
  apply: (p, e) => p.apply(e),
  digest(p) {
    const h = createHash('sha256');
    for (const id of [...p.workspaces.keys()].sort()) h.update(canonicalJson(p.workspaces.get(id))).update('\n');
    for (const k of [...p.keys.keys()].sort()) h.update(canonicalJson([k, p.keys.get(k)])).update('\n');
    return { hash: h.digest('hex'), counts: { workspaces: p.workspaces.size, keys: p.keys.size } };
  },
};

/** Every projection `npm run replay` knows, in the order `all` rebuilds them. */
export const REPLAYABLE: readonly ReplayableProjection[] = [catalogReplay, adminReplay];

/** Resolves projection names (or aliases, or `all`) to definitions, failing with the list of known names. */
export function resolveProjections(names: readonly string[]): ReplayableProjection[] {
  if (!names.length || names.includes('all')) return [...REPLAYABLE];
  const out: ReplayableProjection[] = [];
  for (const n of names) {
    const def = REPLAYABLE.find((p) => p.name === n || p.aliases.includes(n));
    if (!def) {
      const known = REPLAYABLE.map((p) => `${p.name} (${[...p.aliases].join(', ') || 'no aliases'})`).join('; ');
      throw new Error(`unknown projection '${n}'; known: ${known}; or all`);
    }
    if (!out.includes(def)) out.push(def);
  }
  return out;
}

/** How fast a part of the stream was read. */
export interface StreamRead {
  /** Messages delivered. */
  events: number;
  /** Stream sequence of the last message delivered (0 when none). */
  lastSeq: number;
  ms: number;
  eventsPerSecond: number;
}

/**
 * Reads the stream from its first message with an ordered consumer (gap-free, no acks), up to `untilSeq`
 * or, without it, up to the end as it was when the read started. `handle` gets each message's raw form;
 * without one nothing is decoded (raw JetStream read throughput).
 */
export async function readStream(
  store: EventStore,
  opts: { filterSubject?: string; untilSeq?: number; handle?: (m: { seq: number; subject: string; json<T>(): T }) => void; batch?: number } = {},
): Promise<StreamRead> {
  const t0 = performance.now();
  // A start beside nodes restarting waits for the cluster to answer (bounded), as every other step of a start does.
  const { consumer, total } = await whileClusterSettles('stream read', async () => {
    const consumer = await store.js.consumers.get(store.stream, { deliver_policy: 'all', filter_subjects: opts.filterSubject } as never);
    return { consumer, total: (await consumer.info(true)).num_pending };
  });
  let events = 0;
  let lastSeq = 0;
  if (total > 0 && opts.untilSeq !== 0) {
    const messages = await consumer.consume({ max_messages: opts.batch ?? 4_096 });
    try {
      for await (const m of messages) {
        if (opts.untilSeq !== undefined && m.seq > opts.untilSeq) break;
        opts.handle?.(m);
        events++;
        lastSeq = m.seq;
        if (events >= total || m.seq === opts.untilSeq) break;
      }
    } finally {
      await messages.close().catch(() => undefined);
    }
  }
  await consumer.delete().catch(() => undefined);
  const ms = performance.now() - t0;
  return { events, lastSeq, ms, eventsPerSecond: ms > 0 ? (events / ms) * 1000 : 0 };
}

/** A projection rebuilt from the stream. */
export interface ReplayResult<S = unknown> extends StreamRead {
  name: string;
  state: S;
  digest: ProjectionDigest;
  /** Time of the projection's {@link ReplayableProjection.finish} step after the read (not part of `ms`). */
  finishMs: number;
  /** Time to digest the rebuilt state (not part of `ms`). */
  digestMs: number;
  /** Events the projection failed on (skipped, as the live feed does). */
  failures: number;
}

/**
 * Rebuilds one projection into a fresh instance from the stream (up to `untilSeq`) and digests it; with `accept`, only
 * the events whose subject it accepts are folded (the others are read, not decoded: a partitioned instance's share).
 */
export async function replayProjection<S>(store: EventStore, def: ReplayableProjection<S>, opts: { untilSeq?: number; accept?: (subject: string) => boolean } = {}): Promise<ReplayResult<S>> {
  const state = def.create();
  let failures = 0;
  const read = await readStream(store, {
    filterSubject: def.filterSubject,
    untilSeq: opts.untilSeq,
    handle: (m) => {
      if (opts.accept && !opts.accept(m.subject)) return;
      try {
        def.apply(state, toStoredEvent(m));
      } catch {
        failures++;
      }
    },
  });
  const t0 = performance.now();
  def.finish?.(state);
  const t1 = performance.now();
  const digest = def.digest(state);
  return { name: def.name, ...read, state, digest, finishMs: t1 - t0, digestMs: performance.now() - t1, failures };
}

/**
 * Which events a replay compared with `live` folds, by subject (`tg.evt.<workspace>.…`): those of the workspaces of the
 * partitions it holds and `_account` (as its own feed does), or every one when it holds every partition (or did not say).
 */
export function digestScope(live: { partitions?: { count: number; serves: number[] } }): { accept?: (subject: string) => boolean; label: string } {
  const p = live.partitions;
  if (!p) return { label: 'all' };
  const part = new Partitioning(p.count, p.serves);
  if (!part.partial) return { label: 'all' };
  return { accept: (subject) => part.holdsEvent(subject), label: `${formatPartitionSet(part.serves)} of ${p.count}` };
}

/** The live catalog's digest, as the taste service answers it. */
export interface LiveCatalogDigest {
  /** Stream sequence the live projection had applied when digested. */
  position: number;
  digest: CatalogDigest;
  /** The workspace partitions it holds (absent from an older instance: every one). */
  partitions?: { count: number; serves: number[] };
}

/** Asks a running taste service for its catalog digest. */
export async function liveCatalogDigest(rpc: RpcClient, opts: { timeoutMs?: number } = {}): Promise<LiveCatalogDigest> {
  const r = await rpc.call(OP.taste.digest, { ws: '_account', data: {} }, { timeoutMs: opts.timeoutMs ?? 120_000 });
  return r.data;
}

/** The outcome of comparing a rebuilt catalog with the live one at the same stream position. */
export interface CatalogComparison {
  position: number;
  equal: boolean;
  differences: string[];
  live: CatalogDigest;
  replay: ReplayResult<CatalogProjection>;
}

/**
 * Takes the live catalog's digest, rebuilds the catalog from the stream up to the same position (the workspaces of the
 * partitions it holds), and compares.
 */
export async function compareCatalogWithLive(store: EventStore, rpc: RpcClient): Promise<CatalogComparison> {
  const live = await liveCatalogDigest(rpc);
  const replay = await replayProjection(store, catalogReplay, { untilSeq: live.position, accept: digestScope(live).accept });
  const rebuilt = (replay.digest.detail as { catalog: CatalogDigest }).catalog;
  const differences = diffCatalogDigests(live.digest, rebuilt, ['live', 'replay']);
  return { position: live.position, equal: differences.length === 0 && live.digest.hash === rebuilt.hash, differences, live: live.digest, replay };
}
