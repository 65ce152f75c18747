/** Turns texts into vectors. The port every text-to-vector consumer in the product depends on. */
export interface Embedder {
  /** Model id stored with every vector, e.g. 'glove-sg-100d-sif-v2'. Changes whenever vectors would change. */
  readonly id: string;
  /** Vector dimension (0 while an embedder that discovers it has not yet answered). */
  readonly dim: number;
  /** Unit-norm vectors, one per text, same order. A text with no known token yields null. */
  embed(texts: string[]): Promise<(Float32Array | null)[]>;
}

/** Machine-readable reason of an {@link EmbeddingError}. */
export type EmbeddingErrorCode = 'ollama_unavailable' | 'ollama_bad_response' | 'ollama_timeout';

/** The one error type of this library; map `code` to the transport in one place. */
export class EmbeddingError extends Error {
  /** Stable reason code. */
  readonly code: EmbeddingErrorCode;
  /** HTTP status when the remote model answered with a non-success status. */
  readonly status?: number;

  /**
   * @param code stable reason code
   * @param message human-readable detail
   * @param options HTTP status and underlying cause, when known
   */
  constructor(code: EmbeddingErrorCode, message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'EmbeddingError';
    this.code = code;
    if (options.status !== undefined) this.status = options.status;
  }
}

/** Scales `v` in place to unit length; returns false when it has no length (or is not finite). */
export function normalizeInPlace(v: Float32Array | Float64Array): boolean {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i] * v[i];
  if (!(sum > 0) || !Number.isFinite(sum)) return false;
  const inv = 1 / Math.sqrt(sum);
  for (let i = 0; i < v.length; i++) v[i] *= inv;
  return true;
}
