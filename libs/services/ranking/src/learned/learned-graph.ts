import type { WorkspaceCatalog } from '@tg/domain';
import { easeQuery, easeScore, recencyWeightsOf, type DualEase, type ItemPostings, type TunedEase, type UserLinks } from '@tg/math';
import type { ReadModelHost } from '@tg/read-model';
import { ROW, graphEvidence, type GraphEvidence, type TopPack } from '../evidence/graph';
import { blendMatch, fitLearned, mapQuery, mapScore, type LearnedFit } from './learned-blend';
import { LEARNED, catalogVectors, learnedInput, linkersOf } from './learned-input';
import { LearnedThread, type FitResult, type VectorBatch } from './learned-thread';

export { LEARNED, learnedInput } from './learned-input';

/**
 * Learned graph evidence: item-item weights learned from the workspace's own links (EASE, Steck 2019, in its
 * dual user-space form, see `@tg/math` `ease.ts`), a content-to-graph mapping for items the links say little
 * about, and the blend of graph and content evidence, all chosen per workspace on validation splits cut from
 * those links (`learned-blend.ts`).
 *
 * The model is a deterministic function of the catalog's links (which entities link which content, with
 * which weights, in which order), of the entities' order keys (URLs, refs, names: not their generated ids) and of
 * the content vectors, so replaying the event log to the same position and
 * fitting gives the same model bit for bit (`learnedInput` + `fitLearned`); it is not recorded as an event (M is
 * users² numbers).
 * It is recomputed in the background after link changes (paced like the clusters: debounced, and at least 5×
 * the last fit's duration apart), on a worker thread; until a workspace's first fit, and for items linked after
 * the last one, the co-link evidence of `graph.ts` is used.
 */

/** A fitted model of one workspace. */
export interface LearnedModel {
  readonly workspace: string;
  /** Catalog version the input was read at. */
  readonly version: number;
  readonly users: readonly string[];
  readonly items: ReadonlyMap<string, number>;
  readonly model: DualEase;
  readonly postings: ItemPostings;
  /** The links the model was fitted on, by user (for the top items of an anchor). */
  readonly links: UserLinks;
  /** Item ids by index. */
  readonly itemIds: readonly string[];
  readonly lambda: number;
  /** Weight α of the items' term rows stacked under the links in `model` and `postings` (0: none; validated). */
  readonly alpha: number;
  readonly recency: number;
  readonly grid: TunedEase['grid'];
  /** Graph score that gives a graph match of 1 − 1/e (how far graph evidence outweighs content; validated). */
  readonly tau: number;
  /** Weight γ of the content-to-graph mapping (validated). */
  readonly mapWeight: number;
  /** Content weight w of the taste score beside this model's evidence (validated; `GraphEvidence.contentWeight`). */
  readonly contentWeight: number;
  /** The mapping G (users × dim), see `learned-blend.ts`. */
  readonly map: Float64Array;
  readonly dim: number;
  readonly blendGrid: LearnedFit['blendGrid'];
  readonly fitMs: number;
}

/** Graph match of a learned graph score under a model's τ: 1 − exp(−max(0, s)/τ), in [0, 1]. */
export function learnedMatch(m: Pick<LearnedModel, 'tau'>, s: number): number {
  return blendMatch(s, m.tau);
}

/**
 * The learned graph score of item `id` (vector `v`) for an anchor's query: its EASE score (0 for an item the model
 * does not know) plus γ times the content-to-graph mapping's prediction.
 */
export function learnedScore(m: LearnedModel, query: AnchorQuery, id: string, v: Float32Array | null | undefined): number {
  const j = m.items.get(id);
  const s = j === undefined ? 0 : easeScore(m.model, m.postings, query.q, j, query.own.get(j) ?? 0);
  return withMapping(m, query, s, v);
}

