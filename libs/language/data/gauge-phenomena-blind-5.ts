/**
 * Fifth blind round for the phenomena of issue 17: written after the round-5 model (GAUGE_MODEL and the pair
 * features of commit 5d81b38) was frozen and committed, and never used to fit or revise it. Fresh replies and
 * follow-ups, not paraphrases of any training pair, over the nine phenomena the issue lists: contradiction
 * (a bare correction), restatement of a constraint, sarcasm, polite refusal, already have / seen, action reports
 * and terse acceptance, engaged follow-up questions (against rhetorical ones), pivots away, and plain praise and
 * complaint (kinds `short-positive` and `complaint`, reported together as "plain"); both labels in each, across
 * six domains. Scored blind on that model (AUC 0.916; sarcasm 0.821 and action reports 0.750 below the goal), then
 * spent: since round 6 its pairs are training data and its misses guided the round-6 features, so its figure is optimistic.
 */
import type { GaugeExample } from '../src/gauge/types';
import { phenomenaExamples, type PhenomenaRows } from './phenomena-rows';

const rows: PhenomenaRows = {
  contradiction: [
    ['travel', 'n', 'Your ferry to Naxos leaves Piraeus at 7:30.', 'Ticket says Rafina.'],
    ['travel', 'p', 'Check-in at the Hotel Arts opens at 3 pm.', '3 pm, thanks, we’ll drop the bags first.'],
    ['food', 'n', 'The ramen place on Dean Street closes at 10.', 'Google has them shutting at 9 on weekdays.'],
    ['food', 'p', 'You’ll need 400 g of dried chickpeas for the hummus.', '400 g, got it.'],
    ['shopping', 'n', 'That monitor has a 144 Hz refresh rate.', 'Spec sheet says 75.'],
    ['shopping', 'p', 'The blender comes with a 7-year warranty.', 'Seven years, that settles it.'],
    ['coding', 'n', 'Run the migrations with `npm run migrate`.', 'The script is called `db:migrate`.'],
    ['coding', 'p', 'The bug was introduced in v2.4.0.', '2.4.0, yes, bisect agrees.'],
    ['writing', 'n', 'The submission window closes on Friday.', 'Thursday midnight, per the call.'],
    ['media', 'n', 'The band plays Glastonbury on Saturday.', 'Sunday night, Pyramid stage.'],
    ['media', 'p', 'The audiobook is narrated by Stephen Fry.', 'Fry, perfect, downloading.'],
  ],
  restatement: [
    ['food', 'n', 'A prawn linguine would be lovely for date night.', 'She’s allergic to shellfish, I mentioned that.'],
    ['food', 'p', 'Here’s a vegan lasagne with a cashew béchamel.', 'Fully vegan, so my sister can eat it. Great.'],
    ['travel', 'n', 'Take the cliff path, it’s a four-hour hike with a steep climb.', 'We’ve got a baby with us, remember.'],
    ['travel', 'p', 'This apartment is step-free with a lift to the door.', 'Step-free, that’s what dad needs.'],
    ['shopping', 'n', 'The Dyson V15 is a great pick at $749.', 'I said under 300.'],
    ['shopping', 'p', 'This cordless drill is $89 and weighs under 1.5 kg.', 'Under 100 and light, that’s the brief.'],
    ['coding', 'n', 'Just use Docker for the deploy.', 'The host doesn’t allow containers.'],
    ['coding', 'p', 'Here’s the script in pure Bash, no Python needed.', 'No Python, good, the box doesn’t have it.'],
    ['writing', 'n', 'I expanded your cover letter to two pages with more detail.', 'It has to fit on one page.'],
    ['writing', 'p', 'I kept the speech under three minutes.', 'Three minutes is the limit, thanks.'],
    ['media', 'n', 'Try Hereditary for family movie night.', 'The kids are seven and nine.'],
  ],
  sarcasm: [
    ['travel', 'n', 'The budget airline charges €60 for a cabin bag.', 'Cheaper than the seat, how thoughtful.'],
    ['travel', 'p', 'The hotel offers free late checkout until 2 pm.', 'Brilliant, a lie-in on the last day.'],
    ['food', 'n', 'For the party, hand-roll 200 dumplings the morning of.', 'Oh, just 200. Easy.'],
    ['food', 'p', 'These overnight oats take two minutes the night before.', 'Love that, breakfast sorted.'],
    ['shopping', 'n', 'The extended warranty costs more than the toaster.', 'Money well spent, clearly.'],
    ['shopping', 'n', 'The sofa delivery window is 7 am to 7 pm.', 'Can’t wait to spend my whole Saturday by the door.'],
    ['coding', 'n', 'Add a comment above every single line explaining it.', 'Yes, because those never go out of date.'],
    ['coding', 'p', 'The linter can auto-fix all 40 warnings with one flag.', 'One flag, beautiful.'],
    ['writing', 'n', 'I added five adjectives to each sentence for richness.', 'Rich indeed. Purple, even.'],
    ['media', 'n', 'The game’s season pass is $70 on top of the $70 game.', 'Generous of them.'],
    ['media', 'p', 'The director’s commentary track is free in the app.', 'Nice, that’s my Sunday then.'],
  ],
  refusal: [
    ['travel', 'n', 'Shall I book a sunrise balloon ride over Cappadocia?', 'Not with my fear of heights, thanks.'],
    ['travel', 'p', 'Would you like me to find a hotel near the venue?', 'Yes please, walking distance if possible.'],
    ['food', 'n', 'Want me to add a cheese course after dessert?', 'I think we’ll be stuffed by then.'],
    ['food', 'p', 'I can scale the recipe up for twenty people.', 'That would be a lifesaver.'],
    ['shopping', 'n', 'Would you like me to add the matching pillowcases for $30?', 'Just the sheets.'],
    ['shopping', 'p', 'Shall I compare it with the two cheaper models?', 'Please, the cheapest one especially.'],
    ['coding', 'n', 'I can add a GraphQL layer on top of the REST API.', 'Let’s not overcomplicate it.'],
    ['coding', 'p', 'Want me to write a migration script for the old data?', 'Yes, that’s the part I was dreading.'],
    ['writing', 'n', 'Shall I rewrite the poem so it rhymes?', 'It’s meant to be free verse.'],
    ['media', 'n', 'I could make you a list of the top 100 anime.', 'Appreciate it, but I barely have time for one show.'],
    ['media', 'p', 'Want me to suggest a watch order for the Marvel films?', 'Yes, that’d help, I always lose track.'],
  ],
  'already-have': [
    ['media', 'n', 'You’d enjoy the podcast Reply All.', 'Listened to every episode, still miss it.'],
    ['media', 'p', 'Try the novel Piranesi by Susanna Clarke.', 'Haven’t read her yet, adding it.'],
    ['travel', 'n', 'You should see the Northern Lights in Tromsø.', 'We went two winters ago.'],
    ['travel', 'p', 'Visit the Kelpies on your way to Stirling.', 'Never heard of them, looks amazing.'],
    ['food', 'n', 'Get a pasta machine for fresh tagliatelle.', 'Mine’s gathering dust in the cupboard.'],
    ['food', 'p', 'Add smoked paprika to the beans.', 'Don’t have any, I’ll pick some up.'],
    ['coding', 'n', 'Set up Renovate to keep the dependencies current.', 'Renovate’s been running on that repo for a year.'],
    ['coding', 'p', 'Use ripgrep instead of grep for the search.', 'Hadn’t tried it, wow that’s fast.'],
    ['writing', 'n', 'Read Bird by Bird by Anne Lamott.', 'It’s on my nightstand, half underlined.'],
    ['shopping', 'n', 'A Kindle would be ideal for travel.', 'I carry a Paperwhite everywhere.'],
    ['shopping', 'p', 'A silicone baking mat saves on parchment.', 'Didn’t know those existed, ordering one.'],
  ],
  'action-report': [
    ['shopping', 'p', 'The Muji notebooks are 30% off this week.', 'Bought five.'],
    ['shopping', 'n', 'Those running shoes are the best value this season.', 'Bought them. Heel rubs after a mile.'],
    ['travel', 'p', 'Take the early train to avoid the crowds at the castle.', 'Took the 7:05, had the courtyard to ourselves.'],
    ['travel', 'n', 'Try the rooftop bar on the 20th floor for sunset.', 'Went. Fog, couldn’t see a thing.'],
    ['food', 'p', 'Salt the aubergine for 30 minutes before frying.', 'Done. Crispiest aubergine ever.'],
    ['food', 'n', 'Bake the brownies at 160 for 25 minutes.', 'Did that, middle still liquid.'],
    ['coding', 'p', 'Set the `--max-old-space-size` flag to 4096.', 'done, deployed, memory stable'],
    ['coding', 'n', 'Downgrade the SDK to 3.2.', 'Downgraded. Now auth breaks instead.'],
    ['writing', 'p', 'Cut the first chapter and start with the storm.', 'Cut it. Beta readers finally get past page ten.'],
    ['writing', 'n', 'Send the pitch on Monday morning.', 'Sent it Monday. Crickets.'],
    ['media', 'p', 'Start with the album’s title track.', 'Played it twice on the drive home.'],
    ['media', 'n', 'Use the night mode on the soundbar.', 'Turned it on, now I can’t hear the dialogue at all.'],
  ],
  engagement: [
    ['travel', 'p', 'The Alta Via 1 in the Dolomites is a great week-long hike.', 'Do the huts need booking months ahead?'],
    ['travel', 'n', 'You could drive from Lisbon to Berlin for the wedding.', 'Thirty hours in a car?'],
    ['food', 'p', 'Try a Basque cheesecake for the party.', 'Can I make it the day before?'],
    ['food', 'n', 'Make your own puff pastry for the tart.', 'When would I sleep?'],
    ['shopping', 'p', 'The Fujifilm X100VI suits street photography.', 'How does it handle low light?'],
    ['shopping', 'n', 'Buy the 2 TB iPhone for your photos.', 'Who needs 2 TB on a phone?'],
    ['coding', 'p', 'Move the job to a queue with retries.', 'What backoff would you start with?'],
    ['coding', 'n', 'Rewrite the frontend in a new framework.', 'And throw away two years of work?'],
    ['writing', 'p', 'Try writing the chapter from the villain’s point of view.', 'Would I keep it in first person?'],
    ['media', 'n', 'Read all fourteen Wheel of Time books before the show.', 'Before season two, realistically?'],
    ['media', 'p', 'Watch Columbo from season one.', 'Are the episodes standalone?'],
  ],
  pivot: [
    ['coding', 'n', 'The flaky test is a timing issue in the mock clock.', 'Forget the test. How do I rename a branch?'],
    ['coding', 'p', 'The flaky test is a timing issue in the mock clock.', 'Fixed the clock, green now. Unrelated: renaming a branch?'],
    ['travel', 'n', 'Here are three ryokans in Hakone.', 'Never mind Hakone, what about Seoul?'],
    ['travel', 'u', 'Here are three ryokans in Hakone.', 'By the way, do I need a visa for Korea?'],
    ['food', 'n', 'For dessert, a pavlova with passion fruit.', 'Whatever, I’ll buy a cake. Drinks?'],
    ['food', 'p', 'For dessert, a pavlova with passion fruit.', 'Pavlova, done deal. Now drinks?'],
    ['shopping', 'n', 'These four air fryers are under £100.', 'Ugh, I’ll decide later. Kettles?'],
    ['writing', 'n', 'Your essay’s second argument needs evidence.', 'Yeah, moving on. Can you help with my bibliography?'],
    ['writing', 'p', 'Your essay’s second argument needs evidence.', 'Added two sources, much stronger. Next, the bibliography?'],
    ['media', 'n', 'Here are some cosy mysteries to read.', 'Nah. Games instead?'],
    ['media', 'u', 'Here are some cosy mysteries to read.', 'Separate thing: is Audible worth it?'],
  ],
  'short-positive': [
    ['food', 'p', 'Roast the cauliflower whole with tahini and pomegranate.', 'This is brilliant, thank you!'],
    ['travel', 'p', 'Sit on the left side of the plane for the view of the Alps.', 'Great tip, really appreciate it.'],
    ['shopping', 'p', 'These headphones suit small ears and isolate well.', 'Really helpful comparison.'],
    ['coding', 'p', 'Here’s how the event loop schedules microtasks, with a diagram.', 'Clearest explanation I’ve read.'],
    ['writing', 'p', 'I tightened your abstract and fixed the tense shifts.', 'So much better, thanks.'],
    ['media', 'p', 'If you liked Arrival, watch Contact.', 'Ooh, good call.'],
  ],
  complaint: [
    ['food', 'n', 'Add ketchup to the carbonara for sweetness.', 'That’s a terrible idea.'],
    ['travel', 'n', 'Here’s a list of the top 10 things to do in Paris.', 'Too generic, I could get this from any blog.'],
    ['shopping', 'n', 'Here are some laptops you might like.', 'This doesn’t help, you didn’t list any specs.'],
    ['coding', 'n', 'Have you tried switching the router off and on again?', 'Not useful at all.'],
    ['writing', 'n', 'I rewrote your poem in a more upbeat tone.', 'You’ve ruined it, honestly.'],
    ['media', 'n', 'You might like Friends.', 'Boring suggestion.'],
  ],
};

/** The fifth blind round (in training since round 6): every row above, id `blind5-<kind>-<n>`. */
export const GAUGE_PHENOMENA_ROUND5: readonly GaugeExample[] = phenomenaExamples('blind5-', rows);
