import type { ItemPostings } from '@tg/math';
import { spdInverse } from '@tg/math';

/**
 * The lexical content-to-graph mapping (issue 16, eighth session): beside the dense one of `learned-blend.ts`, a ridge
 * regression from an item's **tokens** (the words of its text: a title's year, a franchise's name, a genre, a tag)
 * onto the anchor's EASE scores, over the items the workspace links:
 *
 *   ŝᴸ_j = pᴸ·f_j,  pᴸ = Σ_u q_u Gᴸ_u,  Gᴸ = X F (FᵀF + μI)⁻¹
 *
 * with f_j the item's token row (its distinct tokens of the vocabulary, each 1/√(their count): a unit row). Sparse
 * tokens carry taste that averaged word vectors blur (on MovieLens the year of a title: who rates films of the 1990s
 * rates more of them). The vocabulary is the {@link LEXICAL.vocabulary} tokens found in the most of a fit's items
 * (model items and distractors; at least {@link LEXICAL.minItems}), ties by the token; so it is a deterministic
 * function of the fit's input, like the rest of the model.
 */
export const LEXICAL = Object.freeze({
  /** Tokens in a model's vocabulary at most (the fit inverts a matrix of this order: cost its cube). */
  vocabulary: 1_000,
  /** Fewest items a token is found in to enter the vocabulary (a token of one item says nothing of another). */
  minItems: 2,
  /**
   * Ridge of the regression (unit rows; fixed, not tuned per workspace): a token is in few items, so its weight is
   * shrunk far more than a vector dimension's (the dense mapping's ridge is 1). Chosen offline on MovieLens's
   * validation links (benchmarks.md, eighth session): μ 10 and 30 tied (0.0683 / 0.0684), μ 1 and 3 below.
   */
  mu: 30,
});

/** An item's tokens: its text lower-cased, accents dropped, split at anything not a letter or digit; distinct, in order of first use. */
export function lexicalTokens(text: string | undefined): string[] {
  if (!text) return [];
  const words = text.toLowerCase().normalize('NFKD').replace(/\p{M}+/gu, '').replace(/[^\p{L}\p{N}]+/gu, ' ').split(' ');
  return [...new Set(words.filter((w) => w.length > 0))];
}

/** Sparse unit token rows (CSR): row r's tokens are `idx[start[r]..start[r+1]]` with weights `w` (1/√count each). */
export interface TokenRows {
  readonly start: Int32Array;
  readonly idx: Int32Array;
  readonly w: Float64Array;
}

/** The vocabulary of a fit: the tokens of the most rows (≥ `minItems`, at most `size`), ties by the token. */
export function lexicalVocabulary(tokens: readonly (readonly string[])[], size: number = LEXICAL.vocabulary, minItems: number = LEXICAL.minItems): string[] {
  const df = new Map<string, number>();
  for (const row of tokens) for (const t of row) df.set(t, (df.get(t) ?? 0) + 1);
  return [...df]
    .filter(([, c]) => c >= minItems)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, size)
    .map(([t]) => t);
}

/** One item's row over a vocabulary: the indices of its tokens found there (ascending) and their weight 1/√count. */
export function tokenRow(tokens: readonly string[], vocab: ReadonlyMap<string, number>): { idx: Int32Array; w: number } {
  const found: number[] = [];
  for (const t of tokens) {
    const i = vocab.get(t);
    if (i !== undefined) found.push(i);
  }
  found.sort((a, b) => a - b);
  return { idx: Int32Array.from(found), w: found.length ? 1 / Math.sqrt(found.length) : 0 };
}

/** The rows of many items over a vocabulary. */
export function tokenRows(tokens: readonly (readonly string[])[], vocab: ReadonlyMap<string, number>): TokenRows {
  const rows = tokens.map((t) => tokenRow(t, vocab));
  const start = new Int32Array(rows.length + 1);
  rows.forEach((r, i) => (start[i + 1] = start[i]! + r.idx.length));
  const idx = new Int32Array(start[rows.length]!);
  const w = new Float64Array(start[rows.length]!);
  rows.forEach((r, i) => {
    idx.set(r.idx, start[i]!);
    w.fill(r.w, start[i]!, start[i + 1]!);
  });
  return { start, idx, w };
}

/**
 * Gᴸ = X F (FᵀF + μI)⁻¹ (users × t, row-major) over the items of `x` that are linked and have a token (rows 0 … items − 1
 * of `rows` are x's items); empty when t is 0. The sparse form of `contentMap` (the unit test holds them equal).
 */
export function lexicalMap(x: ItemPostings, rows: TokenRows, t: number, mu: number = LEXICAL.mu): Float64Array {
  if (!t) return new Float64Array(0);
  const nUsers = x.nUsers;
  const nItems = x.start.length - 1;
  const ftf = new Float64Array(t * t);
  const xf = new Float64Array(nUsers * t);
  for (let j = 0; j < nItems; j++) {
    const a0 = rows.start[j]!;
    const a1 = rows.start[j + 1]!;
    if (x.start[j + 1] === x.start[j] || a0 === a1) continue;
    for (let a = a0; a < a1; a++) {
      const r = rows.idx[a]! * t;
      const wa = rows.w[a]!;
      for (let b = a0; b < a1; b++) ftf[r + rows.idx[b]!]! += wa * rows.w[b]!;
    }
    for (let p = x.start[j]!; p < x.start[j + 1]!; p++) {
      const r = x.users[p]! * t;
      const wu = x.weights[p]!;
      for (let a = a0; a < a1; a++) xf[r + rows.idx[a]!]! += wu * rows.w[a]!;
    }
  }
  for (let a = 0; a < t; a++) ftf[a * t + a]! += mu;
  const c = spdInverse(ftf, t);
  const g = new Float64Array(nUsers * t);
  for (let u = 0; u < nUsers; u++) {
    const r = u * t;
    for (let b = 0; b < t; b++) {
      const v = xf[r + b]!;
      if (v === 0) continue;
      const cb = b * t;
      for (let a = 0; a < t; a++) g[r + a]! += v * c[cb + a]!;
    }
  }
  return g;
}

/** ŝᴸ of row r: pᴸ·f_r. */
export function lexicalScore(p: Float64Array | undefined, rows: TokenRows, r: number): number {
  if (!p) return 0;
  let s = 0;
  for (let a = rows.start[r]!; a < rows.start[r + 1]!; a++) s += p[rows.idx[a]!]! * rows.w[a]!;
  return s;
}

/** ŝᴸ of one item's row ({@link tokenRow}). */
export function lexicalRowScore(p: Float64Array | undefined, row: { idx: Int32Array; w: number }): number {
  if (!p) return 0;
  let s = 0;
  for (let a = 0; a < row.idx.length; a++) s += p[row.idx[a]!]!;
  return s * row.w;
}
