/**
 * Fourteenth blind round for the phenomena of issue 17: written after the round-14 wide model (the situation features
 * for sarcasm and action reports and the tables of commit d378d6e, "gauge round-14 freeze") was frozen and committed,
 * and never used to fit or revise it. Sarcasm and action reports, the two phenomena that failed most rounds, have 16
 * pairs each (8 positive, 8 negative); every other phenomenon 12 (pivots 4 positive, 2 neutral, 6 negative; plain
 * praise 6 and complaints 6). Mixed register; situations chosen away from the training files (pool hours, reading
 * fees, scan subscriptions, shuttle buses, projector calibration, fish sauce in tomato sauce). Action reports include
 * outcomes judged only by world knowledge ("kids refused to eat it", "cloud the whole flight"); sarcasm includes
 * sincere delight in ironic forms ("marry me", "in this economy") and irony without a praise word. Checked against
 * every earlier pair by exact text and by word overlap before the commit (scripts/check-blind.mts; docs/benchmarks.md,
 * Round 14).
 *
 * Rule fixed before scoring (docs/benchmarks.md, Round 14): the frozen round-14 model (d378d6e) and the served
 * round-13 wide model (d50bd04, as on main f60803f) are scored once on this set. The round-14 model is served if its
 * overall AUC (positive vs negative) is not lower than the round-13 model's and no phenomenon with at least 8 pairs
 * is lower by more than 0.06; otherwise the round-13 model stays served. Whatever comes out, neither model is changed
 * after scoring.
 */
import type { GaugeExample } from '../src/gauge/types';
import { phenomenaExamples, type PhenomenaRows } from './phenomena-rows';

