import { analyse, contentStems, type AnalysedToken, type Analysis } from '../nlp';
import { DERIVED_VALENCE } from './derived-valence';
import { PAIR_FEATURES, pairFeatures } from './features-pair';
import { sincereSurprise } from './lexical';
import { praises, stanceScores } from './stance';

/** Names of the gauge signals, in the order used by the weight vector. */
export const GAUGE_SIGNALS = [
  'sentiment',
  'overlap',
  'reference',
  'deeperQuestion',
  'gratitude',
  'acceptance',
  'intent',
  'lukewarm',
  'redirection',
  'correction',
  'rejection',
  'sarcasm',
  ...PAIR_FEATURES,
  'outcome',
  'proposal',
] as const;

/** One gauge signal name. */
export type GaugeSignal = (typeof GAUGE_SIGNALS)[number];

/**
 * Signal values for one (reply, follow-up) pair. All in [0, 1] except `sentiment`, which is in [-1, 1].
 * - `sentiment`: wink-nlp sentiment of the follow-up; positive polarity is flipped in proportion to `sarcasm`.
 * - `overlap`: share of the follow-up's first content words (up to 3) that the reply also used.
 * - `reference`: the follow-up points back at the reply ("the second one", "that idea"; bare "it/that" counts 0.4).
 * - `deeperQuestion`: the follow-up asks a question about what the reply said (overlap or a reference).
 * - `gratitude`: thanks; ignored before a contrastive "but" and damped by sarcasm.
 * - `acceptance`: approval ("perfect", "that fixed it", "makes sense"); not when negated; damped by sarcasm.
 * - `intent`: the user says they will act on the reply ("I'll try it", "ordering now", "let's go with").
 * - `lukewarm`: hedges or a bare acknowledgement ("ok", "noted", "I guess", "I'll think about it").
 * - `redirection`: explicit topic change ("unrelated, but", "anyway") = 1; otherwise 0.6 × novelty when the
 *   follow-up brings 2+ content words, none from the reply and no reference.
 * - `correction`: the user corrects the reply ("no, I meant", "that's wrong", "I asked for", "X, not Y").
 * - `rejection`: complaint or refusal ("useless", "didn't help", "none of these", "whatever").
 * - `sarcasm`: ironic praise ("oh great, another", "yeah right", "thanks for nothing"); strong cue = 1, one weak cue = 0.5;
 *   at least the pair feature `ironicPraise` (round 4), and 0 when the follow-up accepts an offer without ironic praise.
 * - the pair features of {@link pairFeatures} (contradiction, confirmation, restatement, ironicPraise, refusal,
 *   alreadyHave, notYet, actionDone, actionFailed, engagement, rhetorical, pivotAway).
 * - round 9, the learned word-vector components of {@link stanceScores} (each in [-1, 1]): `outcome` (what follows
 *   an action report) and `proposal` (the reply, when the follow-up praises).
 */
export type GaugeSignals = Record<GaugeSignal, number>;

// Conversational and evaluative words: they say how the user feels, not what they talk about,
// so they must not count as topical overlap or as a new topic.
const NON_TOPICAL = new Set(
  ('thank thanks good great better best nice perfect love like want need try think know sound make get go look seem ' +
    'work help helpful useful sure okay ok really much way thing lot idea tip suggestion option one question answer ' +
    'right wrong bad worse fine new other say tell mean ask let use come take give see feel find keep start ' +
    'interesting brilliant awesome amazing wonderful fantastic excellent delicious readable handy exactly spot ' +
    'whatever mind forget still already again actually please yes yeah hmm maybe').split(' '),
);

const clamp01 = (x: number): number => Math.min(1, Math.max(0, x));

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u2032]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, ' - ')
    .replace(/\s+/g, ' ')
    .trim();
}

const NEGATOR_BEFORE = /\b(not|no|never|hardly|isn't|wasn't|aren't|don't|doesn't|didn't|won't|can't|nothing|to be)\s+(\w+\s+)?(at all\s+)?$/;

/** Whether any pattern matches `text`; with `negatable`, a match preceded by a negator within two words is skipped. */
function hits(text: string, patterns: RegExp[], negatable = false): number {
  let count = 0;
  for (const re of patterns) {
    const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : re.flags + 'g');
    for (const m of text.matchAll(g)) {
      if (negatable && NEGATOR_BEFORE.test(text.slice(Math.max(0, m.index - 24), m.index))) continue;
      count++;
    }
  }
  return count;
}

