/**
 * Twentieth blind round for the phenomena of issue 17: written after the round-20 rule (docs/benchmarks.md, Round 20,
 * commit 08e48ac) and long after both models it scores were frozen (the served model E, 5366cde; the round-19
 * challenger G, c108162); never used to fit or revise any model. 112 pairs: sarcasm and action reports 14 each (7
 * positive, 7 negative), every other phenomenon 12 (pivots 5 positive, 2 neutral, 5 negative; plain praise 6 and
 * complaints 6); six domains in every phenomenon. Planned before writing (docs/benchmarks.md, Round 20): about
 * two-thirds ordinary forms as users write them, a third harder ones, written to neither model. Checked against every
 * earlier pair by exact text and by word overlap before the commit (scripts/check-blind.mts).
 *
 * Rule fixed before any pair here was written: E and G are scored once on this set; the model with the highest lowest
 * AUC over the phenomena with at least 8 pairs is served (ties: overall AUC, then 3-class accuracy, then E). No model
 * is changed after this set exists.
 */
import type { GaugeExample } from '../src/gauge/types';
import { phenomenaExamples, type PhenomenaRows } from './phenomena-rows';

const rows: PhenomenaRows = {
  contradiction: [
    ['food', 'n', 'Tomatoes keep longest in the fridge.', 'actually they go mealy in there, counter is better until they’re ripe'],
    ['travel', 'n', 'Porto is the capital of Portugal.', 'no, the capital is Lisbon, Porto is further north'],
    ['shopping', 'n', 'The iPhone 15 still charges through a Lightning port.', 'that’s wrong, the 15 switched to USB-C'],
    ['coding', 'n', 'In Python, `is` and `==` do the same thing.', 'not really, `is` checks identity, not equality'],
    ['writing', 'n', '“Irregardless” isn’t in any dictionary.', 'Merriam-Webster lists it, marked nonstandard'],
    ['media', 'n', 'The Office started in the US and was remade for the UK.', 'pretty sure it was the other way round, Gervais did it first'],
    ['food', 'p', 'Adding salt to pasta water mostly seasons the pasta, it barely changes the boiling point.', 'yes, that’s right, I read the same thing'],
    ['travel', 'p', 'In Italy, a coffee at the bar costs less than sitting down at a table.', 'correct, we got charged double for sitting outside in Florence'],
    ['shopping', 'p', 'Most supermarket own-brand paracetamol is the same drug as the branded stuff.', 'yep, my pharmacist said exactly that'],
    ['coding', 'p', 'Array.prototype.sort sorts numbers as strings unless you pass a compare function.', 'right, that’s why my list came out 1, 10, 2'],
    ['writing', 'p', 'A semicolon joins two clauses that could each stand alone.', 'yes, that’s how my English teacher put it'],
    ['media', 'p', 'Vinyl records need to be stored upright, not stacked flat.', 'true, the ones I stacked in the loft all warped'],
  ],
  restatement: [
    ['food', 'n', 'Serve the skewers with a satay dip on the side.', 'peanuts are out, my son is allergic, I mentioned it'],
    ['travel', 'n', 'Land at Gatwick and catch the express into London.', 'I said we’re flying from Manchester to Edinburgh, it’s a domestic trip'],
    ['shopping', 'n', 'The MacBook Pro is a great pick for you.', 'I need Windows for work, as I said earlier'],
    ['coding', 'n', 'Just add the lodash package and use its debounce.', 'no new dependencies, that was the whole point of my question'],
    ['writing', 'n', 'I’ve written you a long, detailed best-man speech.', 'it has to be under two minutes out loud'],
    ['media', 'n', 'You could try Squid Game next.', 'I asked for something light, nothing violent'],
    ['food', 'p', 'Here’s a dinner you can make in one pan with nothing to chop.', 'spot on, one pan and no chopping, thanks'],
    ['travel', 'p', 'These three hotels all allow dogs and are within walking distance of the beach.', 'great, that covers both things I needed'],
    ['shopping', 'p', 'This pushchair collapses one-handed and squeezes into a compact boot.', 'good, that’s what matters with our little Fiat'],
    ['coding', 'p', 'This version only uses the standard library, as you wanted.', 'brilliant, thanks for sticking to that'],
    ['writing', 'p', 'Here’s the email kept friendly but firm, without apologising.', 'yes, that strikes the tone I wanted'],
    ['media', 'p', 'Bluey episodes are seven minutes and very calm for toddlers.', 'ideal, she won’t sit through anything longer anyway'],
  ],
  sarcasm: [
    ['food', 'n', 'The oven needs to preheat for 45 minutes for this bread.', 'great, love waiting an hour before I can even start'],
    ['travel', 'n', 'Your connecting flight has been moved to the next morning.', 'wonderful, a night on the airport floor it is'],
    ['shopping', 'n', 'The return has to be posted back at your own cost.', 'oh lovely, paying to send back their mistake'],
    ['coding', 'n', 'To patch this you’d have to move the app onto Angular 18.', 'fantastic, just what I wanted to do on a Friday'],
    ['writing', 'n', 'The publisher wants the manuscript cut by a third.', 'sure, I’ll just lose a few characters, no big deal'],
    ['media', 'n', 'That show has been moved to a different streaming service.', 'perfect, another subscription, exactly what I needed'],
    ['coding', 'n', 'With the new checks, CI runs for roughly twenty minutes per push.', 'plenty of time for a coffee. and lunch. and a nap'],
    ['food', 'p', 'The restaurant can fit you in tonight at eight.', 'amazing, you’ve made my night'],
    ['travel', 'p', 'Your seat has been upgraded to business class.', 'no way, that’s fantastic'],
    ['shopping', 'p', 'The jacket is back in your size.', 'yes! perfect timing, ordering now'],
    ['coding', 'p', 'The leak was a resize listener that never got cleaned up.', 'oh wow, that was it, brilliant'],
    ['writing', 'p', 'The editor wants to publish your essay next month.', 'I’m over the moon, I honestly didn’t think they’d take it'],
    ['media', 'p', 'Season three of your favourite show drops tomorrow.', 'well, I know what I’m doing this weekend'],
    ['travel', 'p', 'Entry to the Prado is free on the Sunday you’re in Madrid.', 'you’re kidding, that’s such luck'],
  ],
  refusal: [
    ['shopping', 'n', 'Want me to compare a few more brands of dishwasher?', 'no thanks, I’ve made up my mind'],
    ['travel', 'n', 'Shall I plan out each day hour by hour?', 'no, we like to wander, keep it loose'],
    ['food', 'n', 'I could suggest drinks to go alongside the tasting menu.', 'we’re fine without, cheers'],
    ['coding', 'n', 'Do you want me to add type annotations to the whole file?', 'nah, leave it, it’s a throwaway script'],
    ['writing', 'n', 'Should I make the essay sound more academic?', 'no, it should still sound like me'],
    ['media', 'n', 'Want a list of similar podcasts?', 'I’m good for now, got plenty to listen to'],
    ['shopping', 'p', 'Would you like me to check which of these ships before Christmas?', 'yes please, saves me checking each one'],
    ['travel', 'p', 'Shall I put together a packing list for the trip?', 'yes, I always forget something'],
    ['food', 'p', 'I can double the quantities of the lasagne for a crowd if you like.', 'please do, the whole family is coming'],
    ['coding', 'p', 'Want me to write a unit test for that function as well?', 'sure, might as well while we’re here'],
    ['writing', 'p', 'I could suggest a few titles for the piece.', 'oh go on, I’m stuck on that bit'],
    ['media', 'p', 'Shall I check which services have Past Lives at the moment?', 'yes, I’ve looked everywhere'],
  ],
  'already-have': [
    ['shopping', 'n', 'Every kitchen needs a decent wok for weeknight dinners.', 'got one last year, it hardly leaves the hob'],
    ['travel', 'n', 'Download the offline maps before you go.', 'done that already'],
    ['food', 'n', 'A dash of Worcestershire would deepen that chilli.', 'I always do, it’s my secret ingredient'],
    ['coding', 'n', 'Use Git branches for each feature.', 'yes, that’s what we do already'],
    ['writing', 'n', 'Hearing your chapter read aloud shows up awkward phrasing.', 'my writing group has me doing that every week'],
    ['media', 'n', 'Shrinking could be up your street.', 'watched it all twice'],
    ['shopping', 'p', 'Many supermarkets price-match if you show them the cheaper offer.', 'I had no idea, will try that'],
    ['travel', 'p', 'You can get a refund on the tourist tax at the airport.', 'oh, didn’t know that, good to know'],
    ['food', 'p', 'Keep root ginger in the freezer; it grates more easily.', 'that’s new to me, great tip'],
    ['coding', 'p', '`git bisect` walks through old commits until it finds the one that broke things.', 'never heard of that, looking it up now'],
    ['writing', 'p', 'ProWritingAid flags sticky sentences and overused words.', 'ooh, trying it on my essay tonight'],
    ['media', 'p', 'Many councils give library members free films on Kanopy.', 'wait, really? my library does that?'],
  ],
  'action-report': [
    ['food', 'p', 'Let the steak come up to room temperature before cooking.', 'did that tonight, cooked much more evenly'],
    ['travel', 'p', 'Book the sunrise slot for the Alhambra, it’s quieter.', 'went at sunrise, we almost had it to ourselves'],
    ['shopping', 'p', 'Contact the seller directly before opening a dispute.', 'messaged them and they refunded me the same day'],
    ['coding', 'p', 'Remove the cached Docker layers and rebuild the image.', 'rebuilt from clean and it boots fine now, thanks'],
    ['writing', 'p', 'Put your strongest result in the first line of the CV.', 'moved it up and got two interviews this week'],
    ['media', 'p', 'Your telly looks over-processed; pick the cinema preset in the picture menu.', 'changed it, no more soap-opera look on films'],
    ['travel', 'p', 'Ask for a seat in the quiet coach when you book.', 'got one, slept most of the way'],
    ['food', 'n', 'Soak the dried chickpeas with a little bicarb so they cook soft.', 'tried it, still hard as pebbles after two hours'],
    ['travel', 'n', 'Arrive two hours early and you’ll be fine at security.', 'got there two hours early and still nearly missed the flight'],
    ['shopping', 'n', 'Restart the router and the wifi should be back.', 'restarted it three times, still nothing'],
    ['coding', 'n', 'Clearing the browser cache will fix the stale styles.', 'cleared it, still seeing the old CSS'],
    ['writing', 'n', 'Use a thesaurus to vary your word choice.', 'did that, my tutor said it sounds like a thesaurus wrote it'],
    ['media', 'n', 'Try the subtitle sync setting to fix the delay.', 'fiddled with it for ages, they drift again halfway through'],
    ['shopping', 'n', 'The cheaper charger works just as well.', 'bought it, phone gets warm and takes all night to charge'],
  ],
  engagement: [
    ['food', 'p', 'You could make your own pasta with just flour and eggs.', 'do I need a machine or can I roll it by hand?'],
    ['travel', 'p', 'The night train from Vienna to Venice is lovely.', 'how far ahead should I book a sleeper?'],
    ['shopping', 'p', 'With two dogs, a robot hoover might earn its keep.', 'do they get tangled on rug tassels?'],
    ['coding', 'p', 'Try using a debugger instead of print statements.', 'how do I set one up in VS Code for Node?'],
    ['writing', 'p', 'Draft your final scene before anything else.', 'interesting, do you then plan backwards from it?'],
    ['media', 'p', 'Check out the director’s earlier films too.', 'which of those is the best way in?'],
    ['food', 'n', 'Homemade bone broth every Sunday is worth it.', 'six hours of simmering, with two jobs?'],
    ['travel', 'n', 'Take the kids on a 12-hour hike.', 'have you met a six-year-old?'],
    ['shopping', 'n', 'Buy the £300 blender, it’s worth it.', 'for smoothies twice a month?'],
    ['coding', 'n', 'Migrate everything over to SvelteKit.', 'why migrate a whole app over a two-line bug?'],
    ['writing', 'n', 'Add a prologue to explain the backstory.', 'don’t agents hate prologues?'],
    ['media', 'n', 'Watch all nine films in a single weekend.', 'seriously? that’s like twenty hours'],
  ],
  pivot: [
    ['food', 'n', 'Blend a couple of anchovy fillets into the Caesar.', 'nope, not doing that. what goes well with roast lamb?'],
    ['travel', 'n', 'Stay in Benidorm, it’s lively.', 'not our scene at all. what about somewhere quieter in Greece?'],
    ['shopping', 'n', 'Get the smart fridge with the screen.', 'waste of money. what’s a reliable washing machine?'],
    ['coding', 'n', 'Use MongoDB for this project.', 'no, we’re sticking with Postgres. how do I write a migration?'],
    ['media', 'n', 'Try the new reality dating show.', 'let’s move on. any good nature documentaries?'],
    ['writing', 'u', 'That’s a common structure for a short story.', 'different question, what word count works for a blog post?'],
    ['travel', 'u', 'The bus runs every fifteen minutes.', 'by the way, do people tip taxi drivers in Canada?'],
    ['food', 'p', 'Glaze the parsnips with maple before roasting.', 'those were delicious, thanks. now what about dessert?'],
    ['shopping', 'p', 'Those running shoes are great for flat feet.', 'they feel amazing, cheers. do I need special socks too?'],
    ['coding', 'p', 'Use a Map instead of an object for those lookups.', 'much faster now, thanks. next, how do I profile memory?'],
    ['writing', 'p', 'End the cover letter with a line about what you’d bring to the team.', 'good call. moving on, what should the subject line say?'],
    ['media', 'p', 'Michelle Obama reads her own memoir on audio.', 'loved her narration. can you recommend another memoir?'],
  ],
  'short-positive': [
    ['food', 'p', 'Try the Thai place by the station.', 'went last night, best green curry I’ve had in ages'],
    ['travel', 'p', 'The coastal walk from Bondi to Coogee is great.', 'absolutely gorgeous, thanks'],
    ['shopping', 'p', 'Get the linen sheets, they’re worth it.', 'slept like a baby, so soft'],
    ['coding', 'p', 'Give the Rust book a read.', 'really clear, enjoying it a lot'],
    ['writing', 'p', 'Try the snowflake method for plotting.', 'my outline finally makes sense, thanks'],
    ['media', 'p', 'Listen to the new Arctic Monkeys album.', 'been on repeat all week'],
  ],
  complaint: [
    ['food', 'n', 'The bakery on Main Street does great croissants.', 'they were stale and greasy'],
    ['travel', 'n', 'The resort’s infinity pool is the highlight.', 'it was closed our whole stay'],
    ['shopping', 'n', 'These earbuds have great battery life.', 'they die after about an hour'],
    ['coding', 'n', 'This library makes date handling easy.', 'the docs are awful and half the examples don’t run'],
    ['writing', 'n', 'That course will really improve your writing.', 'waste of money, it was all stuff I already knew'],
    ['media', 'n', 'The documentary is really gripping.', 'fell asleep twice'],
  ],
};

/** Round-20 blind set (112 pairs). */
export const GAUGE_PHENOMENA_ROUND20: readonly GaugeExample[] = phenomenaExamples('blind20-', rows);
