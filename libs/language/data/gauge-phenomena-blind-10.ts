/**
 * Tenth blind round for the phenomena of issue 17: written after the round-10 model (GAUGE_MODEL, the pair features
 * and the learned components of commit fdd4de4, "gauge round 10 model frozen") was frozen and committed, and never
 * used to fit or revise it. Fresh replies and follow-ups, not paraphrases of any training pair (rounds 1 to 9 and
 * every training addition, round 10's included; checked by exact text and by word overlap before the commit), over
 * the nine phenomena the issue lists: contradiction (a bare correction), restatement of a constraint, sarcasm (14
 * pairs: irony with no cue word, and sincere praise in the same terse form), polite refusal, already have / seen,
 * action reports (outcomes that need world knowledge), engaged follow-up questions (against rhetorical ones), pivots
 * away, and plain praise and complaint in idioms (kinds `short-positive` and `complaint`, reported together as
 * "plain"); both labels in each, across six domains. `npm run bench -- gauge` reports it as the honest figure.
 *
 * Rule fixed before scoring (docs/benchmarks.md, Round 10): both models are scored once on this set in the same
 * run (the round-9 model 5c55457's gauge code in a checkout of main f75284e, passed in with --compare). The round-10
 * model is served if its overall AUC (positive vs negative) is not lower than the round-9 model's and no phenomenon
 * with at least 8 pairs is lower by more than 0.06 (two mis-ordered pairs of a 6 × 6 phenomenon); otherwise the
 * round-9 model stays served.
 */
import type { GaugeExample } from '../src/gauge/types';
import { phenomenaExamples, type PhenomenaRows } from './phenomena-rows';

