import { describe, expect, it } from 'vitest';
import { EVENT_VERSIONS, event } from './events';
import { EventSchemaError, decodeEvent, encodeEvent, upcastEvent, validateEvent } from './event-codec';

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