/** An EASE score `e` plus γ times the content-to-graph mapping's prediction for vector `v` (the learned score). */
function withMapping(m: LearnedModel, query: AnchorQuery, e: number, v: Float32Array | null | undefined): number {
  return m.mapWeight ? e + m.mapWeight * mapScore(query.p, vectorOf(m, v)) : e;
}

/** A content vector the mapping can read (the model's dimension), else null. */
function vectorOf(m: LearnedModel, v: Float32Array | null | undefined): Float32Array | null {
  return v && v.length === m.dim ? v : null;
}

/** An anchor's query into a model: q = M·Σ w_i x_i, its own items (index → weight), and what is derived from it once used. */
export interface AnchorQuery {
  q: Float64Array;
  own: Map<number, number>;
  /** Its direction in content space under the mapping (ŝ_j = p·v_j; absent when the mapping is off). */
  p?: Float64Array;
  /** The anchor's strongest items by learned score (computed on first use, kept with the query). */
  top?: { id: string; s: number }[];
  /** {@link top}'s items packed for /search (computed on first use, kept with the query). */
  pack?: TopPack;
  /** {@link pack}'s graph match by id (built with it). */
  listed?: Map<string, number>;
  /** The EASE score of every model item, `easeScore` of each (computed on first use, kept with the query). */
  ease?: Float64Array;
}

/** Items kept in {@link AnchorQuery.top}. */
const TOP_KEPT = 300;

/** The user-space query of an anchor: its content links known to the model, recency-weighted as tuned. */
export function anchorQuery(m: LearnedModel, cat: WorkspaceCatalog, anchorId: string): AnchorQuery | null {
  const kids = cat.parents.get(anchorId)?.children;
  if (!kids?.size) return null;
  const items: number[] = [];
  const w: number[] = [];
  for (const [c, l] of kids) {
    const j = m.items.get(c);
    if (j === undefined || !(l.weight > 0)) continue;
    items.push(j);
    w.push(l.weight);
  }
  if (!items.length) return null;
  const r = recencyWeightsOf(items.length, m.recency);
  for (let i = 0; i < w.length; i++) w[i]! *= r[i]!;
  const q = easeQuery(m.model, m.postings, items, w);
  const own = new Map<number, number>();
  items.forEach((j, i) => own.set(j, (own.get(j) ?? 0) + w[i]!));
  return m.mapWeight ? { q, own, p: mapQuery(m.map, m.dim, q) } : { q, own };
}

/**
 * Graph evidence of an anchor from a learned model: `match` and `top`/`topMatches` (the graph candidates of
 * /search: the anchor's strongest items by learned score, not linked by it) are the learned ones. Falls back to the
 * co-link evidence when the model knows none of the anchor's items.
 */
