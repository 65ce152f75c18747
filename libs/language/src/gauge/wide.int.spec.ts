import { describe, expect, it } from 'vitest';
import { evaluateGauge, gauge, GAUGE_MODEL, NEGATIVE_AT } from '@tg/language';
import { gaugeSplit, GAUGE_BLIND_SET, GAUGE_DATASET, GAUGE_NEUTRAL_ADDED_12, GAUGE_PHENOMENA_ROUND10, GAUGE_PHENOMENA_ROUND12, GAUGE_PHENOMENA_ROUND13, GAUGE_PHENOMENA_ROUND14, GAUGE_PHENOMENA_ROUND15, GAUGE_PHENOMENA_ROUND16, GAUGE_PHENOMENA_ROUND17, GAUGE_PHENOMENA_ROUND18, GAUGE_PHENOMENA_ROUND19, GAUGE_PHENOMENA_ROUND20, GAUGE_PHENOMENA_ROUND21, GAUGE_PHENOMENA_ROUND22, GAUGE_PHENOMENA_ROUND23, GAUGE_PHENOMENA_ROUND24, GAUGE_PHENOMENA_ROUND25, GAUGE_PHENOMENA_ROUND26, GAUGE_PHENOMENA_ADDED_27, GAUGE_PHENOMENA_ROUND27, GAUGE_PHENOMENA_ADDED_28, GAUGE_PHENOMENA_ROUND28, GAUGE_PHENOMENA_ADDED_29 } from '@tg/language/data';
import { scoreSignals } from './fit';
import { blockWords, crossFeatures, ENGAGEMENT_GATE, followupGrams, gramBuckets, HASH_BUCKETS, questionShape, reportsAction, ROUND17_FEATURES, ROUND19_FEATURES, ROUND22_FEATURES, ROUND23_FEATURES, ROUND24_FEATURES, ROUND25_FEATURES, ROUND26_FEATURES, ROUND27_BLOCKS, ROUND27_FEATURES, ROUND28_FEATURES, round28Features, ROUND29_FEATURES, round29Features, situationFeatures } from './lexical';
import { pairSignals } from './signals';
import { STANCE_TABLE } from './stance-weights';
import { guardedLogit, modelGate, noEvaluation, openingSentence, wideLogit, wideScore } from './wide';
import { WIDE_MODEL } from './wide-weights';

const RAMEN = 'For a weeknight ramen, simmer chicken stock with ginger and garlic, then add soft-boiled eggs and scallions.';

describe('wide model inputs (round 12)', () => {
  it('marks words in a negation scope, which a clause end or "but" closes', () => {
    const g = followupGrams(RAMEN, "This didn't help at all, but the eggs were good.");
    expect(g).toContain('~help');
    expect(g).toContain("didn't ~help");
    expect(g).toContain('good');
    expect(g).not.toContain('~good');
    expect(g).not.toContain('help');
  });

  it('marks the opening words as an answer only after a reply that asks or offers', () => {
    expect(followupGrams('Want me to add a dessert course?', 'yes please')).toContain('a:yes please');
    expect(followupGrams(RAMEN, 'yes please').some((x) => x.startsWith('a:'))).toBe(false);
    expect(gramBuckets(RAMEN, 'yes please').every((b) => b >= 0 && b < HASH_BUCKETS)).toBe(true);
  });

  it('reads numbers and names the follow-up repeats or replaces', () => {
    expect(crossFeatures('The stroller folds down to 9 kg.', 'box on my doorstep says 11.5 kg').numberReplaced).toBe(1);
    expect(crossFeatures('The last bus leaves at 18:40.', '18:40, screenshotting that').numberRepeated).toBe(1);
    expect(crossFeatures('The director is Denis Villeneuve.', 'Pretty sure it was Greta Gerwig.').nameReplaced).toBe(1);
    expect(crossFeatures('The director is Denis Villeneuve.', 'Villeneuve, great.').nameReplaced).toBe(0);
  });

  it('does not count the reply’s words echoed in a complaint as uptake', () => {
    const f = 'The ginger and garlic broth was bland.';
    expect(crossFeatures(RAMEN, f).echoMany).toBe(1);
    expect(crossFeatures(RAMEN, f, true).echoMany).toBe(0);
    expect(crossFeatures(RAMEN, f, true).echoShare).toBe(0);
  });
});

describe('wide model inputs (round 13): the shape of a question', () => {
  const on = (r: string, f: string) => Object.entries(questionShape(r, f)).filter(([, v]) => v).map(([k]) => k).sort();

  it('reads what a question opens with, after interjections and a leading "and"', () => {
    expect(on('Try the carbon steel pan.', 'ooh does it need seasoning?')).toEqual(['qAux', 'qItem']);
    expect(on('Drive instead of flying.', "and who's paying for the hotels?")).toEqual(['qConj', 'qWhoWhy']);
    expect(on('The smart fridge tracks your milk.', "can't i just like, look inside")).toEqual(['qMe', 'qNegAux']);
    expect(on('Watch all the earlier films first.', 'the new one comes out in 9 days??')).toEqual(['qDouble', 'qFragment', 'qItem']);
    expect(on('Make the dough over three days.', 'three days for breakfast, who does that')).toEqual(['qFragment', 'qItem', 'qWhoWhy']);
    expect(on('Ramp the toggle up slowly.', 'how do you usually decide where to start?')).toEqual(['qInfoWh', 'qYou']);
  });

  it('asks nothing in a statement, an exclamation or an unpunctuated report', () => {
    for (const f of ["can't wait for everyone's faces, making it sunday", 'did it and my husband asked for seconds', 'what a relief honestly', 'would love to try', 'Thanks, works.']) {
      expect(on('Add a spoon of brown butter.', f), f).toEqual([]);
    }
  });

  it('reads the rules’ engagement as 0 under a challenging question shape', () => {
    expect([...ENGAGEMENT_GATE].sort()).toEqual(['qComplaint', 'qConj', 'qGainDoubt', 'qNeedDoubt', 'qNegAux', 'qSceptical', 'qWhoWhy']);
    const r = 'Get the deluxe vinyl box set, it has the demos.';
    const challenged = "and who's got a record player these days?";
    const { signals, praised } = pairSignals(r, challenged);
    const cf = crossFeatures(r, challenged, false);
    expect(ENGAGEMENT_GATE.some((q) => cf[q] > 0)).toBe(true);
    expect(wideLogit(r, challenged, { ...signals, engagement: 1 }, praised)).toBeCloseTo(wideLogit(r, challenged, { ...signals, engagement: 0 }, praised), 9);
  });

  it('orders an engaged question above a challenging one after the same reply', () => {
    const pairs: [string, string, string][] = [
      ['Get the deluxe vinyl box set, it has the demos.', 'does it come with a download code too?', "and who's got a record player these days?"],
      ['Repaint the whole flat before the inspection.', 'would one coat be enough on the white walls?', 'who has the weekend for that?'],
      ['A sous vide stick makes steak foolproof.', 'can i use it with a normal stock pot?', "can't i just use a thermometer"],
    ];
    for (const [response, engaged, challenging] of pairs) {
      expect(gauge({ response, followup: engaged }).label, engaged).toBe('positive');
      expect(gauge({ response, followup: challenging }).label, challenging).toBe('negative');
    }
  });

  it('reads the reply blocks from the reply’s first sentence (every labelled reply is one sentence)', () => {
    const w = blockWords(RAMEN + ' The history of the noodle is long.', 'Great!', true, false);
    expect(w.reply).toEqual(blockWords(RAMEN, 'Great!', true, false).reply);
    expect(w.praisedReply).not.toContain('history');
  });
});

