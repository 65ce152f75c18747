import type { OP, RequestOf } from '@tg/contracts';
import { Bm25Index, cosine, tokenize, type PostingLookup, type TasteProfile, type WeightedTerms } from '@tg/math';
import type { EntityDoc, WorkspaceCatalog } from '@tg/domain';
import type { OperationHandler } from '@tg/messaging';
import { candFromDoc, embedMissing, pad, resolveCandidates, resultOf, tasteScore, type Cand, type Scored } from '../candidates';
import { graphFit, queryFit, topIndices } from '../evidence/query-fit';
import { anchorOf, type AnchorCtx, type RankingDeps } from '../ranking-deps';
import type { Neighbourhood } from '../evidence/taste-neighbourhood';
import { LEXICAL_DAMPING, pairMatch, queryRelevance, searchScore } from '../evidence/scoring';

/**
 * Most postings walked for lexical search candidates: the rarest query terms, up to this many documents in
 * all (walking a term half the workspace contains costs tens of ms, and the semantic probes cover it).
 */
export const LEXICAL_POSTINGS_BUDGET = 500;
/**
 * Candidates /search takes from each source before scoring (the vector sources give at least `limit`). Fewer
 * candidates cost less (each is a few cache misses: its document, vector and terms); the latency benchmark
 * compares the served results with scoring every item (docs/benchmarks.md).
 */
export const SEARCH_PROBES = { query: 24, taste: 24, lexical: 30, graph: 40, graphPool: 300 };
/**
 * Added to a candidate's relevance bound: the bound and the relevance round differently, and a lexical share (a sum of
 * some of the query's IDF weights over their total) may exceed 1 by an ulp.
 */
const BOUND_MARGIN = 1e-12;
/**
 * Input of /search. `exhaustive` (internal, not reachable through the gateway's schema) scores every entity of
 * the type instead of the candidates: the reference the benchmark compares the served results with.
 */
export type SearchInput = RequestOf<typeof OP.rank.search>;

/** `tg.rpc.rank.search`: entities of a type for a query, in the anchor's taste. */
export function searchHandler(r: RankingDeps): OperationHandler<typeof OP.rank.search> {
  return async (req, ctx) => {
    await r.host.ready(req);
    const { scored } = await search(r, req.ws, req.data, ctx.requestId);
    return { data: { results: scored.map(resultOf) } };
  };
}

/**
 * Search over existing entities of a type: candidates from the query, the taste, the words and the links, scored.
 * `fresh` (for tests): the same answer computed with nothing kept between searches and every candidate scored in full.
 */
