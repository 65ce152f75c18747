/**
 * Round-29 blind set for the phenomena of issue 17: written on branch gauge35 after the round-29 rule (docs/benchmarks.md,
 * Round 29, commit 7a231bf, amended 19a7260), after both models it scores were frozen (the served model P, the round-28
 * model O as main serves it at 05eb4a6; the round-29 model Q, b03ac10). 90 pairs: ten per phenomenon (5 positive, 5
 * negative; pivots 4 positive, 2 neutral, 4 negative; plain praise 5 and complaints 5); six domains in every phenomenon.
 * Written fresh, neither copying nor avoiding on purpose what either model's training covers. Checked against every
 * earlier pair by exact text and by word overlap before the commit (libs/language/scripts/check-blind.mts); no model was
 * run on any draft pair. Rule fixed before any pair here was written: P and Q are scored once on this set; the model with
 * the highest lowest-phenomenon AUC is served; nothing is changed after this set exists.
 */
import type { GaugeExample } from '../src/gauge/types';
import { phenomenaExamples, type PhenomenaRows } from './phenomena-rows';

const rows: PhenomenaRows = {
  contradiction: [
    ['media', 'n', 'Bohemian Rhapsody was on the album Sheer Heart Attack.', 'a night at the opera, the one after'],
    ['travel', 'n', 'Machu Picchu is in Bolivia.', 'peru, we flew into cusco for it'],
    ['food', 'n', 'Kimchi is traditionally fermented with yogurt.', 'salted cabbage and chilli paste, theres no dairy anywhere near it'],
    ['coding', 'n', 'Kubernetes was first released by Microsoft.', 'Google open sourced it, 2014'],
    ['writing', 'n', 'Fitzgerald set The Great Gatsby after the Second World War.', 'twenties, jazz age, thats kind of the point of it'],
    ['shopping', 'p', 'Lego bricks from the 1970s still click onto new ones.', 'my dads old set works with my sons star wars one'],
    ['media', 'p', 'The Sopranos finale cuts to black mid-scene.', 'yep, thought the cable had gone out'],
    ['travel', 'p', "Cars are banned from Venice's old town.", 'true, we carried the cases over about nine bridges'],
    ['food', 'p', 'Green and black peppercorns come from the same plant.', 'right, just picked at different times'],
    ['coding', 'p', 'Each git commit points to whole file snapshots rather than patches.', 'that matches what I saw poking round the .git folder'],
  ],
  restatement: [
    ['food', 'n', 'Try this peanut satay noodle bowl for lunch.', 'the nut allergy is my son, not me, he eats with us'],
    ['travel', 'n', 'A 6am flight would get you there by lunch.', 'remember the kids, nothing before nine'],
    ['coding', 'n', 'You could spin up a managed Kafka cluster for the queue.', 'we have zero budget for this, I said that'],
    ['shopping', 'n', 'This sofa in cream would brighten the room.', 'muddy spaniels and a toddler who eats crayons lol'],
    ['writing', 'n', "Here's your opinion piece, about twelve hundred words.", "the paper won't print more than seven hundred"],
    ['media', 'p', 'Five slow-burn horror picks, none of them rely on sudden shocks.', 'my heart thanks you, slow dread I can do'],
    ['food', 'p', 'This curry is fully nightshade-free: no tomato, chilli or potato.', 'finally one I can actually eat'],
    ['travel', 'p', 'All three cottages take dogs and have enclosed gardens.', 'the spaniel approves already'],
    ['coding', 'p', 'Everything here is built-in Python, no pip installs needed, as requested.', 'great, nothing to get past security review'],
    ['shopping', 'p', 'Both of these strollers are under £200 and fold one-handed.', 'right in budget, thank you'],
  ],
  sarcasm: [
    ['food', 'n', 'The restaurant is fully booked, but the bar has standing room till 11.', 'dinner on my feet, the dream'],
    ['travel', 'n', "There's a fourteen-hour wait at Doha between your flights.", 'ah yes a relaxing night on airport carpet'],
    ['coding', 'n', 'The API now returns everything as a string, including the numbers.', 'love parsing. my favourite hobby'],
    ['shopping', 'n', "The dishwasher's spare pump is on backorder until late March.", 'super, ill wash up by hand till spring then'],
    ['writing', 'n', 'Your publisher has asked for a tense change across all 30 chapters, due Monday.', 'my weekend thanks them warmly'],
    ['media', 'p', 'The director confirmed a sequel with the original cast.', 'i made a noise at my desk that scared the intern'],
    ['food', 'p', 'Your sourdough starter is bubbling again after the fridge.', 'she lives!! bread on sunday'],
    ['travel', 'p', 'Your seat was moved to the exit row at no charge.', 'legs everywhere, best flight of my life'],
    ['coding', 'p', 'The build went from 40 minutes to 4 after the cache fix.', 'I keep rerunning it just to watch it finish'],
    ['shopping', 'p', 'The shop found your lost parcel in their back room.', 'bless them, I nearly cried at the counter'],
  ],
  refusal: [
    ['media', 'n', 'I can map out the order to watch every film and show in that universe.', 'nah i only care about the first one'],
    ['food', 'n', 'Fancy a grocery plan covering Monday to Sunday?', 'I shop day by day, no need'],
    ['coding', 'n', 'Want static typing added to the whole Python service?', 'leave it for now, too much churn before release'],
    ['writing', 'n', 'Your cover letter could sound more buttoned-up, want me to redo it?', 'kind of you but the casual tone is on purpose'],
    ['shopping', 'n', 'Should I look for a cheaper version of that lamp?', 'nope, already bought it'],
    ['travel', 'p', "There's a terrace restaurant with a sunset view, I can reserve for you.", "please do, two people, eight o'clock"],
    ['media', 'p', 'I can check which platforms carry that show.', 'yes pls, the usual apps dont have it'],
    ['food', 'p', 'The recipe serves four; I can multiply it for a party of twelve.', 'go for it, saves me doing maths'],
    ['coding', 'p', 'I can draft a README for the repo.', 'sure, include the setup steps'],
    ['shopping', 'p', 'Would a table of the three cordless vacuums help?', 'yes, especially the battery life'],
  ],
  'already-have': [
    ['coding', 'n', 'You might like the Rust book for learning ownership.', 'worked through it twice last year'],
    ['food', 'n', 'A rice cooker would make weeknights easier.', 'had the same one since halls, still going'],
    ['travel', 'n', "Granada's Moorish palace is unmissable.", 'that was our honeymoon trip, years back'],
    ['media', 'n', 'Check out the new Wes Anderson film.', 'saw it opening weekend'],
    ['writing', 'n', 'A style guide would help keep the team consistent.', 'there is one, nobody reads it'],
    ['shopping', 'p', 'A handheld steamer gets creases out without an iron.', 'oh never had one, adding to basket'],
    ['food', 'p', 'Nduja melts into pasta sauces beautifully.', 'never heard of it, off to the deli'],
    ['media', 'p', 'The radio drama of Neverwhere is excellent.', 'didnt know that existed, downloading'],
    ['travel', 'p', 'The Ljubljana castle funicular saves the climb.', 'first time i hear of it, we will take it'],
    ['coding', 'p', 'ripgrep is much faster than grep on big repos.', 'news to me, will try it on the monorepo'],
  ],
  'action-report': [
    ['coding', 'p', 'Update the base image to the current LTS of node.', 'bumped, image builds and the tests are green'],
    ['food', 'p', 'A ladle of the water the spaghetti boiled in will help the carbonara.', 'yep, sauce coats every strand now'],
    ['travel', 'p', 'Your flight is late, so ask the hotel whether you can stay in after noon.', 'they said yes, till two'],
    ['writing', 'p', 'Drop your opening paragraph and lead with the interview quote.', 'cut it and the piece finally breathes'],
    ['shopping', 'p', 'Try the retailer’s price match on the website.', 'they matched it, saved 30'],
    ['media', 'n', 'Clear the app cache and the subtitles should sync.', 'cleared it, still two seconds behind'],
    ['coding', 'n', "Raise the client's request timeout to half a minute.", 'set it, still timing out at exactly 10'],
    ['food', 'n', 'Bloom the yeast in warm water first.', 'did it, dough never rose'],
    ['travel', 'n', 'Ring the airline and ask for the refund directly.', 'rang them, on hold 90 min then cut off'],
    ['shopping', 'n', 'Message the seller and attach pictures of the dent.', 'sent them, they blocked me'],
  ],
  engagement: [
    ['food', 'p', 'Black garlic adds a sweet, deep flavour to stews.', 'where would i even find it, big supermarket or specialist'],
    ['travel', 'p', 'The hop-on ferry in Stockholm covers all the islands.', 'is the day pass worth it over single tickets?'],
    ['coding', 'p', 'SQLite can handle far more traffic than people think.', 'walk me through when it stops being enough'],
    ['writing', 'p', 'A beat sheet helps plan the middle of a novel.', 'got a good example of one for a thriller'],
    ['shopping', 'p', 'Merino socks stay fresh for days of hiking.', 'do they hold up in a washing machine'],
    ['media', 'n', 'The extended edition adds two hours of footage.', 'who has two spare hours on a weeknight'],
    ['shopping', 'n', 'Get the robot mower, it does the lawn while you sleep.', 'for a lawn the size of a tablecloth?'],
    ['coding', 'n', 'Add an AI code reviewer to every pull request.', 'because the human ones read them so carefully already?'],
    ['food', 'n', 'Make your own almond milk, it only takes soaking overnight.', 'why would i, it costs a quid at the shop'],
    ['travel', 'n', 'A weekend in a converted campervan could be fun.', 'and sleep next to my husband snoring in a tin can?'],
  ],
  pivot: [
    ['coding', 'p', 'Use a feature flag to ship it dark first.', 'nice one, done. separate thing, best way to store secrets in ci?'],
    ['food', 'p', 'Try the squash roasted with maple syrup and chilli flakes.', 'lovely that. btw which red for a duck breast'],
    ['travel', 'p', 'The sleeper to Inverness is a great start to the trip.', 'booked! unrelated, do i need a plug adapter for ireland'],
    ['writing', 'p', 'Hearing your draft out loud exposes awkward lines.', 'worked a treat. also whats a slug line in scripts'],
    ['media', 'u', 'Film festivals often release leftover tickets on the day.', 'question about something else, how do I cancel audible'],
    ['shopping', 'u', 'The outlet village has a bus from the station.', 'can you convert 40 euros to pounds'],
    ['media', 'n', 'You could try the podcast about the Roman empire.', 'nah. what time does the match kick off'],
    ['shopping', 'n', 'This mattress topper has great reviews.', 'whatever, just tell me how to return the bed'],
    ['coding', 'n', 'Try rewriting the loop with a generator.', 'meh. whats the flexbox property for vertical alignment'],
    ['food', 'n', 'Shakshuka is an easy weeknight dinner.', 'boring. what are good snacks for a long drive'],
  ],
  'short-positive': [
    ['media', 'p', 'That documentary on deep sea creatures is worth a watch.', 'watched it with the kids, now they want to be marine biologists'],
    ['coding', 'p', 'This keyboard shortcut for multi-cursor editing saves time.', 'using it fifty times a day'],
    ['travel', 'p', 'The little family-run inn by the lake is lovely.', 'we are already talking about next year'],
    ['shopping', 'p', 'That cordless drill punches well above its price.', 'every shelf in the house is finally up'],
    ['writing', 'p', 'Draft the first version with pen and paper.', 'filled a whole notebook this week'],
  ],
  complaint: [
    ['food', 'n', 'The pizza place on the corner is the best in town.', 'base was soggy and the cheese like rubber'],
    ['shopping', 'n', 'Those earbuds last all day on a charge.', 'died halfway through my run'],
    ['travel', 'n', 'The airport lounge is quiet and comfortable.', 'standing room only and a screaming stag do'],
    ['writing', 'n', 'This grammar checker catches subtle mistakes.', "it swapped your for you're all through the letter"],
    ['coding', 'n', "The team's new lint rules look reasonable.", 'four hundred warnings on a clean checkout'],
  ],
};

/** The round-29 blind set (90 pairs). */
export const GAUGE_PHENOMENA_ROUND29: readonly GaugeExample[] = phenomenaExamples('blind29-', rows);
