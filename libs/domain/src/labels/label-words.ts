import { tokenize } from '@tg/math';

/**
 * Tokens that say where a text came from or how it was marked up, not what it is about. They can look
 * distinctive (every item from one shop shares its host), so theme labels must never use them.
 */
const NON_CONTENT = new Set(
  (
    'http https www com org net edu gov io co uk de fr html htm php asp aspx jsp cgi xml json rss amp nbsp quot lt gt ' +
    'href src img div span class style script utm ref url link links example localhost index page pages default ' +
    'jpg jpeg png gif svg webp mp3 mp4 pdf ' +
    // Field names that catalogs put into item text ("Tags: …", "Genres: …"): structure, not subject.
    'tag tags genre genres keyword keywords category categories'
  ).split(' '),
);

/** URLs, e-mail addresses, bare host names ("shop.example", "a.b.com") and markup tags. */
const STRIP = /<[^>]{0,200}>|&[a-z]{2,8};|&#\d{1,6};|\b[a-z][a-z0-9+.-]*:\/\/\S+|\bwww\.\S+|\S+@\S+\.\S+|\b[\w-]+(\.[\w-]+)*\.(com|org|net|io|co|uk|de|fr|edu|gov|example|test|local|dev|app|info)\b\S*/gi;

/** The text without URLs, host names and markup. */
export function withoutMarkup(text: string): string {
  return text.replace(STRIP, ' ');
}

/** Whether a token can appear in a theme label (not a URL part, host, markup or file-type token). */
export function isLabelToken(token: string): boolean {
  return !NON_CONTENT.has(token);
}

/**
 * Word tokens of a text for theme labels: URLs, host names and markup removed first, then
 * {@link tokenize}, then the URL and markup vocabulary dropped.
 */
export function labelTokens(text: string): string[] {
  return tokenize(withoutMarkup(text)).filter(isLabelToken);
}

/**
 * Whether `name` is a placeholder derived from the URL's host ("shop.example" for https://www.shop.example/p/1),
 * which is what content carries until it has a title.
 */
export function isHostName(name: string, url?: string): boolean {
  const n = name.trim().toLowerCase();
  if (!n) return true;
  if (url) {
    try {
      const host = new URL(url).hostname.toLowerCase();
      if (n === host || n === host.replace(/^www\./, '')) return true;
    } catch {
      /* not a URL: judge the name alone */
    }
  }
  return /^(www\.)?[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(n) || /^[a-z][a-z0-9+.-]*:\/\//.test(n);
}

/** What {@link contentLabelText} reads of an entity document. */
export interface LabelSource {
  kind: 'entity' | 'content';
  name: string;
  description: string;
  url?: string;
  text?: string;
}

/**
 * The text of a content item that theme labels may draw on: its name unless it is the host placeholder,
 * its description unless it is the "Content from <host>" placeholder (when `withDescription`), and the
 * first `maxText` characters of its text.
 */
export function contentLabelText(d: LabelSource, maxText: number, withDescription = false): string {
  const parts: string[] = [];
  if (!isHostName(d.name, d.url)) parts.push(d.name);
  if (withDescription && d.description && !/^content from \S+$/i.test(d.description.trim())) parts.push(d.description);
  parts.push((d.text ?? '').slice(0, maxText));
  return parts.join(' ');
}

const MAX_NAME = 70;

/**
 * The name to show a person for an entity: its name, or for content whose name is only the host
 * placeholder, the first sentence of its text (markup and URLs removed, cut at a word within
 * {@link MAX_NAME} characters). Never a host name while the item has any text.
 */
export function displayName(d: Pick<LabelSource, 'name' | 'url' | 'text'> & { kind?: string }): string {
  if (d.kind === 'entity') return d.name;
  // A name taken from the text's first sentence may carry markup or the sentence's full stop.
  if (!isHostName(d.name, d.url)) return withoutMarkup(d.name).replace(/\s+/g, ' ').trim().replace(/(?<!\.)\.$/, '') || d.name;
  const text = withoutMarkup(d.text ?? '').replace(/\s+/g, ' ').trim();
  const first = /^(.+?[.!?:])(\s|$)/.exec(text)?.[1]?.replace(/[.:]$/, '') ?? text;
  if (!first) return d.name;
  if (first.length <= MAX_NAME) return first;
  const cut = first.slice(0, MAX_NAME);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 20)).replace(/[,;:\s]+$/, '')}…`;
}
