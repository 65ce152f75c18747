import { analyse } from '../nlp';
import type { AskInput, GroundingItem, Theme } from './types';

/**
 * The template's /ask answer, written the way a helpful assistant would put it.
 *
 * - Names come only from `liked`, `suggestions` and theme examples; descriptions are read (to relate an item
 *   to a theme or to the question) but never quoted.
 * - A suggestion is tied to what the anchor already likes ("close to Kind of Blue, which they already have"),
 *   not to query words; for a specific question, the words of the question the item covers are said in a
 *   sentence, not quoted back.
 * - Deterministic; the wording varies with the anchor, lens and query (several phrasings per slot).
 */
export function composeAskAnswer(input: AskInput): string {
  const who = voiceOf(input.anchor);
  const query = clean(input.query);
  const vary = new Variation(`${input.anchor.id}|${clean(input.inTermsOf)}|${query}`);
  const generic = input.intent === 'generic';
  const themes = [...(input.themes ?? [])].filter((t) => clean(t.label)).sort((a, b) => b.weight - a.weight);
  const suggestions = unique(input.suggestions ?? []);
  const liked = unique([...(input.liked ?? [])].sort((a, b) => b.score - a.score)).slice(0, 3);
  const terms = generic ? [] : queryTerms(query);

  if (suggestions.length === 0) return nothingFits(input, who, themes, liked, terms, generic, vary);

  const [top, ...rest] = suggestions;
  const topName = clean(top.name);
  const kin = kinOf(top, liked, themes);
  const asked = coveredTerms(top, terms);
  const sentences: string[] = [];
  const because = kin
    ? vary.pick([`it's close to ${kin}, which ${who.subj} already ${who.v('have', 'has')}`, `it sits right next to ${kin} in ${who.poss} taste`, `anyone who likes ${kin} tends to like it too`], 'because')
    : vary.pick([`it's ${strength(top.score)} for ${who.poss} taste`, `it fits ${who.poss} taste ${top.score >= 0.75 ? 'closely' : 'well'}`], 'because');
  if (generic) {
    sentences.push(
      vary.pick(
        [
          `I'd go for ${topName} next: ${because}.`,
          `My pick for ${who.name} would be ${topName}, since ${because}.`,
          `${topName} stands out for ${who.name}: ${because}.`,
          `Going by what ${who.name} already likes, ${topName} is the one to look at first; ${because}.`,
        ],
        'open-generic',
      ),
    );
  } else {
    const covers = asked.length ? ` and it covers the ${list(asked)} side of the question` : '';
    sentences.push(
      vary.pick(
        [
          `For that, I'd suggest ${topName}: ${because}${covers}.`,
          `${topName} is the best answer here: ${because}${covers}.`,
          `I'd start with ${topName}, since ${because}${covers}.`,
        ],
        'open-specific',
      ),
    );
  }

  const [second, third] = rest;
  if (second) {
    const kin2 = kinOf(second, liked, themes, kin);
    const name2 = clean(second.name);
    const otherSide = kin2 && kin2 !== kin;
    sentences.push(
      otherSide
        ? vary.pick(
            [`On the other side of ${who.poss} taste, ${name2} goes well with ${kin2}.`, `For a change of pace, ${name2} suits the part of ${who.poss} taste that ${kin2} stands for.`],
            'second-other',
          )
        : vary.pick([`${name2} is also worth a look.`, `If that doesn't appeal, ${name2} is a good alternative.`, `${name2} would be my second choice.`], 'second'),
    );
  }
  if (third) {
    const further = rest.slice(1, 4).map((i) => clean(i.name));
    sentences.push(vary.pick([`Also in the running: ${list(further)}.`, `Others that fit: ${list(further)}.`], 'further'));
  }
  return sentences.join(' ');
}

function nothingFits(input: AskInput, who: Voice, themes: Theme[], liked: GroundingItem[], terms: Term[], generic: boolean, vary: Variation): string {
  const lens = clean(input.inTermsOf) || 'general';
  const q = clean(input.query);
  const opener = generic
    ? vary.pick([`I don't see anything new in the workspace that fits ${who.name}'s taste yet.`, `Nothing in the workspace that ${who.name} doesn't already have fits their taste yet.`], 'empty-generic')
    : vary.pick(
        [
          `I don't have anything in the workspace that fits “${q}” yet.`,
          `Nothing in the workspace matches “${q}” for ${who.name} so far.`,
          `There are no workspace items to suggest for “${q}” yet.`,
        ],
        'empty',
      );
  const knows: string[] = [];
  if (themes.length) knows.push(`${who.poss} taste in ${lens} leans towards ${list(themes.slice(0, 3).map((t) => `${clean(t.label)} (${pct(t.weight)})`))}`);
  if (liked.length) knows.push(`${knows.length ? 'with' : `${who.name} already likes`} ${list(liked.map((i) => clean(i.name)))}${knows.length ? ' as the clearest examples' : ''}`);
  if (!knows.length) {
    return `${opener} I also don't know enough about ${who.name}'s taste in ${lens} to guess; linking a few items to ${who.obj} would change that.`;
  }
  const topic = terms.length ? ` that also has to do with ${list(terms.slice(0, 3).map((t) => t.word), 'or')}` : '';
  return `${opener} What I can tell you: ${knows.join(', ')}. Anything added along those lines${topic} would be a natural suggestion.`;
}

