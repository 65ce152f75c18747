import type { WorkspaceCatalog } from '@tg/domain';
import { easeQuery, easeScore, recencyWeightsOf, type DualEase, type ItemPostings, type TunedEase, type UserLinks } from '@tg/math';
import type { ReadModelHost } from '@tg/read-model';
import { graphEvidence, type GraphEvidence } from './graph';
import { blendMatch, fitLearned, mapQuery, mapScore, type LearnedFit, type LearnedInput } from './learned-blend';
import { LearnedThread } from './learned-thread';

/**
 * Learned graph evidence: item-item weights learned from the workspace's own links (EASE, Steck 2019, in its
 * dual user-space form, see `@tg/math` `ease.ts`), a content-to-graph mapping for items the links say little
 * about, and the blend of graph and content evidence, all chosen per workspace on validation splits cut from
 * those links (`learned-blend.ts`).
 *
 * The model is a deterministic function of the catalog's links (which entities link which content, with
 * which weights, in which order) and of the content vectors, so replaying the event log to the same position and
 * fitting gives the same model bit for bit (`learnedInput` + `fitLearned`); it is not recorded as an event (M is
 * users² numbers).
 * It is recomputed in the background after link changes (paced like the clusters: debounced, and at least 5×
 * the last fit's duration apart), on a worker thread; until a workspace's first fit, and for items linked after
 * the last one, the co-link evidence of `graph.ts` is used.
 */
export const LEARNED = Object.freeze({
  /** Linking entities in a model (those with the most content links; the fit costs their count cubed). */
  maxUsers: 1_000,
  /** Content items beyond the model's that a fit's validation ranks as distractors (strided sample above this). */
  maxDistractors: 20_000,
  /** Longest pause between a change and the recompute it causes, whatever the last fit cost (ms). */
  maxDelayMs: 60_000,
  /** Anchors whose query vector is kept per workspace. */
  maxCachedAnchors: 2_000,
});

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
  readonly recency: number;
  readonly grid: TunedEase['grid'];
  /** Graph score that gives a graph match of 1 − 1/e (how far graph evidence outweighs content; validated). */
  readonly tau: number;
  /** Weight γ of the content-to-graph mapping (validated). */
  readonly mapWeight: number;
  /** The mapping G (users × dim), see `learned-blend.ts`. */
  readonly map: Float64Array;
  readonly dim: number;
  readonly blendGrid: LearnedFit['blendGrid'];
  readonly fitMs: number;
}

/**
 * The content links of a catalog as the model's input: users (linking entities) and items sorted by id, each user's
 * links in link order; the items' content vectors, then those of up to {@link LEARNED.maxDistractors} other content
 * items (sorted by id, strided) for the validation.
 */
