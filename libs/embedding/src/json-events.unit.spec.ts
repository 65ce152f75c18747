import { describe, expect, it } from 'vitest';
import { JsonEventParser, type JsonEventHandler } from './json-events';

/** Rebuilds the value from the events, so the parser can be compared with JSON.parse. */
function treeBuilder(): JsonEventHandler & { result(): unknown } {
  const stack: Array<{ value: unknown[] | Record<string, unknown>; key?: string }> = [];
  let root: unknown;
  const add = (v: unknown): void => {
    const top = stack[stack.length - 1];
    if (!top) root = v;
    else if (Array.isArray(top.value)) top.value.push(v);
    else top.value[top.key!] = v;
  };
  return {
    startObject: () => {
      const v = {};
      add(v);
      stack.push({ value: v });
    },
    startArray: () => {
      const v: unknown[] = [];
      add(v);
      stack.push({ value: v });
    },
    endObject: () => void stack.pop(),
    endArray: () => void stack.pop(),
    key: (k) => (stack[stack.length - 1].key = k),
    string: add,
    number: add,
    literal: add,
    result: () => root,
  };
}

function parseInChunks(text: string, chunkSize: number): unknown {
  const bytes = Buffer.from(text, 'utf8');
  const handler = treeBuilder();
  const parser = new JsonEventParser(handler);
  for (let i = 0; i < bytes.length; i += chunkSize) parser.write(bytes.subarray(i, i + chunkSize));
  parser.end();
  return handler.result();
}

const SAMPLE = JSON.stringify({
  precision: 8,
  size: 3,
  words: ['the', ',', '"', '\\', 'ünïcødé', '日本', 'emoji 🎷'],
  vectors: { the: [0.418, -0.24968, 1e-7, -3.5e+2, 0, -0, 123456789.12345, 1, 341478] },
  flags: [true, false, null],
  nested: { a: [[], {}, [{}]], 'esc\n"key': 'tab\there' },
});

describe('JsonEventParser', () => {
  it('emits the same document as JSON.parse whole and split at every byte', () => {
    const expected = JSON.parse(SAMPLE);
    expect(parseInChunks(SAMPLE, 1 << 20)).toEqual(expected);
    expect(parseInChunks(SAMPLE, 1)).toEqual(expected);
    expect(parseInChunks(SAMPLE, 7)).toEqual(expected);
  });

  it('parses numbers exactly like parseFloat', () => {
    const numbers = ['0.418', '-0.24968', '3.24940891', '0.0095799', '-0.000001', '12', '-7.5e-3', '1E5', '0.1234567890123456789'];
    const got = parseInChunks(`[${numbers.join(',')}]`, 3) as number[];
    expect(got).toEqual(numbers.map(Number));
    for (let i = 0; i < got.length; i++) expect(Object.is(got[i], Number(numbers[i]))).toBe(true);
  });

  it('accepts a top-level scalar and surrounding whitespace', () => {
    expect(parseInChunks('  42 \n', 1)).toBe(42);
    expect(parseInChunks('"x"', 1)).toBe('x');
  });

  it.each([
    ['[1,2', 'unexpected end'],
    ['{"a":1,}', 'unexpected }'],
    ['[1 2]', 'unexpected value'],
    ['{"a" 1}', 'unexpected value'],
    ['[1]]', 'unexpected data'],
    ['[tru]', 'unexpected token'],
    ['[1.2.3]', 'invalid JSON number'],
    ['["open', 'unexpected end'],
    ['{1:2}', 'unexpected value'],
  ])('rejects %s', (text, message) => {
    expect(() => parseInChunks(text, 2)).toThrow(message);
  });
});
