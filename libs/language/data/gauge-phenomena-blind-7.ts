/**
 * Seventh blind round for the phenomena of issue 17: written after the round-7 model (GAUGE_MODEL and the pair
 * features of commit 11c9f32) was frozen and committed, and never used to fit or revise it. Fresh replies and
 * follow-ups, not paraphrases of any training pair (rounds 5 and 6 included), over the nine phenomena the issue
 * lists: contradiction (a bare correction), restatement of a constraint, sarcasm, polite refusal, already have /
 * seen, action reports and terse acceptance, engaged follow-up questions (against rhetorical ones), pivots away,
 * and plain praise and complaint (kinds `short-positive` and `complaint`, reported together as "plain"); both
 * labels in each, across six domains. Scored blind on that model (AUC 0.937; every phenomenon ≥ 0.85 except
 * sarcasm 0.821), then spent: since round 8 its pairs are training data and the round-8 sarcasm work was checked on
 * them, so its figure is optimistic.
 */
import type { GaugeExample } from '../src/gauge/types';
import { phenomenaExamples, type PhenomenaRows } from './phenomena-rows';

const rows: PhenomenaRows = {
  contradiction: [
    ['travel', 'n', 'Your connecting flight to Oslo boards at gate D7.', 'Board says D19.'],
    ['travel', 'p', 'The museum pass covers 12 sites.', '12 sites, worth it then.'],
    ['food', 'n', 'The bakery’s sourdough is £4.50.', '£6 now, they put prices up.'],
    ['food', 'p', 'The farmers’ market runs until 1 pm on Saturdays.', 'Until 1, we’ll go at 11.'],
    ['shopping', 'n', 'The dishwasher is 45 cm wide.', 'Listing says 60.'],
    ['shopping', 'p', 'The lamp takes an E27 bulb.', 'E27, same as the rest of the house.'],
    ['coding', 'n', 'Set the pool size to 10 in config.yaml.', 'Our config lives in settings.toml.'],
    ['coding', 'p', 'That API is rate-limited to 100 requests a minute.', '100 a minute, we’re well under.'],
    ['writing', 'n', 'The conference abstract limit is 300 words.', '200 this year.'],
    ['media', 'n', 'The podcast drops new episodes on Tuesdays.', 'Thursdays, been waiting all week.'],
    ['media', 'p', 'The concert starts at 7:30 at the Apollo.', '7:30, leaving work early.'],
  ],
  restatement: [
    ['food', 'n', 'Make a walnut pesto for the kids’ lunch boxes.', 'Their school is nut-free.'],
    ['food', 'p', 'Here’s a low-sodium version of the soup.', 'Low salt, perfect for my dad’s heart.'],
    ['travel', 'n', 'Hire bikes and cycle the canal path.', 'My parents are in their eighties.'],
    ['travel', 'p', 'This hotel has a ground-floor room with a walk-in shower.', 'Ground floor and a walk-in shower, that works for mum.'],
    ['shopping', 'n', 'The Vitamix is the best blender at $650.', 'Budget was 150, tops.'],
    ['shopping', 'p', 'Here’s a laptop under 1.2 kg with a 14-inch screen.', 'Light and 14-inch, that’s what I asked for.'],
    ['coding', 'n', 'Install the package globally with sudo npm.', 'I’m on a shared server with no root.'],
    ['coding', 'p', 'Here’s a solution that works on Python 3.8.', '3.8, the version we’re stuck on, thanks.'],
    ['writing', 'n', 'I made the wedding speech ten minutes long.', 'They gave me three minutes.'],
    ['media', 'n', 'Watch The Exorcist at your sleepover.', 'It’s for my niece’s tenth birthday.'],
    ['media', 'p', 'Here are some films in English, no subtitles needed.', 'All English, great for grandad.'],
  ],
  sarcasm: [
    ['travel', 'n', 'The cheapest flight leaves at 5:40 am from the airport two hours away.', 'Perfect, I love not sleeping.'],
    ['travel', 'p', 'Your train ticket includes a free seat reservation.', 'Great, no standing for four hours.'],
    ['food', 'n', 'The recipe calls for saffron, about £12 for the pinch you need.', 'Very budget-friendly.'],
    ['food', 'p', 'This soup is ready in fifteen minutes.', 'Fifteen minutes, lovely, dinner tonight.'],
    ['shopping', 'n', 'That sofa has a 16-week delivery time.', 'Great, I’ll sit on the floor until spring.'],
    ['shopping', 'p', 'The shop does free alterations on suits.', 'Brilliant, my arms are short.'],
    ['coding', 'n', 'Just disable all the tests so the build passes.', 'Genius. Ship it.'],
    ['coding', 'n', 'The fix requires upgrading three major versions of the framework.', 'Love a quick patch.'],
    ['writing', 'n', 'I replaced every comma in your essay with a semicolon.', 'Stunning punctuation; truly.'],
    ['media', 'n', 'The game needs a 150 GB download before you can play.', 'Great for my 20 GB data plan.'],
    ['media', 'p', 'The film is 90 minutes and fine for kids.', 'Perfect length, thanks.'],
  ],
  refusal: [
    ['travel', 'n', 'Should I add airport parking for €25 a day?', 'Someone’s dropping us off.'],
    ['travel', 'p', 'Want me to look for a cheaper flight on Tuesday?', 'Yes, Tuesday works.'],
    ['food', 'n', 'I can make the curry extra hot for you.', 'Mild, please, my stomach can’t take it.'],
    ['food', 'p', 'Shall I suggest a side dish?', 'Go ahead, something green.'],
    ['shopping', 'n', 'Want me to add a second charger to the order?', 'One’s enough.'],
    ['shopping', 'p', 'I could set a reminder for when the sale starts.', 'Yes, do that.'],
    ['coding', 'n', 'I can add TypeScript to the whole legacy codebase.', 'Not this sprint.'],
    ['coding', 'p', 'Shall I write the README section for the API?', 'Yes, nobody else will.'],
    ['writing', 'n', 'Would you like a more formal version of the email?', 'Casual is fine, it’s to a friend.'],
    ['media', 'n', 'I could recommend a few more podcasts.', 'I’ve got a backlog of forty, so no.'],
    ['media', 'p', 'Want me to add the soundtrack to your playlist?', 'Oh yes, please.'],
  ],
  'already-have': [
    ['media', 'n', 'You should read The Hobbit.', 'Read it to my kids last winter.'],
    ['media', 'p', 'Try the show Detectorists.', 'Never watched it, starting tonight.'],
    ['travel', 'n', 'Climb Arthur’s Seat while you’re in Edinburgh.', 'Did it on our first morning.'],
    ['travel', 'p', 'Take the boat out to Suomenlinna.', 'Hadn’t planned it, will go tomorrow.'],
    ['food', 'n', 'Buy a mandoline for thin slices.', 'Have one, still have all my fingers.'],
    ['food', 'p', 'Add a bay leaf to the rice.', 'Never thought of that, trying it.'],
    ['coding', 'n', 'Use a linter for the YAML files.', 'yamllint runs in our pre-commit already.'],
    ['coding', 'p', 'Try the VS Code extension for Docker.', 'Didn’t know there was one, installing.'],
    ['writing', 'n', 'Get a copy of the Chicago Manual of Style.', 'It’s on the shelf behind me.'],
    ['shopping', 'n', 'A pressure cooker would speed up your beans.', 'Mine gets used three times a week.'],
    ['shopping', 'p', 'A drying rack would save space in the bathroom.', 'Don’t have one yet, good idea.'],
  ],
  'action-report': [
    ['shopping', 'p', 'That coffee grinder is back in stock.', 'Snapped one up.'],
    ['shopping', 'n', 'Get the cheaper memory-foam pillow.', 'Got it. Flat by the second night.'],
    ['travel', 'p', 'Book the 8 am ferry to avoid the queue.', 'Booked, thanks.'],
    ['travel', 'n', 'Take the scenic route over the pass.', 'Drove it. Closed at the top, two-hour detour.'],
    ['food', 'p', 'Brine the turkey overnight.', 'Brined, roasted, best turkey we’ve had.'],
    ['food', 'n', 'Use oat milk in the custard.', 'Tried it. Split.'],
    ['coding', 'p', 'Bump the memory limit on the container to 2 GB.', 'Bumped, no more OOM kills.'],
    ['coding', 'n', 'Roll back to yesterday’s release.', 'Rolled back. Still 500s.'],
    ['coding', 'p', 'Merge it once the checks are green.', 'Done.'],
    ['writing', 'p', 'Send the chapter to the beta readers.', 'Sent, two replies already, both positive.'],
    ['writing', 'n', 'Submit the op-ed to the local paper.', 'Did. They cut it in half.'],
    ['media', 'p', 'Try the remastered edition of the album.', 'Listening now, sounds incredible.'],
    ['media', 'n', 'Switch the stream quality to 4K.', 'Switched. Buffering every ten seconds.'],
  ],
  engagement: [
    ['travel', 'p', 'The Camino Portugués is a good first pilgrimage.', 'How many days should I budget for it?'],
    ['travel', 'n', 'You could swim across the bay.', 'Two kilometres in October?'],
    ['food', 'p', 'Try kimchi fried rice with the leftovers.', 'Does it work with day-old rice?'],
    ['food', 'n', 'Grow your own wheat for the bread.', 'On my balcony?'],
    ['shopping', 'p', 'The Sony A7C suits your travel photography.', 'Which lens would you pair with it?'],
    ['shopping', 'n', 'Buy a $3,000 espresso machine for the office.', 'For five people who drink tea?'],
    ['coding', 'p', 'Use Postgres full-text search instead of Elasticsearch.', 'Can it handle fuzzy matching?'],
    ['coding', 'n', 'Rewrite the build in Bazel.', 'For a three-file project?'],
    ['writing', 'p', 'Use a second-person narrator for the short story.', 'Would that work in the past tense?'],
    ['media', 'n', 'Learn Japanese so you can watch anime without subtitles.', 'By the weekend?'],
    ['media', 'p', 'Start with Nina Simone’s Pastel Blues.', 'Is there a good remaster?'],
  ],
  pivot: [
    ['coding', 'n', 'The memory spike comes from loading the whole file at once.', 'Leave it. How do I squash commits?'],
    ['coding', 'p', 'The memory spike comes from loading the whole file at once.', 'Streamed it, spike gone. Next: squashing commits?'],
    ['travel', 'n', 'Here are three day trips from Florence.', 'Never mind Florence. What about Croatia?'],
    ['travel', 'u', 'Here are three day trips from Florence.', 'Random question, do I need an adapter in Italy?'],
    ['food', 'n', 'For brunch, try shakshuka.', 'Eh, forget brunch. What’s a good cocktail?'],
    ['food', 'p', 'For brunch, try shakshuka.', 'Shakshuka it is! What cocktail goes with it?'],
    ['shopping', 'n', 'These two mattresses suit side sleepers.', 'Whatever. What about bedding?'],
    ['writing', 'n', 'Your chapter two drags in the middle.', 'I’ll deal with it. Different question: how do I format dialogue?'],
    ['writing', 'p', 'Your chapter two drags in the middle.', 'Trimmed the middle, flows better. Different question: formatting dialogue?'],
    ['media', 'n', 'Here are some nature documentaries.', 'Boring. Any comedies?'],
    ['media', 'u', 'Here are some nature documentaries.', 'Separately, is there a good app for bird calls?'],
  ],
  'short-positive': [
    ['food', 'p', 'Toss the roast potatoes in semolina before roasting.', 'Game-changing tip, thank you!'],
    ['travel', 'p', 'Get the weekly Navigo pass for getting around Paris.', 'Perfect, that’s the info I needed.'],
    ['shopping', 'p', 'Here’s how the three robot mowers compare on slopes.', 'Super clear, thanks.'],
    ['coding', 'p', 'The race comes from two goroutines writing the map; guard it with a mutex.', 'Spot on.'],
    ['writing', 'p', 'Open with the rejection letter, then flash back.', 'Oh, I love that.'],
    ['media', 'p', 'If you liked Severance, try Dark.', 'Great recommendation.'],
  ],
  complaint: [
    ['food', 'n', 'Use ready-made pastry.', 'Not what I asked.'],
    ['travel', 'n', 'Rome has many churches.', 'That tells me nothing.'],
    ['shopping', 'n', 'Check online reviews.', 'Pointless advice.'],
    ['coding', 'n', 'Try a different browser.', 'Irrelevant, it’s a server error.'],
    ['writing', 'n', 'I made your cover letter more enthusiastic!!!', 'Now it sounds desperate.'],
    ['media', 'n', 'You might like The Office.', 'Lazy suggestion.'],
  ],
};

/** The seventh blind round (in training since round 8): every row above, id `blind7-<kind>-<n>`. */
export const GAUGE_PHENOMENA_ROUND7: readonly GaugeExample[] = phenomenaExamples('blind7-', rows);