export function learnedInput(cat: WorkspaceCatalog, maxUsers = LEARNED.maxUsers): { users: string[]; items: string[]; input: LearnedInput } | null {
  const linkers: { id: string; kids: [string, number][] }[] = [];
  const linkCount = new Map<string, number>();
  for (const [pid, p] of cat.parents) {
    const kids: [string, number][] = [];
    for (const [c, l] of p.children) if (l.weight > 0 && cat.entities.get(c)?.kind === 'content') kids.push([c, l.weight]);
    if (kids.length) linkers.push({ id: pid, kids });
  }
  linkers.sort((a, b) => b.kids.length - a.kids.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const kept = linkers.slice(0, maxUsers).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const u of kept) for (const [c] of u.kids) linkCount.set(c, (linkCount.get(c) ?? 0) + 1);
  // Without an item two entities link there is nothing to learn.
  if (![...linkCount.values()].some((n) => n >= 2)) return null;
  const items = [...linkCount.keys()].sort();
  const index = new Map(items.map((id, i) => [id, i]));
  const start = new Int32Array(kept.length + 1);
  kept.forEach((u, i) => (start[i + 1] = start[i]! + u.kids.length));
  const itemIdx = new Int32Array(start[kept.length]!);
  const weights = new Float64Array(start[kept.length]!);
  let k = 0;
  for (const u of kept) {
    for (const [c, w] of u.kids) {
      itemIdx[k] = index.get(c)!;
      weights[k++] = w;
    }
  }
  const links: UserLinks = { nItems: items.length, start, items: itemIdx, weights };
  let dim = 0;
  for (const id of items) if ((dim = cat.vectors.get(id)?.length ?? 0)) break;
  const others: string[] = [];
  if (dim) for (const [id, v] of cat.vectors) if (v.length === dim && !index.has(id) && cat.entities.get(id)?.kind === 'content') others.push(id);
  others.sort();
  const step = Math.max(1, Math.ceil(others.length / LEARNED.maxDistractors));
  const rows = [...items, ...others.filter((_, i) => i % step === 0)];
  const vectors = new Float32Array(rows.length * dim);
  rows.forEach((id, i) => {
    const v = cat.vectors.get(id);
    if (v && v.length === dim) vectors.set(v, i * dim);
  });
  return { users: kept.map((u) => u.id), items, input: { links, dim, vectors, nAll: rows.length } };
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

/** An anchor's query into a model: q = M·Σ w_i x_i, its own items (index → weight), and its best items once listed. */
export interface AnchorQuery {
  q: Float64Array;
  own: Map<number, number>;
  /** Its direction in content space under the mapping (ŝ_j = p·v_j; absent when the mapping is off). */
  p?: Float64Array;
  /** The anchor's strongest items by learned score (computed on first use, kept with the query). */
  top?: { id: string; s: number }[];
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
export function learnedEvidence(m: LearnedModel, cat: WorkspaceCatalog, anchorId: string, colink: GraphEvidence, query = anchorQuery(m, cat, anchorId)): GraphEvidence {
  if (!query) return colink;
  const { q, own } = query;
  let any = false;
  for (let i = 0; i < q.length && !any; i++) any = q[i] !== 0;
  if (!any) return colink;
  const cache = new Map<string, number>();
  const match = (id: string): number => {
    let g = cache.get(id);
    if (g === undefined) {
      g = learnedMatch(m, learnedScore(m, query, id, cat.vectors.get(id)));
      if (cache.size < 100_000) cache.set(id, g);
    }
    return g;
  };
  // The strongest items the model knows by learned score, exactly: qᵀx_j for every item some user with q ≠ 0 links
  // (one pass over those users' links), the diagonal correction, and the mapping; kept with the (cached) query.
  const ranked = (): { id: string; s: number }[] => {
    const { start, items, weights } = m.links;
    const acc = new Float64Array(m.itemIds.length);
    for (let v = 0; v < q.length; v++) {
      const qv = q[v]!;
      if (qv === 0) continue;
      for (let p = start[v]!; p < start[v + 1]!; p++) acc[items[p]!]! += qv * weights[p]!;
    }
    const out: { id: string; s: number }[] = [];
    for (let j = 0; j < acc.length; j++) {
      if (own.has(j)) continue;
      const id = m.itemIds[j]!;
      const e = acc[j]! / (1 - m.model.d[j]!);
      const s = withMapping(m, query, e, cat.vectors.get(id));
      if (s > 0) out.push({ id, s });
    }
    return out.sort((a, b) => b.s - a.s || (a.id < b.id ? -1 : 1));
  };
  const topMatches = (n: number) => {
    // /search asks for at most 300: those are kept with the query; a longer list is ranked again.
    const list = n <= TOP_KEPT ? (query.top ??= ranked().slice(0, TOP_KEPT)) : ranked();
    // The list holds each item's learned score already (the same number `match` computes).
    return list.slice(0, n).map(({ id, s }) => {
      let g = cache.get(id);
      if (g === undefined) {
        g = learnedMatch(m, s);
        if (cache.size < 100_000) cache.set(id, g);
      }
      return { id, match: g };
    });
  };
  return { active: true, match, top: (n) => topMatches(n).map((x) => x.id), topMatches };
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
    const colink = graphEvidence(cat, anchorId);
    const m = this.models.get(cat.id);
    if (!m) {
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
    return learnedEvidence(m, cat, anchorId, colink, hit.query);
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
    const version = cat.version;
    const input = learnedInput(cat);
    if (!input) {
      this.models.delete(ws);
      return;
    }
    const t = performance.now();
    const fitted = await this.thread.tune(input.input);
    if (this.stopped) return;
    this.models.set(ws, modelOf(cat.id, version, input, fitted, performance.now() - t));
  }
}

function modelOf(workspace: string, version: number, input: NonNullable<ReturnType<typeof learnedInput>>, f: LearnedFit, fitMs: number): LearnedModel {
  return {
    workspace,
    version,
    users: input.users,
    items: new Map(input.items.map((id, i) => [id, i])),
    model: f.tuned.model,
    postings: f.tuned.postings,
    links: input.input.links,
    itemIds: input.items,
    lambda: f.tuned.lambda,
    recency: f.recency,
    grid: f.tuned.grid,
    tau: f.tau,
    mapWeight: f.mapWeight,
    map: f.map,
    dim: input.input.dim,
    blendGrid: f.blendGrid,
    fitMs,
  };
}

/** Fits a model in process from a catalog (the same function the background fit runs; replay checks, benchmarks). */
export function fitLearnedModel(cat: WorkspaceCatalog): LearnedModel | undefined {
  const input = learnedInput(cat);
  if (!input) return undefined;
  const t = performance.now();
  const fitted = fitLearned(input.input);
  return modelOf(cat.id, cat.version, input, fitted, performance.now() - t);
}
