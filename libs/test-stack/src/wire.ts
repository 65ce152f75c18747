/** What {@link wireRequest} answers: the status, the headers and the JSON body. */
export interface WireAnswer {
  status: number;
  headers: Headers;
  /** The body read as JSON; `null` when it is empty (typed as an object, as the audits read error and result bodies). */
  body: Record<string, any>;
}

/**
 * One request through the gateway as a client library sends it, for the wire audits: the key in `X-API-Key` (headers
 * given replace it), a body sent as it is when it is a string or bytes and as JSON otherwise, with `Content-Type:
 * application/json` unless headers name another.
 */
export async function wireRequest(baseUrl: string, key: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<WireAnswer> {
  const raw = body === undefined || typeof body === 'string' || body instanceof Uint8Array;
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: raw ? (body as string | Uint8Array | undefined) : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as Record<string, any> };
}
