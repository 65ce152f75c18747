/**
 * EASE (Steck 2019, "Embarrassingly Shallow Autoencoders for Sparse Data") in its dual, user-space form.
 *
 * EASE learns item-item weights B = argmin ‖X − XB‖² + λ‖B‖² subject to diag(B) = 0, in closed form:
 * P = (XᵀX + λI)⁻¹, B_ij = −P_ij / P_jj (i ≠ j). X is the users × items link matrix. The item-space inverse
 * is items × items (8,570² on MovieLens, 100,000² in a large workspace): too large. By the Woodbury identity
 *
 *   P = (1/λ)·(I − Xᵀ M X),  M = (λI + X Xᵀ)⁻¹   (users × users),
 *
 * so with x_j the column of item j (who links it, with the link weights):
 *
 *   P_jj = (1 − d_j)/λ with d_j = x_jᵀ M x_j,   B_ij = x_iᵀ M x_j / (1 − d_j)   (i ≠ j).
 *
 * A user with items L and weights w scores item j with Σ_{i∈L, i≠j} w_i B_ij = (qᵀx_j − w_j d_j)/(1 − d_j),
 * q = M a, a = Σ_{i∈L} w_i x_i. The learned model is M (users²) and d (one number per item); scoring an item
 * walks the users linking it, like item-based co-link evidence. Exact (the same B as the item-space formula);
 * the cost is the users' count cubed once per fit, so it suits workspaces with fewer linking entities than
 * items (cap the users for larger ones).
 */
import { createRng } from './random';

/** The link matrix by item: for item j, the users linking it (`users[start[j]..start[j+1]]`) and the weights. */
export interface ItemPostings {
  /** Number of users (rows of X). */
  readonly nUsers: number;
  /** Offsets, length items + 1. */
  readonly start: Int32Array;
  /** User index of each link. */
  readonly users: Int32Array;
  /** Weight of each link (X's value). */
  readonly weights: Float64Array;
}

/** A fitted dual EASE model. */
export interface DualEase {
  readonly lambda: number;
  readonly nUsers: number;
  /** (λI + XXᵀ)⁻¹, row-major nUsers × nUsers. */
  readonly m: Float64Array;
  /** d_j = x_jᵀ M x_j per item (in [0, 1)). */
  readonly d: Float64Array;
}

/** Builds {@link ItemPostings} from per-item lists of [user, weight]. */
export function itemPostings(nUsers: number, items: readonly (readonly (readonly [number, number])[])[]): ItemPostings {
  const start = new Int32Array(items.length + 1);
  for (let j = 0; j < items.length; j++) start[j + 1] = start[j]! + items[j]!.length;
  const users = new Int32Array(start[items.length]!);
  const weights = new Float64Array(start[items.length]!);
  items.forEach((links, j) => {
    let k = start[j]!;
    for (const [u, w] of links) {
      if (u < 0 || u >= nUsers) throw new RangeError(`itemPostings: user ${u} outside [0, ${nUsers})`);
      users[k] = u;
      weights[k++] = w;
    }
  });
  return { nUsers, start, users, weights };
}

/**
 * Inverse of a symmetric positive definite matrix (row-major n×n, not modified) by Cholesky factorisation.
 *
 * @throws RangeError when the matrix is not positive definite.
 */
export function spdInverse(a: Float64Array, n: number): Float64Array {
  // L (lower, row-major) with A = L Lᵀ.
  const l = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    const ri = i * n;
    for (let j = 0; j <= i; j++) {
      const rj = j * n;
      let s = a[ri + j]!;
      for (let k = 0; k < j; k++) s -= l[ri + k]! * l[rj + k]!;
      if (i === j) {
        if (!(s > 0)) throw new RangeError('spdInverse: matrix is not positive definite');
        l[ri + i] = Math.sqrt(s);
      } else l[ri + j] = s / l[rj + j]!;
    }
  }
  // L⁻¹ (lower), row by row: (L⁻¹)_ij = −(Σ_{k=j}^{i−1} L_ik (L⁻¹)_kj) / L_ii, (L⁻¹)_ii = 1/L_ii.
  const li = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    const ri = i * n;
    li[ri + i] = 1 / l[ri + i]!;
    for (let j = 0; j < i; j++) {
      let s = 0;
      for (let k = j; k < i; k++) s += l[ri + k]! * li[k * n + j]!;
      li[ri + j] = -s / l[ri + i]!;
    }
  }
  // A⁻¹ = L⁻ᵀ L⁻¹: (A⁻¹)_ij = Σ_{k ≥ max(i,j)} (L⁻¹)_ki (L⁻¹)_kj.
  const inv = new Float64Array(n * n);
  for (let k = 0; k < n; k++) {
    const rk = k * n;
    for (let i = 0; i <= k; i++) {
      const v = li[rk + i]!;
      if (v === 0) continue;
      const ri = i * n;
      for (let j = 0; j <= i; j++) inv[ri + j]! += v * li[rk + j]!;
    }
  }
  for (let i = 0; i < n; i++) for (let j = 0; j < i; j++) inv[j * n + i] = inv[i * n + j]!;
  return inv;
}