describe('wide model inputs (round 14): sarcasm and action reports', () => {
  const on = (r: string, f: string, praised: boolean, acted: boolean) =>
    Object.entries(situationFeatures(r, f, praised, acted)).filter(([, v]) => v).map(([k]) => k).sort();

  it('reads an opening report of what the user did, not an adjective in -ed', () => {
    for (const f of ['took it, stood the whole way', 'Rebooked, charged twice.', 'ran the codemod and nothing compiles', 'bought', 'now it has a hole'])
      expect(reportsAction(f.toLowerCase())).toBe(true);
    // "Unrelated, but…" was read as a report (and its "but" as a contrast after it) until this test.
    for (const f of ['Unrelated, but what is a good podcast?', 'excited, when does it ship?', 'Noted.', 'Sank in the middle.'])
      expect(reportsAction(f.toLowerCase())).toBe(false);
  });

  it('reads praise over a benefit or over a burden from the reply’s words, only when the follow-up praises', () => {
    expect(on('The cheaper plan cuts your bill in half.', 'brilliant', true, false)).toContain('praiseOverBenefit');
    expect(on('The plan charges £40 for every call.', 'brilliant', true, false)).toContain('praiseOverBurden');
    expect(on('The plan charges £40 for every call.', 'no thanks', false, false)).not.toContain('praiseOverBurden');
  });

  it('reads ironic constructions, and an outcome that no longer works after a report', () => {
    expect(on('Use the staging database.', 'brilliant, who needs backups anyway', true, false)).toContain('ironyCue');
    expect(on('Reset the router.', 'did that, now it won’t even connect', false, true)).toEqual(expect.arrayContaining(['brokenState', 'outcomeBroken', 'outcomeContrast']));
    expect(on('Reset the router.', 'did that, now it won’t even connect', false, false)).toContain('outcomeBroken'); // the opening report is read without the rules
    expect(on('Reset the router.', 'thanks, that explains it', true, false)).toEqual([]);
  });

  it('orders praise over a benefit above the same praise over a burden, and a working outcome above a broken one', () => {
    const g = (r: string, f: string) => gauge({ response: r, followup: f }).resonance;
    expect(g('The cheaper plan cuts your bill in half.', 'brilliant')).toBeGreaterThan(g('The cheaper plan charges £40 for every call you make.', 'brilliant'));
    expect(g('Use the staging database for the demo.', 'brilliant, that keeps prod safe')).toBeGreaterThan(g('Use the staging database for the demo.', 'brilliant, who needs backups anyway'));
    expect(g('Turn the router off and on again.', 'did that, connects fine now')).toBeGreaterThan(g('Turn the router off and on again.', 'did that, now it won’t even connect'));
  });
});

describe('wide model inputs (round 17): sincere surprise, praise over a counted burden, a number restated', () => {
  const on = (r: string, f: string, praised: boolean) =>
    Object.entries(crossFeatures(r, f, false, praised, false)).filter(([k, v]) => v && ROUND17_FEATURES.includes(k as never)).map(([k]) => k).sort();

  it('reads surprise or disbelief followed by thanks or a commitment to act', () => {
    expect(on('The museum is free on the first Sunday of each month.', 'hold on, seriously? we are going this Sunday then, thank you!', false)).toEqual(['surpriseThenAct']);
    expect(on('Ask them to price-match, most shops will.', 'no way, it worked, ordering two', false)).toEqual(['surpriseThenAct']);
    expect(on('Rewrite the intro from scratch.', 'seriously? the whole intro?', false)).toEqual([]);
    expect(on('Ask them to price-match, most shops will.', 'no way, I won’t be ordering from them again', false)).toEqual([]);
  });

  it('reads praise over a burden counted as a number or a duration, without thanks or a commitment', () => {
    expect(on('The connecting train leaves 4 hours after you land.', 'marvellous, four hours of station benches', true)).toEqual(['praiseOverCount']);
    expect(on('You need to fill in fourteen separate forms for the permit.', 'splendid, a fortnight of paperwork', true)).toEqual(['praiseOverCount']);
    expect(on('The slow cooker does it in 8 hours while you are at work.', 'perfect, 8 hours is my shift exactly, thanks', true)).toEqual([]);
    expect(on('The connecting train leaves 4 hours after you land.', 'four hours, ugh', false)).toEqual([]);
  });

  it('counts a number restated in another unit or form as repeated, not replaced', () => {
    const cf = crossFeatures('Your plan includes 2,000 texts.', '2k texts will do me');
    expect([cf.numberRepeated, cf.numberReplaced]).toEqual([1, 0]);
    const hour = crossFeatures('The battery lasts 90 minutes per charge.', 'an hour and a half is loads for my commute');
    expect([hour.numberRepeated, hour.numberReplaced]).toEqual([1, 0]);
    expect(crossFeatures('The battery lasts 90 minutes per charge.', 'mine dies after 40 minutes').numberReplaced).toBe(1);
  });

  it('does not read the disbelief of sincere surprise as a correction', () => {
    expect(pairSignals('Ask them to price-match, most shops will.', 'no way, it worked, ordering two').signals.correction).toBe(0);
    expect(pairSignals('The museum is free on the first Sunday of each month.', 'wait, honestly? booking tickets now').signals.correction).toBe(0);
    expect(pairSignals('The museum is closed on Mondays.', 'wait, it was open last Monday').signals.correction).toBeGreaterThan(0);
  });
});

