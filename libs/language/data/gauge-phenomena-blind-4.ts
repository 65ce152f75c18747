/**
 * Fourth blind round for the phenomena of issue 17: written after the round-4 model (GAUGE_MODEL and the pair
 * features of commit 0b4568b) was frozen and committed, and never used to fit or revise
 * it. New replies and follow-ups over the same phenomena and six domains, both labels in each phenomenon, 12 each,
 * not paraphrases of any training pair. `npm run bench -- gauge` reports it as the honest figure.
 */
import type { GaugeDomain, GaugeExample, GaugeKind, GaugeLabel } from '../src/gauge/types';

type L = 'p' | 'u' | 'n';
type Row = [GaugeDomain, L, string, string];

const LABEL: Record<L, GaugeLabel> = { p: 'positive', u: 'neutral', n: 'negative' };

const rows: Partial<Record<GaugeKind, Row[]>> = {
  contradiction: [
    ['travel', 'n', 'Your train to Bologna departs from platform 9 at 14:10.', 'Board says 14:40.'],
    ['travel', 'p', 'Your train to Bologna departs from platform 9 at 14:10.', 'Platform 9, on my way.'],
    ['food', 'n', 'The bakery on Via Roma opens at 7 on Sundays.', 'Sundays they open at 9, I was standing outside it.'],
    ['shopping', 'n', 'That lens is compatible with the Z6 and the Z7.', 'Only the Z7 according to Nikon’s site.'],
    ['shopping', 'p', 'The charger outputs 65 W, enough for your laptop.', '65 W, plugged in, charging fine.'],
    ['coding', 'n', 'The default port for Postgres is 3306.', '5432.'],
    ['coding', 'p', 'Your function is missing a return on line 42.', 'Line 42, yep, that was it.'],
    ['writing', 'n', 'The deadline for the grant is March 15.', 'Portal says the 1st.'],
    ['writing', 'p', 'Pride and Prejudice was published in 1813.', '1813, thanks, fixed the citation.'],
    ['media', 'n', 'The concert is at the O2 on Friday.', 'Wembley, and it’s Saturday.'],
    ['media', 'n', 'Season two has eight episodes.', 'Ten, I counted.'],
    ['travel', 'p', 'Terminal 2 handles all KLM flights.', 'T2 it is, thanks.'],
  ],
  restatement: [
    ['food', 'n', 'A creamy carbonara with guanciale would be perfect.', 'We keep kosher.'],
    ['food', 'p', 'Here is a dairy-free chocolate mousse made with aquafaba.', 'Dairy-free, so my son can have it. Lovely.'],
    ['travel', 'n', 'Rent a car and drive the coast road.', 'Neither of us has a licence.'],
    ['travel', 'p', 'The hostel has private rooms with an ensuite for €45.', 'Ensuite and under 50, booked.'],
    ['shopping', 'n', 'The Herman Miller Aeron is $1,500.', 'That’s three times what I said I’d spend.'],
    ['shopping', 'p', 'This desk chair is $420 and has adjustable lumbar support.', 'Lumbar support was the must-have. Ordering.'],
    ['coding', 'n', 'Just run it with sudo.', 'Locked-down work laptop, no admin rights.'],
    ['coding', 'p', 'Here’s a version using only the standard library, no pip installs.', 'Standard library only, that I can deploy.'],
    ['writing', 'n', 'I’ve made the cover letter two pages to cover everything.', 'One page, they were clear about it.'],
    ['writing', 'n', 'I used British spelling throughout.', 'The journal is American.'],
    ['media', 'n', 'Try the horror podcast The Magnus Archives.', 'She gets nightmares, that’s why I asked for something gentle.'],
    ['media', 'p', 'Bluey is gentle and short, good for a four-year-old.', 'Short episodes, exactly right for bedtime.'],
  ],
  sarcasm: [
    ['travel', 'n', 'The cheapest hotel is a 45-minute walk from the beach.', 'Great cardio, I suppose.'],
    ['travel', 'p', 'This hotel is right on the beach, and breakfast is included.', 'Great, that’s the one.'],
    ['food', 'n', 'The recipe needs you to stir the risotto continuously for 40 minutes.', 'My favourite way to spend a weeknight.'],
    ['food', 'p', 'This sheet-pan dinner takes ten minutes of prep.', 'My favourite kind of weeknight dinner, thanks.'],
    ['shopping', 'n', 'The only size left is XXL.', 'Perfect fit for a size S, then.'],
    ['shopping', 'n', 'The printer ink subscription is $30 a month.', 'What a bargain.'],
    ['coding', 'n', 'Just rewrite the whole service in Rust.', 'Sure, over the weekend.'],
    ['coding', 'p', 'A one-line change to the regex fixes it.', 'One line, love it. Done.'],
    ['writing', 'n', 'I put every sentence in the passive voice for a formal tone.', 'Riveting stuff.'],
    ['writing', 'p', 'I cut your intro from 300 words to 80.', 'Way punchier, thank you.'],
    ['media', 'n', 'The documentary is nine hours across three parts.', 'Light viewing.'],
    ['media', 'n', 'The new album has the same four chords on every track.', 'So much range.'],
  ],
  refusal: [
    ['shopping', 'n', 'Want me to add gift wrapping for $5?', 'Don’t bother, it’s for me.'],
    ['shopping', 'p', 'Want me to add gift wrapping for $5?', 'Yes, it’s a birthday present.'],
    ['travel', 'n', 'I could reserve seats on the tourist train up the mountain.', 'We’d sooner hike it.'],
    ['travel', 'p', 'I could reserve a table at the rooftop bar for sunset.', 'Do it, for two at 8.'],
    ['food', 'n', 'Shall I include a wine pairing with each course?', 'We don’t drink, but thanks.'],
    ['food', 'p', 'Shall I include a wine pairing with each course?', 'Please, reds if possible.'],
    ['coding', 'n', 'I can set up Kubernetes for your side project.', 'Way more than I need.'],
    ['coding', 'p', 'I can write the unit tests for the parser.', 'That’d save me an afternoon, go ahead.'],
    ['writing', 'n', 'Would you like me to add some jokes to the eulogy?', 'Not the place for it.'],
    ['writing', 'n', 'I can turn your thesis into a Twitter thread.', 'Hard no.'],
    ['media', 'p', 'Should I make a playlist of the songs from the film?', 'Yes! Especially the end-credits one.'],
    ['media', 'n', 'I could recommend a few more true-crime series.', 'I’ve had my fill of murders for a while.'],
  ],
  'already-have': [
    ['media', 'n', 'You’d love The Expanse books.', 'Finished the ninth one in June.'],
    ['media', 'p', 'You’d love the Murderbot books.', 'Not come across them. Will try book one.'],
    ['food', 'n', 'You should try making your own kimchi.', 'There’s a jar fermenting on my counter right now.'],
    ['food', 'p', 'You should try making your own kimchi.', 'Never made it. Which cabbage should I buy?'],
    ['shopping', 'n', 'A French press would suit your coffee habit.', 'I’ve been using one since uni.'],
    ['shopping', 'p', 'A French press would suit your coffee habit.', 'I only have a kettle, so yes, I’ll get one.'],
    ['travel', 'n', 'Visit the Alhambra while you’re in Granada.', 'That was day one of our last trip.'],
    ['travel', 'p', 'Visit the Mezquita while you’re in Córdoba.', 'Wasn’t on our list, adding it.'],
    ['coding', 'n', 'Turn on strict mode in your tsconfig.', 'It’s been on since the first commit.'],
    ['coding', 'p', 'Add a pre-commit hook that runs prettier.', 'We don’t have any hooks yet, good shout.'],
    ['writing', 'n', 'Use the Hemingway app to tighten your prose.', 'It’s open in the other tab.'],
    ['writing', 'n', 'Read The Elements of Style.', 'My professor made us memorise it.'],
  ],
  'action-report': [
    ['shopping', 'p', 'Those Birkenstocks are half price today.', 'Grabbed a pair.'],
    ['shopping', 'n', 'Those Birkenstocks are half price today.', 'Ordered. Arrived with a cracked sole.'],
    ['travel', 'p', 'Take the cable car up instead of the stairs.', 'Rode it up, the view at the top is unreal.'],
    ['travel', 'n', 'Try the night bus, it’s cheaper than a taxi.', 'Took it. Two hours and a drunk guy asleep on me.'],
    ['food', 'p', 'Rest the steak for five minutes before cutting.', 'Rested it, juiciest steak I’ve made.'],
    ['food', 'n', 'Swap half the butter for applesauce.', 'Swapped. Cake came out gummy.'],
    ['coding', 'p', 'Clear the npm cache and reinstall.', 'Cleared, reinstalled, builds again.'],
    ['coding', 'n', 'Bump the timeout to 30 seconds.', 'Bumped it. Still times out.'],
    ['writing', 'p', 'Read the draft aloud to catch clunky sentences.', 'Read it aloud, caught six.'],
    ['writing', 'n', 'Send it to the editor as it is.', 'Sent. She returned it covered in red.'],
    ['media', 'p', 'Turn on subtitles for the dialogue-heavy bits.', 'Turned them on, finally following the plot.'],
    ['media', 'n', 'Switch the TV to filmmaker mode.', 'Switched. Everything looks muddy now.'],
  ],
  engagement: [
    ['shopping', 'p', 'These hiking boots are waterproof and can be resoled.', 'How many years do they last before a resole?'],
    ['shopping', 'n', 'These hiking boots are $450.', 'For boots?'],
    ['travel', 'p', 'Stay in the Alfama district in Lisbon.', 'Is it walkable from the centre with luggage?'],
    ['travel', 'n', 'You could camp on the glacier overnight.', 'In October? With what tent?'],
    ['food', 'p', 'Try making gnocchi from scratch.', 'Floury or waxy potatoes for that?'],
    ['food', 'n', 'Serve the fish whole with the head on.', 'To a table of eight-year-olds?'],
    ['coding', 'p', 'Use feature flags for the rollout.', 'Do you keep the flags in the database or in config?'],
    ['coding', 'n', 'Write your own ORM for this.', 'Why reinvent that wheel?'],
    ['writing', 'p', 'Open the essay with the anecdote about your grandfather.', 'Should it come before or after the thesis statement?'],
    ['writing', 'n', 'Add a glossary of forty terms to the blog post.', 'Who reads a glossary on a blog?'],
    ['media', 'p', 'Watch the Dekalog series by Kieślowski.', 'Do the episodes connect, or can I watch them in any order?'],
    ['media', 'p', 'Listen to Kind of Blue on vinyl.', 'Which pressing sounds best?'],
  ],
  pivot: [
    ['coding', 'n', 'The memory leak comes from the event listener you never remove.', 'Leave the leak. SSH keys, how do I set them up?'],
    ['coding', 'p', 'The memory leak comes from the event listener you never remove.', 'Removing it fixed it. Next: how do I set up SSH keys?'],
    ['shopping', 'n', 'Here are three robot vacuums under $300.', 'Not interested anymore. What about air purifiers?'],
    ['shopping', 'p', 'Here are three robot vacuums under $300.', 'The Roborock it is. What about an air purifier?'],
    ['travel', 'n', 'Kyoto is lovely in autumn for the leaves.', 'Eh, skip Japan. Ideas for Mexico?'],
    ['travel', 'u', 'Kyoto is lovely in autumn for the leaves.', 'Unrelated, what’s a good carry-on size?'],
    ['food', 'n', 'For the dinner party, a slow-roast lamb shoulder would impress.', 'Drop it, I’ll order pizza. What music should I play?'],
    ['food', 'p', 'For the dinner party, a slow-roast lamb shoulder would impress.', 'Lamb shoulder, perfect. What music should I play?'],
    ['writing', 'n', 'Your query letter should lead with the hook.', 'I’m done with the letter. Title ideas?'],
    ['writing', 'p', 'Your query letter should lead with the hook.', 'Led with the hook, reads much better. Title ideas next?'],
    ['media', 'n', 'Here are five jazz albums for beginners.', 'Boring. Any video games instead?'],
    ['media', 'u', 'Here are five jazz albums for beginners.', 'On another topic, any video games you’d suggest?'],
  ],
};

/** The fourth blind round: every row above, id `blind4-<kind>-<n>`. */
export const GAUGE_PHENOMENA_BLIND_SET: readonly GaugeExample[] = Object.entries(rows).flatMap(([kind, list]) =>
  list!.map(([domain, l, response, followup], i) => ({ id: `blind4-${kind}-${i + 1}`, domain, kind: kind as GaugeKind, response, followup, label: LABEL[l] })),
);
