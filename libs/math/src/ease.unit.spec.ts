import { Matrix, inverse } from 'ml-matrix';
import { describe, expect, it } from 'vitest';
import { easeQuery, easeScore, fitDualEase, itemPostings, postingsOf, recencyWeightsOf, spdInverse, tuneDualEase, type UserLinks } from './ease';
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

/** The item-space EASE of Steck (2019): P = (XᵀX + λI)⁻¹, B_ij = −P_ij/P_jj, diag(B) = 0. */
function primalEase(links: UserLinks, lambda: number): number[][] {
  const users = links.start.length - 1;
  const x = Matrix.zeros(users, links.nItems);
  for (let u = 0; u < users; u++) for (let p = links.start[u]!; p < links.start[u + 1]!; p++) x.set(u, links.items[p]!, links.weights[p]!);
  const g = x.transpose().mmul(x);
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
