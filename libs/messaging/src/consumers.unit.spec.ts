import { EventSchemaError, event } from '@tg/contracts';
import { describe, expect, it } from 'vitest';
import { toStoredEvent } from './consumers';

const msg = (body: unknown, seq = 7) => ({ seq, subject: 'tg.evt.ws_a.entity.e1', json: <T>() => JSON.parse(JSON.stringify(body)) as T });

describe('toStoredEvent', () => {
  it('decodes a message into its event with its stream position', () => {
    const e = event('EntityCreated', { entity_id: 'e1', type: 'user', name: 'n', description: '', created_at: 1 }, { workspace: 'ws_a', at: 1 });
    expect(toStoredEvent(msg(e))).toEqual({ ...e, seq: 7, subject: 'tg.evt.ws_a.entity.e1' });
  });

  it('upcasts an event written before versions and still refuses one that does not match its schema', () => {
    const data = { entity_id: 'e1', type: 'user', name: 'n', description: '', created_at: 1 };
    const stored = toStoredEvent(msg({ type: 'EntityCreated', data, metadata: { workspace: 'ws_a', at: 1 } }, 3));
    expect(stored).toMatchObject({ type: 'EntityCreated', data, seq: 3 });
    expect(stored.v).toBeGreaterThanOrEqual(1);
    expect(() => toStoredEvent(msg({ type: 'EntityCreated', v: 1, data: { ...data, created_at: 'yesterday' }, metadata: { workspace: 'ws_a', at: 1 } }))).toThrow(EventSchemaError);
    expect(() => toStoredEvent(msg({ type: 'ContentEmbedded', v: 1, data: { entity_id: 'e1' }, metadata: { workspace: 'ws_a', at: 1 } }))).toThrow(EventSchemaError);
  });
});