interface Voice {
  name: string;
  subj: string;
  poss: string;
  obj: string;
  v: (base: string, third: string) => string;
}

function voiceOf(anchor: AskInput['anchor']): Voice {
  const person = /^(user|person|people|member|customer|persona|profile)$/i.test(anchor.type.trim());
  const name = clean(anchor.name) || 'this entity';
  return person
    ? { name, subj: 'they', poss: 'their', obj: 'them', v: (base) => base }
    : { name, subj: 'it', poss: 'its', obj: 'it', v: (_base, third) => third };
}

/**
 * The liked item (or theme example) closest to `item` by shared word stems, named as the reason; `avoid`
 * skips a name already used. Undefined when nothing shares a word.
 */
function kinOf(item: GroundingItem, liked: GroundingItem[], themes: Theme[], avoid?: string): string | undefined {
  const own = stemsOf(`${item.name} ${item.description ?? ''}`);
  let best: { name: string; n: number } | undefined;
  const pool = unique([...liked, ...themes.flatMap((t) => t.examples)]);
  for (const l of pool) {
    const name = clean(l.name);
    if (!name || name === clean(item.name) || name === avoid) continue;
    const theirs = stemsOf(`${l.name} ${l.description ?? ''}`);
    let n = 0;
    for (const s of own) if (theirs.has(s)) n++;
    if (n > 0 && (!best || n > best.n)) best = { name, n };
  }
  return best?.name;
}

const CONTENT_POS = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ', 'NUM']);

function contentTokens(text: string) {
  return analyse(text).tokens.filter((t) => !t.stop && CONTENT_POS.has(t.pos) && t.normal.length >= 3 && t.type === 'word');
}

// Item texts recur across requests (the same liked items and theme examples): tagging them once saves
// most of the answer's cost. Bounded; the oldest entry goes first.
const stemCache = new Map<string, Set<string>>();
function stemsOf(text: string): Set<string> {
  let stems = stemCache.get(text);
  if (stems) return stems;
  stems = new Set(contentTokens(text).map((t) => t.stem));
  stemCache.set(text, stems);
  if (stemCache.size > 5_000) stemCache.delete(stemCache.keys().next().value as string);
  return stems;
}

// The subject of a question is in its nouns and adjectives; its verbs ("watch", "buy") say how, not what.
const SUBJECT_POS = new Set(['NOUN', 'PROPN', 'ADJ']);

interface Term {
  word: string;
  stem: string;
}

function queryTerms(query: string): Term[] {
  const seen = new Set<string>();
  return contentTokens(query)
    .filter((t) => SUBJECT_POS.has(t.pos))
    .filter((t) => (seen.has(t.stem) ? false : (seen.add(t.stem), true)))
    .map((t) => ({ word: t.normal, stem: t.stem }))
    .slice(0, 5);
}

function coveredTerms(item: GroundingItem, terms: Term[]): string[] {
  if (!terms.length) return [];
  const stems = stemsOf(`${item.name} ${item.description ?? ''} ${item.type ?? ''}`);
  return terms.filter((t) => stems.has(t.stem)).map((t) => t.word);
}

function strength(score: number): string {
  return score >= 0.75 ? 'a strong match' : score >= 0.5 ? 'a good fit' : 'a reasonable fit';
}

function unique(items: GroundingItem[]): GroundingItem[] {
  const seen = new Set<string>();
  return items.filter((i) => {
    const key = clean(i.name).toLowerCase();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function list(items: string[], conjunction = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

const clean = (s: string | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();
const pct = (w: number): string => `${Math.round(Math.min(1, Math.max(0, Number.isFinite(w) ? w : 0)) * 100)}%`;

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

class Variation {
  constructor(private readonly seed: string) {}
  pick<T>(options: readonly T[], slot: string): T {
    return options[fnv1a(`${this.seed}|${slot}`) % options.length];
  }
}
