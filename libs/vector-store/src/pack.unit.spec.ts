import { describe, expect, it } from 'vitest';
import { packVectors } from './pack';

describe('packVectors', () => {
  it('given views of one array in order, out of order, with gaps and from other arrays, then each vector lands in its place', () => {
    const big = Float32Array.from({ length: 30 }, (_, i) => i);
    const view = (i: number) => big.subarray(i * 3, i * 3 + 3);
    const own = Float32Array.from([100, 101, 102]);
    const vectors = [view(0), view(1), view(2), view(5), view(4), own, view(6), view(7), view(9)];
    const { data: out, borrowed } = packVectors(vectors, 3);
    expect(borrowed).toBe(false);
    expect(Array.from(out)).toEqual(vectors.flatMap((v) => Array.from(v)));
    // A copy: changing the result leaves the views alone.
    out[0] = -1;
    expect(big[0]).toBe(0);
  });

  it('given no vectors, then an empty array; given a vector of another length, then it throws', () => {
    expect(packVectors([], 4).data).toHaveLength(0);
    expect(() => packVectors([new Float32Array(4), new Float32Array(3)], 4)).toThrow(RangeError);
  });
});

describe('packVectors: one run', () => {
  it('given views one after another in one array, then one view over them (borrowed); given a gap, another order or another array, then a copy', () => {
    const big = new Float32Array(12);
    const row = (i: number) => big.subarray(i * 3, i * 3 + 3);
    const run = packVectors([row(1), row(2), row(3)], 3);
    expect(run.borrowed).toBe(true);
    expect(run.data.buffer).toBe(big.buffer);
    expect(run.data.byteOffset).toBe(12);
    expect(run.data).toHaveLength(9);
    expect(packVectors([row(0), row(2)], 3).borrowed).toBe(false);
    expect(packVectors([row(1), row(0)], 3).borrowed).toBe(false);
    expect(packVectors([row(0), new Float32Array(3)], 3).borrowed).toBe(false);
    expect(packVectors([], 3).borrowed).toBe(false);
  });
});
