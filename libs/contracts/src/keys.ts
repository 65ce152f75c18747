import { KEY_PREFIX } from './vocab';

/**
 * Prefixes of the hosted Taste Graph service's keys. A key's prefix names its kind and is not part of the
 * secret: `galya_wsk_X` is the same key as `tg_wsk_X` (same random part X), so clients that accept only
 * those prefixes work by changing their base URL and key.
 */
export const GALYA_KEY_PREFIX = { account: 'galya_sk_', workspace: 'galya_wsk_', publishable: 'galya_pk_' } as const;

/** How new keys are printed: under our prefix (`tg`) or the hosted service's (`galya`). */
export type KeyStyle = 'tg' | 'galya';
/** The values a key style may take. */
export const KEY_STYLES: readonly KeyStyle[] = ['tg', 'galya'];

const KINDS = ['account', 'workspace', 'publishable'] as const;

/**
 * The canonical form of a key: the same random part under our prefix. Keys are hashed, compared and
 * cached in this form only, so a key works under either prefix. Anything else is returned unchanged.
 */
export function canonicalKey(key: string): string {
  for (const kind of KINDS) {
    const g = GALYA_KEY_PREFIX[kind];
    if (key.startsWith(g)) return KEY_PREFIX[kind] + key.slice(g.length);
  }
  return key;
}

/** A key printed in a style: the same random part under that style's prefix. */
export function styledKey(key: string, style: KeyStyle): string {
  const canonical = canonicalKey(key);
  if (style === 'tg') return canonical;
  for (const kind of KINDS) {
    const t = KEY_PREFIX[kind];
    if (canonical.startsWith(t)) return GALYA_KEY_PREFIX[kind] + canonical.slice(t.length);
  }
  return key;
}

/** Matches any of our or the hosted service's keys inside a text (for log redaction). */
export const API_KEY_PATTERN = /\b(?:tg|galya)_(?:sk|wsk|pk)_[A-Za-z0-9]+/g;