export function learnedEvidence(
  m: LearnedModel,
  cat: WorkspaceCatalog,
  anchorId: string,
  /** The co-link evidence, or how to get it (only computed when the model has nothing to say of the anchor). */
  colink: GraphEvidence | (() => GraphEvidence),
  query = anchorQuery(m, cat, anchorId),
): GraphEvidence {
  const fallback = () => (typeof colink === 'function' ? colink() : colink);
  if (!query) return fallback();
  const { q, own } = query;
  let any = false;
  for (let i = 0; i < q.length && !any; i++) any = q[i] !== 0;
  if (!any) return fallback();
  // The graph match of an item of the listed top, as the list scores it, once this request has used the list
  // (the list's score sums the same terms in another order, so it may differ from `easeScore` in the last bit).
  let listed: Map<string, number> | undefined;
  /** The learned score of an item: its EASE score (`easeScore`, computed for every item once per query) and the mapping. */
  const scoreOf = (id: string): number => {
    const j = m.items.get(id);
    const e = j === undefined ? 0 : (query.ease ??= easeScores(m, query))[j]!;
    return withMapping(m, query, e, cat.vectors.get(id));
  };
  const match = (id: string): number => listed?.get(id) ?? learnedMatch(m, scoreOf(id));
  /** −ln(1 − G) = max(0, s)/τ (from `easeScore`, not the listed top). */
  const strength = (id: string): number => Math.max(0, scoreOf(id)) / m.tau;
  // The strongest items the model knows by learned score, exactly: the EASE score of every item (`easeScores`: qᵀx_j
  // over its column, the links and the stacked term rows, and the diagonal correction) and the mapping; kept with
  // the (cached) query.
  const ranked = (): { id: string; s: number }[] => {
    const ease = (query.ease ??= easeScores(m, query));
    const out: { id: string; s: number }[] = [];
    for (let j = 0; j < ease.length; j++) {
      if (own.has(j)) continue;
      const id = m.itemIds[j]!;
      const s = withMapping(m, query, ease[j]!, cat.vectors.get(id));
      if (s > 0) out.push({ id, s });
    }
    return out.sort((a, b) => b.s - a.s || (a.id < b.id ? -1 : 1));
  };
  const kept = () => {
    if (!query.top) {
      query.top = ranked().slice(0, TOP_KEPT);
      query.pack = packTop(m, cat, query.top);
      query.listed = new Map(query.pack.ids.map((id, i) => [id, query.pack!.match[i]!]));
    }
    listed = query.listed;
    return query.top;
  };
  const topMatches = (n: number) => {
    // /search asks for at most 300: those are kept with the query; a longer list is ranked again.
    if (n > TOP_KEPT) return ranked().slice(0, n).map(({ id, s }) => ({ id, match: listed?.get(id) ?? learnedMatch(m, s) }));
    return kept().slice(0, n).map(({ id }) => ({ id, match: listed!.get(id)! }));
  };
  return {
    active: true,
    // The numbers are those of the model and the anchor's query (and each item's vector): the query is cached per
    // anchor while its links and the model are the same (LearnedGraphs.evidence).
    key: query,
    contentWeight: m.contentWeight,
    match,
    strength,
    top: (n) => topMatches(n).map((x) => x.id),
    topMatches,
    topPack: (n) => {
      if (n > TOP_KEPT) return undefined;
      kept();
      return query.pack!;
    },
  };
}

/** The EASE score of every model item for an anchor's query (`easeScore` of each: the same number, item by item). */
function easeScores(m: LearnedModel, query: AnchorQuery): Float64Array {
  const out = new Float64Array(m.itemIds.length);
  for (let j = 0; j < out.length; j++) out[j] = easeScore(m.model, m.postings, query.q, j, query.own.get(j) ?? 0);
  return out;
}

/** Packs an anchor's listed top items (see {@link TopPack}). */
function packTop(m: LearnedModel, cat: WorkspaceCatalog, top: { id: string; s: number }[]): TopPack {
  const dim = m.dim || (top.length ? (cat.vectors.get(top[0]!.id)?.length ?? 0) : 0);
  const rows = new Float32Array(top.length * dim);
  const norms = new Float64Array(top.length);
  const kinds = new Uint8Array(top.length);
  const vectors = top.map(({ id }, i) => {
    const v = cat.vectors.get(id);
    if (v) kinds[i] = v.length === dim ? ROW.packed : ROW.other;
    if (v && v.length === dim) {
      rows.set(v, i * dim);
      let aa = 0;
      for (let a = 0; a < dim; a++) aa += v[a]! * v[a]!;
      norms[i] = aa;
    }
    return v;
  });
  return { ids: top.map((x) => x.id), match: Float64Array.from(top, (x) => learnedMatch(m, x.s)), vectors, rows, norms, dim, kinds, current: { cat, version: cat.version } };
}

/** Options of {@link LearnedGraphs}. */
export interface LearnedGraphsOptions {
  /** Least pause between a change and its recompute (ms; the clusters' debounce). */
  debounceMs: number;
  /** Fit on a worker thread (default true). */
  thread?: boolean;
  onError?: (error: Error, workspace?: string) => void;
}

