import { tokenize } from '@tg/math';
import { isLabelToken } from './label-words';

/**
 * Keywords that set a group of documents apart from the whole collection: tokens frequent inside the
 * group and rare outside it (document frequency ratio × inverse document frequency).
 */
export function distinctiveKeywords(groupDocs: string[][], allDf: Map<string, number>, totalDocs: number, k = 3): string[] {
  const df = new Map<string, number>();
  for (const doc of groupDocs) for (const t of new Set(doc)) df.set(t, (df.get(t) ?? 0) + 1);
  const n = Math.max(1, groupDocs.length);
  const scored: [string, number][] = [];
  for (const [t, c] of df) {
    if (t.length < 3 || /^\d+$/.test(t) || !isLabelToken(t)) continue;
    const support = c / n;
    if (n >= 3 && c < 2) continue;
    const idf = Math.log((1 + totalDocs) / (1 + (allDf.get(t) ?? c)));
    scored.push([t, support * idf]);
  }
  scored.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return scored.slice(0, k).map(([t]) => t);
}

/** Document frequencies of tokens over a collection. */
export function documentFrequencies(docs: Iterable<string[]>): { df: Map<string, number>; total: number } {
  const df = new Map<string, number>();
  let total = 0;
  for (const d of docs) {
    total++;
    for (const t of new Set(d)) df.set(t, (df.get(t) ?? 0) + 1);
  }
  return { df, total };
}

export { tokenize };
