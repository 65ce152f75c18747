import { describe, expect, it } from 'vitest';
import { createRng, easeQuery, postingsOf, type UserLinks } from '@tg/math';
import { BLEND, blendKey, blendMatch, contentMap, fitLearned, mapQuery, mapScore, servedTau, validationSplit, type LearnedInput } from './learned-blend';

const DIM = 8;
const GROUPS = 4;

/** A unit vector near topic g's axis. */
function topicVector(g: number, rng: () => number): Float32Array {
  const v = new Float32Array(DIM);
  for (let a = 0; a < DIM; a++) v[a] = 0.3 * (rng() - 0.5);
  v[g] = (v[g] ?? 0) + 1;
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
}

/**
 * 40 warm items (10 per topic) and 40 users (10 per topic), each linking 6 items of its topic and, newest, one item
 * of its topic nobody else links (a new item).
 */
function workspace(seed = 1): { input: LearnedInput; topicOf: number[] } {
  const rng = createRng(seed);
  const topicOf: number[] = [];
  const vecs: Float32Array[] = [];
  for (let j = 0; j < 80; j++) {
    const g = j % GROUPS;
    topicOf.push(g);
    vecs.push(topicVector(g, rng));
  }
  const start = [0];
  const items: number[] = [];
  for (let u = 0; u < 40; u++) {
    const g = u % GROUPS;
    const warm = Array.from({ length: 10 }, (_, k) => g + GROUPS * k);
    for (let k = 0; k < 6; k++) items.push(warm.splice(Math.floor(rng() * warm.length), 1)[0]!);
    items.push(40 + u);
    start.push(items.length);
  }
  const links: UserLinks = { nItems: 80, start: Int32Array.from(start), items: Int32Array.from(items), weights: new Float64Array(items.length).fill(1) };
  const vectors = new Float32Array(80 * DIM);
  vecs.forEach((v, j) => vectors.set(v, j * DIM));
  return { input: { links, dim: DIM, vectors, nAll: 80 }, topicOf };
}

