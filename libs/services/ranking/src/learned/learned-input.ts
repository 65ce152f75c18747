import type { EntityDoc, WorkspaceCatalog } from '@tg/domain';
import type { SideRows, UserLinks } from '@tg/math';
import type { LearnedInput } from './learned-blend';

/** Bounds of the learned graph model (see `learned-graph.ts`). */
export const LEARNED = Object.freeze({
  /** Linking entities in a model (those with the most content links; the fit costs their count cubed). */
  maxUsers: 1_000,
  /** Content items beyond the model's that a fit's validation ranks as distractors (strided sample above this). */
  maxDistractors: 20_000,
  /** Longest pause between a change and the recompute it causes, whatever the last fit cost (ms). */
  maxDelayMs: 60_000,
  /** Anchors whose query vector is kept per workspace. */
  maxCachedAnchors: 2_000,
  /** Content vectors per batch sent to the fitting worker's mirror (a copy of this many on the main thread). */
  mirrorBatch: 2_048,
  /**
   * Side information (EASE with the items' terms stacked under the links, see `prepareInput`): a lexical term is a
   * feature when at least `sideMinItems` content items and at most `sideMaxShare` of them hold it, the `sideMaxTerms`
   * most widespread of those (each is a row of the fit's kernel: its cost grows with their count cubed).
   */
  sideMinItems: 5,
  sideMaxShare: 0.1,
  sideMaxTerms: 1_500,
});

/** A linking entity, its {@link orderKey}, and its content links in link order (`[content id, weight, its order key]`, weight > 0). */
export interface Linker {
  id: string;
  key: string;
  kids: [string, number, string][];
}

/**
 * Where an entity sorts in a model: what names it outside the workspace's generated ids (a content item's URL, else
 * the entity's `ref`, else its name), then its id (ties only). A model's users and items are in this order, and its
 * seeded validation holdouts follow it, so that two workspaces built from the same data (same URLs and names, other
 * random ids) fit the same model; replay gives the same keys, so the same model bit for bit.
 */
export function orderKey(d: Pick<EntityDoc, 'url' | 'ref' | 'name'> | undefined, id: string): string {
  const outer = d?.url ? `u:${d.url}` : d?.ref ? `r:${d.ref}` : d?.name ? `n:${d.name}` : '';
  return `${outer}\u0000${id}`;
}

const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/**
 * The content vectors a fit reads: the catalog's (main thread, `fitLearnedModel`) or the worker's mirror of them
 * (`learned-thread.ts`). Holds content items only.
 */
export interface ContentVectors {
  get(id: string): Float32Array | undefined;
  keys(): Iterable<string>;
  /** The item's {@link orderKey} (undefined when unknown: the id then orders it). */
  orderKey(id: string): string | undefined;
  /** The distinct lexical terms of an item with a vector (as the lexical index holds them), space-separated ('' or undefined: none). */
  terms(id: string): string | undefined;
  /** {@link countTerms} of these vectors, kept up to date as they change (absent: `sideRows` counts them). */
  termCounts?(): TermCounts;
}

/** How many of the content items with a vector and terms hold each term (`df`), and how many such items there are. */
export interface TermCounts {
  df: ReadonlyMap<string, number>;
  items: number;
}

/** {@link TermCounts} counted over every item (each term of an item's space-separated terms once per occurrence). */
export function countTerms(vectors: ContentVectors): TermCounts {
  const df = new Map<string, number>();
  let items = 0;
  for (const id of vectors.keys()) items += tally(df, vectors.terms(id), 1);
  return { df, items };
}

/** Adds `by` (±1) to the count of each of `terms` (no-op and 0 for none); 1 when there were terms. */
function tally(df: Map<string, number>, terms: string | undefined, by: 1 | -1): number {
  if (!terms) return 0;
  for (const t of terms.split(' ')) {
    const c = (df.get(t) ?? 0) + by;
    if (c) df.set(t, c);
    else df.delete(t);
  }
  return 1;
}

/**
 * The fit worker's mirror of a workspace's content vectors, their order keys and lexical terms (`learned-worker.ts`),
 * with the terms' {@link TermCounts} kept as items are set and deleted, so that a fit does not count every item's
 * terms again (at a million items that count took 3.7-6.2 s per fit; the counts are the same numbers).
 */
export class VectorMirror implements ContentVectors {
  private readonly vectors = new Map<string, Float32Array>();
  private readonly orderKeys = new Map<string, string>();
  private readonly itemTerms = new Map<string, string>();
  private readonly df = new Map<string, number>();
  private withTerms = 0;
  get(id: string) {
    return this.vectors.get(id);
  }
  keys() {
    return this.vectors.keys();
  }
  orderKey(id: string) {
    return this.orderKeys.get(id);
  }
  terms(id: string) {
    return this.itemTerms.get(id);
  }
  termCounts(): TermCounts {
    return { df: this.df, items: this.withTerms };
  }
  /** Sets an item's vector, order key and terms (replacing what it had). */
  set(id: string, vector: Float32Array, key: string, terms: string) {
    this.delete(id);
    this.vectors.set(id, vector);
    this.orderKeys.set(id, key);
    this.itemTerms.set(id, terms);
    this.withTerms += tally(this.df, terms, 1);
  }
  delete(id: string) {
    if (!this.vectors.has(id)) return;
    this.withTerms -= tally(this.df, this.itemTerms.get(id), -1);
    this.vectors.delete(id);
    this.orderKeys.delete(id);
    this.itemTerms.delete(id);
  }
}

