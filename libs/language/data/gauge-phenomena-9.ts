/**
 * Training pairs added in round 9 (issue 17) for the three phenomena every blind round since round 5 has left
 * below the goal, written to give the learned word-vector components (gauge/stance.ts) examples of the
 * situations rather than of phrases: praise whose target is a bad proposal or a bad fact (and sincere praise of a
 * good one, sometimes with a burden word), action reports whose outcome is good or bad only through world
 * knowledge ("the screen went black", "the dough rose"), and having or knowing the item before the reply (against
 * discovering it). Written for this repository across the six domains, before the round-9 model was frozen and
 * before the round-9 blind set was written; none copies a pair of any blind round.
 */
import type { GaugeExample } from '../src/gauge/types';
import { phenomenaExamples, type PhenomenaRows } from './phenomena-rows';

const rows: PhenomenaRows = {
  sarcasm: [
    ['coding', 'n', 'Store the passwords in plain text so support can read them.', 'Security team will love that.'],
    ['coding', 'p', 'Hash the passwords with bcrypt before storing them.', 'Security team will love that, thanks.'],
    ['coding', 'n', 'Run the migration directly on production during peak hours.', 'Bold. Very bold.'],
    ['coding', 'p', 'Run the migration on a copy of production first.', 'Sensible, doing that now.'],
    ['travel', 'n', 'The only room left overlooks the motorway junction.', 'Romantic.'],
    ['travel', 'p', 'The only room left overlooks the harbour.', 'Romantic, we’ll take it.'],
    ['travel', 'n', 'Your connection involves changing airports across the city in 50 minutes.', 'Relaxing start to the trip.'],
    ['travel', 'p', 'The direct train gets you there before lunch.', 'Relaxing start to the trip, booked.'],
    ['food', 'n', 'The cheapest option is the microwave lasagne for the dinner party.', 'My guests will be so impressed.'],
    ['food', 'p', 'Serve the slow-roasted lamb shoulder at the dinner party.', 'My guests will be impressed, great call.'],
    ['food', 'n', 'Substitute ketchup for the tomatoes in the bolognese.', 'Authentic.'],
    ['food', 'p', 'Use San Marzano tomatoes in the sauce.', 'Proper, my nonna would approve.'],
    ['shopping', 'n', 'The budget headphones have a six-hour battery and no case.', 'Perfect for my long-haul flight.'],
    ['shopping', 'p', 'These headphones last forty hours on a charge.', 'Perfect for my long-haul flight.'],
    ['shopping', 'n', 'Shipping is free if you spend another £200.', 'What a saving.'],
    ['shopping', 'p', 'Shipping is free on this order.', 'Nice saving.'],
    ['writing', 'n', 'I rewrote your wedding toast as a bulleted list.', 'So heartfelt.'],
    ['writing', 'p', 'I added the story about how you two met to the toast.', 'So heartfelt, she’ll cry.'],
    ['writing', 'n', 'Double the length of the abstract with background.', 'Reviewers adore long abstracts.'],
    ['writing', 'p', 'Cut the abstract to the result and one sentence of method.', 'Reviewers will thank you.'],
    ['media', 'n', 'The streaming service removed the last two seasons.', 'Fantastic business decision.'],
    ['media', 'p', 'The streaming service added all seven seasons.', 'Fantastic, the whole run.'],
    ['media', 'n', 'The concert tickets are behind the stage pillar.', 'Great view, I bet.'],
    ['media', 'p', 'Your tickets are front row centre.', 'Great view, can’t wait.'],
  ],
  'action-report': [
    ['coding', 'n', 'Update the graphics driver to the beta.', 'Updated. Screen goes black on boot.'],
    ['coding', 'p', 'Clear the build cache and rebuild.', 'Cleared, compiles in a minute now.'],
    ['coding', 'n', 'Increase the timeout to 30 seconds.', 'Increased. Requests just hang longer.'],
    ['coding', 'p', 'Add an index on the user_id column.', 'Indexed, the page is instant.'],
    ['travel', 'n', 'Take the early bus to beat the crowds.', 'Took it. Queue round the block anyway.'],
    ['travel', 'p', 'Ask for a room on a high floor.', 'Asked, view over the whole bay.'],
    ['travel', 'n', 'Park at the free lot by the station.', 'Parked there. Came back to a clamp.'],
    ['food', 'p', 'Proof the dough in the oven with the light on.', 'Did that, doubled in an hour.'],
    ['food', 'n', 'Cook the rice with the lid off.', 'Did. Bottom welded to the pan.'],
    ['food', 'n', 'Marinate the chicken in lemon overnight.', 'Marinated it. Texture like chalk.'],
    ['food', 'p', 'Salt the aubergine before frying.', 'Salted, not a drop of bitterness.'],
    ['shopping', 'n', 'Order the cheaper vacuum from the marketplace seller.', 'Ordered. Arrived with a UK plug, I’m in Spain.'],
    ['shopping', 'p', 'Ask the shop for a price match.', 'Asked, knocked forty off.'],
    ['shopping', 'n', 'Wash the jumper on the wool cycle.', 'Washed. Fits the cat now.'],
    ['writing', 'p', 'Pitch the piece to the Sunday supplement.', 'Pitched, editor wants 1,500 words by Friday.'],
    ['writing', 'n', 'Post the excerpt on the forum for feedback.', 'Posted. Two replies, both spam.'],
    ['media', 'p', 'Reset the router, then retry the stream.', 'Reset, smooth as anything.'],
    ['media', 'n', 'Rent the film on the console store.', 'Rented. Audio half a second behind the picture.'],
  ],
  'already-have': [
    ['coding', 'n', 'You should set up Dependabot for the repo.', 'It files three PRs a week for us.'],
    ['coding', 'p', 'You should set up Dependabot for the repo.', 'Didn’t know GitHub had that, setting it up.'],
    ['travel', 'n', 'Visit the Alhambra while you’re in Granada.', 'We got engaged there.'],
    ['travel', 'p', 'Visit the Alhambra while you’re in Granada.', 'First time hearing of it, booking tickets.'],
    ['food', 'n', 'Try making your own pasta.', 'Grandmother taught me when I was eight.'],
    ['food', 'p', 'Try making your own pasta.', 'Never dared, giving it a go Sunday.'],
    ['shopping', 'n', 'A Kindle would suit your commute.', 'My third one is in my coat pocket.'],
    ['shopping', 'p', 'A Kindle would suit your commute.', 'Hadn’t considered one, adding it to the list.'],
    ['writing', 'n', 'Read Stephen King’s On Writing.', 'Quoted it in my dissertation.'],
    ['writing', 'p', 'Read Stephen King’s On Writing.', 'Not come across it, ordering a copy.'],
    ['media', 'n', 'You’d like the podcast Serial.', 'Our book club did a whole evening on it.'],
    ['media', 'p', 'You’d like the podcast Serial.', 'New to me, queued the first episode.'],
    ['media', 'n', 'Watch Spirited Away.', 'The kids can recite it.'],
    ['travel', 'n', 'Get a rail pass for Switzerland.', 'Sitting in the drawer from last summer.'],
  ],
};

/** The round-9 training additions: every row above, id `r9-<kind>-<n>`. */
export const GAUGE_PHENOMENA_ADDED_9: readonly GaugeExample[] = phenomenaExamples('r9-', rows);
