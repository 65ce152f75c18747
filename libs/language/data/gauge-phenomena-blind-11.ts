/**
 * Eleventh blind round for the phenomena of issue 17: written after the round-11 model (GAUGE_MODEL, the learned
 * components and their cross-fitted values of commit d78377c, "gauge round 11 model frozen") was frozen and
 * committed, and never used to fit or revise it. Written in a fresh style: casual chat (lower case, "tbh", "lol",
 * "ngl", run-on follow-ups that mix a report with an aside), unlike the terse or idiomatic sentences of earlier rounds,
 * over the nine phenomena the issue lists: contradiction (a bare correction), restatement of a constraint, sarcasm
 * (14 pairs), polite refusal, already have / seen, action reports, engaged follow-up questions (against rhetorical
 * ones), pivots away, and plain praise and complaint (kinds `short-positive` and `complaint`, reported together as
 * "plain"); both labels in each, across six domains. Checked against every earlier pair by exact text and by word
 * overlap before the commit (docs/benchmarks.md, Round 11).
 *
 * Rule fixed before scoring (docs/benchmarks.md, Round 11): the round-11 model (d78377c) and the served round-9 model
 * (5c55457's weights as served on main d0923f7) are scored once on this set, and the round-9 model with the praises()
 * fix (7f645af) beside them. The round-11 model is served if its overall AUC (positive vs negative) is not lower
 * than the served round-9 model's and no phenomenon with at least 8 pairs is lower by more than 0.06; otherwise the
 * round-9 weights stay served, with the praises() fix if that model passes the same test against main's.
 */
import type { GaugeExample } from '../src/gauge/types';
import { phenomenaExamples, type PhenomenaRows } from './phenomena-rows';