describe('wide model inputs (round 19): excitement shown by a reaction, a sacrifice stated as welcome', () => {
  const on = (r: string, f: string, praised: boolean) =>
    Object.entries(crossFeatures(r, f, false, praised, false)).filter(([k, v]) => v && ROUND19_FEATURES.includes(k as never)).map(([k]) => k).sort();

  it('reads intensity markers with no trouble named as sincere excitement', () => {
    expect(on('The band added a second night in your city.', 'I literally yelped on the bus', false)).toEqual(['excitedReaction']);
    expect(on('Try the cardamom buns at the bakery on Elm.', 'OBSESSED. bought six', false)).toEqual(['excitedReaction']);
    expect(on('Your transfer was approved this morning.', 'can’t stop grinning at my desk', false)).toEqual(['excitedReaction']);
    expect(on('The sequel comes out in March.', 'aaaah march!! 🎉', false)).toEqual(['excitedReaction']);
    // Trouble or a burden named: not excitement.
    expect(on('The flight is delayed three hours.', 'I literally screamed, this is a disaster', false)).toEqual([]);
    expect(on('Your build is now 40 minutes.', 'can’t stop crying, the deadline is tomorrow and I will miss it', false)).toEqual([]);
    // No intensity marker: nothing.
    expect(on('The sequel comes out in March.', 'nice, noted', false)).toEqual([]);
  });

  it('reads a sacrifice or a burden stated as if it were welcome as irony', () => {
    expect(on('The only slot left is Sunday at 7am.', 'great, I only wanted a lie-in anyway', true)).toEqual(['sacrificeWelcomed']);
    expect(on('The upgrade wipes your saved settings.', 'who needs their settings', false)).toEqual(['sacrificeWelcomed']);
    expect(on('The form has to be posted, not emailed.', 'wonderful, because I adore queuing at the post office', true)).toEqual(['sacrificeWelcomed']);
    expect(on('Standby means a night at the airport.', 'what better way to spend a Friday', false)).toEqual(['sacrificeWelcomed']);
    // Sincere love of the thing itself, or a plan without irony: nothing.
    expect(on('The pottery class meets on Saturdays.', 'perfect, because I love making things with my hands', true)).toEqual([]);
    expect(on('The trail takes about five hours.', 'I only planned to walk to the pub, maybe next time', false)).toEqual([]);
  });
});

describe('wide model inputs (round 22): sceptical questions, interest stated without a question, surprise with praise, enjoyment of a burden ahead', () => {
  const on = (r: string, f: string, praised = false) =>
    Object.entries(crossFeatures(r, f, false, praised, false)).filter(([k, v]) => v && ROUND22_FEATURES.includes(k as never)).map(([k]) => k).sort();

  it('reads a question that doubts the proposal as sceptical, and gates the rules’ engagement on it', () => {
    expect(on('Use a stand mixer for the meringue.', 'does anyone actually own one of those?')).toEqual(['qSceptical']);
    expect(on('Take the sleeper train to Vienna.', "how's that any quicker than just flying?")).toEqual(['qSceptical']);
    expect(on('Install a linter plugin for it.', 'is that even necessary for a ten-line script?')).toEqual(['qSceptical']);
    expect(on('Buy the extended warranty.', "what's the point if it only covers the battery")).toEqual(['qSceptical']);
    expect(on('Read the whole series in order.', 'since when do you need the first book to follow the fourth?')).toEqual(['qSceptical']);
    expect(on('Repot it into a bigger pot.', 'is there any point this late in the year?')).toEqual(['qSceptical']);
    // Questions that ask how to go further: not sceptical.
    expect(on('Use a stand mixer for the meringue.', 'how long do I whisk it for?')).toEqual([]);
    expect(on('Take the sleeper train to Vienna.', 'can you book a private cabin on it?')).toEqual([]);
    expect(on('Install a linter plugin for it.', 'what about the config file, where does it go?')).toEqual([]);
    expect(on('Buy the extended warranty.', 'is it really two years? that sounds decent')).toEqual([]);
    expect(ENGAGEMENT_GATE).toContain('qSceptical');
    const r = 'Get a bread machine, it does the kneading for you.';
    const f = 'do I really need another machine on the counter?';
    const { signals, praised } = pairSignals(r, f);
    expect(wideLogit(r, f, { ...signals, engagement: 1 }, praised)).toBeCloseTo(wideLogit(r, f, { ...signals, engagement: 0 }, praised), 9);
  });

  it('reads interest stated without a question mark', () => {
    expect(on('The old town has a cable car up to the fort.', "I'd love to see the view from up there")).toEqual(['interestStated']);
    expect(on('Rust has a borrow checker that catches this.', 'tell me more about how it decides')).toEqual(['interestStated']);
    expect(on('Her debut was a collection of short stories.', "now I'm curious what the first one is about")).toEqual(['interestStated']);
    expect(on('The podcast interviews a chef each week.', 'I wonder which episode is the best one to start on')).toEqual(['interestStated']);
    expect(on('Try a dry riesling with the curry.', "I'd love a few more like that, I'm hooked")).toEqual(['interestStated']);
    // Negated, ironic or a complaint in it: not interest.
    expect(on('The old town has a cable car up to the fort.', "I wouldn't love to queue for that")).toEqual([]);
    expect(on('The update removes offline mode.', "I'd love to know who thought that was a good idea")).toEqual([]);
    expect(on('The update removes offline mode.', "I'd like to know why it keeps crashing then")).toEqual([]);
    expect(on('The old town has a cable car up to the fort.', 'nice, thanks')).toEqual([]);
  });

  it('reads surprise followed by praise, with no trouble named, as sincere delight', () => {
    expect(on('Your refund came through in full.', 'wait, really? that is brilliant', true)).toEqual(['surprisePraise']);
    expect(on('The author is signing books here on Friday.', 'no way, amazing', true)).toEqual(['surprisePraise']);
    // Trouble or a burden named: not delight.
    expect(on('Your flight moved to 6am.', 'seriously? great, another 4am alarm', true)).toEqual([]);
    expect(on('The author is signing books here on Friday.', 'no way, the queue will be awful', false)).toEqual([]);
  });

  it('reads enjoyment promised over a burden ahead as irony', () => {
    expect(on('The replacement part is back-ordered.', "lovely, we'll enjoy cooking on a camping stove until next month", true)).toEqual(['enjoyBurden']);
    expect(on('The only seats left are by the toilets.', "great, I'll love the queue past my elbow for eight hours", true)).toEqual(['enjoyBurden']);
    // Enjoyment of the thing itself: not irony.
    expect(on('The cottage has a wood-fired hot tub.', "we'll enjoy that after the hike, thanks", true)).toEqual([]);
    expect(on('The box set has all five seasons.', "I'll love bingeing these over the holidays", true)).toEqual([]);
  });
});

