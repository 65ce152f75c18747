import { describe, expect, it } from 'vitest';
import { EVENT_VERSIONS, encodeVector, event, vectorOf } from './events';
import { EventSchemaError, decodeEvent, decodeEventPayload, encodeEvent, encodeEventPayload, upcastEvent, validateEvent } from './event-codec';

const meta = { workspace: 'ws_1', at: 5, request_id: 'r' };
const created = event('EntityCreated', { entity_id: 'u1', type: 'user', name: 'Ann', description: '', created_at: 5 }, meta);

describe('event codec', () => {
  it('writes the current schema version into every event', () => {
    expect(created.v).toBe(EVENT_VERSIONS.EntityCreated);
    expect(JSON.parse(encodeEvent(created))).toEqual(created);
  });
  it('given an event in the older shape (no version), when read, then it is upcast to the current version and valid', () => {
    const { v: _v, ...older } = created;
    expect(decodeEvent(JSON.parse(JSON.stringify(older)))).toEqual(created);
  });
  it('refuses an event that does not match its schema, on append and on read, naming the field', () => {
    const bad = { ...created, data: { entity_id: 'u1', type: 'user', created_at: 5 } };
    expect(() => encodeEvent(bad as never)).toThrowError(EventSchemaError);
    expect(() => decodeEvent(bad)).toThrowError(/EntityCreated does not match its schema.*name/);
    expect(() => validateEvent({ ...created, metadata: { at: 1 } })).toThrowError(EventSchemaError);
  });
  it('refuses unknown types and versions newer than this code reads', () => {
    expect(() => decodeEvent({ type: 'Nope', data: {}, metadata: meta })).toThrowError(/unknown event type/);
    expect(() => upcastEvent({ ...created, v: EVENT_VERSIONS.EntityCreated + 1 })).toThrowError(/this code reads versions/);
    expect(() => decodeEvent(null)).toThrowError(EventSchemaError);
  });
});

describe('event payloads (the log\'s two formats)', () => {
  const floats = Float32Array.from([-0, 1e-45, 3.4028234663852886e38, 1 + 2 ** -23, NaN, -1.5]);
  const embedded = event('ContentEmbedded', { entity_id: 'c1', of: 'content', model: 'm', dim: 6, vector: encodeVector(floats), text_digest: 'd', embedded_at: 5 }, meta);
  const hex = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('hex');
  const utf8 = (s: string) => new TextEncoder().encode(s);

  it('writes an event without a vector as its JSON text, and reads it back', () => {
    const payload = encodeEventPayload(created);
    expect(typeof payload).toBe('string');
    expect(decodeEventPayload(utf8(payload as string))).toEqual(created);
  });

  it('writes a vector event in the binary envelope and reads the floats back to the bit, from any byte offset', () => {
    const payload = encodeEventPayload(embedded) as Uint8Array;
    expect(payload).toBeInstanceOf(Uint8Array);
    expect([payload[0], payload[1]]).toEqual([0, 1]);
    expect(payload.length % 4).toBe(0);
    // A message's bytes sit anywhere in the socket's buffer: decode from an odd offset.
    const shifted = new Uint8Array(payload.length + 3);
    shifted.set(payload, 3);
    const back = decodeEventPayload(shifted.subarray(3));
    expect(back.type).toBe('ContentEmbedded');
    const { vector, ...rest } = (back as typeof embedded).data;
    expect(vector).toBeInstanceOf(Float32Array);
    expect(hex(vector as Float32Array)).toBe(hex(floats));
    const { vector: _, ...wrote } = embedded.data;
    expect({ ...back, data: rest }).toEqual({ ...embedded, data: wrote });
    // The same floats from the event written as JSON (before the binary format), and a vector given as floats encodes alike.
    expect(hex(vectorOf((decodeEventPayload(utf8(encodeEvent(embedded))) as typeof embedded).data.vector))).toBe(hex(floats));
    expect(encodeEventPayload({ ...embedded, data: { ...embedded.data, vector: floats } })).toEqual(payload);
    expect(JSON.parse(encodeEvent({ ...embedded, data: { ...embedded.data, vector: floats } }))).toEqual(embedded);
  });

  it('refuses a damaged or unknown binary payload', () => {
    const payload = encodeEventPayload(embedded) as Uint8Array;
    expect(() => decodeEventPayload(payload.subarray(0, payload.length - 2))).toThrowError(EventSchemaError);
    expect(() => decodeEventPayload(Uint8Array.from([0, 2, 0, 0, 0, 0, 0, 0]))).toThrowError(/format 2/);
    expect(() => decodeEventPayload(Uint8Array.from([0, 1, 0]))).toThrowError(EventSchemaError);
    const header = (o: unknown) => {
      const h = utf8(JSON.stringify(o));
      const out = new Uint8Array((8 + h.length + 3) & ~3);
      new DataView(out.buffer).setUint32(4, h.length, true);
      out[1] = 1;
      out.set(h, 8);
      return out;
    };
    expect(() => decodeEventPayload(header(created))).toThrowError(/only ContentEmbedded/);
    expect(() => decodeEventPayload(header(embedded))).toThrowError(/only ContentEmbedded/);
    const { vector: _, ...noVector } = embedded.data;
    expect(() => decodeEventPayload(header({ ...embedded, data: { ...noVector, dim: 'six' } }))).toThrowError(/ContentEmbedded does not match its schema/);
  });
});
