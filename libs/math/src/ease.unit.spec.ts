import { Matrix, inverse } from 'ml-matrix';
import { describe, expect, it } from 'vitest';
import { easeQuery, easeScore, fitDualEase, itemPostings, postingsOf, recencyWeightsOf, spdInverse, tuneDualEase, type SideRows, type UserLinks } from './ease';
import { createRng } from './random';

/** A random users × items link matrix with weights in (0, 1], as per-user ordered link lists. */
function randomLinks(users: number, items: number, density: number, seed: number): UserLinks {
  const rng = createRng(seed);
  const start = [0];
  const it: number[] = [];
  const w: number[] = [];
  for (let u = 0; u < users; u++) {
    for (let j = 0; j < items; j++) {
      if (rng() < density) {
        it.push(j);
        w.push(rng() < 0.5 ? 1 : 0.25 + 0.75 * rng());
      }
    }
    start.push(it.length);
  }
  return { nItems: items, start: Int32Array.from(start), items: Int32Array.from(it), weights: Float64Array.from(w) };
}

/**
 * The item-space EASE of Steck (2019): P = (XᵀX + λI)⁻¹, B_ij = −P_ij/P_jj, diag(B) = 0; with `side`, the Gram matrix
 * XᵀX + α²TᵀT (T: side rows × items).
 */
function primalEase(links: UserLinks, lambda: number, side?: { rows: SideRows; alpha: number }): number[][] {
  const users = links.start.length - 1;
  const x = Matrix.zeros(users, links.nItems);
  for (let u = 0; u < users; u++) for (let p = links.start[u]!; p < links.start[u + 1]!; p++) x.set(u, links.items[p]!, links.weights[p]!);
  let g = x.transpose().mmul(x);
  if (side) {
    const t = Matrix.zeros(side.rows.nRows, links.nItems);
    for (let j = 0; j < links.nItems; j++) for (let p = side.rows.start[j]!; p < side.rows.start[j + 1]!; p++) t.set(side.rows.rows[p]!, j, side.rows.values[p]!);
    g = g.add(t.transpose().mmul(t).mul(side.alpha ** 2));
  }
  for (let i = 0; i < links.nItems; i++) g.set(i, i, g.get(i, i) + lambda);
  const p = inverse(g);
  return Array.from({ length: links.nItems }, (_, i) => Array.from({ length: links.nItems }, (_, j) => (i === j ? 0 : -p.get(i, j) / p.get(j, j))));
}

describe('spdInverse', () => {
  it('inverts a symmetric positive definite matrix', () => {
    const rng = createRng(1);
    const n = 12;
    const a = Matrix.rand(n, n, { random: rng });
    const spd = a.mmul(a.transpose()).add(Matrix.eye(n).mul(0.5));
    const inv = spdInverse(Float64Array.from(spd.to1DArray()), n);
    const prod = spd.mmul(new Matrix(Array.from({ length: n }, (_, i) => Array.from(inv.subarray(i * n, (i + 1) * n)))));
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) expect(prod.get(i, j)).toBeCloseTo(i === j ? 1 : 0, 9);
  });

  it('rejects a matrix that is not positive definite', () => {
    expect(() => spdInverse(Float64Array.from([1, 2, 2, 1]), 2)).toThrow(RangeError);
  });
});