describe('wide model inputs (round 23): a thing done before the reply, news told by a reaction, irony over an implied burden, delight told as being overwhelmed', () => {
  const on = (r: string, f: string, praised = false) =>
    Object.entries(crossFeatures(r, f, false, praised, false)).filter(([k, v]) => v && ROUND23_FEATURES.includes(k as never)).map(([k]) => k).sort();

  it('reads a thing reported as done before the reply asked for it', () => {
    expect(on('Back up your photos to the cloud before the update.', 'already done, synced the lot last night', true)).toEqual(['alreadyDone']);
    expect(on('Book the restaurant early, it fills up.', 'did that already, table for six at eight')).toEqual(['alreadyDone']);
    expect(on('Turn on two-factor authentication.', 'way ahead of you, it has been on since spring')).toEqual(['alreadyDone']);
    expect(on('Add an index to that column.', 'beat you to it')).toEqual(['alreadyDone']);
    expect(on('Get the car serviced before the road trip.', 'sorted it already last week, thanks')).toEqual(['alreadyDone']);
    // Done now, asked about, or not done: not done before.
    expect(on('Back up your photos to the cloud before the update.', 'done, took about ten minutes', true)).toEqual([]);
    expect(on('Book the restaurant early, it fills up.', 'is it already full?')).toEqual([]);
    expect(on('Add an index to that column.', 'not done yet, will try tonight')).toEqual([]);
  });

  it('reads news to the user told by a reaction or a regret', () => {
    expect(on('Library cards get you free museum passes in some cities.', 'had no idea, and I have had a card for years')).toEqual(['newsReaction']);
    expect(on('You can freeze cooked rice in portions.', 'who knew! that changes my meal prep')).toEqual(['newsReaction']);
    expect(on('Most airlines let you pick a seat for free a day before.', 'so there I was paying for it every single time')).toEqual(['newsReaction']);
    expect(on('VS Code can format your file on save.', 'wish I’d known that a year ago')).toEqual(['newsReaction']);
    expect(on('Podcasts can be sped up to 1.5x in the app settings.', 'TIL, thank you')).toEqual(['newsReaction']);
    // Confusion, knowing it already, or bad news: not news welcomed.
    expect(on('Use a mutex around the counter.', 'no idea what you mean by that')).toEqual([]);
    expect(on('The museum is free on Sundays.', 'I know, we go every month')).toEqual([]);
    expect(on('The update changes the default font.', 'had no idea it would break all my templates')).toEqual([]);
  });

  it('reads praise or a mock commitment over a disproportionate task or a long wait as irony', () => {
    expect(on('The form has to be submitted on paper.', 'sure, I’ll just copy out 40 pages by hand before Monday')).toEqual(['impliedBurden']);
    expect(on('Support replies within 10 working days.', 'lovely, I’ll hear back sometime in March', true)).toEqual(['impliedBurden']);
    expect(on('The courier only delivers to that postcode on Tuesdays.', 'brilliant, the parcel will turn up eventually', true)).toEqual(['impliedBurden']);
    expect(on('The archive only lends one reel at a time.', 'fine, let me watch all 2,000 hours of it one by one')).toEqual(['impliedBurden']);
    // A short wait, thanks, or a plan without a burden: nothing.
    expect(on('The parcel ships today.', 'great, it’ll be here by Thursday', true)).toEqual([]);
    expect(on('Here is a reading list for the summer.', 'perfect, I’ll get through them by September', true)).toEqual([]);
    expect(on('Write 500 words a day.', 'sure, I’ll start tomorrow, thanks')).toEqual([]);
  });

  it('reads delight told as being overwhelmed, over good news', () => {
    expect(on('The concert was moved to your city.', 'pinch me')).toEqual(['overwhelmedJoy']);
    expect(on('Your paper was accepted at the conference.', 'am I dreaming? my heart is racing')).toEqual(['overwhelmedJoy']);
    expect(on('The author replied to your letter.', 'I might actually faint')).toEqual(['overwhelmedJoy']);
    // Over bad news or with trouble named: not delight.
    expect(on('The surgery has been cancelled again.', 'my heart is racing, what do I do now')).toEqual([]);
    expect(on('Your flight is delayed by five hours.', 'pinch me, this cannot be happening')).toEqual([]);
  });

  it('reads an age as an age, not a duration, so that excitement is not vetoed by it', () => {
    const excited = (r: string, f: string) => crossFeatures(r, f, false, false, false).excitedReaction;
    expect(excited('The zoo has a baby elephant on show this month.', 'our 3-year-old squealed when she saw the photo')).toBe(1);
    expect(excited('The zoo has a baby elephant on show this month.', 'squealed, then queued 3 hours to see it')).toBe(0);
  });
});

