import { describe, expect, it } from 'vitest';
import { allowedNames, groundingViolations } from './grounding';

describe('groundingViolations', () => {
  it('finds candidate names present in the text but not allowed', () => {
    const text = 'Try Kind of Blue, or maybe Bitches Brew if you want something wilder.';
    expect(groundingViolations(text, ['Kind of Blue'], ['Kind of Blue', 'Bitches Brew', 'A Love Supreme'])).toEqual(['Bitches Brew']);
  });

  it('is case-insensitive and matches whole names only', () => {
    expect(groundingViolations('we loved NOVA', [], ['Nova'])).toEqual(['Nova']);
    expect(groundingViolations('a night in Novara', [], ['Nova'])).toEqual([]);
    expect(groundingViolations('Café Lumen’s terrace', [], ['café lumen'])).toEqual(['café lumen']);
  });

  it('does not flag a candidate that only appears inside an allowed name', () => {
    expect(groundingViolations('Blue Note Café is lovely', ['Blue Note Café'], ['Blue Note'])).toEqual([]);
    expect(groundingViolations('Blue Note Café, then Blue Note', ['Blue Note Café'], ['Blue Note'])).toEqual(['Blue Note']);
  });

  it('reports each violation once, in candidate order, and ignores empty names', () => {
    expect(groundingViolations('B and A and B', [], ['', 'B', 'A', 'b'])).toEqual(['B', 'A']);
  });

  it('handles regex metacharacters in names', () => {
    expect(groundingViolations('I liked (What?) a lot', [], ['(What?)', 'C++'])).toEqual(['(What?)']);
  });
});

describe('allowedNames', () => {
  it('collects liked, suggestions and theme/avoid examples without duplicates', () => {
    const item = (name: string) => ({ id: name, name, score: 0.5 });
    expect(
      allowedNames({
        liked: [item('A')],
        suggestions: [item('B'), item('A')],
        themes: [{ examples: [item('C')] }],
        avoids: [{ examples: [item('D')] }],
      }),
    ).toEqual(['A', 'B', 'C', 'D']);
  });
});
