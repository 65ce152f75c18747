import { RPC, TgError, contentIdForUrl, decodeVector, looksLikeUrl, type ContentObject } from '@tg/contracts';
import { contentLabelText, displayName, distinctiveKeywords, documentFrequencies, type EntityDoc, labelTokens, type WorkspaceCatalog } from '@tg/domain';
import { textForContent, type Embedder } from '@tg/embedding';
import {
  OllamaGenerator,
  TemplateGenerator,
  allowedNames,
  gauge,
  groundingViolations,
  type AskInput,
  type ExplainInput,
  type GroundingItem,
  type TextGenerator,
  type Theme,
} from '@tg/language';
import { Bm25Index, addToStats, chooseK, composeProfile, cosine, createTasteStats, mmr, tokenize, type TasteProfile } from '@tg/math';
import { embedTexts, ownEntries, rpcServer, type Runtime, type StartedService } from '@tg/service-runtime';
import { profileFor, type ReadModelHost } from '@tg/read-model';
import { askSubject } from './ask/intent';
import { pickSuggestions } from './ask/suggestions';
import { type GraphEvidence } from './graph';
import { LearnedGraphs } from './learned-graph';
import { RankingIndex } from './ranking-index';
import { TasteNeighbourhoods } from './taste-neighbourhood';
import { contentMatch, effectiveCount, pairMatch, queryRelevance, searchScore, wireScore, wireSignal } from './scoring';
import { capToOrder, priorScore, workspacePrior } from './workspace-prior';

export { GRAPH, graphEvidence, type GraphEvidence } from './graph';
export { LEARNED, LearnedGraphs, anchorQuery, fitLearnedModel, learnedEvidence, learnedInput, learnedMatch, type LearnedModel } from './learned-graph';
export { PAIR_COSINE_PRIOR, contentMatch, depthFactor, pairMatch, queryRelevance, searchScore } from './scoring';

type CandidateInput = ContentObject | { entity_id: string; ref?: string } | string;
/** A candidate /rerank or /recommend could not resolve, and why (answered as `skipped`). */
interface Skipped {
  candidate: CandidateInput;
  reason: string;
}

/** A candidate being ranked. */
interface Cand {
  /** Position in the caller's list (ties keep the caller's order). */
  key: string;
  entity_id: string;
  doc?: EntityDoc;
  url?: string;
  ref?: string;
  name: string;
  description: string;
  type: string;
  text?: string;
  vector: Float32Array | null;
}

interface RankInput {
  anchor: string;
  inTermsOf: string;
  domain?: string;
  task?: string;
}

/** What the ranking endpoints know about an anchor. */
interface AnchorCtx {
  cat: WorkspaceCatalog;
  doc: EntityDoc;
  /** Taste profile: pooled linked content, else the anchor's own text vector (cold start). */
  profile: TasteProfile | null;
  graph: GraphEvidence;
}

/** A scored candidate: the score and the signals it came from (echoed as `signals`). */
interface Scored {
  c: Cand;
  score: number;
  signals: Record<string, number>;
}

const byScore = (a: Scored, b: Scored) => b.score - a.score || (a.c.key < b.c.key ? -1 : a.c.key > b.c.key ? 1 : 0);

/** Share of the history model in a personalised rerank or recommend (the rest is the anchor's taste). */
export const HISTORY_SHARE = { default: 0.65, uiux: 0.8 };
/** Diversity of /recommend: MMR relevance weight (1 = pure relevance). */
export const RECOMMEND_MMR_LAMBDA = 0.7;
/** Least score for an item to be named in an /ask answer as a suggestion (a fit to the anchor's taste)… */
export const ASK_MIN_TASTE = 0.5;
/** …and least combined search score (query and taste). */
export const ASK_MIN_SCORE = 0.3;
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
/** Highest taste score of an item named as something the anchor does not go for in /explain. */
export const EXPLAIN_MAX_AVOID = 0.2;

/** Recency weights of a history, oldest first: halves every `halfLife` steps back from the newest. */
export function recencyWeights(n: number, uiux: boolean): number[] {
  const halfLife = Math.max(2, uiux ? n / 4 : n / 2);
  return Array.from({ length: n }, (_, i) => Math.pow(0.5, (n - 1 - i) / halfLife));
}

/** A profile from vectors and weights (history model, themes). */
function profileOf(vectors: Float32Array[], weights?: number[]): TasteProfile | null {
  if (!vectors.length) return null;
  const s = createTasteStats(vectors[0]!.length);
  vectors.forEach((v, i) => addToStats(s, v, weights?.[i] ?? 1));
  return composeProfile(s, { representation: 'subspace', maxRank: 6, energy: 0.8 });
}

/** The profile of an anchor: its pooled taste, its own text vector, or (for content) its own vector. */
function anchorProfile(cat: WorkspaceCatalog, id: string): TasteProfile | null {
  const p = profileFor(cat, id);
  if (p) return p;
  const v = cat.vectors.get(id);
  return v ? profileOf([v]) : null;
}

