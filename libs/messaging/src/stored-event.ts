import { decodeEventPayload, type StoredEvent } from '@tg/contracts';

/**
 * Decodes a stream message into a stored event, in either of the log's formats (JSON, or the binary envelope of an event
 * with a vector: `encodeEventPayload`): upcast to its type's current version and validated (throws `EventSchemaError`).
 */
export function toStoredEvent(m: { data: Uint8Array; seq: number; subject: string }): StoredEvent {
  // The decoded event is this call's own fresh object (parsed here, or a copy made by an upcast): it gets its
  // position in place. Copying it with a spread cost more than parsing and validating it (replay, issue 15).
  const e = decodeEventPayload(m.data) as { seq?: number; subject?: string };
  e.seq = m.seq;
  e.subject = m.subject;
  return e as StoredEvent;
}
