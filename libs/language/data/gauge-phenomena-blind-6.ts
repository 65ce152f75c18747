/**
 * Sixth blind round for the phenomena of issue 17: written after the round-6 model (GAUGE_MODEL and the pair
 * features of commit 0e41ab5) was frozen and committed, and never used to fit or revise it. Fresh replies and
 * follow-ups, not paraphrases of any training pair (round 5 included), over the nine phenomena the issue lists:
 * contradiction (a bare correction), restatement of a constraint, sarcasm, polite refusal, already have / seen,
 * action reports and terse acceptance, engaged follow-up questions (against rhetorical ones), pivots away, and
 * plain praise and complaint (kinds `short-positive` and `complaint`, reported together as "plain"); both labels
 * in each, across six domains. Scored blind on that model (AUC 0.856; sarcasm 0.643, already-have 0.733, action
 * reports 0.726 and plain praise/complaint 0.833 below the goal), then spent: since round 7 its pairs are training
 * data and its misses guided the round-7 features, so its figure is optimistic.
 */
import type { GaugeExample } from '../src/gauge/types';
import { phenomenaExamples, type PhenomenaRows } from './phenomena-rows';

const rows: PhenomenaRows = {
  contradiction: [
    ['travel', 'n', 'The Eurostar to Brussels leaves St Pancras at 8:01.', '8:31 on my booking.'],
    ['travel', 'p', 'Your rental car pickup is at desk 14 in Arrivals.', 'Desk 14, found it.'],
    ['food', 'n', 'The cheese shop on Mercer Street opens at 8.', 'Opens at 10, sign on the door.'],
    ['food', 'p', 'Proof the dough for 90 minutes.', '90 minutes, timer’s on.'],
    ['shopping', 'n', 'The Bosch drill is on sale for £79.', 'It’s £99 in the app.'],
    ['shopping', 'p', 'The backpack holds 28 litres.', '28 litres is plenty for a weekend, thanks.'],
    ['coding', 'n', 'Your CI image runs Ubuntu 20.04.', '22.04, per the workflow file.'],
    ['coding', 'p', 'The default timeout in that client is 30 seconds.', '30, that matches what we saw.'],
    ['writing', 'n', 'Your manuscript should be double-spaced in 12-point Times.', 'The agency wants 11-point Arial.'],
    ['media', 'n', 'The documentary premieres on Netflix.', 'It’s on Apple TV, just checked.'],
    ['media', 'p', 'The episode runs 58 minutes.', '58, fits before bed.'],
  ],
  restatement: [
    ['food', 'n', 'Try a rich beef bourguignon for the dinner.', 'Half the table doesn’t eat meat.'],
    ['food', 'p', 'Here’s a gluten-free focaccia made with rice flour.', 'Gluten-free, my coeliac friend will be thrilled.'],
    ['travel', 'n', 'Fly into Heathrow and take the tube to the hotel.', 'We’re coming from Paris by train, as I wrote.'],
    ['travel', 'p', 'This cabin sleeps six and allows dogs.', 'Six plus the dog, that’s us.'],
    ['shopping', 'n', 'The 65-inch OLED would be perfect at $2,100.', 'The wall is only a metre wide.'],
    ['shopping', 'p', 'These boots come in a wide fit.', 'Wide fit, finally something that fits me.'],
    ['coding', 'n', 'Add Redux for the state.', 'We agreed no new dependencies this quarter.'],
    ['coding', 'p', 'Here’s the query rewritten without window functions, for MySQL 5.7.', '5.7 compatible, great.'],
    ['writing', 'n', 'I’ve written the bio in the first person.', 'The bio needs to be in third person.'],
    ['media', 'n', 'Try Squid Game for the family.', 'My youngest is six.'],
    ['media', 'p', 'Here are three podcasts under 20 minutes an episode.', 'Short enough for my commute, thanks.'],
  ],
  sarcasm: [
    ['travel', 'n', 'The only available room faces the motorway.', 'Lovely view, I’m sure.'],
    ['travel', 'p', 'The hotel upgraded you to a sea-view suite.', 'Wonderful news, thank you!'],
    ['food', 'n', 'The recipe needs twelve egg whites whisked by hand.', 'My arm thanks you in advance.'],
    ['food', 'p', 'This traybake needs one tin and no washing up.', 'One tin? Dream.'],
    ['shopping', 'n', 'That phone case is $90.', 'For plastic. Bargain.'],
    ['shopping', 'n', 'The returns queue at the store is about two hours on weekends.', 'Sounds like a fun Saturday.'],
    ['coding', 'n', 'Manually update the version in all 30 config files.', 'What could possibly go wrong.'],
    ['coding', 'p', 'This one-liner replaces your 80-line parser.', 'Beautiful. Deleting the old one.'],
    ['writing', 'n', 'I’ve turned your two-line email into five paragraphs.', 'Just what my boss wanted to read.'],
    ['media', 'n', 'The sequel is three hours long and has no plot.', 'Can’t wait.'],
    ['media', 'p', 'The whole series is free on the BBC app.', 'Fantastic, weekend sorted.'],
  ],
  refusal: [
    ['travel', 'n', 'Shall I add a guided walking tour on day two?', 'We like to wander on our own.'],
    ['travel', 'p', 'Want me to check train times back to the airport?', 'Yes, please, for Sunday evening.'],
    ['food', 'n', 'I can suggest a wine for each course.', 'We’re all driving, so no.'],
    ['food', 'p', 'Shall I write out a shopping list for the week?', 'That would be amazing.'],
    ['shopping', 'n', 'Want me to add the protection plan for $12 a month?', 'I’ll take my chances.'],
    ['shopping', 'p', 'I could look for the same jacket in navy.', 'Yes, navy would be perfect.'],
    ['coding', 'n', 'I can rewrite your tests with a property-based testing library.', 'Plain unit tests are fine for us.'],
    ['coding', 'p', 'Should I add a GitHub Action that runs the linter?', 'Please, it keeps slipping through review.'],
    ['writing', 'n', 'Would you like me to add a poem to the eulogy?', 'Mum hated poetry.'],
    ['media', 'n', 'I could put together a list of long novels for the summer.', 'Thanks, but I’m more of a short-story person.'],
    ['media', 'p', 'Want me to find where it’s streaming?', 'Yes, that’d save me a search.'],
  ],
  'already-have': [
    ['media', 'n', 'You’d love the film Past Lives.', 'Saw it in the cinema when it came out.'],
    ['media', 'p', 'Try the audiobook of Project Hail Mary.', 'Not listened to it, downloading now.'],
    ['travel', 'n', 'Visit the Keukenhof gardens in April.', 'Been three springs in a row.'],
    ['travel', 'p', 'Try the Sintra day trip from Lisbon.', 'First I’ve heard of it, booking.'],
    ['food', 'n', 'Get a proper cast-iron skillet.', 'Inherited my gran’s, use it daily.'],
    ['food', 'p', 'Try harissa in the roast veg.', 'Never cooked with it, will grab a jar.'],
    ['coding', 'n', 'Enable two-factor auth on your GitHub account.', 'Did that the day I signed up.'],
    ['coding', 'p', 'Add an .editorconfig to the repo.', 'We don’t have one, adding it.'],
    ['writing', 'n', 'Use Zotero to manage your references.', 'My whole thesis library lives in it.'],
    ['shopping', 'n', 'A robot vacuum would save you time.', 'Ours is charging under the sofa.'],
    ['shopping', 'p', 'A cheap label maker helps organise the pantry.', 'Never owned one, ordering.'],
  ],
  'action-report': [
    ['shopping', 'p', 'The Le Creuset casserole is 40% off until midnight.', 'Grabbed one before midnight.'],
    ['shopping', 'n', 'This air purifier is the quietest on the list.', 'Bought it. Sounds like a jet engine.'],
    ['travel', 'p', 'Book the late table at the taverna by the harbour.', 'Booked for 9, thanks.'],
    ['travel', 'n', 'Take the coastal bus instead of a taxi.', 'Took it. Broke down halfway.'],
    ['food', 'p', 'Add a splash of fish sauce to the stew.', 'Added it, deeper flavour, everyone loved it.'],
    ['food', 'n', 'Freeze the leftover sauce in ice-cube trays.', 'Did it. Freezer burn after a week.'],
    ['coding', 'p', 'Switch the query to use the composite index.', 'Switched, p95 dropped from 800 to 40 ms.'],
    ['coding', 'n', 'Clear the Docker build cache and rebuild.', 'Rebuilt. Same layer error.'],
    ['coding', 'p', 'Squash the fixups before you open the PR.', 'Squashed and merged.'],
    ['writing', 'p', 'Send the draft to your editor tonight.', 'Sent. She loved the ending.'],
    ['writing', 'n', 'Post the essay on Medium.', 'Posted. Eleven views.'],
    ['media', 'n', 'Update the TV firmware to fix the audio lag.', 'Updated. Lag’s worse.'],
    ['media', 'p', 'Start the podcast from episode 40.', 'Started there, hooked already.'],
  ],
  engagement: [
    ['travel', 'p', 'Base yourself in Chamonix for the hiking.', 'Is a car necessary, or do buses reach the trailheads?'],
    ['travel', 'n', 'You could take the overnight bus to save a hotel night.', 'Fourteen hours upright?'],
    ['food', 'p', 'Try making your own ricotta.', 'Whole milk, or can I use semi-skimmed?'],
    ['food', 'n', 'Serve a five-course tasting menu at the picnic.', 'On a blanket in a park?'],
    ['shopping', 'p', 'The Kobo Clara has warm light and is waterproof.', 'Does it read library books?'],
    ['shopping', 'n', 'Spend $400 on a chef’s knife.', 'To chop onions twice a week?'],
    ['coding', 'p', 'Cache the responses at the edge.', 'How long should the TTL be for prices?'],
    ['coding', 'n', 'Write the whole service in Haskell.', 'Who’s going to maintain that?'],
    ['writing', 'p', 'End the story with the letter from the sister.', 'Should the letter be shown in full or summarised?'],
    ['media', 'n', 'Watch all 22 Bond films in order this week.', 'Alongside a full-time job?'],
    ['media', 'p', 'Listen to Bill Evans’ Sunday at the Village Vanguard.', 'Which track would you start with?'],
  ],
  pivot: [
    ['coding', 'n', 'The null error comes from the async config load.', 'Drop it. How do I write a cron expression?'],
    ['coding', 'p', 'The null error comes from the async config load.', 'Awaited it, error gone. Next: cron expressions?'],
    ['travel', 'n', 'Here are four hostels in Porto.', 'Forget Porto. Is Seville nice in May?'],
    ['travel', 'u', 'Here are four hostels in Porto.', 'Also, what’s the tipping custom in Portugal?'],
    ['food', 'n', 'For the barbecue, marinate the halloumi in lemon.', 'Meh, whatever. What beers should I get?'],
    ['food', 'p', 'For the barbecue, marinate the halloumi in lemon.', 'Halloumi’s marinating. What beers should I get?'],
    ['shopping', 'n', 'These three vacuums handle pet hair well.', 'Not bothered anymore. Any good plant pots?'],
    ['writing', 'n', 'Your intro paragraph buries the thesis.', 'Fine, skip it. How long should the conclusion be?'],
    ['writing', 'p', 'Your intro paragraph buries the thesis.', 'Moved the thesis up, reads better. How long should the conclusion be?'],
    ['media', 'n', 'Here are five sci-fi novels for the beach.', 'Never mind books. Any good board games?'],
    ['media', 'u', 'Here are five sci-fi novels for the beach.', 'On a different note, any tips for packing light?'],
  ],
  'short-positive': [
    ['food', 'p', 'Stir-fry the greens with garlic and a splash of soy.', 'Simple and delicious, thanks!'],
    ['travel', 'p', 'Take the 10 am boat to skip the cruise crowds.', 'Super useful, thank you.'],
    ['shopping', 'p', 'Here’s a comparison of the three e-bikes by range and weight.', 'Exactly the comparison I needed.'],
    ['coding', 'p', 'The closure captures the loop variable; use let instead of var.', 'That explains everything, thanks!'],
    ['writing', 'p', 'Replace the passive constructions in paragraph two.', 'Great edit, reads so much cleaner.'],
    ['media', 'p', 'If you like Wes Anderson, try The Grand Budapest Hotel.', 'Love this pick.'],
  ],
  complaint: [
    ['food', 'n', 'Just add more salt.', 'That’s not helpful.'],
    ['travel', 'n', 'Paris is nice in spring.', 'Way too vague to be useful.'],
    ['shopping', 'n', 'Here are some phones to consider.', 'Useless list, no prices.'],
    ['coding', 'n', 'Have you checked the logs?', 'Obviously. This is a waste of time.'],
    ['writing', 'n', 'I simplified your thesis statement.', 'You’ve made it say the opposite.'],
    ['media', 'n', 'You might like Twilight.', 'Awful suggestion.'],
  ],
};

/** The sixth blind round (in training since round 7): every row above, id `blind6-<kind>-<n>`. */
export const GAUGE_PHENOMENA_ROUND6: readonly GaugeExample[] = phenomenaExamples('blind6-', rows);
