import { EmbeddingError, normalizeInPlace, type Embedder } from './embedder';

/** Options of {@link OllamaEmbedder}. */
export interface OllamaEmbedderOptions {
  /** Base URL of the Ollama server, e.g. `http://127.0.0.1:11434`. */
  host: string;
  /** Embedding model name, e.g. `nomic-embed-text`. */
  model: string;
  /** Budget for one HTTP request, body included, in milliseconds. */
  timeoutMs: number;
  /** `fetch` to use; defaults to the global one. */
  fetchImpl?: typeof fetch;
  /** Texts per request (default 64); larger inputs are split into several requests. */
  batchSize?: number;
}

const DEFAULT_BATCH = 64;

/**
 * Embeddings from an Ollama server (`POST /api/embed`). The dimension is learned from the first answer
 * (call {@link OllamaEmbedder.probe} at boot); later answers of another length are rejected. Blank texts
 * are not sent and yield null, as does an all-zero vector.
 */
export class OllamaEmbedder implements Embedder {
  /** `ollama:<model>`. */
  readonly id: string;
  private readonly url: string;
  private readonly model: string;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;
  private readonly batchSize: number;
  private discoveredDim = 0;

  /** @param opts server, model and request budget */
  constructor(opts: OllamaEmbedderOptions) {
    if (!opts.model) throw new TypeError('OllamaEmbedder needs a model name');
    if (!(opts.timeoutMs > 0)) throw new TypeError('OllamaEmbedder needs a positive timeoutMs');
    this.url = new URL('api/embed', opts.host.endsWith('/') ? opts.host : `${opts.host}/`).toString();
    this.model = opts.model;
    this.id = `ollama:${opts.model}`;
    this.timeoutMs = opts.timeoutMs;
    this.fetchImpl = opts.fetchImpl ?? fetch;
    this.batchSize = Math.max(1, opts.batchSize ?? DEFAULT_BATCH);
  }

  /** Vector dimension, 0 until the first successful answer ({@link OllamaEmbedder.probe}). */
  get dim(): number {
    return this.discoveredDim;
  }

  /** Embeds 'dimension probe' to learn (and return) the model's dimension. */
  async probe(): Promise<number> {
    await this.embed(['dimension probe']);
    return this.discoveredDim;
  }

  /** Unit-norm vectors, one per text; null for blank texts. Throws {@link EmbeddingError}. */
  async embed(texts: string[]): Promise<(Float32Array | null)[]> {
    const out: (Float32Array | null)[] = new Array(texts.length).fill(null);
    const todo: number[] = [];
    texts.forEach((t, i) => {
      if (t.trim() !== '') todo.push(i);
    });
    for (let start = 0; start < todo.length; start += this.batchSize) {
      const idx = todo.slice(start, start + this.batchSize);
      const vectors = await this.request(idx.map((i) => texts[i]));
      idx.forEach((i, k) => (out[i] = vectors[k]));
    }
    return out;
  }

  private async request(input: string[]): Promise<(Float32Array | null)[]> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.timeoutMs);
    try {
      const res = await this.fetchImpl(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ model: this.model, input }),
        signal: controller.signal,
      });
      const text = await res.text();
      if (!res.ok) {
        throw new EmbeddingError('ollama_unavailable', `Ollama answered ${res.status}: ${errorDetail(text)}`, { status: res.status });
      }
      return this.parse(text, input.length);
    } catch (err) {
      if (err instanceof EmbeddingError) throw err;
      if (timedOut) throw new EmbeddingError('ollama_timeout', `Ollama did not answer within ${this.timeoutMs} ms`, { cause: err });
      throw new EmbeddingError('ollama_unavailable', `Ollama at ${this.url} is unreachable: ${(err as Error).message}`, { cause: err });
    } finally {
      clearTimeout(timer);
    }
  }

  private parse(text: string, expected: number): (Float32Array | null)[] {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (err) {
      throw new EmbeddingError('ollama_bad_response', 'Ollama answered with invalid JSON', { cause: err });
    }
    const embeddings = (body as { embeddings?: unknown } | null)?.embeddings;
    if (!Array.isArray(embeddings) || embeddings.length !== expected) {
      throw new EmbeddingError('ollama_bad_response', `Ollama answered without ${expected} embeddings`);
    }
    return embeddings.map((e) => this.toVector(e));
  }

  private toVector(raw: unknown): Float32Array | null {
    if (!Array.isArray(raw) || raw.length === 0 || !raw.every((x) => typeof x === 'number' && Number.isFinite(x))) {
      throw new EmbeddingError('ollama_bad_response', 'Ollama answered with a malformed vector');
    }
    if (this.discoveredDim === 0) this.discoveredDim = raw.length;
    if (raw.length !== this.discoveredDim) {
      throw new EmbeddingError('ollama_bad_response', `Ollama answered a ${raw.length}-d vector, expected ${this.discoveredDim}`);
    }
    const v = Float32Array.from(raw as number[]);
    return normalizeInPlace(v) ? v : null;
  }
}

/** Ollama reports failures as `{ "error": "..." }`; fall back to the raw text, shortened. */
function errorDetail(text: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: unknown };
    if (typeof parsed?.error === 'string') return parsed.error;
  } catch {
    // not JSON: use the text itself
  }
  return text.slice(0, 200) || '(empty body)';
}