/** Fits dual EASE: M = (λI + XXᵀ)⁻¹ and d_j = x_jᵀ M x_j. O(Σ_j |x_j|² + users³). */
export function fitDualEase(x: ItemPostings, lambda: number): DualEase {
  if (!(lambda > 0)) throw new RangeError('fitDualEase: lambda must be > 0');
  const n = x.nUsers;
  const g = new Float64Array(n * n);
  const nItems = x.start.length - 1;
  for (let j = 0; j < nItems; j++) {
    const s = x.start[j]!;
    const e = x.start[j + 1]!;
    for (let a = s; a < e; a++) {
      const ua = x.users[a]! * n;
      const wa = x.weights[a]!;
      for (let b = s; b < e; b++) g[ua + x.users[b]!]! += wa * x.weights[b]!;
    }
  }
  for (let i = 0; i < n; i++) g[i * n + i]! += lambda;
  const m = n ? spdInverse(g, n) : new Float64Array(0);
  const d = new Float64Array(nItems);
  for (let j = 0; j < nItems; j++) {
    const s = x.start[j]!;
    const e = x.start[j + 1]!;
    let acc = 0;
    for (let a = s; a < e; a++) {
      const ua = x.users[a]! * n;
      const wa = x.weights[a]!;
      for (let b = s; b < e; b++) acc += wa * m[ua + x.users[b]!]! * x.weights[b]!;
    }
    d[j] = acc;
  }
  return { lambda, nUsers: n, m, d };
}

/**
 * The user-space query of a user with items `items` (item indices) and weights `w`: q = M Σ_i w_i x_i.
 * Scoring item j is then {@link easeScore}.
 */
export function easeQuery(model: DualEase, x: ItemPostings, items: readonly number[], w: readonly number[]): Float64Array {
  const n = model.nUsers;
  const a = new Float64Array(n);
  items.forEach((j, k) => {
    const wk = w[k] ?? 1;
    for (let p = x.start[j]!; p < x.start[j + 1]!; p++) a[x.users[p]!]! += wk * x.weights[p]!;
  });
  const q = new Float64Array(n);
  for (let v = 0; v < n; v++) {
    const av = a[v]!;
    if (av === 0) continue;
    const rv = v * n;
    for (let u = 0; u < n; u++) q[u]! += av * model.m[rv + u]!;
  }
  return q;
}

/**
 * EASE score of item j for a user with query q: Σ_{i≠j} w_i B_ij = (qᵀx_j − w_j d_j)/(1 − d_j), `ownWeight` = w_j
 * (0 when the user does not link j).
 */
export function easeScore(model: DualEase, x: ItemPostings, q: Float64Array, j: number, ownWeight = 0): number {
  let s = 0;
  for (let p = x.start[j]!; p < x.start[j + 1]!; p++) s += q[x.users[p]!]! * x.weights[p]!;
  const dj = model.d[j]!;
  return (s - ownWeight * dj) / (1 - dj);
}

/** Users' links in link order (oldest first): user u's items are `items[start[u]..start[u+1]]`. */
export interface UserLinks {
  readonly nItems: number;
  readonly start: Int32Array;
  readonly items: Int32Array;
  readonly weights: Float64Array;
}

/**
 * Side information of items as rows stacked under X (EASE with side information, Jeunen, Van Balen and Goethals,
 * RecSys 2020): item j's entries are `rows[start[j]..start[j+1]]` (row indices in [0, nRows)) with `values`. Stacked
 * with a weight α, the Gram matrix is XᵀX + α²TᵀT: items that share rows (terms of their text) are fitted as if
 * co-linked, and the rows are reconstructed too. The dual form is unchanged: the rows are extra "users" of the kernel.
 */
export interface SideRows {
  readonly nRows: number;
  readonly start: Int32Array;
  readonly rows: Int32Array;
  readonly values: Float64Array;
}

/**
 * Item postings of user links, keeping only each user's links `[start[u], start[u] + keep(u))`; with `side` (α > 0),
 * its rows stacked under the users' (row nUsers + r, value α·v).
 */
export function postingsOf(links: UserLinks, keep: (u: number, n: number) => number = (_u, n) => n, side?: { rows: SideRows; alpha: number }): ItemPostings {
  const nUsers = links.start.length - 1;
  const per: [number, number][][] = Array.from({ length: links.nItems }, () => []);
  for (let u = 0; u < nUsers; u++) {
    const s = links.start[u]!;
    const k = keep(u, links.start[u + 1]! - s);
    for (let p = s; p < s + k; p++) if (links.weights[p]! > 0) per[links.items[p]!]!.push([u, links.weights[p]!]);
  }
  return stacked(nUsers, per, side?.rows, side?.alpha ?? 0);
}

