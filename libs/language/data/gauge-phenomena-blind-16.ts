/**
 * Sixteenth blind round for the phenomena of issue 17: written after the round-16 model D (commit ba2e871, "gauge
 * round-16 model D frozen") was committed, and never used to fit or revise any model. 94 pairs: sarcasm and action
 * reports 12 each (6 positive, 6 negative), every other phenomenon 10 (pivots 3 positive, 2 neutral, 5 negative;
 * plain praise 5 and complaints 5); six domains in every phenomenon, mixed register. Checked against every earlier
 * pair by exact text and by word overlap before the commit (scripts/check-blind.mts; docs/benchmarks.md, Round 16).
 *
 * Rule fixed before any pair here was written (docs/benchmarks.md, Round 16, commit 20c62eb): the served model C
 * (01e40ae) and the round-16 model D (ba2e871) are scored once on this set; the model with the highest lowest AUC over
 * the phenomena with at least 8 pairs is served (ties: overall AUC, then 3-class accuracy, then C). No model is
 * changed after this set exists.
 */
import type { GaugeExample } from '../src/gauge/types';
import { phenomenaExamples, type PhenomenaRows } from './phenomena-rows';

const rows: PhenomenaRows = {
  contradiction: [
    ['food', 'n', 'That patisserie near the canal starts serving at 7 sharp.', 'it didn’t open till half nine when we went'],
    ['travel', 'n', 'The vaporetto day pass costs 25 euros.', 'it was 30 at the machine this morning'],
    ['coding', 'n', 'The retry helper waits 500 ms between attempts.', 'the logs show 2 seconds between each retry'],
    ['writing', 'n', 'The short story competition closes on Friday the 3rd.', 'their site says Monday the 6th'],
    ['media', 'n', 'That album was recorded in Nashville.', 'the liner notes say Memphis'],
    ['shopping', 'p', 'The cordless vacuum runs about 60 minutes on eco mode.', 'an hour on eco is plenty for our flat'],
    ['food', 'p', 'Rest the brisket for at least an hour before slicing.', 'an hour of resting, noted, I’ll wrap it in towels'],
    ['travel', 'p', 'The final gondola descends at 17:30 in October.', '17:30 descent, so we aim to reach the summit café around 3'],
    ['coding', 'p', 'The free tier allows 100,000 requests a month.', '100k a month covers us with room to spare'],
    ['media', 'p', 'The box set has all 7 seasons on 40 discs.', 'all seven for that price, good find'],
  ],
  restatement: [
    ['food', 'n', 'Finish the beetroot salad with goat’s cheese and candied pecans.', 'my partner is allergic to tree nuts, as I mentioned'],
    ['travel', 'n', 'Pick up a hire car in Faro and tour the Algarve cliffs yourselves.', 'we don’t have licences, that was the whole point of asking'],
    ['coding', 'n', 'Pull in lodash and use its debounce.', 'no new dependencies, remember, the bundle budget is tight'],
    ['writing', 'n', 'Here’s an expanded 600-word speaker profile for you.', 'the festival caps bios at 100 words, I told you that'],
    ['media', 'n', 'Try Hereditary, it’s a brilliant horror film.', 'my daughter is nine, we needed something family friendly'],
    ['shopping', 'p', 'Both of these strollers fold with one hand and fit in a small boot.', 'one-handed fold and a small boot, ticks both things I asked for'],
    ['food', 'p', 'This stew is gluten-free as long as you use tamari.', 'tamari, easy, and my sister can eat it'],
    ['travel', 'p', 'All three hotels have step-free access and a lift.', 'step-free everywhere, Dad will manage fine'],
    ['coding', 'p', 'This runs in plain bash 3, no GNU extensions.', 'bash 3 compatible is what the old Macs need, brilliant'],
    ['writing', 'p', 'I kept every sentence in the instructions under 15 words.', 'short sentences for the learners, just right'],
  ],
  sarcasm: [
    ['food', 'n', 'This recipe needs the dough to rise three times over two days.', 'oh lovely, I’ll just clear my weekend for one loaf'],
    ['travel', 'n', 'The budget fare routes you through Istanbul with a seven-hour stopover.', 'seven hours under airport lighting, what a dream start to a holiday'],
    ['shopping', 'n', 'That printer is cheap but the ink cartridges are 40 pounds each.', 'bargain of the century, a printer that eats my wages'],
    ['coding', 'n', 'Paste the production secrets into the team wiki so everyone can find them.', 'because nothing bad ever happens to spreadsheets'],
    ['writing', 'n', 'Do three more rounds of edits before you send it to the agent.', 'fabulous, it’ll be ready just in time for my retirement'],
    ['media', 'n', 'The restored silent epic screens at 270 minutes, no interval.', 'terrific, bring a pillow and a packed lunch'],
    ['food', 'p', 'The chippy round the corner does gluten-free batter on Fridays.', 'are you kidding, proper fish and chips again? Friday it is'],
    ['travel', 'p', 'Your rail pass also covers the ferry to the islands.', 'hold on, the boat too?? best news all week'],
    ['shopping', 'p', 'Bring the old fridge in and they take it away for free.', 'no way, that solves the one thing I was dreading'],
    ['coding', 'p', 'You can replace all that setup with a single compose file.', 'one file. one. I could cry, thank you'],
    ['writing', 'p', 'That poetry quarterly is fine with you sending the poems elsewhere too.', 'wait, really? that changes everything, sending it to all three'],
    ['media', 'p', 'The museum’s film nights are free for members.', 'free films on top of the membership, stop spoiling me'],
  ],
  refusal: [
    ['food', 'n', 'A glass of fino sherry would go nicely with the tapas.', 'kind thought, but I don’t drink'],
    ['travel', 'n', 'A zipline across the gorge near the hostel is the highlight there.', 'hmm, I’ll pass, heights and me don’t mix'],
    ['coding', 'n', 'I could draft a multi-region failover plan for your hobby blog.', 'ha, appreciated, but that’s overkill for forty readers'],
    ['writing', 'n', 'Shall I recast your wedding speech with a few quotes from Shakespeare?', 'nah, I want it to sound like me, thanks anyway'],
    ['media', 'n', 'You might enjoy the extended editions of the trilogy.', 'not really my cup of tea, but cheers'],
    ['shopping', 'p', 'Want me to watch the espresso grinder and ping you if it falls below £180?', 'yes, ping me the moment it does'],
    ['food', 'p', 'I could put together a week of lunches that share one base.', 'ooh yes, batch cooking is my kind of thing'],
    ['travel', 'p', 'Shall I check which mornings the Topkapı queues are shortest?', 'please, we’d love to dodge the tour groups'],
    ['coding', 'p', 'Want a quick script to rename all those files?', 'yes please, there are about four hundred of them'],
    ['media', 'p', 'Shall I line up her 90s records chronologically for your drive?', 'absolutely, that sounds lovely'],
  ],
  'already-have': [
    ['food', 'n', 'Fermenting your own hot sauce is fun and cheap.', 'been doing it for years, three bottles bubbling on the shelf as we speak'],
    ['travel', 'n', 'The Alhambra at sunset is worth the trip.', 'we went two summers ago, the magnet is on our fridge'],
    ['coding', 'n', 'Look into git bisect for tracking that down.', 'I use bisect weekly, it’s how I found the commit in the first place'],
    ['writing', 'n', 'Klinkenborg’s Several Short Sentences About Writing is made for you.', 'read it twice, my copy is falling apart with pencil notes'],
    ['media', 'n', 'Check out Slow Horses, Gary Oldman is superb.', 'watched every episode of it over Christmas'],
    ['shopping', 'p', 'Many town libraries lend out tools, not just books.', 'wait, tools? I had no clue, checking ours'],
    ['food', 'p', 'You can freeze fresh ginger and grate it straight from frozen.', 'never heard that trick, trying it tomorrow'],
    ['travel', 'p', 'Vienna’s public fountains are safe to drink from.', 'oh I didn’t know that, we’ll bring a bottle'],
    ['coding', 'p', 'Python has had a built-in zoneinfo module since 3.9.', 'new to me, that means we can drop pytz'],
    ['media', 'p', 'The band put out a secret acoustic EP on Bandcamp.', 'no idea that existed, listening now'],
  ],
  'action-report': [
    ['food', 'p', 'Toss the cucumber ribbons in salt and drain them before dressing.', 'drained them, the salad stayed crisp instead of swimming'],
    ['travel', 'p', 'Book the Eurostar 90 days out for the cheapest seats.', 'booked the day they opened, paid less than the taxi to the station'],
    ['shopping', 'p', 'Show the cashier the competitor’s flyer for the same drill.', 'showed the flyer, they knocked 60 off without a fuss'],
    ['coding', 'p', 'Lock the date library at the previous minor until upstream patches the parsing bug.', 'pinned it, the build’s been green all morning'],
    ['writing', 'p', 'Drop the throat-clearing opener and lead with your strongest finding.', 'cut it, my supervisor called it the strongest intro yet'],
    ['media', 'p', 'Re-seat the HDMI cable in the other port.', 'swapped ports, picture’s back'],
    ['food', 'n', 'Swap in strong flour so the bagels get more chew.', 'used it, the bagels were like chewing a flip-flop'],
    ['travel', 'n', 'Take the early train, it’s usually quiet.', 'took the 6:40, stood all the way to Leeds'],
    ['shopping', 'n', 'Order the boots in your usual size.', 'ordered my usual, toes crushed after ten minutes'],
    ['coding', 'n', 'Wipe the Gradle caches and run a clean assemble.', 'wiped them, the clean assemble took forty minutes and the bug’s still there'],
    ['writing', 'n', 'Email the commissioning editor at the magazine by name, not the submissions address.', 'emailed her three weeks ago, not a word back'],
    ['media', 'n', 'Update the firmware on the speaker.', 'updated it, now it drops the bluetooth every few minutes'],
  ],
  engagement: [
    ['food', 'p', 'Brown butter makes the cookies taste nutty.', 'how dark should I let it go before it burns?'],
    ['travel', 'p', 'The coastal path from Porto to Vigo is walkable in a week.', 'are there places to stay every night, or do we need to camp?'],
    ['shopping', 'p', 'This e-reader supports library loans through Libby.', 'does it sync my highlights across devices too?'],
    ['coding', 'p', 'Use a feature flag so you can ship the half-done screen safely.', 'do you tend to expire flags automatically, or clean them up by hand?'],
    ['writing', 'p', 'Give your villain a small kindness early in the book.', 'should the reader see it directly, or hear about it from someone else?'],
    ['media', 'n', 'Watch all eight films before the finale comes out.', 'and when exactly am I meant to find twenty hours?'],
    ['food', 'n', 'Simmer a demi-glace from veal bones for the sauce.', 'who has two days to babysit a sauce?'],
    ['travel', 'n', 'Fly into the smaller airport, it’s cheaper.', 'and then what, a two-hour taxi at midnight?'],
    ['shopping', 'n', 'Spend a bit more on the premium model.', 'why would I pay double for a badge on the lid?'],
    ['coding', 'n', 'Build your own message broker so you’re not tied to a vendor.', 'seriously? have you seen the size of our team?'],
  ],
  pivot: [
    ['food', 'n', 'Try a dash of yuzu kosho in the vinaigrette.', 'nah. anyway, can you freeze leftover risotto?'],
    ['travel', 'n', 'The train through the Rockies is spectacular.', 'forget trains. what’s the tipping norm in the US?'],
    ['shopping', 'n', 'These running shoes have great cushioning.', 'not bothered. what laptop bag would you get?'],
    ['coding', 'n', 'You could annotate every function in the parser with docstrings.', 'skip that. different thing, how do I read an env var in Go'],
    ['media', 'n', 'There’s a lovely radio series about lighthouse keepers.', 'boring. recommend me a thriller instead'],
    ['writing', 'u', 'Your intro paragraph reads well.', 'side question: do I capitalise job titles?'],
    ['travel', 'u', 'The hydrofoil to Aegina is about forty minutes.', 'by the way, are euro coins accepted on the buses there?'],
    ['food', 'p', 'Add the lemon zest at the very end.', 'that lifted it so much! next up, what wine goes with it?'],
    ['coding', 'p', 'Set the timeout on the client, not the server.', 'that sorted it, thanks. while I have you, how do I squash commits?'],
    ['shopping', 'p', 'The wool blend is the warmest of the three.', 'great, going with that one. any tips for a matching scarf?'],
  ],
  'short-positive': [
    ['food', 'p', 'Char the leeks on the grill and dress them with hazelnut oil.', 'stunning, everyone went back for seconds'],
    ['travel', 'p', 'Pick the guesthouse inside the medieval walls over the ring-road chains.', 'great tip, it was magical at night'],
    ['shopping', 'p', 'That rain jacket is properly waterproof.', 'bone dry through a whole day of downpours, love it'],
    ['coding', 'p', 'Split the function into three smaller ones.', 'so much easier to read now, thank you'],
    ['media', 'p', 'The middle volume of that saga is the strongest.', 'you nailed it, I couldn’t put it down'],
  ],
  complaint: [
    ['writing', 'n', 'This cover letter should impress them.', 'it sounds like a robot wrote it'],
    ['media', 'n', 'The sequel is just as funny as the first.', 'didn’t laugh once, really flat'],
    ['food', 'n', 'These brownies come out perfectly fudgy.', 'mine came out dry and cakey'],
    ['travel', 'n', 'The hostel is quiet and clean.', 'hair in the shower and a party till 3, no thanks'],
    ['shopping', 'n', 'The blender is quiet enough for early mornings.', 'it woke the whole house, loud as a jet'],
  ],
};

/** Round-16 blind set (94 pairs). */
export const GAUGE_PHENOMENA_ROUND16: readonly GaugeExample[] = phenomenaExamples('blind16-', rows);
