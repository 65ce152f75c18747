import { createHash } from 'node:crypto';
import { canonicalJson } from '@tg/messaging';

/**
 * Id of an entity created without one: derived from the workspace, the idempotency key (`X-Request-Id`,
 * created by the gateway when the caller sends none) and the request body, shaped as a UUID. An exact retry
 * (same key, same body) names the same entity; any other request names a new one.
 */
export function derivedEntityId(ws: string, requestId: string, body: unknown): string {
  const h = createHash('sha256').update(ws).update('\u0000').update(requestId).update('\u0000').update(canonicalJson(body)).digest('hex');
  // Version nibble 8 (RFC 9562 "custom"), variant 10xx.
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
