/** Machine-readable reason a fetch failed. */
export type FetchErrorCode =
  | 'fetch_invalid_url'
  | 'fetch_blocked_address'
  | 'fetch_timeout'
  | 'fetch_too_large'
  | 'fetch_http_status'
  | 'fetch_unsupported_type'
  | 'fetch_too_many_redirects'
  | 'fetch_network';

/** Extra details attached to a {@link FetchError}. */
export interface FetchErrorOptions {
  /** HTTP status of the response, for `fetch_http_status`. */
  status?: number;
  /** Underlying error, when there is one. */
  cause?: unknown;
}

/** The only error type `fetchUrl` rejects with (configuration mistakes aside). */
export class FetchError extends Error {
  /** Always `'FetchError'`. */
  override readonly name = 'FetchError';
  /** Machine-readable reason. */
  readonly code: FetchErrorCode;
  /** HTTP status of the response, set for `fetch_http_status`. */
  readonly status?: number;

  /**
   * @param code - machine-readable reason
   * @param message - human-readable detail (never contains response bodies)
   * @param options - status and cause
   */
  constructor(code: FetchErrorCode, message: string, options: FetchErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    if (options.status !== undefined) this.status = options.status;
  }
}

/** Finds a FetchError in an error's `cause` chain (undici wraps errors raised inside the connector). */
export function findFetchError(err: unknown): FetchError | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 8 && current instanceof Error; depth++) {
    if (current instanceof FetchError) return current;
    current = current.cause;
  }
  return undefined;
}