describe('wide model inputs (round 24): a question that doubts what the proposal gains, delight told as a debt or a surrender', () => {
  const on = (r: string, f: string, praised = false) =>
    Object.entries(crossFeatures(r, f, false, praised, false)).filter(([k, v]) => v && ROUND24_FEATURES.includes(k as never)).map(([k]) => k).sort();

  it('reads a question that doubts what the proposal gains, and gates the rules’ engagement on it', () => {
    expect(on('Upgrade to the business plan for the shared inbox.', 'and what does the shared inbox actually get us?')).toEqual(['qGainDoubt']);
    expect(on('Rewrite the module in Rust.', 'what’s in it for me though')).toEqual(['qGainDoubt']);
    expect(on('Take the overnight ferry instead of flying.', 'what is that for, exactly?')).toEqual(['qGainDoubt']);
    expect(on('Add a prologue set ten years earlier.', 'to what end?')).toEqual(['qGainDoubt']);
    expect(ENGAGEMENT_GATE).toContain('qGainDoubt');
    // Asking what a thing includes or how it works: engaged, not doubt.
    expect(on('Upgrade to the business plan for the shared inbox.', 'what does the business plan get me on top of the inbox?')).toEqual([]);
    expect(on('Take the overnight ferry instead of flying.', 'how does the cabin booking work, exactly?')).toEqual([]);
    expect(on('Add a prologue set ten years earlier.', 'what would it open with?')).toEqual([]);
  });

  it('reads delight told as a debt or a surrender as sincere', () => {
    expect(on('The bakery will hold the last sourdough for you.', 'I owe you a pint for this')).toEqual(['owedDelight']);
    expect(on('The limited vinyl pressing is back in stock.', 'shut up and take my money')).toEqual(['owedDelight']);
    expect(on('The spa day includes a massage and lunch.', 'booked, worth every penny')).toEqual(['owedDelight']);
    expect(on('The new season drops all episodes on Friday.', 'goodbye weekend, and honestly I don’t even mind')).toEqual(['owedDelight']);
    expect(on('There is a cheese festival in town this weekend.', 'there goes the budget, zero regrets')).toEqual(['owedDelight']);
    // A debt asked about or refused, resignation over damage, irony: not delight.
    expect(on('The repair comes to £80.', 'how much do I owe you?')).toEqual([]);
    expect(on('The repair comes to £80.', 'I owe you nothing, it broke again')).toEqual([]);
    expect(on('The update wiped your settings.', 'it broke everything and I don’t even care anymore')).toEqual([]);
  });
});

describe('wide model inputs (round 25): a confirmation by experience or by a fact with no verb', () => {
  const on = (r: string, f: string) =>
    Object.entries(crossFeatures(r, f, false, false, false)).filter(([k, v]) => v && ROUND25_FEATURES.includes(k as never)).map(([k]) => k).sort();

  it('reads agreement followed by the speaker’s own experience as a confirmation', () => {
    expect(on('Most shops in Oslo take cards, you barely need cash.', 'yep, we didn’t touch a single note the whole week we were there')).toEqual([]); // a negation in it: not read
    expect(on('Most shops in Oslo take cards, you barely need cash.', 'yep, I tapped my card for everything when I was there in March')).toEqual(['confirmExperience']);
    expect(on('Soaking the beans overnight shortens the cooking a lot.', 'true, my gran always did that the night before')).toEqual(['confirmExperience']);
    expect(on('The 0.4 release changed the default port to 8443.', 'can confirm, our staging box moved over last week')).toEqual(['confirmExperience']);
    expect(on('The sequel was filmed mostly in Malta.', 'that matches what we saw on the tour two summers ago')).toEqual(['confirmExperience']);
    // Agreement then a contrast, a question, irony or a mishap: not a confirmation.
    expect(on('Most shops in Oslo take cards, you barely need cash.', 'right, but we got stuck at a market that only took cash last year')).toEqual([]);
    expect(on('Soaking the beans overnight shortens the cooking a lot.', 'yeah right, because that worked so well last time')).toEqual([]);
    expect(on('The 0.4 release changed the default port to 8443.', 'true, and it broke our proxy when we upgraded')).toEqual([]);
    expect(on('The sequel was filmed mostly in Malta.', 'right, did you see that on the tour?')).toEqual([]);
  });

  it('reads agreement followed by a bare fact, a name or a number with no verb, as a confirmation', () => {
    expect(on('The first Harry Potter film was directed by Chris Columbus.', 'yes, Columbus, 2001')).toEqual(['confirmFact']);
    expect(on('Python dicts keep insertion order since 3.7.', 'correct, 3.7 onwards')).toEqual(['confirmFact']);
    expect(on('The Eurostar leaves from St Pancras.', 'St Pancras, yep')).toEqual(['confirmFact']);
    expect(on('Gruyère is the classic cheese for a fondue.', 'exactly, Gruyère and a splash of kirsch')).toEqual(['confirmFact']);
    // A different fact put forward, a negation or a question: not a confirmation.
    expect(on('The Eurostar leaves from St Pancras.', 'no, Waterloo, years ago')).toEqual([]);
    expect(on('Python dicts keep insertion order since 3.7.', 'correct, not 3.6 though')).toEqual([]);
    expect(on('The first Harry Potter film was directed by Chris Columbus.', 'yes, Columbus? not Cuarón?')).toEqual([]);
    expect(on('The first Harry Potter film was directed by Chris Columbus.', 'ok')).toEqual([]);
  });
});

