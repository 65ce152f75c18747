/**
 * First blind round for the phenomena of issue 17: written after the first pair model was frozen and
 * committed (684c249), scored on it (docs/benchmarks.md), and only then folded into the training data of
 * the second model (its lexicons were revised with it in view). The current blind set is gauge-phenomena-blind-2.ts. Same phenomena and
 * domains as gauge-phenomena.ts, new replies and new follow-ups, each phenomenon with both labels.
 * Scored by `npm run bench -- gauge` (docs/benchmarks.md).
 */
import type { GaugeDomain, GaugeExample, GaugeKind, GaugeLabel } from '../src/gauge/types';

type L = 'p' | 'u' | 'n';
type Row = [GaugeDomain, L, string, string];

const LABEL: Record<L, GaugeLabel> = { p: 'positive', u: 'neutral', n: 'negative' };

const rows: Partial<Record<GaugeKind, Row[]>> = {
  contradiction: [
    ['travel', 'n', 'Your ferry to Mykonos departs from Rafina at 7:30.', 'Piraeus.'],
    ['travel', 'p', 'Your ferry to Mykonos departs from Rafina at 7:30.', 'Rafina at 7:30, thanks, setting an alarm.'],
    ['travel', 'n', 'Check-out at the Hilton is at 11.', 'Noon, per the front desk.'],
    ['shopping', 'n', 'That lamp is $45 at IKEA.', 'It rang up at $65.'],
    ['shopping', 'p', 'That lamp is $45 at IKEA.', '$45, grabbed it on the way home.'],
    ['food', 'n', 'Cook the rice for 18 minutes.', 'Package says 12.'],
    ['food', 'p', 'Cook the rice for 18 minutes.', '18 minutes was spot on.'],
    ['coding', 'n', 'The config lives in /etc/nginx/sites-available.', 'On this box it’s /usr/local/etc/nginx.'],
    ['coding', 'n', 'That method was deprecated in React 16.', '17.'],
    ['coding', 'p', 'That method was deprecated in React 16.', 'Right, 16. That’s why our old branch still works.'],
    ['writing', 'n', 'The poem you mean is by Robert Frost.', 'Emily Dickinson.'],
    ['media', 'n', 'The finale airs on Sunday at 9.', 'Saturday.'],
    ['media', 'p', 'The finale airs on Sunday at 9.', 'Sunday at 9, snacks ready.'],
  ],
  restatement: [
    ['food', 'n', 'A lamb tagine would be lovely for Friday.', 'We don’t eat meat, remember.'],
    ['food', 'p', 'For Friday, a chickpea and apricot tagine keeps it meat-free.', 'Meat-free and festive, perfect.'],
    ['food', 'n', 'Add a cup of heavy cream to finish the soup.', 'Again, no dairy in this house.'],
    ['travel', 'n', 'The Ritz has a suite for $900.', 'My cap is $200 a night, like I said.'],
    ['travel', 'p', 'This guesthouse is $180 a night and near the station.', 'Under my $200 cap, booking.'],
    ['shopping', 'n', 'This 75-inch TV is a great deal.', 'It has to fit a 50-inch space.'],
    ['shopping', 'p', 'Here is a 48-inch TV that fits your alcove.', 'Fits the alcove, ordered.'],
    ['coding', 'n', 'Just pull in moment.js for the date parsing.', 'We can’t add packages, as mentioned.'],
    ['coding', 'p', 'Here is the date parsing with the built-in Intl API, no packages.', 'No new packages, nice, that’s merged.'],
    ['writing', 'n', 'Here is a 2,000-word version of the speech.', 'It’s a two-minute toast.'],
    ['writing', 'n', 'I added some light swearing to make it punchier.', 'This is for my grandmother’s funeral.'],
    ['media', 'n', 'The Exorcist is a classic for Halloween night.', 'The kids are six and eight.'],
    ['media', 'p', 'For the kids, try Hotel Transylvania, spooky but gentle.', 'Gentle enough for the six-year-old, great.'],
  ],
  sarcasm: [
    ['travel', 'n', 'The only available seat is in the middle of row 42, next to the toilets.', 'Dream seat.'],
    ['travel', 'p', 'I found you an aisle seat in row 3 with extra legroom.', 'Dream seat!'],
    ['travel', 'n', 'Your connection in Frankfurt is 35 minutes across terminals.', 'Oh brilliant, I love sprinting through airports.'],
    ['food', 'n', 'The recipe needs 14 ingredients and an overnight marinade.', 'Super, a quick weeknight dinner then.'],
    ['food', 'p', 'This one is five ingredients and 20 minutes.', 'Super, a quick weeknight dinner then!'],
    ['shopping', 'n', 'The replacement part will ship in 10 to 12 weeks.', 'Terrific. I’ll just not use my dishwasher till spring.'],
    ['shopping', 'n', 'That model is only sold in a bundle with three accessories for $499.', 'Wow, what a bargain.'],
    ['coding', 'n', 'You could refactor all 40 services to use the new logger.', 'Oh sure, in my spare time.'],
    ['coding', 'n', 'The fix is to downgrade to Node 10.', 'Excellent, back to 2018.'],
    ['coding', 'p', 'The fix is a one-line change to the import path.', 'Excellent, one line and it builds.'],
    ['writing', 'n', 'I rewrote your haiku as a 12-stanza epic.', 'Just what a haiku needed.'],
    ['media', 'n', 'The sequel is only available on a fifth streaming service at $14.99.', 'Great, another subscription.'],
    ['media', 'p', 'The sequel is already on Netflix, which you have.', 'Great, no new subscription needed!'],
  ],
  refusal: [
    ['shopping', 'n', 'Would you like to add a protection plan for $129?', 'I’m good, thanks.'],
    ['shopping', 'p', 'Would you like to add the matching pillowcases for $19?', 'Oh go on then, add them.'],
    ['travel', 'n', 'A sunrise hot-air balloon ride would be unforgettable.', 'Lovely thought, but heights and I don’t mix.'],
    ['travel', 'p', 'A sunset boat trip around the bay would be unforgettable.', 'Lovely thought, we’ll do it Thursday.'],
    ['food', 'n', 'You could try the durian ice cream.', 'I’ll give that one a miss.'],
    ['food', 'n', 'Pair it with a bold Barolo.', 'Thanks, though I don’t drink.'],
    ['food', 'p', 'Pair it with a sparkling elderflower for a non-alcoholic option.', 'Thanks, that’s a nice touch.'],
    ['coding', 'n', 'Want me to convert the repo to a monorepo?', 'Let’s not.'],
    ['coding', 'p', 'Want me to add a GitHub Action that runs the tests?', 'Yes, please do.'],
    ['writing', 'n', 'I could add a dramatic prologue.', 'I think it’s fine without, thanks.'],
    ['media', 'n', 'The 12-hour documentary series on the Civil War is superb.', 'Appreciated, but that’s not happening.'],
    ['media', 'p', 'The one-hour special on the Civil War is superb.', 'Appreciated, watching it tonight.'],
  ],
  'already-have': [
    ['media', 'n', 'You should read Project Hail Mary.', 'Finished it on the plane.'],
    ['media', 'p', 'You should read The Long Way to a Small, Angry Planet.', 'Not heard of it, ordering a copy.'],
    ['media', 'n', 'Check out the band Khruangbin.', 'Saw them live last summer.'],
    ['shopping', 'n', 'A French press would be a good start.', 'Sitting on my counter already.'],
    ['shopping', 'p', 'An Aeropress would be a good start.', 'Don’t own one, sounds fun.'],
    ['travel', 'n', 'You have to see the Sagrada Família.', 'Went in 2019.'],
    ['travel', 'p', 'You have to see Park Güell at opening time.', 'Missed it last time, going tomorrow.'],
    ['food', 'n', 'Get yourself a Dutch oven for the bread.', 'Have a Le Creuset.'],
    ['coding', 'n', 'Enable gzip compression on the server.', 'That’s on.'],
    ['coding', 'p', 'Enable HTTP/2 on the server.', 'Wasn’t on, just flipped it. Pages are snappier.'],
    ['writing', 'n', 'You could try the Pomodoro technique for writing sprints.', 'Been doing it for years.'],
    ['writing', 'p', 'You could try writing the ending first.', 'Never tried that, I’ll start tonight.'],
  ],
  'action-report': [
    ['shopping', 'p', 'The Garmin Forerunner 255 is the best fit for your training.', 'Purchased.'],
    ['shopping', 'n', 'The Garmin Forerunner 255 is the best fit for your training.', 'Got it. Strap snapped in a week.'],
    ['travel', 'p', 'Reserve the sleeper for Thursday night.', 'Done, cabin 4.'],
    ['travel', 'n', 'Take the shortcut over the pass.', 'Took it. Road was closed, lost two hours.'],
    ['food', 'p', 'Toast the spices before grinding them.', 'Toasted. Kitchen smells incredible.'],
    ['food', 'n', 'Swap the butter for coconut oil.', 'Swapped. Cookies spread into one big sheet.'],
    ['coding', 'p', 'Set the memory limit to 512 MB and restart the pod.', 'restarted, stable for an hour now'],
    ['coding', 'n', 'Regenerate the lockfile.', 'Regenerated. CI still red.'],
    ['coding', 'p', 'Cherry-pick the fix onto the release branch.', 'Picked and tagged.'],
    ['writing', 'p', 'Move the thesis statement to the first paragraph.', 'Moved it, flows way better.'],
    ['media', 'p', 'Start with the album’s closing track, it is the best.', 'On repeat.'],
    ['media', 'n', 'Give the pilot a chance.', 'Gave it a chance. Nope.'],
  ],
  engagement: [
    ['shopping', 'p', 'This rain jacket packs into its own pocket.', 'How small does it get when packed?'],
    ['shopping', 'n', 'This rain jacket packs into its own pocket.', 'Why would I care how it packs?'],
    ['travel', 'p', 'Stay in the Old Town, it is car-free and close to everything.', 'Are there places to park just outside?'],
    ['travel', 'n', 'Stay in the Old Town, it is car-free and close to everything.', 'And carry three suitcases over cobbles?'],
    ['food', 'p', 'A dash of smoked paprika lifts the stew.', 'Sweet or hot paprika?'],
    ['food', 'p', 'Try a tarte tatin for dessert.', 'Can I use pears instead of apples?'],
    ['coding', 'p', 'Use a feature flag to roll the change out gradually.', 'Would you store the flags in the database or in config?'],
    ['coding', 'n', 'Use a feature flag to roll the change out gradually.', 'For a typo fix?'],
    ['writing', 'p', 'Give the narrator a secret she keeps from the reader.', 'When should the reader find out?'],
    ['writing', 'n', 'Add a glossary at the end.', 'Who reads glossaries?'],
    ['media', 'p', 'Watch Past Lives, it is quiet and moving.', 'Is it in English or subtitled?'],
    ['media', 'p', 'Listen to the Radiolab episode on colours.', 'Which year was that one?'],
  ],
  pivot: [
    ['coding', 'n', 'That warning comes from a duplicate key in the list.', 'whatever. how do I squash commits'],
    ['coding', 'p', 'That warning comes from a duplicate key in the list.', 'Yep, that was it. Unrelated: how do I squash commits?'],
    ['shopping', 'n', 'Here are four standing desks under $400.', 'Forget desks. Chairs?'],
    ['shopping', 'p', 'Here are four standing desks under $400.', 'The Flexispot it is. Now chairs?'],
    ['travel', 'n', 'Here is a packing list for a week in Iceland.', 'Never mind all that, can you translate a menu?'],
    ['travel', 'u', 'Here is a packing list for a week in Iceland.', 'Also, what currency do they use?'],
    ['food', 'n', 'Brine the chicken overnight for juicier meat.', 'Meh. Anyway, wine for a barbecue?'],
    ['food', 'p', 'Brine the chicken overnight for juicier meat.', 'Brining it now. Next up: wine for a barbecue?'],
    ['writing', 'n', 'The second paragraph repeats the first.', 'Fine, whatever. Write me a tagline instead.'],
    ['writing', 'p', 'The second paragraph repeats the first.', 'Good catch, cut it. Next: a tagline?'],
    ['media', 'n', 'Here are eight podcasts about economics.', 'Nah. Something totally different: board games?'],
    ['media', 'u', 'Here are eight podcasts about economics.', 'Side question: do you know any good board games?'],
  ],
};

/** The first blind round: every row above, id `blind-<kind>-<n>`. */
export const GAUGE_PHENOMENA_ROUND1: readonly GaugeExample[] = Object.entries(rows).flatMap(([kind, list]) =>
  list!.map(([domain, l, response, followup], i) => ({ id: `blind-${kind}-${i + 1}`, domain, kind: kind as GaugeKind, response, followup, label: LABEL[l] })),
);
