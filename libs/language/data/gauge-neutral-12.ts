/**
 * Training pairs added in round 12 (issue 17) for the wide model: neutral follow-ups after a substantive reply, a
 * bare acknowledgement and a polite, unsoured change of subject. The phenomena sets hold few neutral pairs (two a
 * round) and label a curt "Ok." after an empty reply negative, so a model fitted on them alone read every bare "ok"
 * and every new question as a miss; the gauge's contract (gauge.int.spec.ts) reads them as neutral. Written before the
 * round-12 model was frozen and before the round-12 blind set; none copies a test's follow-up.
 */
import type { GaugeExample } from '../src/gauge/types';
import { phenomenaExamples, type PhenomenaRows } from './phenomena-rows';

const rows: PhenomenaRows = {
  'polite-neutral': [
    ['food', 'u', 'Risotto wants warm stock added a ladle at a time, stirring until each is absorbed.', 'ok'],
    ['travel', 'u', 'The Jungfrau railway climbs through a tunnel in the Eiger to the highest station in Europe.', 'okay'],
    ['shopping', 'u', 'Merino base layers stay warm when damp and resist odour better than synthetics.', 'Ok'],
    ['coding', 'u', 'Rust moves a value into a closure unless the closure only borrows it.', 'k.'],
    ['writing', 'u', 'A villanelle has nineteen lines and two refrains that alternate through the tercets.', 'Noted.'],
    ['media', 'u', 'The series was shot on 16 mm film to give it a grainy, period look.', 'alright'],
    ['food', 'u', 'Sourdough starters are usually fed flour and water once or twice a day.', 'okay.'],
    ['travel', 'u', 'Lisbon’s trams 28 and 12 both loop through the Alfama district.', 'ok noted'],
    ['coding', 'u', 'Postgres vacuums dead tuples automatically with the autovacuum daemon.', 'Okay, noted.'],
    ['shopping', 'u', 'Most robot vacuums map the flat on their first two or three runs.', 'mm ok'],
    ['writing', 'u', 'Chicago style puts the full stop inside the closing quotation mark.', 'ok.'],
    ['media', 'u', 'The album was recorded live in one room with no overdubs.', 'Alright.'],
  ],
  'topic-change': [
    ['food', 'u', 'For a crisp crust, bake the loaf in a preheated cast-iron pot with the lid on for the first 20 minutes.', 'Unrelated: what’s a good knife for a beginner?'],
    ['travel', 'u', 'The coastal path from Porto to Vila do Conde is flat and takes about four hours on foot.', 'By the way, do trains in Portugal need booking ahead?'],
    ['shopping', 'u', 'The 27-inch monitor has a matte panel and a USB-C port that charges a laptop.', 'Different question, which office chair would you pick under £300?'],
    ['coding', 'u', 'Use a read-write lock when reads far outnumber writes.', 'Separate thing: how do I squash the last three commits?'],
    ['writing', 'u', 'Open the cover letter with the role and one concrete result from your last job.', 'Another question, is it fine to use “I” in an academic abstract?'],
    ['media', 'u', 'The director’s earlier film is a slow, quiet drama set on a Faroese fishing boat.', 'Random question: any podcasts about architecture?'],
    ['food', 'u', 'Brown butter gives the cookies a nutty, toffee note.', 'On another note, how long does cooked rice keep in the fridge?'],
    ['travel', 'u', 'Kyoto’s moss garden takes reservations by postcard a month ahead.', 'Btw what plug adapter do I need for Japan?'],
    ['coding', 'u', 'A bloom filter can say “maybe present” but never gives a false “absent”.', 'Switching gears, what’s a good book on distributed systems?'],
    ['shopping', 'u', 'The trail shoes run half a size small, so size up.', 'Also, unrelated, what’s a decent budget tent for two?'],
    ['writing', 'u', 'Present tense gives the scene immediacy but makes flashbacks harder.', 'New question: how long should a query letter be?'],
    ['media', 'u', 'The box set includes the director’s cut and a commentary track.', 'Totally different topic, but can you suggest a board game for four?'],
  ],
};

/** 24 neutral training pairs of round 12: bare acknowledgements and polite changes of subject. */
export const GAUGE_NEUTRAL_ADDED_12: readonly GaugeExample[] = phenomenaExamples('r12n-', rows);
