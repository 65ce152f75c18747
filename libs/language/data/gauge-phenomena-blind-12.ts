/**
 * Twelfth blind round for the phenomena of issue 17: written after the round-12 wide model (wide.ts, lexical.ts and
 * the tables of commit 6a6f89b, "gauge round 12 model frozen") was frozen and committed, and never used to fit or
 * revise it. Casual messaging style again (abbreviations such as "rn", "idk", "imo", "kinda", voice-note run-ons,
 * an emoji here and there), with constructions chosen to differ from the training files: ironic ratings ("10/10"),
 * "love that for me", "bold of you", mock gratitude for a detour, refusals by preference or timing, already-have by
 * a memory or a gift, action reports with outcomes in numbers or in someone else's reaction, and pivots that keep
 * or drop the thread. Nine phenomena (plain praise and complaint together), six domains, both labels in each.
 * Checked against every earlier pair by exact text and by word overlap before the commit (docs/benchmarks.md, Round 12).
 *
 * Rule fixed before scoring (docs/benchmarks.md, Round 12): the round-12 wide model (6a6f89b) and the served
 * round-9 model (the round-9 weights with the praises() fix, as on main f88e0f4) are scored once on this set. The
 * wide model is served if its overall AUC (positive vs negative) is not lower than the served model's and no
 * phenomenon with at least 8 pairs is lower by more than 0.06; otherwise the round-9 model stays served.
 */
import type { GaugeExample } from '../src/gauge/types';
import { phenomenaExamples, type PhenomenaRows } from './phenomena-rows';