describe('wide model inputs (round 26): a question doubting the need, praise over a consequence drawn from bad news, delight told by its effect', () => {
  const on = (r: string, f: string) =>
    Object.entries(crossFeatures(r, f, false, false, false)).filter(([k, v]) => v && ROUND26_FEATURES.includes(k as never)).map(([k]) => k).sort();
  // Per input: [reply, follow-up, the round-26 inputs expected to fire].
  const cases: Record<(typeof ROUND26_FEATURES)[number], [string, string, string[]][]> = {
    qNeedDoubt: [
      ['Take three lenses on the trip.', 'does a weekend in Bruges honestly need three lenses?', ['qNeedDoubt']],
      ['Run the side project on Kubernetes.', 'would a two-person team actually require a cluster', ['qNeedDoubt']],
      ['Get a stand mixer for your bread.', 'is a stand mixer really necessary for one loaf a week?', ['qNeedDoubt']],
      ['Use a state machine library for the form.', 'isn’t a library a bit much for three fields?', ['qNeedDoubt']],
      ['Hire a copy editor for the newsletter.', 'a copy editor for a 300-word newsletter, isn’t that overkill?', ['qNeedDoubt']],
      ['The premium plan adds offline playlists.', 'is the premium tier truly worth it for one listener?', ['qNeedDoubt']],
      // Genuine questions about the item: no word of doubt, a requirement of the item ("need to rest"), a wh-question.
      ['Let the dough prove overnight.', 'does the dough really need to rest that long?', []],
      ['Visit Bruges in December.', 'do I need to book the canal boats ahead?', []],
      ['Take three lenses on the trip.', 'which lens would I really need for the belfry?', []],
      ['The premium plan adds offline playlists.', 'is it worth it for the lossless audio?', []],
      ['Get a stand mixer for your bread.', 'a stand mixer is really necessary, I agree', []],
    ],
    praiseConsequence: [
      ['The courier now says delivery will be in 10 working days.', 'wonderful, I’ll wrap an empty box for her birthday then', ['praiseConsequence']],
      ['The earliest appointment at the garage is next month.', 'marvellous, plenty of time to learn to walk everywhere', ['praiseConsequence']],
      ['The library has postponed the book launch to January.', 'perfect, that gives me the whole winter to forget I wanted it', ['praiseConsequence']],
      ['The migration script takes about 14 hours on your data.', 'excellent, we can watch it over the whole weekend', ['praiseConsequence']],
      // The same opener over good news, an acceptance of the offer, thanks, or a question: not read.
      ['The courier says it arrives tomorrow morning.', 'wonderful, I’ll wrap it for her birthday tonight', []],
      ['The earliest appointment at the garage is next month.', 'perfect, I’ll book it now', []],
      ['The library has postponed the book launch to January.', 'great, thanks for letting me know, I’ll put it in the diary', []],
      ['The migration script takes about 14 hours on your data.', 'excellent, can we run it in chunks?', []],
    ],
    delightEffect: [
      ['The landlord agreed to let you keep the cat.', 'I get my evenings on the sofa with her back', ['delightEffect']],
      ['Your visa came through this morning.', 'the whole family is about to start shrieking', ['delightEffect']],
      ['The new script files the invoices for you every month.', 'my Sundays are mine again, might finally learn to bake', ['delightEffect']],
      ['Your tests now run in parallel, about four times faster.', 'now I can actually leave on time on release days', ['delightEffect']],
      // The same shapes over trouble, with irony, in a question or negated: not read.
      ['Your flight is delayed by nine hours.', 'now I can actually read the whole airport menu', []],
      ['The landlord agreed to let you keep the cat.', 'as if I get my evenings back, she never stops yowling', []],
      ['Your tests now run in parallel, about four times faster.', 'so can I finally leave on time?', []],
      ['Your visa came through this morning.', 'I won’t get my weekends back until the move is done', []],
    ],
  };

  it('reads a yes/no question doubting that the offered thing is needed or worth it, whatever its subject', () => {
    for (const [r, f, want] of cases.qNeedDoubt) expect(on(r, f), f).toEqual(want);
  });

  it('reads praise followed by a consequence drawn from bad news in the reply as irony', () => {
    for (const [r, f, want] of cases.praiseConsequence) expect(on(r, f), f).toEqual(want);
  });

  it('reads sincere delight told only by its effect on the speaker', () => {
    for (const [r, f, want] of cases.delightEffect) expect(on(r, f), f).toEqual(want);
  });
});

describe('wide model inputs (round 27): parts of the pair compared by polarity, read through word vectors', () => {
  const words = (r: string, f: string) => blockWords(r, f, false, false);
  it('reads the situation under a praise word apart from the praise: the follow-up’s other content words', () => {
    // Irony and sincere delight share the praise word; what the situation words mean is left to their vectors.
    expect(words('The extended edition runs four hours.', 'lovely, a four hour film on a school night').praiseSituation).toEqual(['four', 'hour', 'film', 'school', 'night']);
    expect(words('Your visa came through.', 'wonderful news, booking the flights tonight').praiseSituation).toEqual(['news', 'booking', 'flights', 'tonight']);
    // No word of valence >= 2: no situation block.
    expect(words('The extended edition runs four hours.', 'cancelling all plans, see you monday').praiseSituation).toEqual([]);
  });

  it('reads the words after an agreement opener apart, and the follow-up that carries no cue word', () => {
    expect(words('The Beatles released Abbey Road in 1969.', 'yes, though it wasn’t their debut').agreedRest).toEqual(['though', 'it', 'wasn’t', 'their', 'debut'].map((w) => w.replace('’', "'")));
    expect(words('The Beatles released Abbey Road in 1969.', 'their twelfth album, I think').agreedRest).toEqual([]);
    expect(words('The Traitors is fun.', 'the whole family is hooked').uncued).toEqual(['whole', 'family', 'hooked']);
    expect(words('The Traitors is fun.', 'the whole family loves it').uncued).toEqual([]);
    expect(ROUND27_BLOCKS).toEqual(['praiseSituation', 'agreedRest', 'uncued']);
  });

  it('reads agreement that the rest of the follow-up denies or corrects', () => {
    const on = (r: string, f: string) => crossFeatures(r, f).agreeThenDeny;
    expect(ROUND27_FEATURES).toEqual(['agreeThenDeny']);
    expect(on('Lisbon is the capital of Spain.', 'right country next door, but Madrid is the capital')).toBe(1);
    expect(on('Sydney is the capital of Australia.', 'yes the biggest city, not the capital though')).toBe(1);
    expect(on('The Beatles released Abbey Road as their debut in 1969.', '1969 yes, debut no')).toBe(1);
    expect(on('Pho comes from Vietnam.', 'yes, had it in Hanoi last year')).toBe(0);
    expect(on('Pho comes from Vietnam.', 'no, it does not, it is Thai')).toBe(0);
  });
});

