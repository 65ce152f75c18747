/**
 * Thirteenth blind round for the phenomena of issue 17: written after the round-13 wide model (the question-shape
 * features, the engagement gate and the tables of commit d50bd04, "gauge round 13 model frozen") was frozen and
 * committed, and never used to fit or revise it. Mixed register: complete sentences from some writers, terse chat
 * from others, a few emoji; situations chosen away from the training files (allergies and a child at the table,
 * shift work, student codes, firmware updates, publishers' reply times). Engagement includes sincere "why" and
 * "really? how…" questions as well as rhetorical ones that the gate does not name ("is this a joke?", "with whose
 * money?", "you do know I have a job?"). Nine phenomena (plain praise and complaint together), six domains, both
 * labels in each. Checked against every earlier pair by exact text and by word overlap before the commit
 * (scripts/check-blind.mts; docs/benchmarks.md, Round 13).
 *
 * Rule fixed before scoring (docs/benchmarks.md, Round 13): the frozen round-13 model (d50bd04) and the served
 * round-12 wide model (6a6f89b, as on main c2575b0) are scored once on this set. The round-13 model is served if its
 * overall AUC (positive vs negative) is not lower than the round-12 model's and no phenomenon with at least 8 pairs
 * is lower by more than 0.06; otherwise the round-12 model stays served. Whatever comes out, neither model is
 * changed after scoring.
 */
import type { GaugeExample } from '../src/gauge/types';
import { phenomenaExamples, type PhenomenaRows } from './phenomena-rows';

