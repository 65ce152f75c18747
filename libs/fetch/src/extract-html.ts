import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';

/** What {@link extractHtml} finds in an HTML page. */
export interface ExtractedHtml {
  /** og:title, twitter:title, `<title>` or the article heading, in that order of preference. */
  title?: string;
  /** og:description, meta description or twitter:description. */
  description?: string;
  /** Main text (Readability), or the whole body text when Readability finds nothing; whitespace-normalised. */
  text: string;
  /** og:site_name or application-name. */
  siteName?: string;
  /** Distinct non-empty `alt` texts of the images in the main content, in document order. */
  imageAlts: string[];
  /** `<html lang>` or the Content-Language meta. */
  lang?: string;
}

// linkedom's node objects are untyped here (no DOM lib in this workspace); this is the slice we touch.
interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
  getAttribute(name: string): string | null;
  querySelectorAll(selector: string): ArrayLike<DomNode>;
}

const MAX_IMAGE_ALTS = 50;
const MAX_ALT_CHARS = 300;
// Readability on linkedom is super-linear: ~2 s for 20k elements, ~1.6 s at nesting depth 400 and
// minutes at 2000. Past these bounds the page is hostile or machine-generated and the body text will do.
const READABILITY_MAX_ELEMENTS = 15_000;
const READABILITY_MAX_DEPTH = 150;
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'CANVAS', 'IFRAME', 'OBJECT', 'HEAD']);
const BOILERPLATE = new Set(['NAV', 'HEADER', 'FOOTER', 'ASIDE', 'FORM', 'BUTTON', 'SELECT']);
const FALLBACK_SKIPPED = new Set([...SKIPPED, ...BOILERPLATE]);
const INLINE = new Set([
  'A', 'ABBR', 'B', 'BDI', 'BDO', 'CITE', 'CODE', 'DATA', 'DFN', 'EM', 'FONT', 'I', 'KBD', 'MARK', 'Q', 'S',
  'SAMP', 'SMALL', 'SPAN', 'STRONG', 'SUB', 'SUP', 'TIME', 'U', 'VAR', 'WBR',
]);

/** Collapses every run of whitespace (incl. NBSP and newlines) to one space and trims. */
export function normalizeWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function nonEmpty(value: string | null | undefined): string | undefined {
  if (value == null) return undefined;
  const normalised = normalizeWhitespace(value);
  return normalised === '' ? undefined : normalised;
}

/**
 * Text of a subtree with a space at every non-inline element boundary, so `<p>a</p><p>b</p>` gives
 * "a b" rather than Readability's "ab". Iterative: hostile pages nest deep enough to overflow the stack.
 */
function textOf(root: DomNode, skip: ReadonlySet<string>): string {
  const parts: string[] = [];
  const stack: Array<DomNode | string> = [root];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item === 'string') {
      parts.push(item);
      continue;
    }
    if (item.nodeType === 3) {
      parts.push(item.textContent ?? '');
      continue;
    }
    if (item.nodeType !== 1 && item.nodeType !== 9) continue;
    const name = item.nodeName.toUpperCase();
    if (skip.has(name)) continue;
    const separator = INLINE.has(name) ? '' : ' ';
    stack.push(separator);
    const children = item.childNodes; // linkedom rebuilds this list on every access
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
    stack.push(separator);
  }
  return normalizeWhitespace(parts.join(''));
}

/** Element count and nesting depth of a tree, walked iteratively, stopping once either bound is passed. */
function exceedsReadabilityBounds(root: DomNode): boolean {
  let elements = 0;
  const stack: Array<[DomNode, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node.nodeType !== 1 && node.nodeType !== 9) continue;
    if (++elements > READABILITY_MAX_ELEMENTS || depth > READABILITY_MAX_DEPTH) return true;
    const children = node.childNodes; // linkedom rebuilds this list on every access
    for (let i = 0; i < children.length; i++) stack.push([children[i], depth + 1]);
  }
  return false;
}

function metaMap(doc: DomNode): Map<string, string> {
  const map = new Map<string, string>();
  const metas = doc.querySelectorAll('meta');
  for (let i = 0; i < metas.length; i++) {
    const meta = metas[i];
    const key = (meta.getAttribute('property') ?? meta.getAttribute('name') ?? meta.getAttribute('http-equiv'))?.trim().toLowerCase();
    const content = nonEmpty(meta.getAttribute('content'));
    if (key && content && !map.has(key)) map.set(key, content);
  }
  return map;
}

function imageAltsOf(root: DomNode): string[] {
  const alts = new Set<string>();
  const images = root.querySelectorAll('img[alt]');
  for (let i = 0; i < images.length && alts.size < MAX_IMAGE_ALTS; i++) {
    const alt = nonEmpty(images[i].getAttribute('alt'));
    if (alt) alts.add(alt.slice(0, MAX_ALT_CHARS));
  }
  return [...alts];
}

// linkedom is not an HTML5 tree builder: without an <html> element it yields a document with no body.
function parseDocument(html: string): { document: DomNode & { documentElement: DomNode | null; body: DomNode | null } } {
  const hasHtml = /<html[\s>]/i.test(html);
  const source = hasHtml ? html : /<body[\s>]/i.test(html) ? `<html>${html}</html>` : `<html><head></head><body>${html}</body></html>`;
  return parseHTML(source) as never;
}

function readArticle(doc: DomNode): { node: DomNode; title?: string } | undefined {
  try {
    const article = new Readability<DomNode>(doc as never, { serializer: (node) => node as never }).parse();
    if (!article?.content) return undefined;
    return { node: article.content, title: nonEmpty(article.title) };
  } catch {
    // Readability can throw on malformed trees; the caller falls back to the body text.
    return undefined;
  }
}

/**
 * Extracts title, description, main text, site name, language and image alt texts from an HTML page.
 * Pure apart from CPU: no network, no globals.
 * @param html - the decoded document
 * @param _url - the page's address; part of the contract so callers need not change if extraction
 *   starts resolving relative references, which the text output does not need today
 */
export function extractHtml(html: string, _url: string): ExtractedHtml {
  const { document } = parseDocument(html);
  const meta = metaMap(document);
  const root = document.documentElement;
  const pageTitle = nonEmpty(document.querySelectorAll('title')[0]?.textContent);
  const lang = nonEmpty(root?.getAttribute('lang')) ?? nonEmpty(root?.getAttribute('xml:lang')) ?? meta.get('content-language');
  const description = meta.get('og:description') ?? meta.get('description') ?? meta.get('twitter:description');
  const siteName = meta.get('og:site_name') ?? meta.get('application-name');

  // Readability mutates the document, so everything above is read first.
  const useReadability = !exceedsReadabilityBounds(document);
  const article = useReadability ? readArticle(document) : undefined;
  let text = article ? textOf(article.node, SKIPPED) : '';
  let imageAlts = article ? imageAltsOf(article.node) : [];
  if (text === '') {
    const fresh = useReadability ? parseDocument(html).document : document;
    const body = fresh.body ?? fresh.documentElement ?? fresh;
    text = textOf(body, FALLBACK_SKIPPED);
    if (imageAlts.length === 0) imageAlts = imageAltsOf(body);
  }
  const title = meta.get('og:title') ?? meta.get('twitter:title') ?? pageTitle ?? article?.title;

  const result: ExtractedHtml = { text, imageAlts };
  if (title !== undefined) result.title = title;
  if (description !== undefined) result.description = description;
  if (siteName !== undefined) result.siteName = siteName;
  if (lang !== undefined) result.lang = lang;
  return result;
}
