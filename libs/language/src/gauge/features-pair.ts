import { analyse, type Analysis } from '../nlp';
import { DERIVED_VALENCE } from './derived-valence';
import { sincereSurprise } from './lexical';
import { restatedNumbers } from './quantity';

/**
 * Features of a (reply, follow-up) pair that read what a follow-up means without cue words (issue 17):
 * a detail of the reply replaced, a constraint restated, ironic praise over a burden, a polite refusal,
 * "already have it", a terse report of acting on the reply and how that went, an engaged or a rhetorical
 * question about the offered item, and a pivot away. Each in [0, 1].
 */
export const PAIR_FEATURES = [
  'contradiction',
  'confirmation',
  'restatement',
  'ironicPraise',
  'refusal',
  'alreadyHave',
  'notYet',
  'actionDone',
  'actionFailed',
  'engagement',
  'rhetorical',
  'pivotAway',
  'acceptOffer',
] as const;

/** One pair feature name. */
export type PairFeature = (typeof PAIR_FEATURES)[number];

/** Values of the pair features for one (reply, follow-up). */
export type PairFeatures = Record<PairFeature, number>;

const NUMBER_WORDS: Record<string, string> = {
  one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9', ten: '10',
  eleven: '11', twelve: '12', fifteen: '15', twenty: '20', thirty: '30', forty: '40', fifty: '50', hundred: '100',
  noon: '12', midday: '12',
};
const MONTHS = 'january february march april may june july august september october november december'.split(' ');
const DAYS = 'monday tuesday wednesday thursday friday saturday sunday'.split(' ');
// Capitalised words that are not names: sentence openers, interjections, pronouns.
const NOT_NAMES = new Set(
  ('i im ive id ill the a an it its this that these those thanks thank ok okay yes no not nope great perfect nice wow oh ' +
    'ah hmm sure right fine good love cool awesome amazing brilliant fantastic wonderful lovely genius ugh meh whatever ' +
    'never forget anyway also and but so just still done sent fixed merged booked ordered bought queued tried ' +
    'which what how why when where who does do did is are can could would should will may might').split(' '),
);

type DetailKind = 'number' | 'code' | 'month' | 'day' | 'name' | 'path';

/**
 * Concrete details of a text, by kind: numbers (also spelled), codes like "A4" or "B12", months, weekdays,
 * and names (runs of wink-nlp proper-noun tokens, and `code spans`).
 */
function details(text: string, a: Analysis): Map<DetailKind, Set<string>> {
  const out = new Map<DetailKind, Set<string>>();
  const put = (k: DetailKind, v: string) => {
    let s = out.get(k);
    if (!s) out.set(k, (s = new Set()));
    s.add(v);
  };
  // Round 4: file paths ("/etc/redis/redis.conf") are details of their own; a bound ("under 600", "max 20")
  // states a limit, not a value the reply got wrong, so its number is not read.
  for (const m of text.matchAll(/(?<![\w/])((?:~|\.{1,2})?\/[\w.-]+(?:\/[\w.-]*)*)/g)) put('path', m[1]!.toLowerCase());
  text = text
    .replace(/(?<![\w/])((?:~|\.{1,2})?\/[\w.-]+(?:\/[\w.-]*)*)/g, ' ')
    .replace(/\b(under|below|over|above|within|less than|more than|fewer than|up to|at most|at least|max|min|no more than|no less than)\s+(?:my |our |the |a )?[$£€]?\d[\d,.]*\w*/gi, ' ');
  for (const m of text.matchAll(/\b([A-Z]{1,3}\d{1,4}|\d{1,4}[A-Z]{1,2})\b/g)) put('code', m[1]!.toLowerCase());
  const noCodes = text.replace(/\b([A-Z]{1,3}\d{1,4}|\d{1,4}[A-Z]{1,2})\b/g, ' ');
  // Digits inside a word belong to a name ("Leuchtturm1917"), not to a number.
  for (const m of noCodes.matchAll(/(?<![\p{L}\d.,:])\d+(?:[.,:]\d+)*/gu)) put('number', m[0].replace(/,(?=\d{3}\b)/g, '').replace(/\.0+$/, ''));
  const lower = text.toLowerCase();
  for (const w of lower.match(/[a-z]+/g) ?? []) {
    if (NUMBER_WORDS[w]) put('number', NUMBER_WORDS[w]);
    if (MONTHS.includes(w) && w !== 'may') put('month', w);
    if (DAYS.includes(w)) put('day', w);
  }
  for (const m of text.matchAll(/`([^`]+)`/g)) put('name', m[1]!.toLowerCase());
  let run: string[] = [];
  const flush = () => {
    const words = run.filter((w) => !NOT_NAMES.has(w) && !MONTHS.includes(w) && !DAYS.includes(w));
    if (words.length) put('name', words.join(' '));
    run = [];
  };
  const tokens = a.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    // A capitalised sentence opener tagged as a name is often a participle or a subject noun ("Browned.",
    // "Soup is …", "Took it.", "Late anyway."): not a name when it ends like a verb form or another word follows it.
    const opener = i === 0 || tokens[i - 1]!.type === 'punctuation';
    const nextT = tokens[i + 1];
    const single = nextT?.pos !== 'PROPN';
    if (opener && single && t.pos === 'PROPN' && (/[a-z]{2}(ed|ing)$/.test(t.normal) || nextT?.type === 'word')) {
      flush();
      continue;
    }
    if (t.pos === 'PROPN' && t.type === 'word') run.push(t.normal);
    else flush();
  }
  flush();
  return out;
}

/** Every number of a text, normalised as {@link details} does (thousands commas and a trailing ".0" dropped), also inside words ("v2.4.0"). */
function numbersOf(text: string): Set<string> {
  return new Set([...text.matchAll(/(?<![\d.,:])\d+(?:[.,:]\d+)*/g)].map((m) => m[0].replace(/,(?=\d{3}\b)/g, '').replace(/\.0+$/, '')));
}

/** Whether a detail appears in the other text's details of the same kind (names match on any shared word). */
function known(kind: DetailKind, value: string, other: Map<DetailKind, Set<string>>, otherText: string): boolean {
  const set = other.get(kind);
  if (set?.has(value)) return true;
  if (kind === 'name') {
    // The same name, or one inside the other as whole words ("Coltrane" and "John Coltrane"), not a shared word ("Rue …").
    const within = (a: string, b: string) => new RegExp(`(^|[^\\p{L}])${a.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u').test(b);
    return [...(set ?? [])].some((n) => within(value, n) || within(n, value)) || within(value, otherText);
  }
  // Round 5: a whole number, not a substring ("1" of "the 1st" is not in "March 15").
  if (kind === 'number') return numbersOf(otherText).has(value);
  return false;
}

const BOUND = /\b(under|below|less than|fewer than|within|up to|at most|max|no more than|over|above|more than|at least|min|no less than)\s+(?:my |our |the |a )?[$£€]?(\d[\d,]*(?:\.\d+)?)/g;

