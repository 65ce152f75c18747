import { TgError } from './errors';

/** Built-in entity types: they need no registration. */
export const BUILTIN_ENTITY_TYPES = ['content', 'user', 'place', 'brand', 'website', 'file'] as const;
export type BuiltinEntityType = (typeof BUILTIN_ENTITY_TYPES)[number];

/** Values allowed for `in_terms_of_entity_type` and cluster `entity_type`. */
export const RANKABLE_TYPES = BUILTIN_ENTITY_TYPES;

/** Media kinds of a content object. */
export const MEDIA_TYPES = ['text', 'image', 'audio', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** Canonical content domains (WIRE-NOTES). */
export const CONTENT_DOMAINS = ['uiux', 'professional', 'shopping', 'fashion', 'restaurants', 'travel', 'hospitality', 'conversation'] as const;
export type ContentDomain = (typeof CONTENT_DOMAINS)[number];

/** Aliases clients send for domains, mapped to the canonical name. */
export const DOMAIN_ALIASES: Readonly<Record<string, ContentDomain>> = {
  ecommerce: 'shopping',
  ux: 'uiux',
  linkedin: 'professional',
  career: 'professional',
  careers: 'professional',
  restaurant: 'restaurants',
};

/** Canonical domain for a value a client sent, or undefined when it is unknown. */
export function canonicalDomain(value: string): ContentDomain | undefined {
  const v = value.trim().toLowerCase();
  if ((CONTENT_DOMAINS as readonly string[]).includes(v)) return v as ContentDomain;
  return Object.hasOwn(DOMAIN_ALIASES, v) ? DOMAIN_ALIASES[v] : undefined;
}

/** The canonical domain of a content object's `domain`; an unknown one is 400 `unknown_domain` listing what is taken. */
export function contentDomainOf(value: string): ContentDomain {
  const domain = canonicalDomain(value);
  if (domain) return domain;
  // The list is in the message too: the clients show `error` and never read `details`.
  const aliases = Object.entries(DOMAIN_ALIASES).map(([alias, d]) => `${alias} (= ${d})`);
  throw new TgError('unknown_domain', `Unknown content domain '${value}'; allowed: ${CONTENT_DOMAINS.join(', ')}; aliases: ${aliases.join(', ')}`, {
    allowed: [...CONTENT_DOMAINS],
    aliases: DOMAIN_ALIASES,
  });
}

/** `domain` values of POST /explain. */
export const EXPLAIN_DOMAINS = ['discovery', 'design', 'decisions', 'data'] as const;
/** `task` values of POST /explain. */
export const EXPLAIN_TASKS = ['coding-agent', 'commerce-agent', 'design-agent', 'insight-agent'] as const;

/** Prefixes of the three kinds of API key. */
export const KEY_PREFIX = { account: 'tg_sk_', workspace: 'tg_wsk_', publishable: 'tg_pk_' } as const;

/** Custom entity type names: a letter, then letters, digits, `_` or `-`, at most 64 characters. */
export const ENTITY_TYPE_PATTERN = '^[A-Za-z][A-Za-z0-9_-]{0,63}$';
