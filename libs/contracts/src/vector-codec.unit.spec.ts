import { describe, expect, it } from 'vitest';
import { decodeVector, encodeVector } from './events';

/** The decoder as it was first written: through an intermediate buffer. */
const viaBuffer = (s: string) => {
  const buf = Buffer.from(s, 'base64');
  const out = new Float32Array(buf.byteLength / 4);
  new Uint8Array(out.buffer).set(buf);
  return out;
};
const bits = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('hex');

describe('decodeVector', () => {
  it('round-trips every length bit for bit (NaN, -0 and subnormals included)', () => {
    for (const n of [0, 1, 2, 3, 4, 5, 100, 384]) {
      const v = Float32Array.from({ length: n }, (_, i) => [NaN, -0, 1e-45, Infinity][i % 7] ?? Math.sin(i + n) * 10 ** ((i % 9) - 4));
      const back = decodeVector(encodeVector(v));
      expect(back).toBeInstanceOf(Float32Array);
      expect(bits(back)).toBe(bits(v));
    }
  });

  it('reads unpadded and unclean base64 as the buffer decoder always did, and refuses a partial float', () => {
    const s = encodeVector(Float32Array.from([1.5, -2, 3.25, 7])); // 16 bytes: "==" padding
    for (const variant of [s.replace(/=+$/, ''), `${s.slice(0, 6)}\n${s.slice(6)}`, ` ${s} `]) expect(bits(decodeVector(variant))).toBe(bits(viaBuffer(variant)));
    expect(() => decodeVector(Buffer.from([1, 2, 3, 4, 5]).toString('base64'))).toThrow(RangeError);
  });
});
