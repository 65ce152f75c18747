/**
 * Eighteenth blind round for the phenomena of issue 17: written after the round-18 model F (commit b1fd1cb, "gauge
 * round-18 model F frozen") was committed, and never used to fit or revise any model. 112 pairs: sarcasm and action
 * reports 14 each (7 positive, 7 negative), every other phenomenon 12 (pivots 5 positive, 2 neutral, 5 negative;
 * plain praise 6 and complaints 6); six domains in every phenomenon, mixed register. Checked against every earlier
 * pair by exact text and by word overlap before the commit (scripts/check-blind.mts; docs/benchmarks.md, Round 18).
 *
 * Rule fixed before any pair here was written (docs/benchmarks.md, Round 18, commit f82afaf): the served model E
 * (5366cde) and the round-18 model F (b1fd1cb) are scored once on this set; the model with the highest lowest AUC over
 * the phenomena with at least 8 pairs is served (ties: overall AUC, then 3-class accuracy, then E). No model is
 * changed after this set exists.
 */
import type { GaugeExample } from '../src/gauge/types';
import { phenomenaExamples, type PhenomenaRows } from './phenomena-rows';

const rows: PhenomenaRows = {
  contradiction: [
    ['shopping', 'n', 'Every e-reader in that range survives being dunked.', 'mine died after one slip into the bath and the shop said splash-proof only'],
    ['travel', 'n', 'The big art museum by the river shuts every Monday.', 'it’s Tuesdays it shuts, we nearly turned up on one'],
    ['food', 'n', 'Chorizo from the deli is already cooked, so no need to fry it.', 'the one from our deli counter is raw, it says so on the label'],
    ['coding', 'n', 'A Python dict forgets the order you put keys in.', 'not since 3.7, ordering is guaranteed by the spec'],
    ['writing', 'n', 'Em dashes never take spaces either side.', 'AP style puts a space on each side and that’s what our paper follows'],
    ['media', 'n', 'Spotify won’t let you play your own music files.', 'I’ve had my old mp3s on there for years through local files'],
    ['shopping', 'p', 'The jug of that smoothie maker can go in the dishwasher.', 'manual says top rack, so that checks out, lovely'],
    ['travel', 'p', 'Your hotel is on the same street as the cathedral.', 'I can see the spire from our window, so yes'],
    ['food', 'p', 'Rhubarb leaves are poisonous, so only use the stalks.', 'right, my nan always chopped the leaves off and binned them'],
    ['coding', 'p', '`Array.prototype.sort` sorts the array in place.', 'yup, logged the original afterwards and it was sorted too'],
    ['writing', 'p', 'The journal wants submissions double-spaced in a 12-point font.', 'matches the guidelines page I’ve got open, good'],
    ['media', 'p', 'The third season of The Bear was released all at once.', 'yeah, we watched the whole lot that weekend'],
  ],
  restatement: [
    ['food', 'n', 'Top it with a handful of toasted pine nuts.', 'the nut allergy hasn’t gone anywhere since my last message'],
    ['travel', 'n', 'Fly into Venice and take the water bus in.', 'we’re going by train, we don’t fly, remember'],
    ['shopping', 'n', 'The Pixel 8 Pro would be my pick.', 'I said it has to be an iPhone, work only supports those'],
    ['coding', 'n', 'Just load the CSV with pandas.', 'nothing third-party on this box, that was the whole constraint'],
    ['writing', 'n', 'Here’s a 600-word best-man speech, heavy on the anecdotes.', 'it has to fit in two minutes, that’s 250 words tops'],
    ['media', 'n', 'Midsommar is the one to put on tonight.', 'I told you, nothing with gore, I can’t sleep after'],
    ['food', 'p', 'This curry gets its heat from black pepper, no chilli at all.', 'ideal, Dad can’t handle chilli'],
    ['travel', 'p', 'This campsite lets dogs stay in the cabins.', 'the dog can come with us then, sorted'],
    ['shopping', 'p', 'The running shoes go up to a size 14 in an extra-wide last.', 'finally something in my size'],
    ['coding', 'p', 'This version runs on Python 3.6.', 'good, that’s what the old server has'],
    ['writing', 'p', 'I’ve kept it in British spelling throughout.', 'colour, favourite, all there, cheers'],
    ['media', 'p', 'These are all audiobooks you can borrow free through Libby.', 'free is exactly what I needed, thanks'],
  ],
  sarcasm: [
    ['travel', 'n', 'Your layover in Frankfurt is nine hours.', 'oh good, I’ve always wanted to really get to know Terminal 1'],
    ['food', 'n', 'Pickle the onions for three months before you use them.', 'perfect for tonight’s burgers then'],
    ['shopping', 'n', 'The only stockist left is in Aberdeen.', 'handy, it’s only the other end of the country'],
    ['coding', 'n', 'Rewrite the service in COBOL for compatibility.', 'yes, because hiring for that will be a breeze'],
    ['writing', 'n', 'Cut the essay by half before tomorrow morning.', 'lovely, I’d only planned to sleep anyway'],
    ['media', 'n', 'The film is only on a streaming service that costs £15 a month.', 'brilliant, another subscription, just what my bank balance was missing'],
    ['food', 'n', 'The restaurant has tables at 4:45 or 10:30.', 'ah yes, dinner at teatime or at bedtime, spoilt for choice'],
    ['travel', 'p', 'Your flight’s been upgraded to business at no charge.', 'are you kidding me? I’m going to stretch out like a cat'],
    ['food', 'p', 'Cookie dough balls keep in the freezer and bake without thawing.', 'stop, this is life-changing, fresh cookies whenever I want'],
    ['shopping', 'p', 'That jacket is in the sale at 70% off.', 'oh my days. it was in my basket before you finished typing'],
    ['coding', 'p', 'Your whole test suite can run in parallel with one flag.', 'you absolute legend, that’s twenty minutes back on every build'],
    ['writing', 'p', 'The magazine has accepted your essay.', 'I literally screamed in the office'],
    ['media', 'p', 'Tickets for the reunion tour go on sale tomorrow.', 'I’m not sleeping tonight, alarm set for 8:59'],
    ['media', 'p', 'The four-hour version of that epic just landed on the app.', 'no. way. popcorn is happening'],
  ],
  refusal: [
    ['shopping', 'n', 'Should I watch that telly’s price and ping you when it falls?', 'I’ll just keep an eye on it myself'],
    ['travel', 'n', 'Shall I look for a hotel with a spa instead?', 'the one we’ve got is fine, leave it'],
    ['food', 'n', 'I could write out a weekly meal plan for you.', 'I prefer to decide on the day, honestly'],
    ['coding', 'n', 'Want me to convert the whole project to TypeScript?', 'not worth it for a 200-line script'],
    ['writing', 'n', 'Shall I add a few jokes to lighten the toast?', 'I’d rather keep it heartfelt'],
    ['media', 'n', 'I can find you a subtitled version.', 'dubbed is fine for us, no need'],
    ['shopping', 'p', 'I can see if the cardigan is stocked in a darker blue.', 'yes please, darker would go with everything I own'],
    ['travel', 'p', 'Want me to map a walking route between the three galleries?', 'oh that would make the day so much easier'],
    ['food', 'p', 'Shall I halve everything in the lasagne recipe?', 'go for it, it’s just me and my partner'],
    ['coding', 'p', 'Want a regex that also catches the edge cases?', 'yes, mine keeps missing the addresses with plus signs'],
    ['writing', 'p', 'I can give you three alternative headlines.', 'please, I’ve been staring at the blank line for an hour'],
    ['media', 'p', 'Shall I suggest a few films in the same vein?', 'absolutely, my watchlist is empty'],
  ],
  'already-have': [
    ['shopping', 'n', 'A heavy iron frying pan will outlive you.', 'I inherited my gran’s, still going after forty years'],
    ['travel', 'n', 'The Rijksmuseum is a must in Amsterdam.', 'we’ve been twice, the Night Watch never gets old'],
    ['food', 'n', 'Brown the butter for deeper flavour in your cookies.', 'that’s how I always make them'],
    ['coding', 'n', 'Binary-search the history with `git bisect`.', 'that’s literally the tool that told me which commit it was'],
    ['writing', 'n', 'King’s memoir about the craft would help you.', 'it sits on my desk, spine cracked to bits'],
    ['media', 'n', 'Check out the Serial podcast.', 'listened the week it came out'],
    ['shopping', 'p', 'Many big retailers refund the difference if the price drops within 14 days.', 'really? I’m claiming on the hoover then'],
    ['travel', 'p', 'Lots of museums in Paris are free for EU residents under 26.', 'I had no idea, that’s me!'],
    ['food', 'p', 'Grating frozen butter into the flour makes flakier scones.', 'clever, the scones are happening tomorrow'],
    ['coding', 'p', 'Press `.` on any GitHub repo to open it in a web editor.', 'whoa, all this time I’ve been cloning repos to read them'],
    ['writing', 'p', 'Google Docs has a voice typing tool built in.', 'news to me, my wrists will thank you'],
    ['media', 'p', 'Your library card gives you free access to Kanopy.', 'our branch does that? grabbing my card'],
  ],
  'action-report': [
    ['food', 'p', 'Leave the ribeye on a board a while before you cut it.', 'rested it, the juices stayed in, best steak I’ve done'],
    ['travel', 'p', 'Grab a seat on the lake side of the carriage.', 'got one, the water was right there the whole way'],
    ['shopping', 'p', 'Call them and ask for the loyalty discount.', 'rang them up, they knocked a tenner off the monthly bill'],
    ['coding', 'p', 'Put an index on the column the dashboard filters by.', 'added it, the dashboard loads instantly now'],
    ['writing', 'p', 'Read the first page aloud to someone.', 'read it to my sister, she wanted to know what happens next'],
    ['media', 'p', 'Switch the speaker to its dialogue setting.', 'done, I can hear the dialogue without waking the baby'],
    ['coding', 'p', 'Lock the date library to the release before the breaking one.', 'locked it, builds are passing again'],
    ['food', 'n', 'Swap the egg whites for aquafaba.', 'tried it, the meringues went flat as pancakes'],
    ['travel', 'n', 'The overnight coach saves you a hotel night.', 'took it, didn’t sleep a wink and arrived at 5am in the rain'],
    ['shopping', 'n', 'Buy the refurbished model, it’s as good as new.', 'bought one, the battery’s at 70% health'],
    ['coding', 'n', 'Delete node_modules and the lockfile, then install from scratch.', 'deleted both, reinstalled, exact same error'],
    ['writing', 'n', 'Send it to agents in batches of ten.', 'sent the first batch in May, still nothing'],
    ['media', 'n', 'Power-cycle the modem, that usually sorts buffering.', 'reset it, the film still freezes every few minutes'],
    ['travel', 'n', 'The 8am guided tour of the palace is the quiet one.', 'booked it, the coach broke down and we got there at noon with everyone else'],
  ],
  engagement: [
    ['food', 'p', 'Bake the cornbread in a screaming-hot skillet.', 'should I preheat it in the oven first?'],
    ['travel', 'p', 'Get the Swiss Travel Pass for your trip.', 'does it work on the mountain railways too?'],
    ['shopping', 'p', 'That air purifier handles rooms up to 40 square metres.', 'what does it sound like on full blast, whisper or jet engine?'],
    ['coding', 'p', 'Ship it dark behind a toggle and turn it on per customer.', 'is there a Go package you trust for the toggles?'],
    ['writing', 'p', 'Give the villain a sympathetic backstory.', 'how early should I hint at it?'],
    ['media', 'p', 'The documentary has a companion podcast.', 'is it worth listening before or after watching?'],
    ['food', 'n', 'Make your own pasta, it’s easy.', 'easy for whom, someone with a pasta machine and a spare weekend?'],
    ['travel', 'n', 'Just backpack around Patagonia for a month.', 'and who’s paying my rent while I’m gone?'],
    ['shopping', 'n', 'Upgrade to the top cloud tier so you never run out of room.', 'why would I pay more for space I’ll never fill?'],
    ['coding', 'n', 'Hand-write it in assembly, it’ll fly.', 'you do know it’s a to-do app?'],
    ['writing', 'n', 'Add a glossary to your short story.', 'for a piece of flash fiction?'],
    ['media', 'n', 'Watch all nine seasons before the finale next week.', 'and sleep happens when, in this plan?'],
  ],
  pivot: [
    ['food', 'n', 'Try adding anchovies to the pasta.', 'not a fan. anyway, how long do eggs keep?'],
    ['travel', 'n', 'Bruges is lovely for a weekend.', 'eh, been there. what about somewhere warm in February?'],
    ['shopping', 'n', 'That robot hoover has great reviews.', 'never mind the hoover, which air fryer should I get?'],
    ['coding', 'n', 'You could try React Query for the caching.', 'nope. how do I set up ESLint instead?'],
    ['writing', 'n', 'Try writing the scene in first person.', 'I’ll pass. what’s a good synonym for "said"?'],
    ['media', 'u', 'That album comes out on Friday.', 'random question, how do I cancel Apple Music?'],
    ['travel', 'u', 'The hotel has a rooftop pool.', 'by the way, is tipping expected in Japan?'],
    ['coding', 'p', 'Wrap it in a try/finally so the lock always releases.', 'that fixed the deadlock, thanks! how would I add a timeout?'],
    ['food', 'p', 'A dash of Worcestershire will wake the beef casserole up.', 'wow, so much depth. what should I serve on the side?'],
    ['shopping', 'p', 'Get the bigger screen, the extra inches are worth it.', 'just arrived and it’s gorgeous. what about a good arm for it?'],
    ['media', 'p', 'Listen to it instead of reading, the actor reading it is superb.', 'loved it. any other narrators you’d recommend?'],
    ['writing', 'p', 'Break that long paragraph into three.', 'reads much easier now, ta. unrelated: when do I use a semicolon?'],
  ],
  'short-positive': [
    ['food', 'p', 'Try the lemon drizzle recipe from that blog.', 'gone in an afternoon, everyone wanted seconds'],
    ['travel', 'p', 'Stay at the guesthouse by the harbour.', 'woke up to the boats every morning, heaven'],
    ['shopping', 'p', 'Get the merino socks.', 'warmest feet I’ve had all winter'],
    ['coding', 'p', 'Use early returns to flatten that function.', 'my reviewer approved it in five minutes flat'],
    ['writing', 'p', 'Lead the eulogy with the story of his allotment.', 'half the room was smiling through the tears'],
    ['media', 'p', 'Watch Past Lives.', 'cried for an hour, in a good way'],
  ],
  complaint: [
    ['food', 'n', 'This banana bread recipe never fails.', 'gummy inside, charcoal outside'],
    ['travel', 'n', 'That B&B is really quiet.', 'our room was above the pub, karaoke till 2'],
    ['shopping', 'n', 'Those earbuds block out everything around you.', 'I can still hear my colleague chewing'],
    ['coding', 'n', 'This library is really well documented.', 'half the examples don’t even compile'],
    ['writing', 'n', 'Your new chapter flows beautifully.', 'my editor returned it with more comments than text'],
    ['media', 'n', 'The sequel is even better than the first.', 'walked out after forty minutes'],
  ],
};

/** Round-18 blind set (112 pairs). */
export const GAUGE_PHENOMENA_ROUND18: readonly GaugeExample[] = phenomenaExamples('blind18-', rows);