/** The learned models of every workspace, recomputed in the background after link changes. */
export class LearnedGraphs {
  /** Live instances in this process (benchmarks wait for their fits to settle). */
  static readonly live = new Set<LearnedGraphs>();
  private readonly models = new Map<string, LearnedModel>();
  private readonly dirty = new Set<string>();
  private readonly seen = new Set<string>();
  private readonly queries = new Map<string, { version: number; model: LearnedModel; query: ReturnType<typeof anchorQuery> }>();
  private readonly thread: LearnedThread;
  /**
   * Workspaces whose content vectors the worker mirrors: the ids changed since the last batch, and while the first
   * copy is under way, the catalog's ids still to send.
   */
  private readonly mirrored = new Map<string, { pending: Set<string>; scan?: Iterator<string> }>();
  private timer?: NodeJS.Timeout;
  private running = 0;
  private lastRunMs = 0;
  private stopped = false;

  constructor(
    private readonly host: ReadModelHost,
    private readonly opts: LearnedGraphsOptions,
  ) {
    this.thread = new LearnedThread(opts.thread ?? true, (e) => opts.onError?.(e));
    host.onChange((t) => {
      const pending = this.mirrored.get(t.workspace)?.pending;
      if (pending) {
        for (const id of t.entities) pending.add(id);
        for (const id of t.removed) pending.add(id);
      }
      if (t.parents.length || t.removed.length) this.mark(t.workspace);
    });
    LearnedGraphs.live.add(this);
  }

  /** The workspace's model, if one was fitted. */
  model(ws: string): LearnedModel | undefined {
    return this.models.get(ws);
  }

  /** Graph evidence of an anchor: learned when the workspace has a model, else co-link. */
  evidence(cat: WorkspaceCatalog, anchorId: string): GraphEvidence {
    const m = this.models.get(cat.id);
    if (!m) {
      const colink = graphEvidence(cat, anchorId);
      // A workspace restored from a snapshot has had no change yet: its first request schedules a fit.
      if (colink.active && !this.seen.has(cat.id)) this.mark(cat.id);
      return colink;
    }
    const version = cat.parents.get(anchorId)?.version ?? -1;
    const key = `${cat.id}\u0000${anchorId}`;
    let hit = this.queries.get(key);
    if (!hit || hit.version !== version || hit.model !== m) {
      hit = { version, model: m, query: anchorQuery(m, cat, anchorId) };
      this.queries.delete(key);
      this.queries.set(key, hit);
      if (this.queries.size > LEARNED.maxCachedAnchors) this.queries.delete(this.queries.keys().next().value as string);
    }
    return learnedEvidence(m, cat, anchorId, () => graphEvidence(cat, anchorId), hit.query);
  }

  /** True when no fit is pending or running. */
  settled(): boolean {
    return this.dirty.size === 0 && !this.timer && this.running === 0;
  }

  /** Resolves once every pending fit has run (for benchmarks and tests). */
  async whenSettled(pollMs = 50): Promise<void> {
    while (!this.settled() && !this.stopped) await new Promise((r) => setTimeout(r, pollMs));
  }

  async close(): Promise<void> {
    this.stopped = true;
    LearnedGraphs.live.delete(this);
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.thread.close();
  }

  private mark(ws: string) {
    this.seen.add(ws);
    this.dirty.add(ws);
    this.schedule();
  }

  private schedule() {
    if (this.timer || this.running || this.stopped) return;
    const delay = Math.max(this.opts.debounceMs, Math.min(LEARNED.maxDelayMs, 5 * this.lastRunMs));
    this.timer = setTimeout(() => void this.run(), delay);
    this.timer.unref?.();
  }

  private async run() {
    this.timer = undefined;
    const batch = [...this.dirty].sort();
    this.dirty.clear();
    this.running++;
    const started = performance.now();
    try {
      for (const ws of batch) {
        if (this.stopped) return;
        try {
          await this.fit(ws);
        } catch (err) {
          this.opts.onError?.(err as Error, ws);
        }
      }
    } finally {
      this.lastRunMs = performance.now() - started;
      this.running--;
      if (this.dirty.size) this.schedule();
    }
  }

