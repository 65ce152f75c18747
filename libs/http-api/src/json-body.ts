import { TgError } from '@tg/contracts';

/** Deepest nesting of arrays and objects a request body may have; the deepest request of the API nests 4 levels. */
export const MAX_BODY_DEPTH = 64;

const utf8 = new TextDecoder('utf-8', { fatal: true });
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const refuse = (why: string) => new TgError('invalid_json', `Request body is not valid JSON: ${why}`);

/**
 * Parses a request body as I-JSON (RFC 7493): UTF-8 (a leading byte order mark is ignored, as RFC 8259 §8.1 allows),
 * no string with an unpaired surrogate (it has no UTF-8 form, so what is stored would differ from what was sent), no
 * object with two members of the same name (parsers disagree on which one wins), nested at most
 * {@link MAX_BODY_DEPTH} levels. An empty (or blank) body is `undefined`: clients send `Content-Type: application/json`
 * with nothing on bodiless POSTs. Anything else throws `invalid_json`.
 */
export function parseJsonBody(raw: Uint8Array): unknown {
  let text: string;
  try {
    // `fatal` refuses malformed UTF-8 instead of replacing it with U+FFFD; the decoder drops a leading BOM.
    text = utf8.decode(raw);
  } catch {
    throw refuse('it is not UTF-8');
  }
  if (!text.trim()) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new TgError('invalid_json', 'Request body is not valid JSON');
  }
  const { members, nulls } = checkValue(value);
  // Every member of every object in a JSON text is written `name : value`, one colon outside strings each: more
  // colons than the parsed objects hold members means some object named a member twice.
  if (membersWritten(text) !== members) throw refuse('an object has two members with the same name');
  if (nulls && value !== null && typeof value === 'object') WITH_NULLS.add(value);
  return value;
}

/** Bodies {@link parseJsonBody} parsed that hold a `null` somewhere (the others need no walk for them). */
const WITH_NULLS = new WeakSet<object>();

/** Whether a body parsed by {@link parseJsonBody} holds a `null` at any depth (false for anything else). */
export function holdsNull(body: unknown): boolean {
  return typeof body === 'object' && body !== null && WITH_NULLS.has(body);
}

/**
 * Walks a parsed body (iteratively, bounded by depth): refuses unpaired surrogates; answers the number of members and
 * whether a `null` is among the values.
 */
function checkValue(root: unknown): { members: number; nulls: boolean } {
  let members = 0;
  let nulls = false;
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (UNPAIRED_SURROGATE.test(v)) throw refuse('a string has an unpaired surrogate (\\ud800–\\udfff), which has no UTF-8 form');
    } else if (v === null) {
      nulls = true;
    } else if (typeof v === 'object') {
      if (depth >= MAX_BODY_DEPTH) throw refuse(`it is nested deeper than ${MAX_BODY_DEPTH} levels`);
      if (Array.isArray(v)) {
        for (const item of v) stack.push([item, depth + 1]);
      } else {
        for (const [k, item] of Object.entries(v)) {
          members++;
          if (UNPAIRED_SURROGATE.test(k)) throw refuse('a member name has an unpaired surrogate (\\ud800–\\udfff), which has no UTF-8 form');
          stack.push([item, depth + 1]);
        }
      }
    }
  }
  return { members, nulls };
}

const BACKSLASH = 92;
const COLON = 58;

/** Colons outside strings in a text JSON.parse accepted: the number of object members it writes. */
function membersWritten(text: string): number {
  let colons = 0;
  let i = 0;
  for (;;) {
    const open = text.indexOf('"', i);
    const end = open < 0 ? text.length : open;
    for (let j = i; j < end; j++) if (text.charCodeAt(j) === COLON) colons++;
    if (open < 0) return colons;
    // The closing quote is the next one not escaped (preceded by an even number of backslashes).
    let close = open;
    for (;;) {
      close = text.indexOf('"', close + 1);
      let b = close - 1;
      while (text.charCodeAt(b) === BACKSLASH) b--;
      if ((close - 1 - b) % 2 === 0) break;
    }
    i = close + 1;
  }
}