/** {@link ItemPostings} of per-item user lists, with side rows stacked under the users' at weight α (none at α 0). */
function stacked(nUsers: number, per: [number, number][][], side: SideRows | undefined, alpha: number): ItemPostings {
  if (!side || !(alpha > 0)) return itemPostings(nUsers, per);
  per.forEach((col, j) => {
    for (let p = side.start[j]!; p < side.start[j + 1]!; p++) col.push([nUsers + side.rows[p]!, alpha * side.values[p]!]);
  });
  return itemPostings(nUsers + side.nRows, per);
}

/**
 * Recency weights of a user's n links, oldest first: halving every `share·n` links back from the newest
 * (`share` 0: all 1).
 */
export function recencyWeightsOf(n: number, share: number): Float64Array {
  const w = new Float64Array(n).fill(1);
  if (share > 0) {
    const h = Math.max(1, share * n);
    for (let k = 0; k < n; k++) w[k] = Math.pow(0.5, (n - 1 - k) / h);
  }
  return w;
}

/** Settings of {@link tuneDualEase}. */
export interface EaseTuning {
  /** Regularisations tried (default 25, 50, 100, 200, 400, 800). */
  lambdas?: readonly number[];
  /** Recency shares tried for a user's own links at scoring time (default 0, 0.25, 0.5; see {@link recencyWeightsOf}). */
  recency?: readonly number[];
  /** Share of each user's links held out for validation (default 0.2). */
  holdout?: number;
  /** Users with fewer links are not validated on (their links all train; default 5). */
  minLinks?: number;
  /** Cut-off of the validation metric (default 10). */
  k?: number;
  /** Random holdouts λ is chosen on (their mean NDCG; default 3: one split of a few hundred users is noisy). */
  folds?: number;
  /** Seed of the random holdouts (default 1). */
  seed?: number;
  /** Side rows of the items (see {@link SideRows}); their weight α is chosen among {@link alphas} and 0. */
  side?: SideRows;
  /** Weights α of the side rows tried on the random holdouts at the chosen λ (default none: α 0). */
  alphas?: readonly number[];
}

/** Result of {@link tuneDualEase}. */
export interface TunedEase {
  model: DualEase;
  postings: ItemPostings;
  lambda: number;
  /** Weight of the side rows stacked in the model (0: none; `postings` then holds the users' rows only). */
  alpha: number;
  recency: number;
  /**
   * Validation NDCG@k of every setting tried: λ on the random holdouts (mean; recency 0, α 0), then α at that λ on
   * the same holdouts, the recency shares on the newest links.
   */
  grid: { lambda: number; alpha: number; recency: number; ndcg: number; holdout: 'random' | 'newest' }[];
  validationUsers: number;
}

/**
 * Chooses λ and the recency share on validation splits cut from the links themselves (never anything outside
 * `links`), by NDCG@k of the held-out links among all items, then fits the model on all links:
 *
 * - λ (how far to trust co-links over item identity) on `folds` random `holdout` shares of each user's links
 *   (seeded; the mean NDCG): a question about the links in general; then, with side rows, their weight α (0 or one
 *   of `alphas`) at that λ on the same holdouts;
 * - the recency share of the user's own links at the chosen λ on each user's newest `holdout` share: a question
 *   about what a user links next.
 *
 * A deterministic function of its input.
 */