const rows: PhenomenaRows = {
  contradiction: [
    ['shopping', 'n', 'The Pixel 8 comes with a charger in the box.', 'Box had a cable only, I checked twice.'],
    ['travel', 'n', 'The Rijksmuseum stays open until 10 pm on Fridays.', 'they shut at 5, we got ushered out last friday'],
    ['food', 'n', 'Basmati needs about 25 minutes at a simmer.', 'Packet says 12 min and it’s always been 12 for me'],
    ['coding', 'n', 'Python dictionaries don’t keep insertion order.', 'They do since 3.7, it’s part of the language now.'],
    ['writing', 'n', '“Rebecca” was written by Agatha Christie.', 'Daphne du Maurier, surely.'],
    ['media', 'n', 'The album runs for about 38 minutes.', 'my copy says 52:10 on the back'],
    ['shopping', 'p', 'The warranty on that drill is three years if you register it.', 'Three years, registering it tonight then.'],
    ['travel', 'p', 'The final gondola back to the village goes at 17:30.', '17:30, got it, we’ll be at the top by four.'],
    ['food', 'p', 'Wrap the smoked brisket in butcher paper and a towel and let it sit sixty minutes.', 'Sixty minutes in the towel, easy enough, thank you.'],
    ['coding', 'p', 'Postgres listens on 5432 unless you change postgresql.conf.', '5432, yes that’s what worked, cheers'],
    ['writing', 'p', 'Your agent will want the manuscript double-spaced in 12-point type.', 'double spaced and 12pt, changing the template now'],
    ['media', 'p', 'The season premiere is on the 3rd of March.', '3rd of March, calendar updated!!'],
  ],
  restatement: [
    ['food', 'n', 'A classic carbonara uses eggs, guanciale and plenty of pecorino.', 'My son is allergic to eggs, as I wrote at the start.'],
    ['travel', 'n', 'The cheapest way is a 9-hour overnight coach.', 'I said I can’t sleep sitting up.'],
    ['shopping', 'n', 'The best option is the 17-inch gaming laptop at £1,900.', 'budget was £800 max, i did put that in the first line'],
    ['coding', 'n', 'Just add jQuery and use its ajax helper.', 'Again: plain JS only, no libraries on this site.'],
    ['writing', 'n', 'Here’s a 600-word draft of your toast.', 'It needs to be under two minutes spoken, like I said.'],
    ['media', 'n', 'Try “Hereditary”, it’s a modern classic.', 'We’re watching with my nine-year-old, remember.'],
    ['food', 'p', 'This curry is made without any nuts, including the garnish.', 'Perfect, no nuts at all is what we need for Sam.'],
    ['travel', 'p', 'All four guesthouses I picked have a lift and no steps at the entrance.', 'no steps anywhere, my mum will be so relieved'],
    ['shopping', 'p', 'Both of these are under your £50 limit and ship by Friday.', 'under 50 and here by friday, great'],
    ['coding', 'p', 'This solution sticks to the standard library only.', 'stdlib only is exactly what the security review wants'],
    ['writing', 'p', 'I kept the email to five sentences, as you asked.', 'Five sentences, short and polite. Sending.'],
    ['media', 'p', 'These podcasts are all under 20 minutes, for your commute.', 'short enough for the bus, nice one'],
  ],
  sarcasm: [
    ['travel', 'n', 'The budget airline charges £35 for a seat next to your partner.', 'Romance is alive and well, clearly.'],
    ['shopping', 'n', 'The phone comes in one colour, grey, and costs £1,200.', 'ah yes, the thrill of choice'],
    ['coding', 'n', 'The build takes about 45 minutes on the free tier.', 'Great, I’ll take up knitting between commits.'],
    ['food', 'n', 'The recipe needs 14 different spices, some only sold online.', 'casual little midweek cook-up then 😂'],
    ['writing', 'n', 'Publishers usually reply within 9 to 12 months.', 'fab, I’ll have forgotten I wrote it by then'],
    ['media', 'n', 'The final season is split into three parts released a year apart.', 'Such a generous way to release a story.'],
    ['travel', 'n', 'The apartment is reached from the sand by a 40-minute path beside the motorway.', 'What a charming seaside stroll.'],
    ['coding', 'n', 'You can fix it by disabling TLS verification.', 'brilliant, security is overrated anyway'],
    ['travel', 'p', 'The guesthouse opens straight onto the sand and the rate covers breakfast.', 'beach at the door and breakfast too, what more could I want'],
    ['shopping', 'p', 'The grey one is on sale for half price this week.', 'half price! my bank account is thrilled'],
    ['coding', 'p', 'The new runner cuts the build from 45 minutes to 4.', '4 minutes, I might actually get home on time'],
    ['food', 'p', 'This pasta takes 15 minutes and one pan.', 'One pan, bless you, the washing up thanks you'],
    ['writing', 'p', 'This magazine replies to every submission within two weeks.', 'two weeks? that’s so civilised, sending today'],
    ['media', 'p', 'All five seasons drop at once on Friday.', 'oh a whole weekend sorted, lovely'],
  ],
  refusal: [
    ['food', 'n', 'Want me to turn the meal plan into a list sorted by supermarket aisle?', 'That’s kind, but I’ll manage on my own.'],
    ['travel', 'n', 'I could reserve a tasting at two vineyards near Montepulciano.', 'Thank you, no, neither of us drinks.'],
    ['shopping', 'n', 'Shall I find you a matching case and screen protector?', 'No need, thanks, I’m keeping it naked.'],
    ['coding', 'n', 'I could migrate the whole test suite to the new framework.', 'rather not touch the tests this close to release, thx'],
    ['writing', 'n', 'Would you like me to add a few quotes from famous authors?', 'Nah, quotes feel like cheating to me.'],
    ['media', 'n', 'I could put together an hour of artists who sound like Phoebe Bridgers.', 'I’m good, I prefer finding them myself'],
    ['food', 'p', 'Shall I multiply everything out so the lasagne feeds a table of fourteen?', 'Yes please, maths at 6pm is beyond me'],
    ['travel', 'p', 'Shall I add a rest day in the middle of the hike?', 'Please do, my legs will thank you.'],
    ['shopping', 'p', 'I could watch the Fujifilm listing and tell you when it gets cheaper.', 'oh yes, ping me if it drops under 400'],
    ['coding', 'p', 'I could also draft the script that backfills the new column.', 'oh please do, backfills scare me'],
    ['writing', 'p', 'Want me to suggest three alternative titles?', 'Sure thing, the current one is dull'],
    ['media', 'p', 'I could list where each film is streaming.', 'that’d be really handy, yes'],
  ],
  'already-have': [
    ['media', 'n', 'If you liked that, the series “Dark” is a must.', 'Watched all three seasons twice already.'],
    ['food', 'n', 'Try adding miso to your caramel.', 'miso caramel is literally my signature, my friends request it'],
    ['shopping', 'n', 'A Kindle would suit someone who reads on the train.', 'I’m on my second one already.'],
    ['coding', 'n', 'Editing files on the server directly over SSH from your editor saves a lot of copying.', 'that’s what I’m using right now to type this lol'],
    ['travel', 'n', 'Have you thought about Lisbon for a long weekend?', 'we were there in april, loved it but want somewhere new'],
    ['writing', 'n', 'Writing in 25-minute sprints with a timer might help your focus.', 'I already sprint with a kitchen timer every morning.'],
    ['media', 'p', 'The band also did an acoustic album in 2011.', 'I had no clue that existed, queueing it up'],
    ['food', 'p', 'Brown butter in cookie dough adds a toffee note.', 'Never tried that, doing it this weekend'],
    ['shopping', 'p', 'A drying rack that folds flat saves space in small flats.', 'oh clever, one of those is going in my basket'],
    ['coding', 'p', 'Git has a bisect command that finds the commit that broke things.', 'wait what, this is going to save my week'],
    ['travel', 'p', 'There’s a night ferry from Split to Ancona.', 'Oh that’s new to me, much better than flying'],
    ['writing', 'p', 'The Chicago Manual has a free online Q&A section.', 'no idea that was free, bookmarked'],
  ],
  'action-report': [
    ['food', 'p', 'Sprinkle the sliced courgettes with salt and let them weep in a colander first.', 'Did that, no more soggy courgette, the family devoured it.'],
    ['travel', 'p', 'When you check in, mention it’s your anniversary.', 'mentioned it, they upgraded us to a suite with a balcony'],
    ['shopping', 'p', 'Your union card gets 10% off at most outdoor shops.', 'showed it at the till, saved £23'],
    ['coding', 'p', 'Lock the parser library at the previous minor version for now.', 'pinned, pipeline’s green again'],
    ['writing', 'p', 'Read your draft backwards, sentence by sentence, to catch typos.', 'Tried it, found eleven typos I’d missed.'],
    ['media', 'p', 'Turn off motion smoothing in the TV’s picture settings.', 'switched it off and films look like films again'],
    ['food', 'n', 'Bicarb works fine as a swap for the raising agent.', 'did exactly that, the cake tastes like soap'],
    ['travel', 'n', 'Take the 6:40 train, it’s never busy.', 'took it, stood the whole way in the corridor'],
    ['shopping', 'n', 'Order the medium, that brand runs large.', 'the medium arrived and my arms won’t go in the sleeves'],
    ['coding', 'n', 'Delete the node_modules folder and reinstall.', 'Done that, now it won’t even start'],
    ['writing', 'n', 'Post the first chapter on your blog to build an audience.', 'posted it, three views, one was my mum'],
    ['media', 'n', 'A soundbar software update usually cures the stutter.', 'updated, now the remote doesn’t work at all'],
  ],
  engagement: [
    ['food', 'p', 'A pressure cooker makes chickpeas from dry in 40 minutes.', 'Do I still need to soak them first?'],
    ['travel', 'p', 'The Rigi has a cogwheel railway to the summit.', 'Can you buy tickets at the bottom or online only?'],
    ['shopping', 'p', 'That backpack has a separate laptop sleeve.', 'what size laptop fits in the sleeve?'],
    ['coding', 'p', 'Use a connection pool with a max of 20 connections.', 'why 20 and not more? is it tied to the CPU count?'],
    ['writing', 'p', 'Have the parrot narrate the pet-shop chapter.', 'should the parrot understand what the people say or not?'],
    ['media', 'p', 'The director’s earlier film “Tangerine” was shot on an iPhone.', 'really? how did they get it to look so good?'],
    ['food', 'n', 'Boil down fresh bones for stock every Sunday.', 'Are you serious? I work twelve-hour shifts.'],
    ['travel', 'n', 'Hire a private driver for the week in Tuscany.', 'with whose money?'],
    ['shopping', 'n', 'Get the premium subscription for £19.99 a month.', 'Why would I pay monthly for a torch app?'],
    ['coding', 'n', 'Rewrite the whole frontend in WebAssembly for speed.', 'is this a joke? it’s a form with three fields'],
    ['writing', 'n', 'Query seventy literary agents in one go.', 'did you even read my message? it’s a cookbook'],
    ['media', 'n', 'Watch the extended editions of all three films this weekend.', 'you do know I have a job and two kids?'],
  ],
  pivot: [
    ['food', 'n', 'You could try a slow-cooked ragù for Sunday.', 'never mind dinner, what’s a good wine under a tenner?'],
    ['travel', 'n', 'The train through the Alps takes eight hours.', 'forget trains. Is Ryanair reliable?'],
    ['shopping', 'n', 'The leather sofa comes in three shades of brown.', 'ugh, let’s leave furniture. what about rugs'],
    ['coding', 'n', 'You could refactor the handler into smaller functions.', 'whatever. how do I delete a tag on the remote'],
    ['writing', 'n', 'Consider opening with the storm instead of the breakfast.', 'moving on, can you check my CV instead'],
    ['media', 'n', 'The trilogy is best watched in release order.', 'meh, not feeling it. any good podcasts?'],
    ['shopping', 'u', 'That coffee grinder has 40 settings.', 'on a different note, what’s a good milk frother?'],
    ['writing', 'u', 'The em dash works well there.', 'btw, is it “affect” or “effect” in my second line?'],
    ['travel', 'p', 'Naples to Sorrento is an hour on the Circumvesuviana.', 'great, that’s settled. Now, is Capri worth a day?'],
    ['food', 'p', 'Use 00 flour for the pizza dough.', 'got it, thanks! next question: what oven temp?'],
    ['coding', 'p', 'Use a partial index on the status column.', 'worked a treat. Moving on to the logging question now'],
    ['media', 'p', 'Go in with the first season of The Wire, the docks season can wait.', 'perfect pick. and for something lighter later?'],
  ],
  'short-positive': [
    ['food', 'p', 'Squeeze half a lime into the pho just before eating.', 'Lime was the missing piece, it’s delicious.'],
    ['travel', 'p', 'Sit on the right side of the bus for the coast views.', 'the views were stunning, thank you so much'],
    ['shopping', 'p', 'The merino socks don’t itch and last for years.', 'best socks I’ve ever owned, honestly'],
    ['coding', 'p', 'Load the secrets from a .env file instead of the source.', 'much cleaner now, great advice'],
    ['writing', 'p', 'Drop the weather description and open on the phone call.', 'wow, it reads so much better'],
    ['media', 'p', 'Listen to the remastered version with headphones.', 'absolutely beautiful, chills'],
  ],
  complaint: [
    ['food', 'n', 'Roast the chicken for as long as it needs.', 'that is not a cooking time'],
    ['travel', 'n', 'Many people enjoy Europe in summer.', 'you’ve dodged what I actually asked'],
    ['shopping', 'n', 'Prices vary depending on the retailer.', 'useless, I asked which one is cheapest'],
    ['coding', 'n', 'There could be many reasons for the error.', 'yes, that’s why I asked you. Not helpful.'],
    ['writing', 'n', 'Good writing is clear and concise.', 'I could’ve got that from a tea towel'],
    ['media', 'n', 'Everyone likes different films.', 'you literally have my list of favourites, come on'],
  ],
};

/** The round-13 blind set: 110 pairs over the nine phenomena, six domains. */
export const GAUGE_PHENOMENA_ROUND13: readonly GaugeExample[] = phenomenaExamples('blind13-', rows);
