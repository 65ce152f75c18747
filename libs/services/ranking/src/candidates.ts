import { TgError, contentIdForUrl, looksLikeUrl, type ContentObject, type RankedEntity } from '@tg/contracts';
import type { EntityDoc, WorkspaceCatalog } from '@tg/domain';
import { textForContent } from '@tg/embedding';
import { ownEntries } from '@tg/service-runtime';
import { anchorOf, lenientAnchorOf, profileOf, type AnchorCtx, type RankingDeps } from './ranking-deps';
import { contentMatch, effectiveCount, wireScore, wireSignal } from './evidence/scoring';
import { priorScore, workspacePrior } from './evidence/workspace-prior';

/** A candidate as a caller names it: an entity id or URL, an entity reference, or a content object. */
export type CandidateInput = ContentObject | { entity_id: string; ref?: string } | string;
/** A candidate /rerank or /recommend could not resolve, and why (answered as `skipped`). */
export interface Skipped {
  candidate: CandidateInput;
  reason: string;
}

/** A candidate being ranked. */
export interface Cand {
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

export interface RankInput {
  anchor: string;
  inTermsOf: string;
  domain?: string;
  task?: string;
}

/** A scored candidate: the score and the signals it came from (echoed as `signals`). */
export interface Scored {
  c: Cand;
  score: number;
  signals: Record<string, number>;
}

export const byScore = (a: Scored, b: Scored) => b.score - a.score || (a.c.key < b.c.key ? -1 : a.c.key > b.c.key ? 1 : 0);

/** Share of the history model in a personalised rerank or recommend (the rest is the anchor's taste). */
export const HISTORY_SHARE = { default: 0.65, uiux: 0.8 };
/** Recency weights of a history, oldest first: halves every `halfLife` steps back from the newest. */
export function recencyWeights(n: number, uiux: boolean): number[] {
  const halfLife = Math.max(2, uiux ? n / 4 : n / 2);
  return Array.from({ length: n }, (_, i) => Math.pow(0.5, (n - 1 - i) / halfLife));
}

/** Entity view of a ranked candidate, echoing url and ref. */
export function resultOf(s: Scored): RankedEntity & { signals: Record<string, number> } {
  const { c } = s;
  const out: RankedEntity = { entity_id: c.entity_id, id: c.entity_id, name: c.name, description: c.description, type: c.type, score: wireScore(s.score) };
  if (c.url) out.url = c.url;
  if (c.ref !== undefined) out.ref = c.ref;
  const signals: Record<string, number> = {};
  for (const k in s.signals) signals[k] = wireSignal(s.signals[k]!);
  return Object.assign(out, { signals });
}

export function candFromDoc(d: EntityDoc, v: Float32Array | null, key: string, ref?: string): Cand {
  return { key, entity_id: d.id, doc: d, url: d.url, ref: ref ?? d.ref, name: d.name, description: d.description, type: d.type, text: d.text, vector: v };
}

export const pad = (i: number) => String(i).padStart(6, '0');

/**
 * The taste score of a candidate for an anchor: its content match to the anchor's profile and its graph
 * match (see `graph.ts`) as independent evidence, `1 − (1 − content)^w·(1 − graph)`: a candidate matches when
 * its content does or when the entities that share the anchor's links link it too. Content alone where
 * the graph has nothing to say, so scores keep their calibrated meaning. w is the evidence's content weight (1,
 * unless a workspace's learned model found on its own links that graph evidence has to outweigh the content match
 * by more than its smallest τ allows: `learned-blend.ts`).
 */
export function tasteScore(
  anchor: Pick<AnchorCtx, 'profile' | 'graph'>,
  c: Pick<Cand, 'vector' | 'entity_id' | 'doc'>,
  /** The content match when already known (a taste-neighbourhood item of this profile). */
  knownContent?: number,
): { score: number; content: number; graph: number } {
  const content = knownContent ?? (c.vector && anchor.profile ? contentMatch(c.vector, anchor.profile).score : 0);
  if (!anchor.graph.active || c.doc?.kind !== 'content') return { score: content, content, graph: 0 };
  // Evidence that gives its strength gives the match with it (one lookup of the item's graph score, not two).
  const k = anchor.graph.strength?.(c.entity_id);
  const g = k === undefined ? anchor.graph.match(c.entity_id) : 1 - Math.exp(-k);
  return { score: noisyOr(content, anchor.graph.contentWeight ?? 1, g, k), content, graph: g };
}

/** Below this complement (e^−20) the taste score's complement tapers (see {@link noisyOr}). */
const TAIL_STRENGTH = 20;
const TAIL = Math.exp(-TAIL_STRENGTH);

/**
 * 1 − (1 − content)^w·(1 − G), with G's strength k_g = −ln(1 − G) when the evidence gives it. Where the complement
 * E = (1 − content)^w·e^(−k_g) falls below e^−20 (a near-certain match: 1 − E would round to 1 for E below about
 * 1e-16, and items of strong graph evidence would tie), it tapers as e^−20·(20/k)² in the total strength
 * k = −ln E instead of as e^−k: the same order, still below 1, and the noisy-or itself everywhere else.
 */
function noisyOr(content: number, w: number, g: number, strength?: number): number {
  const e = (w === 1 ? 1 - content : Math.pow(1 - content, w)) * (strength === undefined ? 1 - g : Math.exp(-strength));
  if (e >= TAIL) return 1 - e;
  const k = -w * Math.log1p(-content) + (strength ?? -Math.log1p(-g));
  return 1 - TAIL * (TAIL_STRENGTH / k) ** 2;
}

/** Embeds the texts of candidates that have no stored vector (nothing is persisted). */
export async function embedMissing(r: RankingDeps, cands: Cand[], requestId: string): Promise<void> {
  const need = cands.filter((c) => !c.vector && c.text);
  if (!need.length) return;
  const vs = await r.embed(need.map((c) => c.text!), requestId);
  need.forEach((c, i) => (c.vector = vs[i] ?? null));
}


/**
 * Resolves caller items: entity ids and URLs from the catalog; unknown ones from `item_texts` /
 * `item_images`; content objects with new text are embedded on the fly. Unknown ids with no text are
 * an error for candidates (`strict`) and skipped for history items; with a `skipped` list, strict ones are
 * listed there instead of failing the call.
 */
export function resolveCandidates(r: RankingDeps, cat: WorkspaceCatalog, inputs: CandidateInput[], itemTexts: Record<string, string> = {}, itemImages: Record<string, string> = {}, strict = true, skipped?: Skipped[]): Cand[] {
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
      if (d && (cat.vectors.has(d.id) || !itemTexts[c])) return void out.push(candFromDoc(d, r.index.representative(cat.id, d.id, d), key));
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
      // The id of an entity or, as a string candidate and /score's `{ entity_id }` may be, a content URL.
      const d = cat.entities.get(c.entity_id) ?? cat.entities.get(cat.urls.get(c.entity_id) ?? '');
      if (!d) {
        if (strict && skipped) skipped.push({ candidate: c, reason: 'unknown entity id' });
        else if (strict) unknown.push(c.entity_id);
        return;
      }
      return void out.push(candFromDoc(d, r.index.representative(cat.id, d.id, d), key, c.ref));
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
}

/** The personalised history model: a recency-weighted profile of the engaged items. */
async function historyModel(r: RankingDeps, cat: WorkspaceCatalog, history: string[], itemTexts: Record<string, string>, itemImages: Record<string, string>, uiux: boolean, requestId: string) {
  const items = resolveCandidates(r, cat, history, itemTexts, itemImages, false);
  await embedMissing(r, items, requestId);
  const w = recencyWeights(history.length, uiux);
  const vs: Float32Array[] = [];
  const ws: number[] = [];
  for (const c of items) {
    if (!c.vector) continue;
    vs.push(c.vector);
    ws.push(w[Number(c.key)]!);
  }
  return { profile: profileOf(vs, ws), n: effectiveCount(ws), items };
}

/** Scores caller candidates: the anchor's taste, and the history model when a history is given. */
export async function scoreCandidates(
  r: RankingDeps,
  ws: string,
  input: RankInput & { candidates: CandidateInput[]; history?: string[]; item_texts?: Record<string, string>; item_images?: Record<string, string> },
  requestId: string,
  /** /rerank and /recommend: unknown anchors and unresolvable candidates do not fail the call. */
  lenient = false,
) {
  const anchor = lenient ? lenientAnchorOf(r, ws, input.anchor) : anchorOf(r, ws, input.anchor);
  const skipped: Skipped[] = [];
  const cands = resolveCandidates(r, anchor.cat, input.candidates, input.item_texts, input.item_images, true, lenient ? skipped : undefined);
  await embedMissing(r, cands, requestId);
  const uiux = input.domain === 'uiux';
  const hist = input.history?.length ? await historyModel(r, anchor.cat, input.history, input.item_texts ?? {}, input.item_images ?? {}, uiux, requestId) : undefined;
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
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}
