/**
 * Side information for the offline EASE variants of issue 16 (quality32): each movie's lexical terms as the service
 * indexes them, and a feature matrix of those terms. Used by `quality-variants` (`--set side-*`) and `quality-cold`
 * (`--set side`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { placeholderFor } from '@tg/domain';
import { textForContent } from '@tg/embedding';
import { itemPostings, tokenize, type ItemPostings } from '@tg/math';
import { parseCsv } from './quality';

/** The tags of each movie (`tags.csv`, trimmed and lower-cased, as the quality benchmark sends them). */
export function readTags(dir: string): Map<string, Set<string>> {
  const tagsOf = new Map<string, Set<string>>();
  if (existsSync(join(dir, 'tags.csv')))
    for (const [, m, tag] of parseCsv(readFileSync(join(dir, 'tags.csv'), 'utf8'))) {
      let s = tagsOf.get(m!);
      if (!s) tagsOf.set(m!, (s = new Set()));
      if (tag?.trim()) s.add(tag.trim().toLowerCase());
    }
  return tagsOf;
}

/**
 * Each movie's lexical terms as the service indexes them (issue 16, quality32): `tokenize` of the entity's name, its
 * description (the placeholder "Content from movielens.test" the benchmark's content gets) and its embedded text
 * (`textForContent` of the title and the benchmark's "genres. Tags: …" content), distinct terms per movie, in `movieRows` order (movies.csv rows).
 */
export function movieTerms(dir: string, movieRows: readonly string[][]): string[][] {
  const tagsOf = readTags(dir);
  return movieRows.map(([id, title, g]) => {
    const genres = (g ?? '').split('|').filter((x) => x && x !== '(no genres listed)');
    const tags = [...(tagsOf.get(id!) ?? [])];
    const url = `https://movielens.test/movie/${id}`;
    const text = textForContent({ type: 'text', title, content: `${genres.join(', ')}.${tags.length ? ` Tags: ${tags.join(', ')}.` : ''}`, url });
    return [...new Set(tokenize(`${title} ${placeholderFor(url).description} ${text}`))];
  });
}

/** Item features T: per movie, its kept terms' indices and values (each movie's row of unit length). */
export interface Features {
  readonly nTerms: number;
  readonly rows: (readonly (readonly [number, number])[])[];
}

/**
 * The feature matrix of the movies' terms kept by a document-frequency filter (on at least `minDf` movies and at most
 * `maxShare` of them), binary or idf-weighted (ln(N/df)), each movie's row scaled to unit length.
 */
export function termFeatures(terms: string[][], minDf: number, maxShare: number, idf: boolean): Features {
  const df = new Map<string, number>();
  for (const ts of terms) for (const t of ts) df.set(t, (df.get(t) ?? 0) + 1);
  const code = new Map<string, number>();
  for (const [t, c] of [...df].sort((a, b) => (a[0] < b[0] ? -1 : 1))) if (c >= minDf && c <= maxShare * terms.length) code.set(t, code.size);
  const rows = terms.map((ts) => {
    const r = ts.filter((t) => code.has(t)).map((t) => [code.get(t)!, idf ? Math.log(terms.length / df.get(t)!) : 1] as [number, number]);
    const norm = Math.sqrt(r.reduce((a, [, v]) => a + v * v, 0)) || 1;
    return r.map(([t, v]) => [t, v / norm] as const);
  });
  return { nTerms: code.size, rows };
}


/**
 * X with αT stacked under it (EASE with side information, Jeunen et al. 2020): item j's column is its linkers
 * (`per[j]`, rows 0..nu−1) then α·T_j on rows nu + term. Every movie with a kept term gets a column, linked or not.
 */
export function stackTerms(per: readonly (readonly [number, number])[][], nu: number, f: Features, alpha: number): ItemPostings {
  return itemPostings(
    nu + f.nTerms,
    per.map((col, j) => [...col, ...f.rows[j]!.map(([t, v]) => [nu + t, alpha * v] as const)]),
  );
}