describe('wide model inputs (round 28): the reply’s values compared with the follow-up’s, actions told in the past tense', () => {
  const on = (r: string, f: string) => Object.entries(round28Features(r, f)).filter(([, v]) => v > 0).map(([k]) => k);
  it('reads another value for the slot a reply word filled (a word of its class that the reply does not hold) as replaced', () => {
    expect(ROUND28_FEATURES).toEqual(['slotReplaced', 'slotReplacedAgreed', 'slotKept', 'actedPast', 'actedAgain']);
    // A city for a city, a fat for a fat: no number, no capital letter, no cue word.
    expect(on('The Breaking Bad house is in Denver.', 'albuquerque, has been since the pilot')).toContain('slotReplaced');
    expect(on('Carbonara is traditionally made with cream.', 'butter and parmesan actually')).toContain('slotReplaced');
    // The reply's value repeated under a negation is denied: neither kept nor (with no other word of its class) replaced.
    expect(on('Carbonara is made with cream.', 'eggs and cheese, no cream in it')).toEqual([]);
    // After an agreement opener the replacement is read apart (partial agreement, or agreement with more detail).
    expect(on('The Breaking Bad house is in Denver.', 'yes, in albuquerque')).toEqual(expect.arrayContaining(['slotReplaced', 'slotReplacedAgreed']));
  });

  it('reads a follow-up that repeats the reply’s own values and replaces none as kept', () => {
    expect(on('Carbonara is made with eggs and cheese.', 'eggs and cheese, that’s how my nonna does it')).toEqual(['slotKept']);
    expect(on('The Breaking Bad house is in Albuquerque.', 'albuquerque it is')).toEqual(['slotKept']);
  });

  it('reads an action told in the past tense by the speaker, or with no subject, and not under a negation or a complaint', () => {
    expect(on('That ramen bar near the station is worth a visit.', 'went back the next day with my sister')).toContain('actedPast');
    expect(on('The dotted notebook suits planning.', 'we filled it in a fortnight')).toContain('actedPast');
    expect(on('That ramen bar near the station is worth a visit.', 'never went back')).not.toContain('actedPast');
    expect(on('That ramen bar near the station is worth a visit.', 'they closed it last year')).not.toContain('actedPast');
    expect(on('That ramen bar near the station is worth a visit.', 'went once, awful broth')).not.toContain('actedPast');
  });

  it('reads repetition or continuation of an action as acting again, not under a negation', () => {
    expect(on('The soundtrack is worth a listen.', 'on repeat all week')).toContain('actedAgain');
    expect(on('The soundtrack is worth a listen.', 'listening to it again now')).toContain('actedAgain');
    expect(on('The soundtrack is worth a listen.', 'not listening to that again')).not.toContain('actedAgain');
  });

  it('leaves the round-28 inputs at weight 0 for a model that has none (the served resonance stays finite)', () => {
    const r = 'The Breaking Bad house is in Denver.';
    const f = 'yes, in albuquerque';
    const { signals, praised } = pairSignals(r, f);
    expect(Number.isFinite(wideLogit(r, f, signals, praised))).toBe(true);
  });
});

describe('wide model inputs (round 29): what a question asks about, and another thing of the same kind', () => {
  const on = (r: string, f: string) => Object.entries(round29Features(r, f)).filter(([, v]) => v > 0).map(([k]) => k);
  it('names the round-29 inputs and puts the complaining question in the engagement gate', () => {
    expect(ROUND29_FEATURES).toEqual(['qAttribute', 'qComplaint', 'entityReplaced', 'entityKept', 'shapeReplaced']);
    expect(ENGAGEMENT_GATE).toContain('qComplaint');
  });

  it('reads a question about an attribute or the use of the offered thing as one, with or without a question mark', () => {
    const jumper = 'The merino jumper from Uniqlo is on sale for £40.';
    const trail = 'The ridge trail above the lake has the best views.';
    expect(on(jumper, 'does it come in blue')).toContain('qAttribute');
    expect(on(jumper, 'does it come in blue?')).toContain('qAttribute');
    expect(on(trail, 'how long does the trail take')).toContain('qAttribute');
    expect(on('Feature flags let you ship dark and switch on later.', 'talk me through turning one on for ten percent of users')).toContain('qAttribute');
    expect(on(trail, 'nice, we loved it')).not.toContain('qAttribute');
  });

  it('reads a rhetorical or complaining question as a complaint, not as an attribute question', () => {
    const cafe = 'The roastery in the hills is worth the drive for its flat white.';
    expect(on(cafe, 'who drives three hours for a coffee')).toEqual(['qComplaint']);
    expect(on(cafe, 'why would I want that?')).toContain('qComplaint');
    expect(on('Swap the stock for a homemade one.', 'is anyone really going to taste the difference under gravy?')).toContain('qComplaint');
    expect(on(cafe, 'why would I want that?')).not.toContain('qAttribute');
    expect(on('The merino jumper is on sale for £40.', 'does it come in blue')).not.toContain('qComplaint');
  });

  it('reads a name of the same kind as the reply’s, that the reply does not hold, as a replaced entity, lower case or not', () => {
    expect(on('The Trevi Fountain is in Florence.', 'rome, i stood outside it in may')).toContain('entityReplaced');
    expect(on('Pride and Prejudice was written by Charlotte Brontë.', 'austen surely')).toContain('entityReplaced');
    expect(on('Jaws was directed by George Lucas.', 'It was Spielberg.')).toContain('entityReplaced');
    // The reply's own name repeated, and no other: kept.
    expect(on('The Trevi Fountain is in Rome.', 'rome, i stood outside it in may')).toEqual(['entityKept']);
    // The reply's name denied and another given: replaced.
    expect(on('The Trevi Fountain is in Florence.', 'not florence, rome')).toContain('entityReplaced');
    // No name in the reply: nothing to replace.
    expect(on('Resting a steak keeps it juicy.', 'Heston says so too')).not.toContain('entityReplaced');
  });

  it('reads a year, a clock time, a weekday or a price of the reply given as another as a replaced shape', () => {
    expect(on('Toy Story came out in 1997.', '1995, saw it that christmas')).toContain('shapeReplaced');
    expect(on('The museum opens at 10:00.', 'half nine, we were in at 9:30')).toContain('shapeReplaced');
    expect(on('The market runs on Saturdays.', 'sundays only now')).toContain('shapeReplaced');
    expect(on('Toy Story came out in 1995.', '1995, saw it that christmas')).not.toContain('shapeReplaced');
    expect(on('Toy Story is a Pixar film.', '1995, saw it that christmas')).not.toContain('shapeReplaced');
  });

  it('gates a model only on the question shapes it has a weight for (a model fitted before round 29 is not gated by qComplaint)', () => {
    expect(modelGate({ qWhoWhy: 0.2, qNegAux: 0.1, qConj: 0, qSceptical: 0, qGainDoubt: 0, qNeedDoubt: 0 })).not.toContain('qComplaint');
    expect(modelGate({ qWhoWhy: 0.2, qComplaint: -0.3 })).toEqual(['qWhoWhy', 'qComplaint']);
  });
});

