/**
 * Third blind round for the phenomena of issue 17: written after the round-3 model (GAUGE_MODEL of commit
 * 56283b0, its pair features and lexicons) was frozen and committed, and never used to fit or revise it.
 * New replies and follow-ups over the same phenomena and domains, each phenomenon with both labels, 12 each.
 * Scored once on that model (AUC 0.838, docs/benchmarks.md); folded into training for round 4 after that.
 */
import type { GaugeDomain, GaugeExample, GaugeKind, GaugeLabel } from '../src/gauge/types';

type L = 'p' | 'u' | 'n';
type Row = [GaugeDomain, L, string, string];

const LABEL: Record<L, GaugeLabel> = { p: 'positive', u: 'neutral', n: 'negative' };

const rows: Partial<Record<GaugeKind, Row[]>> = {
  contradiction: [
    ['travel', 'n', 'The ferry to Naxos leaves from Piraeus at 7:25.', 'Rafina, at 7:25.'],
    ['travel', 'p', 'The ferry to Naxos leaves from Piraeus at 7:25.', 'Piraeus, 7:25. Setting an alarm.'],
    ['travel', 'n', 'Check-out at the Ibis is at noon.', 'Reception told me 10.'],
    ['shopping', 'n', 'The blender comes with a 2-year warranty.', 'Box says one year.'],
    ['shopping', 'p', 'The blender comes with a 2-year warranty.', 'Two years, good, that settles it.'],
    ['food', 'n', 'The pho place on Kingsland Road closes at 10.', 'Shut at 9 when we got there.'],
    ['food', 'p', 'Simmer the stock for 3 hours.', 'Three hours it is, pot’s on.'],
    ['coding', 'n', 'The config lives in /etc/redis/redis.conf.', 'Mine is under /usr/local/etc.'],
    ['coding', 'p', 'Set max_connections to 200 in postgresql.conf.', '200, restarted, no more errors.'],
    ['writing', 'n', 'The poem “Ozymandias” is by Keats.', 'Shelley.'],
    ['media', 'n', 'Episode 4 is the one with the heist.', 'That’s episode 6.'],
    ['media', 'p', 'The director also made Moon, in 2009.', 'Moon, yes, loved that one.'],
  ],
  restatement: [
    ['food', 'n', 'A peanut satay sauce would go well with it.', 'Nut allergy in the house, remember.'],
    ['food', 'p', 'Use a sunflower-seed butter to keep it nut-free.', 'Nut-free and still tasty, great.'],
    ['travel', 'n', 'The best way up is the funicular, then a short scramble.', 'My mum uses a wheelchair.'],
    ['travel', 'p', 'The lift at the north gate is step-free all the way to the top.', 'Step-free, that works for Mum. Thanks.'],
    ['shopping', 'n', 'This 85-inch TV is on sale for $2,400.', 'Budget’s a thousand.'],
    ['shopping', 'p', 'This 55-inch set is $899 and fits your budget.', 'Under a grand, nice. Getting it.'],
    ['coding', 'n', 'Install it with Homebrew.', 'I’m on Windows.'],
    ['coding', 'p', 'On Windows, use winget install instead.', 'winget did it, thanks.'],
    ['writing', 'n', 'Here is a 1,200-word draft of the op-ed.', 'The paper caps it at 600.'],
    ['writing', 'p', 'Here is the op-ed cut to 590 words.', 'Under 600, sending it in.'],
    ['media', 'n', 'Try the new season of Squid Game, it’s gripping.', 'Nothing violent, the kids watch with us.'],
    ['media', 'n', 'Read it in the original German for the wordplay.', 'I don’t speak German.'],
  ],
  sarcasm: [
    ['travel', 'n', 'The cheapest option has three connections and a 9-hour layover in Doha.', 'Sounds restful.'],
    ['travel', 'p', 'The direct flight is only $40 more and lands at 2 pm.', 'Sounds restful, booking it.'],
    ['food', 'n', 'You could grind your own flour for the pasta.', 'Sure, I’ll just buy a mill.'],
    ['food', 'p', 'Fresh pasta only needs flour and eggs.', 'That’s all? Lovely, making it tonight.'],
    ['shopping', 'n', 'The sofa ships in 14 weeks.', 'Great, just in time for spring.'],
    ['shopping', 'p', 'The sofa ships in 4 days.', 'Great, just in time for the party.'],
    ['coding', 'n', 'Wrap everything in a try/catch and log nothing.', 'Debugging will be a joy.'],
    ['coding', 'n', 'Add another abstraction layer over the ORM.', 'Exactly what this codebase lacks, more layers.'],
    ['writing', 'n', 'I added three more adverbs to each paragraph.', 'Wonderfully subtle.'],
    ['writing', 'p', 'I trimmed the adverbs and kept the verbs strong.', 'Much cleaner, thank you.'],
    ['media', 'n', 'The stream is 4K but needs a 100 Mbps line.', 'On hotel wifi. Can’t wait.'],
    ['media', 'n', 'Here is a playlist of twelve more sad piano songs.', 'Just the mood lift I needed.'],
  ],
  refusal: [
    ['shopping', 'n', 'Would you like the extended warranty for $49?', 'Think I’ll skip it.'],
    ['shopping', 'p', 'Would you like the extended warranty for $49?', 'Yes, add it, this is my third phone this year.'],
    ['travel', 'n', 'I can book you a guided tour of the catacombs.', 'Not really our kind of thing, thanks.'],
    ['travel', 'p', 'I can book you a guided tour of the old port.', 'Oh yes, book it for Saturday.'],
    ['food', 'n', 'Want me to add a dessert course?', 'We’ll be too full, leave it.'],
    ['food', 'p', 'Want me to add a dessert course?', 'Go for it, something with lemon.'],
    ['coding', 'n', 'I can migrate the project to a monorepo.', 'Rather keep it simple for now.'],
    ['coding', 'p', 'I can add a CI job that runs the linter.', 'Please do, lint errors keep slipping through review.'],
    ['writing', 'n', 'I could rewrite it in a more formal register.', 'It’s meant to sound like me, so no.'],
    ['writing', 'p', 'I could add a short bio at the end.', 'That would be great, keep it to two lines.'],
    ['media', 'n', 'I can make you a 40-song playlist of Scandinavian metal.', 'Kind offer, but metal isn’t me.'],
    ['media', 'n', 'Shall I list the whole Marvel watch order?', 'I’ll live without it.'],
  ],
  'already-have': [
    ['media', 'n', 'You might enjoy the show Severance.', 'Watched both seasons back to back.'],
    ['media', 'p', 'You might enjoy the show Slow Horses.', 'Hadn’t come across it, starting tonight.'],
    ['media', 'n', 'Listen to In Rainbows by Radiohead.', 'Could sing it in my sleep.'],
    ['shopping', 'n', 'A good cast-iron griddle would be handy.', 'Sitting in my cupboard since last year.'],
    ['shopping', 'p', 'A milk frother would be handy for your lattes.', 'Don’t own one, ordering.'],
    ['travel', 'n', 'Walk the High Line in Manhattan.', 'Walked it on our honeymoon.'],
    ['travel', 'p', 'Walk the Brooklyn Bridge at sunrise.', 'Never done it, adding it to Thursday.'],
    ['food', 'n', 'Pick up a bottle of good fish sauce.', 'Two in the pantry.'],
    ['coding', 'n', 'Add Dependabot to the repository.', 'It opens PRs for us every Monday.'],
    ['coding', 'p', 'Add a CODEOWNERS file to the repository.', 'We don’t have one, adding it now.'],
    ['writing', 'n', 'You should read Bird by Bird by Anne Lamott.', 'My copy is falling apart from rereading.'],
    ['writing', 'p', 'You should read On Writing by Stephen King.', 'Somehow missed that one. Library has it, borrowing.'],
  ],
  'action-report': [
    ['shopping', 'p', 'The Uniqlo merino jumper is the best value.', 'Got the navy one.'],
    ['shopping', 'n', 'The Uniqlo merino jumper is the best value.', 'Bought it. Pilled after two washes.'],
    ['travel', 'p', 'Book the 6:50 bus to the airport.', 'Booked, seat 12.'],
    ['travel', 'n', 'Take the scenic route through the valley.', 'Drove it. Fog the whole way, saw nothing.'],
    ['food', 'p', 'Salt the aubergine and let it sit for 20 minutes.', 'Salted, fried, gone.'],
    ['food', 'n', 'Add a pinch of baking soda to the tomato sauce.', 'Added. Tastes of soap now.'],
    ['coding', 'p', 'Add an index on orders.created_at.', 'Added. Query went from 4 s to 30 ms.'],
    ['coding', 'n', 'Upgrade the SDK to version 5.', 'Upgraded. Half the tests fail now.'],
    ['coding', 'p', 'Squash the fixup commits and open the PR.', 'Squashed and opened.'],
    ['writing', 'p', 'Cut the adjectives from the first page.', 'Cut. Page one finally breathes.'],
    ['media', 'n', 'Start the series from the pilot.', 'Started. Couldn’t get past ten minutes.'],
    ['media', 'p', 'Put the album on while you cook.', 'Playing it, the whole kitchen is dancing.'],
  ],
  engagement: [
    ['shopping', 'p', 'This rain jacket packs into its own pocket.', 'How small does it get packed?'],
    ['shopping', 'n', 'This rain jacket is $320 but very breathable.', 'Who spends that on a jacket?'],
    ['travel', 'p', 'Spend a night in Hallstatt, it is quiet after the day-trippers leave.', 'Are there places to eat after 8?'],
    ['travel', 'n', 'Spend a night in the capsule hotel.', 'And sleep in a drawer?'],
    ['food', 'p', 'Make a tarte tatin with the apples.', 'Which apples hold their shape best?'],
    ['food', 'p', 'Marinate the tofu overnight in soy and maple.', 'Should I press it first?'],
    ['coding', 'p', 'Use a message queue between the two services.', 'Would you go with NATS or RabbitMQ for that?'],
    ['coding', 'n', 'Use a message queue between the two services.', 'For two calls a day?'],
    ['writing', 'p', 'Tell the story backwards, from the funeral to the wedding.', 'How do I keep readers oriented with the timeline?'],
    ['writing', 'n', 'Tell the story in second person.', 'Why would anyone want to read that?'],
    ['media', 'p', 'Try the podcast Radiolab, start with the colours episode.', 'Is it still running new episodes?'],
    ['media', 'p', 'Watch Paterson by Jim Jarmusch.', 'Is it as slow as Only Lovers Left Alive?'],
  ],
  pivot: [
    ['coding', 'n', 'The bug is a race between the two setTimeout calls.', 'whatever, how do I undo a git commit'],
    ['coding', 'p', 'The bug is a race between the two setTimeout calls.', 'That was exactly it, thanks. Also, how do I undo a git commit?'],
    ['shopping', 'n', 'Here are four standing desks with good reviews.', 'Forget desks. Monitor arms?'],
    ['shopping', 'p', 'Here are four standing desks with good reviews.', 'The Fezibo looks right. Monitor arms next?'],
    ['travel', 'n', 'Lisbon has great trams and cheap seafood.', 'Never mind Lisbon. How do I get a visa for Brazil?'],
    ['travel', 'u', 'Lisbon has great trams and cheap seafood.', 'By the way, do I need a visa for Brazil?'],
    ['food', 'n', 'For the picnic, pack a frittata and a tomato salad.', 'Ugh, skip the food. What games should we bring?'],
    ['food', 'p', 'For the picnic, pack a frittata and a tomato salad.', 'Frittata’s a great shout. Games to bring?'],
    ['writing', 'n', 'Your chapter titles could be single words.', 'Doesn’t matter. Can you check my cover letter?'],
    ['writing', 'p', 'Your chapter titles could be single words.', 'Single words, love it. Now my cover letter?'],
    ['media', 'n', 'Here are some sci-fi novels like Dune.', 'Meh. Any good board games?'],
    ['media', 'u', 'Here are some sci-fi novels like Dune.', 'Separately, any good board games?'],
  ],
};

/** The third blind round (in training since round 4): every row above, id `blind3-<kind>-<n>`. */
export const GAUGE_PHENOMENA_ROUND3: readonly GaugeExample[] = Object.entries(rows).flatMap(([kind, list]) =>
  list!.map(([domain, l, response, followup], i) => ({ id: `blind3-${kind}-${i + 1}`, domain, kind: kind as GaugeKind, response, followup, label: LABEL[l] })),
);
