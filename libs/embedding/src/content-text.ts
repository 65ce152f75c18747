/** The fields of a content item that can carry text to embed. */
export interface ContentTextSource {
  /** Inline or extracted text. */
  content?: string;
  /** Title. */
  title?: string;
  /** Description or caption. */
  description?: string;
  /** Content URL; its file name and path words describe media items. */
  url?: string;
  /** Media kind: `text`, `image`, `audio`, `video`. */
  type?: string;
  /** Alt text of an image (or a transcript-like label of other media). */
  alt?: string;
}

/** Options of {@link textForContent}. */
export interface ContentTextOptions {
  /** Longest text returned; cut at a word boundary. Default 8000 characters. */
  maxChars?: number;
}

const MEDIA_TYPES = new Set(['image', 'audio', 'video']);
const DEFAULT_MAX_CHARS = 8000;
/** Path segments that only say where a file is stored, not what it shows. */
const GENERIC_SEGMENTS = new Set([
  'img', 'imgs', 'image', 'images', 'pic', 'pics', 'picture', 'pictures', 'photo', 'photos', 'media', 'static',
  'asset', 'assets', 'upload', 'uploads', 'file', 'files', 'content', 'contents', 'wp', 'cdn', 'thumb', 'thumbs',
  'thumbnail', 'thumbnails', 'original', 'originals', 'large', 'medium', 'small', 'full', 'resized', 'public',
  'dist', 'download', 'downloads', 'audio', 'audios', 'video', 'videos', 'mp3', 'mp4',
  'jpg', 'jpeg', 'png', 'gif', 'webp', 'raw', 'src', 'data', 'www', 'dsc', 'dscn', 'dcim', 'screenshot', 'v1', 'v2',
]);

/**
 * The text to embed for a content item: title, description, alt text and content, each once. Media
 * items (image, audio, video) also get the words of their URL's file name and meaningful parent folders
 * (`https://x.com/img/red-leather-boots.jpg` → "red leather boots"), since that is often all that
 * describes them. Returns '' when nothing textual is known.
 */
export function textForContent(item: ContentTextSource, opts: ContentTextOptions = {}): string {
  const parts = [item.title, item.description, item.alt, item.content];
  if (item.type && MEDIA_TYPES.has(item.type.toLowerCase()) && item.url) parts.push(urlWords(item.url));
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const part of parts) {
    const clean = part?.replace(/\s+/g, ' ').trim();
    if (!clean || seen.has(clean.toLowerCase())) continue;
    seen.add(clean.toLowerCase());
    kept.push(clean);
  }
  return truncate(kept.join('\n'), opts.maxChars ?? DEFAULT_MAX_CHARS);
}

/**
 * Descriptive words of a URL: its file name without extension, then up to two parent folders that are
 * not storage jargon, numbers or hashes. `https://x.com/uploads/miles-davis/So_What.mp3` → "so what miles davis".
 */
export function urlWords(url: string): string {
  const segments = pathOf(url).split('/').filter(Boolean).map(safeDecode);
  const file = segments.pop();
  if (!file) return '';
  const words = segmentWords(file.replace(/\.[a-z0-9]{1,5}$/i, ''));
  let parents = 0;
  for (let i = segments.length - 1; i >= 0 && parents < 2; i--) {
    const w = segmentWords(segments[i]);
    if (w.length > 0) {
      words.push(...w);
      parents++;
    }
  }
  return words.join(' ');
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url.replace(/[?#].*$/s, '');
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment.replace(/%[0-9a-f]{0,2}/gi, ' ');
  }
}

/** Splits on separators and camelCase, and drops numbers, hashes, sizes and storage jargon. */
function segmentWords(segment: string): string[] {
  return segment
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .filter((w) => w.length > 1 && !isNoise(w));
}

function isNoise(word: string): boolean {
  return (
    GENERIC_SEGMENTS.has(word) ||
    /^\d+$/.test(word) ||
    /^\d+x\d+$/.test(word) ||
    /^\d+(px|p|w|h|k)$/.test(word) ||
    (/\d/.test(word) && /^[0-9a-f]{8,}$/.test(word)) ||
    (word.length > 16 && /\d/.test(word))
  );
}

function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.search(/\s\S*$/);
  return (space > max * 0.8 ? cut.slice(0, space) : cut).trimEnd();
}
