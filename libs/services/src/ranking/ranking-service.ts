import { RPC, TgError, contentIdForUrl, decodeVector, type ContentObject } from '@tg/contracts';
import type { EntityDoc, WorkspaceCatalog } from '@tg/domain';
import { textForContent } from '@tg/embedding';
import { OllamaGenerator, TemplateGenerator, gauge, gaugePrompt, type GroundingItem, type TextGenerator, type Theme } from '@tg/language';
import { addToStats, affinity, calibrate, chooseK, composeProfile, cosine, createTasteStats, dot, mmr, tokenize, type TasteProfile } from '@tg/math';
import { embedTexts } from '../embedding/client';
import type { ReadModelHost } from '../read-model/host';
import { profileFor } from '../read-model/profiles';
import { rpcServer, type Runtime, type StartedService } from '../runtime';
import { distinctiveKeywords, documentFrequencies } from '../taste/labels';
import { RankingIndex } from './ranking-index';

type CandidateInput = ContentObject | { entity_id: string; ref?: string } | string;

/** A candidate being ranked. */
interface Cand {
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

const isUrl = (s: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(s);
const round = (x: number) => Math.round(x * 1e6) / 1e6;

/** Weights of the search score's components (renormalised over the components present). */
export const SEARCH_WEIGHTS = { taste: 0.5, query: 0.35, lexical: 0.15 };
/** Share of the history model in a personalised rerank (the rest is the anchor's taste). */
export const HISTORY_SHARE = { default: 0.65, uiux: 0.8 };

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

/** The profile of an anchor: its taste, its own text vector, or (for content) its own vector. */
function anchorProfile(cat: WorkspaceCatalog, id: string): TasteProfile | null {
  const p = profileFor(cat, id);
  if (p) return p;
  const v = cat.vectors.get(id);
  return v ? profileOf([v]) : null;
}

/** Entity view of a ranked candidate, echoing url and ref. */
function resultOf(c: Cand, score: number, signals?: Record<string, number>) {
  const out: Record<string, unknown> = { entity_id: c.entity_id, id: c.entity_id, name: c.name, description: c.description, type: c.type, score: round(Math.min(1, Math.max(0, score))) };
  if (c.url) out['url'] = c.url;
  if (c.ref !== undefined) out['ref'] = c.ref;
  if (signals) out['signals'] = Object.fromEntries(Object.entries(signals).map(([k, v]) => [k, round(v)]));
  return out;
}

function candFromDoc(d: EntityDoc, v: Float32Array | null, ref?: string): Cand {
  return { key: d.id, entity_id: d.id, doc: d, url: d.url, ref: ref ?? d.ref, name: d.name, description: d.description, type: d.type, text: d.text, vector: v };
}

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

/** Starts the ranking service: search, rerank, score, recommend, ask, explain, gauge. */
export async function startRankingService(rt: Runtime, host: ReadModelHost, opts: { generator?: TextGenerator } = {}): Promise<StartedService & { index: RankingIndex }> {
  const index = new RankingIndex(host);
  const generator = opts.generator ?? createGenerator(rt);

  const anchorOf = (ws: string, id: string) => {
    const cat = host.catalog.ws(ws);
    const doc = cat.entities.get(id) ?? (isUrl(id) && cat.urls.get(id) ? cat.entities.get(cat.urls.get(id)!) : undefined);
    if (!doc) throw new TgError('anchor_not_found', `Anchor entity not found: ${id}`);
    return { cat, doc, profile: anchorProfile(cat, doc.id) };
  };

  /** Embeds the texts of candidates that have no stored vector. */
  const embedMissing = async (cands: Cand[], requestId: string) => {
    const need = cands.filter((c) => !c.vector && c.text);
    if (!need.length) return;
    const emb = await embedTexts(rt, need.map((c) => c.text!), requestId);
    need.forEach((c, i) => {
      const v = emb.vectors[i];
      c.vector = v ? decodeVector(v) : null;
    });
  };

  /** Resolves caller candidates: entity ids and URLs from the catalog, content objects embedded on the fly. */
  const resolve = (cat: WorkspaceCatalog, inputs: CandidateInput[], itemTexts: Record<string, string> = {}, itemImages: Record<string, string> = {}): Cand[] => {
    const unknownRefs: string[] = [];
    const out = inputs.map((c, i): Cand => {
      if (typeof c === 'string') {
        const id = cat.entities.has(c) ? c : cat.urls.get(c);
        const d = id ? cat.entities.get(id) : undefined;
        if (d) {
          const text = itemTexts[c];
          return text ? { ...candFromDoc(d, null), key: `${i}`, text } : { ...candFromDoc(d, cat.vectors.get(d.id) ?? null), key: `${i}` };
        }
        const text = itemTexts[c] ?? (itemImages[c] ? textForContent({ url: itemImages[c], type: 'image' }) : textForContent({ url: isUrl(c) ? c : undefined, content: isUrl(c) ? undefined : c, type: 'image' }));
        return { key: `${i}`, entity_id: isUrl(c) ? contentIdForUrl(c) : c, url: isUrl(c) ? c : undefined, name: c, description: '', type: 'content', text, vector: null };
      }
      if ('entity_id' in c && !('url' in c)) {
        const d = cat.entities.get(c.entity_id);
        if (!d) {
          unknownRefs.push(c.entity_id);
          return { key: `${i}`, entity_id: c.entity_id, name: '', description: '', type: 'content', vector: null };
        }
        return { ...candFromDoc(d, cat.vectors.get(d.id) ?? null, c.ref), key: `${i}` };
      }
      const co = c as ContentObject;
      const known = cat.urls.get(co.url);
      const d = known ? cat.entities.get(known) : undefined;
      const extra = itemTexts[co.url];
      if (d && !co.content && !extra) return { ...candFromDoc(d, cat.vectors.get(d.id) ?? null, co.ref), key: `${i}` };
      const text = textForContent({ content: co.content ?? extra, title: co.title, description: co.description, url: co.url, type: co.type, alt: co.alt ?? itemImages[co.url] });
      return {
        key: `${i}`,
        entity_id: co.id ?? d?.id ?? contentIdForUrl(co.url),
        url: co.url,
        ref: co.ref,
        name: co.title ?? d?.name ?? new URL(co.url).hostname,
        description: co.description ?? d?.description ?? '',
        type: 'content',
        text: text || undefined,
        vector: null,
      };
    });
    if (unknownRefs.length) throw new TgError('entity_not_found', `Unknown candidate entity id${unknownRefs.length > 1 ? 's' : ''}: ${unknownRefs.slice(0, 5).join(', ')}`, { unknown: unknownRefs });
    return out;
  };

  /** The personalised history model: recency-weighted profile of the engaged items. */
  const historyModel = async (cat: WorkspaceCatalog, history: string[], itemTexts: Record<string, string>, itemImages: Record<string, string>, uiux: boolean, requestId: string) => {
    const items = resolve(cat, history, itemTexts, itemImages);
    await embedMissing(items, requestId);
    const w = recencyWeights(items.length, uiux);
    const vs: Float32Array[] = [];
    const ws: number[] = [];
    items.forEach((c, i) => {
      if (c.vector) {
        vs.push(c.vector);
        ws.push(w[i]!);
      }
    });
    return { profile: profileOf(vs, ws), items };
  };

  const tasteScore = (v: Float32Array | null, p: TasteProfile | null) => (v && p ? affinity(v, p).score : 0);

  /** Scores candidates with the anchor's taste, and the history model when given. */
  const scoreCandidates = async (ws: string, input: RankInput & { candidates: CandidateInput[]; history?: string[]; item_texts?: Record<string, string>; item_images?: Record<string, string> }, requestId: string) => {
    const { cat, profile } = anchorOf(ws, input.anchor);
    const cands = resolve(cat, input.candidates, input.item_texts, input.item_images);
    await embedMissing(cands, requestId);
    let hist: { profile: TasteProfile | null; items: Cand[] } | undefined;
    if (input.history?.length) hist = await historyModel(cat, input.history, input.item_texts ?? {}, input.item_images ?? {}, input.domain === 'uiux', requestId);
    if (!profile && !hist?.profile) throw new TgError('anchor_has_no_text', 'The anchor has no text or linked content to rank against');
    const share = hist?.profile ? (input.domain === 'uiux' ? HISTORY_SHARE.uiux : HISTORY_SHARE.default) : 0;
    const scored = cands.map((c) => {
      const t = tasteScore(c.vector, profile);
      const h = hist?.profile ? tasteScore(c.vector, hist.profile) : 0;
      const score = profile ? (1 - share) * t + share * h : h;
      const signals: Record<string, number> = hist?.profile ? { taste: t, history: h } : { taste: t };
      return { c, score, signals };
    });
    return { scored, hist, cat };
  };

  /** Themes of an anchor: clusters of its linked content, labelled from their words. */
  const themesOf = (cat: WorkspaceCatalog, id: string, max = 3): Theme[] => {
    const p = cat.parents.get(id);
    const kids = [...(p?.pooled ?? [])].slice(0, 1_000).filter((c) => cat.vectors.has(c) && cat.entities.has(c));
    if (!kids.length) return [];
    const vecs = kids.map((k) => cat.vectors.get(k)!);
    const fit = kids.length >= 4 ? chooseK(vecs, { kMin: 2, kMax: Math.min(6, kids.length - 1), seed: 3 }) : { k: 1, assignments: kids.map(() => 0), centroids: [] };
    const k = Math.max(1, fit.k);
    const groups: number[][] = Array.from({ length: k }, () => []);
    fit.assignments.forEach((a, i) => groups[Math.min(a, k - 1)]!.push(i));
    const docs = kids.map((kid) => {
      const d = cat.entities.get(kid)!;
      return tokenize(`${d.name} ${d.description} ${(d.text ?? '').slice(0, 500)}`);
    });
    const { df, total } = documentFrequencies(docs);
    return groups
      .filter((g) => g.length)
      .map((g) => {
        const centroid = profileOf(g.map((i) => vecs[i]!))!.mean;
        const examples = g
          .map((i) => ({ i, s: cosine(vecs[i]!, centroid) }))
          .sort((a, b) => b.s - a.s)
          .slice(0, 3)
          .map(({ i, s }) => {
            const d = cat.entities.get(kids[i]!)!;
            return { id: d.id, name: d.name, description: d.description, url: d.url, type: d.type, score: round(calibrate(s)) };
          });
        const words = distinctiveKeywords(g.map((i) => docs[i]!), df, total, 3);
        return { label: words.length ? words.join(', ') : examples[0]!.name, weight: round(g.length / kids.length), examples };
      })
      .sort((a, b) => b.weight - a.weight)
      .slice(0, max);
  };

  const grounding = (c: Cand, score: number): GroundingItem => ({ id: c.entity_id, name: c.name, description: c.description, url: c.url, type: c.type, score: round(score) });

  /** Search over existing entities of a type: taste + query similarity + lexical match. */
  const search = async (ws: string, input: RankInput & { query: string; additional_candidates?: ContentObject[]; limit?: number }, requestId: string) => {
    const { cat, doc, profile } = anchorOf(ws, input.anchor);
    const emb = await embedTexts(rt, [input.query], requestId);
    const q = emb.vectors[0] ? decodeVector(emb.vectors[0]) : null;
    const pool = new Map<string, Cand>();
    const add = (id: string) => {
      if (pool.has(id) || id === doc.id) return;
      const d = cat.entities.get(id);
      if (!d || d.type !== input.inTermsOf) return;
      pool.set(id, candFromDoc(d, index.representative(ws, id)));
    };
    const probes: Float32Array[] = [];
    if (q) probes.push(q);
    if (profile) {
      probes.push(profile.mean);
      for (const b of profile.basis.slice(0, 4)) {
        const aligned = dot(b, profile.mean) < 0 ? b.map((x) => -x) : b;
        probes.push(aligned);
      }
    }
    for (const pr of probes) for (const h of index.search(ws, input.inTermsOf, pr, 150)) add(h.id);
    const qTokens = tokenize(input.query);
    const lex = qTokens.length ? cat.lexical.score(qTokens) : new Map<string, number>();
    [...lex.entries()].sort((a, b) => b[1] - a[1]).slice(0, 200).forEach(([id]) => add(id));
    const extra = (input.additional_candidates ?? []).map((co) => resolve(cat, [co])[0]!).map((c, i) => ({ ...c, key: `extra${i}` }));
    await embedMissing(extra, requestId);
    const all = [...pool.values(), ...extra];
    const maxLex = Math.max(0, ...all.map((c) => lex.get(c.entity_id) ?? 0));
    const extraLex = (c: Cand) => {
      if (lex.has(c.entity_id) || !c.text) return lex.get(c.entity_id) ?? 0;
      const toks = new Set(tokenize(`${c.name} ${c.description} ${c.text}`));
      return qTokens.filter((t) => toks.has(t)).length / Math.max(1, qTokens.length) * (maxLex || 1);
    };
    const scored = all.map((c) => {
      const parts: [number, number][] = [];
      const t = profile ? tasteScore(c.vector, profile) : undefined;
      const qs = q && c.vector ? calibrate(cosine(c.vector, q)) : undefined;
      const l = maxLex > 0 ? Math.min(1, extraLex(c) / maxLex) : qTokens.length ? Math.min(1, extraLex(c)) : undefined;
      if (t !== undefined) parts.push([SEARCH_WEIGHTS.taste, t]);
      if (qs !== undefined) parts.push([SEARCH_WEIGHTS.query, qs]);
      if (l !== undefined) parts.push([SEARCH_WEIGHTS.lexical, l]);
      const wsum = parts.reduce((a, [w]) => a + w, 0);
      const score = wsum ? parts.reduce((a, [w, s]) => a + w * s, 0) / wsum : 0;
      return { c, score, signals: { taste: t ?? 0, query: qs ?? 0, lexical: l ?? 0 } };
    });
    scored.sort((a, b) => b.score - a.score || (a.c.entity_id < b.c.entity_id ? -1 : 1));
    return { scored: scored.slice(0, input.limit ?? 20), cat, doc, profile, q };
  };

  const server = rpcServer(rt, 'ranking')
    .handle<RankInput & { query: string; additional_candidates?: ContentObject[]; limit?: number }, unknown>(RPC.rank.search, async (req, ctx) => {
      await host.ready(req);
      const { scored } = await search(req.ws, req.data, ctx.requestId);
      return { data: { results: scored.map((s) => resultOf(s.c, s.score, s.signals)) } };
    })
    .handle<RankInput & { candidates: CandidateInput[]; history?: string[]; item_texts?: Record<string, string>; item_images?: Record<string, string>; limit?: number }, unknown>(
      RPC.rank.rerank,
      async (req, ctx) => {
        await host.ready(req);
        const { scored } = await scoreCandidates(req.ws, req.data, ctx.requestId);
        scored.sort((a, b) => b.score - a.score || (a.c.key < b.c.key ? -1 : 1));
        return { data: { results: scored.slice(0, req.data.limit ?? scored.length).map((s) => resultOf(s.c, s.score, s.signals)) } };
      },
    )
    .handle<RankInput & { content: ContentObject | { entity_id: string } | { id: string } }, unknown>(RPC.rank.score, async (req, ctx) => {
      await host.ready(req);
      let minSeq = req.minSeq;
      let candidate: CandidateInput;
      const c = req.data.content as Record<string, unknown>;
      anchorOf(req.ws, req.data.anchor);
      if (typeof c['url'] === 'string') {
        // A content object is indexed first (idempotent on its URL), then scored from the catalog.
        const r = await rt.rpc.call<{ entity_id: string }>(RPC.ingest.content, { ws: req.ws, data: { content: c } }, { requestId: ctx.requestId });
        minSeq = Math.max(minSeq ?? 0, r.seq ?? 0);
        await host.ready({ ...req, minSeq });
        candidate = { entity_id: r.data.entity_id };
      } else {
        const id = (c['entity_id'] ?? c['id']) as string;
        const cat = host.catalog.ws(req.ws);
        if (!cat.entities.has(id)) throw new TgError('entity_not_found', 'Entity not found', { entity_id: id });
        candidate = { entity_id: id };
      }
      const { scored } = await scoreCandidates(req.ws, { ...req.data, candidates: [candidate] }, ctx.requestId);
      return { data: { entity_id: scored[0]!.c.entity_id, score: round(scored[0]!.score) }, seq: minSeq !== req.minSeq ? minSeq : undefined };
    })
    .handle<RankInput & { candidates: CandidateInput[]; history: string[]; item_texts: Record<string, string>; item_images?: Record<string, string>; limit?: number }, unknown>(
      RPC.rank.recommend,
      async (req, ctx) => {
        await host.ready(req);
        const data = { ...req.data, domain: req.data.domain ?? 'uiux' };
        const { scored, hist } = await scoreCandidates(req.ws, data, ctx.requestId);
        const seen = new Set<string>();
        for (const h of hist?.items ?? []) {
          seen.add(h.entity_id);
          if (h.url) seen.add(h.url);
        }
        for (const h of req.data.history) seen.add(h);
        const fresh = scored.filter((s) => !seen.has(s.c.entity_id) && !(s.c.url && seen.has(s.c.url)));
        const withVec = fresh.filter((s) => s.c.vector);
        const order = mmr(
          withVec.map((s) => ({ id: s.c.key, vector: s.c.vector!, score: s.score })),
          Math.min(req.data.limit ?? fresh.length, withVec.length),
          0.7,
        );
        const byKey = new Map(fresh.map((s) => [s.c.key, s]));
        const ordered = [...order.map((k) => byKey.get(k)!), ...fresh.filter((s) => !s.c.vector)];
        return { data: { results: ordered.slice(0, req.data.limit ?? ordered.length).map((s) => resultOf(s.c, s.score, s.signals)) } };
      },
    )
    .handle<RankInput & { query: string }, unknown>(RPC.rank.ask, async (req, ctx) => {
      await host.ready(req);
      const { cat, doc } = anchorOf(req.ws, req.data.anchor);
      const kids = [...(cat.parents.get(doc.id)?.children.keys() ?? [])].filter((k) => cat.entities.has(k));
      if (!kids.length && !cat.vectors.has(doc.id)) throw new TgError('anchor_has_no_text', 'The anchor has no created text yet: link content to it first');
      const { scored, q, profile } = await search(req.ws, { ...req.data, limit: 12 }, ctx.requestId);
      const ref = q ?? profile?.mean ?? null;
      const liked = kids
        .map((k) => candFromDoc(cat.entities.get(k)!, cat.vectors.get(k) ?? null))
        .map((c) => ({ c, s: ref && c.vector ? calibrate(cosine(c.vector, ref)) : 0 }))
        .sort((a, b) => b.s - a.s)
        .slice(0, 5)
        .map(({ c, s }) => grounding(c, s));
      const likedIds = new Set(liked.map((l) => l.id));
      const suggestions = scored.filter((s) => !likedIds.has(s.c.entity_id) && !kids.includes(s.c.entity_id)).slice(0, 5).map((s) => grounding(s.c, s.score));
      const text = await generator.ask({
        query: req.data.query,
        anchor: { id: doc.id, name: doc.name, type: doc.type, description: doc.description },
        inTermsOf: req.data.inTermsOf,
        liked,
        suggestions,
        themes: themesOf(cat, doc.id),
      });
      return { data: { answer: { role: 'assistant', content: [{ type: 'text', text }] }, grounding: { liked: liked.map((l) => l.id), suggestions: suggestions.map((s) => s.id) } } };
    })
    .handle<RankInput & { query: string }, unknown>(RPC.rank.explain, async (req) => {
      await host.ready(req);
      const { cat, doc, profile } = anchorOf(req.ws, req.data.anchor);
      if (!profile) throw new TgError('anchor_has_no_text', 'The anchor has no created text yet: link content to it first');
      const themes = themesOf(cat, doc.id, 4);
      // What it does not go for: the entities of the requested type least like the taste.
      const far: { c: Cand; s: number }[] = [];
      let seen = 0;
      for (const d of cat.entities.values()) {
        if (d.type !== req.data.inTermsOf || d.id === doc.id) continue;
        const v = index.representative(req.ws, d.id);
        if (!v) continue;
        far.push({ c: candFromDoc(d, v), s: affinity(v, profile).score });
        if (++seen >= 2_000) break;
      }
      far.sort((a, b) => a.s - b.s);
      const bottom = far.slice(0, 3);
      const avoids: Theme[] = bottom.length
        ? [{ label: distinctiveKeywords(bottom.map((b) => tokenize(`${b.c.name} ${b.c.description} ${b.c.text ?? ''}`)), new Map(), 1, 3).join(', ') || bottom[0]!.c.name, weight: 0, examples: bottom.map((b) => grounding(b.c, b.s)) }]
        : [];
      const explanation = await generator.explain({
        anchor: { id: doc.id, name: doc.name, type: doc.type, description: doc.description },
        inTermsOf: req.data.inTermsOf,
        themes,
        avoids,
        domain: req.data.domain as never,
        task: req.data.task as never,
        query: req.data.query,
      });
      return { data: { explanation } };
    })
    .handle<{ response: string; followup: string; prompt?: string }, unknown>(RPC.rank.gauge, async (req) => {
      const { response, followup, prompt } = req.data;
      if (!response?.trim() || !followup?.trim()) throw new TgError('validation_failed', 'response and followup must be non-empty strings');
      const g = gauge({ response, followup, prompt });
      return { data: { resonance: g.resonance, response, followup, prompt: gaugePrompt(response, followup, prompt), label: g.label, signals: g.signals } };
    });
  return { name: 'ranking', index, stop: () => server.drain() };
}
