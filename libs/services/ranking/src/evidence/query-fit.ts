import { cosine, dotAt } from '@tg/math';
import type { WorkspaceCatalog } from '@tg/domain';
import { ROW, type TopPack } from './graph';
import { pairMatch, searchScore } from './scoring';

/*
 * How well an anchor's graph neighbours fit a query: the search's graph probe scores the anchor's graph list (co-link
 * or learned) against the query's vector with these. `queryFit` is `graphFit` over a packed list, by rows, to the bit.
 */

/** How well each graph neighbour fits the query and the graph together (its graph match alone without a query). */
export function graphFit(linked: { id: string; match: number }[], q: Float32Array | null, cat: WorkspaceCatalog): Map<string, number> {
  const fit = new Map<string, number>();
  for (const { id, match } of linked) {
    const v = cat.vectors.get(id);
    fit.set(id, q && v ? searchScore(pairMatch(cosine(v, q)), match) : match);
  }
  return fit;
}

/**
 * {@link graphFit} of a packed list, the same numbers, by row: each row's cosine with the query from one pass of dot
 * products, the rows' squared norms kept with the list (`cosine`'s own sums, in its order). An item re-embedded since
 * the list was packed is read from the catalog; while the catalog is at a version in which every row was checked
 * (`pack.current`), none is looked up. Also returns each row's cosine (NaN without a vector) and the vector it was
 * computed from. Only the first `first` rows (the strongest) are fitted; a check of the rows' vectors covers them all.
 */
export function queryFit(pack: TopPack, q: Float32Array, cat: WorkspaceCatalog, first = pack.ids.length): { fit: Float64Array; cosines: Float64Array; vectors: readonly (Float32Array | undefined)[] } {
  const { dim, rows } = pack;
  let bb = 0;
  for (let i = 0; i < q.length; i++) bb += q[i]! * q[i]!;
  const n = Math.min(first, pack.ids.length);
  const fit = new Float64Array(n);
  const cosines = new Float64Array(n);
  const current = pack.current?.cat === cat && pack.current.version === cat.version;
  const read = current ? undefined : new Array<Float32Array | undefined>(n);
  let unchanged = true;
  for (let i = 0; i < n; i++) {
    const match = pack.match[i]!;
    // At a checked version a row's vector is the packed one, and what it is is known without reading it.
    let packed = current && pack.kinds[i] === ROW.packed;
    let v: Float32Array | undefined;
    if (!current) {
      v = read![i] = cat.vectors.get(pack.ids[i]!);
      if (v !== pack.vectors[i]) unchanged = false;
      else packed = pack.kinds[i] === ROW.packed;
    } else if (pack.kinds[i] === ROW.other) v = pack.vectors[i];
    if (!packed && !v) {
      fit[i] = match;
      cosines[i] = NaN;
      continue;
    }
    let cos: number;
    if (packed && q.length === dim) {
      const aa = pack.norms[i]!;
      cos = aa === 0 || bb === 0 ? 0 : Math.max(-1, Math.min(1, dotAt(rows, i * dim, q, dim) / Math.sqrt(aa * bb)));
    } else cos = cosine(v ?? pack.vectors[i]!, q);
    cosines[i] = cos;
    fit[i] = searchScore(pairMatch(cos), match);
  }
  if (!current) for (let i = n; i < pack.ids.length && unchanged; i++) unchanged = cat.vectors.get(pack.ids[i]!) === pack.vectors[i];
  if (!current && unchanged) pack.current = { cat, version: cat.version };
  return { fit, cosines, vectors: read ?? pack.vectors };
}

/**
 * The indices of the k largest values, largest first, ties in index order (one pass keeping the best k seen so far in
 * order: a value at or below the k-th is passed over at one comparison; k small).
 */
export function topIndices(values: Float64Array, k: number): number[] {
  if (values.length <= k) return Array.from(values, (_, i) => i);
  const top: number[] = [];
  if (k <= 0) return top;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    // Every index kept is smaller than i: i goes before one only when its value is larger (ties in index order).
    if (top.length === k && !(v > values[top[k - 1]!]!)) continue;
    let j = top.length === k ? k - 1 : top.length;
    while (j > 0 && v > values[top[j - 1]!]!) {
      top[j] = top[j - 1]!;
      j--;
    }
    top[j] = i;
  }
  return top;
}
