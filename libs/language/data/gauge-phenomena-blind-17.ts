/**
 * Seventeenth blind round for the phenomena of issue 17: written after the round-17 model E (commit 5366cde, "gauge
 * round-17 model E frozen") was committed, and never used to fit or revise any model. 112 pairs: sarcasm and action
 * reports 14 each (7 positive, 7 negative), every other phenomenon 12 (pivots 5 positive, 2 neutral, 5 negative;
 * plain praise 6 and complaints 6); six domains in every phenomenon, mixed register. Checked against every earlier
 * pair by exact text and by word overlap before the commit (scripts/check-blind.mts; docs/benchmarks.md, Round 17).
 *
 * Rule fixed before any pair here was written (docs/benchmarks.md, Round 17, commit 35f1895): the served model C
 * (01e40ae) and the round-17 model E (5366cde) are scored once on this set; the model with the highest lowest AUC over
 * the phenomena with at least 8 pairs is served (ties: overall AUC, then 3-class accuracy, then C). No model is
 * changed after this set exists.
 */
import type { GaugeExample } from '../src/gauge/types';
import { phenomenaExamples, type PhenomenaRows } from './phenomena-rows';

const rows: PhenomenaRows = {
  contradiction: [
    ['shopping', 'n', 'Your Breville toaster is covered for two years by the maker.', 'the box and the receipt both say twelve months'],
    ['travel', 'n', 'The airport bus leaves from stop C outside arrivals.', 'the driver told us it moved to stop F in the spring'],
    ['food', 'n', 'Mussels need about 20 minutes in the pot.', 'four minutes and they were all open, twenty would turn them to rubber'],
    ['coding', 'n', 'The `--force` flag was removed in version 3 of the CLI.', 'I’m on 3.2 and it still accepts --force'],
    ['writing', 'n', 'The prize shortlist is announced in July.', 'it came out in September last year'],
    ['media', 'n', 'That podcast drops new episodes every Tuesday.', 'the last three all landed on a Thursday'],
    ['shopping', 'p', 'That air fryer basket holds 5.5 litres.', '5,500 ml, so a whole chicken fits, good'],
    ['travel', 'p', 'The museum pass covers 48 hours from first use.', 'two full days then, we can spread it over the weekend'],
    ['food', 'p', 'Give the frangipane tart 35 minutes in a moderate oven.', 'just over half an hour, same as my gran’s, ta'],
    ['coding', 'p', 'The API allows 60 requests per minute.', 'one a second then, our poller is well under that'],
    ['writing', 'p', 'Entries must be under 2,000 words.', 'mine’s 1,850, phew'],
    ['media', 'p', 'The restored print of that western lasts roughly 3 hours.', '180 minutes, fine, we’ve got the whole evening'],
  ],
  restatement: [
    ['food', 'n', 'Fry lardons until crisp and fold them through the risotto.', 'still no pork for us, same as before'],
    ['travel', 'n', 'Hire a campervan and loop the Highlands at your own pace.', 'neither of us drives, I said that up front'],
    ['shopping', 'n', 'Go for the 65-inch OLED, nothing beats its contrast.', 'the alcove is 120 cm wide, that won’t go in'],
    ['coding', 'n', 'Store the preferences as JSONB and index them with GIN.', 'we’re on MySQL 5.7, like I said at the start'],
    ['writing', 'n', 'Here’s a punchy, informal version with a few emojis.', 'this is for a law firm, it has to stay formal'],
    ['media', 'n', 'Start them on Game of Thrones.', 'the kids are 8 and 10, remember'],
    ['food', 'p', 'This dal uses coconut milk instead of cream.', 'dairy-free, perfect for my son'],
    ['travel', 'p', 'Every leg of this route is under two hours by train.', 'short hops, exactly what Grandma needs'],
    ['shopping', 'p', 'All three of these laptops are under £700.', 'inside my budget and then some'],
    ['coding', 'p', 'This patch leans on nothing outside the standard library.', 'no extra packages, the security team will be relieved'],
    ['writing', 'p', 'The abstract now sits at 150 words, as requested.', 'a hundred and fifty on the dot, great'],
    ['media', 'p', 'These are all PG films with no jump scares.', 'my six-year-old can watch all of them then, brilliant'],
  ],
  sarcasm: [
    ['travel', 'n', 'Your cheapest option is a 5:50 departure from the secondary airport.', 'wow, thanks, I’ll set a 3am alarm to save eleven quid'],
    ['food', 'n', 'This bread needs a 72-hour cold ferment.', 'great, so sandwiches on Thursday'],
    ['shopping', 'n', 'The sofa can be delivered in 14 to 16 weeks.', 'wait, really? sixteen weeks? can’t wait to eat dinner on the floor till spring'],
    ['coding', 'n', 'Port the whole backend to Rust before Monday.', 'sure, and I’ll learn Rust on the Friday night'],
    ['writing', 'n', 'Add footnotes to every paragraph of the best man speech.', 'the guests will be riveted'],
    ['media', 'n', 'The box set is only sold on region 1 DVDs.', 'let me just dust off my time machine'],
    ['shopping', 'n', 'Official cases for that model retail at 60 pounds.', 'sixty for a bit of rubber, what a steal'],
    ['travel', 'p', 'Reception says your room’s been bumped to a sea view, no extra cost.', 'seriously?? that’s made my week, thank you for asking them'],
    ['food', 'p', 'You can make that ice cream with just two ingredients.', 'two?! right, I’m making it tonight'],
    ['coding', 'p', 'That whole migration is one command: `npx codemod v5`.', 'you’re joking. ran it, done. I owe you a coffee'],
    ['writing', 'p', 'The journal pays 200 dollars per poem.', 'shut up, per poem? sending my best five now'],
    ['media', 'p', 'Your library card unlocks the band’s entire discography on the streaming app.', 'not even exaggerating, best news I’ve had all year'],
    ['shopping', 'p', 'Returns are free for a whole year at that shop.', 'a year?? ok that settles it, ordering both colours'],
    ['food', 'p', 'Your oven has a proving setting, so no need for the airing cupboard.', 'my oven can do that? ten years of proving dough next to the boiler like a caveman'],
  ],
  refusal: [
    ['shopping', 'n', 'Want me to add accidental damage cover for £49?', 'nah, if it breaks it breaks, ta'],
    ['travel', 'n', 'Shall I slot a guided history walk into Saturday morning?', 'we’d rather wander on our own'],
    ['food', 'n', 'I could match a different wine to every course of the tasting menu.', 'three designated drivers at the table, so skip it'],
    ['coding', 'n', 'Want me to set up a Kubernetes cluster for this?', 'for one nightly job? I’ll stick with the crontab'],
    ['writing', 'n', 'I can turn your free verse into rhyming couplets if you like.', 'please leave it unrhymed, that’s deliberate'],
    ['media', 'n', 'Shall I make you a list of the director’s earlier films?', 'not this time, I only wanted the one'],
    ['shopping', 'p', 'I can compare the three hoovers side by side if you like.', 'go on, you’d be sparing me a whole evening of tabs'],
    ['travel', 'p', 'Want me to find a vegetarian-friendly place near the hotel?', 'oh would you, that’d be great'],
    ['food', 'p', 'Shall I multiply the quantities so it feeds twelve?', 'yes, twelve is right, thanks'],
    ['coding', 'p', 'I could add tests covering the edge cases of that date parser.', 'please do, I always forget the leap years'],
    ['writing', 'p', 'Would you like a shorter version for LinkedIn?', 'definitely, keep it under 100 words'],
    ['media', 'p', 'Want a playlist of similar bands for the drive?', 'yes! the longer the better'],
  ],
  'already-have': [
    ['shopping', 'n', 'A robot mop would handle the kitchen floor for you.', 'ours has been bumping into the skirting boards since 2021'],
    ['travel', 'n', 'Walk the Cliffs of Moher coastal trail while you’re in Clare.', 'did them on our honeymoon, windiest day of my life'],
    ['food', 'n', 'A spoonful of miso makes a salted caramel far deeper.', 'it’s my party trick, the jar lives next to the sugar'],
    ['coding', 'n', 'Lint automatically every time somebody commits.', 'the linter hook has run on every commit since day one'],
    ['writing', 'n', 'Anne Lamott’s Bird by Bird would suit you.', 'I hand a copy to every student who joins my workshop'],
    ['media', 'n', 'That internet-mysteries show, Reply All, is right up your street.', 'I’ve heard every episode, some of them twice'],
    ['shopping', 'p', 'Some supermarkets price-match their online orders.', 'had no idea, I’ll ask at mine'],
    ['travel', 'p', 'Children under six ride the trams free in that city.', 'didn’t know that, our four-year-old will be thrilled'],
    ['food', 'p', 'You can cook the pasta in the sauce itself and save a pan.', 'first I’m hearing of it, trying that tonight'],
    ['coding', 'p', 'VS Code can sync your settings across machines.', 'wait, since when? that’ll save me an hour on every new laptop'],
    ['writing', 'p', 'There’s a grammar checker built into Word now.', 'never noticed it, switching it on'],
    ['media', 'p', 'The novelist narrates her own audiobook.', 'oh that’s lovely, I’d not come across it'],
  ],
  'action-report': [
    ['food', 'p', 'Whisk cornflour into the batter for the chicken.', 'added it, the chicken stayed crunchy even after the drive home'],
    ['travel', 'p', 'Leave for the airport by 6 to beat the traffic.', 'left at ten to six, had time for a full breakfast at the gate'],
    ['shopping', 'p', 'Show the till the cheaper online listing.', 'showed them, walked out 40 quid better off'],
    ['coding', 'p', 'Give the pool more connections, say 20.', 'bumped it to 20, p99 went from 2s to 300ms'],
    ['writing', 'p', 'Read every line of dialogue aloud before sending it off.', 'read it aloud, rewrote four lines, the editor took it'],
    ['media', 'p', 'Disable the TV’s frame interpolation.', 'turned it off, no more soap-opera look, the film looks like cinema again'],
    ['travel', 'p', 'Book the sleeper, you’ll arrive rested.', 'booked it, slept all the way to Inverness and went straight up a hill'],
    ['food', 'n', 'Bake the cheesecake at 200 to speed it up.', 'did that, came out with a crack you could lose a spoon in'],
    ['travel', 'n', 'Take the coastal road, it’s only slightly longer.', 'took it, three hours behind tractors, missed the ferry'],
    ['shopping', 'n', 'The budget charger has identical specs, get that.', 'bought it, the laptop says "slow charger" and gains 1% an hour'],
    ['coding', 'n', 'Move the project to Node 22.', 'moved, and now sharp and bcrypt fail to compile'],
    ['writing', 'n', 'Send the pitch on a Friday afternoon.', 'sent it Friday, heard nothing, then saw they’d commissioned the same idea from someone else'],
    ['media', 'n', 'Stream it in 4K on the hotel wifi.', 'tried, it buffered every thirty seconds so we gave up'],
    ['shopping', 'n', 'Go for the memory-foam topper.', 'ordered it, slept hotter than a radiator all week'],
  ],
  engagement: [
    ['food', 'p', 'Let the lamb chops sit a few minutes off the heat.', 'tented with foil or uncovered?'],
    ['travel', 'p', 'The Nightjet to Vienna sells private compartments.', 'is there a shower in the cabin, or down the corridor?'],
    ['shopping', 'p', 'That rucksack has its own padded sleeve for a laptop.', 'would a 16-inch fit in it?'],
    ['coding', 'p', 'Use a read replica for the reporting queries.', 'how far behind the primary does it usually lag?'],
    ['writing', 'p', 'Open the chapter in the middle of the argument.', 'how much of the lead-up should I fill in afterwards?'],
    ['media', 'p', 'Start the series at season two, that’s where it gets good.', 'will I be lost if I skip the first season entirely?'],
    ['food', 'n', 'Skip shop-bought pastry and laminate your own.', 'with what, a free afternoon and three arms?'],
    ['travel', 'n', 'Drive there, it’s only nine hours.', 'with a toddler in the back?'],
    ['shopping', 'n', 'The smart fridge lets you check its contents from your phone.', 'why would I need to look inside my fridge from the bus?'],
    ['coding', 'n', 'Add a microservice for each form field.', 'and who’s on call for forty services?'],
    ['writing', 'n', 'Add a prologue from the dog’s point of view.', 'in a legal thriller?'],
    ['media', 'n', 'Watch the whole franchise in release order first.', 'all twenty-three films before Friday, really?'],
  ],
  pivot: [
    ['food', 'n', 'Try smoked paprika in the chilli.', 'meh. is leftover rice safe to reheat the next day?'],
    ['travel', 'n', 'Lisbon is gorgeous in October.', 'drop Lisbon. somewhere with snow?'],
    ['shopping', 'n', 'This standing desk has a memory preset.', 'forget desks, I need a new chair'],
    ['coding', 'n', 'You could add retries with exponential backoff.', 'whatever. what’s the flexbox trick for vertical centring'],
    ['media', 'n', 'The new season of that baking show is great.', 'not into baking shows. any decent sci-fi?'],
    ['writing', 'u', 'That title works for the blog post.', 'unrelated, but does "data" take a singular verb?'],
    ['shopping', 'u', 'The discount runs until the weekend.', 'btw do they deliver to Ireland?'],
    ['writing', 'p', 'Move the strongest quote to the top.', 'much punchier, thanks! next, how do I format the references?'],
    ['travel', 'p', 'Get the regional pass, it covers the buses too.', 'perfect, got it. also, what’s a good day trip from there?'],
    ['food', 'p', 'A squeeze of lime fixes flat guacamole.', 'that was it! now what do I serve it with?'],
    ['coding', 'p', 'Use `git stash` before switching branches.', 'saved my afternoon, cheers. different question: how do I undo a pushed commit?'],
    ['media', 'p', 'The extended cut fixes the pacing.', 'you were right, so much better. can you recommend something similar?'],
  ],
  'short-positive': [
    ['food', 'p', 'Roast the carrots with cumin and honey.', 'the kids ate every last one'],
    ['travel', 'p', 'Base yourselves inside the old town walls, not the beach strip.', 'hands down the best call of our holiday'],
    ['shopping', 'p', 'Those walking boots need no breaking in.', 'ten miles on day one, not a single blister'],
    ['coding', 'p', 'Rename the variables so they say what they hold.', 'reads like prose now, thanks'],
    ['writing', 'p', 'Drop the closing paragraph; it only echoes your opening.', 'ends so much stronger, you’re good at this'],
    ['media', 'p', 'Whoever voices that audiobook deserves an award.', 'she does every voice perfectly, hooked'],
  ],
  complaint: [
    ['food', 'n', 'This sourdough recipe is foolproof.', 'brick. an actual brick.'],
    ['travel', 'n', 'That hostel has a lovely rooftop bar.', 'the rooftop was shut and the bar was a fridge of warm beer'],
    ['shopping', 'n', 'That umbrella is very sturdy.', 'turned inside out on the first gust, straight in the bin'],
    ['coding', 'n', 'This regex will match all valid emails.', 'it rejects half our customers'],
    ['writing', 'n', 'The new intro is gripping.', 'I nodded off halfway through reading it'],
    ['media', 'n', 'The finale ties everything up nicely.', 'three plot holes and a cliffhanger, nice is not the word'],
  ],
};

/** Round-17 blind set (112 pairs). */
export const GAUGE_PHENOMENA_ROUND17: readonly GaugeExample[] = phenomenaExamples('blind17-', rows);
