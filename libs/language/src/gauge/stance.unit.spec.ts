import { describe, expect, it } from 'vitest';
import { analyse } from '../nlp';
import { outcomeClause, praises, stanceScores, TONE_MAX_WORDS, toneWords } from './stance';

describe('learned components (round 9)', () => {
  it('apply only where they are meant to: outcome after an action report, proposal after praise', () => {
    const s = stanceScores('Switch the stream quality to 4K.', 'Switched. Buffering every ten seconds.', false, false);
    expect(s.outcome).toBe(0);
    expect(s.proposal).toBe(0);
    expect(outcomeClause('Switched. Buffering every ten seconds.').trim()).toBe('Buffering every ten seconds.');
    expect(outcomeClause('Done')).toBe('');
  });

  // The proposal component is not tested for ordering drastic against sound proposals: it does not do that
  // ("disable all the tests" 0.35, a sound fix 0.34; docs/benchmarks.md, Round 9).
  it('reads a bad outcome below a good one, in [-1, 1]', () => {
    const bad = stanceScores('Switch the stream quality to 4K.', 'Switched. Buffering every ten seconds.', true, false).outcome;
    const good = stanceScores('Switch the stream quality to 4K.', 'Switched. Crisp picture, no stutter.', true, false).outcome;
    expect(bad).toBeLessThan(0);
    expect(good).toBeGreaterThan(0);
    for (const v of [bad, good]) expect(Math.abs(v)).toBeLessThanOrEqual(1);
  });

  it('reads praise after a contrastive "but", not before it, and not in questions', () => {
    const p = (t: string) => praises(t, analyse(t));
    expect(p('Lovely, thanks.')).toBe(true);
    expect(p('Appreciate it, but not for me')).toBe(false);
    expect(p('Is it any good?')).toBe(false);
  });

  it('round 10: tone reads the words of a short follow-up that the reply did not use, and only the opening of a long one', () => {
    expect(toneWords('Try the ramen at Ippudo.', 'The ramen was a revelation.')).toEqual(['was', 'a', 'revelation']);
    expect(toneWords('Try the ramen at Ippudo.', 'word '.repeat(TONE_MAX_WORDS + 1))).toEqual([]);
    expect(toneWords('Try the ramen at Ippudo.', `Meh. ${'word '.repeat(TONE_MAX_WORDS)}`)).toEqual(['meh']);
    const praise = stanceScores('Try the ramen at Ippudo.', 'Oh, a revelation, you star.', false, false).tone;
    const gripe = stanceScores('Try the ramen at Ippudo.', 'Pointless, you are not even trying.', false, false).tone;
    expect(praise).toBeGreaterThan(gripe);
    for (const v of [praise, gripe]) expect(Math.abs(v)).toBeLessThanOrEqual(1);
  });
});
