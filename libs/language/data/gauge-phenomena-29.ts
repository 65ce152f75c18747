/**
 * Round-29 training additions for the phenomena of issue 17 (not a blind set): written on branch gauge35 after the
 * round-29 rule (docs/benchmarks.md, Round 29, commit 7a231bf) and before the round-29 model Q was fitted or the
 * round-29 blind set written. Aimed at the kinds the served model O missed on round 28 (docs/benchmarks.md, Round 28,
 * "What both miss"), by structure rather than wording: engaged questions about an attribute or the use of the offered
 * thing, with and without a question mark, and requests to go deeper, against rhetorical and complaining questions;
 * corrections that name another thing of the same kind (a person, a place, a year, a time, a day, a price), lower case
 * or not, with and without a marker, against confirmations that repeat the reply's name or value; praise told by a
 * situation and complaints told by what happened. Six domains. Written as new wordings, not adapted from any blind round.
 */
import type { GaugeExample } from '../src/gauge/types';
import { phenomenaExamples, type PhenomenaRows } from './phenomena-rows';

const rows: PhenomenaRows = {
  engagement: [
    ['shopping', 'p', 'The linen shirt from Arket is a good summer buy at £45.', 'does it come in a sage green'],
    ['shopping', 'p', 'That carry-on case fits most airline cabin limits.', 'what does it weigh empty?'],
    ['travel', 'p', 'The coastal path from Polperro to Looe is a lovely half-day walk.', 'how long would that take with a six year old'],
    ['travel', 'p', 'The overnight ferry to Bilbao has cabins with portholes.', 'can you bring a car on it?'],
    ['food', 'p', 'A cast-iron dutch oven is ideal for no-knead bread.', 'what size would do a loaf for two'],
    ['food', 'p', 'This miso glaze works on aubergine or salmon.', 'does it keep in the fridge for a week?'],
    ['coding', 'p', 'Renovate can open dependency update PRs on a schedule.', 'walk me through limiting it to weekends'],
    ['coding', 'p', 'A read replica would take the reporting load off the primary.', 'how far behind does it usually lag'],
    ['writing', 'p', 'Scrivener lets you split a draft into scenes you can reorder.', 'show me how the corkboard view works'],
    ['writing', 'p', 'A weekly newsletter on Buttondown is free up to a thousand readers.', 'can I bring over my old subscriber list?'],
    ['media', 'p', 'The director’s cut adds twenty minutes of the desert sequence.', 'is that the version on the 4k disc'],
    ['media', 'p', 'Start the Discworld books with Guards! Guards!.', 'where do the witches ones fit in after that'],
    ['shopping', 'p', 'That standing desk has a memory setting for two heights.', 'tell me more about the motor noise'],
    ['food', 'p', 'Pickled red onions lift tacos and salads.', 'quick question, white or cider vinegar for those?'],
    ['shopping', 'n', 'The premium blender crushes ice in seconds for £499.', 'who spends five hundred quid on a smoothie'],
    ['travel', 'n', 'Take the 5:40 a.m. bus to catch the sunrise at the crater.', 'why would anyone get up at five on holiday?'],
    ['food', 'n', 'Make your own puff pastry for the tart, it only takes a day.', 'who has a spare day for pastry'],
    ['food', 'n', 'Try the tasting menu with the wine flight.', "and what's the point if I can't taste a thing after glass three"],
    ['coding', 'n', 'You could rewrite the CLI in Rust for speed.', 'does a script that runs once a month even need speed?'],
    ['coding', 'n', 'Add a service mesh to handle the traffic between the two services.', 'since when do two services need a mesh'],
    ['writing', 'n', 'Open the chapter with a two-page weather description.', 'who actually reads two pages of clouds'],
    ['writing', 'n', 'Submit the story to forty magazines at once.', 'am I supposed to track forty rejections in a spreadsheet?'],
    ['media', 'n', 'Watch all nine films before the new one comes out.', 'is anyone honestly doing twenty hours of homework for a movie'],
    ['media', 'n', 'Get the streaming bundle, it includes six services.', 'why would I pay for five I never open?'],
    ['travel', 'n', 'Book the window seat on the left for the view of the fjord.', 'so I can look at cloud for two hours?'],
    ['shopping', 'n', 'The smart fridge tells you when the milk runs low.', 'who needs a fridge to tell them that'],
  ],
  contradiction: [
    ['media', 'n', 'Blade Runner was directed by James Cameron.', 'ridley scott, cameron did aliens'],
    ['media', 'n', 'The Godfather came out in 1975.', 'seventy two, 1972, i have the poster'],
    ['writing', 'n', 'Middlemarch was written by Elizabeth Gaskell.', 'george eliot'],
    ['writing', 'n', 'The Hobbit was published in 1954.', '1937, lord of the rings was the fifties'],
    ['travel', 'n', 'The Sagrada Família is in Madrid.', 'Barcelona, we walked there from the beach'],
    ['travel', 'n', 'The last ferry to the island leaves at 18:00.', 'it was 17:15 when we went, check again'],
    ['food', 'n', 'Paella comes from Andalusia.', 'valencia, the rice grows round the lagoon'],
    ['food', 'n', 'The farmers’ market runs on Thursdays.', 'saturdays, it moved last year'],
    ['shopping', 'n', 'The Switch OLED costs $299.', '349 at every shop I looked at'],
    ['shopping', 'n', 'Patagonia is headquartered in Portland.', 'ventura in california'],
    ['coding', 'n', 'Python was created by James Gosling.', 'guido, gosling is java'],
    ['coding', 'n', 'The React team released hooks in 2015.', '2019 if memory serves, 16.8'],
    ['media', 'p', 'Blade Runner was directed by Ridley Scott.', 'scott, and the final cut is the one to see'],
    ['writing', 'p', 'Middlemarch was written by George Eliot.', 'eliot, yes, Mary Ann Evans'],
    ['travel', 'p', 'The Sagrada Família is in Barcelona.', 'barcelona, still scaffolded when we went'],
    ['travel', 'p', 'The last ferry to the island leaves at 18:00.', '18:00 on the dot, we nearly missed it'],
    ['food', 'p', 'Paella comes from Valencia.', 'valencia, had it by the lagoon last summer'],
    ['food', 'p', 'The farmers’ market runs on Saturdays.', 'saturdays, I get my eggs there'],
    ['shopping', 'p', 'The Switch OLED costs $349.', 'paid 349 in march'],
    ['coding', 'p', 'Python was created by Guido van Rossum.', 'guido, his old blog is still up'],
    ['coding', 'p', 'React hooks arrived in 2019.', 'right, 16.8 in feb 2019'],
    ['media', 'p', 'The Godfather came out in 1972.', '1972, my dad saw it opening week'],
  ],
  'short-positive': [
    ['writing', 'p', 'Try the five-minute morning pages habit.', 'the notebook lives on my pillow now'],
    ['coding', 'p', 'That git alias for an interactive rebase saves typing.', 'it is in every dotfiles repo I own now'],
    ['food', 'p', 'The chickpea stew freezes well.', 'there are six tubs of it in the freezer'],
    ['media', 'p', 'The podcast on the history of maps is worth a listen.', 'my commute is forty minutes shorter somehow'],
  ],
  complaint: [
    ['shopping', 'n', 'Those running shoes are built for long distances.', 'the sole came off at mile three'],
    ['travel', 'n', 'The airport hotel has a shuttle every twenty minutes.', 'we stood at the stop for an hour'],
    ['coding', 'n', 'The migration tool handles renames automatically.', 'dropped the column and made a new empty one'],
    ['media', 'n', 'The audiobook narrator is very soothing.', 'fell asleep in every chapter and lost the plot twice'],
  ],
};

/** Round-29 training additions (60 pairs). */
export const GAUGE_PHENOMENA_ADDED_29: readonly GaugeExample[] = phenomenaExamples('added29-', rows);