/** Whether the anchor has created text: linked content that is embedded, or (for content) its own text. */
function hasCreatedText(cat: WorkspaceCatalog, doc: EntityDoc): boolean {
  if (doc.kind === 'content') return cat.vectors.has(doc.id);
  return (cat.parents.get(doc.id)?.pooled.size ?? 0) > 0;
}

/** Entity view of a ranked candidate, echoing url and ref. */
function resultOf(s: Scored) {
  const { c } = s;
  const out: Record<string, unknown> = { entity_id: c.entity_id, id: c.entity_id, name: c.name, description: c.description, type: c.type, score: wireScore(s.score) };
  if (c.url) out['url'] = c.url;
  if (c.ref !== undefined) out['ref'] = c.ref;
  const signals: Record<string, number> = {};
  for (const k in s.signals) signals[k] = wireSignal(s.signals[k]!);
  out['signals'] = signals;
  return out;
}

function candFromDoc(d: EntityDoc, v: Float32Array | null, key: string, ref?: string): Cand {
  return { key, entity_id: d.id, doc: d, url: d.url, ref: ref ?? d.ref, name: d.name, description: d.description, type: d.type, text: d.text, vector: v };
}

const pad = (i: number) => String(i).padStart(6, '0');

/** Builds the configured text generator: Ollama (with the template as fallback) or the template. */
export function createGenerator(rt: Runtime): TextGenerator {
  const template = new TemplateGenerator();
  if (!rt.config.ollamaHost) return template;
  return new OllamaGenerator({
    host: rt.config.ollamaHost,
    model: rt.config.ollamaChatModel,
    timeoutMs: rt.config.ollamaTimeoutMs,
    fallback: template,
    onFallback: (reason, error) => rt.log.warn({ reason, err: error }, 'ollama generation failed; used the template generator'),
  });
}

/**
 * The taste score of a candidate for an anchor: its content match to the anchor's profile and its graph
 * match (see `graph.ts`) as independent evidence, `1 − (1 − content)(1 − graph)`: a candidate matches when
 * its content does or when the entities that share the anchor's links link it too. Content alone where
 * the graph has nothing to say, so scores keep their calibrated meaning.
 */
export function tasteScore(
  anchor: Pick<AnchorCtx, 'profile' | 'graph'>,
  c: Pick<Cand, 'vector' | 'entity_id' | 'doc'>,
  /** The content match when already known (a taste-neighbourhood item of this profile). */
  knownContent?: number,
): { score: number; content: number; graph: number } {
  const content = knownContent ?? (c.vector && anchor.profile ? contentMatch(c.vector, anchor.profile).score : 0);
  if (!anchor.graph.active || c.doc?.kind !== 'content') return { score: content, content, graph: 0 };
  const g = anchor.graph.match(c.entity_id);
  return { score: 1 - (1 - content) * (1 - g), content, graph: g };
}

/** Options of {@link startRankingService}. */
export interface RankingServiceOptions {
  /** Text generator for /ask and /explain (default: Ollama when configured, else the template). */
  generator?: TextGenerator;
  /**
   * The embedding service's model when it runs in this process (the embedded default): query and candidate
   * texts are embedded by a direct call instead of a NATS round trip. Same model, same vectors.
   */
  embedder?: Embedder;
}