const rows: PhenomenaRows = {
  contradiction: [
    ['travel', 'n', 'Your train to Bruges leaves from platform 6.', 'Departure board shows 11.'],
    ['food', 'n', 'The fishmonger at the covered market closes at 1 pm on Saturdays.', 'They pack up at eleven now.'],
    ['shopping', 'n', 'Those over-ear headphones weigh 250 grams.', 'The spec sheet lists 310.'],
    ['coding', 'n', 'That SDK retries a failed upload five times by default.', 'Its changelog says three since v4.'],
    ['writing', 'n', 'The residency application is due on 3 March.', 'The portal closes on the 28th of February.'],
    ['media', 'n', 'Nick Cave’s next Berlin show is at the Tempodrom.', 'My ticket says Uber Arena.'],
    ['travel', 'p', 'Your first night on the Tour du Mont Blanc is at the Refuge de Bellachat.', 'Bellachat, deposit paid.'],
    ['food', 'p', 'Set the oven to 230 for the focaccia.', '230 it goes, dough’s already dimpled.'],
    ['shopping', 'p', 'The outlet refunds within 30 days if the tags are on.', 'Thirty days is plenty, I’ll take both sizes home.'],
    ['coding', 'p', 'The variable must be called DATABASE_URL.', 'DATABASE_URL, my .env had it lowercase.'],
    ['writing', 'p', 'The journal caps abstracts at 250 words.', 'Mine sits at 243, phew.'],
    ['media', 'p', 'The Hockney exhibition runs until 12 January.', '12 January, we can go after New Year.'],
  ],
  restatement: [
    ['food', 'n', 'A prawn and chorizo paella would feed everyone.', 'Two of the guests keep kosher.'],
    ['travel', 'n', 'Fly into Reykjavik and hire a car for the ring road.', 'Neither of us drives.'],
    ['shopping', 'n', 'This espresso machine is the best at €1,400.', 'The ceiling I gave you was a third of that.'],
    ['coding', 'n', 'Pull in lodash for the deep merge.', 'No third-party packages on this project, that was the brief.'],
    ['writing', 'n', 'Open the wedding speech with the story about the stag weekend.', 'Her grandmother will be on the front table.'],
    ['media', 'n', 'Stream the final on the paid sports channel.', 'We don’t pay for TV, remember.'],
    ['food', 'p', 'Here’s a nut-free granola, made in a nut-free kitchen.', 'Made away from nuts too, the school will accept it.'],
    ['travel', 'p', 'Every hotel here has step-free access and a roll-in shower.', 'Roll-in shower in each, my dad can come along.'],
    ['shopping', 'p', 'This pram fits in a Fiat 500 boot when folded.', 'Fits the tiny boot, that settles it.'],
    ['coding', 'p', 'This version runs on Python 3.8 with only the standard library.', 'Standard library only, our locked-down servers will run it.'],
    ['writing', 'p', 'The cover letter is now under one page and avoids jargon.', 'One page and plain English, as the agency asked.'],
    ['media', 'p', 'All of these films are rated U.', 'U across the board, the six-year-olds can watch.'],
  ],
  sarcasm: [
    ['travel', 'n', 'The cheapest hotel shares one bathroom between eleven rooms.', 'Morning queue, what a way to bond.'],
    ['food', 'n', 'Boil the broccoli for twenty minutes so it’s soft.', 'Grey mush, my favourite colour.'],
    ['coding', 'n', 'Store the session tokens in the URL so they are easy to share.', 'Easy to share indeed. With everyone.'],
    ['shopping', 'n', 'The printer only accepts the manufacturer’s cartridges at £60 each.', 'Their accountants must be delighted.'],
    ['writing', 'n', 'I added fourteen adverbs to your opening paragraph.', 'Truly, deeply, utterly improved.'],
    ['media', 'n', 'The live stream is only in 480p with a 40-second delay.', 'Cutting-edge broadcasting.'],
    ['travel', 'n', 'The scenic route adds four hours and two mountain passes in snow.', 'The kids in the back will adore every minute.'],
    ['coding', 'n', 'Email the production database password to the whole team.', 'Nothing could go sideways there.'],
    ['food', 'p', 'Toast the breadcrumbs in the pan with garlic before sprinkling.', 'Crunchy garlicky tops, heaven.'],
    ['shopping', 'p', 'The shop price-matches and throws in a free case.', 'Free case and the cheapest price, sweet deal.'],
    ['writing', 'p', 'I cut your intro from four paragraphs to one sharp sentence.', 'One sentence that does the work of four, bravo.'],
    ['media', 'p', 'The remastered album keeps the original mix as a bonus disc.', 'Both mixes in one box, dream scenario.'],
    ['travel', 'p', 'The lounge pass is included with your ticket.', 'Lounge for free, I could get used to this.'],
    ['coding', 'p', 'Turning on the query cache cut the page time from 4 s to 200 ms.', 'Twenty times quicker, incredible.'],
  ],
  refusal: [
    ['travel', 'n', 'Shall I add a rental car to the booking?', 'We’ll manage on the buses.'],
    ['food', 'n', 'I can turn this into a slow-cooker version.', 'Stove top suits me fine.'],
    ['shopping', 'n', 'I can sign you up for the store’s loyalty card.', 'My wallet is full of those already.'],
    ['coding', 'n', 'Should I rewrite the module with dependency injection?', 'It’s forty lines, leave it be.'],
    ['writing', 'n', 'I could rewrite your bio in the third person.', 'First person feels more like me.'],
    ['media', 'n', 'Want me to set a reminder for the season premiere?', 'I’ll catch it whenever.'],
    ['travel', 'p', 'Shall I see if the aquarium sells a pass for two adults and three kids?', 'Oh do, that would be us exactly.'],
    ['food', 'p', 'Want me to batch the lunches into a Sunday prep plan?', 'You’d be rescuing my week.'],
    ['shopping', 'p', 'I can look for the same sofa in a darker fabric.', 'Charcoal if they have it.'],
    ['coding', 'p', 'I could set up a nightly job that prunes the old logs.', 'Yes, keep the last fortnight.'],
    ['writing', 'p', 'I could suggest a stronger closing line.', 'Two or three options would be great.'],
    ['media', 'p', 'Shall I put together a playlist of her early records?', 'Only the pre-2000 stuff, yes.'],
  ],
  'already-have': [
    ['media', 'n', 'You might love Blue Lines by Massive Attack.', 'It soundtracked my whole sixth form.'],
    ['travel', 'n', 'Spend a day in the Alhambra.', 'Our honeymoon, twelve years ago.'],
    ['food', 'n', 'A mandoline slicer will speed up the prep.', 'Still have the scar from mine.'],
    ['coding', 'n', 'Look into using Docker Compose for local dev.', 'Our onboarding doc is built around it.'],
    ['shopping', 'n', 'A Dyson airwrap might suit your hair.', 'Sitting in its box on the bathroom shelf.'],
    ['writing', 'n', 'Annie Dillard’s The Writing Life is worth a look.', 'I can quote whole pages.'],
    ['media', 'p', 'You might love Blue Lines by Massive Attack.', 'Shamefully, not a note of it. Putting it on.'],
    ['travel', 'p', 'Spend a day in the Alhambra.', 'Wasn’t on my radar, is it bookable ahead?'],
    ['food', 'p', 'A mandoline slicer will speed up the prep.', 'Sounds like the gadget I’ve been missing, which brand?'],
    ['coding', 'p', 'Look into using Docker Compose for local dev.', 'We hand-start every service, so this is new. Trying it.'],
    ['shopping', 'p', 'A Dyson airwrap might suit your hair.', 'Only heard the name, going to test one in store.'],
    ['writing', 'p', 'Annie Dillard’s The Writing Life is worth a look.', 'Never picked it up, the library has a copy.'],
  ],
  'action-report': [
    ['food', 'n', 'Swap the sugar for honey one to one in the cake.', 'Sank in the middle and burnt on top.'],
    ['coding', 'n', 'Upgrade the ORM to the latest major.', 'Half the queries now return null.'],
    ['travel', 'n', 'Exchange your money at the airport kiosk.', 'Lost about a fifth of it on the rate.'],
    ['shopping', 'n', 'Iron the shirt on the hottest setting.', 'Now it has an iron-shaped hole.'],
    ['writing', 'n', 'Let the writing group see your opening chapter.', 'Eighty comments, all about my font.'],
    ['media', 'n', 'Factory-reset the router to fix the stutter.', 'Whole house offline since noon.'],
    ['food', 'p', 'Press the tofu under a heavy pan before it goes in the wok.', 'Golden edges, and it drank up the marinade.'],
    ['coding', 'p', 'Move the heavy work into a background job.', 'The request returns in 80 ms and users stopped complaining.'],
    ['travel', 'p', 'Book the Alhambra tickets the moment they release.', 'Got the 9 am slot, the last two.'],
    ['shopping', 'p', 'Ask for the ex-display model, they discount it.', 'They knocked 30% off.'],
    ['writing', 'p', 'Print the draft and edit on paper.', 'Spotted a plot hole I’d missed on screen for weeks.'],
    ['media', 'p', 'Clean the vinyl with a carbon brush before playing.', 'The crackle is gone, it sounds new.'],
  ],
  engagement: [
    ['travel', 'p', 'The West Highland Way is a gentle first long walk.', 'Do the bunkhouses take bookings in May?'],
    ['food', 'p', 'A tarte tatin would close the dinner nicely.', 'How dark should the caramel get before the apples go in?'],
    ['shopping', 'p', 'The Brompton folds small enough for the train.', 'Is the six-speed worth the extra weight?'],
    ['coding', 'p', 'Use a bloom filter before the expensive lookup.', 'Roughly how many bits per key is sensible?'],
    ['writing', 'p', 'Let the antagonist narrate the final chapter.', 'Should her voice shift tense for it?'],
    ['media', 'p', 'Start the Dune books with the original novel.', 'Does the Lynch film spoil it?'],
    ['travel', 'n', 'Cycle the whole Danube path in a week.', 'All 2,800 km, on my commuter bike?'],
    ['food', 'n', 'Laminate your own croissant dough for the brunch at ten.', 'With ninety minutes to go?'],
    ['shopping', 'n', 'Spend £300 on a chef’s knife for the odd omelette.', 'Why would anyone?'],
    ['coding', 'n', 'Write your own database engine for the to-do app.', 'For a to-do list?'],
    ['writing', 'n', 'Learn Old Norse before writing the Viking short story.', 'By Friday’s deadline?'],
    ['media', 'n', 'Rewatch all ten seasons of Friends before the reunion special airs tomorrow.', 'In one night?'],
  ],
  pivot: [
    ['travel', 'n', 'These are the best viewpoints on the Amalfi drive.', 'Let it go. Cheap flights to Malta?'],
    ['food', 'n', 'For the picnic, a tortilla travels well.', 'Eh, not feeling it. What’s a good gin?'],
    ['shopping', 'n', 'These three standing desks suit small rooms.', 'Done with desks. Office chairs under £200?'],
    ['coding', 'n', 'The crash comes from a timer you start in the constructor and never clear.', 'Another time. Regex for postcodes?'],
    ['writing', 'n', 'Your second act needs a turning point.', 'Bored of this story. Haiku rules?'],
    ['media', 'n', 'Here are some Scandinavian crime dramas.', 'Pass. Any nature documentaries?'],
    ['travel', 'p', 'These are the best viewpoints on the Amalfi drive.', 'Marking Positano’s lookout. Is the road busy in June?'],
    ['food', 'p', 'For the picnic, a tortilla travels well.', 'Tortilla’s in, thanks. Cold or room temperature when we eat?'],
    ['coding', 'p', 'The crash comes from a timer you start in the constructor and never clear.', 'Cleared it, no crash overnight. Could intervals bite the same way?'],
    ['media', 'p', 'Here are some Scandinavian crime dramas.', 'The Bridge looks great. Subtitled or dubbed?'],
    ['shopping', 'u', 'These three standing desks suit small rooms.', 'Unrelated, when do the January sales start?'],
    ['writing', 'u', 'Your second act needs a turning point.', 'Quick aside: what word count is a novella?'],
  ],
  'short-positive': [
    ['food', 'p', 'Grate frozen butter into the scone mix.', 'Oh, clever.'],
    ['travel', 'p', 'Take the night ferry and wake up in Santander.', 'Oh, that’s inspired.'],
    ['shopping', 'p', 'Buy the bigger tent, you’ll want room for the bags.', 'Wise words.'],
    ['coding', 'p', 'Memoise the selector so it stops re-rendering.', 'Textbook fix, thank you.'],
    ['writing', 'p', 'Swap the last two paragraphs so it ends on the image.', 'Ooh, much more haunting.'],
    ['media', 'p', 'Fans of Succession tend to love Industry.', 'Devoured it in two nights.'],
  ],
  complaint: [
    ['food', 'n', 'Add some spices.', 'Which ones? That’s half the question.'],
    ['travel', 'n', 'Pack for the weather.', 'Thanks for the fortune cookie.'],
    ['shopping', 'n', 'Choose a reliable brand.', 'That doesn’t narrow anything.'],
    ['coding', 'n', 'Optimise the slow parts.', 'That’s a tautology.'],
    ['writing', 'n', 'Try to be more creative.', 'Platitude.'],
    ['media', 'n', 'Music is subjective.', 'Dodged the question entirely.'],
  ],
};

/** The tenth blind round: every row above, id `blind10-<kind>-<n>`. */
export const GAUGE_PHENOMENA_ROUND10: readonly GaugeExample[] = phenomenaExamples('blind10-', rows);