export async function search(r: RankingDeps, ws: string, input: SearchInput, requestId: string, opts: { fresh?: boolean } = {}) {
  const { index, neighbourhoods } = r;
  const want = input.limit ?? 20;
  const k = Math.max(SEARCH_PROBES.query, want);
  // The query's embedding is asked for first: the anchor, its taste neighbourhood and the lexical candidates are
  // prepared while it comes back (they do not need it), instead of after. When this process embeds queries itself
  // the vector is there at once, and the vector index is searched (on its worker) during that preparation instead.
  const now = r.embedNow?.([input.query]);
  const embedded = now ? Promise.resolve(now) : r.embed([input.query], requestId);
  embedded.catch(() => undefined);
  const probed = now?.[0] ? index.search(ws, input.inTermsOf, now[0], k) : undefined;
  probed?.catch(() => undefined);
  const anchor = anchorOf(r, ws, input.anchor);
  const { cat, doc, profile } = anchor;
  const nearby = profile?.rank ? neighbourhoods.get(cat, doc.id, input.inTermsOf, profile) : undefined;
  nearby?.catch(() => undefined);
  const lexicalIds = lexicalCandidates(cat, input.query);
  const [q = null] = await embedded;
  /**
   * The candidates by id, each with what its sources knew of it: its cosine to the query (the index's exact score, or
   * the neighbourhood's or the graph list's, while the item has the vector they computed it from) and whether it came
   * from the anchor's fixed sets (its neighbourhood, its graph list: their taste scores are kept). One map lookup per
   * source hit instead of one in each of three.
   */
  const pool = new Map<string, Slot>();
  const made = opts.fresh ? new Map<string, Cand | null>() : candidatesAt(cat, input.inTermsOf);
  const candOf = (id: string): Cand | null => {
    let c = made.get(id);
    if (c === undefined) {
      const d = cat.entities.get(id);
      c = d && d.type === input.inTermsOf ? candFromDoc(d, index.representative(ws, id, d), `c${id}`) : null;
      if (made.size < CANDIDATES_KEPT) made.set(id, c);
    }
    return c;
  };
  // The anchor's fixed lists (its neighbourhood, its graph list) are the same rows on every search of the anchor: what
  // a search needs of a row's item (its candidate at this catalog version, its taste, which query terms it holds) is
  // kept by row with the anchor's taste memo, so that it is read by index instead of looked up by id in a few maps.
  /** Puts an item in the pool (once); from row `i` of a fixed list whose rows are kept, its candidate is read by row. */
  const add = (id: string, rows?: RowCache, i = 0): Slot | undefined => {
    const had = pool.get(id);
    if (had !== undefined || id === doc.id) {
      if (had && rows && !had.rows) {
        had.rows = rows;
        had.row = i;
      }
      return had;
    }
    let c: Cand | null;
    if (!rows) c = candOf(id);
    else if (rows.at[i] === cat.version) c = rows.cands[i]!;
    else {
      c = rows.cands[i] = candOf(id);
      rows.at[i] = cat.version;
    }
    if (!c) return undefined;
    const s: Slot = { c, cosine: undefined, fixed: false, rows, row: i };
    pool.set(id, s);
    return s;
  };
  // Candidates from the vector index near the query, and from the anchor's taste neighbourhood (cached per
  // anchor: the items nearest each of its interests) those that fit the query and the taste best together.
  // Both sources know each candidate's cosine to the query already (the index's exact score, unit vectors);
  // each gives at least as many candidates as the caller wants results.
  if (q) {
    for (const h of await (probed ?? index.search(ws, input.inTermsOf, q, k))) {
      const s = add(h.id);
      if (s) s.cosine = h.score;
    }
  }
  const near = await nearby;
  const memo = opts.fresh ? undefined : tasteMemo(anchor, near);
  if (near) {
    const rows = memo && rowsOf(memo, 'near', near, near.size, input.inTermsOf);
    const best = near.bestRows(q, Math.max(SEARCH_PROBES.taste, want), (cos, taste) => searchScore(pairMatch(cos), taste));
    for (let j = 0; j < best.rows.length; j++) {
      const i = best.rows[j]!;
      const s = add(near.ids[i]!, rows, i);
      if (!s) continue;
      s.fixed = true;
      // Only while the item still has the vector the neighbourhood was computed from (it may lag by seconds).
      if (q && s.cosine === undefined && near.vectorAt(i) === s.c.vector) s.cosine = best.cosines[j]!;
    }
  }
  const { weighted, idfTotal, ids: lexIds } = lexicalIds;
  for (const id of lexIds) add(id);
  // Co-link neighbours: of the strongest SEARCH_PROBES.graphPool, those that fit the query best (the graph
  // often carries the taste where content alone cannot, so its candidates have to meet the query too).
  if (input.inTermsOf === 'content' && anchor.graph.active) {
    const pack = q ? anchor.graph.topPack?.(SEARCH_PROBES.graphPool) : undefined;
    if (q && pack) {
      // The fit's cosines are the scoring's own (`cosine` of the same vector): kept for the items it adds.
      const fit = queryFit(pack, q, cat, Math.min(SEARCH_PROBES.graphPool, pack.ids.length));
      const rows = memo && rowsOf(memo, 'pack', pack, pack.ids.length, input.inTermsOf);
      for (const i of topIndices(fit.fit, SEARCH_PROBES.graph)) {
        const s = add(pack.ids[i]!, rows, i);
        if (!s) continue;
        s.fixed = true;
        const v = fit.vectors[i];
        if (v && s.cosine === undefined && s.c.vector === v) s.cosine = fit.cosines[i]!;
      }
    } else for (const id of topKeys(graphFit(anchor.graph.topMatches(q ? SEARCH_PROBES.graphPool : SEARCH_PROBES.graph), q, cat), SEARCH_PROBES.graph)) add(id);
  }
  if (input.exhaustive) for (const [id, d] of cat.entities) if (d.type === input.inTermsOf) add(id);
  const extra = resolveCandidates(r, cat, input.additional_candidates ?? []).map((c, i) => ({ ...c, key: `x${pad(i)}` }));
  if (extra.length) await embedMissing(r, extra, requestId);
  /** Share of the query's IDF mass the item contains. */
  const present = Bm25Index.weighted(new Map(weighted.filter((w) => w.df > 0).map((w) => [w.t, w.idf])));
  const weightOf = cat.lexical.weigher(present);
  const maps = idfTotal ? cat.lexical.postingMaps(present) : undefined;
  const lexical = (c: Cand, slot: Slot | undefined) => {
    if (!idfTotal) return undefined;
    if (maps && slot?.rows) return rowWeight(slot.rows, slot.row, c.entity_id, present, maps, cat) / idfTotal;
    if (c.key.startsWith('c')) return weightOf(c.entity_id) / idfTotal;
    const toks = new Set(tokenize(`${c.name} ${c.description} ${c.text ?? ''}`));
    return weighted.reduce((a, w) => a + (toks.has(w.t) ? w.idf : 0), 0) / idfTotal;
  };
  const tasteOf = (c: Cand, fixed: boolean, slot: Slot | undefined) => {
    const rows = slot?.rows;
    const hit = rows ? rows.tastes[slot.row] : (memo?.items.get(c.entity_id) ?? memo?.others?.get(c.entity_id));
    if (hit && hit.doc === c.doc && hit.vector === c.vector) return hit.taste;
    const t = tasteScore(anchor, c, near?.tasteOf(c.entity_id, c.vector));
    if (memo) {
      const kept = { doc: c.doc, vector: c.vector, taste: t };
      if (rows) rows.tastes[slot.row] = kept;
      else if (fixed) memo.items.set(c.entity_id, kept);
      else if (memo.others && c.key.startsWith('c') && memo.others.size < TASTE_MEMO.others) memo.others.set(c.entity_id, kept);
    }
    return t;
  };
  // Each candidate's score is sqrt(relevance · taste), relevance = 1 − (1 − semantic)(1 − 0.8·lexical), lexical ≤ 1.
  // The taste and the semantic match are known first (the taste mostly kept per anchor, the cosine mostly known from
  // the probes) and bound the score; candidates are scored in full best bound first, and one whose bound is below the
  // limit-th exact score so far cannot be in the answer: its lexical weight (a posting lookup per term) is not computed.
  const slots = [...pool.values()];
  const cands = [...slots.map((x) => x.c), ...extra];
  const n = cands.length;
  const sems = new Float64Array(n);
  const tastes = new Array<ReturnType<typeof tasteScore> | undefined>(n);
  const bounds = new Float64Array(n);
  const useTaste = !!profile || anchor.graph.active;
  for (let i = 0; i < n; i++) {
    const c = cands[i]!;
    // The pool's candidates first, then the caller's (whose cosine no source knew; fixed when the pool's one of the id was).
    const slot = i < slots.length ? slots[i] : undefined;
    const s = q && c.vector ? pairMatch(slot?.cosine ?? cosine(c.vector, q)) : 0;
    const t = useTaste ? tasteOf(c, slot ? slot.fixed : pool.get(c.entity_id)?.fixed === true, slot) : undefined;
    sems[i] = s;
    tastes[i] = t;
    bounds[i] = searchScore((idfTotal ? 1 - (1 - s) * (1 - LEXICAL_DAMPING) : s) + BOUND_MARGIN, t?.score);
  }
  const order = byBound(bounds, n);
  const limit = input.limit ?? 20;
  /** The limit best exact scores so far, descending. */
  const best: number[] = [];
  const exact: { c: Cand; score: number; rel: number; t: ReturnType<typeof tasteScore> | undefined }[] = [];
  for (const i of order) {
    if (!opts.fresh && best.length >= limit && bounds[i]! < best[limit - 1]!) break;
    const c = cands[i]!;
    const rel = queryRelevance(q && c.vector ? sems[i] : undefined, lexical(c, i < slots.length ? slots[i] : undefined));
    const t = tastes[i];
    const score = searchScore(rel, t?.score);
    exact.push({ c, score, rel, t });
    let j = Math.min(best.length, limit);
    if (j === limit && score <= best[limit - 1]!) continue;
    while (j > 0 && best[j - 1]! < score) {
      if (j < limit) best[j] = best[j - 1]!;
      j--;
    }
    best[j] = score;
  }
  exact.sort((a, b) => b.score - a.score || (a.c.entity_id < b.c.entity_id ? -1 : 1));
  const scored: Scored[] = exact.slice(0, limit).map(({ c, score, rel, t }) => {
    const signals: Record<string, number> = { query: rel, taste: t?.score ?? 0 };
    if (t?.graph) signals['graph'] = t.graph;
    return { c, score, signals };
  });
  return { scored, anchor, q };
}

