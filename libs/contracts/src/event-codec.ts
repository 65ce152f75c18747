import { Compile, type Validator } from 'typebox/compile';
import { Type, type TSchema } from 'typebox';
import { EventSchemas, EVENT_VERSIONS, decodeVector, encodeVector, type EventType, type TgEvent } from './events';

/** An event that does not match its schema (on append: a bug; on read: a log this code cannot apply). */
export class EventSchemaError extends Error {
  override readonly name = 'EventSchemaError';
  constructor(message: string, readonly details: { type?: unknown; v?: unknown; errors?: string[] } = {}) {
    super(message);
  }
}

const Metadata = Type.Object({ workspace: Type.String(), at: Type.Number(), request_id: Type.Optional(Type.String()) });

/**
 * Upcasters: per event type, a function per older version `n` turning data of version `n` into version `n + 1`.
 * Version 0 is the shape written before events carried `v`; today every type's version 1 has the same data
 * as its version 0 (fields added since are optional), so those steps are the identity. A change of shape
 * bumps the type's version in `EVENT_VERSIONS` and adds the step from the previous one here.
 */
const UPCASTERS: { readonly [T in EventType]?: readonly ((data: Record<string, unknown>) => Record<string, unknown>)[] } = {};

const checkers = new Map<string, Validator<any, any, any>>();
function checkerFor(type: EventType): Validator<any, any, any> {
  let c = checkers.get(type);
  if (!c) checkers.set(type, (c = Compile(Type.Object({ type: Type.Literal(type), v: Type.Number(), data: EventSchemas[type] as TSchema, metadata: Metadata }))));
  return c;
}

const isEventType = (t: unknown): t is EventType => typeof t === 'string' && Object.prototype.hasOwnProperty.call(EventSchemas, t);

/** Checks an event in its current version against its schema; throws {@link EventSchemaError}. */
export function validateEvent(e: unknown): TgEvent {
  const type = (e as { type?: unknown } | null)?.type;
  if (!isEventType(type)) throw new EventSchemaError(`unknown event type ${JSON.stringify(type)}`, { type });
  const c = checkerFor(type);
  if (!c.Check(e)) {
    const errors = c.Errors(e).slice(0, 5).map((x) => `${x.instancePath || '/'} ${x.message}`);
    throw new EventSchemaError(`${type} does not match its schema: ${errors.join('; ')}`, { type, v: (e as { v?: unknown }).v, errors });
  }
  return e as TgEvent;
}

/** Brings an event read from the log to its type's current version (older versions are upcast step by step). */
export function upcastEvent(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object') throw new EventSchemaError('an event must be an object');
  const e = raw as { type?: unknown; v?: unknown; data?: Record<string, unknown> };
  if (!isEventType(e.type)) throw new EventSchemaError(`unknown event type ${JSON.stringify(e.type)}`, { type: e.type });
  const current = EVENT_VERSIONS[e.type];
  let v = e.v === undefined ? 0 : e.v;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > current) {
    throw new EventSchemaError(`${e.type} has version ${JSON.stringify(e.v)}, this code reads versions 0..${current}`, { type: e.type, v: e.v });
  }
  if (v === current) return raw;
  let data = e.data;
  const steps = UPCASTERS[e.type] ?? [];
  for (; v < current; v++) if (data && steps[v]) data = steps[v]!(data);
  return { ...e, v: current, data };
}

/** Decodes an event read from the log: upcast to the current version, then validated. */
export function decodeEvent(raw: unknown): TgEvent {
  return validateEvent(upcastEvent(raw));
}

/**
 * Encodes an event as JSON text, validated against its schema first: the log's format 0 (see {@link encodeEventPayload}),
 * a vector as base64.
 */
export function encodeEvent(e: TgEvent): string {
  validateEvent(e);
  if (e.type === 'ContentEmbedded' && typeof e.data.vector !== 'string') return JSON.stringify({ ...e, data: { ...e.data, vector: encodeVector(e.data.vector) } });
  return JSON.stringify(e);
}

