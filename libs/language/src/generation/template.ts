import { analyse } from '../nlp';
import { composeAskAnswer } from './answer-ask';
import type { Anchor, AskInput, ExplainInput, TextGenerator, Theme } from './types';

/**
 * The embedded generator: composes grounded prose from the input alone, with no model server.
 *
 * Guarantees:
 * - Item names come only from `liked`, `suggestions` and theme examples; descriptions are read (to match
 *   query words) but never quoted, so they cannot smuggle in other names.
 * - Deterministic: phrasing varies between inputs (seeded by anchor, lens and query) but not between calls.
 * - `ask` (see {@link composeAskAnswer}) ties each suggestion to what the anchor already likes; with no
 *   suggestions it says so and reports what it knows (themes, liked items), or that it knows nothing yet.
 * - `explain` gives the main themes with examples and what the anchor avoids. `domain` changes the framing:
 *   discovery → what to surface next; design → look and feel, what clashes; decisions → tie-breaks and
 *   vetoes; data → shares as percentages, concentration and example counts. `task` adds advice:
 *   commerce-agent → merchandising (lead, cross-sell, never recommend, ordering); coding-agent → defaults,
 *   copy, sample content and config/tokens; design-agent → primary/secondary direction, references, don'ts;
 *   insight-agent → patterns with a confidence per theme.
 */
export class TemplateGenerator implements TextGenerator {
  /** Always "template". */
  readonly id = 'template';

  /** Answers the query from the given items and themes. */
  async ask(input: AskInput): Promise<string> {
    return composeAskAnswer(input);
  }

  /** Explains the anchor's taste from the given themes. */
  async explain(input: ExplainInput): Promise<string> {
    return composeExplain(input);
  }
}


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