const rows: PhenomenaRows = {
  contradiction: [
    ['travel', 'n', 'The ferry to Hydra leaves from the main port in Piraeus.', 'we caught it from Rafina last summer, not Piraeus'],
    ['shopping', 'n', 'The Kindle Paperwhite has a headphone jack.', 'It doesn’t, I had to buy Bluetooth buds for audiobooks.'],
    ['food', 'n', 'Feed your sourdough starter with sugar twice a day.', 'flour and water, no sugar, that’s the whole point of a starter'],
    ['coding', 'n', 'In JavaScript, const makes an object immutable.', 'No, it only stops reassignment, the object itself can still change.'],
    ['writing', 'n', '“Frankenstein” was first published in 1831.', 'First edition was 1818; 1831 is the revised one.'],
    ['media', 'n', 'The show ran for five seasons.', 'there were only 3, it got cancelled on a cliffhanger'],
    ['travel', 'p', 'The hostel lets you drop bags and check in from 2 pm.', 'from 2, perfect, our coach gets in at half one'],
    ['shopping', 'p', 'The blender jug is dishwasher safe.', 'Dishwasher safe, that sells it for me.'],
    ['food', 'p', 'The lamb needs to rest for 15 minutes under foil.', '15 under foil, noted, thank you!'],
    ['coding', 'p', 'New repositories there default to a branch called main.', 'main, yep, that’s what our deploy scripts expect, ta'],
    ['writing', 'p', 'The competition closes on 31 January at midnight GMT.', 'midnight GMT on the 31st gives me the whole weekend, brilliant'],
    ['media', 'p', 'The concert film runs 2 hours 10 minutes.', 'Just over two hours is ideal for a Friday night in.'],
  ],
  restatement: [
    ['food', 'n', 'A creamy risotto finished with parmesan and butter is perfect here.', 'We’re dairy-free, I mentioned that twice.'],
    ['travel', 'n', 'Your best bet is a flight to Gatwick and the express into Victoria.', 'i said we’re driving, the dog is coming with us'],
    ['shopping', 'n', 'The 75-inch OLED would be the best pick for that room.', 'the wall is 1.2 m wide, as i put in my first message'],
    ['coding', 'n', 'Here’s a version that uses the new syntax from Python 3.12.', 'Our box is stuck on 3.8, which is why I asked.'],
    ['writing', 'n', 'I wrote you a twelve-page short story about the lighthouse.', 'flash fiction, under 1000 words, like i asked'],
    ['media', 'n', 'Try the new horror anthology on Shudder.', 'Nothing scary, remember? My partner won’t sleep.'],
    ['food', 'p', 'This stew uses no onion or garlic, so it suits your low-FODMAP diet.', 'no onion or garlic, thank you, that’s rare to find'],
    ['travel', 'p', 'All three hotels take dogs under 20 kg at no extra charge.', 'dog friendly and no charge, exactly what we need'],
    ['shopping', 'p', 'This stroller folds with one hand and fits a small boot.', 'One-hand fold is the thing I asked about, great.'],
    ['coding', 'p', 'This version runs without internet access, every dependency is vendored.', 'offline, yes, the lab machines will love that'],
    ['writing', 'p', 'I kept every line of the poem under ten syllables.', 'under ten each, spot on'],
    ['media', 'p', 'These five films are all under 90 minutes.', 'all short, ideal when the kids are up early'],
  ],
  sarcasm: [
    ['travel', 'n', 'The hotel pool is open to guests from 6 to 7 am.', 'wow, a whole hour, how generous'],
    ['shopping', 'n', 'The printer needs a monthly subscription before it will scan.', 'Of course it does. Love paying monthly to use a scanner I own.'],
    ['food', 'n', 'These brownies take two days, the batter rests overnight twice.', 'perfect for when the craving hits, clearly'],
    ['coding', 'n', 'You could just switch off the linter for that file.', 'sure, and while we’re at it let’s delete the tests'],
    ['writing', 'n', 'That magazine charges a £40 reading fee per story.', 'Splendid, paying to be rejected, my favourite hobby.'],
    ['media', 'n', 'The director’s cut is only in the £300 collector’s box.', 'oh good, just what my wallet needed 🙃'],
    ['travel', 'n', 'The cheapest route has three changes and a five-hour wait in Crewe.', 'Crewe at midnight, living my best life'],
    ['coding', 'n', 'Their API reports errors as HTTP 200 with a plain-text body.', 'fantastic design, really makes debugging a joy'],
    ['food', 'p', 'This traybake goes in one dish and needs no chopping.', 'no chopping? you absolute hero'],
    ['travel', 'p', 'The airport train runs every ten minutes, all night.', 'all night?! my 5am-flight self is weeping with joy'],
    ['shopping', 'p', 'Those trainers come with free returns for 100 days.', '100 days, that’s my kind of commitment'],
    ['coding', 'p', 'A single setting turns on parallel query plans.', 'one setting and it’s twice as fast, feels like cheating'],
    ['writing', 'p', 'The journal accepts simultaneous submissions and answers within a month.', 'a month AND simultaneous?? unheard of, sending tonight'],
    ['media', 'p', 'The band put the whole album up free on their site this week.', 'free! my student loan sends its thanks'],
    ['shopping', 'p', 'Delivery includes assembly and they take the old sofa away.', 'they take the old one too? marry me'],
    ['media', 'p', 'The film is only 85 minutes long.', 'an 85-minute film in this economy, bless'],
  ],
  refusal: [
    ['food', 'n', 'Shall I put a sweet course at the end of the menu too?', 'thanks but no, we’ll just have fruit'],
    ['travel', 'n', 'I could book a sunrise balloon ride for your last morning.', 'That’s sweet, but I get dizzy on a stepladder.'],
    ['shopping', 'n', 'Shall I compare extended warranties for the fridge?', 'nah, pass, i’ve never paid for one of those'],
    ['coding', 'n', 'I could go through the repo and add static typing everywhere.', 'Not today please, the PR is big enough already.'],
    ['writing', 'n', 'Would you like me to rewrite it in a more formal tone?', 'I’d rather keep my own voice, thanks.'],
    ['media', 'n', 'Should I make you a watchlist of every Bond film in order?', 'god no, a single one bored me stiff'],
    ['food', 'p', 'Shall I scale the recipe down for two?', 'yes please, it’s just me and my sister'],
    ['travel', 'p', 'I could find a pharmacy that opens on Sunday near your hotel.', 'Oh would you? I’ve run out of my inhaler.'],
    ['shopping', 'p', 'Want me to check whether it comes in navy?', 'ooh yes, the navy would go with everything'],
    ['coding', 'p', 'Want me to also draft the schema change with its rollback?', 'please, I always get the down step wrong'],
    ['writing', 'p', 'I could make a shorter version for the back cover.', 'yes! 100 words max if you can'],
    ['media', 'p', 'I could look for the soundtrack on vinyl.', 'go for it, my dad would love that for his birthday'],
  ],
  'already-have': [
    ['food', 'n', 'Have you tried baking bread in a Dutch oven?', 'Mine’s had a permanent spot on the hob for six years.'],
    ['travel', 'n', 'You should get a travel adapter with USB-C ports.', 'got two in my bag right now'],
    ['shopping', 'n', 'An electric toothbrush with a pressure sensor is worth it.', 'been using one for years, my dentist insisted'],
    ['coding', 'n', 'ripgrep searches a big repo far quicker than plain grep.', 'it’s the first thing I install on any new laptop'],
    ['writing', 'n', 'Scrivener is great for long manuscripts.', 'I wrote my last two novels in it.'],
    ['media', 'n', 'You’d probably enjoy “Severance”.', 'finished it in a weekend when it came out'],
    ['food', 'p', 'Za’atar is lovely on fried eggs.', 'never had za’atar, picking some up tomorrow'],
    ['travel', 'p', 'The Northern line has a quieter branch through Bank.', 'Didn’t know that, I’ll try it on Monday.'],
    ['shopping', 'p', 'Library cards often include free e-book loans through Libby.', 'wait, free ebooks with my card? signing up now'],
    ['coding', 'p', 'git switch - jumps back to the branch you were just on.', 'TIL, that’s going straight into muscle memory'],
    ['writing', 'p', 'Hemingway Editor highlights sentences that run too long.', 'news to me, running chapter 3 through it tonight'],
    ['media', 'p', 'The author reads the audiobook herself.', 'oh I didn’t realise, that makes me want it even more'],
  ],
  'action-report': [
    ['food', 'n', 'A few drops of nam pla will lift a plain marinara.', 'added it, kids refused to eat it, said it smelled like the harbour'],
    ['travel', 'n', 'Get the airport shuttle, it’s cheaper than a cab.', 'took the shuttle, it stopped at every hotel and we missed check-in'],
    ['shopping', 'n', 'The refurbished model is just as good at half the price.', 'ordered one, battery’s flat by lunchtime'],
    ['coding', 'n', 'Clear the browser cache and log in again.', 'Cleared it. Same error, and I lost all my saved tabs.'],
    ['writing', 'n', 'Send the first three chapters to the agent who asked.', 'sent them in May, still silence'],
    ['media', 'n', 'Recalibrate the projector using the test pattern.', 'did it, the picture’s green now and I can’t undo it'],
    ['food', 'n', 'Roast the peppers until the skins blacken.', 'Blackened all right, the kitchen reeks of smoke and they taste bitter.'],
    ['travel', 'n', 'Pick a seat on the port side to see the glacier as you descend.', 'booked it, cloud the whole flight, nothing but grey'],
    ['food', 'p', 'Toast the rice in the pan before the stock goes in.', 'toasted it, nuttiest risotto I’ve made'],
    ['travel', 'p', 'Ask the guard whether the quiet coach has free seats.', 'asked, he moved us to first class for nothing'],
    ['shopping', 'p', 'Write to the seller, they’ll often send a replacement part.', 'emailed them, new lid arrived in two days'],
    ['coding', 'p', 'Add retries with backoff to the webhook sender.', 'added them, zero dropped events since Tuesday'],
    ['writing', 'p', 'Cut the prologue and start at chapter one.', 'cut it, my beta readers say it finally grabs them'],
    ['media', 'p', 'Try the headphones’ transparency mode on the train.', 'turned it on, heard my stop announced for once'],
    ['shopping', 'p', 'Put an alert on that lens so you hear when it drops.', 'set one up, it pinged yesterday and I got it for £80 less'],
    ['coding', 'p', 'Profile the CSV import before you rewrite anything.', 'profiled it, a single regex took nearly all the runtime, patched'],
  ],
  engagement: [
    ['food', 'p', 'Kimchi keeps for months in the fridge.', 'does it get more sour the longer it sits?'],
    ['travel', 'p', 'The Cinque Terre has a footpath linking all five villages.', 'how long does the whole path take, roughly?'],
    ['shopping', 'p', 'This tent pitches in under five minutes.', 'Is it OK in strong wind, though?'],
    ['coding', 'p', 'Put a 300 ms debounce on the search box.', 'would 300 feel laggy on mobile, or is that fine?'],
    ['writing', 'p', 'Open the story with the sister’s letter.', 'should the letter be in full or just a few lines of it?'],
    ['media', 'p', 'Start the podcast from episode 12, the early ones are rough.', 'what happens in 12 that makes it better?'],
    ['food', 'n', 'Laminate the butter into the dough yourself, by hand, for the flan.', 'for a Tuesday? when exactly do I sleep?'],
    ['travel', 'n', 'Drive up to the Highlands overnight to save a day.', 'and who drives while I nap, the dog?'],
    ['shopping', 'n', 'Buy the £900 espresso machine, it pays for itself.', 'in how many decades?'],
    ['coding', 'n', 'Rewrite the cron jobs as a Kubernetes operator.', 'why would three cron jobs need an operator?'],
    ['writing', 'n', 'Add a map, a glossary and a family tree to your picture book.', 'for a 24-page book for toddlers??'],
    ['media', 'n', 'Binge every film in the franchise before Friday’s release.', 'in four days? have you met me?'],
  ],
  pivot: [
    ['food', 'n', 'A slow-roasted pork shoulder would work well.', 'forget pork. how do I get candle wax out of a tablecloth?'],
    ['travel', 'n', 'The overnight Nightjet to Vienna leaves Zurich at nine.', 'eh, never mind Vienna, what’s the weather in Porto'],
    ['shopping', 'n', 'The wool coat comes in camel or charcoal.', 'skip coats. best phone under 300?'],
    ['coding', 'n', 'You could split the monolith into three services.', 'not this again. how do i rename a docker volume'],
    ['writing', 'n', 'Your second stanza could lose a line.', 'leave the poem. write me a birthday message for my boss'],
    ['media', 'n', 'The anime has a dubbed version as well.', 'nah, enough anime. what’s a fun card game for four?'],
    ['food', 'u', 'The sourdough wants a 12-hour cold proof.', 'by the way, how many grams is a cup of flour?'],
    ['coding', 'u', 'That regex will match both date formats.', 'separate thing: what’s the shortcut for multi-cursor in VS Code?'],
    ['travel', 'p', 'The vaporetto pass covers all the islands for three days.', 'great, that’s sorted. next: where to eat near Rialto?'],
    ['shopping', 'p', 'The 14-inch model is the one to get for travel.', 'ordering it. now, a sleeve for it?'],
    ['writing', 'p', 'Put that sentence in the active voice.', 'much better, thanks. can we do the conclusion next?'],
    ['media', 'p', 'Listen to the remastered edition, the bass is fuller.', 'you were right, sounds great. what else came out in 1977?'],
  ],
  'short-positive': [
    ['food', 'p', 'Stir a tiny pinch of sea salt into your cocoa.', 'that was a revelation, who knew'],
    ['travel', 'p', 'Take the cable car up and walk back down through the vineyards.', 'best afternoon of the whole trip, thank you'],
    ['shopping', 'p', 'Those noise-cancelling earbuds are great for open-plan offices.', 'bliss. I can finally think.'],
    ['coding', 'p', 'Pipe the response through jq to pretty-print it.', 'night and day, I can actually read it now'],
    ['writing', 'p', 'Swap “utilise” for “use” throughout.', 'reads far better now, cheers'],
    ['media', 'p', 'Put the subtitles on for the first episode, the accents are thick.', 'good shout, understood every word'],
  ],
  complaint: [
    ['food', 'n', 'Give the salmon 25 minutes in a very hot oven.', 'it came out dry as cardboard'],
    ['travel', 'n', 'The hotel by the station is nice and quiet.', 'Freight trains all night, barely slept.'],
    ['shopping', 'n', 'That vacuum is great on pet hair.', 'useless on the dog hair, sorry'],
    ['coding', 'n', 'This snippet should fix the memory leak.', 'nope, still climbing to 4 GB'],
    ['writing', 'n', 'Here’s a punchier version of your bio.', 'it’s cringe, nobody talks like that'],
    ['media', 'n', 'You’ll love the ending of that series.', 'the ending ruined the whole thing for me'],
  ],
};

/** Round-14 blind set (116 pairs). */
export const GAUGE_PHENOMENA_ROUND14: readonly GaugeExample[] = phenomenaExamples('blind14-', rows);
