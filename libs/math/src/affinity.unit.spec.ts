import { describe, expect, it } from 'vitest';
import { affinity, calibrate, DEFAULT_CALIBRATION } from './affinity';
import { Synth } from './spec-helpers';
import { addToStats, composeProfile, createTasteStats } from './taste';

const DIM = 100;

function profileOf(vectors: Float32Array[], representation: 'point' | 'subspace' = 'subspace') {
  const stats = createTasteStats(DIM);
  for (const v of vectors) addToStats(stats, v);
  return composeProfile(stats, { representation });
}

describe('calibrate', () => {
  it('is a strictly increasing logistic into (0, 1) centred on the midpoint', () => {
    const xs = [-1, -0.2, 0, 0.2, 0.4, 0.45, 0.5, 0.7, 1];
    const ys = xs.map((x) => calibrate(x));
    ys.forEach((y, i) => {
      expect(y).toBeGreaterThan(0);
      expect(y).toBeLessThan(1);
      if (i > 0) expect(y).toBeGreaterThan(ys[i - 1]);
    });
    expect(calibrate(DEFAULT_CALIBRATION.midpoint)).toBe(0.5);
    // The documented anchors: cross-topic mean cosine 0.07, same-topic 0.51, chance 0.
    expect(calibrate(0.07)).toBeCloseTo(0.041, 3);
    expect(calibrate(0.51)).toBeCloseTo(0.959, 3);
    expect(calibrate(0)).toBeLessThan(0.02);
  });

  it('accepts custom constants and rejects a non-positive scale', () => {
    expect(calibrate(0.2, { midpoint: 0.2 })).toBe(0.5);
    expect(calibrate(0.3, { midpoint: 0.2, scale: 0.1 })).toBeCloseTo(1 / (1 + Math.exp(-1)), 12);
    expect(() => calibrate(0.3, { scale: 0 })).toThrow(RangeError);
  });
});

describe('affinity', () => {
  const s = new Synth(DIM, 11);
  const c1 = s.unit();
  const c2 = s.unit();
  const rho = 0.7;
  const cluster1 = Array.from({ length: 40 }, () => s.near(c1, rho));
  const cluster2 = Array.from({ length: 40 }, () => s.near(c2, rho));
  const twoInterests = profileOf([...cluster1, ...cluster2]);
  const twoInterestsPoint = profileOf([...cluster1, ...cluster2], 'point');
  const fresh1 = Array.from({ length: 20 }, () => s.near(c1, rho));
  const fresh2 = Array.from({ length: 20 }, () => s.near(c2, rho));
  const unrelated = Array.from({ length: 40 }, () => s.unit());

  it('scores items of both interests of a two-interest profile above what the mean alone gives', () => {
    for (const v of [...fresh1, ...fresh2]) {
      const a = affinity(v, twoInterests);
      expect(a.score).toBeGreaterThan(calibrate(a.cosine));
      expect(a.score).toBeGreaterThan(affinity(v, twoInterestsPoint).score);
      expect(a.score).toBeGreaterThan(0.8);
    }
    // The mean alone sits between the interests, so members only reach about 0.7·rho.
    const meanOnly = fresh1.map((v) => affinity(v, twoInterestsPoint).score);
    expect(Math.min(...meanOnly)).toBeLessThan(0.8);
  });

  it('scores unrelated and opposite items below related ones', () => {
    const related = [...fresh1, ...fresh2].map((v) => affinity(v, twoInterests).score);
    const other = unrelated.map((v) => affinity(v, twoInterests).score);
    expect(Math.max(...other)).toBeLessThan(Math.min(...related));
    expect(Math.max(...other)).toBeLessThan(0.2);
    const opposite = affinity(fresh1[0].map((x) => -x), twoInterests);
    expect(opposite.projection).toBeGreaterThan(0.5);
    expect(opposite.raw).toBe(opposite.cosine);
    expect(opposite.score).toBeLessThan(0.01);
  });

  it('gives a member about the same raw affinity whether its interest is the only one or one of two', () => {
    const alone = profileOf(cluster1);
    for (const v of fresh1) {
      expect(Math.abs(affinity(v, twoInterests).raw - affinity(v, alone).raw)).toBeLessThan(0.05);
    }
  });

  it('reduces to the cosine with the mean for a point profile', () => {
    const point = profileOf(cluster1, 'point');
    for (const v of [...fresh1, ...unrelated.slice(0, 5)]) {
      const a = affinity(v, point);
      expect(a.raw).toBe(a.cosine);
      expect(a.projection).toBeCloseTo(Math.abs(a.cosine), 6);
      expect(a.score).toBe(calibrate(a.raw));
    }
  });

  it('is scale-invariant in the candidate and honours custom calibration', () => {
    const v = fresh2[0];
    const a = affinity(v, twoInterests);
    const b = affinity(v.map((x) => x * 9), twoInterests);
    expect(b.raw).toBeCloseTo(a.raw, 6);
    expect(affinity(v, twoInterests, { midpoint: a.raw }).score).toBeCloseTo(0.5, 12);
  });

  it('returns zeros for an empty profile or a zero candidate, and rejects other dimensions', () => {
    const empty = composeProfile(createTasteStats(DIM));
    expect(affinity(fresh1[0], empty)).toEqual({ score: 0, cosine: 0, projection: 0, raw: 0 });
    expect(affinity(new Float32Array(DIM), twoInterests)).toEqual({ score: 0, cosine: 0, projection: 0, raw: 0 });
    expect(() => affinity(new Float32Array(3), twoInterests)).toThrow(RangeError);
  });
});