/** The model's input as prepared from the links and the content vectors. */
export interface PreparedInput {
  users: string[];
  items: string[];
  input: LearnedInput;
}

/** The entities of a catalog that link content, with those links (one pass over the links: the main thread's share of a fit). */
export function linkersOf(cat: WorkspaceCatalog): Linker[] {
  const linkers: Linker[] = [];
  for (const [pid, p] of cat.parents) {
    const kids: [string, number, string][] = [];
    for (const [c, l] of p.children) {
      const d = cat.entities.get(c);
      if (l.weight > 0 && d?.kind === 'content') kids.push([c, l.weight, orderKey(d, c)]);
    }
    if (kids.length) linkers.push({ id: pid, key: orderKey(cat.entities.get(pid), pid), kids });
  }
  return linkers;
}

/** The catalog's content vectors as {@link ContentVectors}. */
export function catalogVectors(cat: WorkspaceCatalog): ContentVectors {
  const isContent = (id: string) => cat.entities.get(id)?.kind === 'content';
  return {
    get: (id) => (isContent(id) ? cat.vectors.get(id) : undefined),
    *keys() {
      for (const id of cat.vectors.keys()) if (isContent(id)) yield id;
    },
    orderKey: (id) => (isContent(id) ? orderKey(cat.entities.get(id), id) : undefined),
    // Only for an item with a vector, as the worker's mirror holds them (an item linked before it is embedded has none).
    // Its terms as the catalog's lexical index already holds them (search keeps that index built and up to date), not
    // its text tokenized again.
    terms: (id) => (isContent(id) && cat.vectors.has(id) ? cat.lexical.termsOf(id)?.join(' ') : undefined),
  };
}

/**
 * The side rows of the model's items (`@tg/math` {@link SideRows}): the lexical terms held by at least
 * {@link LEARNED.sideMinItems} and at most {@link LEARNED.sideMaxShare} of the content items with a vector (the
 * {@link LEARNED.sideMaxTerms} most widespread; rows in term order), each item's row binary over its kept terms and
 * scaled to unit length. A deterministic function of the items' terms (not of any order of the catalog).
 */
export function sideRows(items: readonly string[], vectors: ContentVectors): SideRows {
  const { df, items: all } = vectors.termCounts?.() ?? countTerms(vectors);
  const kept = [...df]
    .filter(([, c]) => c >= LEARNED.sideMinItems && c <= LEARNED.sideMaxShare * all)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, LEARNED.sideMaxTerms)
    .map(([t]) => t)
    .sort();
  const code = new Map(kept.map((t, i) => [t, i]));
  const start = new Int32Array(items.length + 1);
  const rows: number[] = [];
  const values: number[] = [];
  items.forEach((id, j) => {
    const mine = (vectors.terms(id) ?? '').split(' ').flatMap((t) => (code.has(t) ? [code.get(t)!] : [])).sort((a, b) => a - b);
    for (const r of mine) {
      rows.push(r);
      values.push(1 / Math.sqrt(mine.length));
    }
    start[j + 1] = rows.length;
  });
  return { nRows: kept.length, start, rows: Int32Array.from(rows), values: Float64Array.from(values) };
}

/**
 * The model's input from the linkers and the content vectors: users (linking entities, the {@link LEARNED.maxUsers}
 * with the most links) and items sorted by {@link orderKey}, each user's links in link order; the items' content
 * vectors, then those of up to {@link LEARNED.maxDistractors} other content items (sorted by order key, strided) for
 * the validation.
 * Runs on the worker thread in the service (`learned-worker.ts`).
 */
export function prepareInput(linkers: readonly Linker[], vectors: ContentVectors, maxUsers = LEARNED.maxUsers): PreparedInput | null {
  const linkCount = new Map<string, number>();
  const itemKey = new Map<string, string>();
  const sorted = [...linkers].sort((a, b) => b.kids.length - a.kids.length || byKey(a, b));
  const kept = sorted.slice(0, maxUsers).sort(byKey);
  for (const u of kept) {
    for (const [c, , key] of u.kids) {
      linkCount.set(c, (linkCount.get(c) ?? 0) + 1);
      itemKey.set(c, key);
    }
  }
  // Without an item two entities link there is nothing to learn.
  if (![...linkCount.values()].some((n) => n >= 2)) return null;
  const items = [...itemKey].map(([id, key]) => ({ id, key })).sort(byKey).map((x) => x.id);
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
  for (const id of items) if ((dim = vectors.get(id)?.length ?? 0)) break;
  const others: { id: string; key: string }[] = [];
  if (dim) for (const id of vectors.keys()) if (!index.has(id) && vectors.get(id)!.length === dim) others.push({ id, key: vectors.orderKey(id) ?? orderKey(undefined, id) });
  others.sort(byKey);
  const step = Math.max(1, Math.ceil(others.length / LEARNED.maxDistractors));
  const rows = [...items, ...others.filter((_, i) => i % step === 0).map((x) => x.id)];
  const matrix = new Float32Array(rows.length * dim);
  rows.forEach((id, i) => {
    const v = vectors.get(id);
    if (v && v.length === dim) matrix.set(v, i * dim);
  });
  return { users: kept.map((u) => u.id), items, input: { links, dim, vectors: matrix, nAll: rows.length, side: sideRows(items, vectors) } };
}

/** The model's input read from a catalog on this thread (`prepareInput` over the catalog's links and vectors). */
export function learnedInput(cat: WorkspaceCatalog, maxUsers = LEARNED.maxUsers): PreparedInput | null {
  return prepareInput(linkersOf(cat), catalogVectors(cat), maxUsers);
}

