import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHUNK_ROWS, ColumnFileError, ColumnReader, ColumnWriter } from './column-file';

const dir = mkdtempSync(join(tmpdir(), 'tg-colfile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('column file: columns read into arrays the reader allocated beforehand', () => {
  it('numbers and float rows of several blocks fill the given array, the same as a fresh one; an array of another length or kind is refused', async () => {
    const n = 2 * CHUNK_ROWS + 5;
    const path = join(dir, 'into.col');
    const w = await ColumnWriter.create(path, { n });
    await w.numbers('u32', n, (i) => i * 3);
    await w.floatRows(n, (i) => [i, -i]);
    await w.numbers('u32', 3, (i) => i);
    await w.floatRows(3, (i) => [i]);
    await w.close();
    const r = ColumnReader.open(path);
    const u = new Uint32Array(n);
    expect(r.numbers('u32', n, u)).toBe(u);
    expect(Array.from(u.subarray(n - 3))).toEqual([3 * (n - 3), 3 * (n - 2), 3 * (n - 1)]);
    const f = new Float32Array(2 * n);
    expect(r.floatRows(new Uint32Array(n).fill(2), 'f32', 0, f)).toBe(f);
    expect(Array.from(f.subarray(2 * n - 2))).toEqual([n - 1, -(n - 1)]);
    expect(() => r.numbers('u32', 3, new Uint32Array(4))).toThrow(ColumnFileError);
    r.close();
    const again = ColumnReader.open(path);
    again.numbers('u32', n);
    again.floatRows(new Uint32Array(n).fill(2), 'f32');
    again.numbers('u32', 3);
    expect(() => again.floatRows([1, 1, 1], 'f32', 0, new Float32Array(4))).toThrow(ColumnFileError);
    again.close();
  });
});