function list(items: string[], conjunction = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

const pct = (w: number): string => `${Math.round(clamp01(w) * 100)}%`;
const clamp01 = (x: number): number => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);
const clean = (s: string | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();
const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

function quoted(text: string): string {
  return `“${clean(text)}”`;
}

interface Voice {
  name: string;
  subj: string;
  poss: string;
  obj: string;
  /** Conjugates a present-tense verb for the subject: "lean" → "leans" / "lean". */
  v: (base: string, third: string) => string;
}

// People take "they"; places, brands and other entities take "it".
function voiceOf(anchor: Anchor): Voice {
  const person = /^(user|person|people|member|customer|persona|profile)$/i.test(anchor.type.trim());
  const name = clean(anchor.name) || 'this entity';
  return person
    ? { name, subj: 'they', poss: 'their', obj: 'them', v: (base) => base }
    : { name, subj: 'it', poss: 'its', obj: 'it', v: (_base, third) => third };
}

function lensOf(inTermsOf: string): string {
  return clean(inTermsOf) || 'general';
}

const CONTENT_POS = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ', 'NUM']);

/** Query words worth echoing: content words, surface form, at most five. */
function queryTerms(query: string): { word: string; stem: string }[] {
  const seen = new Set<string>();
  const out: { word: string; stem: string }[] = [];
  for (const t of analyse(query).tokens) {
    if (t.stop || !CONTENT_POS.has(t.pos) || t.normal.length < 3 || t.type !== 'word') continue;
    if (seen.has(t.stem)) continue;
    seen.add(t.stem);
    out.push({ word: t.normal, stem: t.stem });
  }
  return out.slice(0, 5);
}

function stemsOf(text: string): Set<string> {
  return new Set(analyse(text).tokens.map((t) => t.stem));
}




function byWeight(themes: Theme[]): Theme[] {
  return [...themes].filter((t) => clean(t.label)).sort((a, b) => b.weight - a.weight);
}

function exampleNames(theme: Theme, max = 3): string[] {
  return [...theme.examples].sort((a, b) => b.score - a.score).slice(0, max).map((e) => clean(e.name)).filter(Boolean);
}






function confidence(theme: Theme): 'high' | 'medium' | 'low' {
  const n = theme.examples.length;
  if (n >= 3 && theme.weight >= 0.3) return 'high';
  if (n >= 2 && theme.weight >= 0.15) return 'medium';
  return 'low';
}

/** exp(Shannon entropy) of the shares: 1 when one theme holds everything, N when N themes share equally. */
function effectiveThemes(themes: Theme[]): number {
  const total = themes.reduce((s, t) => s + Math.max(0, t.weight), 0);
  if (total <= 0) return 0;
  let h = 0;
  for (const t of themes) {
    const p = Math.max(0, t.weight) / total;
    if (p > 0) h -= p * Math.log(p);
  }
  return Math.exp(h);
}

function themeSentences(themes: Theme[], voice: Voice, vary: Variation): string {
  const lines: string[] = [];
  themes.slice(0, 4).forEach((t, i) => {
    const ex = exampleNames(t);
    const eg = ex.length > 0 ? `, for example ${list(ex)}` : '';
    const label = clean(t.label);
    if (i === 0) {
      lines.push(
        vary.pick(
          [`Mostly ${label} (about ${pct(t.weight)})${eg}.`, `The largest part is ${label}, about ${pct(t.weight)} of it${eg}.`],
          'theme0',
        ),
      );
    } else if (i === 1) {
      lines.push(vary.pick([`Then ${label} (${pct(t.weight)})${eg}.`, `Next comes ${label} at ${pct(t.weight)}${eg}.`], 'theme1'));
    } else {
      lines.push(`A smaller share goes to ${label} (${pct(t.weight)})${eg}.`);
    }
  });
  if (themes.length > 4) lines.push(`${cap(voice.poss)} remaining ${themes.length - 4} themes are minor.`);
  return lines.join(' ');
}

function dataLines(themes: Theme[]): string {
  const lines = themes.map((t) => {
    const ex = exampleNames(t);
    const n = t.examples.length;
    return `- ${clean(t.label)}: ${pct(t.weight)} of the taste, ${n} example${n === 1 ? '' : 's'}${ex.length ? ` (${ex.join(', ')})` : ''}`;
  });
  const top1 = themes[0]?.weight ?? 0;
  const top2 = (themes[0]?.weight ?? 0) + (themes[1]?.weight ?? 0);
  const summary = [`The top theme holds ${pct(top1)}`];
  if (themes.length > 1) summary.push(`the top two ${pct(top2)}`);
  summary.push(`effective number of themes ${effectiveThemes(themes).toFixed(1)} of ${themes.length} (1.0 would mean a single theme)`);
  return `${lines.join('\n')}\n${summary.join('; ')}.`;
}

function avoidSentence(avoids: Theme[], voice: Voice): string {
  if (avoids.length === 0) return 'No clear dislikes show up yet.';
  const parts = avoids.slice(0, 3).map((t) => {
    const ex = exampleNames(t, 2);
    return ex.length > 0 ? `${clean(t.label)} (e.g. ${list(ex)})` : clean(t.label);
  });
  return `${cap(voice.subj)} ${voice.v("don't", "doesn't")} go for ${list(parts)}.`;
}

function queryFocus(query: string, themes: Theme[], avoids: Theme[], voice: Voice): string {
  const q = clean(query);
  if (!q) return '';
  const terms = queryTerms(q);
  const hit = (t: Theme): boolean => {
    if (terms.length === 0) return false;
    const stems = stemsOf([t.label, ...t.examples.map((e) => `${e.name} ${e.description ?? ''} ${e.type ?? ''}`)].join(' '));
    return terms.some((term) => stems.has(term.stem));
  };
  const close = themes.filter(hit).slice(0, 2);
  const clash = avoids.filter(hit).slice(0, 1);
  const bits: string[] = [];
  if (close.length > 0) {
    bits.push(`the closest parts of ${voice.poss} taste are ${list(close.map((t) => `${clean(t.label)} (${pct(t.weight)})`))}`);
  } else if (themes.length > 0) {
    // Nothing in the themes names the question's words: the main theme is the guide.
    return `For ${quoted(q)}, go by ${voice.poss} main theme, ${clean(themes[0].label)}${clash.length ? `, and stay clear of ${clean(clash[0].label)}` : ''}.`;
  } else {
    bits.push('there is not enough linked content to say');
  }
  if (clash.length > 0) bits.push(`but it touches ${clean(clash[0].label)}, which ${voice.subj} ${voice.v('avoid', 'avoids')}`);
  return `On ${quoted(q)}: ${bits.join(', ')}.`;
}

function domainAdvice(input: ExplainInput, themes: Theme[], avoids: Theme[]): string {
  const t1 = themes[0];
  const t2 = themes[1];
  const avoid = avoids.length > 0 ? list(avoids.slice(0, 2).map((t) => clean(t.label)), 'or') : '';
  if (!t1) return '';
  const ex1 = exampleNames(t1, 2);
  switch (input.domain) {
    case 'discovery':
      return [
        `Surface ${clean(t1.label)} first${ex1.length ? ` (${list(ex1)} show the target)` : ''}`,
        t2 ? `mix in ${clean(t2.label)} for variety` : '',
        avoid ? `and keep ${avoid} out of the feed` : '',
      ].filter(Boolean).join(', ') + '.';
    case 'design':
      return [
        `Take ${clean(t1.label)} as the primary direction for look and feel`,
        t2 ? `borrow accents from ${clean(t2.label)}` : '',
        avoid ? `anything that reads as ${avoid} will clash` : '',
      ].filter(Boolean).join('; ') + '.';
    case 'decisions':
      return [
        `When options are close, pick the one nearer ${clean(t1.label)}${t2 ? `, with ${clean(t2.label)} as the tie-breaker` : ''}`,
        avoid ? `treat ${avoid} as a veto rather than a weak preference` : '',
      ].filter(Boolean).join('; ') + '.';
    default:
      return '';
  }
}

function taskAdvice(input: ExplainInput, themes: Theme[], avoids: Theme[]): string {
  const t1 = themes[0];
  if (!t1 || !input.task) return '';
  const t2 = themes[1];
  const l1 = clean(t1.label);
  const ex1 = exampleNames(t1, 2);
  const avoid = avoids.length > 0 ? list(avoids.slice(0, 2).map((t) => clean(t.label)), 'or') : '';
  switch (input.task) {
    case 'commerce-agent':
      return [
        `For merchandising: lead with ${l1}${ex1.length ? ` (${list(ex1)})` : ''}`,
        t2 ? `cross-sell ${clean(t2.label)}` : '',
        avoid ? `never recommend ${avoid}` : '',
        `and order results by closeness to ${l1} before popularity.`,
      ].filter(Boolean).join(', ');
    case 'coding-agent':
      return [
        `For UI and code: set defaults, sample content and copy tone to ${l1}`,
        t2 ? `offer ${clean(t2.label)} as an option rather than the default` : '',
        avoid ? `keep ${avoid} out of defaults and fixtures` : '',
        'and encode these themes as configuration or design tokens instead of hard-coding them.',
      ].filter(Boolean).join('; ');
    case 'design-agent': {
      const refs = themes.slice(0, 2).flatMap((t) => exampleNames(t, 2));
      return [
        `Direction: primary style ${l1}${t2 ? `, secondary ${clean(t2.label)}` : ''}.`,
        refs.length ? `References: ${list(refs)}.` : '',
        avoid ? `Don'ts: ${avoid}.` : '',
      ].filter(Boolean).join(' ');
    }
    case 'insight-agent': {
      const patterns = themes.slice(0, 3).map(
        (t) => `${clean(t.label)} at ${pct(t.weight)} from ${t.examples.length} example${t.examples.length === 1 ? '' : 's'} (${confidence(t)} confidence)`,
      );
      const close = t2 && Math.abs(t1.weight - t2.weight) < 0.1 ? ' The top two are within ten points, so their order is tentative.' : '';
      return `Patterns: ${list(patterns)}.${close}`;
    }
    default:
      return '';
  }
}

function composeExplain(input: ExplainInput): string {
  const voice = voiceOf(input.anchor);
  const lens = lensOf(input.inTermsOf);
  const vary = new Variation(`${input.anchor.id}|${lens}|${clean(input.query)}|${input.domain ?? ''}|${input.task ?? ''}`);
  const themes = byWeight(input.themes ?? []);
  const avoids = byWeight(input.avoids ?? []);

  if (themes.length === 0) {
    const parts = [`I don't have enough linked content to describe ${voice.name}'s taste in ${lens} yet.`];
    if (avoids.length > 0) parts.push(`What is clear so far: ${avoidSentence(avoids, voice).replace(/^./, (c) => c.toLowerCase())}`);
    parts.push(`Linking a few items to ${voice.obj} would change that.`);
    return parts.join(' ');
  }

  const heading: Record<string, string[]> = {
    none: [`Here is what ${voice.name}'s taste in ${lens} comes down to.`, `${voice.name}'s taste in ${lens}, in short.`],
    discovery: [`What to surface next for ${voice.name}, in terms of ${lens}.`],
    design: [`The look and feel ${voice.name} responds to, in terms of ${lens}.`],
    decisions: [`How ${voice.name} tends to choose, in terms of ${lens}.`],
    data: [`${voice.name}'s taste in ${lens}, in figures.`],
  };
  const paragraphs: string[] = [];
  const first = vary.pick(heading[input.domain ?? 'none'] ?? heading.none, 'heading');
  paragraphs.push(input.domain === 'data' ? `${first}\n${dataLines(themes)}` : `${first} ${themeSentences(themes, voice, vary)}`);
  paragraphs.push([avoidSentence(avoids, voice), queryFocus(input.query, themes, avoids, voice)].filter(Boolean).join(' '));
  const advice = [domainAdvice(input, themes, avoids), taskAdvice(input, themes, avoids)].filter(Boolean).join(' ');
  if (advice) paragraphs.push(advice);
  return paragraphs.join('\n\n');
}
