import { TgError, looksLikeUrl } from '@tg/contracts';
import type { EntityDoc, WorkspaceCatalog } from '@tg/domain';
import { TemplateGenerator, type TextGenerator, type Theme } from '@tg/language';
import { addToStats, composeProfile, createTasteStats, type TasteProfile } from '@tg/math';
import { profileFor, type ReadModelHost } from '@tg/read-model';
import type { Runtime } from '@tg/service-runtime';
import type { GraphEvidence } from './evidence/graph';
import type { LearnedGraphs } from './learned/learned-graph';
import type { RankingIndex } from './vectors/ranking-index';
import type { TasteNeighbourhoods } from './evidence/taste-neighbourhood';

/**
 * What the ranking use cases share, built once by `startRankingService` and passed to each handler: the read
 * model, the vector index, the learned graph evidence, the embedder and the text generator.
 */
export interface RankingDeps {
  rt: Runtime;
  host: ReadModelHost;
  index: RankingIndex;
  neighbourhoods: TasteNeighbourhoods;
  learned: LearnedGraphs;
  /** Text generator for /ask and /explain, and the template it falls back to. */
  generator: TextGenerator;
  template: TemplateGenerator;
  /** Themes by anchor, with the catalog version they were computed at (see `themes.ts`). */
  themeCache: Map<string, { version: number; themes: Theme[] }>;
  /** Embeds texts with the deployment's model (null for a text with no known token). */
  embed(texts: string[], requestId: string): Promise<(Float32Array | null)[]>;
  /** The same vectors at once, when this process embeds queries itself (see `QueryEmbedder`); else undefined. */
  embedNow?(texts: string[]): (Float32Array | null)[] | undefined;
}

/** What the ranking endpoints know about an anchor. */
export interface AnchorCtx {
  cat: WorkspaceCatalog;
  doc: EntityDoc;
  /** Taste profile: pooled linked content, else the anchor's own text vector (cold start). */
  profile: TasteProfile | null;
  graph: GraphEvidence;
}

/** A profile from vectors and weights (history model, themes). */
export function profileOf(vectors: Float32Array[], weights?: number[]): TasteProfile | null {
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
export function hasCreatedText(cat: WorkspaceCatalog, doc: EntityDoc): boolean {
  if (doc.kind === 'content') return cat.vectors.has(doc.id);
  return (cat.parents.get(doc.id)?.pooled.size ?? 0) > 0;
}

/** The anchor of a call: an entity id or a URL of the workspace (404 `anchor_not_found` otherwise). */
export function anchorOf(r: RankingDeps, ws: string, id: string): AnchorCtx {
  const cat = r.host.catalog.ws(ws);
  const doc = cat.entities.get(id) ?? (looksLikeUrl(id) && cat.urls.get(id) ? cat.entities.get(cat.urls.get(id)!) : undefined);
  if (!doc) throw new TgError('anchor_not_found', `Anchor entity not found: ${id}`, { entity_id: id });
  return { cat, doc, profile: anchorProfile(cat, doc.id), graph: r.learned.evidence(cat, doc.id) };
}

/**
 * The anchor of /rerank and /recommend: an id the graph does not know is an anchor with no taste yet (clients
 * rerank for their own user ids without creating them), never a 404.
 */
export function lenientAnchorOf(r: RankingDeps, ws: string, id: string): AnchorCtx {
  const cat = r.host.catalog.ws(ws);
  if (cat.entities.has(id) || (looksLikeUrl(id) && cat.urls.has(id))) return anchorOf(r, ws, id);
  const doc: EntityDoc = { id, kind: 'entity', type: 'user', name: id, description: '', createdAt: 0, updatedAt: 0 };
  return { cat, doc, profile: null, graph: r.learned.evidence(cat, id) };
}
