import { describe, expect, it } from 'vitest';
import { gauge } from '@tg/language';
import { pairFeatures } from './features-pair';

const f = (response: string, followup: string) => pairFeatures(response, followup);
const r = (response: string, followup: string) => gauge({ response, followup }).resonance;

describe('pair features', () => {
  it('a detail replaced is a contradiction; the same detail repeated is a confirmation', () => {
    expect(f('Your flight boards at gate A4 at 7:40.', 'Gate B12.').contradiction).toBe(1);
    expect(f('Your flight boards at gate A4 at 7:40.', 'A4, got it.').confirmation).toBe(1);
    expect(f('The film was directed by Denis Villeneuve.', 'Ridley Scott.').contradiction).toBe(1);
    expect(f('The museum is open until 6 pm.', 'Is it open on Mondays?').contradiction).toBe(0);
  });

  it('reads restated constraints, refusals, already-have and pivots', () => {
    expect(f('Try a creamy risotto with parmesan.', 'I did say no dairy.').restatement).toBe(1);
    expect(f('You might like these wool socks.', 'Appreciate it, but not for me.').refusal).toBe(1);
    expect(f('You should watch Breaking Bad.', 'Already seen it.').alreadyHave).toBe(1);
    expect(f('You should watch Better Call Saul.', 'Haven’t seen that one yet.').notYet).toBe(1);
    expect(f('It is a missing peer dependency.', 'ok whatever, different question').pivotAway).toBe(1);
    expect(f('It is a missing peer dependency.', 'That was it, thanks! Different question: CI?').pivotAway).toBe(0);
  });

  it('a terse action report with a good outcome is done; with a bad one it failed', () => {
    expect(f('Bump the timeout and redeploy.', 'done, deployed').actionDone).toBe(1);
    expect(f('Change the import.', 'Did that. Same error.').actionFailed).toBe(1);
  });

  it('round 3: how an action went is read from what follows it, by lemma and polarity', () => {
    expect(f('This desk lamp suits a small room.', 'Ordered one. Bulb flickers.').actionFailed).toBe(1);
    expect(f('Take the night train to Vienna.', 'Took it. Late anyway.').actionFailed).toBe(1);
    expect(f('Glaze the carrots with honey.', 'Glazed. Kids asked for seconds.').actionDone).toBe(1);
    expect(f('Squash the commits before merging.', 'Squashed, merged, pipeline passing.').actionDone).toBe(1);
    // Digits inside a product name are not a number to contradict.
    expect(f('The Moleskine2000 planner has a ribbon.', 'Got three.').contradiction).toBe(0);
  });

  it('round 3: already-have from familiarity, past consumption with a past time, "already" with a present verb', () => {
    expect(f('Try the album Blue by Joni Mitchell.', 'Know that one inside out.').alreadyHave).toBe(1);
    expect(f('Visit the Alhambra.', 'We toured it last summer.').alreadyHave).toBe(1);
    expect(f('A standing desk might help.', 'I work at one already.').alreadyHave).toBe(1);
    expect(f('Try the audiobook version.', 'New one on me, queuing it.').alreadyHave).toBe(0);
  });

  it('ironic praise over a burden, but not sincere praise of a good outcome', () => {
    expect(f('The nearest café is a 90-minute drive away.', 'Fantastic, a three-hour round trip for a coffee.').ironicPraise).toBe(1);
    expect(f('There is a café two minutes from your hotel.', 'Fantastic, two minutes for a coffee, thanks!').ironicPraise).toBe(0);
  });

  it('engaged questions about the item, rhetorical ones against it', () => {
    expect(f('The Osprey Atmos 65 fits your trip.', 'Does it come in a smaller size?').engagement).toBe(1);
    expect(f('Consider the premium model at $900.', 'Who pays $900 for a kettle?').rhetorical).toBe(1);
  });

  it('the gauge orders the issue examples the way a person would', () => {
    expect(r('Your flight boards at gate A4.', 'Gate B12.')).toBeLessThan(r('Your flight boards at gate A4.', 'A4, thanks!'));
    expect(r('Try a creamy mushroom risotto.', 'I did say no dairy.')).toBeLessThan(0.4);
    expect(r('The Osprey Atmos 65 is the best fit.', 'bought')).toBeGreaterThanOrEqual(0.6);
    expect(r('Bump the timeout and redeploy.', 'done, deployed')).toBeGreaterThanOrEqual(0.6);
    expect(r('You might like these wool socks.', 'Appreciate it, but not for me')).toBeLessThan(0.4);
    expect(r('The nearest café is a 90-minute drive.', 'Fantastic, a three-hour drive for a coffee')).toBeLessThan(0.5);
  });
});
