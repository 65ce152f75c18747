import { describe, expect, it } from 'vitest';
import { allowedNames, groundingViolations } from './grounding';
import { TemplateGenerator } from './template';
import { EXPLAIN_DOMAINS, EXPLAIN_TASKS, type AskInput, type ExplainInput, type GroundingItem, type Theme } from './types';

const item = (id: string, name: string, score: number, description?: string): GroundingItem => ({ id, name, score, description });

// The whole workspace: any of these names appearing without being in the input is a grounding violation.
const CATALOG = [
  'Kind of Blue', 'Blue Train', 'Moanin', "What's Going On", 'Innervisions', 'Music for Airports', 'Arena Anthems',
  'Ballads', 'Night Lights', 'Blue in Green', 'Round Midnight', 'Naima', 'Bitches Brew', 'A Love Supreme',
  'Thunder Road', 'Selected Ambient Works', 'Harvest Moon', 'Purple Rain',
];

const themes: Theme[] = [
  { label: 'late-night jazz', weight: 0.42, examples: [item('a1', 'Kind of Blue', 0.9), item('a2', 'Blue Train', 0.8), item('a3', 'Moanin', 0.7)] },
  { label: 'warm soul', weight: 0.33, examples: [item('b1', "What's Going On", 0.85), item('b2', 'Innervisions', 0.6)] },
  { label: 'ambient electronica', weight: 0.25, examples: [item('c1', 'Music for Airports', 0.5)] },
];
const avoids: Theme[] = [{ label: 'stadium rock', weight: 0.2, examples: [item('d1', 'Arena Anthems', 0.4)] }];

const askInput: AskInput = {
  query: 'something mellow with horns for a rainy evening',
  anchor: { id: 'u1', name: 'Mara', type: 'user' },
  inTermsOf: 'music',
  liked: [item('a1', 'Kind of Blue', 0.9), item('b1', "What's Going On", 0.7)],
  suggestions: [
    // The description names catalogue items that are not in the input: they must never leak into the text.
    item('s1', 'Ballads', 0.81, 'Mellow horns, brushed drums; fans of Bitches Brew and A Love Supreme will want it for an evening in.'),
    item('s2', 'Night Lights', 0.66, 'A quiet late-night session for rainy days.'),
    item('s3', 'Blue in Green', 0.42),
    item('s4', 'Round Midnight', 0.3),
  ],
  themes,
};

const explainInput: ExplainInput = {
  anchor: { id: 'b7', name: 'Nordvik', type: 'brand' },
  inTermsOf: 'music',
  themes,
  avoids,
  query: 'what should play in the stores',
};

const gen = new TemplateGenerator();

function expectGrounded(text: string, input: Parameters<typeof allowedNames>[0]): void {
  expect(groundingViolations(text, allowedNames(input), CATALOG)).toEqual([]);
}

