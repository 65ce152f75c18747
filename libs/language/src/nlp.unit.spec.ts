import { describe, expect, it } from 'vitest';
import { analyse, MAX_WORD } from './nlp';

describe('analyse: text of any shape in bounded time', () => {
  // wink's stemmer runs regular expressions whose time grows with the square of a word's length: a follow-up of one
  // 4,000-character "word" held the language service 1.8-2.7 s (sixteenth session).
  it('given a run of non-space characters longer than MAX_WORD, then it is analysed as its first MAX_WORD characters; shorter words are untouched', () => {
    const long = 'a'.repeat(4_000);
    const a = analyse(`thanks, ${long} works`);
    expect(a.tokens.map((t) => t.normal)).toEqual(['thanks', ',', 'a'.repeat(MAX_WORD), 'works']);
    const word = 'x'.repeat(MAX_WORD);
    expect(analyse(`a ${word} b`).tokens.map((t) => t.normal)).toEqual(['a', word, 'b']);
  });
});
