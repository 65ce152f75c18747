import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { copyFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GLOVE_BINARY_NAME } from './glove-binary';
import { SIF_EMBEDDER_ID, SIF_EMBEDDER_ID_NO_OOV, SifEmbedder } from './sif-embedder';

/** Shared with the other spec files: converting the package JSON takes seconds, so it is done once. */
const SHARED_CACHE = join(tmpdir(), 'tastegraph-embedding-cache');

/**
 * sha256 of the vectors of PINNED_TEXTS. When this fails, vectors changed: bump SIF_EMBEDDER_ID (and
 * GLOVE_FORMAT_VERSION if the binary changed), then update the digest.
 */
const PINNED_DIGEST = 'e092ad3ea6a79d5c2c26d46fbfc3f85e87ef9556bcbcbf5de9bf6b78c5be2350';
const PINNED_TEXTS = ['bebop jazz saxophone quartet', "Don't stop believin'", 'Café au lait, naïve art', 'well-known hip-hop 1990s'];

const cos = (a: Float32Array, b: Float32Array): number => a.reduce((s, x, i) => s + x * b[i], 0);

let first: SifEmbedder;
let second: SifEmbedder;
/** The same model without vectors for unknown words (the v1 vectors). */
let noOov: SifEmbedder;

beforeAll(async () => {
  first = await SifEmbedder.load({ cacheDir: SHARED_CACHE });
  second = await SifEmbedder.load({ cacheDir: SHARED_CACHE });
  noOov = await SifEmbedder.load({ cacheDir: SHARED_CACHE, oov: false });
  const { size } = await stat(first.loadInfo.path);
  console.log(
    `[sif] first load ${first.loadInfo.ms.toFixed(0)} ms (converted: ${first.loadInfo.converted}); ` +
      `load from binary ${second.loadInfo.ms.toFixed(0)} ms; binary ${(size / 1e6).toFixed(1)} MB; ` +
      `vocabulary ${second.vocabularySize} words`,
  );
}, 120_000);