describe('TemplateGenerator.ask', () => {
  it('recommends the best suggestion first, grounded, using the query words', async () => {
    const text = await gen.ask(askInput);
    expectGrounded(text, askInput);
    expect(text).toContain('Ballads');
    expect(text.indexOf('Ballads')).toBeLessThan(text.indexOf('Night Lights'));
    // The question's words the item covers are said in a sentence, not quoted back as a template seam.
    expect(text).toMatch(/covers the mellow, horns and evening side of the question/);
    expect(text).not.toMatch(/speaks to|“/);
  });

  it('ties a suggestion to what the anchor already likes', async () => {
    const input = { ...askInput, liked: [item('a1', 'Kind of Blue', 0.9, 'Modal jazz with muted horns'), ...askInput.liked.slice(1)] };
    const text = await gen.ask(input);
    expectGrounded(text, input);
    expect(text).toMatch(/Ballads[^.]*Kind of Blue/);
  });

  it('a generic intent names the best fits without echoing the question', async () => {
    for (const query of ['What should I buy next?', 'recommend something', 'anything for me?']) {
      const input: AskInput = { ...askInput, query, intent: 'generic' };
      const text = await gen.ask(input);
      expectGrounded(text, input);
      expect(text.indexOf('Ballads')).toBeGreaterThanOrEqual(0);
      expect(text.indexOf('Ballads')).toBeLessThan(text.indexOf('Night Lights'));
      expect(text).not.toMatch(/buy|recommend|anything|speaks to|nothing/i);
    }
  });

  it('never quotes descriptions, so names inside them cannot leak', async () => {
    const text = await gen.ask(askInput);
    expect(text).not.toContain('Bitches Brew');
    expect(text).not.toContain('brushed drums');
  });

  it('handles empty suggestions by saying what it knows', async () => {
    const input = { ...askInput, suggestions: [] };
    const text = await gen.ask(input);
    expectGrounded(text, input);
    expect(text).toMatch(/(don't have anything|Nothing in the workspace|no workspace items)/);
    expect(text).toContain('late-night jazz (42%)');
    expect(text).toContain('Kind of Blue');
    expect(text).not.toContain('Ballads');
  });

  it('says it knows nothing when it has nothing', async () => {
    const text = await gen.ask({ ...askInput, suggestions: [], liked: [], themes: [] });
    expect(text).toMatch(/don't know enough about Mara's taste in music/);
    expect(groundingViolations(text, [], CATALOG)).toEqual([]);
  });

  it('mentions only given items across many inputs', async () => {
    const queries = ['jazz for cooking', 'a record like the ones I love', 'something upbeat', '', 'horns!!'];
    for (const query of queries) {
      for (const suggestions of [askInput.suggestions, askInput.suggestions.slice(0, 1), askInput.suggestions.slice(2)]) {
        const input = { ...askInput, query, suggestions };
        expectGrounded(await gen.ask(input), input);
      }
    }
  });

  it('is deterministic but varies its phrasing between inputs', async () => {
    expect(await gen.ask(askInput)).toBe(await gen.ask(askInput));
    const openers = new Set<string>();
    for (const query of ['jazz for cooking', 'a record for Sunday', 'something upbeat', 'horns', 'quiet music', 'a gift']) {
      openers.add((await gen.ask({ ...askInput, query })).split(/[“:]/)[0]);
    }
    expect(openers.size).toBeGreaterThan(1);
  });

  it('uses "it" for places and brands and "they" for people', async () => {
    const place = await gen.ask({ ...askInput, anchor: { id: 'p1', name: 'Café Lumen', type: 'place' } });
    const person = await gen.ask(askInput);
    expect(`${place} `).toMatch(/\b(it|its|Its)\b/);
    expect(person).toMatch(/\b(they|their|Their)\b/);
  });
});

describe('TemplateGenerator.explain', () => {
  it('gives the main themes with examples and what it avoids', async () => {
    const text = await gen.explain(explainInput);
    expectGrounded(text, explainInput);
    expect(text).toContain('late-night jazz');
    expect(text).toContain('warm soul');
    expect(text).toMatch(/Kind of Blue, Blue Train and Moanin/);
    expect(text).toMatch(/doesn't go for stadium rock \(e\.g\. Arena Anthems\)/);
    expect(text).toContain('“what should play in the stores”');
  });

  it('stays grounded for every domain and task', async () => {
    for (const domain of [undefined, ...EXPLAIN_DOMAINS]) {
      for (const task of [undefined, ...EXPLAIN_TASKS]) {
        const input = { ...explainInput, domain, task };
        expectGrounded(await gen.explain(input), input);
      }
    }
  });

  it.each([
    ['discovery', /Surface late-night jazz first/],
    ['design', /primary direction for look and feel.*will clash/],
    ['decisions', /tie-breaker.*veto/],
    ['data', /- late-night jazz: 42% of the taste, 3 examples[\s\S]*top two 75%[\s\S]*effective number of themes/],
  ] as const)('domain %s changes the framing', async (domain, pattern) => {
    const text = await gen.explain({ ...explainInput, domain });
    expect(text).toMatch(pattern);
    expect(text).not.toBe(await gen.explain(explainInput));
  });

  it.each([
    ['commerce-agent', /merchandising: lead with late-night jazz.*cross-sell warm soul.*never recommend stadium rock/],
    ['coding-agent', /UI and code: set defaults.*late-night jazz.*keep stadium rock out of defaults.*design tokens/],
    ['design-agent', /Direction: primary style late-night jazz, secondary warm soul\. References: .*Don'ts: stadium rock\./],
    ['insight-agent', /Patterns: late-night jazz at 42% from 3 examples \(high confidence\).*\(low confidence\)/],
  ] as const)('task %s adds matching advice', async (task, pattern) => {
    expect(await gen.explain({ ...explainInput, task })).toMatch(pattern);
  });

  it('flags close top themes as tentative for insight agents', async () => {
    const close = await gen.explain({ ...explainInput, task: 'insight-agent' });
    expect(close).toMatch(/within ten points/);
    const apart = await gen.explain({
      ...explainInput,
      task: 'insight-agent',
      themes: [{ ...themes[0], weight: 0.7 }, { ...themes[1], weight: 0.2 }],
    });
    expect(apart).not.toMatch(/within ten points/);
  });

  it('says so when there are no themes', async () => {
    const text = await gen.explain({ ...explainInput, themes: [] });
    expect(text).toMatch(/don't have enough linked content/);
    expect(text).toContain('stadium rock');
  });

  it('names no dislikes it was not given', async () => {
    expect(await gen.explain({ ...explainInput, avoids: [] })).toContain('No clear dislikes show up yet.');
  });
});
