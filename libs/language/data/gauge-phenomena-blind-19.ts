/**
 * Nineteenth blind round for the phenomena of issue 17: written after the round-19 model G (commit c108162, "gauge
 * round-19 model G frozen") was committed, and never used to fit or revise any model. 112 pairs: sarcasm and action
 * reports 14 each (7 positive, 7 negative), every other phenomenon 12 (pivots 5 positive, 2 neutral, 5 negative;
 * plain praise 6 and complaints 6); six domains in every phenomenon. Planned before writing (docs/benchmarks.md, Round
 * 19): mostly ordinary forms as users write them, about a third harder ones, and none of the constructions G's new
 * inputs read. Checked against every earlier pair by exact text and by word overlap before the commit
 * (scripts/check-blind.mts).
 *
 * Rule fixed before any pair here was written (docs/benchmarks.md, Round 19, commit 918a996): the served model E
 * (5366cde) and the round-19 model G (c108162) are scored once on this set; the model with the highest lowest AUC over
 * the phenomena with at least 8 pairs is served (ties: overall AUC, then 3-class accuracy, then E). No model is
 * changed after this set exists.
 */
import type { GaugeExample } from '../src/gauge/types';
import { phenomenaExamples, type PhenomenaRows } from './phenomena-rows';

const rows: PhenomenaRows = {
  contradiction: [
    ['food', 'n', 'Basmati rice has to soak overnight before you cook it.', 'the packet just says rinse and simmer, and mine never needs soaking'],
    ['travel', 'n', 'You don’t need any visa for Turkey on a UK passport.', 'we had to buy an e-visa online before our trip in April'],
    ['shopping', 'n', 'The Kindle Paperwhite has no front light.', 'mine definitely lights up, I read with it in bed every night'],
    ['coding', 'n', 'Once you declare a JS variable with `const`, nothing inside it can change.', 'I can still push onto a const array, it only blocks reassignment'],
    ['writing', 'n', 'The Oxford comma is simply wrong in British English.', 'Oxford University Press uses it, so that can’t be right'],
    ['media', 'n', 'Netflix got rid of offline downloads last year.', 'downloaded two episodes for the train this morning'],
    ['food', 'p', 'Sealed honey basically never goes off.', 'true, found a jar from years ago at the back of the cupboard and it was fine'],
    ['travel', 'p', 'Japanese trains almost always leave exactly on time.', 'yep, ours pulled out to the second every single day'],
    ['shopping', 'p', 'IKEA takes back unopened items for a whole year.', 'that’s what the woman at the returns desk told me too'],
    ['coding', 'p', 'Git doesn’t track empty directories.', 'right, that explains why my logs folder vanished after cloning'],
    ['writing', 'p', 'Adult debut novels usually land between 70,000 and 100,000 words.', 'matches what the agency’s submission page says'],
    ['media', 'p', 'Studio Ghibli films are streaming on Netflix in the UK.', 'yep, we watched Spirited Away on there last night'],
  ],
  restatement: [
    ['food', 'n', 'Start with a classic beef lasagne.', 'we’re vegetarian, I mentioned that at the start'],
    ['travel', 'n', 'Your best bet is picking up a rental at the airport and doing the scenic drive.', 'neither of us drives, that’s why I asked about buses'],
    ['shopping', 'n', 'The 65-inch OLED would be ideal for your lounge.', 'my budget is four hundred quid, like I said'],
    ['coding', 'n', 'Use top-level await with the built-in fetch.', 'this has to run on Node 12, which I put in my first message'],
    ['writing', 'n', 'Open the cover letter with a joke to stand out.', 'this is going to a solicitors’ practice, I did say keep it formal'],
    ['media', 'n', 'Hereditary would make a good Friday night film.', 'again, the little ones will be on the sofa with us'],
    ['food', 'p', 'This lentil soup gets its richness from coconut milk.', 'perfect, my partner can eat the whole pot then'],
    ['travel', 'p', 'The apartment has a lift and step-free entry.', 'great, that works for Mum’s wheelchair'],
    ['shopping', 'p', 'This laptop has a full-size HDMI port.', 'good, no dongles for the projector at work'],
    ['coding', 'p', 'Here’s the script rewritten with nothing beyond what ships with Python.', 'exactly what I can deploy on that box, thanks'],
    ['writing', 'p', 'Here’s the bio trimmed to fit the 50-word box.', 'fits the form now, nice'],
    ['media', 'p', 'Paddington 2 works for every age.', 'lovely, something the grandparents and the little ones can all enjoy'],
  ],
  sarcasm: [
    ['travel', 'n', 'The earliest ferry back leaves at 6am, then nothing until Tuesday.', 'fantastic, a 4am alarm on the last day of the holiday'],
    ['food', 'n', 'The recipe says to whisk the egg whites by hand for fifteen minutes.', 'wonderful, an arm workout with my pudding'],
    ['shopping', 'n', 'The sofa delivery window is 7am to 7pm on a weekday.', 'oh perfect, I’ll just take a day off to sit by the window'],
    ['coding', 'n', 'Your pull request needs sign-off from all eight code owners.', 'cool cool, see you in March'],
    ['writing', 'n', 'The graduate school wants the whole thesis moved to the new template by Friday.', 'brilliant, there goes the week'],
    ['media', 'n', 'The finale is only available with the premium add-on.', 'amazing, paying extra to find out who did it, what a deal'],
    ['food', 'n', 'The café’s gluten-free option is a plain side salad.', 'a feast, truly, I’ll try not to overeat'],
    ['travel', 'p', 'Good news, the guesthouse has moved you to the room with the balcony over the bay.', 'oh that’s the best news, we’re going to sit on the balcony all evening'],
    ['food', 'p', 'Any curry you don’t finish will keep in the freezer for months.', 'brilliant, that’s work lunches covered till payday'],
    ['shopping', 'p', 'The headphones you wanted are back in stock.', 'finally! ordering before they vanish again'],
    ['coding', 'p', 'There’s a flag that makes the linter repair those warnings itself.', 'wait, all of them? you’ve just saved my afternoon'],
    ['writing', 'p', 'Your short story made the competition shortlist.', 'I had to read that twice, I’m honestly so chuffed'],
    ['media', 'p', 'The band is playing a small acoustic show near you in May.', 'a tiny venue as well, this is going to be special'],
    ['food', 'p', 'That bakery does the cinnamon buns on Saturdays too.', 'well, that’s my Saturday mornings taken care of'],
  ],
  refusal: [
    ['shopping', 'n', 'Would it help if I watched the kettle’s price for you?', 'no thanks, I’ll just buy it this weekend'],
    ['travel', 'n', 'Shall I look up cover for cancellations and lost luggage?', 'we’re covered through my bank account, skip it'],
    ['food', 'n', 'I could pick a bottle for the starter, main and dessert.', 'none of us drinks, so leave that bit out'],
    ['coding', 'n', 'Should the date helper get its own test file too?', 'not now, I just need it working for the demo'],
    ['writing', 'n', 'Want me to rewrite the whole chapter in the present tense?', 'no, past tense suits it, leave it as it is'],
    ['media', 'n', 'I could put some songs together for the drive to Cornwall.', 'no need, my son is in charge of the music in the car'],
    ['shopping', 'p', 'Want the three cordless hoovers laid out in a table?', 'yes please, I keep going back and forth'],
    ['travel', 'p', 'Want me to find restaurants near the hotel that take late bookings?', 'that would be great, we land late'],
    ['food', 'p', 'Shall I turn this into a shopping list?', 'please, I come home without the milk every time'],
    ['coding', 'p', 'Should the upload try again by itself when it fails?', 'yes, the office wifi drops out all the time'],
    ['writing', 'p', 'I could draft a follow-up email to the publisher.', 'go on then, I’ve been putting it off for a week'],
    ['media', 'p', 'Would a viewing order for the franchise help?', 'yes, the timeline jumps confuse me'],
  ],
  'already-have': [
    ['shopping', 'n', 'You should try a bamboo chopping board.', 'my sister gave me one, it’s by the sink as we speak'],
    ['travel', 'n', 'Get a Suica card for the trains in Tokyo.', 'sorted that last week, it lives in my phone wallet'],
    ['food', 'n', 'A few grains of salt in a bitter brew will soften it.', 'been doing that since uni'],
    ['coding', 'n', 'Press Ctrl+R to search back through your shell history.', 'yeah I use it constantly'],
    ['writing', 'n', 'Work on the manuscript in 25-minute sprints with short breaks.', 'that’s how I got through my last two drafts'],
    ['media', 'n', 'Radiolab seems like your kind of show.', 'I’m subscribed, have been for years'],
    ['shopping', 'p', 'Your phone insurance might cover the cracked screen.', 'I didn’t know I had that, checking now'],
    ['travel', 'p', 'Under-fives ride the city buses for free.', 'oh that’s handy, our youngest is four'],
    ['food', 'p', 'You can rescue split mayonnaise with a spoonful of warm water.', 'had no clue, next time I won’t bin it'],
    ['coding', 'p', 'VS Code can format your file on save if you switch it on.', 'how did I not know this, switching it on now'],
    ['writing', 'p', 'Word has a read-aloud button under the Review tab.', 'never noticed it, that’ll help with proofreading'],
    ['media', 'p', 'Your library lets you borrow audiobooks through Libby.', 'for free? setting it up tonight'],
  ],
  'action-report': [
    ['food', 'p', 'Sprinkle the eggplant with salt and leave it twenty minutes before it goes in the pan.', 'did that, they crisped up properly this time, much better'],
    ['travel', 'p', 'Sit on the left of the train heading up to Zermatt.', 'booked it, the views were unreal the whole way up'],
    ['shopping', 'p', 'Ask the electrical store to knock it down to the price their rival charges.', 'asked, they knocked it down without any fuss'],
    ['coding', 'p', 'Wipe the .turbo folder so the pipeline starts cold.', 'wiped it, every job passed on the next push'],
    ['writing', 'p', 'Trim the opening paragraph to a single sentence.', 'cut it down, my editor says it finally grabs her'],
    ['media', 'p', 'Your soundbar has a setting that lifts voices at low volume.', 'switched it on, we can actually hear the whispers now'],
    ['coding', 'p', 'Pin the Node version in an .nvmrc file.', 'pinned it, CI and my laptop finally agree'],
    ['food', 'n', 'Rest the pastry in the fridge overnight.', 'rested it, still tore when I rolled it out'],
    ['travel', 'n', 'Take the express bus, it skips the traffic.', 'took it, sat in the same jam as everyone else'],
    ['shopping', 'n', 'The store-brand batteries last just as long as the big names.', 'bought a pack, the remote ate them in a week'],
    ['coding', 'n', 'Raise the memory limit and the crash will go away.', 'raised it, now it just takes longer to crash'],
    ['writing', 'n', 'Send it to the literary magazine during the spring reading window.', 'sent it off, a form no landed within the week'],
    ['media', 'n', 'Update the TV firmware, that fixes the audio sync.', 'updated, lips and voices are still out of step'],
    ['shopping', 'n', 'That merino cardigan is fine on the gentle programme.', 'washed it, it came out fit for a toddler'],
  ],
  engagement: [
    ['food', 'p', 'Try keeping a sourdough starter, it’s fun.', 'does it need flour every day, or can it sit while I’m away?'],
    ['travel', 'p', 'The Cinque Terre coastal path is worth a day.', 'which stretch is best if we only have the afternoon?'],
    ['shopping', 'p', 'That blender can crush ice easily.', 'can it do nut butters as well?'],
    ['coding', 'p', 'Roll the new search out to a few accounts at a time with LaunchDarkly.', 'does that play nicely with server-side rendering?'],
    ['writing', 'p', 'Keep a notebook just for overheard dialogue.', 'do you note who said it or just the lines?'],
    ['media', 'p', 'The extras disc has a fascinating track with the cinematographer.', 'is it the same one that’s on the streaming version?'],
    ['food', 'n', 'Make the croissants from scratch for Sunday brunch.', 'and when exactly do I sleep, with a three-day dough?'],
    ['travel', 'n', 'Drive up to the Highlands instead of flying.', 'ten hours each way with two toddlers, are you serious?'],
    ['shopping', 'n', 'Get the premium toaster with the companion app.', 'why does a toaster need an app?'],
    ['coding', 'n', 'Port the API server to Rust, it’ll be blazing.', 'for a form that gets twelve submissions a week?'],
    ['writing', 'n', 'Add footnotes to your wedding speech.', 'footnotes, in a speech people hear once?'],
    ['media', 'n', 'Catch up on every earlier instalment before the premiere.', 'eleven films in a week, on top of work?'],
  ],
  pivot: [
    ['food', 'n', 'Add capers to the sauce.', 'hate capers. different thing, how do I store fresh herbs?'],
    ['travel', 'n', 'October is a lovely month for Porto.', 'not keen. can you suggest somewhere in Asia instead?'],
    ['shopping', 'n', 'That standing desk is on sale this week.', 'forget the desk, what’s a good office chair?'],
    ['coding', 'n', 'You could manage the state with Redux.', 'no thanks. how do I deploy this to Vercel?'],
    ['media', 'n', 'Try the new season of Slow Horses.', 'not for me. any good board games for four players?'],
    ['writing', 'u', 'That typeface works well for headings.', 'quick question, how do I add page numbers in Google Docs?'],
    ['shopping', 'u', 'That toaster has a bagel button.', 'side note, do shops still do Boxing Day deals or is it all online now?'],
    ['food', 'p', 'Use chicken thighs instead of breasts.', 'so much juicier, thanks. what rice goes with it?'],
    ['travel', 'p', 'Base yourselves in Monti, the trattorias there are superb.', 'we ate so well there. any day trips from Rome you’d suggest?'],
    ['coding', 'p', 'Run `git stash` before you switch branches.', 'that saved me, cheers. how do I drop a stash afterwards?'],
    ['writing', 'p', 'Cut the adverbs from the dialogue tags.', 'it reads so much cleaner. what about passive voice?'],
    ['media', 'p', 'The Criterion release has the better transfer.', 'the picture is stunning. which of their box sets should I get next?'],
  ],
  'short-positive': [
    ['food', 'p', 'Give the peanut noodle recipe I linked a go.', 'made it tonight, really good, the whole family loved it'],
    ['travel', 'p', 'The hostel in Ljubljana is well run.', 'spotless, and the staff were lovely'],
    ['shopping', 'p', 'Get the waterproof hiking boots from that brand.', 'comfy from the very first walk, great shout'],
    ['coding', 'p', 'Try the Prettier plugin for your editor.', 'saves me so much fiddling, love it'],
    ['writing', 'p', 'Change the font before your final proofread, the errors jump out.', 'caught three I’d missed twice, clever trick'],
    ['media', 'p', 'Watch the Japanese original, not the remake.', 'night and day, cheers for pointing me to it'],
  ],
  complaint: [
    ['food', 'n', 'The ramen place on the corner is amazing.', 'the broth was lukewarm and far too salty'],
    ['travel', 'n', 'The sleeper train is really comfortable.', 'the bunk was rock hard, I barely slept'],
    ['shopping', 'n', 'That rugged case will survive anything.', 'the corner cracked the first time I dropped it'],
    ['coding', 'n', 'That tutorial explains hooks really well.', 'left me more confused than before I started'],
    ['writing', 'n', 'That grammar app catches everything.', 'it missed a their/there in my opening line'],
    ['media', 'n', 'The new Bond film is great fun.', 'dull, and twenty minutes too long'],
  ],
};

/** Round-19 blind set (112 pairs). */
export const GAUGE_PHENOMENA_ROUND19: readonly GaugeExample[] = phenomenaExamples('blind19-', rows);
