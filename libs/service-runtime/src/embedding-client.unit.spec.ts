import { describe, expect, it } from 'vitest';
import { embedSlices } from './embedding-client';

describe('embedSlices: embedding calls bounded by bytes as well as by count', () => {
  it('keeps order and splits by count', () => {
    const texts = Array.from({ length: 600 }, (_, i) => `t${i}`);
    const slices = embedSlices(texts);
    expect(slices.map((s) => s.length)).toEqual([256, 256, 88]);
    expect(slices.flat()).toEqual(texts);
  });
  it('splits 150 texts of 20,000 characters into slices of about 512 KiB', () => {
    const texts = Array.from({ length: 150 }, (_, i) => String(i % 10).repeat(20_000));
    const slices = embedSlices(texts);
    for (const s of slices) expect(s.reduce((n, t) => n + t.length, 0)).toBeLessThanOrEqual(512 * 1024);
    expect(slices.flat()).toEqual(texts);
  });
  it('sends a text longer than the byte bound on its own', () => {
    const slices = embedSlices(['a', 'x'.repeat(600_000), 'b']);
    expect(slices.map((s) => s.length)).toEqual([1, 1, 1]);
  });
});
