/**
 * Round-28 training additions for the phenomena of issue 17 (not a blind set): written on branch gauge34 after the
 * round-28 rule (docs/benchmarks.md, Round 28, commit f124bac) and before the round-28 model O was fitted or the
 * round-28 blind set written. Aimed at the kinds the served model N missed on round 27 (docs/benchmarks.md, Round 27,
 * "What both miss"): contradiction told as the right fact in other words with no cue word, and confirmation told by
 * experience, a check or a habit; irony with no praise opener and sincere delight with no praise word; praise told by
 * what the user did next and complaints told by what happened; rhetorical yes/no questions and requests to go deeper
 * without a question mark. Six domains. Written as new wordings, not adapted from any blind round.
 */
import type { GaugeExample } from '../src/gauge/types';
import { phenomenaExamples, type PhenomenaRows } from './phenomena-rows';

const rows: PhenomenaRows = {
  contradiction: [
    ['food', 'n', 'Guacamole gets its tang from white wine vinegar.', 'lime juice, always has been'],
    ['food', 'n', 'Pesto alla genovese is made with walnuts.', 'pine nuts and basil, walnuts are a different sauce'],
    ['travel', 'n', 'The Louvre is on the left bank of the Seine.', 'right bank, next to the tuileries'],
    ['travel', 'n', 'Lisbon is the capital of Spain.', 'madrid for spain, lisbon is portugal'],
    ['shopping', 'n', 'IKEA was founded in Denmark.', 'swedish through and through, smaland'],
    ['shopping', 'n', 'A Kindle Paperwhite has a colour screen.', 'black and white e-ink on mine'],
    ['coding', 'n', 'In Python, a tuple can be changed after it is created.', 'that would be a list, tuples are fixed'],
    ['coding', 'n', 'git fetch merges the remote branch into yours.', 'pull does the merge, fetch only downloads'],
    ['writing', 'n', 'Frankenstein was written by Percy Shelley.', 'mary wrote it, percy edited bits'],
    ['writing', 'n', 'A sonnet has twelve lines.', 'fourteen, the last two a couplet in Shakespeare’s'],
    ['media', 'n', 'Jaws was directed by George Lucas.', 'spielberg, his first big hit'],
    ['media', 'n', 'The Office began in the United States.', 'started on the BBC with Gervais, the US one came after'],
    ['food', 'p', 'Resting a steak for five minutes keeps it juicier.', 'do it every time, the board stays dry'],
    ['food', 'p', 'Salting aubergine first draws out bitterness.', 'my gran did that every sunday'],
    ['travel', 'p', 'Trains in Japan leave to the second.', 'watched ours pull out at 9:02 exactly'],
    ['travel', 'p', 'You need a visa for Vietnam on a UK passport.', 'had to get one last spring, took a week'],
    ['shopping', 'p', 'Costco only lets members shop there.', 'they checked my card at the door'],
    ['shopping', 'p', 'Most UK supermarkets charge for carrier bags now.', 'paid 10p for one at the weekend'],
    ['coding', 'p', 'Array.prototype.sort sorts numbers as strings by default.', 'bit me in prod once, 10 before 9'],
    ['coding', 'p', 'SQLite stores the whole database in one file.', 'we copy that one file for backups'],
    ['writing', 'p', 'Hemingway wrote standing up.', 'read that in his letters, at a bookshelf'],
    ['writing', 'p', 'Most publishers want a synopsis with a submission.', 'sent one with every query I did'],
    ['media', 'p', 'Toy Story was the first fully computer-animated feature.', 'saw it in the cinema as a kid, 1995'],
    ['media', 'p', 'Spotify Wrapped comes out in early December.', 'mine landed on the first last year'],
  ],
  sarcasm: [
    ['food', 'n', 'The set menu is £95 and drinks are extra.', 'tap water with a view of my overdraft'],
    ['travel', 'n', 'Your connecting flight leaves from a different airport across the city.', 'a sightseeing tour with luggage, how thoughtful'],
    ['shopping', 'n', 'Returns must be posted at your own cost within 7 days.', 'cheers for the extra errand'],
    ['coding', 'n', 'The build now needs 32 GB of RAM.', 'my laptop will enjoy the sauna'],
    ['writing', 'n', 'The magazine pays contributors in exposure.', 'my landlord accepts exposure, right'],
    ['media', 'n', 'The finale is split across two cinema releases a year apart.', 'patience is a virtue they really want me to practise'],
    ['food', 'n', 'The café only takes cash and has no cash machine nearby.', 'very retro, love the treasure hunt'],
    ['coding', 'n', 'The vendor deprecated the SDK the week after we integrated it.', 'timing worthy of a medal'],
    ['food', 'p', 'The bakery saved you the last sourdough loaf.', 'I hugged it all the way home'],
    ['travel', 'p', 'Your lost passport was handed in at the station.', 'I sat on the kerb and laughed for a minute'],
    ['shopping', 'p', 'The sold-out trainers are back in your size.', 'heart going like a drum, in the basket'],
    ['coding', 'p', 'The flaky test was a timezone bug and the fix is merged.', 'I did a lap of the office'],
    ['writing', 'p', 'An agent asked for your full manuscript.', 'shaking, rang my sister straight away'],
    ['media', 'p', 'Your favourite band added a date in your town.', 'my teenage self is screaming'],
    ['media', 'p', 'The series you backed got renewed for two more seasons.', 'tears, actual tears'],
    ['travel', 'p', 'The hotel upgraded you to a sea-view room.', 'woke up to the waves, still grinning'],
  ],
  'short-positive': [
    ['food', 'p', 'The dumpling place on Mill Road is worth a try.', 'ordered a second round before the first was gone'],
    ['travel', 'p', 'The night train to Vienna is a lovely way to go.', 'booked the return on it too'],
    ['shopping', 'p', 'Those wool socks last for years.', 'bought five more pairs for the family'],
    ['coding', 'p', 'The debugger extension makes stepping through async code easy.', 'found the bug in ten minutes flat'],
    ['writing', 'p', 'Morning pages help with a stuck draft.', 'three chapters since monday'],
    ['media', 'p', 'The podcast about the Apollo missions is gripping.', 'finished the series on one long drive'],
    ['food', 'p', 'Try a pinch of sugar in the tomato sauce.', 'kids asked for seconds'],
    ['travel', 'p', 'The hostel in Porto has a great roof terrace.', 'stayed two extra nights'],
    ['coding', 'p', 'Use a linter in the editor.', 'turned it on across all our repos'],
    ['media', 'p', 'Watch the director’s cut.', 'telling everyone at work about it'],
  ],
  complaint: [
    ['food', 'n', 'The pizza place does great crusts.', 'floppy in the middle and cold by the time it came'],
    ['travel', 'n', 'The airport shuttle is quick.', 'stood forty minutes at the stop in the rain'],
    ['shopping', 'n', 'Those headphones are comfy for hours.', 'ears sore after twenty minutes'],
    ['coding', 'n', 'That ORM keeps queries fast.', 'one page now fires three hundred queries'],
    ['writing', 'n', 'The grammar tool catches most mistakes.', 'it flagged my name as a typo and missed their/there'],
    ['media', 'n', 'The sequel is even funnier.', 'sat through it in silence, the whole row did'],
    ['food', 'n', 'The bakery’s croissants are flaky and buttery.', 'dense like bread rolls'],
    ['shopping', 'n', 'The standing desk is sturdy.', 'wobbles every time I type'],
    ['travel', 'n', 'The beach is quiet in June.', 'three coach parties and a stag do'],
    ['media', 'n', 'The audiobook narrator is great.', 'switched to the paperback after chapter two'],
  ],
  engagement: [
    ['food', 'p', 'Start the sourdough with a rye starter.', 'walk me through feeding it, I’ve never kept one alive'],
    ['travel', 'p', 'The Dolomites are great for via ferrata.', 'explain what kit I’d need for a first one'],
    ['coding', 'p', 'Move the heavy work to a web worker.', 'show me how the messages go back and forth'],
    ['writing', 'p', 'Open the chapter in the middle of the action.', 'give me an example with my opening scene'],
    ['shopping', 'n', 'A robot vacuum would save you time.', 'is it going to climb the stairs as well?'],
    ['media', 'n', 'The director’s commentary is worth a listen.', 'do I really need three more hours of him?'],
    ['coding', 'n', 'Rewrite the service in Rust for speed.', 'is that going to fix a slow database?'],
    ['writing', 'n', 'Add a prologue from the villain’s point of view.', 'does anyone actually read prologues?'],
  ],
};

/** Round-28 training additions (68 pairs). */
export const GAUGE_PHENOMENA_ADDED_28: readonly GaugeExample[] = phenomenaExamples('added28-', rows);