/** +1 when a bound in the follow-up is met by a number of the reply, -1 when every such number misses it, 0 without one. */
function boundCheck(f: string, r: string): number {
  const nums = [...r.matchAll(/(?<![\p{L}\d.,:])\d[\d,]*(?:\.\d+)?/gu)].map((m) => Number(m[0].replace(/,/g, '')));
  if (!nums.length) return 0;
  let result = 0;
  for (const m of f.matchAll(BOUND)) {
    const n = Number(m[2]!.replace(/,/g, ''));
    const upper = /^(under|below|less|fewer|within|up|at most|max|no more)/.test(m[1]!);
    const met = nums.some((x) => (upper ? x <= n : x >= n));
    result = met ? 1 : result === 0 ? -1 : result;
  }
  return result;
}

const POSITIVE_WORD = /\b(thanks|thank you|cheers|perfect|great|love|lovely|nice|awesome|amazing|brilliant|excellent|ideal|exactly|fine|good|works|worked|fixed|sold|yes|beautiful|got it|of course|booking|booked|ordered|ordering|buying|bought|grabbed|ready)\b|!/;
const NEGATIVE_WORD = /\b(no|not|wrong|actually|says|said|said so|on my|it's|its|closer to|more like)\b/;

function norm(text: string): string {
  return text.toLowerCase().replace(/[\u2018\u2019]/g, "'").replace(/\s+/g, ' ').trim();
}

function wordCount(text: string): number {
  return (text.match(/[\p{L}\p{N}$]+/gu) ?? []).length;
}

const RESTATE = [
  /\b(i|we) (did|do) (say|mention|tell you|ask|write)\b/,
  /\b(as|like) (i|we) (said|wrote|mentioned|asked|told you|explained)\b/,
  /\b(i|we) (said|mentioned|told you|wrote|specified|asked for)\b/,
  /\bi said (that|so)\b/,
  /\bsaid that\b/,
  /\bremember\b/,
  /^again\b/,
  /(^|[.!?,] )still\b/,
  /\b(i'm|i am|we're|we are|she's|he's|they're) (vegan|vegetarian|allergic|lactose|gluten|coeliac|celiac|diabetic|pregnant|on a budget|teetotal|halal|kosher)\b/,
  /\b(allergy|allergic|intolerant)\b/,
  /\bmy (budget|limit|max|maximum) (was|is)\b/,
  /\b(has|have|needs?) to (stay|be|remain|fit)\b/,
  /\b(only|max|maximum)\.?\s*(as|like|i)\b/,
  /\b(i|we) (can't|cannot|don't|do not) (eat|have|use|drink|afford|run|install|drive)\b/,
  /\bi (don't|do not) have (a|an|sudo|admin|root)\b/,
  /\bwith (two|three|\d+) (kids|children|dogs|people)\b/,
  /^(no|without) [\w-]+[.!]/,
  // Round 4: a constraint stated as a fact about the user or the people they plan for ("My mum uses a
  // wheelchair.", "Budget's a thousand.", "I don't speak German.", "Nothing violent, the kids watch with us.").
  /\b(my|our|the) (mum|mom|dad|mother|father|wife|husband|partner|son|daughter|kids?|child|children|baby|toddler|grandma|grandpa|gran|nan|parents|boss|team|client|guests?|friends?) (is|are|uses|use|has|have|can't|cannot|doesn't|don't|won't|hates|hate|needs|need|watch|watches|gets|get|eats|eat)\b/,
  /\b(wheelchair|pram|stroller|buggy|crutches|mobility|step-free|bad knees?|bad back|vertigo|afraid of heights|seasick|car ?sick)\b/,
  /\b(budget|limit|cap|ceiling|word count)('s| is| was| of| tops out)\b/,
  /\b(i|we|she|he|they) (don't|do not|can't|cannot|doesn't|does not|won't) (speak|read|eat|drink|afford|drive|ski|swim|stand|tolerate|handle|do|take|wear|fly|climb|walk|use|run|install)\b/,
  /\b(i'm|i am|we're|we are|i'm only|we're only) (on|using|running|stuck on) (windows|mac|macos|linux|a mac|a chromebook|an ipad|a phone|python \d|node \d|java \d)\b/,
  /^nothing [\w-]+[,.]/,
  // Round 5: a rule the user lives by or a lack they share ("We keep kosher.", "Neither of us has a licence.").
  // Round 6: what the thing is meant to be, and what the setting does not allow ("It's meant to be free verse.",
  // "The host doesn't allow containers.").
  /\b(it's|it is|this is|that's|they're|they are|it was) (meant|supposed|designed|intended) to (be|stay|sound|read|feel|look)\b/,
  /\b(doesn't|does not|don't|do not|won't|will not) (allow|permit|support|accept|let (us|me))\b/,
  // Round 7: "Half the table doesn't eat meat.", "The wall is only a metre wide.", "We agreed no new dependencies.",
  // "My youngest is six."
  /\b(doesn't|does not|don't|do not|can't|cannot|won't) (eat|drink|fit|take)\b/,
  /\bonly (a|one|\d+|two|three) (\w+ )?(wide|long|tall|high|deep|across)\b/,
  /\b(we|i) (agreed|decided|promised|committed)\b/,
  /\bmy (youngest|eldest|oldest|little one|baby|toddler)( one)? (is|'s|are)\b/,
  /\bthere (are|'re|will be) (two|three|four|five|six|seven|eight|nine|ten|\d+) of us\b|\b(we're|we are) (a )?(family|group|party) of\b/,
  /\b(i|we) keep (kosher|halal|vegan|vegetarian|gluten-free|dairy-free|sober|it (short|simple|clean))\b/,
  /\b(neither|none|nobody|no one) (of us|here|in (my|our) (family|house|household|team|group))? ?(has|have|can|is|are|eats?|drinks?|drives?|speaks?|reads?|owns?|knows?|likes?)\b/,
];

const IRONIC_OPENER =
  /^(oh,? )?(great|fantastic|wonderful|brilliant|perfect|amazing|lovely|genius|wow|fun|yay|awesome|super|nice|splendid|terrific|marvellous|outstanding|sounds (like (a |an |the )?)?(relaxing|fun|great|lovely|wonderful|dream|blast|treat|restful|peaceful|cosy|cozy)|how (generous|convenient|lovely|nice|thoughtful|kind)|very (modern|helpful|useful|readable|relaxing|practical)|love (that|it)|i love|yum|oh (good|joy|boy)|cool|yes,? exactly|exactly what|just what|such|what a (treat|joy)|can't wait)\b/;
const SINCERE =
  /\b(thanks|thank you|booking|booked|book it|ordering|ordered|putting it on|adding|added|works|worked|fixed|actually|really does|great call|good call|tastes good|found it|might actually|short and|i'll|will do|starting|making|signing up|gives us|for the party|makes? (\w+ ){0,3}(easy|easier|simple|simpler|bearable|painless))\b/;
const BURDEN =
  /\b(another|more|again|every|forever|whole|only two|(a|two|three|five|ten|\d+) grand|ads?|layovers?|runway|jet engines|at your cost|strike|(\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|eighteen|twenty|thirty|forty) ?(hours?|hrs?|weeks?|months?|years?)|three-hour|four-hour|five-hour|[2-9]-hour|all (day|night)|next year|[1-5] ?am|up at (four|five|three|\d)|\$?\d{3,}|\d{3,}-\w+|nobody|no one|murder|salty|step \d+|skip dinner|don't eat|rewrite|200k|(a|per|every|each) (month|week)|from scratch|(an|one|a full|half an) (hour|day|week|month|year)|\d+-(minute|hour|mile|km|page|step)|(ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred|[1-9]\d) (?!(minutes?|mins|seconds?|secs|percent|pounds|euros|dollars|quid|bucks|degrees|grams|g|ml|calories|kcal|ingredients)\b)(\w+ )?\w+s|by hand|continuously|non-?stop|each|every single|charges?|fees?|surcharge|on top of|extra (fee|charge|cost)|costs? (more|extra))\b/;

// Round 7: a reply that offers a benefit (free, included, quick, one step) imposes no burden, so praise of it is sincere.
const BENEFIT = /\b(free|included|complimentary|quick(ly)?|easy|easily|saves?|one-liner|one (tin|pan|pot|line|step|click|flag|command|tap)|no (washing up|effort|extra cost|cost)|upgraded?|discount(ed)?|\d+% off|cheaper|faster|shorter)\b/;
// Round 5: ironic constructions whatever the words of praise: praise hedged ("Great cardio, I suppose."), praise
// that draws an absurd consequence ("Perfect fit for a size S, then."), mock consent to a huge task with a
// bare time ("Sure, over the weekend."), and a chore called a favourite pastime ("My favourite way to spend a Sunday").
const IRONIC_FORM = [
  /^(oh,? )?(perfect|great|ideal|lovely|brilliant|excellent)\b[^.!?]{0,40}, then[.!]?$/,
  /^(oh,? )?(sure|right|yeah|of course|no problem),? (over|by|in|before|after|during|between) (the weekend|work and \w+|meetings|lunch|tonight|tomorrow|breakfast|an hour|a day|my lunch break|five minutes|my coffee break|the morning)[.!]?$/,
  /\bmy (favourite|favorite) (way|thing|kind of way) to (spend|start|end|waste)\b/,
  // Round 7: "Lovely view, I'm sure.", and thanks from a body part or an account ("My arm thanks you in advance.").
  /^(oh,? )?(lovely|great|wonderful|charming|delightful|fantastic|brilliant|perfect|nice|fun)\b[^.!?]{0,30}, i'm sure[.!]?$/,
  /\bmy (\w+ )?(arm|arms|back|knees?|feet|wallet|bank account|liver|sanity|ears|eyes|patience) (thanks|will thank|thank) you\b/,
  /^(what a|such a) (bargain|steal|deal|treat|joy|delight|thrill|time-?saver)[.!]?$/,
];
// Praise hedged or exclaimed in passing, ironic only over a burden ("Good to know, I guess." is lukewarm).
const HEDGED_PRAISE = /^(oh,? )?(great|perfect|lovely|nice|wonderful|fantastic|brilliant|ideal|excellent|fun)\b[^.!?]{0,40},? (i suppose|i guess|i reckon)[.!]?$|\b(what fun|what a (joy|treat|delight|thrill)|how (fun|lovely|exciting|relaxing|thoughtful|generous|kind|considerate|convenient|nice))\b|^(how |very |so |most )?(generous|kind|thoughtful|considerate|sweet|nice|big) of (them|you|him|her|the \w+)\b|(^|[.!?] )\w+ indeed[.!]/;
// Round 6: a burden played down ("Oh, just 200. Easy.", "Only six hours, no problem.").
const MINIMISED = /^(oh,? |ah,? )?(just|only|merely) (\d+|a few|a couple( of)?|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|thirty|fifty|a hundred|hundreds?)\b[^.!?]*[.!,]/;
// A bare verbless evaluation ("Light viewing.", "Riveting stuff.", "So much range.").
const BARE_EVAL = /^(so much|such|what a|real|quite the|truly|very) [\w-]+[.!]?$|^[\w-]+ (stuff|reading|viewing|listening|watching|work|choice|plan|evening|weekend|idea)[.!]?$/;
/** Whether a word reads as praise: AFINN or the derived valence above zero. */
const praiseWord = (w: string, afinnPositive: boolean) => afinnPositive || (DERIVED_VALENCE.get(w) ?? 0) >= 0.8;

const REFUSAL = [
  /\b(appreciate (it|that|the thought|the offer)|thanks|thank you|kind of you|nice (idea|try|thought)|sounds (lovely|nice|great|good)|very cool|good idea),? but\b/,
  /\bnot (for me|really (my|for)|my (thing|style|cup of tea|taste|scene)|quite what|what i'm after|needed|at that price|interested|this time)\b/,
  /\b(i'll|we'll|i will|we will) (pass|skip|walk|stick with|keep it|leave (it|those|that|them) out)\b/,
  /\bpass on\b/,
  /(^|[.!?] )pass[.!]?$/,
  /\b(i'd|we'd|i would) rather( not| sleep| keep| stay)?\b/,
  /\bno,? thanks?\b|\bno thank you\b/,
  /\b(maybe|perhaps) (another|some other) time\b/,
  /\bthat's (ok|okay|alright|fine),? thanks\b/,
  /\b(i'm|we're) (happy|fine|good) with\b/,
  /\b(aren't|isn't|not) (my|our) thing\b/,
  /\bthanks anyway\b/,
  /\bnot (for|into) (me|us)\b/,
  /^(i'm|i am|we're|we are) (good|fine|ok|okay|all set)\b/,
  /\b(give|giving) (it|that|this|those|them)( one)? a miss\b/,
  /^(let's|lets) not\b/,
  /\bnot happening\b/,
  /\b(fine|ok|okay|good|happy) without\b/,
  /\b(thanks|thank you|appreciated|lovely thought|nice thought|kind thought),? (though|but)\b/,
  /\b(don't|do not) mix\b/,
  // Round 5: "We'd sooner hike it.", "Way more than I need.", "Don't bother."
  /\b(i'd|we'd|i would|we would) (sooner|prefer to|prefer not)\b/,
  /\b(more than|beyond what) (i|we) (need|want|use)\b/,
  /\b(don't|do not|no need to) bother\b/,
];
/** "X, but/though …n't …": a polite opening followed by a negation reads as a refusal. */
const POLITE_BUT_NOT = /^[^.!?]{0,40}\b(but|though)\b[^.!?]{0,60}\b(not|n't|no|never)\b/;
// Round 4: a reply that offers to do something ("Would you like…", "I can…", "Shall I…", "Want me to…") is
// answered yes or no; after an offer, an opener of assent accepts it and a negation, "skip", "leave it",
// "rather" or "without" declines it, whatever the words around them.
const OFFER = /\b(would you like|do you want|want me to|shall i|should i (add|book|make|list|set|send|include|write|draft|order|reserve|put)|i can|i could|i'd be happy to|happy to|how about i|let me know if you('d| would) like|i'll (add|book|make|draft|set up|send|order) (it|one|them|that|you)?)\b/;
const ASSENT =
  /^(oh,? )?(yes|yeah|yep|yup|sure|ok(ay)?|please|go (for it|ahead|on)|do it|absolutely|definitely|of course|why not|that would (be|help)|that'd (be|help)|sounds (good|great|perfect|lovely)|i'd (like|love) that|deal|perfect|great|lovely|brilliant)\b/;
const DECLINE =
  /\b(no|nope|nah|not|never|without|skip|pass|leave (it|that|them|those|off)|rather|too (full|much|many|busy|late|early|long)|(i'm|we're|i am|we are) (covered|sorted|insured|set|fine)|all set|no need|not needed|overkill|sooner|bother|more than (i|we) need|stuffed|fine for (us|me)|on (our|my) own|take (my|our) chances|(we|i) (like|prefer) to|full by then|^(just|only) (the|a|an|my|our|one) \w+|i'm (good|fine|ok|set)|we're (good|fine|ok|set))\b|n't\b/;

/** Whether the reply offers to do something for the user, and the verb it offers (lemma), if it has one. */
function offerOf(r: string): { offered: boolean; verb?: string } {
  const m = OFFER.exec(r);
  if (!m) return { offered: false };
  const after = r.slice(m.index + m[0].length).trim().match(/^(?:you )?([a-z]+)/)?.[1];
  const verb = m[2] ?? m[4] ?? (after ? analyse(`i ${after} it`).tokens[1]?.lemma : undefined);
  return { offered: true, verb };
}

const ACCEPT_OFFER = /\b(yes|yeah|sure|ok|okay),? please\b|\bplease do\b|\bgo on then\b|\bwhy not\b|\bsounds good,? (add|do|go)\b|\b(add|include) (them|it|those)\b/;

const ALREADY = [
  /\balready\b/,
  /\b(been there|had (them|it|those)|have (one|them|two)|own (one|two|it|three)|got (one|it|them) (for|last|already|as)|did that|done that|finished it|listened to (it|every|all)|first thing i did|we use it|i use it|there is one|it's on\b|its on\b|that's what i (made|did|have|cooked|bought))/,
  /(^|[.!?,] )(seen|read|watched|had|done|tried) (it|that|them|this)\b/,
  /\b(read|seen|watched|done|did|finished|tried|visited|been|bought|had) (it |that |there |them |this )?(last(?! night)|twice|three times|years ago|weeks ago|months ago|days ago|a while ago|in school|at school|before|on day one|yesterday|this morning)\b/,
  /\b\w+ ago\b/,
  /^(seen|read|had|own|owned|been there|finished)( (it|that|them|both|all|twice|already|one))?[.!]?$/,
  /\bi have (a|an|one|it|them|two|that|this)\b/,
  /\b(on my shelf|in my (library|collection|cart) already|have them\. packed)\b/,
  /^(saw|seen|went|been|read|watched|finished|visited|tried|had|did|used|played|listened|heard|owned)\b.*\b(last (?!night)\w+|in (19|20)\d\d|for (years|ages|months)|ago|yesterday|on the (plane|train|flight)|before|twice|live)\b/,
  /^(have|own) (a|an|one|two|the)\b/,
  // "Got one for Christmas": acquired before, not just now ("Got two." alone is an action report).
  /^got (a|an|one|two|the|it|them)\b.*\b(for (christmas|my birthday|\w+ birthday)|last \w+|ago|years|already|at home)\b/,
  /^(that's|it's|its|they're|that is|it is) (on|enabled|set up|there|installed|in place|done)[.!]?$/,
  /\bbeen (doing|using|reading|watching) (it|that|this|them)\b/,
  // Round 4: familiarity and wear that only long use gives ("Could sing it in my sleep", "My copy is falling
  // apart from rereading", "Watched both seasons back to back"), and a thing in use already ("It opens PRs for
  // us every Monday").
  /\b(in my sleep|by heart|off by heart|word for word|back to front|inside out|back to back|on repeat for|countless times|a (hundred|million|dozen) times|so many times|again and again|over and over)\b/,
  /\b(re-?read(ing|s)?|re-?watch(ing|ed|es)?|re-?listen(ing|ed)?|re-?visit(ing|ed)?|falling apart|dog-?eared|worn out|wore out)\b/,
  /\bmy (copy|one|pair|set|edition|old one|own)\b/,
  // Round 7: a possessive for the thing itself ("Ours is charging under the sofa.", "Mine's in the drawer.") and a
  // run of repeats ("Been three springs in a row.").
  /(^|[.!?,] )(ours|mine)( is|'s| are|'re)\b/,
  /\b(in a row|on the trot|running now|every (year|summer|winter|spring|autumn) since)\b/,
  /\b(both|all|every) (\w+ )?(seasons|series|books|albums|episodes|films|movies|volumes|parts|of them)\b/,
  // Round 5: made to do it once ("My professor made us memorise it"), or open and running now ("It's open in the other tab").
  /\b(has|have|'s|'ve) been (running|going|on|in use|installed|live|set up|enabled|in place)\b/,
  /\b(made|had|forced) (us|me) (to )?(read|memori[sz]e|learn|watch|study|use|cook|do|visit|listen to)\b/,
  /\b(open|running|installed|pinned|bookmarked) (in|on) (the other|another|my other|a) (tab|window|screen|monitor|terminal)\b/,
];
// In use already: a present-tense habit ("It opens PRs for us every Monday", "We run it nightly"); not a plan.
const HABITUAL = /\b(it|that|this|they|we|i) (\w+ ){0,3}(every (day|morning|night|week|monday|tuesday|wednesday|thursday|friday|saturday|sunday|sprint|release|build|commit|push|time)|daily|nightly|weekly|everywhere|all the time|every day)\b/;
const FUTURE = /\b(i'll|we'll|will|going to|gonna|plan to|from now on|starting (today|tomorrow|now|monday))\b/;
// Consumption or possession verbs (by lemma) that, in the past tense with a time in the past, say the user has it already.
const CONSUMED = new Set('read see watch hear visit try do go finish play use eat cook make listen own have buy be love enjoy like binge attend climb walk'.split(' '));
const PAST_TIME =
  /\b(in (january|february|march|april|june|july|august|september|october|november|december|(19|20)\d\d|school|college)|last (\w+ )?(week|month|year|summer|winter|spring|autumn|fall|trip|time|visit|holiday|christmas)|(years|months|weeks|days|ages) ago|when (it|they|that|the \w+) (came out|was released|were released|aired|launched|opened)|for (a|one|two|three|four|five|six|\d+) (years?|months?|decades?)|as a (kid|child|teen|student)|when i was|back in|since (day one|\d+|(19|20)\d\d|the start|forever|we started|launch)|for (years|ages|months|decades)|on (our|my) (honeymoon|wedding|anniversary|gap year|first|last|school|stag|hen|birthday|trip|holiday|vacation|way)|at (uni|university|college|school)|growing up|as kids|years back)\b/;
// Possession places: "sitting on my counter", "on my shelf", "in my drawer".
const POSSESSED_AT = /\b(on|in) (my|our|the) (shelf|bookshelf|counter|desk|wall|kindle|phone|wrist|drawer|cupboard|kitchen|garage|closet|wardrobe|bag|collection|library|pantry|fridge|freezer|cellar|shed|attic|loft|basement|spice rack|toolbox|glovebox|car|suitcase)\b/;

/**
 * Already-have read from lemmas and syntax (round 3): familiarity ("know it by heart", "know that one"),
 * a consumption verb in the past with a past time ("we did it on our last trip"), "already" with a
 * present-tense verb ("I sleep under one already"), an elliptical "have" ("Three friends have.") and
 * possession in place ("sitting on my counter").
 */
function alreadyByLemma(f: string, fa: Analysis): boolean {
  const t = fa.tokens.filter((x) => x.type !== 'punctuation');
  for (let i = 0; i < t.length; i++) {
    const w = t[i]!;
    const next = t[i + 1]?.normal ?? '';
    if (w.lemma === 'know' && !w.negated && /^(it|them|that|this|those|every|all|both)$/.test(next) && t[i + 2]?.normal !== "'s") return true;
  }
  const pastConsumed = fa.tokens.some((x) =>
    x.pos === 'VERB' || x.pos === 'AUX' ? (CONSUMED.has(x.lemma) || x.pos === 'VERB') && !NOT_ACTION.has(x.lemma) && x.normal !== x.lemma && !x.negated : false,
  );
  if (pastConsumed && PAST_TIME.test(f)) return true;
  if (/\b(been|had|'ve had|'s been|have had|has been) [^.!?]*\b(since|for (years|ages|months|decades))\b/.test(f)) return true;
  if (/\balready\b/.test(f) && fa.tokens.some((x) => x.pos === 'VERB' && x.normal === x.lemma && !x.negated && !/^(try|add|order|buy|book)$/.test(x.lemma))) return true;
  if (fa.sentences.some((s) => /^[\w' ]{2,30} (have|has)[.!]?$/i.test(s.text.trim()) && !/^(i|we|you) (have|has)/i.test(s.text.trim()))) return true;
  return POSSESSED_AT.test(f) && !/\b(list|wishlist|cart|basket)\b/.test(f);
}

const NOT_YET = /\bnot (heard|seen|read|tried|been)\b|\b(don't|do not) (own|have)\b|\bmissed (it|that|them)\b|\b(wasn't|weren't|isn't) (on|enabled|set)\b|\b(haven't|have not|hadn't|had not|never) (seen|read|heard|been|tried|done|watched|thought|used|had|made|listened)\b|\b(don't|do not) have (one|it|that|those|a)\b|\bdidn't know\b|\bnew (one )?(to|on) me\b|\bnever (heard|tried|been|read|seen)\b|\bnot yet\b|\b(haven't|hadn't|have not|had not|never) (come across|heard of|got round to|gotten around to|gotten to|got to)\b|\b(somehow|totally|completely) missed\b|\bmissed (that|this) one\b|\b(don't|do not|doesn't|does not) (own|have) (one|it|a|an|any)\b|\bfirst (i've|i have) heard\b|\b(not|never|haven't|hadn't|have not|had not) (\w+ )?(listened|watched|played|used|cooked|made|owned|visited|tried|been to)\b/;

const ACTION =
  /^(just )?(bought|ordered|grabbed|snagged|picked up|booked|reserved|deployed|merged|fixed|pinned|added|sent|submitted|queued|changed|swapped|done|did( it| that)?|got it|made it|tried( it)?|ran( it)?|rolled back|returned|watched|watching|listened|listening|rested|cooked|installed|went with|in my cart|reserved it|signed up|subscribed|downloaded|shipped|released|published|switched|replaced|applied|saved|printed|posted|pushed|committed|updated|upgraded)\b/;
const IRREGULAR_PAST = new Set('took made got bought sent put ran gave went did done set built wrote read sold paid drove flew left caught cut hung kept lit'.split(' '));
const ACTION_ANYWHERE = /\b((in|into) (my|the) (cart|basket|trolley|bag)|went with|watching now|listening now|pipeline passes|tests green)\b/;
const BAD_OUTCOME =
  /\b(nope|no good|not great|not good|didn't|doesn't|won't|wouldn't|couldn't|snapped|closed|lost|spread|leaked|tore|ripped|stopped|died|ruined|overcooked|melted|still|same (error|problem|issue)|broken|broke|burnt|burned|rejected|hates?|dragged|skipped|turned it off|cancell?ed|cold|blisters?|dead|dropped(?! (from|to|by))|failed|fails|crash(ed|es)?|returned|refund|useless|worse|didn't work|doesn't work|no luck|nothing happened|gave up|soggy|raw|stuck|crickets|radio silence|tumbleweed|ghosted|no (reply|response|answer|word back)|nothing back|not a (word|peep|reply))\b/;

// Round 3: what follows an action report decides how it went. Problems by lemma (verbs and states), so that
// "Ink bleeds through", "Packed anyway" or "Flat as a pancake" read as a bad outcome without their exact words.
const PROBLEM_LEMMAS = new Set(
  ('bleed leak smudge snap crack break tear rip fail die stop crash hang freeze jam stick drag sink collapse spill burn fade ' +
    'shrink peel wobble squeak rattle overheat clog curdle split sag warp fray chip dent bore hate timeout time-out ' +
    'flicker buzz lag stutter glitch drip stink ' +
    'flat soggy raw dry bland stale tough cold grey gray dead broken loose late packed crowded closed slow red noisy sticky ' +
    'lumpy burnt bitter rubbery mushy delayed cancelled canceled worse wrong itchy scratchy tight heavy flimsy cheap ' +
    'sleep asleep nope meh regret awful rough mess disaster fiasco').split(' '),
);
// An outcome that undoes the action: "anyway", "still", "same", "again", "even so", "no change".
const UNDONE = /\b(anyway|anyways|regardless|even so|still|same|again|no change|no difference|didn't help|nothing changed)\b/;
// Verbs that open a report about wanting or saying, not about acting.
const NOT_ACTION = new Set('want need ask say mean hope expect think wonder mention tell forget specify wish prefer plan intend'.split(' '));
const NON_VERB_ED = new Set('need red bed shed seed speed feed bleed indeed wed ted shred sled breed'.split(' '));

/** The first clause of the follow-up and the rest (split at the first sentence end, comma, semicolon or dash). */
function actionClauses(f: string): [string, string] {
  const m = /[.!;,\u2013\u2014-]\s|[.!]$/.exec(f);
  return m ? [f.slice(0, m.index).trim(), f.slice(m.index + 1).trim()] : [f, ''];
}

/** Whether the first word reports a past action: a past-tense or participle verb (by lemma, re-tagged in lower case). */
function opensWithPastAction(first: string): boolean {
  const w = first.match(/^[a-z]+/)?.[0];
  if (!w || w.length < 3) return false;
  const tok = analyse(`i ${w} it`).tokens[1];
  const lemma = tok?.lemma ?? w;
  if (NOT_ACTION.has(lemma) || NOT_ACTION.has(w.replace(/e?d$/, ''))) return false;
  if (IRREGULAR_PAST.has(w)) return true;
  // Words of state, not of acting: "Unrelated, …", "Tired of it", "Confused."
  return /[a-z]{2}ed$/.test(w) && !NON_VERB_ED.has(w) && !/^un/.test(w) && !STATE_ED.test(w);
}
/** Round 4: an opener in the progressive reports acting now ("Playing it, …", "Setting an alarm.", "Starting tonight."). */
function opensWithProgressive(first: string, fa: Analysis): boolean {
  const w = first.match(/^[a-z]+ing\b/)?.[0];
  if (!w || /^(thinking|wondering|hoping|considering|going|looking|trying|nothing|something|anything|everything|morning|evening|spring|king|thing|bring|sing|ring|sting|ceiling)$/.test(w)) return false;
  const words = fa.tokens.filter((t) => t.type === 'word');
  const i = words.findIndex((t) => t.normal === w);
  const tok = words[i];
  // A gerund subject ("Debugging will be a joy.") is not an action.
  if (!tok || /^(will|is|was|would|'ll|'s|can|could|should|might|must|has|had|makes|made|sounds|seems)$/.test(words[i + 1]?.normal ?? '')) return false;
  return tok.pos === 'VERB' || tok.pos === 'NOUN' || tok.pos === 'PROPN';
}
const STATE_ED = /^(tired|bored|confused|worried|annoyed|disappointed|excited|interested|amazed|surprised|scared|stressed|convinced|pleased|impressed|relieved|stuck|used|supposed|related|based|detailed|advanced|experienced)$/;

// Round 4: a good outcome said through a negation ("no more errors", "nothing broke"), and a bad one through
// wear or a change for the worse ("Pilled after two washes", "Fog the whole way, saw nothing").
const GOOD_NEGATION = /\b(no (more|longer)|nothing (broke|failed|went wrong|leaked|crashed)|no (issues?|problems?|complaints?|errors?|leftovers)|not a (crumb|drop|single) (left|error|complaint)|never (better|looked back|going back|looking back)|can't (stop|get enough))\b/;
const WORE = /\b(after|within) (one|two|three|four|five|a few|a couple of|\d+|a|the first) (washes?|wears?|uses?|days?|weeks?|runs?|rides?|hours?|minutes?|miles?|pages?|episodes?|bites?|goes?)\b/;
const NEGATED = /\b(nothing|nobody|no one|none|never|no)\b|n't\b/;

/** Polarity of an outcome clause: -1 a problem, +1 a good result, 0 nothing said. */
function outcomePolarity(rest: string): number {
  if (!rest) return 0;
  if (GOOD_NEGATION.test(rest) || GOOD_AGAIN.test(rest) || costFell(rest)) return 1;
  const a = analyse(rest);
  const problem =
    WORE.test(rest) ||
    NEGATED.test(rest) ||
    BAD_OUTCOME.test(rest) ||
    UNDONE.test(rest) ||
    a.tokens.some((t) => PROBLEM_LEMMAS.has(t.lemma) || PROBLEM_LEMMAS.has(t.normal)) ||
    a.sentences.some((s) => s.afinn < 0 || s.sentiment < -0.2);
  if (problem) return -1;
  if (a.sentences.some((s) => s.afinn > 0 || s.sentiment > 0.2)) return 1;
  // Round 5: words neither the rules nor AFINN know ("Cake came out gummy.", "Everything looks muddy.") by their
  // valence derived from word vectors.
  // Only describing words (adjectives, adverbs): nouns and verbs carry the valence of their topic ("plot", "caught").
  const derived = a.tokens.filter((t) => (t.pos === 'ADJ' || t.pos === 'ADV') && !t.stop).map((t) => DERIVED_VALENCE.get(t.normal) ?? 0);
  return derived.some((v) => v <= -0.8) ? -1 : derived.some((v) => v >= 0.8) ? 1 : 0;
}
/** Round 7: a cost that fell ("p95 dropped from 800 to 40 ms", "errors down from 30 to 2"). */
function costFell(text: string): boolean {
  const m = /\b(dropped|fell|down|cut|reduced|shrank|went|came down) from ([\d.,]+) ?[a-z%]* to ([\d.,]+) ?(ms|s|secs?|seconds|minutes|mins|mb|kb|gb|%|errors?|warnings?|failures?)\b/.exec(text);
  return m !== null && Number(m[3]!.replace(/,/g, '')) < Number(m[2]!.replace(/,/g, ''));
}
// Round 5: working again after the action is the good outcome ("builds again", "sleeps through again").
const GOOD_AGAIN = /\b(works?|runs?|builds?|loads?|boots?|starts?|compiles?|passes|prints?|connects?|syncs?|charges?|plays?|streams?|sleeps?|fits?|flows?|breathes?|drains?|responsive|green|fine|happy|normal|back) (\w+ )?again\b/;

/**
 * Round 5: the verbs the reply tells the user to do, by lemma ("Rest the steak", "Try the night bus",
 * "Read the draft aloud"): the first word of a sentence when it is a base-form verb, or one after "try", "just" or "then".
 */
function instructedVerbs(response: string): Set<string> {
  const out = new Set<string>();
  for (const s of analyse(response).sentences) {
    const words = analyse(norm(s.text)).tokens.filter((t) => t.type === 'word');
    const i = ['just', 'then', 'also', 'so', 'first', 'now', 'please'].includes(words[0]?.normal ?? '') ? 1 : 0;
    const w = words[i];
    if (w && /^[a-z]+$/.test(w.normal)) {
      const asVerb = analyse(`please ${w.normal} it`).tokens[1];
      if (asVerb && asVerb.pos === 'VERB' && asVerb.normal === asVerb.lemma) out.add(asVerb.lemma);
    }
  }
  return out;
}
/** Whether the follow-up opens by reporting the verb the reply instructed, in the past ("Rested it", "Read it aloud, …"). */
function followedInstruction(f: string, response: string): boolean {
  const w = f.match(/^(?:just |i |we |ok,? |okay,? |done,? )?([a-z]+)/)?.[1];
  if (!w) return false;
  const verbs = instructedVerbs(response);
  if (!verbs.size) return false;
  const tok = analyse(`i ${w} it`).tokens[1];
  return verbs.has(tok?.lemma ?? w) && (tok?.normal !== tok?.lemma || IRREGULAR_PAST.has(w));
}

// Round 4: a bare fragment question pushing back ("And sleep in a drawer?", "For two calls a day?") and a
// generic "who spends that on a jacket?".
const FRAGMENT_PUSHBACK = /^(and|for|with|just to|all that for|to|in|on|alongside|besides|on top of|while|during) (?!(the|its|it's|what|which|how|when|where|who|whom|kids|children|beginners|a beginner)\b)[^?.!]{2,40}\?$/;
const WHO_GENERIC = /^(and )?who (\w+s) (that|this|those|so much|that much|[$£€]?\d|money|time|hours|on|a)\b/;
const RHETORICAL =
  /^(and )?(why (would|should|on earth)|who (reads|pays|needs|would|wants|cares|has|does)|since when|and how am i supposed|how am i supposed|where would i even|and lose|are you (serious|kidding)|seriously|you think|really\?|what's the point|who in their right|who('s| is) going to (maintain|pay|read|use|clean|fix|support|watch|eat))\b|\bsupposed to\b|\bseriously\?|\bare you serious\b/;
// Round 5: "Why reinvent that wheel?": "why" with a bare verb and no subject asks nothing.
const WHY_BARE = /^(but |and |so )?why (?!(do|does|did|is|are|was|were|would|should|can|could|will|not|isn't|doesn't|don't|didn't|won't|has|have|had|this|that|the|it|they|you|i|we)\b)[a-z]+\b[^?]*\?$/;
// Round 6: feasibility pushed back ("When would I sleep?", "Before season two, realistically?") and a verbless
// question that repeats the burden ("Thirty hours in a car?").
const RHETORICAL_FEASIBILITY = /\b(when|where|how) (would|will|do|am|could) (i|we) (even |ever )?(sleep|find the time|have the time|get the time|fit (it|that|this) in|afford)\b|,? (realistically|seriously|honestly|really)\?$/;
const QUESTION_WORD = /^(how|what|which|does|do|did|is|are|can|could|would|should|will|where|when|homemade|white|red|any)\b/;
const ITEM_REFERENCE = /\b(it|its|it's|they|them|the one|that one|this one|which one|which track|which series|the (book|film|show|album|cabins?|view|ferry|later|first|second)|there)\b/;

const ASKS_ADVICE = /\b(would you|should i|do you|you'd|can i|should it|should the|would it|will it)\b|^(how|when|where) (do|should|would|can|could|will) (i|we)\b/;

const PIVOT =
  /(^|[.!?] )(forget|skip|drop|scrap|ditch) (\w+)( \w+)?[.!]|\b(ok(ay)?,? whatever|whatever|never ?mind|forget (it|that|the \w+|about it)|different (question|topic)|new question|moving on|move on|change of (topic|subject)|something else|let's talk about|skip (it|that)|doesn't matter|i'll figure it out|i'll find something|other thing|next question|next thing|random question|another thing|unrelated|by the way|separately|also,|and music|now,|next:|now something)\b/;
const PIVOT_SOUR = /(^|[.!?] )(forget|skip|drop|scrap|ditch) (\w+)( \w+)?[.!]|\b(whatever|never ?mind|forget|meh|ugh|doesn't matter|skip (it|that)|i'll figure it out|i'll find something|let's move on|moving on|fine\.|right\.|ok\. moving|change of subject|let's talk about something else)\b|^(fine|ok|right|sure)[.,]/;

// Round 5: dropping the subject before asking something else ("Leave the leak. SSH keys…", "Eh, skip Japan.",
// "Drop it, I'll order pizza.", "I'm done with the letter.", "Not interested anymore.").
const DISMISS =
  /(^|[.!?,] |^(eh|meh|nah|ok|okay|fine|right|look),? )(forget|skip|drop|scrap|ditch|leave|park|shelve|bin|kill) (it|that|this|those|them|the \w+|\w+)\b|\b(i'm|i am|we're|we are) (done with|over|finished with|sick of|tired of)\b|\bnot (interested|bothered|fussed)( (anymore|any more|now))?[.!,]|\bforget (about )?(it|that)\b|\bnever ?mind\b/;

/** A short question with no verb that names a burden ("Thirty hours in a car?"). */
function verblessBurden(question: string): boolean {
  const q = norm(question);
  if (!q.endsWith('?') || wordCount(q) > 6 || !BURDEN.test(q)) return false;
  return !analyse(q).tokens.some((t) => t.pos === 'VERB' || t.pos === 'AUX');
}

// Round 6: a time just after the reply ("on the drive home", "last night") reports acting on it, not having it before.
const RECENT = /\b(last night|this (morning|afternoon|evening|week)|today|tonight|just now|on the (drive|way|train|bus|walk|flight|ride) (home|back|in|over|there))\b/;

/** Computes the {@link PairFeatures} of a reply and its follow-up (texts already capped by the caller). */
export function pairFeatures(response: string, followup: string, fa: Analysis = analyse(followup), ra: Analysis = analyse(response)): PairFeatures {
  const f = norm(followup);
  const r = norm(response);
  const words = wordCount(followup);
  const positive = POSITIVE_WORD.test(f);

  // Details the follow-up brings that the reply had a different value for (same kind), and details it repeats.
  // Details are read from statements only: a question about a new name is not a correction.
  const stated = fa.sentences.filter((s) => !s.text.trim().endsWith('?'));
  const statements = stated.map((s) => s.text).join(' ');
  const fd = !stated.length ? new Map<DetailKind, Set<string>>() : details(statements, stated.length === fa.sentences.length ? fa : analyse(statements));
  const rd = details(response, ra);
  let replaced = 0;
  let repeated = 0;
  // Round 17: a number restated in another unit or form ("2k" after "2,000", "an hour" after "60 minutes") repeats it.
  const restatedQ = restatedNumbers(response, statements);
  if (restatedQ.restated) repeated++;
  for (const [kind, values] of fd) {
    for (const v of values) {
      if (kind === 'number' && restatedQ.numbers.has(v)) continue;
      if (known(kind, v, rd, r)) repeated++;
      else if (rd.has(kind) || (kind === 'name' && rd.has('name'))) replaced++;
    }
  }
  // Round 4: a bound in the follow-up ("Under 600", "max 20 minutes", "at least 4") checked against the reply's
  // numbers: met is a confirmation, missed a contradiction.
  const bound = boundCheck(f, r);
  if (bound > 0) repeated++;
  if (bound < 0) replaced++;
  const terse = words <= 8 ? 1 : words <= 14 ? 0.6 : 0.3;
  const contradiction = replaced > 0 ? Math.min(1, terse * (repeated > 0 ? 0.6 : 1) * (positive && !NEGATIVE_WORD.test(f) ? 0.3 : 1) + (/\bnot\b/.test(f) && repeated > 0 ? 0.5 : 0)) : 0;
  const confirmation = repeated > 0 && replaced === 0 && !/\bnot\b/.test(f) ? 1 : 0;

  const restated = RESTATE.some((re) => re.test(f)) && (!NOT_YET.test(f) || /\b(mentioned|said|told you|wrote)\b/.test(f));
  // A constraint the reply already meets is echoed, not restated: most of the follow-up's content words are in
  // the reply and nothing is negated ("Plain JS, no build step, exactly." after "plain JavaScript, no build step").
  const fContent = fa.tokens.filter((t) => t.type === 'word' && !t.stop && t.normal.length > 2);
  const rStemSet = new Set(ra.tokens.map((t) => t.stem));
  const echoed = fContent.length > 0 && fContent.filter((t) => rStemSet.has(t.stem)).length / fContent.length >= 0.5 && !/\b(not|never|n't|don't|can't)\b|n't\b/.test(f);
  const restatement = restated ? ((positive || echoed) && !/\b(i said|told you|i did say|remember|still)\b/.test(f) ? 0.3 : 1) : 0;

  const offer = offerOf(r);
  const firstLemma = fa.tokens.find((t) => t.type === 'word')?.lemma;
  const assents = offer.offered && (ASSENT.test(f) || (offer.verb !== undefined && firstLemma === offer.verb && !/^\w+(ed|ing)\b/.test(f)));
  const declines = offer.offered && !assents && DECLINE.test(f);
  const acceptOffer = ACCEPT_OFFER.test(f) || assents ? 1 : 0;
  const refusal = !acceptOffer && (REFUSAL.some((re) => re.test(f)) || POLITE_BUT_NOT.test(f) || declines) ? 1 : 0;

  const notYet = NOT_YET.test(f) ? 1 : 0;
  const habit = HABITUAL.test(f) && !FUTURE.test(f) && !f.includes('?');
  // A question ("How's the weather in Osaka in April?") says nothing about having the item.
  // Round 5: reporting the very verb the reply instructed ("Read it aloud, caught six." after "Read the draft
  // aloud") is acting on it now, not having done it before, unless a past time says otherwise.
  const followed = !f.includes('?') && followedInstruction(f, r);
  const alreadyHave = !notYet && !/^[^.!]*\?$/.test(f) && !((followed || RECENT.test(f)) && !/\balready\b/.test(actionClauses(f)[0]) && !PAST_TIME.test(f)) && (ALREADY.some((re) => re.test(f)) || alreadyByLemma(f, fa) || habit) ? 1 : 0;

  // A terse report of acting on the reply: an action verb or any past-tense opener ("Browned.", "Rebased, pushed").
  // A past-tense opener that brings a different detail ("Ended Sunday.") reports a fact, not an action.
  const [actionClause, rest] = actionClauses(f);
  const progressiveAt = fa.sentences.findIndex((x) => opensWithProgressive(norm(x.text), analyse(norm(x.text))));
  const pastFirst = (opensWithPastAction(actionClause) || progressiveAt >= 0) && !f.includes('?');
  const acted = (ACTION.test(f) || ACTION_ANYWHERE.test(f) || (pastFirst && replaced === 0) || /^on repeat\b/.test(f) || followed) && words <= 14;
  // How it went is read from what follows the action, not from the action's own words ("Rested it." is not a problem).
  // When the action is a later sentence in the progressive ("Piraeus, 7:25. Setting an alarm."), what follows it is the outcome.
  const laterAction = progressiveAt > 0 && !opensWithPastAction(actionClause) && !ACTION.test(f);
  // Round 6: only the sentence right after the action is its outcome ("green now", not a later "Unrelated: …").
  const outcomeText = laterAction ? fa.sentences.slice(progressiveAt + 1).map((x) => norm(x.text)).join(' ') : (rest.split(/(?<=[.!?])\s/)[0] ?? '');
  const outcome = acted ? outcomePolarity(outcomeText) : 0;
  const bad = outcome < 0 || (!outcomeText && !laterAction && BAD_OUTCOME.test(f));
  const actionDone = acted && !bad && !alreadyHave ? 1 : 0;
  const actionFailed = acted && bad ? 1 : 0;

  const opener = IRONIC_OPENER.test(f) || /(^|[.!?] )(perfect|great|lovely|fun|genius|brilliant|wonderful) (for|now)\b/.test(f);
  const replyBurden = BURDEN.test(r) && !BENEFIT.test(r);
  const burden = BURDEN.test(f) || replyBurden;
  // Round 4: a bare evaluation of two to four words with nothing else ("Sounds restful.", "Wonderfully subtle.")
  // after a reply that imposes a burden is read as irony; with an action or thanks it is sincere.
  const engagedPraise = f.includes('?') || /\b(enough|made (such |all |a )?(a |the )?(\w+ )?difference|no \w+ needed)\b/.test(f);
  const bareEval = !engagedPraise && words <= 4 && !f.includes('?') && !SINCERE.test(f) && !/^(ok|okay|noted|sure|fine|right|alright|got it)\b/.test(f) && (fa.sentences.every((x) => x.afinn > 0 || x.sentiment > 0.3) || BARE_EVAL.test(f) || fa.tokens.some((t) => t.type === 'word' && !t.stop && praiseWord(t.normal, false))) && !/\b(not|no|n't)\b|n't\b/.test(f) && replyBurden && !acted && !acceptOffer && !(repeated > 0 && !BURDEN.test(f));
  // Praise followed by a question about the item, or by "enough"/"made a difference", is engaged, not ironic.
  const ironicPraise =
    (opener && burden && !SINCERE.test(f) && !engagedPraise) || bareEval || (opener && /\b(never would have thought|what a treat|such variety|so (creative|original))\b/.test(f)) || /^(sure|right|yeah),? (i'll|i will|let me|we'll) just\b/.test(f) || IRONIC_FORM.some((re) => re.test(f)) || (HEDGED_PRAISE.test(f) && burden && !SINCERE.test(f)) || (MINIMISED.test(f) && replyBurden) ? 1 : 0;


  // A sentence that ends with a full stop is a statement even when it opens like a question ("Could sing it in my sleep.").
  const questions = fa.sentences.filter((s) => s.text.trim().endsWith('?') || (QUESTION_WORD.test(norm(s.text)) && !/[.!]$/.test(s.text.trim())));
  // Round 17: disbelief followed by thanks or a commitment ("wait, seriously? booking it now") is delight, not a challenge.
  const rhetorical =
    !sincereSurprise(followup) && (questions.some((s) => RHETORICAL.test(norm(s.text)) || FRAGMENT_PUSHBACK.test(norm(s.text)) || WHO_GENERIC.test(norm(s.text)) || WHY_BARE.test(norm(s.text)) || RHETORICAL_FEASIBILITY.test(norm(s.text)) || verblessBurden(s.text)) || (questions.length > 0 && RHETORICAL.test(f))) ? 1 : 0;
  const rStems = new Set(ra.tokens.filter((t) => !t.stop && t.normal.length > 2).map((t) => t.stem));
  // Round 5: after a suggestion, a plain question about details ("Which pressing sounds best?", "Floury or waxy
  // potatoes for that?") is about the item unless it says it is about something else.
  const detailQuestion = questions.some((s) => /^(which|how (long|many|much|often|do|does|did|is|are|far|big|heavy|hot|loud)|does|do|is|are|should|can|could|would|will|what (size|kind|time|temperature|version|setting|colou?r|brand))\b|\bor\b[^?]*\?$/.test(norm(s.text))) && !/\b(instead|what about|how about|other|different|another|else)\b/.test(f);
  const aboutItem =
    detailQuestion ||
    questions.some((s) => ITEM_REFERENCE.test(norm(s.text)) || ASKS_ADVICE.test(norm(s.text))) ||
    (questions.length > 0 && fa.tokens.some((t) => !t.stop && t.normal.length > 2 && rStems.has(t.stem)));
  const dismissed = DISMISS.test(f) && !acceptOffer;
  const pivot = PIVOT.test(f) || (dismissed && questions.length > 0);
  const engagement = questions.length > 0 && aboutItem && !rhetorical && !dismissed && !PIVOT_SOUR.test(f) && !/\b(unrelated|by the way|random question|separately|also|separate (thing|question|topic)|another (thing|question)|different (thing|question|topic)|on another note|switching gears|new question|off topic)\b/.test(f) ? 1 : 0;

  // A sour change of subject; a plain "by the way" is left to `redirection` (neutral, not negative).
  const pivotAway = pivot && (PIVOT_SOUR.test(f) || dismissed) ? 1 : 0;

  // Round 6: details given while accepting an offer specify it ("Please, the cheapest one."), and a detail echoed
  // in irony ("Oh, just 200. Easy.") or beside a failed action ("Sent it Monday. Crickets.") confirms nothing.
  return {
    contradiction: acceptOffer ? 0 : contradiction,
    confirmation: ironicPraise || actionFailed || pivotAway ? 0 : confirmation,
    restatement,
    ironicPraise,
    refusal,
    alreadyHave,
    notYet,
    actionDone,
    actionFailed,
    engagement,
    rhetorical,
    pivotAway,
    acceptOffer,
  };
}
