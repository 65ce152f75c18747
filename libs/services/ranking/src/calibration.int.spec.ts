import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SifEmbedder } from '@tg/embedding';
import { addToStats, composeProfile, cosine, createTasteStats, DEFAULT_CALIBRATION } from '@tg/math';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentMatch, pairMatch } from './evidence/scoring';

/** The labelled texts the calibration is fitted on, by topic (test data: `../data/calibration-set.json`). */
const CALIBRATION_TOPICS = (JSON.parse(readFileSync(new URL('../data/calibration-set.json', import.meta.url), 'utf8')) as { topics: Record<string, string[]> }).topics;

/** Same cache directory as the test stacks: the GloVe binary is converted once per machine. */
const MODEL_DIR = join(tmpdir(), 'tastegraph-embedding-cache');

function profileOf(vs: Float32Array[]) {
  const s = createTasteStats(vs[0]!.length);
  for (const v of vs) addToStats(s, v);
  return composeProfile(s, { representation: 'subspace', maxRank: 8, energy: 0.8 });
}

/** Balanced logistic regression of labels on x (Newton's method): the midpoint (−a/b) and scale (1/b). */
function fitLogistic(pos: number[], neg: number[]) {
  const xs = [...pos, ...neg];
  const ys = [...pos.map(() => 1), ...neg.map(() => 0)];
  const ws = ys.map((y) => (y ? 0.5 / pos.length : 0.5 / neg.length));
  let a = 0;
  let b = 1;
  for (let it = 0; it < 50; it++) {
    let ga = 0, gb = 0, haa = 0, hab = 0, hbb = 0;
    for (let i = 0; i < xs.length; i++) {
      const x = xs[i]!;
      const p = 1 / (1 + Math.exp(-(b * x + a)));
      const r = ws[i]! * (p - ys[i]!);
      const h = ws[i]! * p * (1 - p);
      ga += r;
      gb += r * x;
      haa += h;
      hab += h * x;
      hbb += h * x * x;
    }
    const det = haa * hbb - hab * hab;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    a -= da;
    b -= db;
    if (Math.abs(da) + Math.abs(db) < 1e-10) break;
  }
  return { midpoint: -a / b, scale: 1 / b };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

describe('score calibration on the embedded model', () => {
  let topics: Float32Array[][];
  let sampled: ReturnType<typeof samples>;
  beforeAll(async () => {
    const e = await SifEmbedder.load({ cacheDir: MODEL_DIR });
    topics = Object.values(CALIBRATION_TOPICS).map((texts) => texts.map((t) => e.embedSync(t)!));
    sampled = samples();
  }, 120_000);

  /**
   * Raw affinities (on the item-to-item scale) of held-out items against profiles: single-topic profiles
   * of the other 7 items, two-topic profiles (the other 7 plus a second topic), and single items.
   */
  function samples() {
    const pos: number[] = [];
    const neg: number[] = [];
    const scores = { pos1: [] as number[], pos7: [] as number[], pos15: [] as number[], neg7: [] as number[], neg15: [] as number[] };
    topics.forEach((vs, ti) => {
      vs.forEach((held, i) => {
        const rest = vs.filter((_, j) => j !== i);
        const single = profileOf(rest);
        const other = topics[(ti + 1) % topics.length]!;
        const multi = profileOf([...rest, ...other]);
        const p1 = contentMatch(held, single);
        const pm = contentMatch(held, multi);
        pos.push(p1.raw, pm.raw);
        scores.pos7.push(p1.score);
        scores.pos15.push(pm.score);
        for (const [tj, ws] of topics.entries()) {
          if (tj === ti) continue;
          for (const w of ws) {
            const n1 = contentMatch(w, single);
            neg.push(n1.raw);
            scores.neg7.push(n1.score);
            if (tj !== (ti + 1) % topics.length) {
              const nm = contentMatch(w, multi);
              neg.push(nm.raw);
              scores.neg15.push(nm.score);
            }
          }
        }
        for (let j = i + 1; j < vs.length; j++) {
          const c = cosine(held, vs[j]!);
          pos.push(c);
          scores.pos1.push(pairMatch(c));
        }
      });
    });
    for (let ti = 0; ti < topics.length; ti++) for (let tj = ti + 1; tj < topics.length; tj++) for (const v of topics[ti]!) for (const w of topics[tj]!) neg.push(cosine(v, w));
    return { pos, neg, scores };
  }

  it('DEFAULT_CALIBRATION matches a fresh fit on the labelled set', () => {
    const { pos, neg } = sampled;
    const fit = fitLogistic(pos, neg);
    expect(Math.abs(fit.midpoint - DEFAULT_CALIBRATION.midpoint), JSON.stringify(fit)).toBeLessThan(0.03);
    expect(Math.abs(fit.scale - DEFAULT_CALIBRATION.scale), JSON.stringify(fit)).toBeLessThan(0.02);
  });

  it('gives one scale across anchors: single items, one-topic and two-topic profiles agree', () => {
    const { scores } = sampled;
    // Same-topic items score high whatever the anchor is built from…
    for (const k of ['pos1', 'pos7', 'pos15'] as const) expect(median(scores[k]), k).toBeGreaterThan(0.85);
    expect(Math.abs(median(scores.pos1) - median(scores.pos7))).toBeLessThan(0.1);
    expect(Math.abs(median(scores.pos7) - median(scores.pos15))).toBeLessThan(0.1);
    // …and unrelated items low.
    for (const k of ['neg7', 'neg15'] as const) expect(median(scores[k]), k).toBeLessThan(0.15);
  });
});
