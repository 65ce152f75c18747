/**
 * Training pairs added in round 8 (issue 17) for the sarcasm construction the round-5 to round-7 blind sets kept
 * missing: positive words over a drastic or absurd step the reply proposed (turning something off, deleting,
 * starting over), over a cost, a delay or a failure, with sincere praise of a benefit, of a burden avoided ("no
 * queue") or of a plan, beside them. Written for this repository across the six domains, before the round-8 model
 * was frozen and before the round-8 blind set was written; none copies a pair of any blind round.
 */
import type { GaugeExample } from '../src/gauge/types';
import { phenomenaExamples, type PhenomenaRows } from './phenomena-rows';

const rows: PhenomenaRows = {
  sarcasm: [
    ['coding', 'n', 'Delete the lock file and the node_modules folder every time CI fails.', 'Elegant. Truly.'],
    ['coding', 'n', 'Comment out the failing assertion for now.', 'Solid engineering.'],
    ['coding', 'p', 'The flaky test was a timezone bug; pinning TZ=UTC in the runner fixes it.', 'Elegant fix, the suite is stable again.'],
    ['coding', 'n', 'Catch every exception at the top level and carry on.', 'Bulletproof.'],
    ['travel', 'n', 'Your bag missed the connection; it should arrive in three to five days.', 'Marvellous holiday wardrobe: what I’m wearing.'],
    ['travel', 'p', 'The airline’s fast-track pass skips the security queue.', 'Lovely, no queue for once.'],
    ['travel', 'n', 'The rail replacement bus adds two hours each way.', 'What a scenic bonus.'],
    ['food', 'n', 'The restaurant can seat you at 10:45 pm.', 'Ideal for a family with a five-year-old.'],
    ['food', 'p', 'The bakery will hold a loaf for you until closing.', 'Ideal, no rushing after work.'],
    ['food', 'n', 'Swap the butter for margarine in the croissants.', 'Exquisite idea.'],
    ['shopping', 'n', 'The replacement charger costs more than a new phone.', 'Splendid value.'],
    ['shopping', 'p', 'The refurbished model is half the price with the same warranty.', 'Splendid value, that’s the one.'],
    ['shopping', 'n', 'The store will replace it once you send the broken one and wait six weeks.', 'Super service.'],
    ['writing', 'n', 'I translated your cover letter into legal jargon to sound professional.', 'Warm and human. Exactly the tone.'],
    ['writing', 'p', 'I cut the jargon so the cover letter sounds like you.', 'Warm and human, thank you.'],
    ['writing', 'n', 'Start the novel over in the second person.', 'A light edit, then.'],
    ['media', 'n', 'The final season was cancelled after the cliffhanger.', 'Satisfying ending, love that.'],
    ['media', 'p', 'The final season wraps up every storyline.', 'Satisfying ending, watching it this weekend.'],
  ],
};

/** The round-8 training additions: every row above, id `r8-<kind>-<n>`. */
export const GAUGE_PHENOMENA_ADDED_8: readonly GaugeExample[] = phenomenaExamples('r8-', rows);