/** Starts the ranking service: search, rerank, score, recommend, ask, explain, gauge. */
export async function startRankingService(rt: Runtime, host: ReadModelHost, opts: RankingServiceOptions = {}): Promise<StartedService & { index: RankingIndex }> {
  const index = new RankingIndex(host, {
    thread: rt.config.vectorThread,
    onThreadError: (err) => rt.log.error({ err }, 'vector index worker failed; searching on the main thread'),
  });
  const neighbourhoods = new TasteNeighbourhoods({
    search: (ws, type, q, k) => index.search(ws, type, q, k),
    vector: (cat, id) => index.representative(cat.id, id),
    match: (v, p) => contentMatch(v, p).score,
  });
  // Learned item-item graph evidence per workspace, refitted in the background (learned-graph.ts).
  const learned = new LearnedGraphs(host, { debounceMs: rt.config.clusterDebounceMs, onError: (err, ws) => rt.log.error({ err, ws }, 'learned graph fit failed') });
  const generator = opts.generator ?? createGenerator(rt);
  const template = new TemplateGenerator();
  const local = opts.embedder;
  /** Embeds texts: through the local model when there is one, else the embedding service. */
  const embed = async (texts: string[], requestId: string): Promise<(Float32Array | null)[]> => {
    if (local) return local.embed(texts);
    const emb = await embedTexts(rt, texts, requestId);
    return emb.vectors.map((v) => (v ? decodeVector(v) : null));
  };

  const anchorOf = (ws: string, id: string): AnchorCtx => {
    const cat = host.catalog.ws(ws);
    const doc = cat.entities.get(id) ?? (looksLikeUrl(id) && cat.urls.get(id) ? cat.entities.get(cat.urls.get(id)!) : undefined);
    if (!doc) throw new TgError('anchor_not_found', `Anchor entity not found: ${id}`, { entity_id: id });
    return { cat, doc, profile: anchorProfile(cat, doc.id), graph: learned.evidence(cat, doc.id) };
  };

  /**
   * The anchor of /rerank and /recommend: an id the graph does not know is an anchor with no taste yet (clients
   * rerank for their own user ids without creating them), never a 404.
   */
  const lenientAnchorOf = (ws: string, id: string): AnchorCtx => {
    const cat = host.catalog.ws(ws);
    if (cat.entities.has(id) || (looksLikeUrl(id) && cat.urls.has(id))) return anchorOf(ws, id);
    const doc: EntityDoc = { id, kind: 'entity', type: 'user', name: id, description: '', createdAt: 0, updatedAt: 0 };
    return { cat, doc, profile: null, graph: learned.evidence(cat, id) };
  };

  /** Embeds the texts of candidates that have no stored vector (nothing is persisted). */
  const embedMissing = async (cands: Cand[], requestId: string) => {
    const need = cands.filter((c) => !c.vector && c.text);
    if (!need.length) return;
    const vs = await embed(need.map((c) => c.text!), requestId);
    need.forEach((c, i) => (c.vector = vs[i] ?? null));
  };

  /**
   * Resolves caller items: entity ids and URLs from the catalog; unknown ones from `item_texts` /
   * `item_images`; content objects with new text are embedded on the fly. Unknown ids with no text are
   * an error for candidates (`strict`) and skipped for history items; with a `skipped` list, strict ones are
   * listed there instead of failing the call.
   */
  const resolve = (cat: WorkspaceCatalog, inputs: CandidateInput[], itemTexts: Record<string, string> = {}, itemImages: Record<string, string> = {}, strict = true, skipped?: Skipped[]): Cand[] => {
    // Caller-keyed maps: only their own keys count (a candidate named `constructor` finds no text).
    itemTexts = ownEntries(itemTexts);
    itemImages = ownEntries(itemImages);
    const unknown: string[] = [];
    const out: Cand[] = [];
    inputs.forEach((c, i) => {
      const key = pad(i);
      if (typeof c === 'string') {
        const id = cat.entities.has(c) ? c : cat.urls.get(c);
        const d = id ? cat.entities.get(id) : undefined;
        if (d && (cat.vectors.has(d.id) || !itemTexts[c])) return void out.push(candFromDoc(d, index.representative(cat.id, d.id, d), key));
        const url = looksLikeUrl(c) ? c : undefined;
        const text = itemTexts[c] ?? (itemImages[c] ? textForContent({ url: itemImages[c], type: 'image' }) : url ? textForContent({ url, type: 'image' }) : '');
        if (!text) {
          if (strict && skipped) skipped.push({ candidate: c, reason: 'unknown entity id or URL, and no item_texts for it' });
          else if (strict) unknown.push(c);
          return;
        }
        const name = d?.name ?? (url ? new URL(url).hostname : c);
        return void out.push({ key, entity_id: d?.id ?? (url ? contentIdForUrl(url) : c), doc: d, url, name, description: d?.description ?? '', type: d?.type ?? 'content', text, vector: null });
      }
      if (!('url' in c)) {
        const d = cat.entities.get(c.entity_id);
        if (!d) {
          if (strict && skipped) skipped.push({ candidate: c, reason: 'unknown entity id' });
          else if (strict) unknown.push(c.entity_id);
          return;
        }
        return void out.push(candFromDoc(d, index.representative(cat.id, d.id, d), key, c.ref));
      }
      const co = c as ContentObject;
      const known = co.id && cat.entities.get(co.id)?.kind === 'content' ? co.id : cat.urls.get(co.url);
      const d = known ? cat.entities.get(known) : undefined;
      const extra = co.content ?? itemTexts[co.url];
      if (d && cat.vectors.has(d.id) && !extra) return void out.push(candFromDoc(d, cat.vectors.get(d.id)!, key, co.ref));
      const text = textForContent({ content: extra, title: co.title, description: co.description, url: co.url, type: co.type, alt: co.alt ?? itemImages[co.url] });
      out.push({
        key,
        entity_id: d?.id ?? co.id ?? contentIdForUrl(co.url),
        doc: d,
        url: co.url,
        ref: co.ref,
        name: co.title ?? d?.name ?? hostOf(co.url),
        description: co.description ?? d?.description ?? '',
        type: 'content',
        text: text || d?.text,
        vector: null,
      });
    });
    if (unknown.length) {
      throw new TgError('entity_not_found', `Unknown candidate${unknown.length > 1 ? 's' : ''} (no such entity id or URL, and no item_texts): ${unknown.slice(0, 5).join(', ')}`, { unknown: unknown.slice(0, 100) });
    }
    return out;
  };

  /** The personalised history model: a recency-weighted profile of the engaged items. */
  const historyModel = async (cat: WorkspaceCatalog, history: string[], itemTexts: Record<string, string>, itemImages: Record<string, string>, uiux: boolean, requestId: string) => {
    const items = resolve(cat, history, itemTexts, itemImages, false);
    await embedMissing(items, requestId);
    const w = recencyWeights(history.length, uiux);
    const vs: Float32Array[] = [];
    const ws: number[] = [];
    for (const c of items) {
      if (!c.vector) continue;
      vs.push(c.vector);
      ws.push(w[Number(c.key)]!);
    }
    return { profile: profileOf(vs, ws), n: effectiveCount(ws), items };
  };

  /** Scores caller candidates: the anchor's taste, and the history model when a history is given. */
  const scoreCandidates = async (
    ws: string,
    input: RankInput & { candidates: CandidateInput[]; history?: string[]; item_texts?: Record<string, string>; item_images?: Record<string, string> },
    requestId: string,
    /** /rerank and /recommend: unknown anchors and unresolvable candidates do not fail the call. */
    lenient = false,
  ) => {
    const anchor = lenient ? lenientAnchorOf(ws, input.anchor) : anchorOf(ws, input.anchor);
    const skipped: Skipped[] = [];
    const cands = resolve(anchor.cat, input.candidates, input.item_texts, input.item_images, true, lenient ? skipped : undefined);
    await embedMissing(cands, requestId);
    const uiux = input.domain === 'uiux';
    const hist = input.history?.length ? await historyModel(anchor.cat, input.history, input.item_texts ?? {}, input.item_images ?? {}, uiux, requestId) : undefined;
    const share = hist?.profile ? (anchor.profile ? (uiux ? HISTORY_SHARE.uiux : HISTORY_SHARE.default) : 1) : 0;
    if (lenient && !anchor.profile && !anchor.graph.active && !hist?.profile) {
      // No taste and no history: what the workspace knows (docs/ranking.md, "Rerank without a taste").
      const prior = workspacePrior(anchor.cat);
      const scored: Scored[] = cands.map((c) => {
        const p = priorScore(anchor.cat, prior, c);
        return { c, score: p.score, signals: { prior: p.score, closeness: p.closeness, popularity: p.popularity, quality: p.quality } };
      });
      return { scored, hist, anchor, skipped };
    }
    const scored: Scored[] = cands.map((c) => {
      const t = tasteScore(anchor, c);
      const signals: Record<string, number> = { taste: t.score, content: t.content, graph: t.graph };
      if (!hist?.profile) return { c, score: t.score, signals };
      const h = c.vector ? contentMatch(c.vector, hist.profile, hist.n).score : 0;
      signals['history'] = h;
      return { c, score: (1 - share) * t.score + share * h, signals };
    });
    return { scored, hist, anchor, skipped };
  };

  /**
   * Search over existing entities of a type. `exhaustive` (internal, not reachable through the gateway's
   * schema) scores every entity of the type instead of the candidates: the reference the benchmark compares
   * the served results with.
   */
  const search = async (ws: string, input: RankInput & { query: string; additional_candidates?: ContentObject[]; limit?: number; exhaustive?: boolean }, requestId: string) => {
    const anchor = anchorOf(ws, input.anchor);
    const { cat, doc, profile } = anchor;
    const [q = null] = await embed([input.query], requestId);
    const pool = new Map<string, Cand>();
    const add = (id: string) => {
      if (pool.has(id) || id === doc.id) return;
      const d = cat.entities.get(id);
      if (!d || d.type !== input.inTermsOf) return;
      pool.set(id, candFromDoc(d, index.representative(ws, id, d), `c${id}`));
    };
    // Candidates from the vector index near the query, and from the anchor's taste neighbourhood (cached per
    // anchor: the items nearest each of its interests) those that fit the query and the taste best together.
    // Both sources know each candidate's cosine to the query already (the index's exact score, unit vectors);
    // each gives at least as many candidates as the caller wants results.
    const want = input.limit ?? 20;
    const knownCosine = new Map<string, number>();
    if (q) {
      for (const h of await index.search(ws, input.inTermsOf, q, Math.max(SEARCH_PROBES.query, want))) {
        add(h.id);
        knownCosine.set(h.id, h.score);
      }
    }
    const near = profile?.rank ? await neighbourhoods.get(cat, doc.id, input.inTermsOf, profile) : undefined;
    if (near) {
      for (const h of near.best(q, Math.max(SEARCH_PROBES.taste, want), (cos, taste) => searchScore(pairMatch(cos), taste))) {
        add(h.id);
        // Only while the item still has the vector the neighbourhood was computed from (it may lag by seconds).
        const c = pool.get(h.id);
        if (c && h.cosine !== undefined && !knownCosine.has(h.id) && near.tasteOf(h.id, c.vector) !== undefined) knownCosine.set(h.id, h.cosine);
      }
    }
    // Lexical: IDF weights from document frequencies; only selective terms generate candidates (walking
    // the postings of a term half the workspace contains costs tens of ms and the semantic probes cover it).
    const terms = [...new Set(tokenize(input.query))];
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
    if (selective.length) {
      const bm25 = cat.lexical.score(selective);
      for (const id of topKeys(bm25, SEARCH_PROBES.lexical)) add(id);
    }
    // Co-link neighbours: of the strongest SEARCH_PROBES.graphPool, those that fit the query best (the graph
    // often carries the taste where content alone cannot, so its candidates have to meet the query too).
    if (input.inTermsOf === 'content' && anchor.graph.active) {
      const linked = anchor.graph.topMatches(q ? SEARCH_PROBES.graphPool : SEARCH_PROBES.graph);
      const fit = new Map<string, number>();
      for (const { id, match } of linked) {
        const v = cat.vectors.get(id);
        fit.set(id, q && v ? searchScore(pairMatch(cosine(v, q)), match) : match);
      }
      for (const id of topKeys(fit, SEARCH_PROBES.graph)) add(id);
    }
    if (input.exhaustive) for (const [id, d] of cat.entities) if (d.type === input.inTermsOf) add(id);
    const extra = resolve(cat, input.additional_candidates ?? []).map((c, i) => ({ ...c, key: `x${pad(i)}` }));
    if (extra.length) await embedMissing(extra, requestId);
    /** Share of the query's IDF mass the item contains. */
    const present = Bm25Index.weighted(new Map(weighted.filter((w) => w.df > 0).map((w) => [w.t, w.idf])));
    const lexical = (c: Cand) => {
      if (!idfTotal) return undefined;
      if (c.key.startsWith('c')) return cat.lexical.weightOf(c.entity_id, present) / idfTotal;
      const toks = new Set(tokenize(`${c.name} ${c.description} ${c.text ?? ''}`));
      return weighted.reduce((a, w) => a + (toks.has(w.t) ? w.idf : 0), 0) / idfTotal;
    };
    const scored: Scored[] = [...pool.values(), ...extra].map((c) => {
      const known = c.key.startsWith('c') ? knownCosine.get(c.entity_id) : undefined;
      const sem = q && c.vector ? pairMatch(known ?? cosine(c.vector, q)) : undefined;
      const lex = lexical(c);
      const rel = queryRelevance(sem, lex);
      const t = profile || anchor.graph.active ? tasteScore(anchor, c, near?.tasteOf(c.entity_id, c.vector)) : undefined;
      const signals: Record<string, number> = { query: rel, taste: t?.score ?? 0 };
      if (t?.graph) signals['graph'] = t.graph;
      return { c, score: searchScore(rel, t?.score), signals };
    });
    scored.sort((a, b) => b.score - a.score || (a.c.entity_id < b.c.entity_id ? -1 : 1));
    return { scored: scored.slice(0, input.limit ?? 20), anchor, q };
  };

  /** Themes by anchor, valid while the workspace catalog is unchanged (clustering costs milliseconds). */
  const themeCache = new Map<string, { version: number; themes: Theme[] }>();
  const themesOf = async (anchor: AnchorCtx, max: number, inTermsOf: string): Promise<Theme[]> => {
    const key = `${anchor.cat.id}\u0000${anchor.doc.id}\u0000${inTermsOf}\u0000${max}`;
    const hit = themeCache.get(key);
    if (hit && hit.version === anchor.cat.version) return hit.themes;
    const version = anchor.cat.version;
    const themes = await computeThemes(anchor, max, inTermsOf);
    themeCache.delete(key);
    themeCache.set(key, { version, themes });
    if (themeCache.size > 10_000) themeCache.delete(themeCache.keys().next().value as string);
    return themes;
  };

  /** Themes of an anchor: clusters of its linked content, labelled from their words. */
  const computeThemes = async (anchor: AnchorCtx, max: number, inTermsOf: string): Promise<Theme[]> => {
    const { cat, doc } = anchor;
    const p = cat.parents.get(doc.id);
    const kids = [...(p?.pooled ?? [])].slice(0, 1_000).filter((c) => cat.vectors.has(c) && cat.entities.has(c));
    if (!kids.length) return [];
    const vecs = kids.map((k) => cat.vectors.get(k)!);
    // With few items the Gaussian-twin test of chooseK is unreliable (any split of a handful of points in
    // 100 dimensions looks good), so small sets rely on a plain silhouette threshold instead.
    const small = kids.length < 20 ? { minLift: 1.1, minSilhouette: 0.2 } : {};
    const fit = kids.length >= 4 ? chooseK(vecs, { kMin: 2, kMax: Math.min(6, kids.length - 1), seed: 3, ...small }) : { k: 1, assignments: kids.map(() => 0) };
    const k = Math.max(1, fit.k);
    const groups: number[][] = Array.from({ length: k }, () => []);
    fit.assignments.forEach((a, i) => groups[Math.min(a, k - 1)]!.push(i));
    const docs = kids.map((kid) => wordsOf(cat.entities.get(kid)!));
    const { df, total } = documentFrequencies(docs);
    const themes = await Promise.all(
      groups
      .filter((g) => g.length)
      .map(async (g) => {
        const centroid = profileOf(g.map((i) => vecs[i]!))!.mean;
        let examples: GroundingItem[] = g
          .map((i) => ({ i, s: cosine(vecs[i]!, centroid) }))
          .sort((a, b) => b.s - a.s)
          .slice(0, 3)
          .map(({ i, s }) => grounding(cat.entities.get(kids[i]!)!, pairMatch(s)));
        if (inTermsOf !== 'content') {
          // In terms of another type: the entities of that type nearest to the theme stand for it.
          const near = (await index.search(anchor.cat.id, inTermsOf, centroid, 5))
            .filter((h) => h.id !== doc.id && pairMatch(h.score) >= 0.5)
            .slice(0, 3)
            .map((h) => grounding(cat.entities.get(h.id)!, pairMatch(h.score)));
          if (near.length) examples = near;
        }
        const words = distinctiveKeywords(g.map((i) => docs[i]!), df, total, 3);
        return { label: words.length ? words.join(', ') : examples[0]!.name, weight: wireScore(g.length / kids.length), examples };
      }),
    );
    return themes.sort((a, b) => b.weight - a.weight).slice(0, max);
  };

  /** What the anchor does not go for: the entities of the type least like its taste (scored ≤ EXPLAIN_MAX_AVOID). */
  const avoidsOf = async (anchor: AnchorCtx, inTermsOf: string): Promise<Theme[]> => {
    const { cat, doc, profile } = anchor;
    if (!profile?.rank) return [];
    const linked = cat.parents.get(doc.id)?.children;
    const anti = profile.mean.map((x) => -x);
    const far = (await index.search(cat.id, inTermsOf, anti, 30))
      .filter((h) => h.id !== doc.id && !linked?.has(h.id))
      .map((h) => {
        const d = cat.entities.get(h.id)!;
        return { d, s: tasteScore(anchor, { vector: index.representative(cat.id, h.id), entity_id: h.id, doc: d }).score };
      })
      .filter((x) => x.s <= EXPLAIN_MAX_AVOID)
      .sort((a, b) => a.s - b.s)
      .slice(0, 3);
    if (!far.length) return [];
    const docs = far.map(({ d }) => wordsOf(d));
    const kidDocs = [...(linked?.keys() ?? [])].slice(0, 200).flatMap((k) => {
      const d = cat.entities.get(k);
      return d ? [wordsOf(d)] : [];
    });
    const { df, total } = documentFrequencies([...docs, ...kidDocs]);
    const words = distinctiveKeywords(docs, df, total, 3);
    return [{ label: words.length ? words.join(', ') : far[0]!.d.name, weight: 0, examples: far.map(({ d, s }) => grounding(d, s)) }];
  };

  const grounding = (d: Pick<EntityDoc, 'id' | 'name' | 'description' | 'url' | 'type'> & { text?: string; kind?: string }, score: number): GroundingItem => ({
    id: d.id,
    name: displayName(d),
    description: d.description,
    url: d.url,
    type: d.type,
    score: wireScore(score),
  });

  /**
   * Runs the generator and enforces grounding for model-written text: a reply that names a workspace item
   * it was not given is replaced by the template's (which only ever uses the given items).
   */
  const generate = async <I extends AskInput | ExplainInput>(cat: WorkspaceCatalog, input: I, run: (g: TextGenerator, i: I) => Promise<string>) => {
    const text = await run(generator, input);
    if (generator.id === template.id) return { text, generator: generator.id };
    const allowed = allowedNames(input);
    const names: string[] = [];
    for (const d of cat.entities.values()) {
      if (d.name.length >= 4) names.push(d.name);
      if (names.length >= 20_000) break;
    }
    const bad = groundingViolations(text, allowed, names);
    if (!bad.length) return { text, generator: generator.id };
    rt.log.warn({ generator: generator.id, names: bad.slice(0, 5) }, 'generated text named items it was not given; used the template');
    return { text: await run(template, input), generator: template.id };
  };

  const server = rpcServer(rt, 'ranking', host)
    .handle<RankInput & { query: string; additional_candidates?: ContentObject[]; limit?: number; exhaustive?: boolean }, unknown>(RPC.rank.search, async (req, ctx) => {
      await host.ready(req);
      const { scored } = await search(req.ws, req.data, ctx.requestId);
      return { data: { results: scored.map(resultOf) } };
    })
    .handle<RankInput & { candidates: CandidateInput[]; history?: string[]; item_texts?: Record<string, string>; item_images?: Record<string, string>; limit?: number }, unknown>(
      RPC.rank.rerank,
      async (req, ctx) => {
        await host.ready(req);
        const { scored, skipped } = await scoreCandidates(req.ws, req.data, ctx.requestId, true);
        scored.sort(byScore);
        return { data: { results: scored.slice(0, req.data.limit ?? scored.length).map(resultOf), skipped } };
      },
    )
    .handle<RankInput & { content: ContentObject | { entity_id: string } | { id: string } }, unknown>(RPC.rank.score, async (req, ctx) => {
      await host.ready(req);
      let minSeq = req.minSeq;
      let candidate: CandidateInput;
      const c = req.data.content as Record<string, unknown>;
      anchorOf(req.ws, req.data.anchor);
      const cat = host.catalog.ws(req.ws);
      const known = typeof c['url'] === 'string' ? cat.urls.get(c['url']) : undefined;
      const bringsText = ['content', 'title', 'description', 'alt', 'id'].some((k) => c[k] !== undefined) || c['force_reindex'] === true;
      if (known && cat.vectors.has(known) && !bringsText) {
        // Already indexed and nothing new to index: indexing is idempotent on the URL, so score it directly.
        candidate = { entity_id: known };
      } else if (typeof c['url'] === 'string') {
        // A content object is indexed first (idempotent on its URL), then scored from the catalog.
        const r = await rt.rpc.call<{ entity_id: string }>(RPC.ingest.content, { ws: req.ws, data: { content: c } }, { requestId: ctx.requestId });
        if (r.seq && r.seq > (minSeq ?? 0)) {
          minSeq = r.seq;
          await host.ready({ ...req, minSeq });
        }
        candidate = { entity_id: r.data.entity_id };
      } else {
        const id = (c['entity_id'] ?? c['id']) as string;
        const found = cat.entities.has(id) ? id : cat.urls.get(id);
        if (!found) throw new TgError('entity_not_found', 'Entity not found', { entity_id: id });
        candidate = { entity_id: found };
      }
      const { scored } = await scoreCandidates(req.ws, { ...req.data, candidates: [candidate] }, ctx.requestId);
      const s = scored[0]!;
      return { data: { entity_id: s.c.entity_id, score: wireScore(s.score), signals: resultOf(s)['signals'] }, seq: minSeq !== req.minSeq ? minSeq : undefined };
    })
    .handle<RankInput & { candidates: CandidateInput[]; history: string[]; item_texts?: Record<string, string>; item_images?: Record<string, string>; limit?: number }, unknown>(
      RPC.rank.recommend,
      async (req, ctx) => {
        await host.ready(req);
        const data = { ...req.data, domain: req.data.domain ?? 'uiux' };
        const { scored, hist, skipped } = await scoreCandidates(req.ws, data, ctx.requestId, true);
        const seen = new Set<string>(req.data.history);
        for (const h of hist?.items ?? []) {
          seen.add(h.entity_id);
          if (h.url) seen.add(h.url);
        }
        const fresh = scored.filter((s) => !seen.has(s.c.entity_id) && !(s.c.url && seen.has(s.c.url)));
        // Duplicates of one item (by id) are ranked once.
        const unique = [...new Map(fresh.sort(byScore).map((s) => [s.c.entity_id, s])).values()];
        const withVec = unique.filter((s) => s.c.vector);
        const limit = Math.min(req.data.limit ?? unique.length, unique.length);
        const order = mmr(
          withVec.map((s) => ({ id: s.c.key, vector: s.c.vector!, score: s.score })),
          Math.min(limit, withVec.length),
          RECOMMEND_MMR_LAMBDA,
        );
        const byKey = new Map(unique.map((s) => [s.c.key, s]));
        const ordered = [...order.map((k) => byKey.get(k)!), ...unique.filter((s) => !s.c.vector)].slice(0, limit);
        // Diversity reorders: each returned score is capped by the one above it (its relevance stays in signals).
        const capped = capToOrder(ordered.map((s) => s.score));
        const results = ordered.map((s, i) => resultOf({ ...s, score: capped[i]!, signals: { ...s.signals, relevance: s.score } }));
        return { data: { results, skipped } };
      },
    )
    .handle<RankInput & { query: string }, unknown>(RPC.rank.ask, async (req, ctx) => {
      await host.ready(req);
      const anchor = anchorOf(req.ws, req.data.anchor);
      const { cat, doc } = anchor;
      if (!hasCreatedText(cat, doc)) throw new TgError('anchor_has_no_text', 'The anchor has no created text yet: link content to it first', { entity_id: doc.id });
      const linked = cat.parents.get(doc.id)?.children ?? new Map<string, unknown>();
      // A generic intent ("what should I buy next?") asks about the taste itself: search by taste alone;
      // a specific question searches for its subject, without the asking words ("watch", "buy").
      const subject = askSubject(req.data.query);
      const generic = subject === '';
      const { scored, q } = await search(req.ws, { ...req.data, query: subject, limit: 40 }, ctx.requestId);
      const likedRanked = [...linked.keys()]
        .map((k) => cat.entities.get(k))
        .filter((d): d is EntityDoc => !!d && cat.vectors.has(d.id))
        .map((d) => ({ d, s: q ? pairMatch(cosine(cat.vectors.get(d.id)!, q)) : 0.5 }))
        .sort((a, b) => b.s - a.s);
      const liked = likedRanked.slice(0, 5).map(({ d, s }) => grounding(d, s));
      // Named suggestions must fit the anchor's taste and the query: nothing irrelevant is ever named.
      const suggestions = pickSuggestions(scored, linked, generic, { minTaste: ASK_MIN_TASTE, minScore: ASK_MIN_SCORE })
        .map((s) => grounding({ id: s.c.entity_id, name: s.c.name, description: s.c.description, url: s.c.url, type: s.c.type, text: s.c.text }, generic ? s.signals['taste']! : s.score));
      const input: AskInput = {
        query: req.data.query,
        anchor: { id: doc.id, name: doc.name, type: doc.type, description: doc.description },
        inTermsOf: req.data.inTermsOf,
        liked,
        suggestions,
        themes: await themesOf(anchor, 3, req.data.inTermsOf),
        intent: generic ? 'generic' : 'specific',
      };
      const { text, generator: used } = await generate(cat, input, (g, i) => g.ask(i));
      return {
        data: {
          answer: { role: 'assistant', content: [{ type: 'text', text }] },
          grounding: { liked: liked.map((l) => l.id), suggestions: suggestions.map((s) => s.id) },
          generator: used,
        },
      };
    })
    .handle<RankInput & { query: string }, unknown>(RPC.rank.explain, async (req) => {
      await host.ready(req);
      const anchor = anchorOf(req.ws, req.data.anchor);
      const { cat, doc } = anchor;
      if (!hasCreatedText(cat, doc) || !anchor.profile) throw new TgError('anchor_has_no_text', 'The anchor has no created text yet: link content to it first', { entity_id: doc.id });
      const themes = doc.kind === 'content' ? [{ label: doc.name, weight: 1, examples: [grounding(doc, 1)] }] : await themesOf(anchor, 4, req.data.inTermsOf);
      const avoids = await avoidsOf(anchor, req.data.inTermsOf);
      const input: ExplainInput = {
        anchor: { id: doc.id, name: doc.name, type: doc.type, description: doc.description },
        inTermsOf: req.data.inTermsOf,
        themes,
        avoids,
        domain: req.data.domain as ExplainInput['domain'],
        task: req.data.task as ExplainInput['task'],
        query: req.data.query,
      };
      const { text, generator: used } = await generate(cat, input, (g, i) => g.explain(i));
      return {
        data: {
          explanation: text,
          grounding: { themes: themes.map((t) => ({ label: t.label, weight: t.weight, examples: t.examples.map((e) => e.id) })), avoids: avoids.flatMap((t) => t.examples.map((e) => e.id)) },
          generator: used,
        },
      };
    })
    .handle<{ response: string; followup: string; prompt?: string }, unknown>(RPC.rank.gauge, async (req) => {
      const { response, followup, prompt } = req.data;
      if (typeof response !== 'string' || typeof followup !== 'string' || !response.trim() || !followup.trim()) {
        throw new TgError('validation_failed', 'response and followup must be non-empty strings');
      }
      const g = gauge({ response, followup, prompt });
      return { data: { resonance: g.resonance, response, followup, prompt: prompt ?? '', label: g.label, signals: g.signals } };
    });
  return {
    name: 'ranking',
    index,
    async stop() {
      await server.drain();
      await index.close();
      await learned.close();
    },
  };
}

/**
 * The words that label an entity in themes: its name and text (content) or description (other entities).
 * A content item's description is left out: until enrichment it is a placeholder naming the URL's host.
 */
function wordsOf(d: EntityDoc): string[] {
  return labelTokens(d.kind === 'content' ? contentLabelText(d, 500) : `${d.name} ${d.description}`);
}

/** The keys of the k largest values (one pass; k small). */
function topKeys(m: Map<string, number>, k: number): string[] {
  if (m.size <= k) return [...m.keys()];
  const top: [string, number][] = [];
  let floor = -Infinity;
  for (const e of m) {
    if (top.length >= k && e[1] <= floor) continue;
    top.push(e);
    if (top.length > 2 * k) {
      top.sort((a, b) => b[1] - a[1]);
      top.length = k;
      floor = top[k - 1]![1];
    }
  }
  return top.sort((a, b) => b[1] - a[1]).slice(0, k).map(([id]) => id);
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}