/**
 * The indices 0…n−1 by `bounds`, largest first, ties in index order: the order of a stable sort, by insertion for a
 * search's hundred-odd candidates (a sort with a comparator costs more there), by the sort for more (exhaustive).
 */
function byBound(bounds: Float64Array, n: number): number[] {
  if (n > 256) return Array.from({ length: n }, (_, i) => i).sort((a, b) => bounds[b]! - bounds[a]!);
  const order = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const v = bounds[i]!;
    let j = i;
    while (j > 0 && bounds[order[j - 1]!]! < v) {
      order[j] = order[j - 1]!;
      j--;
    }
    order[j] = i;
  }
  return order;
}

/** A candidate of one search, with what its sources knew of it (see `search`). */
interface Slot {
  c: Cand;
  /** Its cosine to the query, when a source knew it for the candidate's vector. */
  cosine: number | undefined;
  /** Whether it came from the anchor's fixed sets (its taste score is then kept with them). */
  fixed: boolean;
  /** The fixed list it came from, when its rows are kept (its taste and query terms are then kept by row). */
  rows: RowCache | undefined;
  /** Its row in {@link rows}. */
  row: number;
}

/** Candidates kept per catalog state (about 200 bytes each). */
const CANDIDATES_KEPT = 8_192;
/** Workspaces whose candidates are kept (those searched last). */
const CATALOGS_KEPT = 4;
/**
 * The candidates made at a catalog's version, by id (null: not an entity of the type), for one entity type: a
 * candidate is its document and representative vector, which any event may change, so they are kept only while the
 * catalog is at the version they were made at (a read-mostly workspace searches the same few thousand items again and
 * again: the anchor's neighbourhood and graph list on every search). Not changed by a search (read only).
 */
