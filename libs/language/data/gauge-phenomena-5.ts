/**
 * Training pairs added in round 5 (issue 17), where the round-4 blind set showed the model weak: terse action
 * reports and acceptance and how they went (round 4's failing phenomenon), sarcasm over a burden, refusals of an
 * offer, detail questions, and pivots that drop the subject first. Written for this repository across the six
 * domains, before the round-5 model was frozen and before the round-5 blind set was written.
 */
import type { GaugeExample } from '../src/gauge/types';
import { phenomenaExamples, type PhenomenaRows } from './phenomena-rows';

const rows: PhenomenaRows = {
  'action-report': [
    ['shopping', 'p', 'The linen duvet cover is back in stock in queen.', 'Ordered two.'],
    ['shopping', 'n', 'The linen duvet cover is back in stock in queen.', 'Ordered. Colour is nothing like the photo.'],
    ['shopping', 'p', 'Use the student discount code at checkout.', 'Applied it, saved forty quid.'],
    ['travel', 'p', 'Book the 6:10 ferry, the later ones fill up.', 'Booked it.'],
    ['travel', 'n', 'Try the hostel by the station, it’s cheap.', 'Stayed there. Bedbugs.'],
    ['travel', 'p', 'Walk the harbour wall at low tide.', 'Walked it this morning, seals everywhere.'],
    ['food', 'p', 'Toast the spices in a dry pan first.', 'Toasted them, the whole kitchen smells amazing.'],
    ['food', 'n', 'Add a pinch of baking soda to the tomato sauce.', 'Added it. Sauce went flat and weird.'],
    ['food', 'p', 'Marinate the chicken in yoghurt overnight.', 'Made it last night. Gone in ten minutes.'],
    ['coding', 'p', 'Add the missing index on user_id.', 'Done, deployed. Query is instant now.'],
    ['coding', 'n', 'Pin the dependency to 2.3.1.', 'Pinned. Build is still red.'],
    ['coding', 'p', 'Rebase onto main and force-push.', 'Rebased, pushed, merged.'],
    ['writing', 'p', 'Trim the bio to three sentences.', 'Trimmed, sent, accepted.'],
    ['writing', 'n', 'Submit the story to that magazine.', 'Submitted. Form rejection in two days.'],
    ['media', 'p', 'Start the series with the second season.', 'Binged it over the weekend.'],
    ['media', 'n', 'Calibrate the speakers with the auto setup.', 'Ran it. Dialogue is buried under the music now.'],
    ['media', 'p', 'Try the album on good headphones.', 'Listening now. Goosebumps.'],
    ['shopping', 'n', 'This kettle has a keep-warm setting.', 'Bought one. Lid won’t stay shut.'],
  ],
  sarcasm: [
    ['travel', 'n', 'The cheapest flight has three connections and lands at 3 am.', 'Sounds like a relaxing start to the holiday.'],
    ['food', 'n', 'You could make the stock from scratch, it takes eight hours.', 'Sure, between work and sleep.'],
    ['shopping', 'n', 'The premium plan is $25 a month for the same features.', 'What a steal.'],
    ['coding', 'n', 'You could write the whole thing in assembly for speed.', 'Fun weekend project, I’m sure.'],
    ['writing', 'n', 'I added twelve footnotes to your wedding toast.', 'Gripping stuff.'],
    ['media', 'n', 'The director’s cut is four and a half hours.', 'Perfect for a school night, then.'],
    ['food', 'p', 'The soup freezes well, so make a double batch.', 'Great tip, lunches sorted for the week.'],
    ['travel', 'p', 'The lounge is free with your card and has showers.', 'Lovely, that makes the layover easy.'],
  ],
  refusal: [
    ['travel', 'n', 'Shall I add travel insurance for €40?', 'We’re covered through the bank.'],
    ['food', 'n', 'Want me to add a dessert course?', 'Too much food already.'],
    ['coding', 'n', 'I can migrate the project to a monorepo.', 'Not worth it for two packages.'],
    ['shopping', 'p', 'Want me to set a price alert for that camera?', 'Yes, under 500.'],
    ['writing', 'p', 'I could tighten the second paragraph too.', 'Go for it.'],
    ['media', 'n', 'I could add a few horror films to the list.', 'We’d rather keep it light.'],
  ],
  engagement: [
    ['travel', 'p', 'The night train to Kraków has sleeper cabins.', 'Are the cabins lockable?'],
    ['coding', 'n', 'Store the session in a global variable.', 'Why bother with a session store at all, then?'],
    ['food', 'p', 'Try a sourdough starter from a local bakery.', 'How often would I need to feed it?'],
    ['shopping', 'n', 'This watch is $2,000 and tells the time.', 'And what else?'],
    ['writing', 'p', 'Use a frame story for the novella.', 'Would the frame come back at the end too?'],
    ['media', 'n', 'Watch all twelve films in release order.', 'Why watch the bad ones?'],
  ],
  pivot: [
    ['travel', 'n', 'Here are three hotels near the Duomo.', 'Leave hotels for now. How do trains work in Italy?'],
    ['food', 'n', 'A tagine would suit your dinner party.', 'Scrap the dinner. What wine goes with pizza?'],
    ['coding', 'p', 'The race condition is in the cache warm-up.', 'Fixed it there. Next: how do I profile memory?'],
    ['shopping', 'n', 'These two standing desks fit your room.', 'I’m over desks. What about monitor arms?'],
    ['writing', 'p', 'The conclusion should echo the opening image.', 'Echoed it, works. Now, the title?'],
    ['media', 'n', 'Here are some classic westerns.', 'Nah, park the westerns. Anything for the kids?'],
  ],
  'already-have': [
    ['coding', 'n', 'Turn on branch protection for main.', 'Been on since we set up the repo.'],
    ['media', 'n', 'Listen to the podcast Hardcore History.', 'My commute for the last two years.'],
    ['travel', 'p', 'Get a rail pass for the week.', 'Didn’t know they existed, getting one.'],
    ['food', 'n', 'Buy a digital thermometer for the roast.', 'Two in the drawer.'],
  ],
  restatement: [
    ['travel', 'n', 'Rent a convertible for the coast road.', 'There are five of us.'],
    ['food', 'n', 'A peanut satay would go well with that.', 'Nut allergy in the house, as I said.'],
    ['coding', 'p', 'Here’s a version without any third-party packages.', 'No packages, exactly what I asked for.'],
    ['writing', 'n', 'Here is a 900-word draft of the column.', 'The slot is 500 words.'],
  ],
};

/** The round-5 training additions: every row above, id `r5-<kind>-<n>`. */
export const GAUGE_PHENOMENA_ADDED: readonly GaugeExample[] = phenomenaExamples('r5-', rows);