  private async fit(ws: string) {
    const cat = this.host.catalog.ws(ws);
    if (this.thread.threaded) await this.mirror(ws, cat);
    // From here to the job's enqueueing nothing awaits: the linkers, the version and the mirror (every batch is
    // queued before this job) are of one catalog state.
    const version = cat.version;
    const t = performance.now();
    const fitted = await this.thread.fit({ kind: 'fit', ws, linkers: linkersOf(cat), cat });
    if (this.stopped) return;
    if (!fitted) this.models.delete(ws);
    else this.models.set(ws, modelOf(cat.id, version, fitted, performance.now() - t));
  }

  /**
   * Brings the worker's mirror of a workspace's content vectors up to date, in batches of
   * {@link LEARNED.mirrorBatch} (each a copy into one transferred buffer), so that no request waits on more than
   * one batch: the whole catalog the first time, then what changed. Returns with nothing left to send.
   */
  private async mirror(ws: string, cat: WorkspaceCatalog) {
    let m = this.mirrored.get(ws);
    if (!m) this.mirrored.set(ws, (m = { pending: new Set(), scan: cat.vectors.keys() }));
    for (;;) {
      const ids: string[] = [];
      while (m.scan && ids.length < LEARNED.mirrorBatch) {
        const r = m.scan.next();
        if (r.done) m.scan = undefined;
        else ids.push(r.value);
      }
      for (const id of m.pending) {
        if (ids.length >= LEARNED.mirrorBatch) break;
        ids.push(id);
        m.pending.delete(id);
      }
      if (!ids.length) return;
      await this.thread.vectors(vectorBatch(ws, cat, ids));
      if (this.stopped) return;
    }
  }
}

/** The current content vectors of `ids` (an id with none, or not content, is removed from the mirror). */
function vectorBatch(ws: string, cat: WorkspaceCatalog, ids: string[]): VectorBatch {
  const vectors = catalogVectors(cat);
  const vs = ids.map((id) => vectors.get(id));
  const offsets = new Int32Array(ids.length + 1);
  vs.forEach((v, i) => (offsets[i + 1] = offsets[i]! + (v?.length ?? 0)));
  const data = new Float32Array(offsets[ids.length]!);
  vs.forEach((v, i) => v && data.set(v, offsets[i]!));
  return { kind: 'vectors', ws, ids, keys: ids.map((id, i) => (vs[i] ? vectors.orderKey(id)! : '')), terms: ids.map((id, i) => (vs[i] ? (vectors.terms(id) ?? '') : '')), offsets, data };
}

function modelOf(workspace: string, version: number, r: NonNullable<FitResult>, fitMs: number): LearnedModel {
  const f = r.fitted;
  return {
    workspace,
    version,
    users: r.users,
    items: new Map(r.items.map((id, i) => [id, i])),
    model: f.tuned.model,
    postings: f.tuned.postings,
    links: r.links,
    itemIds: r.items,
    lambda: f.tuned.lambda,
    alpha: f.tuned.alpha,
    recency: f.recency,
    grid: f.tuned.grid,
    tau: f.tau,
    mapWeight: f.mapWeight,
    contentWeight: f.contentWeight,
    map: f.map,
    dim: r.dim,
    blendGrid: f.blendGrid,
    fitMs,
  };
}

/** Fits a model in process from a catalog (the same functions the background fit runs; replay checks, benchmarks). */
export function fitLearnedModel(cat: WorkspaceCatalog): LearnedModel | undefined {
  const input = learnedInput(cat);
  if (!input) return undefined;
  const t = performance.now();
  const fitted = fitLearned(input.input);
  return modelOf(cat.id, cat.version, { users: input.users, items: input.items, links: input.input.links, dim: input.input.dim, fitted }, performance.now() - t);
}
