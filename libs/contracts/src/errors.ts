/**
 * The catalog of stable error codes. Each code has exactly one HTTP status; the gateway maps
 * a {@link TgError} to the wire in one place using this table.
 */
export const ERROR_CATALOG = {
  bad_request: 400,
  validation_failed: 400,
  invalid_json: 400,
  unknown_entity_type: 400,
  entity_requires_name_and_type: 400,
  content_requires_url_and_type: 400,
  no_text_to_embed: 400,
  link_no_children: 400,
  unknown_domain: 400,
  unknown_task: 400,
  workspace_required: 400,
  duplicate_item: 400,
  fetch_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  workspace_mismatch: 403,
  token_expired: 401,
  token_invalid: 401,
  token_missing: 401,
  not_found: 404,
  entity_not_found: 404,
  type_not_found: 404,
  cluster_not_found: 404,
  job_not_found: 404,
  anchor_not_found: 404,
  anchor_has_no_text: 404,
  route_not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  url_conflict: 409,
  request_timeout: 408,
  payload_too_large: 413,
  request_header_too_large: 431,
  unsupported_media_type: 415,
  rate_limited: 429,
  client_closed: 499,
  internal: 500,
  unavailable: 503,
  timeout: 504,
} as const;

/** A stable, documented error code. */
export type ErrorCode = keyof typeof ERROR_CATALOG;

/** Wire shape of every error response: `{ error, code }`, plus `message` for older clients. */
export interface ErrorBody {
  /** Human-readable message. */
  error: string;
  /** Stable machine-readable code from {@link ERROR_CATALOG}. */
  code: ErrorCode;
  /** Same text as `error`, read by older clients. */
  message: string;
  /** Optional structured details (e.g. which field failed validation, allowed values). */
  details?: unknown;
}

/** The one error class of the product: a code from the catalog, a message, optional details. */
export class TgError extends Error {
  override readonly name = 'TgError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
  /** HTTP status of this error's code. */
  get status(): number {
    return ERROR_CATALOG[this.code];
  }
  /** Serialisable body sent over HTTP and NATS. */
  toBody(): ErrorBody {
    const body: ErrorBody = { error: this.message, code: this.code, message: this.message };
    if (this.details !== undefined) body.details = this.details;
    return body;
  }
  /** Rebuilds an error that crossed a process boundary. */
  static fromBody(body: { error?: string; message?: string; code?: string; details?: unknown }): TgError {
    const code = (body.code && Object.hasOwn(ERROR_CATALOG, body.code) ? body.code : 'internal') as ErrorCode;
    return new TgError(code, body.error ?? body.message ?? 'Error', body.details);
  }
}

/** True when `e` is a {@link TgError}, also across module copies. */
export function isTgError(e: unknown): e is TgError {
  return e instanceof TgError || (typeof e === 'object' && e !== null && (e as { name?: string }).name === 'TgError' && 'code' in e);
}