describe('wide model (round 12)', () => {
  it('ships int8 tables that match the shared vocabulary and the hash size', () => {
    const words = STANCE_TABLE.words.split(' ').length;
    for (const b of WIDE_MODEL.blocks) expect(Buffer.from(b.scores, 'base64').length, b.name).toBe(words);
    expect(Buffer.from(WIDE_MODEL.hash.weights, 'base64').length).toBe(HASH_BUCKETS);
  });

  it('is what gauge() serves; a rule-signal model passed explicitly is still applied as before', () => {
    const followup = 'The soft-boiled eggs are a great idea. How long should I boil them?';
    const { signals, praised } = pairSignals(RAMEN, followup);
    expect(gauge({ response: RAMEN, followup }).resonance).toBeCloseTo(wideScore(RAMEN, followup, signals, praised), 3);
    expect(gauge({ response: RAMEN, followup }, GAUGE_MODEL).resonance).toBeCloseTo(scoreSignals(signals, GAUGE_MODEL), 3);
  });

  it('gives no evaluation (0.5) to an empty follow-up and a bare acknowledgement, but not to thanks', () => {
    for (const f of ['', '  ', 'ok', 'Noted.']) {
      const { signals, praised } = pairSignals(RAMEN, f);
      expect(noEvaluation(f, signals), f).toBe(true);
      expect(wideScore(RAMEN, f, signals, praised), f).toBe(0.5);
    }
    const { signals } = pairSignals(RAMEN, 'ok thanks');
    expect(noEvaluation('ok thanks', signals)).toBe(false);
  });

  it('does not let the sentences after a complaint dilute it', () => {
    const f = "Didn't work. I followed every step and spent the evening on it.";
    expect(openingSentence(f)).toBe("Didn't work.");
    const { signals, praised } = pairSignals(RAMEN, f);
    expect(signals.rejection).toBeGreaterThan(0);
    const g = guardedLogit(RAMEN, f, signals, praised);
    expect(g).toBeLessThanOrEqual(wideLogit(RAMEN, f, signals, praised));
    expect(g).toBeLessThanOrEqual(wideLogit(RAMEN, "Didn't work.", signals, praised));
    expect(gauge({ response: RAMEN, followup: f }).resonance).toBeLessThanOrEqual(NEGATIVE_AT);
  });

  it('separates positive from negative on sets outside its training (development held-out, issue-6 blind set)', () => {
    expect(evaluateGauge(GAUGE_DATASET.filter((_, i) => gaugeSplit(i) === 'held-out')).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.9);
    const blind = evaluateGauge(GAUGE_BLIND_SET);
    expect(blind.aucPositiveVsNegative).toBeGreaterThanOrEqual(0.8);
    expect(blind.confusion.positive.negative).toBe(0);
  });

  it('fits its training pairs (in sample, so only a check that the shipped tables are the fitted ones)', () => {
    // Round 10 is in the wide model's training; the rule model, which never saw it, scored it 0.734.
    expect(evaluateGauge(GAUGE_PHENOMENA_ROUND10).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.95);
    expect(evaluateGauge(GAUGE_NEUTRAL_ADDED_12).counts.neutral).toBe(24);
    // Round 12 is in training since round 13.
    expect(evaluateGauge(GAUGE_PHENOMENA_ROUND12).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.95);
    // Round 13 is in training since round 14.
    expect(evaluateGauge(GAUGE_PHENOMENA_ROUND13).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.95);
    // Round 14 is in training since round 15 (the round-14 model, which never saw it, scored it 0.938).
    expect(evaluateGauge(GAUGE_PHENOMENA_ROUND14).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.95);
    // Rounds 15 and 16 are in training since round 17 (model C, which never saw them, scored them 0.894 and 0.957).
    expect(evaluateGauge(GAUGE_PHENOMENA_ROUND15).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.95);
    expect(evaluateGauge(GAUGE_PHENOMENA_ROUND16).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.97);
    // Rounds 17 and 18 are in training since round 19 (model G; model E, which never saw them, scored them 0.925 and 0.903).
    expect(evaluateGauge(GAUGE_PHENOMENA_ROUND17).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.97);
    expect(evaluateGauge(GAUGE_PHENOMENA_ROUND18).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.97);
    // Rounds 19 and 20 are in training since round 21 (model H; model G, which never saw them, scored them 0.932 and
    // 0.946; H in sample 0.993 and 0.994).
    expect(evaluateGauge(GAUGE_PHENOMENA_ROUND19).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.97);
    expect(evaluateGauge(GAUGE_PHENOMENA_ROUND20).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.97);
    // Round 21 is in the round-22 model I's training (H, which never saw it, scored it 0.883; I in sample 0.988): a floor
    // for the model being fitted, I.
    expect(evaluateGauge(GAUGE_PHENOMENA_ROUND21).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.97);
    // Round 22 is in the round-23 model J's training (I, which never saw it, scored it 0.911): a floor for the model
    // being fitted, J.
    expect(evaluateGauge(GAUGE_PHENOMENA_ROUND22).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.97);
    // Round 23 is in the round-24 model K's training (J, which never saw it, scored it 0.879): a floor for the model
    // being fitted, K.
    expect(evaluateGauge(GAUGE_PHENOMENA_ROUND23).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.97);
    // Round 24 is in the round-25 model L's training (K, which never saw it, scored it 0.923): a floor for the model
    // being fitted, L.
    expect(evaluateGauge(GAUGE_PHENOMENA_ROUND24).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.97);
    // Round 25 is in the round-26 model M's training (L, which never saw it, scored it 0.910): a floor for the model
    // being fitted, M.
    expect(evaluateGauge(GAUGE_PHENOMENA_ROUND25).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.97);
    // Round 26 and the round-27 additions are in the round-27 model N's training (M, which never saw round 26, scored it
    // 0.871): a floor for the model being fitted, N (in sample 0.975). The additions, written at round 26's misses, stay
    // hard in sample (N 0.936; M, which never saw them, 0.753): their floor is a check that the tables are N's.
    expect(evaluateGauge(GAUGE_PHENOMENA_ROUND26).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.97);
    expect(evaluateGauge(GAUGE_PHENOMENA_ADDED_27).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.93);
    // Round 27 and the round-28 additions are in the round-28 model O's training (N, which never saw round 27, scored it
    // 0.811; the additions 0.609): a floor for the model being fitted, O (in sample 0.956 and 0.880).
    expect(evaluateGauge(GAUGE_PHENOMENA_ROUND27).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.95);
    expect(evaluateGauge(GAUGE_PHENOMENA_ADDED_28).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.87);
    // Round 28 and the round-29 additions are in the round-29 model Q's training (in sample 0.986 and 0.997).
    expect(evaluateGauge(GAUGE_PHENOMENA_ROUND28).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.98);
    expect(evaluateGauge(GAUGE_PHENOMENA_ADDED_29).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.99);
  });
});