describe('dual EASE', () => {
  it('gives the item-space EASE weights exactly (weighted links, more items than users)', () => {
    const links = randomLinks(9, 30, 0.3, 7);
    const lambda = 3;
    const b = primalEase(links, lambda);
    const x = postingsOf(links);
    const model = fitDualEase(x, lambda);
    // A user's score of item j is Σ_i w_i B_ij (j excluded from its own sum).
    for (let u = 0; u < 9; u++) {
      const s = links.start[u]!;
      const items = Array.from(links.items.subarray(s, links.start[u + 1]!));
      const w = Array.from(links.weights.subarray(s, links.start[u + 1]!));
      const q = easeQuery(model, x, items, w);
      for (let j = 0; j < 30; j++) {
        const k = items.indexOf(j);
        const expected = items.reduce((acc, i, t) => acc + w[t]! * b[i]![j]!, 0);
        expect(easeScore(model, x, q, j, k >= 0 ? w[k]! : 0)).toBeCloseTo(expected, 9);
      }
    }
  });

  it('with side rows stacked under X (α·T), gives the item-space EASE of XᵀX + α²TᵀT exactly, items nobody links included', () => {
    const links = randomLinks(7, 16, 0.3, 13);
    // 5 side rows (terms); item j has terms j mod 5 and (j + 2) mod 5, unit length; items 14 and 15 have none.
    const start = [0];
    const rows: number[] = [];
    const values: number[] = [];
    for (let j = 0; j < 16; j++) {
      if (j < 14) {
        rows.push(j % 5, (j + 2) % 5);
        values.push(Math.SQRT1_2, Math.SQRT1_2);
      }
      start.push(rows.length);
    }
    const side = { rows: { nRows: 5, start: Int32Array.from(start), rows: Int32Array.from(rows), values: Float64Array.from(values) }, alpha: 1.5 };
    const b = primalEase(links, 2, side);
    const x = postingsOf(links, undefined, side);
    expect(x.nUsers).toBe(7 + 5);
    const model = fitDualEase(x, 2);
    const q = easeQuery(model, x, [0, 3, 8], [1, 0.5, 1]);
    for (let j = 0; j < 16; j++) {
      if ([0, 3, 8].includes(j)) continue;
      const expected = b[0]![j]! + 0.5 * b[3]![j]! + b[8]![j]!;
      expect(easeScore(model, x, q, j)).toBeCloseTo(expected, 9);
    }
    // α 0 is plain EASE.
    expect(postingsOf(links, undefined, { ...side, alpha: 0 }).nUsers).toBe(7);
  });

  it('scores a user who is not in the model (a new entity) by its items alone', () => {
    const links = randomLinks(8, 20, 0.35, 11);
    const b = primalEase(links, 2);
    const x = postingsOf(links);
    const model = fitDualEase(x, 2);
    const q = easeQuery(model, x, [1, 4, 9], [1, 1, 0.5]);
    for (const j of [0, 2, 3, 19]) expect(easeScore(model, x, q, j)).toBeCloseTo(b[1]![j]! + b[4]![j]! + 0.5 * b[9]![j]!, 9);
  });

  it('gives 0 to items that share no linker with the user\'s items', () => {
    // Users 0, 1 link items 0-2; users 2, 3 link items 3-5: two disconnected blocks.
    const x = itemPostings(4, [[[0, 1], [1, 1]], [[0, 1], [1, 1]], [[0, 1]], [[2, 1], [3, 1]], [[2, 1], [3, 1]], [[3, 1]]]);
    const model = fitDualEase(x, 1);
    const q = easeQuery(model, x, [0, 1], [1, 1]);
    expect(easeScore(model, x, q, 2)).toBeGreaterThan(0);
    for (const j of [3, 4, 5]) expect(easeScore(model, x, q, j)).toBe(0);
  });
});

describe('recencyWeightsOf', () => {
  it('halves every share·n links back from the newest', () => {
    expect(Array.from(recencyWeightsOf(4, 0))).toEqual([1, 1, 1, 1]);
    const w = recencyWeightsOf(10, 0.5);
    expect(w[9]).toBe(1);
    expect(w[4]).toBeCloseTo(0.5, 12);
  });
});

