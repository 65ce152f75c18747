import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { KEY_PREFIX } from '@tg/contracts';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `n` base62 characters from the bytes of `block(0)`, `block(1)`, … (rejection sampling: no modulo bias). */
function base62(n: number, block: (i: number) => Uint8Array): string {
  let out = '';
  for (let i = 0; out.length < n; i++) {
    for (const b of block(i)) {
      if (b < 248 && out.length < n) out += ALPHABET[b % 62];
    }
  }
  return out;
}

/** A random base62 string of `n` characters from a CSPRNG. */
export function randomBase62(n: number): string {
  return base62(n, () => randomBytes(n * 2));
}

/**
 * A base62 string of `n` characters derived from `secret` and `label` (HMAC-SHA256 in counter mode): as unguessable
 * as a random one to whoever lacks the secret, and the same each time for the same inputs.
 */
export function derivedBase62(secret: string, label: string, n: number): string {
  return base62(n, (i) => createHmac('sha256', secret).update(`${label}\u0000${i}`).digest());
}

/** SHA-256 hex of a key: the only form in which keys are stored. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A new account secret key. */
export function newAccountSecret(): string {
  return KEY_PREFIX.account + randomBase62(40);
}
/** The displayable prefix of a key: its kind prefix (`tg_wsk_`, `galya_wsk_`) and 4 characters, never enough to use it. */
export function keyPrefix(key: string): string {
  const kind = /^[a-z]+_[a-z]+_/.exec(key)?.[0].length ?? 0;
  return key.slice(0, kind + 4);
}