const candidateCache = new Map<WorkspaceCatalog, { version: number; type: string; byId: Map<string, Cand | null> }>();
function candidatesAt(cat: WorkspaceCatalog, type: string): Map<string, Cand | null> {
  let e = candidateCache.get(cat);
  if (!e || e.version !== cat.version || e.type !== type) e = { version: cat.version, type, byId: new Map() };
  candidateCache.delete(cat);
  candidateCache.set(cat, e);
  if (candidateCache.size > CATALOGS_KEPT) candidateCache.delete(candidateCache.keys().next().value as WorkspaceCatalog);
  return e.byId;
}

/**
 * The taste scores of an anchor's fixed candidates: the items of its taste neighbourhood and of its graph list, the
 * same few hundred on every search of the anchor, which a search takes some of by how they fit its query. A taste
 * score does not depend on the query: it is a function of the anchor's profile, its neighbourhood (the content match
 * it computed), its graph evidence and the item's document and vector, so an entry is kept while the first three are
 * the same objects (the evidence by its key) and used while the item has the same document and vector. All the
 * neighbourhood's and the list's items are kept; of the other candidates (the query's, the lexical ones), at most
 * {@link TASTE_MEMO}.others, and only for the {@link TASTE_MEMO}.anchors anchors searched last.
 */
interface TasteMemo {
  profile: TasteProfile | null;
  near: Neighbourhood | undefined;
  items: Map<string, KeptTaste>;
  /** The neighbourhood's and the graph list's rows (see {@link RowCache}). */
  near_?: RowCache;
  pack_?: RowCache;
  /** The other candidates' taste scores, while the anchor is among those searched last. */
  others?: Map<string, KeptTaste>;
}
interface KeptTaste {
  doc?: EntityDoc;
  vector: Float32Array | null;
  taste: ReturnType<typeof tasteScore>;
}
/**
 * What searches keep of one of an anchor's fixed lists (its neighbourhood, its graph list), by row: the row's candidate
 * made at a catalog version (null: not an entity of the type; any event bumps the version, and the candidate is made
 * again), its taste score (kept as in {@link TasteMemo}: used while the candidate has the same document and vector) and,
 * for the query terms seen at the catalog version `lexAt`, whether the row's document holds each (a posting lookup
 * once per row and term instead of once per search). Kept with the anchor's taste memo, for the list object it was made
 * for.
 */
interface RowCache {
  of: object;
  type: string;
  /** The catalog version each row's candidate was made at (-1: not yet). */
  at: Float64Array;
  cands: (Cand | null)[];
  tastes: (KeptTaste | undefined)[];
  /** Query term → per row: 0 not looked up yet, 1 not in the row's document, 2 in it; at catalog version `lexAt`. */
  lex: Map<string, Uint8Array>;
  lexAt: number;
}
/** Query terms whose rows are kept per list (then forgotten all at once; about 450 bytes per term and anchor). */
const ROW_TERMS_KEPT = 512;

/** The rows kept of an anchor's list `of` (its neighbourhood or its graph list), made anew for another list or type. */
function rowsOf(m: TasteMemo, which: 'near' | 'pack', of: object, n: number, type: string): RowCache {
  const slot = which === 'near' ? 'near_' : 'pack_';
  let rows = m[slot];
  if (!rows || rows.of !== of || rows.type !== type || rows.at.length !== n) {
    rows = m[slot] = { of, type, at: new Float64Array(n).fill(-1), cands: new Array<Cand | null>(n).fill(null), tastes: new Array<KeptTaste | undefined>(n), lex: new Map(), lexAt: -1 };
  }
  return rows;
}

