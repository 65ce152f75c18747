import type { EntityDoc } from '@tg/domain';
import { tokenize } from '@tg/math';

/**
 * Content facets of the learned graph (issue 16, thirteenth session): beside an item's content vector, the
 * content-to-graph mapping (`contentMap` in `learned-blend.ts`) may read
 *
 * - **category tokens**: indicators of the workspace's most widespread category-like words (letters only, two
 *   characters or more, not stop words; found in at least {@link FACETS.minShare} of the fit's items, the
 *   {@link FACETS.maxTokens} most widespread) — genre words on a film catalog, each weighted 1/√(the item's count);
 * - **eras**: the year-like numbers of the item (standalone tokens 1800-2099 of its name, else of its description and
 *   text) bucketed at the quantiles of the years of the fit's items ({@link FACETS.eras} buckets of about equal shares
 *   of the dated items, equal boundaries merged), each weighted 1/√(the item's count of eras).
 *
 * Both are read from what the service has of every content item (its name, description and embedded text), chosen
 * from the fit's items alone (the model's items and the validation's distractors), so they are a deterministic
 * function of the fit's input, like the rest of the model. Their weights in the mapping are chosen by the blend's
 * validation (`BLEND.facetWeights`).
 */
export const FACETS = Object.freeze({
  /** Share of the fit's items a token is found in to be a category token (at least 2 items); also the share of dated items for eras. */
  minShare: 0.02,
  /** Category tokens at most (the most widespread; ties by the token). */
  maxTokens: 64,
  /** Era buckets at most (quantiles of the items' years). */
  eras: 20,
  yearMin: 1800,
  yearMax: 2099,
});

/** What an item's facets are read from: its name, and its description and text. */
export interface FacetSource {
  name: string;
  text: string;
}

/** An item's facet terms: its category-like tokens (distinct, in order of first use) and its years (distinct, ascending). */
export interface ItemTerms {
  tokens: string[];
  years: number[];
}

/** The facets of a fit: its category tokens (columns in this order) and its era boundaries (ascending; eras = boundaries + 1). */
export interface Facets {
  readonly tokens: readonly string[];
  readonly eras: readonly number[];
}

/** The facet rows of many items (CSR per block): row r's token columns `tokIdx[tokStart[r]..tokStart[r+1]]`, its era columns likewise. */
export interface FacetRows {
  readonly nTok: number;
  readonly nEra: number;
  readonly tokStart: Int32Array;
  readonly tokIdx: Int32Array;
  readonly eraStart: Int32Array;
  readonly eraIdx: Int32Array;
}

/** One item's facet row: its token and era columns (ascending, distinct); each block's entries weigh 1/√(their count). */
export interface FacetRow {
  readonly tok: Int32Array;
  readonly era: Int32Array;
}

const YEAR = /^\d{4}$/;
const CATEGORY = /^\p{L}[\p{L}\p{M}]+$/u;

/** The facet source of a content item's document. */
export function facetSource(d: Pick<EntityDoc, 'name' | 'description' | 'text'> | undefined): FacetSource {
  return { name: d?.name ?? '', text: [d?.description, d?.text].filter((x) => x).join('\n') };
}

function yearsOf(tokens: readonly string[]): number[] {
  const ys = new Set<number>();
  for (const t of tokens) {
    if (!YEAR.test(t)) continue;
    const y = Number(t);
    if (y >= FACETS.yearMin && y <= FACETS.yearMax) ys.add(y);
  }
  return [...ys].sort((a, b) => a - b);
}

/** An item's facet terms from its name and its text (description and embedded text): tokens of both, years of the name, else of the text. */
export function facetTerms(name: string | undefined, text: string | undefined): ItemTerms {
  const inName = tokenize(name ?? '');
  const inText = tokenize(text ?? '');
  const tokens = new Set<string>();
  for (const t of inName) if (CATEGORY.test(t)) tokens.add(t);
  for (const t of inText) if (CATEGORY.test(t)) tokens.add(t);
  const years = yearsOf(inName);
  return { tokens: [...tokens], years: years.length ? years : yearsOf(inText) };
}

/** The facets of a fit from its items' terms (see {@link FACETS}). */
export function fitFacets(terms: readonly ItemTerms[]): Facets {
  const least = Math.max(2, FACETS.minShare * terms.length);
  const df = new Map<string, number>();
  for (const t of terms) for (const w of t.tokens) df.set(w, (df.get(w) ?? 0) + 1);
  const tokens = [...df]
    .filter(([, c]) => c >= least)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, FACETS.maxTokens)
    .map(([w]) => w);
  const years: number[] = [];
  let dated = 0;
  for (const t of terms) {
    if (t.years.length) dated++;
    for (const y of t.years) years.push(y);
  }
  const eras: number[] = [];
  if (dated >= least) {
    years.sort((a, b) => a - b);
    for (let k = 1; k < FACETS.eras; k++) {
      const b = years[Math.floor((k * years.length) / FACETS.eras)]!;
      if (b > years[0]! && b !== eras[eras.length - 1]) eras.push(b);
    }
  }
  return { tokens, eras };
}

/** The era of a year: the number of boundaries at or below it. */
export function eraOf(year: number, eras: readonly number[]): number {
  let e = 0;
  while (e < eras.length && eras[e]! <= year) e++;
  return e;
}

/** An item's row over a fit's facets (`index`: the token columns, built once per fit). */
export function facetRow(terms: ItemTerms, facets: Facets, index: ReadonlyMap<string, number> = tokenIndex(facets)): FacetRow {
  const tok = new Set<number>();
  for (const w of terms.tokens) {
    const c = index.get(w);
    if (c !== undefined) tok.add(c);
  }
  const era = new Set<number>();
  if (facets.eras.length) for (const y of terms.years) era.add(eraOf(y, facets.eras));
  const asc = (s: Set<number>) => Int32Array.from([...s].sort((a, b) => a - b));
  return { tok: asc(tok), era: asc(era) };
}

/** Token → column of a fit's facets. */
export function tokenIndex(facets: Facets): Map<string, number> {
  return new Map(facets.tokens.map((t, i) => [t, i]));
}

/** The rows of many items over a fit's facets. */
export function facetInput(terms: readonly ItemTerms[], facets: Facets): FacetRows {
  const index = tokenIndex(facets);
  const rows = terms.map((t) => facetRow(t, facets, index));
  const tokStart = new Int32Array(rows.length + 1);
  const eraStart = new Int32Array(rows.length + 1);
  rows.forEach((r, i) => {
    tokStart[i + 1] = tokStart[i]! + r.tok.length;
    eraStart[i + 1] = eraStart[i]! + r.era.length;
  });
  const tokIdx = new Int32Array(tokStart[rows.length]!);
  const eraIdx = new Int32Array(eraStart[rows.length]!);
  rows.forEach((r, i) => {
    tokIdx.set(r.tok, tokStart[i]!);
    eraIdx.set(r.era, eraStart[i]!);
  });
  return { nTok: facets.tokens.length, nEra: facets.eras.length ? facets.eras.length + 1 : 0, tokStart, tokIdx, eraStart, eraIdx };
}