const rows: PhenomenaRows = {
  contradiction: [
    ['shopping', 'n', 'The blender’s jug holds 1.8 litres.', 'mine’s got a 1.2 line at the top and nothing above it'],
    ['travel', 'n', 'Check-in at the hostel closes at 11 pm.', 'they told me on the phone it’s 24h, someone’s always at the desk'],
    ['food', 'n', 'Ciabatta is originally from Tuscany.', 'wasn’t it invented in the 80s near venice? pretty sure'],
    ['coding', 'n', 'Node 20 ships with npm 8.', 'mine printed 10.2 just now when i ran npm -v'],
    ['writing', 'n', 'The prize is open to writers under 30.', 'age limit got dropped this year, it’s on their faq'],
    ['media', 'n', 'That second instalment hit cinemas in 2016.', 'nah i saw it in cinemas the summer before i moved, that was 2014'],
    ['shopping', 'p', 'The jacket is machine washable at 30 degrees.', '30 degrees, easy, it’s going in with the towels'],
    ['travel', 'p', 'The ferry to Hvar takes about two hours.', 'two hrs is fine, that’s one podcast and a nap'],
    ['food', 'p', 'Let the lamb sit under foil for eight minutes once it’s out.', 'eight mins under foil, timer’s going'],
    ['coding', 'p', 'Kitty reads its settings from kitty.conf in your home config folder.', 'found it right there, cheers'],
    ['writing', 'p', 'Submissions close at midnight Pacific on Friday.', 'midnight pacific, so 8am sat for me, noted'],
    ['media', 'p', 'Episode ten goes out on the 14th.', 'the 14th!! clearing my evening'],
  ],
  restatement: [
    ['food', 'n', 'Top the tacos with crumbled feta and sour cream.', 'uh, the vegan friend is the whole reason i asked'],
    ['travel', 'n', 'Rent e-scooters to get around the old town.', 'she’s 8 months pregnant, scooters are out'],
    ['shopping', 'n', 'The 65-inch model gives the best picture for the money.', 'the wall’s 1.2m wide remember'],
    ['coding', 'n', 'Easiest is to npm install lodash and use cloneDeep.', 'we’re on the no-dependencies rule, same as before'],
    ['writing', 'n', 'Add a few jokes to loosen up the eulogy.', 'it’s for a 19 year old, i said tone is everything here'],
    ['media', 'n', 'The Conjuring films are a great place to start.', 'she can’t do horror, that was the one thing'],
    ['food', 'p', 'Here’s a dal that uses no onion or garlic at all.', 'no onion no garlic and it still looks tasty, nice'],
    ['travel', 'p', 'This route keeps every leg under three hours, so the dog can stretch in between.', 'under 3h each leg is exactly what the dog needs'],
    ['shopping', 'p', 'The cordless one weighs 1.4 kg, light enough with a bad wrist.', 'that weight works with my wrist yeah'],
    ['coding', 'p', 'This version avoids regex entirely, as you asked.', 'no regex, reviewers will actually read it now'],
    ['writing', 'p', 'I kept it to 150 words for the bio limit.', 'bang on the limit, ta'],
    ['media', 'p', 'All three are under 90 minutes, so they fit a school night.', 'short ones, perfect for a tuesday'],
  ],
  sarcasm: [
    ['travel', 'n', 'The cheapest flight leaves at 5:50 am with a 6-hour stopover.', '10/10 would love to see an airport at dawn twice'],
    ['shopping', 'n', 'The printer only takes the brand’s own cartridges, £48 a set.', 'love that for me'],
    ['coding', 'n', 'You could rewrite the service in Rust over the weekend.', 'bold of you to assume i have weekends'],
    ['food', 'n', 'Soak the beans for 48 hours, changing the water every 6.', 'sure, i’ll just set alarms through the night like a newborn'],
    ['writing', 'n', 'Cut the novel from 140,000 words down to 80,000.', 'oh easy, just delete half my life, no biggie'],
    ['media', 'n', 'The director’s cut adds another 70 minutes.', 'wonderful, more of the bit where nothing happens'],
    ['shopping', 'n', 'That corner couch ships in about fourteen weeks.', 'cant wait to sit on it next spring 🙃'],
    ['travel', 'n', 'The rooftop plunge pool is shut until next summer.', 'nice, a pool to look at then'],
    ['travel', 'p', 'The sleeper train has a window seat and a breakfast tray included.', 'wake up to mountains and breakfast? yes pls'],
    ['shopping', 'p', 'The kettle is £19 and boils a cup in forty seconds.', 'cheap and fast, love that for me honestly'],
    ['coding', 'p', 'There’s a one-line flag that turns on incremental builds.', 'one line?? where has this been all my life'],
    ['food', 'p', 'The no-knead loaf needs five minutes of work, the rest is waiting.', 'five mins of effort, that’s my kind of baking'],
    ['writing', 'p', 'Your opening line already works; leave it as is.', 'oh thank god, one thing i don’t have to touch'],
    ['media', 'p', 'All three films are streaming at no cost on the ad-supported plan.', 'no cost?? my wallet says thank u'],
  ],
  refusal: [
    ['food', 'n', 'I could suggest a bottle to go with every dish.', 'nah we’re all driving, water’s fine'],
    ['travel', 'n', 'Want me to plan a day trip to the glacier too?', 'ill leave that one, my knees vote no'],
    ['shopping', 'n', 'I can look for an extended warranty while we’re at it.', 'i’ll skip, never used one in my life'],
    ['coding', 'n', 'Shall I also set up a CI pipeline for it?', 'not rn, it’s a weekend toy project'],
    ['writing', 'n', 'I can draft a version in second person if you like.', 'kinda prefer mine as it is tbh'],
    ['media', 'n', 'Should I dig up what else she directed?', 'nah one of his was enough for me lol'],
    ['food', 'p', 'I could redo the quantities so it feeds a dozen.', 'oh yes do, the whole family’s coming'],
    ['travel', 'p', 'Want me to find a campsite with showers on the route?', 'pls, showers are non negotiable'],
    ['shopping', 'p', 'I can compare the two vacuums side by side.', 'go on then, that’d help'],
    ['coding', 'p', 'Shall I annotate every function with types?', 'yes pls, every last one'],
    ['writing', 'p', 'I can tighten the middle section for you.', 'yes pls, the middle really sags'],
    ['media', 'p', 'Want three more podcasts in the same vein?', 'defo, i’m on a long drive friday'],
  ],
  'already-have': [
    ['media', 'n', 'You might enjoy the Studio Ghibli film Porco Rosso.', 'my dad showed me that when i was like 7, seen it a million times'],
    ['food', 'n', 'Fermented soybean paste works wonders in a toffee sauce.', 'that’s literally how my gran made it, grew up on it'],
    ['shopping', 'n', 'For reading that much, an e-reader with a backlight makes sense.', 'got one for my birthday, it’s on my nightstand'],
    ['coding', 'n', 'Look into ripgrep, it’s much faster than grep.', 'it’s aliased to grep on every box i own'],
    ['travel', 'n', 'The palaces at Sintra are an easy train ride out of the capital.', 'we did that on our honeymoon haha'],
    ['writing', 'n', 'Anne Lamott’s book on craft and perfectionism is worth a look.', 'reread it every january, the spine’s cracked in four places'],
    ['media', 'p', 'You might enjoy the Studio Ghibli film Whisper of the Heart.', 'never even heard of that one, adding it'],
    ['food', 'p', 'Try a pinch of sumac on the fried eggs.', 'sumac, never used it, will grab some'],
    ['shopping', 'p', 'A kitchen scale with a tare button makes baking easier.', 'huh, we’ve always eyeballed it, one’s in the basket now'],
    ['coding', 'p', 'Look into the fzf fuzzy finder for your shell history.', 'wait there’s a tool for that? brew installing it'],
    ['travel', 'p', 'The Cinque Terre hiking trail links all five villages.', 'i had no idea you could walk between them!'],
    ['writing', 'p', 'The Hemingway app flags long sentences as you type.', 'first i’m hearing of it, pasting my draft in now'],
  ],
  'action-report': [
    ['food', 'p', 'A few drops of anchovy sauce will deepen the beef casserole.', 'did it and my husband asked for seconds, first time ever'],
    ['travel', 'p', 'Book the 7 am slot for the Alhambra to beat the queues.', 'booked 7am, we had the courtyard basically to ourselves'],
    ['shopping', 'p', 'Return it and buy the half-size up.', 'swapped it, the new pair fits like a glove'],
    ['coding', 'p', 'Index the foreign key the slow join filters on.', 'added it, query went from 9s to 40ms'],
    ['writing', 'p', 'Email your pitch to the named commissioning editor rather than the info address.', 'sent it there and got a reply in an hour'],
    ['media', 'p', 'Disable the frame interpolation option in the picture menu.', 'done, no more soap opera look, the grain is back'],
    ['food', 'n', 'Give the biscuits a quarter of an hour in a hot oven, around 200.', 'did 200 for 15, smoke alarm went off at 12'],
    ['travel', 'n', 'Take the night bus, it’s the cheapest way.', 'took it, driver missed my stop, walked 40 mins in the rain'],
    ['shopping', 'n', 'Get the cheaper charger, it’s the same thing.', 'got it, phone now charges to 60% and stops'],
    ['coding', 'n', 'Skip staging and apply the schema change straight to prod.', 'ran it, site was down 20 mins and the boss noticed'],
    ['writing', 'n', 'Share chapter one in the critique subreddit.', 'shared it, one comment, it just said “why”'],
    ['media', 'n', 'Hold the power button 20 seconds to wipe the soundbar’s settings.', 'reset it, now it won’t pair with anything'],
  ],
  engagement: [
    ['food', 'p', 'A carbon steel pan is lighter than cast iron and heats fast.', 'does it need seasoning the same way cast iron does?'],
    ['travel', 'p', 'The Lofoten islands are best for the midnight sun in June.', 'is it easy to get between the islands without a car?'],
    ['shopping', 'p', 'Those noise-cancelling earbuds last eight hours per charge.', 'do they stay in while running or fall out?'],
    ['coding', 'p', 'Put the redesigned payment page behind a toggle and ramp it up.', 'how do you usually decide what % to start at?'],
    ['writing', 'p', 'What if the farmhouse scene is narrated by the sheepdog?', 'ooh would that stay first person or close third?'],
    ['media', 'p', 'The Expanse books get better after the third one.', 'is the show close to the books or does it go its own way?'],
    ['food', 'n', 'Laminate your own dough for the apple galette, it’s worth it.', 'who has six hours on a wednesday night?'],
    ['travel', 'n', 'Drive from Berlin to Lisbon instead of flying.', 'and who’s paying for the 3 nights of hotels on the way?'],
    ['shopping', 'n', 'Spend £400 on a proper office chair.', 'on what money exactly?'],
    ['coding', 'n', 'Port the client app from Angular to Svelte.', 'and tell the client we’re pausing features for 6 months?'],
    ['writing', 'n', 'Get a literary agent before finishing the draft.', 'with what, a title and a vibe?'],
    ['media', 'n', 'Catch up on every earlier Marvel movie first, in order.', 'the new one comes out in 9 days??'],
  ],
  pivot: [
    ['food', 'n', 'Try dry-brining the chicken overnight.', 'idk forget the chicken, what can i make in 10 mins'],
    ['travel', 'n', 'Consider the coastal route through Big Sur.', 'eh drop that. cheapest way to vegas?'],
    ['shopping', 'n', 'The standing desk has a dual motor and memory presets.', 'whatever, just tell me a good chair'],
    ['coding', 'n', 'You could debounce the search input by 300 ms.', 'nvm that, how do i get rid of a stash i made by mistake'],
    ['writing', 'n', 'Restructure the essay around your three strongest examples.', 'ugh skip it, just give me a title'],
    ['media', 'n', 'The documentary is four parts, about an hour each.', 'too much. anything funny and short instead?'],
    ['food', 'u', 'A cast-iron pan keeps the heat for a good sear.', 'random but how do you store fresh basil'],
    ['coding', 'u', 'Postgres handles JSON columns well with a GIN index.', 'diff topic, any good keyboard for coding?'],
    ['travel', 'p', 'The Tokaido line connects Tokyo and Osaka by shinkansen.', 'sweet that’s sorted. next: where to stay in osaka?'],
    ['shopping', 'p', 'The 14-inch laptop has the better battery of the two.', 'ok 14 inch it is. now what bag fits it?'],
    ['writing', 'p', 'Put the thesis in the last sentence of the intro.', 'done, that reads way better. now the conclusion, same trick?'],
    ['media', 'p', 'Begin with the Eccleston era and go from there.', 'cool starting tonight. what’s a good snack for a binge lol'],
  ],
  'short-positive': [
    ['food', 'p', 'Beat in parmesan and chilled butter once the pan is off the flame.', 'omg the shine on it, restaurant level'],
    ['travel', 'p', 'Grab a seat facing Lake Geneva on the Montreux stretch.', 'left side was unreal, thank u'],
    ['shopping', 'p', 'The linen sheets soften after a few washes.', 'they’re so soft already, best sleep in ages'],
    ['coding', 'p', 'Swap the nested loops for a map lookup.', 'cleanest diff i’ve had all month'],
    ['writing', 'p', 'Close on the little girl’s swing still moving in the wind.', 'that gave me goosebumps ngl'],
    ['media', 'p', 'Put on Nina Simone’s live album from Montreux.', 'this is gorgeous, on repeat'],
  ],
  complaint: [
    ['food', 'n', 'Adjust the salt until it tastes right.', 'thats... not a recipe'],
    ['travel', 'n', 'There are many hotels in Rome at different prices.', 'cool, so nothing specific then'],
    ['shopping', 'n', 'Pick the one that suits your needs best.', 'if i knew that i wouldnt be asking'],
    ['coding', 'n', 'Try checking the logs for errors.', 'already said the logs are empty, second time now'],
    ['writing', 'n', 'Here is a poem about love: roses are red, violets are blue.', 'my 6 year old writes better than this'],
    ['media', 'n', 'Popular films include many genres.', 'so basically zero info then'],
  ],
};

/** The round-12 blind set: 110 pairs over the nine phenomena, six domains. */
export const GAUGE_PHENOMENA_ROUND12: readonly GaugeExample[] = phenomenaExamples('blind12-', rows);