describe('SifEmbedder', () => {
  it('loads from the existing binary on the second load', () => {
    expect(second.loadInfo.converted).toBe(false);
    expect(second.id).toBe(SIF_EMBEDDER_ID);
    expect(second.dim).toBe(100);
    expect(second.vocabularySize).toBeGreaterThan(300_000);
  });

  it('puts related texts clearly closer than unrelated ones', () => {
    const e = (t: string): Float32Array => second.embedSync(t)!;
    const bebop = e('bebop jazz saxophone quartet');
    const parker = e('Charlie Parker live at the jazz club');
    const tax = e('quarterly tax filing for small business');
    console.log(`[sif] related ${cos(bebop, parker).toFixed(3)}, unrelated ${cos(bebop, tax).toFixed(3)} / ${cos(parker, tax).toFixed(3)}`);
    expect(cos(bebop, parker)).toBeGreaterThan(0.4);
    expect(cos(bebop, parker) - cos(bebop, tax)).toBeGreaterThan(0.3);
    expect(cos(bebop, parker) - cos(parker, tax)).toBeGreaterThan(0.3);

    const pasta = e('italian pasta recipe with tomato sauce');
    const carbonara = e('how to cook spaghetti carbonara');
    const boots = e('red leather boots');
    const shoes = e("women's shoes and footwear sale");
    expect(cos(pasta, carbonara)).toBeGreaterThan(cos(pasta, boots) + 0.3);
    expect(cos(boots, shoes)).toBeGreaterThan(cos(boots, carbonara) + 0.3);
  });

  it('returns unit vectors in input order and null only for texts without a word', async () => {
    expect((await noOov.embed(['jazz club', '', '12345 !!!', 'ジャズ', 'tax return'])).map((v) => v === null)).toEqual([false, true, true, true, false]);
    const out = await second.embed(['jazz club', '', '12345 !!!', 'ジャズ', 'tax return', '1990s 4k', '🎷🎺🎸', ' - . ! ']);
    // A text of no word (numbers, emoji) gets a vector from its numbers and symbols; punctuation alone none.
    expect(out.map((v) => v === null)).toEqual([false, true, false, false, false, false, false, true]);
    expect(cos(second.embedSync('12345 !!!')!, second.embedSync('(12345)')!)).toBeCloseTo(1, 6);
    expect(cos(second.embedSync('12345')!, second.embedSync('67890')!)).toBeLessThan(0.9);
    // Letters standing alone (a title "R", "X Y") get a vector from those letters, folded as words are; combining marks
    // or zero-width characters alone are no text, like punctuation.
    expect((await second.embed(['R', 'X Y', 'é', 'a.', '\u0301\u0302', '\u200b\u200b'])).map((v) => v === null)).toEqual([false, false, false, false, true, true]);
    expect(cos(second.embedSync('R')!, second.embedSync('(r)')!)).toBeCloseTo(1, 6);
    expect(cos(second.embedSync('é')!, second.embedSync('E')!)).toBeCloseTo(1, 6);
    expect(cos(second.embedSync('R')!, second.embedSync('C')!)).toBeLessThan(0.9);
    expect(Math.hypot(...out[3]!)).toBeCloseTo(1, 5);
    for (const v of [out[0]!, out[4]!]) {
      expect(v).toBeInstanceOf(Float32Array);
      expect(v).toHaveLength(100);
      expect(Math.hypot(...v)).toBeCloseTo(1, 5);
    }
    expect(out[0]).toEqual(second.embedSync('jazz club'));
  });

  it('lists the known tokens it used', () => {
    expect(second.knownTokens("Charlie Parker's bebop, live @ the Jazz-Club (1949)")).toEqual(['charlie', 'parker', 'bebop', 'live', 'the', 'jazz', 'club']);
    expect(second.knownTokens('well-known café')).toEqual(['well-known', 'cafe']);
  });

  it('gives bit-identical vectors across loads and instances, pinned by digest', () => {
    const texts = [...PINNED_TEXTS, 'Charlie Parker live at the jazz club', 'the of and'];
    for (const t of texts) {
      expect(Buffer.from(first.embedSync(t)!.buffer).equals(Buffer.from(second.embedSync(t)!.buffer))).toBe(true);
    }
    const hash = createHash('sha256');
    for (const t of PINNED_TEXTS) hash.update(new Uint8Array(noOov.embedSync(t)!.buffer));
    expect(hash.digest('hex')).toBe(PINNED_DIGEST);
    expect(noOov.id).toBe(SIF_EMBEDDER_ID_NO_OOV);
  });

  it('gives text whose words the model knows exactly the vector it had without the unknown-word n-grams', () => {
    const english = [
      ...PINNED_TEXTS.filter((t) => !t.includes('believin')),
      'Charlie Parker live at the jazz club',
      'quarterly tax filing for small business',
      "women's running shoes, size 8",
      'Toy Story (1995) Adventure|Animation|Children|Comedy|Fantasy',
      'Heat (1995) Action|Crime|Thriller',
      'A gripping crime drama about a detective in Los Angeles',
      'the of and',
    ];
    for (const t of english) {
      expect(second.knownTokens(t).length, t).toBeGreaterThan(0);
      expect(Buffer.from(second.embedSync(t)!.buffer).equals(Buffer.from(noOov.embedSync(t)!.buffer)), t).toBe(true);
    }
    // A text with an unknown word differs (the word now counts), and stays close to its known words.
    const withNew = second.embedSync('bebop jazz saxophone quartet zorbulating')!;
    const without = noOov.embedSync('bebop jazz saxophone quartet zorbulating')!;
    expect(cos(withNew, without)).toBeLessThan(0.9999);
    expect(cos(withNew, without)).toBeGreaterThan(0.6);
  });

  it('finds Japanese items by Japanese queries, and product codes by their code', () => {
    const items = {
      ramen: '東京の老舗ラーメン店。濃厚な豚骨スープと自家製麺',
      onsen: '箱根の温泉旅館。露天風呂と懐石料理',
      camera: 'ミラーレスカメラ 高画質 レンズ交換式',
      sushi: '築地の寿司屋 新鮮なマグロ',
      code: 'Replacement filter XJ9000 for the air purifier',
      other: 'Replacement filter for the vacuum cleaner',
    };
    const vec = Object.fromEntries(Object.entries(items).map(([k, t]) => [k, second.embedSync(t)!]));
    const best = (q: string) => {
      const v = second.embedSync(q)!;
      return Object.entries(vec).sort((a, b) => cos(b[1], v) - cos(a[1], v))[0]![0];
    };
    expect(best('豚骨ラーメン')).toBe('ramen');
    expect(best('温泉旅館')).toBe('onsen');
    expect(best('カメラのレンズ')).toBe('camera');
    expect(best('マグロの寿司')).toBe('sushi');
    expect(best('XJ9000 filter')).toBe('code');
  });

  it('measures throughput on one thread (reported, not asserted)', () => {
    const samples = [
      'bebop jazz saxophone quartet',
      'Charlie Parker live at the jazz club',
      'quarterly tax filing for small business',
      'red leather boots',
      "women's running shoes, size 8",
      'Italian pasta recipe with fresh tomato sauce and basil',
    ];
    const texts = Array.from({ length: 100_000 }, (_, i) => `${samples[i % samples.length]} ${i % 13 === 0 ? 'live' : ''}`);
    const heapBefore = process.memoryUsage().heapUsed;
    const started = performance.now();
    let nonNull = 0;
    for (const t of texts) if (second.embedSync(t)) nonNull++;
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `[sif] ${Math.round(texts.length / seconds)} texts/s (${texts.length} short texts in ${(seconds * 1000).toFixed(0)} ms); ` +
        `heap ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB (was ${(heapBefore / 1e6).toFixed(0)} MB), rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`,
    );
    expect(nonNull).toBe(texts.length);
  });
});

describe('SifEmbedder with a damaged binary', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tg-sif-corrupt-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('rebuilds it byte-identical and embeds exactly as before', async () => {
    const original = await readFile(second.loadInfo.path);
    const damaged = Buffer.from(original);
    damaged[damaged.length >> 1] ^= 0x40;
    await copyFile(second.loadInfo.path, join(dir, GLOVE_BINARY_NAME));
    await writeFile(join(dir, GLOVE_BINARY_NAME), damaged);

    const rebuilt = await SifEmbedder.load({ cacheDir: dir });
    console.log(`[sif] conversion from the package JSON: ${rebuilt.loadInfo.ms.toFixed(0)} ms`);
    expect(rebuilt.loadInfo.converted).toBe(true);
    expect((await readFile(join(dir, GLOVE_BINARY_NAME))).equals(original)).toBe(true);
    for (const t of PINNED_TEXTS) expect(rebuilt.embedSync(t)).toEqual(second.embedSync(t));
  }, 120_000);
});
