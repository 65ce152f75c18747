import { describe, expect, it } from 'vitest';
import { addScaled, cosine, dot, dotAt, meanOf, norm, normalize } from './vector';

const f32 = (...xs: number[]) => Float32Array.from(xs);
const f64 = (...xs: number[]) => Float64Array.from(xs);

describe('vector basics', () => {
  it('computes dot products and norms', () => {
    expect(dot(f32(1, 2, 3), f64(4, -5, 6))).toBe(12);
    expect(norm(f64(3, 4))).toBe(5);
    expect(norm(f32())).toBe(0);
    expect(() => dot(f32(1, 2), f32(1))).toThrow(RangeError);
  });

  it('computes the dot product of a row of a row-major matrix, the same number as dot of the row', () => {
    const rows = Float32Array.from({ length: 3 * 7 }, (_, i) => Math.sin(i * 1.7) / 3);
    const b = Float32Array.from({ length: 7 }, (_, i) => Math.cos(i) / 7);
    for (let r = 0; r < 3; r++) expect(dotAt(rows, r * 7, b, 7)).toBe(dot(rows.subarray(r * 7, r * 7 + 7), b));
    // Every remainder of the unrolled loop, and rows of the embedded model's size, at an offset: summed in dot's order.
    for (const n of [0, 1, 2, 3, 4, 5, 6, 8, 9, 100, 101]) {
      const m = Float32Array.from({ length: 3 * n + 5 }, (_, i) => Math.sin(i * 2.3) * 10 ** ((i % 7) - 3));
      const v = Float32Array.from({ length: n }, (_, i) => Math.cos(i * 0.7) * 10 ** ((i % 5) - 2));
      for (let r = 0; r < 3; r++) expect(dotAt(m, 5 + r * n, v, n)).toBe(dot(m.subarray(5 + r * n, 5 + r * n + n), v));
    }
  });

  it('normalises into a new array of the same type and keeps zero vectors zero', () => {
    const v = f32(3, 0, 4);
    const u = normalize(v);
    expect(u).toBeInstanceOf(Float32Array);
    expect(u).not.toBe(v);
    expect(Array.from(u)).toEqual([Math.fround(0.6), 0, Math.fround(0.8)]);
    expect(Array.from(v)).toEqual([3, 0, 4]);
    expect(normalize(f64(0, 3, 4))).toBeInstanceOf(Float64Array);
    const zero = f64(0, 0);
    const z = normalize(zero);
    expect(z).not.toBe(zero);
    expect(Array.from(z)).toEqual([0, 0]);
  });

  it('computes cosine similarity, 0 for zero vectors', () => {
    expect(cosine(f64(1, 2), f64(2, 4))).toBe(1);
    expect(cosine(f64(1, 2), f64(-3, -6))).toBe(-1);
    expect(cosine(f64(1, 0), f64(0, 5))).toBe(0);
    expect(cosine(f64(1, 1), f64(1, 0))).toBeCloseTo(Math.SQRT1_2, 15);
    expect(cosine(f64(0, 0), f64(1, 0))).toBe(0);
    expect(() => cosine(f64(1), f64(1, 2))).toThrow(RangeError);
  });

  it('adds a scaled vector in place', () => {
    const acc = f64(1, 1, 1);
    expect(addScaled(acc, f32(1, 2, 3), -2)).toBe(acc);
    expect(Array.from(acc)).toEqual([-1, -3, -5]);
    expect(() => addScaled(acc, f32(1), 1)).toThrow(RangeError);
  });

  it('averages with and without weights', () => {
    expect(Array.from(meanOf([f32(1, 2), f32(3, 6)]))).toEqual([2, 4]);
    expect(Array.from(meanOf([f32(1, 0), f32(0, 1)], [3, 1]))).toEqual([0.75, 0.25]);
    expect(meanOf([])).toHaveLength(0);
    expect(Array.from(meanOf([f32(1, 2)], [0]))).toEqual([0, 0]);
    expect(() => meanOf([f32(1), f32(2)], [1])).toThrow(RangeError);
  });
});
