import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every level, so that equal values give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v) && !ArrayBuffer.isView(v)) {
      const o = v as Record<string, unknown>;
      return Object.fromEntries(Object.keys(o).sort().map((k) => [k, o[k]]));
    }
    return v;
  });
}

/**
 * Message id of a decided command: a digest of the aggregate subject (workspace included), the sequence the
 * command was decided against and the command itself without its clock (`at`). The command carries the
 * caller's idempotency key (`request_id`) where it has one.
 *
 * So the same key never dedupes a different write (another body, aggregate or workspace gives another id),
 * and an exact retry decided against the same state is deduplicated by JetStream even when two instances
 * append it at once.
 */
export function commandMsgId(subject: string, expectedSeq: number | null, command: unknown): string {
  // Plain JSON (not canonicalJson): a command is built by one code path with a fixed key order, and this
  // runs on every append (a sorted copy of a content command costs about 4x as much).
  const { at: _at, ...rest } = (command ?? {}) as Record<string, unknown>;
  const text = JSON.stringify(rest);
  return createHash('sha256').update(subject).update('\u0000').update(String(expectedSeq)).update('\u0000').update(text).digest('base64url');
}

/**
 * Id of a thing a request creates without the caller naming it (an entity created without an id, an asynchronous
 * batch job): derived from the workspace, the idempotency key (`X-Request-Id`, created by the gateway when the caller
 * sends none) and the request body, shaped as a UUID. An exact retry (same key, same body) names the same thing; any
 * other request names a new one.
 */
export function derivedRequestId(ws: string, requestId: string, body: unknown): string {
  const h = createHash('sha256').update(ws).update('\u0000').update(requestId).update('\u0000').update(canonicalJson(body)).digest('hex');
  // Version nibble 8 (RFC 9562 "custom"), variant 10xx.
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
