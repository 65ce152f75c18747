import { describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH, holdsNull, parseJsonBody } from './json-body';

const parse = (text: string | Uint8Array) => parseJsonBody(typeof text === 'string' ? Buffer.from(text) : text);
const refused = (text: string | Uint8Array) => expect(() => parse(text)).toThrow(expect.objectContaining({ code: 'invalid_json' }));

describe('parseJsonBody: request bodies are I-JSON', () => {
  it('reads JSON, an empty or blank body as undefined, and drops a leading byte order mark', () => {
    expect(parse('{"a":[1,{"b":"c"}]}')).toEqual({ a: [1, { b: 'c' }] });
    expect(parse('')).toBeUndefined();
    expect(parse(' \n')).toBeUndefined();
    expect(parse(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":1}')]))).toEqual({ a: 1 });
    refused('{"a":');
  });
  it('refuses bytes that are not UTF-8 (a truncated sequence, a lone continuation byte, an encoded surrogate)', () => {
    for (const bad of [[0xc3], [0x80], [0xed, 0xa0, 0x80], [0xff]]) refused(Buffer.concat([Buffer.from('{"a":"'), Buffer.from(bad), Buffer.from('"}')]));
  });
  it('refuses unpaired surrogate escapes in values and names; a pair is one character', () => {
    refused('{"a":"\\ud800"}');
    refused('{"a":"x\\udc00"}');
    refused('{"\\udbff":1}');
    refused('["\\udc00\\ud800"]');
    expect(parse('{"a":"\\ud83c\\udfb7"}')).toEqual({ a: '🎷' });
  });
  it('refuses a member named twice in one object, however it is spelled; the same name in two objects is fine', () => {
    refused('{"a":1,"a":2}');
    refused('{"a":1,"\\u0061":2}');
    refused('{"x":[{"a":1,"b":{"c":1},"a":1}]}');
    expect(parse('[{"a":1},{"a":2},{"b":{"a":3}}]')).toEqual([{ a: 1 }, { a: 2 }, { b: { a: 3 } }]);
  });
  it('counts members by the colons outside strings: colons, quotes and backslashes inside strings do not count', () => {
    expect(parse('{"k:1":"v: \\"q\\": 2","b\\\\":"\\\\","c":"\\\\\\"::"}')).toEqual({ 'k:1': 'v: "q": 2', 'b\\': '\\', c: '\\"::' });
    expect(parse('{ "a" : 1 , "b" :\n2 }')).toEqual({ a: 1, b: 2 });
    expect(parse('"a:b"')).toBe('a:b');
  });
  it(`refuses nesting deeper than ${MAX_BODY_DEPTH} levels, without deep recursion`, () => {
    expect(parse('['.repeat(MAX_BODY_DEPTH) + ']'.repeat(MAX_BODY_DEPTH))).toBeDefined();
    refused('['.repeat(MAX_BODY_DEPTH + 1) + ']'.repeat(MAX_BODY_DEPTH + 1));
    refused('{"a":'.repeat(200_000) + '1' + '}'.repeat(200_000));
  });
});

describe('holdsNull: which parsed bodies hold a null (only those are walked for null optional members)', () => {
  const parse = (text: string) => parseJsonBody(new TextEncoder().encode(text));
  it('is true for a body with a null at any depth, false otherwise', () => {
    for (const text of ['{"a":null}', '{"a":{"b":[1,{"c":null}]}}', '[null]']) expect(holdsNull(parse(text)), text).toBe(true);
    for (const text of ['{"a":1}', '{"a":"null"}', '[]', '{}', '"x"', '1']) expect(holdsNull(parse(text)), text).toBe(false);
    expect(holdsNull(parse('null'))).toBe(false);
    expect(holdsNull({ a: null })).toBe(false);
  });
});
