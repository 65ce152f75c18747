import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeGloveBinary, ensureGloveBinary, GLOVE_BINARY_NAME, loadGloveModel } from './glove-binary';

const DIM = 6;
const WORDS = ['the', ',', 'jazz', 'club', 'quote"word', 'back\\slash', 'ünïcødé', 'well-known', 'tax', 'boots'];

/** A small document in the wink layout, vectors listed out of rank order as in the real file. */
function winkJson(words: string[], scale = 1): { text: string; vectors: number[][] } {
  const vectors = words.map((_, r) => Array.from({ length: DIM }, (_, d) => Math.round(Math.sin(r * 7 + d * 3) * 1e5 * scale) / 1e5));
  const entries = words
    .map((w, r) => [w, r] as const)
    .reverse()
    .map(([w, r]) => `${JSON.stringify(w)}:[${vectors[r].join(',')},${Math.hypot(...vectors[r])},${r}]`);
  const text =
    `{"precision":5,"l2NormIndex":${DIM},"wordIndex":${DIM + 1},"size":${words.length},"dimensions":${DIM},` +
    `"words":${JSON.stringify(words)},\n"vectors":{${entries.join(',\n')}},"unkVector":[${new Array(DIM).fill(0).join(',')},0,-1]}`;
  return { text, vectors };
}

let dir: string;
let source: string;
let vectors: number[][];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tg-glove-binary-'));
  source = join(dir, 'fixture.json');
  const doc = winkJson(WORDS);
  vectors = doc.vectors;
  await writeFile(source, doc.text);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function freshCache(): Promise<string> {
  return mkdtemp(join(dir, 'cache-'));
}

describe('ensureGloveBinary', () => {
  it('converts once, then reuses the valid binary', async () => {
    const cache = await freshCache();
    const first = await ensureGloveBinary(cache, { sourcePath: source });
    expect(first).toMatchObject({ path: join(cache, GLOVE_BINARY_NAME), converted: true });
    const second = await ensureGloveBinary(cache, { sourcePath: source });
    expect(second.converted).toBe(false);
    expect(await readdir(cache)).toEqual([GLOVE_BINARY_NAME]);
  });

  it('stores words by rank and int8 rows within half a quantisation step', async () => {
    const { model } = await loadGloveModel(await freshCache(), { sourcePath: source });
    expect(model.words).toEqual(WORDS);
    expect(model.dim).toBe(DIM);
    for (let r = 0; r < WORDS.length; r++) {
      const maxAbs = Math.max(...vectors[r].map(Math.abs));
      expect(model.scales[r]).toBeCloseTo(maxAbs / 127, 6);
      for (let d = 0; d < DIM; d++) {
        expect(Math.abs(model.rows[r * DIM + d] * model.scales[r] - vectors[r][d])).toBeLessThanOrEqual(model.scales[r] / 2 + 1e-9);
      }
    }
    expect(Math.hypot(...model.commonComponent)).toBeCloseTo(1, 6);
  });

  it('shares one conversion between concurrent calls', async () => {
    const cache = await freshCache();
    const results = await Promise.all([1, 2, 3].map(() => ensureGloveBinary(cache, { sourcePath: source })));
    expect(results.filter((r) => r.converted)).toHaveLength(3);
    expect(new Set(results.map((r) => r.ms)).size).toBe(1);
    expect(await readdir(cache)).toEqual([GLOVE_BINARY_NAME]);
  });

  it.each([
    ['a flipped body byte', (b: Buffer) => void (b[b.length - 3] ^= 0x01)],
    ['a flipped header byte', (b: Buffer) => void (b[17] ^= 0x01)],
    ['a truncated file', (b: Buffer) => b.subarray(0, b.length - 10)],
    ['an empty file', () => Buffer.alloc(0)],
    ['another format version', (b: Buffer) => void b.writeUInt32LE(99, 8)],
    ['garbage', () => Buffer.from('not a binary at all, just text')],
  ])('rebuilds a binary with %s, byte-identical to the original', async (_name, damage) => {
    const cache = await freshCache();
    const { path } = await ensureGloveBinary(cache, { sourcePath: source });
    const good = await readFile(path);
    const bad = Buffer.from(good);
    await writeFile(path, damage(bad) ?? bad);
    const again = await ensureGloveBinary(cache, { sourcePath: source });
    expect(again.converted).toBe(true);
    expect((await readFile(path)).equals(good)).toBe(true);
  });

  it('rebuilds when the source package changes', async () => {
    const cache = await freshCache();
    const changed = join(dir, 'changed.json');
    await writeFile(changed, winkJson([...WORDS, 'extra']).text);
    await ensureGloveBinary(cache, { sourcePath: source });
    const again = await ensureGloveBinary(cache, { sourcePath: changed });
    expect(again.converted).toBe(true);
    expect((await loadGloveModel(cache, { sourcePath: changed })).model.words).toContain('extra');
  });

  it('uses a valid binary when the source is gone, and explains when neither exists', async () => {
    const cache = await freshCache();
    await ensureGloveBinary(cache, { sourcePath: source });
    const missing = join(dir, 'no-such-file.json');
    expect(await ensureGloveBinary(cache, { sourcePath: missing })).toMatchObject({ converted: false });
    await expect(ensureGloveBinary(await freshCache(), { sourcePath: missing })).rejects.toThrow(/not installed/);
  });

  it('with convert: false, loads a valid binary but never builds one (missing or stale)', async () => {
    const empty = await freshCache();
    await expect(loadGloveModel(empty, { sourcePath: source, convert: false })).rejects.toThrow(/not converted here/);
    expect(await readdir(empty)).toEqual([]);
    const cache = await freshCache();
    await ensureGloveBinary(cache, { sourcePath: source });
    expect((await loadGloveModel(cache, { sourcePath: source, convert: false })).converted).toBe(false);
    const changed = join(dir, 'changed-no-convert.json');
    await writeFile(changed, winkJson([...WORDS, 'extra']).text);
    await expect(loadGloveModel(cache, { sourcePath: changed, convert: false })).rejects.toThrow(/not converted here/);
  });

  it('reports a malformed source and leaves no temp file or binary behind', async () => {
    const cache = await freshCache();
    const broken = join(dir, 'broken.json');
    await writeFile(broken, winkJson(WORDS).text.slice(0, 300));
    await expect(ensureGloveBinary(cache, { sourcePath: broken })).rejects.toThrow(/unexpected end/);
    expect(await readdir(cache)).toEqual([]);
  });

  it('rejects a source whose ranks are duplicated', async () => {
    const dup = join(dir, 'dup.json');
    await writeFile(dup, winkJson(WORDS).text.replace(`,${WORDS.length - 1}]`, ',0]'));
    await expect(ensureGloveBinary(await freshCache(), { sourcePath: dup })).rejects.toThrow(/duplicate rank/);
  });
});

describe('decodeGloveBinary', () => {
  it('names the reason a buffer is unusable', async () => {
    const { path } = await ensureGloveBinary(await freshCache(), { sourcePath: source });
    const good = await readFile(path);
    expect(decodeGloveBinary(Buffer.from('nope'))).toEqual({ invalid: 'not a tastegraph GloVe binary' });
    const body = Buffer.from(good);
    body[body.length - 1] ^= 0xff;
    expect(decodeGloveBinary(body)).toEqual({ invalid: 'body checksum mismatch' });
    expect(decodeGloveBinary(good.subarray(0, good.length - 1))).toEqual({ invalid: 'truncated or oversized file' });
    expect('model' in decodeGloveBinary(good)).toBe(true);
  });
});
