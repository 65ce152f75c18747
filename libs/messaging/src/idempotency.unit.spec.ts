import { describe, expect, it } from 'vitest';
import { canonicalJson, commandMsgId } from './idempotency';

// Exact-retry idempotency: the message id an append carries (JetStream drops a second message with the same
// id). It names the write itself, so an exact retry is deduplicated and nothing else is.

const subject = 'tg.evt.ws_1.entity.abc';
const create = (over: Record<string, unknown> = {}) => ({ type: 'CreateEntity', entity_id: 'u1', entity_type: 'user', name: 'Ann', description: '', workspace: 'ws_1', at: 1000, request_id: 'req-1', ...over });

describe('commandMsgId', () => {
  it('gives an exact retry (same command, same aggregate, same state) the same id, whatever its clock', () => {
    expect(commandMsgId(subject, 4, create({ at: 9999 }))).toBe(commandMsgId(subject, 4, create()));
  });
  it.each([
    ['another request id (idempotency key)', subject, 4, create({ request_id: 'req-2' })],
    ['another body under the same request id', subject, 4, create({ name: 'Bo' })],
    ['another aggregate', 'tg.evt.ws_1.entity.xyz', 4, create()],
    ['another workspace', 'tg.evt.ws_2.entity.abc', 4, create({ workspace: 'ws_2' })],
    ['another state decided against', subject, 5, create()],
    ['no state yet', subject, null, create()],
  ] as const)('gives %s another id', (_what, subj, seq, cmd) => {
    expect(commandMsgId(subj, seq, cmd)).not.toBe(commandMsgId(subject, 4, create()));
  });
});

describe('canonicalJson', () => {
  it('writes equal values as equal text, keys sorted at every level, arrays in order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}');
    expect(canonicalJson({ a: { c: null, d: [2, 1] }, b: 1 })).toBe(canonicalJson({ b: 1, a: { d: [2, 1], c: null } }));
  });
});
