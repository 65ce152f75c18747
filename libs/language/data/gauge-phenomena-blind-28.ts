/**
 * Twenty-eighth blind round for the phenomena of issue 17: written after the round-28 rule (docs/benchmarks.md, Round
 * 28, commit f124bac), after both models it scores were frozen (the served model N, 1823fa0; the round-28 model O,
 * f39068e) and after the plan (90ef90c); never used to fit or revise any model. 90 pairs: ten per phenomenon (5
 * positive, 5 negative; pivots 4 positive, 2 neutral, 4 negative; plain praise 5 and complaints 5); six domains in every
 * phenomenon. About half ordinary forms as users write them, half harder constructions written fresh, written to
 * neither model. Checked against every earlier pair by exact text and by word overlap before the commit
 * (scripts/check-blind.mts).
 *
 * Rule fixed before any pair here was written: N and O are scored once on this set; the model with the highest lowest
 * AUC over the phenomena with at least 8 pairs is served (ties: overall AUC, then 3-class accuracy, then N). No model
 * is changed after this set exists.
 */
import type { GaugeExample } from '../src/gauge/types';
import { phenomenaExamples, type PhenomenaRows } from './phenomena-rows';

const rows: PhenomenaRows = {
  contradiction: [
    ['food', 'n', 'Tiramisu is soaked in rum and orange juice.', 'coffee and marsala where I grew up'],
    ['travel', 'n', 'The Colosseum is in Florence.', 'rome, i stood outside it in may'],
    ['coding', 'n', 'In JavaScript, Object.freeze makes nested objects immutable too.', 'only the top level, the nested ones still change'],
    ['writing', 'n', 'Pride and Prejudice was written by Charlotte Brontë.', 'austen surely'],
    ['media', 'n', 'Daft Punk are a duo from Germany.', 'french pair, from paris'],
    ['shopping', 'p', 'Aldi doesn’t give out free carrier bags.', 'paid for two on saturday'],
    ['coding', 'p', 'Postgres folds unquoted column names to lower case.', 'that’s why my CamelCase column kept vanishing, yes'],
    ['food', 'p', 'Brown sugar goes hard if you leave the bag open.', 'a brick in my cupboard right now'],
    ['travel', 'p', 'Iceland has no mosquitoes.', 'two weeks there in july and not one bite'],
    ['media', 'p', 'The Sopranos ends on a sudden cut to black.', 'yep, thought my telly had died'],
  ],
  restatement: [
    ['food', 'n', 'A lamb tagine with honey and almonds would be lovely.', 'she’s allergic to nuts, i told you at the start'],
    ['travel', 'n', 'Your best bet is a flight to Stansted, then the coach into the centre.', 'i wanted to avoid london entirely'],
    ['shopping', 'n', 'The 75-inch QLED gives you a proper cinema feel.', 'the alcove it goes in is barely a metre across'],
    ['coding', 'n', 'Here’s a version using pandas.', 'no third party libraries, it’s for the locked down server'],
    ['media', 'n', 'Try the new Saw film for your movie night.', 'the audience is a bunch of nine year olds at a sleepover'],
    ['writing', 'p', 'Here’s the bio trimmed to exactly 50 words.', 'fits the box on the form, perfect'],
    ['food', 'p', 'All these recipes use one pan only.', 'one pan, less washing up, exactly'],
    ['travel', 'p', 'Every stop on this route has step-free access.', 'dad’s wheelchair will manage all of it then'],
    ['coding', 'p', 'This query runs without any joins, as you asked.', 'no joins, the dba will be pleased'],
    ['shopping', 'p', 'Either of these buggies folds in one move and fits the smallest car boots.', 'hatchback friendly, that was the whole brief'],
  ],
  sarcasm: [
    ['travel', 'n', 'Your hotel room overlooks the car park and the bins.', 'romantic'],
    ['coding', 'n', 'The CI pipeline failed on a trailing whitespace after 40 minutes.', 'forty minutes well invested'],
    ['shopping', 'n', 'The delivery window is 7am to 9pm.', 'great, i’ll just take the day off to watch the door'],
    ['writing', 'n', 'Your editor changed every semicolon to a dash.', 'a bold artistic vision'],
    ['food', 'n', 'The only vegetarian option is a side salad without dressing.', 'a feast, truly'],
    ['media', 'p', 'The author you love is signing books at your local shop on Saturday.', 'first in the queue, bringing my battered copy'],
    ['travel', 'p', 'Your train got in early so you’ll make the last ferry.', 'oh thank god, running for it now'],
    ['food', 'p', 'The restaurant found a table for your anniversary after all.', 'she’s going to cry, thank you so much'],
    ['coding', 'p', 'The memory leak is gone after the fix, the heap has been flat for a week.', 'I could kiss this graph'],
    ['shopping', 'p', 'The shop will engrave the watch for free.', 'dad’s going to lose it when he sees his name on the back'],
  ],
  refusal: [
    ['food', 'n', 'Shall I add a cheese board after the mains?', 'we’ll be rolling home by then, skip it'],
    ['travel', 'n', 'I can look up travel insurance options for you.', 'work covers us, ta'],
    ['coding', 'n', 'Shall I add type hints across the whole module?', 'maybe next quarter, not now'],
    ['media', 'n', 'Want some podcasts like the one you finished?', 'giving my ears a rest for a bit'],
    ['writing', 'n', 'Should I make the cover letter sound more corporate?', 'it should read like a person wrote it, so I’ll pass'],
    ['shopping', 'p', 'I could watch the camera’s price and ping you when it drops.', 'go on then, tell me when it dips'],
    ['food', 'p', 'Want the week’s meals turned into one grocery list?', 'yes, grouped by shop section if possible'],
    ['travel', 'p', 'I could plan a rainy-day backup for each day.', 'smart, scotland in august, do it'],
    ['writing', 'p', 'Want me to check the references are formatted consistently?', 'please, the deadline’s tomorrow'],
    ['coding', 'p', 'Should I write a migration script for the old records?', 'yes, there’s a decade of them in the old schema'],
  ],
  'already-have': [
    ['food', 'n', 'A pizza stone makes a crispier base.', 'mine’s cracked from overuse'],
    ['coding', 'n', 'Try a password manager for the team.', 'we’ve paid for one for three years'],
    ['media', 'n', 'You should read the Three-Body Problem trilogy.', 'finished the last one on holiday'],
    ['shopping', 'n', 'A robot lawnmower saves your weekends.', 'ours has been mowing since april'],
    ['travel', 'n', 'Get a railcard to cut your fares by a third.', 'mine’s in my wallet, renewed in march'],
    ['writing', 'p', 'Google Docs can show the word count as you type.', 'wait where, i’ve been checking it by hand every hour'],
    ['food', 'p', 'Spring onion roots will sprout again if you stand them in water.', 'no way, doing that with the ends tonight'],
    ['shopping', 'p', 'Lots of retailers will match a competitor’s lower price at the till.', 'had no idea, could’ve saved on the fridge'],
    ['media', 'p', 'Your library card gets you free films on Kanopy.', 'signing up right now'],
    ['coding', 'p', 'git can stash only the files you name.', 'all these years stashing everything, brilliant'],
  ],
  'action-report': [
    ['food', 'p', 'If the carbonara clumps, stir in a bit of the water the spaghetti boiled in.', 'did, glossy and clinging now'],
    ['coding', 'p', 'Roll the library back one minor release.', 'rolled back, pipeline’s passing'],
    ['travel', 'p', 'Phone reception and see if they can hold the room till the afternoon.', 'they gave us till two'],
    ['writing', 'p', 'Open the story on the argument and lose the weather description.', 'chopped the weather bit, it reads much quicker'],
    ['media', 'p', 'Look for the picture mode called Filmmaker and switch to it.', 'found it in picture settings, films look like films again'],
    ['shopping', 'n', 'Contact the bank and ask them to reverse the charge.', 'called twice, they say it’s the shop’s problem'],
    ['food', 'n', 'Leave the chickpeas in water overnight first.', 'did that, still like gravel after a couple of hours on the hob'],
    ['coding', 'n', 'Wipe the lockfile and install fresh.', 'wiped it, identical error'],
    ['travel', 'n', 'You can change the flight yourself in the carrier’s app.', 'app crashes at the payment screen every time'],
    ['media', 'n', 'Reset the router and the stream should stop buffering.', 'reset it, wheel of death within a minute'],
  ],
  engagement: [
    ['food', 'p', 'Try making your own ricotta, it only needs milk and lemon.', 'how many days is it good for once it’s made?'],
    ['coding', 'p', 'Ship the risky change behind a toggle.', 'talk me through turning it off halfway through a rollout'],
    ['travel', 'p', 'Walk the Camino from Sarria for the last 100 km.', 'what’s the deal with the stamps for the certificate?'],
    ['media', 'p', 'The Criterion Channel’s film noir strand is excellent.', 'point me to where a beginner should start'],
    ['shopping', 'p', 'A merino duvet regulates temperature well.', 'does it work for someone who runs hot, or just cold sleepers?'],
    ['writing', 'n', 'Keep a daily writing streak going for a year.', 'while working nights and raising twins?'],
    ['shopping', 'n', 'Go for the fridge with the touchscreen in the door.', 'so it can show me what’s not in it?'],
    ['coding', 'n', 'Add a microservice for sending the two emails a day.', 'would two emails really need their own service?'],
    ['travel', 'n', 'Hire a yacht for a day trip round the islands.', 'with what money, my overdraft?'],
    ['food', 'n', 'Fold butter into your own pastry for the pie, it beats the shop stuff.', 'is anyone going to taste the difference under gravy?'],
  ],
  pivot: [
    ['food', 'n', 'A slow cooker chilli would be easy tonight.', 'nah. ideas for a ten year old’s birthday present?'],
    ['shopping', 'n', 'The waterproof jacket in olive is a good pick.', 'forget jackets. how do i get a refund from an airline?'],
    ['coding', 'n', 'Consider switching the project to a monorepo.', 'not interested. unrelated, how do i vertically align text in css'],
    ['writing', 'n', 'A haiku sequence could suit the theme.', 'bleh. can you explain what an ISBN is'],
    ['media', 'u', 'The museum’s late opening is on Thursdays.', 'btw how do i convert a video to mp3'],
    ['travel', 'u', 'Kyoto’s temples open at 8.', 'different topic: best way to learn basic Japanese?'],
    ['travel', 'p', 'Base yourselves inside Tallinn’s medieval walls.', 'booked it, looks dreamy. what should we pack for december?'],
    ['food', 'p', 'The lemon posset only needs three ingredients.', 'made it, gone in minutes. any ideas for a savoury starter?'],
    ['media', 'p', 'Ray Porter’s narration of Project Hail Mary is a treat.', 'loved it, cried at the end. something similar but funnier?'],
    ['shopping', 'p', 'The cast iron pan is a lifetime buy.', 'arrived, gorgeous. totally different q, best bin for a small kitchen?'],
  ],
  'short-positive': [
    ['food', 'p', 'The ramen kit from that Japanese grocer is good.', 'best thing i’ve eaten all week'],
    ['travel', 'p', 'The coastal bus from Bude is a nice ride.', 'sat up top, views the whole way'],
    ['shopping', 'p', 'That rucksack is comfy for long days.', 'wore it round Rome for nine hours, shoulders fine'],
    ['coding', 'p', 'That regex cheatsheet is handy.', 'it’s pinned above my monitor'],
    ['writing', 'p', 'The Pomodoro timer app helps with focus.', 'wrote 2,000 words before lunch'],
  ],
  complaint: [
    ['media', 'n', 'The concert film is worth seeing in IMAX.', 'so loud my ears rang for a day'],
    ['food', 'n', 'The new Thai place does a great green curry.', 'mostly broth, three bits of chicken'],
    ['travel', 'n', 'The budget hotel by the station is fine for a night.', 'the door didn’t lock and the shower was cold'],
    ['shopping', 'n', 'Those earbuds last for days on one charge.', 'dead by lunchtime every day'],
    ['coding', 'n', 'That static site generator is simple to set up.', 'two evenings in and the theme still won’t build'],
  ],
};

/** Round-28 blind set (90 pairs). */
export const GAUGE_PHENOMENA_ROUND28: readonly GaugeExample[] = phenomenaExamples('blind28-', rows);
