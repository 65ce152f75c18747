import { describe, expect, it } from 'vitest';
import { analyse } from '../nlp';
import { outcomeClause, praises, stanceScores } from './stance';

describe('learned components (round 9)', () => {
  it('apply only where they are meant to: outcome after an action report, proposal after praise', () => {
    const s = stanceScores('Switch the stream quality to 4K.', 'Switched. Buffering every ten seconds.', false, false);
    expect(s).toEqual({ outcome: 0, proposal: 0 });
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

  // The served round-9 model read these as praise (AFINN counts "help", "good" and "fine" without their negation,
  // wink scores a bare "ok" 0.75), so the proposal component fired on complaints and bare acknowledgements.
  it.each([
    "This didn't help at all.",
    "didn't help",
    'not helpful',
    "doesn't really help",
    "Wasn't much help.",
    'That was no help.',
    'no good',
    'Nope, no luck.',
    'ok',
    'Ok.',
    'fine',
    'Fine.',
    'Fine, whatever.',
    'ok whatever, different question',
  ])('does not read %j as praise', (t) => {
    expect(praises(t, analyse(t))).toBe(false);
  });

  it.each(['Lovely, thanks.', 'Perfect.', 'Good.', 'OK, cool, that works.', 'Not bad at all!'])('still reads %j as praise', (t) => {
    expect(praises(t, analyse(t))).toBe(true);
  });

  // Round 12: neither lexicon scores "helped" (AFINN has "help" but not its past; wink none), so a plain report that
  // the reply helped was not praise.
  it.each(['That helped a lot.', 'This really helped.', 'helped loads tbh', 'It helped, thanks.'])('reads %j as praise', (t) => {
    expect(praises(t, analyse(t))).toBe(true);
  });

  it.each(["That hasn't helped.", "It didn't help much.", 'Never helped before either.', 'Has that ever helped anyone?'])(
    'does not read the negated or asked %j as praise',
    (t) => {
      expect(praises(t, analyse(t))).toBe(false);
    },
  );
});
