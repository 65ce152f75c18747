/**
 * Second blind round for the phenomena of issue 17: written after the second model (GAUGE_MODEL of commit
 * 3648795, its pair features and lexicons) was frozen and committed, and never used to fit or revise it.
 * New replies and follow-ups over the same phenomena and domains, each phenomenon with both labels.
 * This is the set `npm run bench -- gauge` reports as the honest figure (docs/benchmarks.md).
 */
import type { GaugeDomain, GaugeExample, GaugeKind, GaugeLabel } from '../src/gauge/types';

type L = 'p' | 'u' | 'n';
type Row = [GaugeDomain, L, string, string];

const LABEL: Record<L, GaugeLabel> = { p: 'positive', u: 'neutral', n: 'negative' };

const rows: Partial<Record<GaugeKind, Row[]>> = {
  contradiction: [
    ['travel', 'n', 'Your rental car pickup is at Terminal 2.', 'Terminal 5.'],
    ['travel', 'p', 'Your rental car pickup is at Terminal 2.', 'Terminal 2, cheers.'],
    ['travel', 'n', 'The hike to the lake is 8 km each way.', 'Signpost said 14.'],
    ['shopping', 'n', 'Your parcel will arrive Wednesday.', 'Came Friday.'],
    ['shopping', 'p', 'Your parcel will arrive Wednesday.', 'Wednesday works, I’m home then.'],
    ['food', 'n', 'The bakery on Elm Street opens at 7.', 'It’s on Oak Street.'],
    ['food', 'p', 'The bakery on Elm Street opens at 7.', 'Elm Street at 7, see you there croissants.'],
    ['coding', 'n', 'The API rate limit is 100 requests per minute.', 'Their docs say 60.'],
    ['coding', 'p', 'The API rate limit is 100 requests per minute.', '100 a minute is plenty for us, thanks.'],
    ['writing', 'n', 'The manuscript should be double-spaced in Times New Roman 12.', 'They want Garamond 11.'],
    ['media', 'n', 'The soundtrack was composed by Hans Zimmer.', 'Jóhann Jóhannsson.'],
    ['media', 'p', 'The soundtrack was composed by Hans Zimmer.', 'Zimmer, of course. That explains the horns.'],
  ],
  restatement: [
    ['food', 'n', 'A pork belly bao would be a great starter.', 'Half the guests are Muslim, as I said.'],
    ['food', 'p', 'Vegetable gyoza keep it halal-friendly for your guests.', 'Halal-friendly, good thinking.'],
    ['travel', 'n', 'Fly into Heathrow and take the Tube.', 'I’m driving, I said.'],
    ['travel', 'p', 'Since you are driving, park at the Westfield car park and walk.', 'Parking sorted, thanks.'],
    ['shopping', 'n', 'The silver version is in stock.', 'Black only.'],
    ['shopping', 'p', 'The black one is back in stock.', 'Black, finally. Ordering.'],
    ['coding', 'n', 'Here is the fix using Python 3.12 pattern matching.', 'This server runs 3.8.'],
    ['coding', 'p', 'Here is the fix without pattern matching, so it runs on 3.8.', 'Runs on 3.8, perfect.'],
    ['writing', 'n', 'I wrote the summary in the first person.', 'Third person, please, it’s a bio.'],
    ['writing', 'n', 'Here is a punchy 50-word intro.', 'Needs to be under 30 words.'],
    ['media', 'n', 'Try the Lord of the Rings extended trilogy this weekend.', 'I have two hours, tops.'],
    ['media', 'p', 'A 95-minute film fits your two hours: try Knives Out.', 'Fits my two hours, queuing it.'],
  ],
  sarcasm: [
    ['travel', 'n', 'The only hotel left is 40 minutes from the venue by bus.', 'Handy.'],
    ['travel', 'p', 'The hotel is across the street from the venue.', 'Handy!'],
    ['travel', 'n', 'Your flight was rebooked to depart at 6 am from another airport.', 'Wonderful news.'],
    ['food', 'n', 'Soak the beans for 24 hours first.', 'Perfect, dinner tomorrow then.'],
    ['food', 'p', 'Canned beans work fine here, no soaking.', 'Perfect, dinner in twenty then.'],
    ['shopping', 'n', 'Shipping to your country costs $60.', 'Oh that’s very reasonable.'],
    ['shopping', 'p', 'Shipping to your country is free over $50.', 'Oh that’s very reasonable, thanks.'],
    ['coding', 'n', 'Have you tried reading the source code of the compiler?', 'Brilliant, I’ll just read a million lines.'],
    ['coding', 'n', 'Just turn off the type checker.', 'Yeah, what could go wrong.'],
    ['writing', 'n', 'I replaced every “said” with a more colourful verb.', 'Marvellous. Everyone now exclaims and opines.'],
    ['media', 'n', 'Here is another cooking show, your ninth this week.', 'Can’t get enough.'],
    ['media', 'p', 'Here is a new cooking show from the Bake Off team.', 'Can’t get enough of them, watching tonight.'],
  ],
  refusal: [
    ['shopping', 'n', 'Want the gift-wrap option for $6?', 'Nah, I’m fine.'],
    ['shopping', 'p', 'Want the gift-wrap option for $6?', 'Yes, wrap it please.'],
    ['travel', 'n', 'You could add a stopover in Dubai.', 'Thanks, we’d rather fly straight through.'],
    ['travel', 'p', 'You could add a stopover in Singapore for two nights.', 'Oh, we’d love that, add it.'],
    ['food', 'n', 'Try the chef’s offal platter.', 'I’ll stick to the fish, thanks.'],
    ['food', 'n', 'How about a wine pairing with each course?', 'We’re driving, so no.'],
    ['coding', 'n', 'I can rewrite your tests with a new framework.', 'Leave them as they are.'],
    ['coding', 'p', 'I can add type hints to the module.', 'Sure, go ahead.'],
    ['writing', 'n', 'Shall I add emojis to the newsletter?', 'Please don’t.'],
    ['writing', 'p', 'Shall I add a call to action at the end?', 'Good idea, do it.'],
    ['media', 'n', 'There is a 10-part podcast on the history of spreadsheets.', 'I’ll let that one go.'],
    ['media', 'p', 'There is a podcast episode with the director.', 'Oh nice, I’ll listen on my walk.'],
  ],
  'already-have': [
    ['media', 'n', 'You might like the novel Circe.', 'Loved it when I read it in March.'],
    ['media', 'p', 'You might like the novel Circe.', 'Haven’t read Madeline Miller yet, will try.'],
    ['media', 'n', 'Put on Rumours by Fleetwood Mac.', 'Know it by heart.'],
    ['shopping', 'n', 'A weighted blanket might help you sleep.', 'I sleep under one already.'],
    ['shopping', 'p', 'A sunrise alarm clock might help you wake.', 'Don’t have one, that’s a good shout.'],
    ['travel', 'n', 'Visit the Van Gogh Museum.', 'We did it on our last trip.'],
    ['travel', 'p', 'Visit the Rijksmuseum’s library.', 'Didn’t know it was open to visitors, adding it.'],
    ['food', 'n', 'Get a digital thermometer for the roast.', 'Have one, used it.'],
    ['coding', 'n', 'Add a linter to the pre-commit hook.', 'It’s been there since day one.'],
    ['coding', 'p', 'Add a type check to the pre-commit hook.', 'We never had that. Added, caught one already.'],
    ['writing', 'n', 'Ask a friend to beta-read it.', 'Three friends have.'],
    ['writing', 'p', 'Try reading it backwards sentence by sentence.', 'New one on me, trying it.'],
  ],
  'action-report': [
    ['shopping', 'p', 'The Leuchtturm1917 notebook suits fountain pens.', 'Got two.'],
    ['shopping', 'n', 'The Leuchtturm1917 notebook suits fountain pens.', 'Bought it. Ink bleeds through.'],
    ['travel', 'p', 'Reserve the window table at Sketch for 8.', 'Reserved, 8 pm.'],
    ['travel', 'n', 'Take the early ferry to beat the crowds.', 'Took it. Packed anyway.'],
    ['food', 'p', 'Brown the onions for a full 40 minutes.', 'Browned. Soup is a different league.'],
    ['food', 'n', 'Let the dough proof overnight in the fridge.', 'Proofed it. Flat as a pancake.'],
    ['coding', 'p', 'Increase the pool size to 20 connections.', 'bumped it, latency halved'],
    ['coding', 'n', 'Clear the Docker build cache.', 'Cleared. Same failure.'],
    ['coding', 'p', 'Rebase onto main and force-push.', 'Rebased, pushed, green.'],
    ['writing', 'p', 'Tighten the ending to one sentence.', 'Tightened. Much stronger.'],
    ['media', 'p', 'Watch the first two episodes back to back.', 'Binged the whole season.'],
    ['media', 'n', 'Try the audiobook narrated by the author.', 'Tried. Her voice put me to sleep.'],
  ],
  engagement: [
    ['shopping', 'p', 'These trail shoes have a rock plate and a wide toe box.', 'Do they run true to size?'],
    ['shopping', 'n', 'These trail shoes have a rock plate and a wide toe box.', 'Why would I want a rock plate on pavement?'],
    ['travel', 'p', 'Take the cable car up to the Aiguille du Midi.', 'How cold is it at the top in July?'],
    ['travel', 'p', 'Stay in a ryokan in Kyoto for one night.', 'Do they serve dinner in the room?'],
    ['food', 'p', 'Finish the risotto with a knob of miso butter.', 'Does that work with a seafood risotto too?'],
    ['food', 'n', 'Make your own stock from the bones.', 'Who has time for that on a Tuesday?'],
    ['coding', 'p', 'Memoize the selector with reselect.', 'Would it recompute when the list order changes?'],
    ['coding', 'n', 'Memoize the selector with reselect.', 'For a list of five items?'],
    ['writing', 'p', 'Use a frame story with the grandmother as narrator.', 'Should she know how it ends?'],
    ['writing', 'p', 'End each chapter on a question.', 'Every chapter, or just the first few?'],
    ['media', 'p', 'Watch Shōgun, the 2024 series.', 'Is it close to the Clavell novel?'],
    ['media', 'n', 'Watch Shōgun, the 2024 series.', 'Since when am I into historical dramas?'],
  ],
  pivot: [
    ['coding', 'n', 'The leak comes from listeners that are never removed.', 'meh, forget it. how do I rename a branch'],
    ['coding', 'p', 'The leak comes from listeners that are never removed.', 'Removing them fixed it! Other question: how do I rename a branch?'],
    ['shopping', 'n', 'Here are three robot vacuums under $300.', 'Never mind vacuums. Air fryers?'],
    ['shopping', 'p', 'Here are three robot vacuums under $300.', 'The Roborock, thanks. And air fryers?'],
    ['travel', 'n', 'The coastal route adds two hours but has great views.', 'Whatever. Where do I get an eSIM?'],
    ['travel', 'u', 'The coastal route adds two hours but has great views.', 'By the way, where do I get an eSIM?'],
    ['food', 'n', 'Try making dumplings from scratch.', 'Nah, skip that. Best takeaway near Angel?'],
    ['food', 'p', 'Try making dumplings from scratch.', 'Made a batch, delicious. Next, a dipping sauce?'],
    ['writing', 'n', 'The middle section drags; cut the flashback.', 'Ugh, fine. Can you just do the title?'],
    ['writing', 'p', 'The middle section drags; cut the flashback.', 'Cut, reads faster. Now, a title?'],
    ['media', 'n', 'Here are some jazz records for beginners.', 'Forget jazz. Any good audiobooks?'],
    ['media', 'u', 'Here are some jazz records for beginners.', 'Separate thing: any good audiobooks?'],
  ],
};

/** The second blind round (folded into training for round 3 after it was scored): every row above, id `blind2-<kind>-<n>`. */
export const GAUGE_PHENOMENA_ROUND2: readonly GaugeExample[] = Object.entries(rows).flatMap(([kind, list]) =>
  list!.map(([domain, l, response, followup], i) => ({ id: `blind2-${kind}-${i + 1}`, domain, kind: kind as GaugeKind, response, followup, label: LABEL[l] })),
);