const rows: PhenomenaRows = {
  contradiction: [
    ['travel', 'n', 'Reception at Casa Azul starts letting guests in from 2 pm.', 'hm the confirmation email says from 4'],
    ['food', 'n', 'That ramen bar is closed on Wednesdays.', 'walked past yesterday (wednesday) and it was packed lol'],
    ['shopping', 'n', 'The stroller folds down to 9 kg.', 'box on my doorstep says 11.5 kg tbh'],
    ['coding', 'n', 'The free tier gives you 500 build minutes a month.', 'pricing page literally says 300 now'],
    ['writing', 'n', 'The anthology wants stories under 4,000 words.', 'their call says 6k max, just checked'],
    ['media', 'n', 'The director is Denis Villeneuve.', 'pretty sure it’s greta gerwig on that one'],
    ['travel', 'p', 'The last bus up to the village leaves at 18:40.', '18:40, screenshotting that'],
    ['food', 'p', 'Keep the brisket at 110°C for about ten hours.', 'ten hours at 110, starting it tonight then'],
    ['shopping', 'p', 'The returns window on sale items is 14 days.', 'ok 14 days, i’ll decide by the weekend'],
    ['coding', 'p', 'Each token may make 60 calls a minute to the geocoding endpoint.', '60/min, so one token per worker should be fine'],
    ['writing', 'p', 'The residency deadline is the 30th of June.', '30 june, in the calendar with two reminders'],
    ['media', 'p', 'The extended cut runs 3 hours 20.', '3h20 lol ok, saturday afternoon job'],
  ],
  restatement: [
    ['food', 'n', 'Stir grated pecorino and a little cream through the orzo at the end.', 'sorry should have been clearer, he’s allergic to dairy'],
    ['travel', 'n', 'Hire a car at the airport and drive up to the lakes.', 'neither of us drives, that’s kind of the whole problem'],
    ['shopping', 'n', 'The 12-cup espresso machine is the best in that range.', 'it’s just me though, one coffee a day max'],
    ['coding', 'n', 'Add the deepmerge package from npm to combine the configs.', 'no deps allowed in this package, that’s the rule here'],
    ['writing', 'n', 'Write the bio in first person, chatty and warm.', 'it’s for the grant panel tho, has to be third person and formal'],
    ['media', 'n', 'The unrated cut has the extra gore scenes.', 'my nan is watching with us, remember'],
    ['food', 'p', 'For a dairy-free finish, stir in olive oil and nutritional yeast.', 'oh nice, he can actually eat that one'],
    ['travel', 'p', 'The lakes are easy by train and the boat pass covers the ferries.', 'so we can do it all without wheels, amazing'],
    ['shopping', 'p', 'For one cup a day, the small moka pot is plenty.', 'perfect size for just me'],
    ['coding', 'p', 'Without dependencies, a 15-line recursive merge does it.', 'nice, keeps the package.json clean like the rule says'],
    ['writing', 'p', 'Here is the bio in third person, formal register.', 'that reads like a grant bio should'],
    ['media', 'p', 'The theatrical cut keeps the story and drops the gore.', 'nan-approved then, great'],
  ],
  sarcasm: [
    ['travel', 'n', 'The cheapest flight lands at 2:15 am and the first train is at 6.', 'oh cool so i get to see the airport floor up close'],
    ['food', 'n', 'Replace half the sugar in the sponge with salt.', 'can’t wait for everyone’s faces when they bite in lol'],
    ['coding', 'n', 'Mark the flaky suite as skipped and merge anyway.', 'yeah that always ends well ngl'],
    ['shopping', 'n', 'The mattress is £1,900 but it has a 30-night trial.', 'only £1,900, what a relief honestly'],
    ['writing', 'n', 'Use "very" to add emphasis throughout.', 'wow, very very insightful, much appreciated'],
    ['media', 'n', 'Start the fantasy series with the 900-page prequel.', 'light weekend read then lol'],
    ['travel', 'n', 'The room has no window but it’s very quiet.', 'love a good cave holiday'],
    ['coding', 'n', 'Store the passwords in a spreadsheet on the shared drive.', 'security team gonna throw me a party'],
    ['food', 'p', 'Fold a spoon of brown butter into the sponge mix.', 'can’t wait for everyone’s faces, making it sunday'],
    ['travel', 'p', 'The room faces the old harbour and has a balcony.', 'omg balcony breakfast, love it'],
    ['shopping', 'p', 'The mattress is £300 off this week with a 100-night trial.', '100 nights to decide is honestly great'],
    ['writing', 'p', 'Cut every "very" and pick the stronger word instead.', 'ha that cleaned it right up, thanks'],
    ['media', 'p', 'Start with the short novella, it’s the best way in.', 'short way in sounds ideal tbh'],
    ['coding', 'p', 'Keep the secrets in the vault and inject them at deploy.', 'security team will actually be happy, doing that'],
  ],
  refusal: [
    ['food', 'n', 'Happy to draft seven days of grocery lists with quantities.', 'ah that’s sweet but i kinda wing it every day'],
    ['travel', 'n', 'Want me to find a guided tour of the old town?', 'we’re more get-lost-on-purpose people honestly'],
    ['shopping', 'n', 'Shall I compare the three robot vacuums in a table?', 'i think i’m sticking with the broom tbh'],
    ['coding', 'n', 'I could turn on strict mode and fix every error across the repo for you.', 'haha maybe when i have a spare month'],
    ['writing', 'n', 'Want me to restructure the essay into five sections?', 'i kinda like how it meanders tbh'],
    ['media', 'n', 'I can build you a watch order for all 30 Marvel films.', 'i’m good, only really care about the spider-man ones'],
    ['food', 'p', 'Happy to draft seven days of grocery lists with quantities.', 'omg yes that would save my sanity'],
    ['travel', 'p', 'Want me to find a guided tour of the old town?', 'yes pls, something in english in the morning'],
    ['shopping', 'p', 'Shall I compare the three robot vacuums in a table?', 'yeah go for it, price and battery especially'],
    ['coding', 'p', 'I’ll set up a CI job so eslint checks each pull request, if you like.', 'yes please, been meaning to do that for ages'],
    ['writing', 'p', 'Want me to restructure the essay into five sections?', 'sure, let’s see how it looks'],
    ['media', 'p', 'Happy to map out which order to see the Spider-Man movies in.', 'ooh do it, chronological if possible'],
  ],
  'already-have': [
    ['media', 'n', 'You’d probably like the podcast about the 1970s cult.', 'lol i’ve recommended that one to like five people'],
    ['food', 'n', 'Pick up a bag of masa harina for the tortillas.', 'there’s literally a 5 kg sack in my cupboard'],
    ['travel', 'n', 'The botanical garden in Funchal is worth a morning.', 'haha that’s where he proposed to me'],
    ['coding', 'n', 'Try Zod for validating the request bodies.', 'it’s all over our codebase already'],
    ['writing', 'n', 'Grab "On Writing" by Stephen King for the craft bits.', 'my copy is held together with tape at this point'],
    ['shopping', 'n', 'A heated blanket would make the winter bearable.', 'mine is on right now as i type this'],
    ['media', 'p', 'You’d probably like the podcast about the 1970s cult.', 'never heard of it, adding to my queue'],
    ['food', 'p', 'Pick up a bag of masa harina for the tortillas.', 'didn’t even know that was a thing, will look for it'],
    ['travel', 'p', 'The botanical garden in Funchal is worth a morning.', 'not on my list yet, thanks'],
    ['coding', 'p', 'Try Zod for validating the request bodies.', 'ooh hadn’t looked at zod, reading the docs now'],
    ['writing', 'p', 'Grab "On Writing" by Stephen King for the craft bits.', 'somehow i’ve never read it, ordering a copy'],
    ['shopping', 'p', 'A heated blanket would make the winter bearable.', 'never thought of one, could be a game saver'],
  ],
  'action-report': [
    ['shopping', 'p', 'Get the waterproof hiking boots in a half size up.', 'ordered the half size up and they fit like slippers'],
    ['travel', 'p', 'At the desk, request something above the tenth storey.', 'asked nicely and got the 14th floor with a view lol'],
    ['food', 'p', 'Leave the dried chickpeas in water overnight with a little bicarb.', 'did the bicarb thing, softest hummus i’ve ever made'],
    ['coding', 'p', 'Bump the Node heap with --max-old-space-size=4096.', 'bumped it, build finished for the first time this week'],
    ['writing', 'p', 'Send the query to the three agents who rep literary horror.', 'sent them off tues and one already asked for pages!!'],
    ['media', 'p', 'Turn off the TV’s dynamic contrast for the dark scenes.', 'switched it off and you can actually see the dragons now'],
    ['shopping', 'n', 'The self-assembly wardrobe takes about an hour.', 'built it, took all of sunday and one door won’t close'],
    ['travel', 'n', 'Take the scenic coast road instead of the motorway.', 'took it, carsick the entire way and the fog hid everything'],
    ['food', 'n', 'Freeze the leftover curry in the takeaway tubs.', 'froze them, two tubs cracked and the freezer smells of cumin now'],
    ['coding', 'n', 'Run the codemod to migrate the class components.', 'ran it, 200 files changed and nothing compiles lol'],
    ['writing', 'n', 'Put the piece up on Substack and share it around.', 'posted it last week, 3 views and one of them was me'],
    ['media', 'n', 'Buy the season pass, it’s cheaper than per episode.', 'bought it and the show got cancelled two episodes later'],
  ],
  engagement: [
    ['travel', 'p', 'The Dolomites are great for a first via ferrata.', 'do i need my own harness or can you rent them there'],
    ['food', 'p', 'A carbon-steel wok will outlast anything non-stick.', 'does it work on an induction hob though'],
    ['shopping', 'p', 'The Kobo has better library-loan support than the Kindle.', 'can i still put my old epubs on it?'],
    ['coding', 'p', 'Index just the rows where deleted_at is null.', 'would that still get used if the query has an OR in it'],
    ['writing', 'p', 'Open the piece addressing the reader as “you”.', 'should i keep it for the whole piece or just the first page?'],
    ['media', 'p', 'The Criterion edition has a commentary by the cinematographer.', 'is the commentary on the blu-ray or only the 4k'],
    ['travel', 'n', 'Consider a 16-hour overnight bus to save money.', '16 hours?? with what spine'],
    ['food', 'n', 'Make the croissant dough over three days.', 'three days for breakfast, who does that'],
    ['shopping', 'n', 'The £450 smart fridge tells you when you’re out of milk.', 'can’t i just like, look inside'],
    ['coding', 'n', 'Set up a microservice for the contact form.', 'a whole service for one form? really?'],
    ['writing', 'n', 'Add a glossary for the invented words.', 'in a 1,500-word flash piece?'],
    ['media', 'n', 'Rewatch all seven seasons before the finale airs.', 'before friday? when exactly'],
  ],
  pivot: [
    ['coding', 'n', 'Have the client try the request again after 1, 2 and 4 seconds.', 'ugh idk, forget it. how do i undo a git rebase'],
    ['food', 'n', 'For the paella, use bomba rice and don’t stir it.', 'meh too much effort. what’s a good frozen pizza'],
    ['travel', 'n', 'The island is best reached by the morning hydrofoil.', 'eh whatever, we’ll see. where’s good for cheap flights to berlin'],
    ['shopping', 'n', 'The Sony XM4s block out the most noise for the money.', 'never mind lol. what should i get my dad for his birthday'],
    ['writing', 'n', 'Add a scene where the sisters finally argue.', 'i’m over this draft tbh. what’s a good name for a cat'],
    ['media', 'n', 'All four episodes of the deep-sea documentary are streaming on Channel 4.', 'nah skip that. any decent comedies out this month'],
    ['coding', 'p', 'Have the client try the request again after 1, 2 and 4 seconds.', 'how many retries before giving up, 3?'],
    ['food', 'p', 'For the paella, use bomba rice and don’t stir it.', 'what if i can only find arborio, would that do'],
    ['travel', 'p', 'The island is best reached by the morning hydrofoil.', 'do they take bikes on the hydrofoil?'],
    ['shopping', 'p', 'The Sony XM4s block out the most noise for the money.', 'are they comfy with glasses on'],
    ['writing', 'u', 'Add a scene where the sisters finally argue.', 'noted. separate thing, do you know any good writing podcasts'],
    ['media', 'u', 'All four episodes of the deep-sea documentary are streaming on Channel 4.', 'cool. btw random one, how often should i descale a kettle'],
  ],
  'short-positive': [
    ['food', 'p', 'Fry the cumin seeds until they pop before anything else goes in.', 'ok wow, the kitchen smells incredible, ty!!'],
    ['coding', 'p', 'Your cursor skips a record because the page query uses > instead of >=.', 'omg you’re right, 3 hours on that lol, thank you'],
    ['travel', 'p', 'The city pass covers the museums and all the trams.', 'you’re a lifesaver honestly'],
    ['writing', 'p', 'Your title would be stronger as just "Undertow".', 'undertow. yes. chills'],
    ['media', 'p', 'If you liked that album, try Khruangbin’s first one.', 'oh this is so up my street'],
    ['shopping', 'p', 'The cheaper model has the same sensor as the flagship.', 'you just saved me like £400, amazing'],
  ],
  complaint: [
    ['food', 'n', 'Cooking times vary depending on many factors.', 'well yeah, that’s why i asked'],
    ['coding', 'n', 'There are many ways to structure a React app.', 'cool so you don’t know then'],
    ['travel', 'n', 'Paris has something for everyone.', 'this is like a brochure, not an answer'],
    ['writing', 'n', 'A good story has a beginning, middle and end.', 'ok i’m not 8'],
    ['media', 'n', 'Here are some popular films from different genres.', 'none of these are what i asked for tbh'],
    ['shopping', 'n', 'The best laptop depends on your budget and needs.', 'i literally told you both of those'],
  ],
};

/** The round-11 blind set: every row above, id `blind11-<kind>-<n>`. */
export const GAUGE_PHENOMENA_ROUND11: readonly GaugeExample[] = phenomenaExamples('blind11-', rows);
