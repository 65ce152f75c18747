/**
 * Fifteenth blind round for the phenomena of issue 17: written after the round-15 model C (the round-14 form re-fitted
 * with round 14, commit 01e40ae, "gauge round-15 model C frozen") was committed, and never used to fit or revise any
 * model. 112 pairs: sarcasm and action reports 14 each (7 positive, 7 negative), every other phenomenon 12 (pivots 4
 * positive, 2 neutral, 6 negative; plain praise 6 and complaints 6); six domains in every phenomenon, mixed register.
 * Checked against every earlier pair by exact text and by word overlap before the commit (scripts/check-blind.mts;
 * docs/benchmarks.md, Round 15).
 *
 * Rule fixed before any pair here was written (docs/benchmarks.md, Round 15, commit 26b829d): the served round-13
 * model (A, d50bd04), the round-14 model (B, d378d6e) and the round-15 model (C, 01e40ae) are scored once on this set;
 * the model with the highest lowest AUC over the phenomena with at least 8 pairs is served (ties: overall AUC, then
 * 3-class accuracy, then the served model). No model is changed after this set exists.
 */
import type { GaugeExample } from '../src/gauge/types';
import { phenomenaExamples, type PhenomenaRows } from './phenomena-rows';

const rows: PhenomenaRows = {
  contradiction: [
    ['travel', 'n', 'The Sagrada Família is free to enter on Sunday mornings.', 'there’s no free slot at all, we paid 26 euros each on Sunday'],
    ['shopping', 'n', 'The Steam Deck OLED ships with a dock.', 'Mine came with a case and the charger, no dock.'],
    ['food', 'n', 'Basmati wants a 1:3 ratio of rice to water.', 'more like 1:1.5, your ratio gave me porridge'],
    ['coding', 'n', 'Array.prototype.sort orders numbers numerically by default.', 'it compares them as strings unless you pass a comparator, [10, 9, 1] came back as 1, 10, 9'],
    ['writing', 'n', 'Chicago style spells out numbers up to ten.', 'Chicago goes up to one hundred, it’s AP that stops at nine.'],
    ['media', 'n', 'The Wire is set in Philadelphia.', 'Baltimore.'],
    ['travel', 'p', 'Check-in for that airline closes 45 minutes before departure.', '45 min, got it, we’ll leave the hotel at 6'],
    ['shopping', 'p', 'The mattress comes with a 365-night trial.', 'A full year to decide, that’s reassuring.'],
    ['food', 'p', 'Bake the cheesecake at 150°C in a water bath.', '150 with a water bath, writing it on the recipe card now'],
    ['coding', 'p', 'Postgres 16 has the SQL/JSON constructors such as JSON_ARRAY.', 'we’re on 16 already, so our helper function can go, nice'],
    ['writing', 'p', 'The grant form allows 2,000 words for the project description.', '2000 is more room than I feared, thanks'],
    ['media', 'p', 'The new season drops on the 14th, every episode at once.', 'all at once on the 14th, clearing my weekend'],
  ],
  restatement: [
    ['food', 'n', 'Try a peanut satay with grilled chicken skewers.', 'my son has a nut allergy, that was the first thing I told you'],
    ['travel', 'n', 'A week in Iceland in July would be ideal.', 'Our budget is 800 for both of us, all in. Iceland isn’t happening.'],
    ['shopping', 'n', 'The Dyson V15 is the best cordless vacuum right now.', 'two hundred quid was my ceiling, remember'],
    ['coding', 'n', 'You can solve this neatly with a Redis queue.', 'again: no new infrastructure, we only have the Postgres box'],
    ['writing', 'n', 'Here’s a cover letter with lots of personality and a joke to open.', 'It’s for a law firm. I asked for conservative.'],
    ['media', 'n', 'You could watch the whole trilogy this weekend.', 'one evening, two hours max, as I said'],
    ['food', 'p', 'This curry uses coconut milk instead of cream and has no nuts in it.', 'nut-free and no cream, that’s the brief exactly'],
    ['travel', 'p', 'Every stop on this itinerary is reachable by train, no car needed.', 'all by rail, neither of us drives, so this is spot on'],
    ['shopping', 'p', 'All three monitors have USB-C with 90 W charging.', 'one cable for my laptop, yes, that’s what I was after'],
    ['coding', 'p', 'This script only uses the standard library, nothing to pip install.', 'stdlib only, perfect for the locked-down server'],
    ['writing', 'p', 'I kept the toast under two minutes read aloud.', 'under two minutes, great, my brother talks forever'],
    ['media', 'p', 'All four of these podcasts have episodes under 20 minutes.', 'short ones for my commute, exactly right'],
  ],
  sarcasm: [
    ['travel', 'n', 'Seat selection on that carrier is £19 per person, per leg.', 'lovely, so sitting next to my own child is a premium extra'],
    ['shopping', 'n', 'That smart kettle needs an app and an account to boil water.', 'Finally, a kettle that can get hacked. Exactly what my mornings lacked.'],
    ['food', 'n', 'For proper ramen, simmer the pork bones for eighteen hours.', 'eighteen hours, what a breeze for a Wednesday'],
    ['coding', 'n', 'Just migrate the whole codebase to the new framework before the release.', 'yeah sure, two days before launch, what could possibly go wrong'],
    ['writing', 'n', 'Rewrite the thesis introduction in the second person, present tense.', 'oh sure, my supervisor will adore that, two weeks before submission'],
    ['media', 'n', 'The streaming service now shows ads on the premium tier too.', 'Amazing value. Paying extra to watch adverts is my dream.'],
    ['travel', 'n', 'The connecting flight leaves from the other airport across the city, 40 minutes later.', 'brilliant, I’ll just sprint across Paris with a toddler and a car seat 🙂'],
    ['food', 'p', 'The restaurant will do the tasting menu fully vegan if you ask.', 'the whole menu?? stop it, booking now'],
    ['travel', 'p', 'Kids under 12 travel free on that railcard.', 'free. both of them. who do I hug'],
    ['shopping', 'p', 'The repair shop fixes cracked screens while you wait, about 30 minutes.', 'thirty minutes? I was ready to be phoneless for a week, amazing'],
    ['coding', 'p', 'One flag, --watch, and the tests rerun on every save.', 'wait, that’s it? I’ve been rerunning by hand like a caveman, thank you'],
    ['writing', 'p', 'That editor offers a free first read of 5,000 words.', 'free feedback from an actual editor, is this real? sending Monday'],
    ['media', 'p', 'The cinema does £3 tickets on Tuesdays.', 'three quid, what year is it, see you Tuesday'],
    ['shopping', 'p', 'That backpack has a lifetime warranty, wear and tear included.', 'lifetime, even when I wreck it? sold, obviously'],
  ],
  refusal: [
    ['food', 'n', 'I could put together cocktail suggestions for the party too.', 'kind of you, but none of us drink'],
    ['travel', 'n', 'I could add a day trip to the salt flats, it’s a 12-hour tour.', 'I’ll pass, twelve hours in a jeep isn’t my idea of a holiday'],
    ['shopping', 'n', 'Would you like me to set a price-drop alert on it?', 'Thanks, but I’m ordering it tonight whatever the price.'],
    ['coding', 'n', 'Shall I move the whole test suite to the new runner while I’m at it?', 'appreciate the offer, but let’s keep this change small'],
    ['writing', 'n', 'I could add rhymes so the poem feels more classic.', 'thanks, I’ll leave it unrhymed'],
    ['media', 'n', 'Want me to list the spin-off shows as well?', 'nah, I’m good, the main series is plenty'],
    ['food', 'p', 'Want the shopping list grouped by supermarket aisle?', 'oh yes, that would save me so much wandering'],
    ['travel', 'p', 'I could check which of those hostels have private rooms.', 'please do, I’m too old for a 12-bed dorm'],
    ['shopping', 'p', 'Shall I compare the two cameras side by side on low-light shots?', 'yes, that’s exactly the bit I care about'],
    ['coding', 'p', 'I could write a GitHub Action that runs this on every PR.', 'that’d be great, saves me nagging people'],
    ['writing', 'p', 'Would a one-line logline help before we do the synopsis?', 'sure, go ahead, I always struggle with those'],
    ['media', 'p', 'Shall I find where it’s streaming in Canada?', 'yes please, we’re in Toronto till June'],
  ],
  'already-have': [
    ['food', 'n', 'You should get a Microplane for zesting.', 'there are two in my drawer already'],
    ['travel', 'n', 'The Alhambra is a must if you’re in Granada.', 'we went on our honeymoon, saw it at sunset'],
    ['shopping', 'n', 'Clear stackable tubs would tame that chaotic pantry.', 'I’ve a whole wall of them, my partner says I have a problem'],
    ['coding', 'n', 'Have you looked at pre-commit hooks for the formatting?', 'We’ve had them in the repo since January.'],
    ['writing', 'n', 'You might enjoy Ursula Le Guin’s “Steering the Craft”.', 'it’s on my desk, full of sticky notes'],
    ['media', 'n', 'Check out the documentary “Free Solo”.', 'Seen it. Watched it on a plane last year.'],
    ['food', 'p', 'Black garlic is amazing stirred into butter for steak.', 'black garlic? never come across it, I’ll look for it at the deli'],
    ['travel', 'p', 'Most Japanese convenience stores have ATMs that take foreign cards.', 'had no idea, that takes a load off'],
    ['shopping', 'p', 'Your home insurance may already cover accidental damage to the laptop.', 'oh, didn’t know that, checking my policy tonight'],
    ['coding', 'p', 'Ctrl+R in the terminal searches your command history.', 'how have I lived without this, trying it right now'],
    ['writing', 'p', 'The Marginalian has free essays on the craft of writing.', 'hadn’t come across it, saving it for the weekend'],
    ['media', 'p', 'There’s a director’s commentary track on the Blu-ray.', 'I never knew! putting it on tonight'],
  ],
  'action-report': [
    ['food', 'n', 'Soak the chickpeas with a spoon of bicarb to soften them.', 'soaked them, the hummus came out bitter and metallic, nobody touched it'],
    ['travel', 'n', 'Book the early ferry, it’s half price.', 'booked it, sea so rough half the deck was sick'],
    ['shopping', 'n', 'Go up a size, that brand’s jeans run small.', 'ordered a size up, could fit both legs in one'],
    ['coding', 'n', 'Bump the Node version to 22 in the Dockerfile.', 'bumped it, now half the native modules won’t build'],
    ['writing', 'n', 'Share the opening scene in your writing group’s channel.', 'shared it, two replies, both say they stopped after a paragraph'],
    ['media', 'n', 'Reset the soundbar to factory settings.', 'did the reset, now the TV won’t even detect it'],
    ['travel', 'n', 'Walk back from the castle along the river path instead of the road.', 'walked it, path was flooded, came home soaked to the knees'],
    ['food', 'p', 'Crush two cardamom pods into the cafetière with the coffee.', 'added it, my flatmate now won’t drink it any other way'],
    ['travel', 'p', 'Email the hotel ahead and mention it’s your anniversary.', 'emailed them, there was cake and a bottle waiting in the room'],
    ['shopping', 'p', 'Return it within 30 days and they’ll refund you in full.', 'sent it back, refund landed this morning'],
    ['coding', 'p', 'Turn on connection pooling in the ORM.', 'switched it on, p95 went from 900 ms to 120'],
    ['writing', 'p', 'Read the dialogue aloud before you send it.', 'did that, caught three clunky lines, much smoother now'],
    ['media', 'p', 'Turn off motion smoothing before you watch the film.', 'switched it off, finally looks like cinema and not a soap opera'],
    ['coding', 'p', 'Cache the exchange rates for an hour instead of fetching them per request.', 'cached them, the checkout page loads in a blink'],
  ],
  engagement: [
    ['food', 'p', 'Preserved lemons transform a tagine.', 'do I use the rind, the flesh, or both?'],
    ['travel', 'p', 'The night train from Milan to Sicily goes onto a ferry.', 'wait, the train actually rides the ferry? do you stay on board?'],
    ['shopping', 'p', 'This alarm clock fades the light up before it rings.', 'can you set how long the fade takes?'],
    ['coding', 'p', 'Move the image resizing into a background worker.', 'would you use a queue for that or just a cron that polls the table?'],
    ['writing', 'p', 'Tell the heist story through the getaway driver’s eyes.', 'does she know the whole plan, or should she find things out as the reader does?'],
    ['media', 'p', 'The graphic novel came before the film.', 'is it darker than the film? which edition should I look for?'],
    ['food', 'n', 'Make your own puff pastry, it takes a day but it’s worth it.', 'a day? with what free time exactly?'],
    ['travel', 'n', 'Hike up at 3am to catch the sunrise from the summit.', 'and carry the baby how?'],
    ['shopping', 'n', 'Get the pro model with 2 TB, you never know.', 'for checking email? really?'],
    ['coding', 'n', 'Write your own ORM so you understand the SQL.', 'why on earth would I do that for a todo app?'],
    ['writing', 'n', 'Add a prologue, an epilogue and an interlude.', 'to a 900-word story? are you serious?'],
    ['media', 'n', 'Get through the whole Discworld series in order before the adaptation.', 'all forty-one novels? who has that kind of time?'],
  ],
  pivot: [
    ['food', 'n', 'A miso-glazed aubergine would be a nice starter.', 'meh. different question, how long do eggs keep?'],
    ['travel', 'n', 'Stop at the lavender fields on the way, they peak in July.', 'whatever, forget the drive. can I bring cheese back through customs?'],
    ['shopping', 'n', 'That duffel converts into a backpack with hidden straps.', 'not interested. what’s a good gift for a 10 year old'],
    ['coding', 'n', 'You could memoise that function with a cache decorator.', 'nope. moving on. how do I undo the last commit'],
    ['writing', 'n', 'Consider changing the title to something shorter.', 'let’s drop the title thing, can you explain semicolons'],
    ['media', 'n', 'The sequel is getting good reviews.', 'don’t care about sequels. any good board games for two?'],
    ['travel', 'u', 'The aquarium has late openings on Thursdays.', 'unrelated: what time is sunset in Lisbon in May?'],
    ['writing', 'u', 'Your opening paragraph sets the scene nicely.', 'quick aside, is it “affect” or “effect” here?'],
    ['food', 'p', 'Chill the cookie dough overnight before baking.', 'genius, they barely spread. now, a dairy-free version for my cousin?'],
    ['coding', 'p', 'Await the save before you redirect, that removes the race.', 'works perfectly now, thanks! next thing: how do I add a loading spinner?'],
    ['shopping', 'p', 'The 27-inch at 1440p is the sweet spot for your desk.', 'agreed, ordered. what about a desk mat while we’re at it?'],
    ['media', 'p', 'Begin with season two, the first one is patchy.', 'loved the opener. can you suggest similar shows for when I finish?'],
  ],
  'short-positive': [
    ['food', 'p', 'Swap half the flour for rye in your banana bread.', 'so good, the whole loaf is gone'],
    ['travel', 'p', 'Base yourselves in Ljubljana and day-trip to Bled.', 'perfect advice, we loved every minute'],
    ['shopping', 'p', 'That cast iron pan will last you decades.', 'best thing I bought this year, honestly'],
    ['coding', 'p', 'Use a dataclass instead of that dict of dicts.', 'so tidy now, cheers!'],
    ['writing', 'p', 'End the email with one clear next step.', 'that’s really helpful, thanks a lot'],
    ['media', 'p', 'The live album is better than the studio one.', 'you were so right, goosebumps'],
  ],
  complaint: [
    ['food', 'n', 'The lentil soup freezes well.', 'it went grainy and watery after freezing'],
    ['travel', 'n', 'The beach near the harbour is lovely for swimming.', 'full of jellyfish and litter, awful'],
    ['shopping', 'n', 'Those headphones are very comfortable for long sessions.', 'they pinch after twenty minutes, not comfy at all'],
    ['coding', 'n', 'This regex should validate the postcodes.', 'it rejects half the valid ones'],
    ['writing', 'n', 'Here’s a softer draft of your resignation email.', 'too gushing, it reads like a love letter'],
    ['media', 'n', 'The audiobook narrator is excellent.', 'his voice grated on me within a chapter'],
  ],
};

/** Round-15 blind set (112 pairs). */
export const GAUGE_PHENOMENA_ROUND15: readonly GaugeExample[] = phenomenaExamples('blind15-', rows);