export function tuneDualEase(links: UserLinks, opts: EaseTuning = {}): TunedEase {
  const lambdas = opts.lambdas ?? [25, 50, 100, 200, 400, 800];
  const recency = opts.recency ?? [0, 0.25, 0.5];
  const holdout = opts.holdout ?? 0.2;
  const minLinks = opts.minLinks ?? 5;
  const k = opts.k ?? 10;
  const nUsers = links.start.length - 1;
  const discount = Array.from({ length: k }, (_, i) => 1 / Math.log2(i + 2));
  const rng = createRng(opts.seed ?? 1);
  const folds = Math.max(1, opts.folds ?? 3);
  const held = (n: number) => (n >= minLinks ? Math.max(1, Math.floor(n * holdout)) : 0);
  // Positions (in link order) each user keeps for training, under the newest holdout and each random one.
  const newest: boolean[][] = [];
  const randoms: boolean[][][] = Array.from({ length: folds }, () => []);
  for (let u = 0; u < nUsers; u++) {
    const n = links.start[u + 1]! - links.start[u]!;
    const h = held(n);
    newest.push(Array.from({ length: n }, (_, i) => i < n - h));
    for (const random of randoms) {
      // A seeded shuffle of positions; the first h are held out.
      const order = Array.from({ length: n }, (_, i) => i);
      for (let i = n - 1; i > 0; i--) {
        const j = Math.floor(rng() * (i + 1));
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      const keep = Array.from({ length: n }, () => true);
      for (let i = 0; i < h; i++) keep[order[i]!] = false;
      random.push(keep);
    }
  }
  const trainOf = (keep: boolean[][], alpha = 0): ItemPostings => {
    const per: [number, number][][] = Array.from({ length: links.nItems }, () => []);
    for (let u = 0; u < nUsers; u++) {
      const s = links.start[u]!;
      keep[u]!.forEach((kept, i) => {
        if (kept && links.weights[s + i]! > 0) per[links.items[s + i]!]!.push([u, links.weights[s + i]!]);
      });
    }
    return stacked(nUsers, per, opts.side, alpha);
  };
  const validated: number[] = [];
  for (let u = 0; u < nUsers; u++) if (held(links.start[u + 1]! - links.start[u]!) > 0) validated.push(u);
  /** Mean NDCG@k of the held-out links of the validated users under a model fitted on the kept ones. */
  const evaluate = (model: DualEase, train: ItemPostings, keep: boolean[][], share: number) => {
    let total = 0;
    for (const u of validated) {
      const s = links.start[u]!;
      const n = links.start[u + 1]! - s;
      const mine: number[] = [];
      const w: number[] = [];
      const out = new Set<number>();
      for (let i = 0; i < n; i++) {
        if (keep[u]![i]) {
          mine.push(links.items[s + i]!);
          w.push(links.weights[s + i]!);
        } else out.add(links.items[s + i]!);
      }
      const r = recencyWeightsOf(mine.length, share);
      const q = easeQuery(model, train, mine, w.map((x, i) => x * r[i]!));
      const own = new Set(mine);
      for (const j of own) out.delete(j);
      if (!out.size) continue;
      const top = topScored(links.nItems, k, (j) => (own.has(j) || train.start[j + 1] === train.start[j] ? -Infinity : easeScore(model, train, q, j)));
      let dcg = 0;
      top.forEach((j, i) => (dcg += out.has(j) ? discount[i]! : 0));
      let ideal = 0;
      for (let i = 0; i < Math.min(k, out.size); i++) ideal += discount[i]!;
      total += dcg / ideal;
    }
    return total / validated.length;
  };
  const grid: TunedEase['grid'] = [];
  let lambda = lambdas[0]!;
  let alpha = 0;
  let share = recency[0]!;
  if (validated.length) {
    const trains = randoms.map((r) => trainOf(r));
    let best = -1;
    for (const l of lambdas) {
      let ndcg = 0;
      randoms.forEach((random, f) => (ndcg += evaluate(fitDualEase(trains[f]!, l), trains[f]!, random, 0) / folds));
      grid.push({ lambda: l, alpha: 0, recency: 0, ndcg, holdout: 'random' });
      if (ndcg > best) [best, lambda] = [ndcg, l];
    }
    if (opts.side?.nRows)
      for (const a of opts.alphas ?? []) {
        let ndcg = 0;
        randoms.forEach((random) => {
          const train = trainOf(random, a);
          ndcg += evaluate(fitDualEase(train, lambda), train, random, 0) / folds;
        });
        grid.push({ lambda, alpha: a, recency: 0, ndcg, holdout: 'random' });
        if (ndcg > best) [best, alpha] = [ndcg, a];
      }
    const trainN = trainOf(newest, alpha);
    const model = fitDualEase(trainN, lambda);
    best = -1;
    for (const r of recency) {
      const ndcg = evaluate(model, trainN, newest, r);
      grid.push({ lambda, alpha, recency: r, ndcg, holdout: 'newest' });
      if (ndcg > best) [best, share] = [ndcg, r];
    }
  }
  const postings = postingsOf(links, undefined, opts.side && alpha > 0 ? { rows: opts.side, alpha } : undefined);
  return { model: fitDualEase(postings, lambda), postings, lambda, alpha, recency: share, grid, validationUsers: validated.length };
}

/** Indices of the k largest finite scores in [0, n) (ties: lower index first). */
function topScored(n: number, k: number, score: (j: number) => number): number[] {
  const idx: number[] = [];
  const val: number[] = [];
  for (let j = 0; j < n; j++) {
    const s = score(j);
    if (!Number.isFinite(s)) continue;
    if (idx.length === k && s <= val[k - 1]!) continue;
    let p = idx.length < k ? idx.length : k - 1;
    while (p > 0 && val[p - 1]! < s) {
      if (p < k) {
        idx[p] = idx[p - 1]!;
        val[p] = val[p - 1]!;
      }
      p--;
    }
    idx[p] = j;
    val[p] = s;
    if (idx.length > k) {
      idx.length = k;
      val.length = k;
    }
  }
  return idx;
}