/*
 * Wire formats of the event log. An event is stored as its JSON text (format 0: every event without a vector, and
 * every event written before format 1), or, when it carries a vector (`ContentEmbedded`), in a binary envelope
 * (format 1), so that a reader neither scans nor decodes the vector as base64 text:
 *
 *   offset 0   0x00              magic: no JSON text starts with a NUL byte
 *          1   0x01              format
 *          2   0x00 0x00         reserved
 *          4   uint32 LE         H, the header's length in bytes
 *          8   H bytes           the event as UTF-8 JSON without `data.vector`
 *          8+H 0-3 zero bytes    to a multiple of 4 from the payload's start
 *          …   4 x n bytes       `data.vector`: n float32, little-endian, to the payload's end
 *
 * Readers tell the two apart by the first byte. Message ids and headers are the same in both formats.
 */
const BINARY_MAGIC = 0x00;
const BINARY_FORMAT = 1;
const BINARY_HEADER_AT = 8;
const LITTLE_ENDIAN_HOST = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const utf8 = new TextEncoder();
const text = new TextDecoder();

/**
 * Encodes an event for the log, validated against its schema first: an event with a vector in the binary envelope
 * (format 1, above), any other as its JSON text.
 */
export function encodeEventPayload(e: TgEvent): string | Uint8Array {
  validateEvent(e);
  if (e.type !== 'ContentEmbedded') return JSON.stringify(e);
  const { vector, ...rest } = e.data;
  const floats = typeof vector === 'string' ? decodeVector(vector) : vector;
  const header = utf8.encode(JSON.stringify({ ...e, data: rest }));
  const at = (BINARY_HEADER_AT + header.length + 3) & ~3;
  const out = new Uint8Array(at + floats.length * 4);
  const view = new DataView(out.buffer);
  out[0] = BINARY_MAGIC;
  out[1] = BINARY_FORMAT;
  view.setUint32(4, header.length, true);
  out.set(header, BINARY_HEADER_AT);
  if (LITTLE_ENDIAN_HOST) out.set(new Uint8Array(floats.buffer, floats.byteOffset, floats.byteLength), at);
  else for (let i = 0; i < floats.length; i++) view.setFloat32(at + i * 4, floats[i]!, true);
  return out;
}

/** Decodes an event's payload as stored in the log, in either format (see {@link encodeEventPayload}): upcast, then validated. */
export function decodeEventPayload(bytes: Uint8Array): TgEvent {
  if (bytes.length === 0 || bytes[0] !== BINARY_MAGIC) return decodeEvent(JSON.parse(text.decode(bytes)));
  if (bytes[1] !== BINARY_FORMAT) throw new EventSchemaError(`event payload of format ${bytes[1]}: this code reads formats 0 (JSON) and ${BINARY_FORMAT}`);
  if (bytes.length < BINARY_HEADER_AT) throw new EventSchemaError('binary event payload shorter than its envelope');
  const size = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(4, true);
  const at = (BINARY_HEADER_AT + size + 3) & ~3;
  if (at > bytes.length || (bytes.length - at) % 4 !== 0) throw new EventSchemaError(`binary event payload of ${bytes.length} bytes does not hold a ${size}-byte header and whole floats`);
  const raw = JSON.parse(text.decode(bytes.subarray(BINARY_HEADER_AT, BINARY_HEADER_AT + size))) as { type?: unknown; data?: Record<string, unknown> } | null;
  if (raw?.type !== 'ContentEmbedded' || !raw.data || typeof raw.data !== 'object' || 'vector' in raw.data) {
    throw new EventSchemaError(`binary event payload of ${JSON.stringify(raw?.type)}: only ContentEmbedded, its vector after the header`, { type: raw?.type });
  }
  // One copy into the vector's own memory: a view would keep the whole network buffer it came in alive.
  const floats = new Float32Array((bytes.length - at) / 4);
  if (LITTLE_ENDIAN_HOST) new Uint8Array(floats.buffer).set(bytes.subarray(at));
  else {
    const view = new DataView(bytes.buffer, bytes.byteOffset + at, bytes.length - at);
    for (let i = 0; i < floats.length; i++) floats[i] = view.getFloat32(i * 4, true);
  }
  raw.data.vector = floats;
  return decodeEvent(raw);
}