const GRATITUDE = [/\b(?<!no )(thanks|thank you|thank u|thx|cheers|much appreciated|appreciate (it|that|this|the help))\b/];

const ACCEPTANCE = [
  /\b(perfect|spot on|precisely|bingo|delicious|brilliant|excellent|awesome|amazing|wonderful|fantastic|lovely)\b/,
  // "exactly" praises only on its own ("Yes, exactly."), not as an adverb ("almost exactly this").
  /(^|[,.!] )exactly\b|\bexactly[,.!]|\bexactly (what|right)\b/,
  /\bmakes? (total |perfect )?sense\b/,
  /\b(that|this|it) (works|worked|fixed it|solved it|did it|did the trick|was it|was the problem|'s the one|is the one)\b/,
  /\bworks (great|well|perfectly|nicely|now)\b/,
  /\b(great|good|nice|neat|cool|fair|smart|clever|handy|solid) (idea|tip|call|catch|point|suggestion|find|pick|shout|trick|hack|solution|answer|advice|recommendation|approach|thought|choice)\b/,
  /\b(exactly|just) the (\w+ ){0,3}(i|we) (was|were) (looking for|missing|after|hoping for)\b/,
  /\bwhat (i|we) (was|were) (looking for|missing|after)\b/,
  /\b(exactly|just|precisely) what (i|we) (asked for|wanted|needed|said)\b/,
  /\b(is|are|'s|'re|it's)? ?working (nicely|well|great|perfectly|fine now)\b/,
  /(^|[,.!] |\b(i|we) (really |absolutely )?)love (it|that|this|the|those|these)\b/,
  /\b(i|we) (really )?like (it|that|this|the idea|those|these)\b/,
  /\bsounds (good|great|perfect|right|lovely|fun|ideal|spot on|delicious)\b/,
  /\b(much|way|so much) (better|clearer|nicer|more \w+)\b/,
  /\b(really |very |super |so )?(helpful|useful|handy|interesting)\b/,
  /\b(got it|good to know|nice|great)\b|\byes+!/,
  // Round 4: "looks right", "no more errors".
  /\b(looks?|seems?) (right|good|great|perfect|ideal|spot on|promising|like the one)\b/,
  /\bno (more|longer) (errors?|crash(es)?|warnings?|issues?|problems?|timeouts?|bugs?|complaints?|leaks?|lag|flicker)\b/,
  // Round 5: a choice settled ("The Roborock it is."), and terse acceptance ("Deal.", "That'll do.", "Works for me.").
  /(^|[.!?] )(the )?[\w-]+( [\w-]+)? it is[.!]/,
  /(^|[.!?] )(deal|done deal|that'll do|that will do|that does it|works for me|fine by me|sounds like a plan|count me in|i'm in|we're in|say no more|take my money)\b/,
];

ACCEPTANCE.push(
  /\b(lifesaver|life saver|nailed it|bang on|on point|like a charm|huge help|that helps|this helps|helps a lot|that did it|that's it|yes please|sold|yum|neat|sweet)\b/,
  /(👍|🙏|❤️|😍|🔥|🙌|😊|😀|😄|🎉|✅|💯)/u,
);

ACCEPTANCE.push(
  // Reported outcomes: the reply worked in practice.
  /\b(made (such |all |a )?(a |the )?(big |huge |real |world of )?difference|game.?changer|the right call|the highlight|went from \S+ to \S+|(passes|runs|loads|builds|compiles|works) now|is fixed|fixed now)\b/,
);

// Phrases whose surface negation is part of the praise, so the negation check must not cancel them.
const ACCEPTANCE_NEGATED_FORM = [/\bnot bad\b/, /\bcan't believe i missed\b/, /\bno (worries|problem), (that|this)\b/];

const INTENT = [
  // First-person plans with any verb, except ones that decline or defer.
  /\b(i'll|i will|we'll|we will|(i'm|im|i am|we're|we are) (going to|gonna)|^going to|^gonna)\s+(just\s+)?(?!be\b|pass\b|skip\b|avoid\b|ignore\b|think\b|wait\b|see\b|consider\b|discuss\b|stick\b|keep\b|look elsewhere\b|have to\b|need\b)[a-z]+/,
  // Already acted on it: "just ordered", "I booked it" (but not "I already tried that").
  /\b(?<!already )(just |i |we )(booked|ordered|bought|installed|switched|added|implemented|applied|made|cooked|changed|subscribed|downloaded)\b/,
  /\b(i'll|i will|i'm going to|im going to|going to|gonna|i'm gonna|let me|we'll|we will|i can|will)\s+(\w+\s+){0,2}?(try|book|build|order|buy|make|give|use|refactor|bump|add|cook|test|run|switch|take|get|check|put|bake|grab|play|queue|save|bookmark|start|install|apply|ship|read|watch|listen|visit|plan|implement)\b/,
  /\b(ordering|booking|buying|trying|making|adding|cooking|installing|downloading|bookmarking|saving|doing|using|playing|putting|getting)\b[^.!?]{0,40}\b(now|tonight|today|tomorrow|this weekend|this evening|this afternoon|after work|right away|next)\b/,
  /\b(let's|lets) go with\b/,
  /\bgoing with\b/,
  /\bwill do\b/,
  /\badd(ed|ing)? (it|this|that|them) to\b/,
];

const LUKEWARM = [
  /\b(i guess|i suppose|maybe|perhaps|we'll see|i'll see|i'll think about it|not sure|hmm+|hm+)\b/,
  /(?<!\b(the|a|this|that|what|which) )\b(kind of|sort of)\b/,
];
// Deferral: "I'll read up on it later" promises nothing now.
const DEFERRAL = [/\b(later|some ?time|at some point|one day|someday|eventually|in the future|keep (it |that |this )?in mind|bear (it |that |this )?in mind)\b/];
const ACK_WORDS = new Set(['ok', 'okay', 'k', 'kk', 'sure', 'alright', 'right', 'fine', 'noted', 'i', 'see', 'hm', 'hmm', 'yeah', 'yep', 'mhm']);
const ACK_WORDS_EXTRA = ['fair', 'enough', 'cool', 'gotcha', 'understood', 'huh', 'oh', 'ah'];
for (const w of ACK_WORDS_EXTRA) ACK_WORDS.add(w);
const ACK_COMPANIONS = new Set(['thanks', 'thank', 'you', 'then', 'good']);

const CORRECTION = [
  /\bno[,.!]?\s+(i|we)\s+(meant|mean|said|asked|wanted|need|needed)\b/,
  /(?<!\bwhat )\b(i|we)\s+(said|meant|asked for|asked about|asked how|asked what|asked which|asked where|asked if|asked whether|already told you|told you|mentioned|specifically asked|specifically said)\b/,
  /\b(that's|that is|this is|it's|thats|you're|you are|that was)\s+(wrong|incorrect|not right|not correct|not true|mistaken|backwards)\b/,
  /\b(that's|that is|it's|this is|that isn't|it isn't) (not )?(a|an|the|how|what) [^.!?]{0,30}\b(is it|isn't it|right)\?/,
  /\b(that's|that is|it's|this is) not (how|what|true|correct|a thing)\b/,
  /^wait\b/,
  // The user points at what they already said: "as I wrote above", "I put that in my first message".
  /\bas (i|we) (wrote|said|mentioned|explained|specified|described|stated|noted)\b/,
  /\b(i|we) (wrote|put|showed|specified|explained|described|stated|included) (that|it|this)\b/,
  /\b(said|wrote|mentioned|told you|explained|asked|specified) [^.!?]{0,20}\b(above|earlier|before|at the start)\b/,
  /\bin my (first|last|previous|original) (message|question|post)\b/,
  /\bnot what (i|we) (asked|meant|wanted|said|need)/,
  /\byou mean\b/,
  /\b(misunderstood|misread|mixed up|you confused)\b/,
  /^(actually|no)\b(?! (problem|worries)\b)/,
  /\b(close,? but|not quite what|almost,? but)\b/,
  /(^|[,.;] )not [\w'-]+( [\w'-]+)?[.!]?$/,
];

const REJECTION = [
  /\b(nah|nope|not really|not quite|not it|doesn't answer|didn't answer|repeating yourself|you already said)\b/,
  /(👎|😡|😠|😞|😤|💩)/u,
  /\b(useless|pointless|unhelpful|waste of|wasted|terrible|awful|horrible|boring|bad advice|bad idea|bad suggestion|worse|garbage|rubbish)\b/,
  /\bnot (very |really |at all |even )?(helpful|useful|relevant|it|right for)\b/,
  /\b(isn't|is not|wasn't|was not|didn't|did not|doesn't|does not|don't|won't|still not|not)\s+(help|helping|helpful|work|working|fit|fits|make sense|worth)\b/,
  /\bstill (broken|failing|wrong|not working|doesn't|crashing)\b/,
  /\b(no thanks|no thank you|not interested|not (really )?my (thing|style|taste)|none of (this|these|those|them|it))\b/,
  /\b(hate|hated|frustrat\w*|annoy\w*|disappoint\w*|sick of|tired of|fed up)\b/,
  /\b(over budget|too (expensive|slow|fast|long|short|much|many|loud|small|big|generic|pricey|basic|complicated|complex|vague|hard|difficult|verbose|wordy|bland|spicy|sweet|salty))\b/,
  /\b(ignor(e|es|ed|ing)|generic|never ?mind|whatever|forget (it|that|about it))\b/,
  /\bplease (don't|stop|just)\b|\bdon't suggest\b/,
  /\b(non-?starter|deal-?breaker|no good|nightmare|hard pass|not a fan|meh|nope)\b/,
  /\b(won't|will not|wouldn't|isn't going to|not going to) (work|help|fit|do)\b/,
  /\b(i|we) (don't|do not) (trust|like|want|need|buy|believe)\b/,
  /\b(i|we) (can't|cannot|couldn't) (?!believe|wait)\w+/,
  // Workarounds the user sees through: "that just hides the problem".
  /\b(that|this|it) (just|only|simply|merely) (hides|masks|moves|shifts|avoids|dodges|covers up|papers over|treats)\b/,
  /\b(real|actual|underlying) (problem|issue|question)\b/,
  /\b(makes no sense|doesn't make (any )?sense|does not make sense|not my problem|does nothing for|nothing to do with)\b/,
  /\bplease (read|look at|check) (the|my|what)\b/,
  /\b(didn't|did not|don't) (read|listen|understand)\b/,
  /\bi already (did|tried|do|said|remove|checked|told)\b/,
  /\bnothing (here |there )?for\b/,
  // Round 7: "Way too vague to be useful.", "You've made it say the opposite."
  /\btoo \w+ to be (useful|helpful|of use|any use|usable)\b/,
  /\b(say|says|mean|means|do|does) the (exact )?opposite\b/,
  // Unmet expectations: "I was hoping for ideas grounded in...", "I really needed something that...".
  /\b(i|we) (was |were |really |had )?(hoping for|hoping to|needed something|wanted something|expected)\b/,
  /\b(tried|tested) (\w+ ){0,3}(before|already|last (week|month|quarter|year|time))\b/,
  /\b(out of stock|sold out|more than my (\w+ )?budget|beyond my budget)\b/,
  // Concession: polite praise that only sets up a "but".
  /\b(i'm sure|i appreciate|thanks|fine|nice|good|great|sure|i see)\b[^.!?]{0,40}\bbut\b/,
];
// Single negative words a negator cancels ("not bad", "I don't hate it").
const REJECTION_NEGATABLE = [/\b(bad|terrible|awful|boring|useless|hate)\b/];

const REDIRECT = [
  /\b(unrelated|different (question|topic|subject|thing)|switching gears|change of (topic|subject)|by the way|btw|anyway|anyways|on another note|random question|new question|off topic|another question|separate (question|thing|topic)|totally different)\b/,
  /\binstead\s*\?/,
];

const SARCASM_STRONG = [
  /\byeah,? right\b/,
  /\bthanks for nothing\b/,
  /\b(oh|wow|well|gee|ah),? (great|wonderful|fantastic|brilliant|perfect|lovely|terrific|joy|genius|amazing|super|awesome|splendid|sure|yes|right|totally|of course)\b/,
  /\bnothing says [\w' ]{1,30} like\b/,
  /^(yes|yeah|sure|right|oh),? because\b/,
  /\bso (creative|original|helpful|useful|insightful|innovative|clever|thoughtful)\b/,
  /\bbecause [^.?!]{0,80}\b(ever|always) (helped|worked|helps|works)\b/,
  /^sure,? (let me|because|why not)\b/,
  /\b(users|people|everyone|customers|they) (will|would|are going to) love (that|it|this)\b/,
  /\bjust what (a|an|the|every|everyone|anyone) [\w ]{1,25} needed\b/,
  // Round 7: "What could possibly go wrong", "Just what my boss wanted to read."
  /\bwhat could (possibly )?go wrong\b/,
  /\bjust what (my|our|his|her|their) \w+ (wanted|needed)\b/,
];
const SARCASM_WEAK = [
  /(🙄|🙃|😒)/u,
  /\b(just|exactly) what (i|we) (needed|wanted)\b/,
  /\bnever (would have )?thought of that\b/,
  /\bcan't wait\b/,
  /\b(let me|i'll|we'll|i will|we will) just\b/,
  /^(right|sure|yeah),? (me|you|we|everyone|because|as if|like)\b/,
  /\bthanks a lot\b/,
  /\b(great|wonderful|brilliant|perfect|fantastic) (plan|job|work)( indeed)?\b/,
  /\b(groundbreaking|revolutionary)\b/,
  /^(sure|right|yeah),? right after\b/,
  /\bjust the [\w ]{1,20} (i|we) (dreamed|dreamt|always wanted|hoped for|needed|wanted)\b/,
  // Round 4: looking forward to the chore itself ("Debugging will be a joy.").
  /\b(will|'ll|gonna) be (a (joy|treat|delight|blast|party|dream)|(so much |great |such )?fun|a walk in the park)\b/,
  // A flat "Wow." (full stop, not "!") is deadpan.
  /(^|[.!?] )wow\.( |$)/,
  /\bbecause i love\b/,
  /\b(really|very|real) (helpful|clean|useful|smart)\.$/,
  /\banother\b/,
];

const STRONG_REFERENCE = [
  /\bthe (first|second|third|fourth|last|other|former|latter|middle|\w+-?\w*) (one|ones|option|version|idea|suggestion|route|pick|choice)\b/,
  /\b(option|number|choice) (one|two|three|four|1|2|3|4)\b/,
  /\b(that|this|those|these) (one|ones|idea|tip|suggestion|trick|option|version|arc|list|recipe|route|plan|approach|advice)\b/,
  /\b(that|this|it)'s (the one|why|what)\b/,
  /\b(let's|lets) go with\b/,
  // Round 5: a pick among the reply's options ("The Roborock it is.").
  /(^|[.!?] )(the )?[\w-]+( [\w-]+)? it is[.!]/,
  /\byour (suggestion|idea|tip|advice|recommendation|list|pick)\b/,
];
const WEAK_REFERENCE = [/\b(it|that|those|these|this|them|there)\b/];

const QUESTION_START = /(^|[.!?] )(how|what|what's|why|which|where|when|who|does|do|did|is|are|can|could|would|should|will|any|have)\s/;

function isQuestion(sentence: string): boolean {
  return sentence.trim().endsWith('?') || QUESTION_START.test(normalise(sentence));
}

// A question's evaluative words describe what is asked for ("a good keyboard?"), not the reply,
// so only statements carry sentiment about the reply. Weighted by sentence length.
const WINK_SHARE = 0.5;
function statementSentiment(a: Analysis): number {
  let sum = 0;
  let weight = 0;
  let worst = 0;
  for (const s of a.sentences) {
    if (isQuestion(s.text)) continue;
    // Round 5: a statement neither wink nor AFINN scores ("Clunky and sluggish.") is read through the valence of
    // its describing words derived from word vectors, at half strength.
    const unscored = s.sentiment === 0 && s.afinn === 0;
    // AFINN ignores "didn't" before a praise word ("This didn't help at all" scores +2); wink reads the negation.
    const afinnNegated = s.afinn > 0 && s.sentiment < 0 && /\b(not|never|no)\b|n't\b/i.test(s.text);
    const value = unscored
      ? 0.5 * Math.tanh(derivedValence(s.text) / 3)
      : afinnNegated
        ? s.sentiment
        : WINK_SHARE * s.sentiment + (1 - WINK_SHARE) * Math.tanh(s.afinn / 3);
    sum += value * s.length;
    weight += s.length;
    worst = Math.min(worst, value);
  }
  const mean = weight === 0 ? 0 : sum / weight;
  // Round 5: a clear complaint is not diluted by the sentences around it (length must not raise the score).
  return worst <= -0.3 ? Math.min(mean, worst) : mean;
}

/** Sum of the derived valence of a text's adjectives and adverbs, counting only clear ones (|valence| ≥ 1.2). */
function derivedValence(text: string): number {
  return analyse(text.toLowerCase()).tokens.reduce((sum, t) => {
    const v = (t.pos === 'ADJ' || t.pos === 'ADV') && !t.stop ? (DERIVED_VALENCE.get(t.normal) ?? 0) : 0;
    return sum + (Math.abs(v) >= 1.2 ? v : 0);
  }, 0);
}

function contrastTail(text: string): string {
  const m = [...text.matchAll(/\b(but|however|though|although)\b/g)].pop();
  return m ? text.slice(m.index) : text;
}

function isBareAck(tokens: AnalysedToken[]): boolean {
  const words = tokens.filter((t) => t.type === 'word').map((t) => t.normal);
  return words.length > 0 && words.every((w) => ACK_WORDS.has(w) || ACK_COMPANIONS.has(w)) && words.some((w) => ACK_WORDS.has(w));
}

// A flat fragment of nouns and numbers that just repeats part of the reply ("Six weeks." "A salad.") reads as deadpan.
const FLAT_POS = new Set(['DET', 'NUM', 'NOUN', 'PROPN', 'PUNCT']);
function flatEchoes(followup: string, responseStems: Set<string>, responseWords: Set<string>): number {
  let n = 0;
  for (const sentence of analyse(followup).sentences) {
    const text = sentence.text.trim();
    if (!text.endsWith('.')) continue;
    const tokens = analyse(text).tokens;
    const words = tokens.filter((t) => t.type === 'word' || t.type === 'number');
    if (words.length === 1 && responseWords.has(words[0].normal)) {
      n++;
      continue;
    }
    if (words.length === 0 || words.length > 3 || !tokens.every((t) => FLAT_POS.has(t.pos))) continue;
    if ([...contentStems(tokens, NON_TOPICAL)].some((s) => responseStems.has(s))) n++;
  }
  return n;
}

/** Characters of each text the gauge reads; the rest is ignored. */
export const GAUGE_MAX_CHARS = 4000;

/**
 * Computes the gauge signals for a reply and the user's follow-up (first {@link GAUGE_MAX_CHARS} characters of each).
 * Deterministic; depends only on the two texts (the length of either is not a signal).
 */
export function gaugeSignals(response: string, followup: string): GaugeSignals {
  return pairSignals(response, followup).signals;
}

/** {@link gaugeSignals}, with whether the follow-up praises ({@link praises}), which the wide model also reads. */
export function pairSignals(response: string, followup: string): { signals: GaugeSignals; praised: boolean } {
  // Chat messages are short; capping keeps the cost of tagging and cue matching bounded for hostile input.
  response = response.slice(0, GAUGE_MAX_CHARS);
  followup = followup.slice(0, GAUGE_MAX_CHARS);
  const f = normalise(followup);
  const fa = analyse(followup);
  const ra = analyse(response);

  const responseStems = contentStems(ra.tokens, NON_TOPICAL);
  const followStems = [...contentStems(fa.tokens, NON_TOPICAL)];
  const considered = followStems.slice(0, Math.max(1, Math.min(3, followStems.length)));
  const matched = followStems.filter((s) => responseStems.has(s)).length;
  const overlap = followStems.length === 0 ? 0 : clamp01(matched / considered.length);

  const strongRef = hits(f, STRONG_REFERENCE) > 0;
  const weakRef = hits(f, WEAK_REFERENCE) > 0;
  const reference = strongRef ? 1 : weakRef ? 0.4 : 0;

  const explicitRedirect = hits(f, REDIRECT) > 0;
  // A question the user explicitly marks as a new thread ("by the way, ...") is not digging into the reply.
  const asks = fa.sentences.some((s) => isQuestion(s.text));
  const questionRefers = fa.sentences.some((s) => isQuestion(s.text) && hits(normalise(s.text), WEAK_REFERENCE) > 0);
  const deeperQuestionRaw = !asks || explicitRedirect ? 0 : overlap > 0 || strongRef ? 1 : questionRefers ? 0.6 : 0;

  const strongSarcasm = hits(f, SARCASM_STRONG) > 0;
  const weakSarcasm = hits(f, SARCASM_WEAK) + flatEchoes(followup, responseStems, new Set(ra.tokens.map((t) => t.normal)));
  const pair = pairFeatures(response, followup, fa, ra);
  // Round 4: an accepted offer ("Oh yes, book it for Saturday.") is not irony unless a burden says so, and
  // ironic praise over a burden in the reply ("Sounds restful." after a 9-hour layover) turns praise around
  // just as a sarcasm cue does.
  // Round 17: surprise followed by thanks or a commitment ("one click. one. thank you") is delight: its weak cues (a
  // flat echo, "can't believe") are not irony, and its disbelief ("wait, really?", "no way") is not a correction.
  const surprised = sincereSurprise(followup);
  const cueSarcasm = strongSarcasm ? 1 : surprised ? 0 : weakSarcasm >= 2 ? 1 : weakSarcasm === 1 ? 0.5 : 0;
  const sarcasm = pair.acceptOffer && !pair.ironicPraise ? 0 : Math.max(cueSarcasm, pair.ironicPraise);

  const deferred = hits(f, DEFERRAL) > 0;
  const intent = hits(f, INTENT) > 0 && !deferred ? 1 : 0;
  const bareAck = isBareAck(fa.tokens);
  const lukewarm = bareAck ? 1 : hits(f, LUKEWARM) > 0 || deferred ? 0.6 : 0;

  // After "X, but Y" the weight of the message is on Y, so praise before the "but" does not count.
  // Sarcasm turns praise into its opposite; a hedge ("good to know, I guess") halves its commitment.
  const tail = contrastTail(f);
  const damp = (1 - sarcasm) * (1 - 0.5 * lukewarm);
  const gratitude = (hits(tail, GRATITUDE) > 0 ? 1 : 0) * damp;
  const acceptanceHits = hits(tail, ACCEPTANCE, true) + hits(tail, ACCEPTANCE_NEGATED_FORM);
  // Round 7: praise inside a pivot away ("Forget Porto. Is Seville nice in May?") is about the new subject.
  const acceptance = clamp01(acceptanceHits / 2) * damp * (1 - pair.pivotAway);
  const novelty = followStems.length >= 2 && matched === 0 && !strongRef ? 1 : 0;
  const redirection = explicitRedirect ? 1 : 0.6 * novelty;

  const correction = surprised ? 0 : clamp01(hits(f, CORRECTION) / 2);
  const rejection = clamp01((hits(f, REJECTION) + hits(f, REJECTION_NEGATABLE, true)) / 2);
  // A question that comes with a complaint, a correction or irony is rhetorical or a re-ask, not uptake.
  const deeperQuestion = deeperQuestionRaw * (1 - Math.max(correction, rejection, sarcasm, pair.rhetorical, pair.pivotAway));

  // wink scores "ok"/"noted" as positive; a bare acknowledgement carries no evaluation.
  const polarity = bareAck ? 0 : statementSentiment(fa);
  // Round 6: after a yes to an offer, a negative word is about the task, not the reply ("Yes, that's the part I was dreading.").
  const sentiment = polarity > 0 ? polarity * (1 - 2 * sarcasm) * (1 - 0.5 * lukewarm) : pair.acceptOffer && !pair.ironicPraise ? 0 : polarity;

  // Round 9: the learned components.
  const praised = praises(followup, fa);
  const learned = stanceScores(response, followup, pair.actionDone > 0 || pair.actionFailed > 0, praised);

  const signals: GaugeSignals = {
    sentiment,
    // Round 5: words of the reply reused in a complaint or a correction are not uptake.
    overlap: correction > 0 || rejection > 0 ? 0 : overlap,
    reference,
    deeperQuestion,
    gratitude,
    acceptance,
    intent,
    lukewarm,
    redirection,
    correction,
    rejection,
    sarcasm,
    ...pair,
    ...learned,
  };
  return { signals, praised };
}