describe('tuneDualEase', () => {
  it('is a deterministic function of the links (same input, same bits) and picks a setting from its grid', () => {
    const links = randomLinks(40, 60, 0.15, 3);
    const a = tuneDualEase(links, { lambdas: [1, 10, 100], recency: [0, 0.5] });
    const b = tuneDualEase(links, { lambdas: [1, 10, 100], recency: [0, 0.5] });
    // λ on the random holdout (3 settings), then the recency share at that λ on the newest links (2).
    expect(a.grid).toHaveLength(5);
    expect([1, 10, 100]).toContain(a.lambda);
    const random = a.grid.filter((g) => g.holdout === 'random');
    const newest = a.grid.filter((g) => g.holdout === 'newest');
    expect(random.reduce((m, g) => Math.max(m, g.ndcg), -1)).toBe(random.find((g) => g.lambda === a.lambda)!.ndcg);
    expect(newest.every((g) => g.lambda === a.lambda)).toBe(true);
    expect(newest.reduce((m, g) => Math.max(m, g.ndcg), -1)).toBe(newest.find((g) => g.recency === a.recency)!.ndcg);
    expect(Buffer.from(a.model.m.buffer).equals(Buffer.from(b.model.m.buffer))).toBe(true);
    expect(Buffer.from(a.model.d.buffer).equals(Buffer.from(b.model.d.buffer))).toBe(true);
    // The final model is fitted on every link, with the chosen λ.
    const full = fitDualEase(postingsOf(links), a.lambda);
    expect(Buffer.from(full.m.buffer).equals(Buffer.from(a.model.m.buffer))).toBe(true);
  });

  it('chooses the weight α of side rows on the random holdouts at the chosen λ: taken when the rows predict the held-out links', () => {
    // 60 items in 6 groups of 10; each of 40 users links 4 random items of one group; a side row per group (its
    // "term") on each of its items. Co-links alone are sparse; the group rows say which items go together.
    const rng = createRng(9);
    const start = [0];
    const items: number[] = [];
    for (let u = 0; u < 40; u++) {
      const g = u % 6;
      const pick = new Set<number>();
      while (pick.size < 5) pick.add(g * 10 + Math.floor(rng() * 10));
      items.push(...pick);
      start.push(items.length);
    }
    const links: UserLinks = { nItems: 60, start: Int32Array.from(start), items: Int32Array.from(items), weights: new Float64Array(items.length).fill(1) };
    const rows: SideRows = { nRows: 6, start: Int32Array.from({ length: 61 }, (_, j) => j), rows: Int32Array.from({ length: 60 }, (_, j) => Math.floor(j / 10)), values: new Float64Array(60).fill(1) };
    const t = tuneDualEase(links, { lambdas: [5, 50], recency: [0], side: rows, alphas: [1, 3] });
    const random = t.grid.filter((g) => g.holdout === 'random');
    // λ at α 0 (2 settings), then α 1 and 3 at that λ.
    expect(random.map((g) => g.alpha)).toEqual([0, 0, 1, 3]);
    expect(random.slice(2).every((g) => g.lambda === t.lambda)).toBe(true);
    expect(t.alpha).toBeGreaterThan(0);
    const atLambda = random.filter((g) => g.lambda === t.lambda);
    expect(atLambda.find((g) => g.alpha === t.alpha)!.ndcg).toBe(Math.max(...atLambda.map((g) => g.ndcg)));
    // The model is fitted on the links with the rows stacked at the chosen α.
    const full = fitDualEase(postingsOf(links, undefined, { rows, alpha: t.alpha }), t.lambda);
    expect(t.postings.nUsers).toBe(46);
    expect(Buffer.from(full.m.buffer).equals(Buffer.from(t.model.m.buffer))).toBe(true);
    // Without side rows nothing changes: α 0, no rows.
    const plain = tuneDualEase(links, { lambdas: [5, 50], recency: [0] });
    expect(plain.alpha).toBe(0);
    expect(plain.postings.nUsers).toBe(40);
  });

  it('validates on each user\'s newest links: a taste that moved is learned from the newest links', () => {
    // 30 users, each first links items of group A (0-9), then of group B (10-19) in the same order.
    // Validation holds out the newest links (group B items), so recency weighting must win.
    const start = [0];
    const items: number[] = [];
    const rng = createRng(5);
    for (let u = 0; u < 30; u++) {
      const a = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].filter(() => rng() < 0.6);
      const b = [10, 11, 12, 13, 14, 15, 16, 17, 18, 19].filter(() => rng() < 0.6);
      items.push(...a, ...b);
      start.push(items.length);
    }
    const links: UserLinks = { nItems: 20, start: Int32Array.from(start), items: Int32Array.from(items), weights: new Float64Array(items.length).fill(1) };
    const t = tuneDualEase(links, { lambdas: [5], recency: [0, 0.25] });
    expect(t.validationUsers).toBeGreaterThan(20);
    const newest = t.grid.filter((g) => g.holdout === 'newest');
    expect(newest.find((g) => g.recency === 0.25)!.ndcg).toBeGreaterThan(newest.find((g) => g.recency === 0)!.ndcg);
    expect(t.recency).toBe(0.25);
  });
});
