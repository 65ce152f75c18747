/**
 * Twenty-second blind round for the phenomena of issue 17: written after the round-22 rule (docs/benchmarks.md, Round
 * 22, commit 8b723e4) and after both models it scores were frozen (the served model H, d1e1309; the round-22 model I,
 * 96dfa2c); never used to fit or revise any model. 112 pairs: sarcasm and action reports 14 each (7 positive, 7
 * negative), every other phenomenon 12 (pivots 5 positive, 2 neutral, 5 negative; plain praise 6 and complaints 6);
 * six domains in every phenomenon. Planned before writing (docs/benchmarks.md, Round 22, 71d0fb5): about two-thirds
 * ordinary forms as users write them, a third harder ones, written to neither model. Checked against every earlier
 * pair by exact text and by word overlap before the commit (scripts/check-blind.mts).
 *
 * Rule fixed before any pair here was written: H and I are scored once on this set; the model with the highest lowest
 * AUC over the phenomena with at least 8 pairs is served (ties: overall AUC, then 3-class accuracy, then H). No model
 * is changed after this set exists.
 */
import type { GaugeExample } from '../src/gauge/types';
import { phenomenaExamples, type PhenomenaRows } from './phenomena-rows';

const rows: PhenomenaRows = {
  contradiction: [
    ['food', 'n', 'Searing the steak first seals in the juices.', 'nope, that’s been debunked, a seared steak loses just as much moisture'],
    ['travel', 'n', 'The Rijksmuseum shuts every Monday.', 'no, it opens every day of the week'],
    ['shopping', 'n', 'IKEA doesn’t do home delivery in the UK.', 'they brought my wardrobe to the door last month'],
    ['coding', 'n', 'In JavaScript, `==` and `===` behave the same for strings and numbers.', 'no they don’t, == coerces the types, that’s the whole difference'],
    ['writing', 'n', 'British English doesn’t allow the serial comma.', 'it isn’t incorrect, it’s a house style thing'],
    ['media', 'n', 'Stranger Things is set in a small town in Oregon.', 'the opening episode says Hawkins, Indiana on screen'],
    ['food', 'p', 'Rice left out overnight at room temperature can make you ill.', 'yep, my food hygiene course drilled that into us'],
    ['travel', 'p', 'You have to validate regional train tickets in Italy before boarding.', 'correct, in the little green machines on the platform'],
    ['shopping', 'p', 'Store-brand ibuprofen works exactly like Nurofen.', 'yes, same active ingredient, just cheaper'],
    ['coding', 'p', 'Git stores a snapshot of the files for each commit, not a diff.', 'that’s right, the diffs get worked out on the fly'],
    ['writing', 'p', 'Hemingway liked to write standing up.', 'yes, we saw his standing desk when we visited the house in Key West'],
    ['media', 'p', 'The Godfather won Best Picture at the 1973 Oscars.', 'spot on, it beat Cabaret that year'],
  ],
  restatement: [
    ['food', 'n', 'Try a walnut and pesto pasta bake tonight.', 'again, my son has a nut allergy'],
    ['travel', 'n', 'Your best arrival airport is Heathrow, then the Piccadilly line in.', 'I said we’re landing at Gatwick, remember'],
    ['shopping', 'n', 'Go for the MacBook Air, it’s the obvious pick for students.', 'like I mentioned, it has to run Windows'],
    ['coding', 'n', 'Here’s a solution using pandas and numpy.', 'I said no third-party libraries, standard library only'],
    ['writing', 'n', 'Here’s a cover letter that runs to two pages.', 'the job ad says one side of A4 max'],
    ['media', 'n', 'You can stream it on Disney+.', 'we’ve only got Netflix'],
    ['food', 'p', 'Here’s a risotto finished with olive oil and miso instead of the usual dairy.', 'brilliant, not a scrap of butter or parmesan, just like I asked'],
    ['travel', 'p', 'All three of these routes avoid toll roads.', 'great, toll-free is what I wanted'],
    ['shopping', 'p', 'All of these running shoes are stocked in an extra-wide 12.', 'finally something my feet will actually go into'],
    ['coding', 'p', 'Here it is without async, plain callbacks as you asked.', 'perfect, callbacks only, that’ll run on the old runtime'],
    ['writing', 'p', 'I’ve cut the author bio down to 50 words precisely.', 'spot on, 50 on the dot'],
    ['media', 'p', 'Each of these picks runs less than an hour and a half.', 'good, the kids can still be in bed by nine'],
  ],
  sarcasm: [
    ['food', 'n', 'The bakery sold out of sourdough an hour ago.', 'wonderful, toast without bread then'],
    ['travel', 'n', 'Your onward flight departs from Orly, not Charles de Gaulle.', 'perfect, I love a sprint across Paris with two suitcases'],
    ['shopping', 'n', 'Returns now cost £4.99 unless you take them to a store.', 'great, love paying postage on their mistake'],
    ['coding', 'n', 'The API you’re using now rate-limits to ten calls a minute.', 'excellent, the dashboard will update sometime next week'],
    ['writing', 'n', 'Your editor wants the whole manuscript in past tense instead of present.', 'sure, I’ll rewrite 90,000 words by Friday'],
    ['media', 'n', 'The final season is only being released on DVD.', 'oh brilliant, let me dig out my DVD player from 2009'],
    ['travel', 'n', 'The rooftop pool at your hotel is shut for repairs until September.', 'so we’re paying for a view of scaffolding'],
    ['food', 'p', 'The chef says they can make the birthday cake gluten-free.', 'oh that’s wonderful, she’ll be so happy!'],
    ['travel', 'p', 'Your upgrade to business class went through.', 'get in!! legroom at last'],
    ['shopping', 'p', 'The sofa you ordered is arriving two weeks early.', 'yesss, perfect timing for the party'],
    ['coding', 'p', 'The memory leak was in the logging library, and the patch is already out.', 'oh thank god, amazing, updating now'],
    ['writing', 'p', 'Your agent says three publishers want the book.', 'I need to sit down'],
    ['media', 'p', 'You’ve got presale access for the band’s reunion gigs, starting tomorrow at ten.', 'my 15-year-old self is screaming'],
    ['food', 'p', 'The farm shop has the last of the season’s strawberries in today.', 'ooh lovely, heading there after lunch'],
  ],
  refusal: [
    ['food', 'n', 'Shall I suggest a wine to go with the paella?', 'no thanks, we’re both teetotal'],
    ['travel', 'n', 'Want me to find hotels near the airport as well?', 'no, we’ve got friends putting us up'],
    ['shopping', 'n', 'I could set up a price alert for that TV.', 'I’ll probably just buy it on payday whatever it costs'],
    ['coding', 'n', 'Should I convert the whole codebase to TypeScript while I’m at it?', 'no, leave it as JS for now'],
    ['writing', 'n', 'Want me to add some jokes to the wedding speech?', 'my brother’s the funny one, I’ll keep mine sincere'],
    ['media', 'n', 'Shall I make you a playlist of similar bands?', 'nah, I’ll find my own, cheers'],
    ['food', 'p', 'Want the recipe scaled up for your twelve guests?', 'yes please, full house on Saturday'],
    ['travel', 'p', 'Shall I plan a rainy-day option for each day of the trip?', 'knowing Scottish weather, you’d better'],
    ['shopping', 'p', 'Shall I put the two mattress guarantees side by side for you?', 'yes, lay them out for me'],
    ['coding', 'p', 'Happy to draft some tests for the parser while we’re here.', 'please do, I’ve been putting that off for weeks'],
    ['writing', 'p', 'Shall I tighten up the conclusion a bit?', 'I was hoping someone would say that'],
    ['media', 'p', 'Shall I track down which service has the documentary?', 'ooh yes, saves me searching'],
  ],
  'already-have': [
    ['food', 'n', 'You should get yourself a proper chef’s knife.', 'santa brought me a Global last year'],
    ['travel', 'n', 'Save the area maps to your phone before you lose signal.', 'already done, saved the whole region'],
    ['shopping', 'n', 'The supermarket’s rewards scheme gives 10% off your shop.', 'the cashier knows my loyalty number by heart'],
    ['coding', 'n', 'Try using a virtual environment for that project.', 'I’m already in one'],
    ['writing', 'n', 'Keep a style sheet so spellings stay consistent across the book.', 'I keep one already, it’s pinned above my desk'],
    ['media', 'n', 'Frank Herbert’s novels might be right up your street.', 'I’ve reread the first one so often the spine gave up'],
    ['food', 'p', 'Grate ginger into the freezer and it keeps for months.', 'no idea you could do that, great tip'],
    ['travel', 'p', 'Under-26s can get a discount railcard in the UK.', 'wait, I’m 24, had no idea'],
    ['shopping', 'p', 'Lots of outdoor shops will resole walking boots for you.', 'and there I was about to bin mine'],
    ['coding', 'p', 'Chrome DevTools can throttle the network to test slow connections.', 'oh nice, had no clue that was in there'],
    ['writing', 'p', 'Google Docs keeps a full version history you can restore from.', 'that would have saved me last Tuesday'],
    ['media', 'p', 'Your council library also lends films through an app called Kanopy.', 'news to me, signing up tonight'],
  ],
  'action-report': [
    ['food', 'p', 'Loosen the sauce with a ladle of the starchy cooking water.', 'did that, it went silky'],
    ['travel', 'p', 'See if reception will let you keep the room till the afternoon.', 'asked, they gave us until 2pm'],
    ['shopping', 'p', 'Contact the seller through the dispute button.', 'opened a dispute and they refunded me within a day'],
    ['coding', 'p', 'Set the database connection pool to twenty.', 'set it, p99 went from two seconds to 80ms'],
    ['writing', 'p', 'Read the dialogue aloud to catch stiff lines.', 'read it out to my partner, she laughed in all the right places'],
    ['media', 'p', 'Reset the remote by holding the power and back buttons.', 'held them down, the remote works again'],
    ['writing', 'p', 'Drop the prologue and open on the shipwreck.', 'cut it and the opening reads so much faster'],
    ['food', 'n', 'Give the kidney beans a long soak before you cook them.', 'soaked them 12 hours, still hard after two hours of boiling'],
    ['travel', 'n', 'Use the fast-track lane with your boarding pass.', 'tried, they turned us away at the barrier'],
    ['shopping', 'n', 'Clear your cookies and the discount should show up.', 'cleared them, price is the same'],
    ['coding', 'n', 'Give the export job a 30-second time limit instead of ten.', 'bumped it, now the job just fails 30 seconds later'],
    ['writing', 'n', 'Try writing first thing in the morning before checking email.', 'tried it all week, wrote nothing'],
    ['media', 'n', 'Switch motion smoothing on, it makes fast sport look cleaner.', 'turned it on, the film afterwards looked like a daytime soap'],
    ['travel', 'n', 'Call the airline and ask them to waive the seat fee.', 'called twice, on hold an hour each time, still charged'],
  ],
  engagement: [
    ['food', 'p', 'Dal takes about twenty minutes in a pressure cooker.', 'do the lentils want soaking beforehand?'],
    ['travel', 'p', 'The Dolomites have loads of cabled climbing routes for hikers.', 'are there beginner ones I could do with a guide?'],
    ['shopping', 'p', 'A robot vacuum would suit a flat with no rugs.', 'I’ve been eyeing one for months, this might be the push I need'],
    ['coding', 'p', 'You could cache the results in Redis.', 'how would I invalidate them when a user updates their profile?'],
    ['writing', 'p', 'Flash fiction could be a good way to practise endings.', 'that sounds like something I could do on my lunch break'],
    ['media', 'p', 'The Expanse is worth watching if you like hard sci-fi.', 'should I read the books first or just dive in?'],
    ['food', 'n', 'Boil up leftover roast bones for a proper homemade stock.', 'who’s got an afternoon free for that midweek?'],
    ['travel', 'n', 'A hot-air balloon flight at dawn is the thing to do in Cappadocia.', 'at 4am, on my honeymoon?'],
    ['shopping', 'n', 'This Wi-Fi kettle can be switched on remotely.', 'why would I boil a kettle from the sofa?'],
    ['coding', 'n', 'Split the service into microservices.', 'for a team of two, seriously?'],
    ['writing', 'n', 'Outline every scene before you start drafting.', 'isn’t half the fun finding out as you go?'],
    ['media', 'n', 'Watch the whole series again before the finale.', 'all nine seasons? before Sunday?'],
  ],
  pivot: [
    ['food', 'n', 'Mash a couple of anchovies into the vinaigrette.', 'not a fan of anchovies. anyway, what wine goes with lamb?'],
    ['travel', 'n', 'Stay inside the old town walls in Dubrovnik.', 'too touristy for us. how about places to eat in Split?'],
    ['shopping', 'n', 'Buy the stroller with the big air-filled wheels.', 'won’t fit in our boot. which car seats are safest?'],
    ['coding', 'n', 'Switch your state management over to Redux.', 'what’s everyone using for forms these days?'],
    ['media', 'n', 'Try listening to the audiobook version.', 'audiobooks send me to sleep. any good true crime podcasts?'],
    ['writing', 'u', 'A haiku has three lines of five, seven and five syllables.', 'separate question, how do I cite a tweet in APA?'],
    ['travel', 'u', 'The museum cafe does a decent lunch.', 'by the way, what time does it get dark there in October?'],
    ['food', 'p', 'Brine the chicken for a few hours first.', 'juiciest roast I’ve ever made. what should I do with the carcass?'],
    ['shopping', 'p', 'The linen duvet cover from that shop is lovely.', 'so soft, thanks. now I need curtains, any recommendations?'],
    ['coding', 'p', 'Debounce the search field so it doesn’t fire on every keystroke.', 'that fixed the lag. next up, how do I paginate the results?'],
    ['writing', 'p', 'Let readers see why the antagonist turned out the way she did.', 'she’s my favourite character now. how long should the epilogue be?'],
    ['media', 'p', 'Severance is a great workplace thriller.', 'binged it in two days, loved it. what else has that vibe?'],
  ],
  'short-positive': [
    ['food', 'p', 'Try the pho place on Mill Road.', 'best broth I’ve had outside Hanoi'],
    ['travel', 'p', 'The overnight ferry is a good way to get to Santander.', 'slept like a log and woke up in Spain'],
    ['shopping', 'p', 'Those noise-cancelling earbuds are good value.', 'really impressed, the sound is crisp'],
    ['coding', 'p', 'The Vim keybindings extension might suit you.', 'haven’t touched my mouse all week'],
    ['writing', 'p', 'Stephen King’s memoir about writing is worth a read.', 'loved it, so practical'],
    ['media', 'p', 'Paddington 2 is a lovely family film.', 'absolutely charming, we all adored it'],
  ],
  complaint: [
    ['food', 'n', 'Get the fish tacos from that truck.', 'soggy, and the salsa tasted of nothing'],
    ['travel', 'n', 'That hostel is central and cheap.', 'got about two hours of sleep with the bar downstairs'],
    ['shopping', 'n', 'That air fryer is a great buy.', 'flimsy basket and it’s loud'],
    ['coding', 'n', 'That tutorial series is excellent.', 'outdated and confusing, half the commands don’t exist anymore'],
    ['writing', 'n', 'Use that AI paraphraser to tighten your essay.', 'my tutor flagged it as plagiarised'],
    ['media', 'n', 'That horror podcast is really scary.', 'dull, I couldn’t get through the first episode'],
  ],
};

/** Round-22 blind set (112 pairs). */
export const GAUGE_PHENOMENA_ROUND22: readonly GaugeExample[] = phenomenaExamples('blind22-', rows);
