import type { EntityDoc } from '@tg/domain';
import { contentLabelText, displayName, distinctiveKeywords, documentFrequencies, labelTokens } from '@tg/domain';
import type { GroundingItem, Theme } from '@tg/language';
import { chooseK, cosine } from '@tg/math';
import { tasteScore } from './candidates';
import { profileOf, type AnchorCtx, type RankingDeps } from './ranking-deps';
import { pairMatch, wireScore } from './evidence/scoring';

/** Highest taste score of an item named as something the anchor does not go for in /explain. */
export const EXPLAIN_MAX_AVOID = 0.2;

/** Themes of an anchor, cached by anchor while the workspace catalog is unchanged (clustering costs milliseconds). */
export async function themesOf(r: RankingDeps, anchor: AnchorCtx, max: number, inTermsOf: string): Promise<Theme[]> {
  const themeCache = r.themeCache;
  const key = `${anchor.cat.id}\u0000${anchor.doc.id}\u0000${inTermsOf}\u0000${max}`;
  const hit = themeCache.get(key);
  if (hit && hit.version === anchor.cat.version) return hit.themes;
  const version = anchor.cat.version;
  const themes = await computeThemes(r, anchor, max, inTermsOf);
  themeCache.delete(key);
  themeCache.set(key, { version, themes });
  if (themeCache.size > 10_000) themeCache.delete(themeCache.keys().next().value as string);
  return themes;
}

/** Themes of an anchor: clusters of its linked content, labelled from their words. */
async function computeThemes(r: RankingDeps, anchor: AnchorCtx, max: number, inTermsOf: string): Promise<Theme[]> {
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
        const near = (await r.index.search(anchor.cat.id, inTermsOf, centroid, 5))
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
}

/** What the anchor does not go for: the entities of the type least like its taste (scored ≤ EXPLAIN_MAX_AVOID). */
export async function avoidsOf(r: RankingDeps, anchor: AnchorCtx, inTermsOf: string): Promise<Theme[]> {
  const { cat, doc, profile } = anchor;
  if (!profile?.rank) return [];
  const linked = cat.parents.get(doc.id)?.children;
  const anti = profile.mean.map((x) => -x);
  const far = (await r.index.search(cat.id, inTermsOf, anti, 30))
    .filter((h) => h.id !== doc.id && !linked?.has(h.id))
    .map((h) => {
      const d = cat.entities.get(h.id)!;
      return { d, s: tasteScore(anchor, { vector: r.index.representative(cat.id, h.id), entity_id: h.id, doc: d }).score };
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
}

/** An item as the generator may name it. */
export const grounding = (d: Pick<EntityDoc, 'id' | 'name' | 'description' | 'url' | 'type'> & { text?: string; kind?: string }, score: number): GroundingItem => ({
  id: d.id,
  name: displayName(d),
  description: d.description,
  url: d.url,
  type: d.type,
  score: wireScore(score),
});

/**
 * The words that label an entity in themes: its name and text (content) or description (other entities).
 * A content item's description is left out: until enrichment it is a placeholder naming the URL's host.
 */
function wordsOf(d: EntityDoc): string[] {
  return labelTokens(d.kind === 'content' ? contentLabelText(d, 500) : `${d.name} ${d.description}`);
}
