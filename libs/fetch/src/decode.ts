import { TextDecoder } from 'node:util';

/** A parsed Content-Type header. */
export interface MediaType {
  /** Lower-case `type/subtype`, '' when the header is missing or empty. */
  essence: string;
  /** Lower-case `charset` parameter, when present. */
  charset?: string;
}

/** Parses a Content-Type header value (`text/html; charset="UTF-8"` → `{essence:'text/html', charset:'utf-8'}`). */
export function parseContentType(header: string | undefined): MediaType {
  if (!header) return { essence: '' };
  const [essence, ...params] = header.split(';');
  const media: MediaType = { essence: essence.trim().toLowerCase() };
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== 'charset') continue;
    const value = param.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1').toLowerCase();
    if (value !== '') media.charset = value;
    break;
  }
  return media;
}

function bomEncoding(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return undefined;
}

/** The charset an HTML document declares in a `<meta>` within its first 1024 bytes, per the HTML prescan. */
export function sniffHtmlCharset(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).toString('latin1');
  const match = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head);
  return match?.[1].toLowerCase();
}

function decoderFor(label: string | undefined): TextDecoder {
  if (label) {
    try {
      return new TextDecoder(label);
    } catch {
      // Unknown labels fall through to UTF-8, like browsers do.
    }
  }
  return new TextDecoder('utf-8');
}

/**
 * Decodes a response body. A byte-order mark wins, then the header charset, then (HTML only) a
 * `<meta charset>`, then UTF-8. Invalid sequences become U+FFFD; unknown labels mean UTF-8.
 */
export function decodeBody(bytes: Uint8Array, media: MediaType, isHtml: boolean): string {
  const label = bomEncoding(bytes) ?? media.charset ?? (isHtml ? sniffHtmlCharset(bytes) : undefined);
  return decoderFor(label).decode(bytes);
}