/**
 * The lexical weight of a row's document for the query terms `q` whose postings are `maps`: {@link Bm25Index.weigher}'s
 * number (the weights of the terms the document holds, summed in the query's order when at most two are present, else
 * {@link Bm25Index.weightOf}), with whether the document holds each term kept by row.
 */
function rowWeight(rows: RowCache, i: number, id: string, q: WeightedTerms, maps: readonly PostingLookup[], cat: WorkspaceCatalog): number {
  if (rows.lexAt !== cat.version) {
    rows.lex.clear();
    rows.lexAt = cat.version;
  }
  let present = 0;
  let sum = 0;
  for (let j = 0; j < maps.length; j++) {
    const t = q.terms[j]!;
    let held = rows.lex.get(t);
    if (!held) {
      if (rows.lex.size >= ROW_TERMS_KEPT) rows.lex.clear();
      rows.lex.set(t, (held = new Uint8Array(rows.at.length)));
    }
    let h = held[i]!;
    if (h === 0) held[i] = h = maps[j]!.has(id) ? 2 : 1;
    if (h === 1) continue;
    // 0 + a + b = b + a exactly; a third term's place in the sum can move its last bit.
    if (++present > 2) return cat.lexical.weightOf(id, q);
    sum += q.weights[j]!;
  }
  return sum;
}

/** Bounds on the taste scores kept of candidates outside an anchor's fixed sets (about 100 bytes each). */
export const TASTE_MEMO = Object.freeze({ others: 4_096, anchors: 64 });
const tasteMemos = new WeakMap<object, TasteMemo>();
/** The memos that keep other candidates' taste scores, least recently searched first. */
const recentMemos = new Set<TasteMemo>();

/** The anchor's taste memo, when its graph evidence is kept between requests (a learned model); else none. */
function tasteMemo(anchor: AnchorCtx, near: Neighbourhood | undefined): TasteMemo | undefined {
  const key = anchor.graph.key;
  if (!key) return undefined;
  let m = tasteMemos.get(key);
  if (!m || m.profile !== anchor.profile || m.near !== near) {
    if (m) recentMemos.delete(m);
    tasteMemos.set(key, (m = { profile: anchor.profile, near, items: new Map() }));
  }
  recentMemos.delete(m);
  recentMemos.add(m);
  m.others ??= new Map();
  if (recentMemos.size > TASTE_MEMO.anchors) {
    const oldest = recentMemos.values().next().value as TasteMemo;
    recentMemos.delete(oldest);
    oldest.others = undefined;
  }
  return m;
}

/** How many taste scores are kept under a graph evidence key (for tests). */
export function tasteMemoSize(key: object): number {
  const m = tasteMemos.get(key);
  if (!m) return 0;
  let n = m.items.size;
  for (const rows of [m.near_, m.pack_]) for (const t of rows?.tastes ?? []) if (t) n++;
  return n;
}

/** How many other candidates' taste scores are kept under a graph evidence key (for tests). */
export function otherTasteMemoSize(key: object): number {
  return tasteMemos.get(key)?.others?.size ?? 0;
}

/**
 * Lexical candidates of a query: IDF weights from document frequencies; only selective terms generate candidates
 * (walking the postings of a term half the workspace contains costs tens of ms and the semantic probes cover it).
 */
function lexicalCandidates(cat: WorkspaceCatalog, query: string) {
  const terms = [...new Set(tokenize(query))];
  const n = cat.lexical.size;
  const weighted = terms.map((t) => {
    const df = cat.lexical.documentFrequency(t);
    return { t, df, idf: Math.log(1 + (n - df + 0.5) / (df + 0.5)) };
  });
  const idfTotal = weighted.reduce((a, p) => a + p.idf, 0);
  const selective: string[] = [];
  let budget = LEXICAL_POSTINGS_BUDGET;
  for (const w of [...weighted].sort((a, b) => a.df - b.df)) {
    if (w.df === 0) continue;
    if (w.df > budget) break;
    selective.push(w.t);
    budget -= w.df;
  }
  const ids = selective.length ? topKeys(cat.lexical.score(selective), SEARCH_PROBES.lexical) : [];
  return { weighted, idfTotal, ids };
}

/** The keys of the k largest values (one pass; k small). */
function topKeys(m: Map<string, number>, k: number): string[] {
  const keys = [...m.keys()];
  return topIndices(Float64Array.from(m.values()), k).map((i) => keys[i]!);
}
