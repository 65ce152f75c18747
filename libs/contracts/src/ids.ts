import { createHash } from 'node:crypto';

/**
 * Encodes any caller-supplied id (dots, `*`, `>`, spaces, Unicode) into one subject-safe token:
 * base64url of its SHA-256, truncated to 22 characters (132 bits).
 */
export function subjectToken(id: string): string {
  return createHash('sha256').update(id, 'utf8').digest('base64url').slice(0, 22);
}

/** The stable hashed id of a content item, derived from its URL (idempotency key). */
export function contentIdForUrl(url: string): string {
  return 'c_' + createHash('sha256').update(url, 'utf8').digest('hex').slice(0, 24);
}

/** SHA-256 hex digest of a text (used for the embedding cache and "unchanged text" checks). */
export function textDigest(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** True for a string with a URL scheme (`https://…`): a content URL rather than an entity id. */
export function looksLikeUrl(s: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(s);
}