describe('learned blend', () => {
  it('the content-to-graph mapping scores an unlinked item of the anchor’s topic above unlinked items of other topics', () => {
    const { input, topicOf } = workspace();
    // Train on the warm links only: the new items (40..79) have no linker.
    const train = postingsOf(input.links, (_u, n) => n - 1);
    const fit = fitLearned({ ...input, links: { ...input.links } });
    const map = contentMap(train, input.vectors, DIM);
    const anchor = 2;
    const mine = Array.from(input.links.items.subarray(input.links.start[anchor]!, input.links.start[anchor]! + 6));
    const q = easeQuery(fit.tuned.model, fit.tuned.postings, mine, mine.map(() => 1));
    const p = mapQuery(map, DIM, q);
    const mapped = Array.from({ length: 40 }, (_, k) => ({ j: 40 + k, s: mapScore(p, input.vectors, (40 + k) * DIM) }));
    const mine2 = mapped.filter((x) => topicOf[x.j] === anchor % GROUPS);
    const others = mapped.filter((x) => topicOf[x.j] !== anchor % GROUPS);
    expect(Math.min(...mine2.map((x) => x.s))).toBeGreaterThan(Math.max(...others.map((x) => x.s)));
    expect(Math.min(...mine2.map((x) => x.s))).toBeGreaterThan(0);
  });

  it('chooses τ, γ and the recency share from its grid by the validation value, deterministically', () => {
    const { input } = workspace();
    const a = fitLearned(input);
    const b = fitLearned(input);
    expect(Buffer.from(a.map.buffer).equals(Buffer.from(b.map.buffer))).toBe(true);
    expect([a.tau, a.mapWeight, a.recency]).toEqual([b.tau, b.mapWeight, b.recency]);
    // 40 validated entities: fewer than BLEND.minWeighed, so no ratio below the smallest τ, and content keeps its scale.
    expect(a.blendGrid).toHaveLength(BLEND.taus.length * BLEND.mapWeights.length * BLEND.recency.length);
    expect(a.contentWeight).toBe(1);
    // Every entity has 7 links (6 kept, ≤ 10): each is also a cold user of the validation.
    // The recency share of the setting with the best NDCG over all items; τ and γ at that share by the mean of the three.
    const bestAll = Math.max(...a.blendGrid.map((g) => g.ndcg));
    expect(a.blendGrid.some((g) => g.recency === a.recency && g.ndcg === bestAll)).toBe(true);
    const value = (g: (typeof a.blendGrid)[number]) => (g.ndcg + g.coldNdcg + g.coldUserNdcg) / 3;
    const best = Math.max(...a.blendGrid.filter((g) => g.recency === a.recency).map(value));
    const chosen = a.blendGrid.find((g) => g.tau === a.tau && g.mapWeight === a.mapWeight && g.recency === a.recency)!;
    expect(value(chosen)).toBe(best);
    // Every held-out newest link is a new item: only content and the mapping can find it.
    expect(chosen.coldNdcg).toBeGreaterThan(0);
  });

  it('with enough validated entities, also tries ratios τ/w below the smallest τ, served as that τ and a content weight w < 1', () => {
    expect(servedTau(0.01)).toEqual({ tau: 0.01, contentWeight: 1 });
    expect(servedTau(BLEND.taus[0]!)).toEqual({ tau: BLEND.taus[0]!, contentWeight: 1 });
    const low = servedTau(BLEND.contentTaus[0]!);
    expect(low.tau).toBe(BLEND.taus[0]);
    expect(low.tau * low.contentWeight).toBeCloseTo(BLEND.contentTaus[0]!, 15);
    expect(low.contentWeight).toBeLessThan(1);
    // 4 × 40 entities.
    const parts = [1, 2, 3, 4].map((seed) => workspace(seed).input);
    const start = [0];
    const items: number[] = [];
    const vectors = new Float32Array(parts.length * 80 * DIM);
    parts.forEach((p, k) => {
      for (let u = 0; u < 40; u++) {
        for (let i = p.links.start[u]!; i < p.links.start[u + 1]!; i++) items.push(p.links.items[i]! + 80 * k);
        start.push(items.length);
      }
      vectors.set(p.vectors, k * 80 * DIM);
    });
    const input: LearnedInput = { links: { nItems: 320, start: Int32Array.from(start), items: Int32Array.from(items), weights: new Float64Array(items.length).fill(1) }, dim: DIM, vectors, nAll: 320 };
    const f = fitLearned(input);
    expect(f.validationUsers).toBeGreaterThanOrEqual(BLEND.minWeighed);
    expect(new Set(f.blendGrid.map((g) => g.tau))).toEqual(new Set([...BLEND.contentTaus, ...BLEND.taus]));
    const value = (g: (typeof f.blendGrid)[number]) => (g.ndcg + g.coldNdcg + g.coldUserNdcg) / 3;
    const best = Math.max(...f.blendGrid.filter((g) => g.recency === f.recency).map(value));
    const chosen = f.blendGrid.filter((g) => g.recency === f.recency && g.mapWeight === f.mapWeight && value(g) === best);
    expect(chosen.map((g) => servedTau(g.tau))).toContainEqual({ tau: f.tau, contentWeight: f.contentWeight });
  }, 60_000);

  it('validates on each entity’s newest links, skipping as many links before them (the same session)', () => {
    expect(validationSplit(4)).toEqual({ keep: 4, gap: 0, held: 0 });
    expect(validationSplit(5)).toEqual({ keep: 3, gap: 1, held: 1 });
    expect(validationSplit(20)).toEqual({ keep: 12, gap: 4, held: 4 });
    const s = validationSplit(57);
    expect(s.keep + s.gap + s.held).toBe(57);
  });

  it('orders validation rankings as the noisy-or does, also where the noisy-or rounds to 1', () => {
    const noisyOr = (x: number, c: number, tau: number) => 1 - (1 - c) * (1 - blendMatch(x, tau));
    const pts = [0, 0.001, 0.01, 0.05].flatMap((x) => [0.2, 0.6, 0.9].map((c) => ({ x, c })));
    for (const a of pts)
      for (const b of pts) {
        const d = noisyOr(a.x, a.c, 0.02) - noisyOr(b.x, b.c, 0.02);
        if (Math.abs(d) > 1e-12) expect(Math.sign(blendKey(a.x, a.c, 0.02) - blendKey(b.x, b.c, 0.02))).toBe(Math.sign(d));
      }
    // Graph scores 1 and 2 at τ 0.005: the noisy-or gives 1 to both, the key still tells them apart.
    expect(noisyOr(1, 0.9, 0.005)).toBe(noisyOr(2, 0.9, 0.005));
    expect(blendKey(2, 0.9, 0.005)).toBeGreaterThan(blendKey(1, 0.9, 0.005));
    expect(blendKey(0, 0.9, 0.02)).toBeCloseTo(-Math.log(0.1), 12);
  });

  it('without vectors there is no mapping and no γ to choose', () => {
    const { input } = workspace();
    const f = fitLearned({ ...input, dim: 0, vectors: new Float32Array(0) });
    expect(f.mapWeight).toBe(0);
    expect(f.map.length).toBe(0);
    expect(f.blendGrid.every((g) => g.mapWeight === 0)).toBe(true);
  });

  it('graph matches stay in [0, 1)', () => {
    for (const s of [-1, 0, 1e-6, 0.02, 1, 1e6]) {
      const g = blendMatch(s, 0.02);
      expect(g).toBeGreaterThanOrEqual(0);
      expect(g).toBeLessThanOrEqual(1);
    }
  });
});
