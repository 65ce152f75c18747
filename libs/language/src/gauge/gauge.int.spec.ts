import { describe, expect, it } from 'vitest';
import {
  evaluateGauge,
  fitGaugeWeights,
  gauge,
  gaugeLabel,
  gaugePrompt,
  gaugeSignals,
  GAUGE_MODEL,
  GAUGE_SIGNALS,
  NEGATIVE_AT,
  POSITIVE_AT,
  type GaugeExample,
} from '@tg/language';
import {
  gaugeSplit,
  GAUGE_BLIND_SET,
  GAUGE_DATASET,
  GAUGE_PHENOMENA_ADDED,
  GAUGE_PHENOMENA_ROUND1,
  GAUGE_PHENOMENA_ROUND2,
  GAUGE_PHENOMENA_ROUND3,
  GAUGE_PHENOMENA_ROUND4,
  GAUGE_PHENOMENA_ROUND5,
  GAUGE_PHENOMENA_ROUND6,
  GAUGE_PHENOMENA_ROUND7,
  GAUGE_PHENOMENA_ROUND8,
  GAUGE_PHENOMENA_ADDED_9,
  GAUGE_PHENOMENA_ROUND9,
  GAUGE_PHENOMENA_ADDED_10,
  GAUGE_PHENOMENA_ROUND10,
  GAUGE_PHENOMENA_ADDED_11,
  GAUGE_NEUTRAL_ADDED_12,
  GAUGE_PHENOMENA_ROUND11,
  GAUGE_PHENOMENA_ROUND12,
  GAUGE_PHENOMENA_ROUND13,
  GAUGE_PHENOMENA_ROUND14,
  GAUGE_PHENOMENA_ROUND15,
  GAUGE_PHENOMENA_ROUND16,
  GAUGE_PHENOMENA_ROUND17,
  GAUGE_PHENOMENA_ROUND18,
  GAUGE_PHENOMENA_ROUND19,
  GAUGE_PHENOMENA_ROUND20,
  GAUGE_PHENOMENA_ROUND21,
  GAUGE_PHENOMENA_ROUND22,
  GAUGE_PHENOMENA_ROUND23,
  GAUGE_PHENOMENA_ROUND24,
  GAUGE_PHENOMENA_ROUND25,
  GAUGE_PHENOMENA_ROUND26,
  GAUGE_PHENOMENA_ROUND27,
  GAUGE_PHENOMENA_ROUND28,
  GAUGE_PHENOMENA_ROUND29,
  GAUGE_PHENOMENA_ADDED_28,
  GAUGE_PHENOMENA_ADDED_29,
  GAUGE_PHENOMENA_ADDED_27,
  GAUGE_PHENOMENA_BLIND_SET,
  GAUGE_PHENOMENA_SET,
  GAUGE_PHENOMENA_TRAINING,
  gaugeTrainingSignals,
} from '@tg/language/data';

/**
 * A blind round copies no reply or follow-up of the earlier sets, has at least 110 pairs over six domains, at least
 * 12 plain praise / complaint pairs, and at least 12 pairs with both labels for each other phenomenon.
 */
function expectBlindRound(round: readonly GaugeExample[], earlierSets: readonly GaugeExample[], minPairs = 110, minPerPhenomenon = 12): void {
  const norm = (t: string) => t.toLowerCase().replace(/[\u2018\u2019]/g, "'").replace(/\s+/g, ' ').trim();
  const earlier = new Set(earlierSets.flatMap((e) => [norm(e.followup), norm(e.response)]));
  for (const e of round) {
    expect(earlier.has(norm(e.followup)), e.id).toBe(false);
    expect(earlier.has(norm(e.response)), e.id).toBe(false);
  }
  expect(round.length).toBeGreaterThanOrEqual(minPairs);
  expect(new Set(round.map((e) => e.domain)).size).toBe(6);
  expect(round.filter((e) => e.kind === 'short-positive' || e.kind === 'complaint').length).toBeGreaterThanOrEqual(minPerPhenomenon);
  for (const kind of ['contradiction', 'restatement', 'sarcasm', 'refusal', 'already-have', 'action-report', 'engagement', 'pivot']) {
    const rows = round.filter((e) => e.kind === kind);
    expect(rows.length, kind).toBeGreaterThanOrEqual(minPerPhenomenon);
    expect(new Set(rows.map((e) => e.label)).size, kind).toBeGreaterThanOrEqual(2);
    expect(new Set(rows.map((e) => e.domain)).size, kind).toBeGreaterThanOrEqual(minPerPhenomenon === 10 ? 6 : 1);
  }
}

/**
 * Since round 17: a blind round outside the rule model's training, with six domains and as many positive as negative
 * pairs in every phenomenon (plain praise and complaint as one), and at least 14 sarcasm and 14 action-report pairs.
 */
function expectBalancedRound(round: readonly GaugeExample[], minSarcasmAction = 14): void {
  const training = new Set(GAUGE_PHENOMENA_TRAINING);
  for (const e of round) expect(training.has(e), e.id).toBe(false);
  const phenomenon = (e: GaugeExample) => (e.kind === 'short-positive' || e.kind === 'complaint' ? 'plain' : e.kind);
  for (const kind of [...new Set(round.map(phenomenon))]) {
    const rows = round.filter((e) => phenomenon(e) === kind);
    expect(new Set(rows.map((e) => e.domain)).size, kind).toBe(6);
    expect(rows.filter((e) => e.label === 'positive').length, kind).toBe(rows.filter((e) => e.label === 'negative').length);
  }
  for (const kind of ['sarcasm', 'action-report']) expect(round.filter((e) => e.kind === kind).length, kind).toBeGreaterThanOrEqual(minSarcasmAction);
}

/** Every pair written before round 12: the sets a new blind round must not copy from. */
const beforeRound12 = (): GaugeExample[] => [
  ...GAUGE_PHENOMENA_TRAINING,
  ...GAUGE_DATASET,
  ...GAUGE_BLIND_SET,
  ...GAUGE_PHENOMENA_ROUND9,
  ...GAUGE_PHENOMENA_ADDED_10,
  ...GAUGE_PHENOMENA_ROUND10,
  ...GAUGE_PHENOMENA_ADDED_11,
  ...GAUGE_PHENOMENA_ROUND11,
  ...GAUGE_NEUTRAL_ADDED_12,
];

const RAMEN = 'For a weeknight ramen, simmer chicken stock with ginger and garlic, then add soft-boiled eggs and scallions.';
const FILLER =
  ' The history of the noodle is long, and many regions have their own styles, shapes and broths, served in bowls of different sizes.';

describe('gauge', () => {
  it('returns a resonance in [0, 1], a label consistent with the thresholds and every signal', () => {
    const r = gauge({ response: RAMEN, followup: 'The soft-boiled eggs are a great idea. How long should I boil them?' });
    expect(r.resonance).toBeGreaterThanOrEqual(0);
    expect(r.resonance).toBeLessThanOrEqual(1);
    expect(r.label).toBe(gaugeLabel(r.resonance));
    expect(Object.keys(r.signals).sort()).toEqual([...GAUGE_SIGNALS].sort());
  });

  it('labels with fixed thresholds', () => {
    expect(gaugeLabel(POSITIVE_AT)).toBe('positive');
    expect(gaugeLabel(NEGATIVE_AT)).toBe('negative');
    expect(gaugeLabel((POSITIVE_AT + NEGATIVE_AT) / 2)).toBe('neutral');
  });

  it.each([
    ['short acceptance', 'perfect, thanks!', 'positive'],
    ['uptake with a deeper question', 'The soft-boiled eggs are a great idea. How long should I boil them?', 'positive'],
    ['intent to act', "Love it, I'll try the ginger version tonight.", 'positive'],
    ['bare acknowledgement', 'ok', 'neutral'],
    ['topic change', 'Unrelated, but what is a good podcast about history?', 'neutral'],
    ['correction', 'No, I meant a vegetarian ramen, not chicken.', 'negative'],
    ['complaint', "This didn't help at all, the broth tastes of nothing.", 'negative'],
    ['sarcasm', 'Oh great, another ramen recipe. Thanks for nothing.', 'negative'],
  ])('%s → %s', (_kind, followup, label) => {
    expect(gauge({ response: RAMEN, followup }).label).toBe(label);
  });

  it('reads praise inside sarcasm as negative', () => {
    const sincere = gauge({ response: RAMEN, followup: 'Great, thank you!' });
    const sarcastic = gauge({ response: RAMEN, followup: 'Oh great, thanks a lot. Yeah right.' });
    expect(sincere.label).toBe('positive');
    expect(sarcastic.signals.sarcasm).toBe(1);
    expect(sarcastic.resonance).toBeLessThan(NEGATIVE_AT);
  });

  it('ignores thanks that only sets up a "but"', () => {
    const r = gauge({ response: RAMEN, followup: 'Thanks, but this is far too salty for me.' });
    expect(r.signals.gratitude).toBe(0);
    expect(r.label).toBe('negative');
  });

  it('does not reward a longer reply', () => {
    for (const followup of ['perfect, thanks!', 'ok', "This didn't help at all."]) {
      const short = gauge({ response: RAMEN, followup });
      const long = gauge({ response: RAMEN + FILLER.repeat(6), followup });
      expect(long.resonance).toBeLessThanOrEqual(short.resonance);
    }
  });

  it('does not reward a longer follow-up', () => {
    const ramble = ' I was reading about trains and the weather in the mountains and the opening hours of the museum.';
    const ok = gauge({ response: RAMEN, followup: 'ok' });
    const longOk = gauge({ response: RAMEN, followup: 'ok.' + ramble.repeat(4) });
    expect(longOk.resonance).toBeLessThanOrEqual(ok.resonance + 0.02);
    expect(longOk.label).not.toBe('positive');

    const complaint = "This didn't help at all.";
    const longComplaint =
      complaint +
      ' I followed it step by step, spent the whole evening on it, and the broth still tastes of nothing and the eggs came out hard.'.repeat(3);
    const a = gauge({ response: RAMEN, followup: complaint });
    const b = gauge({ response: RAMEN, followup: longComplaint });
    expect(b.label).toBe('negative');
    expect(b.resonance).toBeLessThanOrEqual(a.resonance);
  });

  it('is deterministic', () => {
    const input = { response: RAMEN, followup: 'Does that work with miso too?' };
    expect(gauge(input)).toEqual(gauge(input));
  });

  it('handles empty text', () => {
    const r = gauge({ response: '', followup: '' });
    expect(r.label).toBe('neutral');
    expect(Number.isFinite(r.resonance)).toBe(true);
  });

  it('exposes the raw signals', () => {
    const s = gaugeSignals(RAMEN, 'Let\'s go with the ginger one. How long do I simmer the stock?');
    expect(s.reference).toBe(1);
    expect(s.deeperQuestion).toBe(1);
    expect(s.overlap).toBeGreaterThan(0);
    const redirect = gaugeSignals(RAMEN, 'By the way, do you know a good hiking trail near Denver?');
    expect(redirect.redirection).toBe(1);
    expect(redirect.deeperQuestion).toBe(0);
  });
});

describe('gaugePrompt', () => {
  it('describes the rubric and weights, filled with the inputs', () => {
    const p = gaugePrompt('REPLY TEXT', 'FOLLOWUP TEXT', 'ORIGINAL ASK');
    expect(p).toContain('REPLY TEXT');
    expect(p).toContain('FOLLOWUP TEXT');
    expect(p).toContain('ORIGINAL ASK');
    for (const s of GAUGE_SIGNALS) expect(p).toContain(`- ${s} (`);
    expect(p).toContain(GAUGE_MODEL.weights.rejection.toFixed(2));
    expect(p).toMatch(/Do not reward length/);
    expect(gaugePrompt('a', 'b')).not.toContain('User request');
  });
});

describe('gauge model and data', () => {
  const TARGET = { positive: 1, neutral: 0.5, negative: 0 } as const;

  it('has a labelled set of at least 80 varied, unique examples', () => {
    expect(GAUGE_DATASET.length).toBeGreaterThanOrEqual(80);
    const ids = new Set(GAUGE_DATASET.map((e) => e.id));
    expect(ids.size).toBe(GAUGE_DATASET.length);
    const domains = new Set(GAUGE_DATASET.map((e) => e.domain));
    expect([...domains].sort()).toEqual(['coding', 'food', 'music', 'shopping', 'travel', 'ui-design']);
    const kinds = new Set(GAUGE_DATASET.map((e) => e.kind));
    for (const k of ['short-positive', 'polite-neutral', 'topic-change', 'correction', 'complaint', 'sarcasm', 'long-negative', 'intent']) {
      expect(kinds).toContain(k);
    }
    for (const label of ['positive', 'neutral', 'negative'] as const) {
      expect(GAUGE_DATASET.filter((e) => e.label === label).length).toBeGreaterThanOrEqual(15);
    }
  });

  it('keeps the blind set separate from the development set', () => {
    const dev = new Set(GAUGE_DATASET.map((e) => e.followup));
    expect(GAUGE_BLIND_SET.length).toBeGreaterThanOrEqual(24);
    for (const e of GAUGE_BLIND_SET) expect(dev.has(e.followup)).toBe(false);
  });

  it('holds out every 4th example', () => {
    expect([0, 1, 2, 3, 7].map(gaugeSplit)).toEqual(['train', 'train', 'train', 'held-out', 'held-out']);
  });

  it('has a phenomena set of at least 300 pairs: every phenomenon with both labels, across six domains', () => {
    expect(GAUGE_PHENOMENA_SET.length).toBeGreaterThanOrEqual(300);
    expect(new Set(GAUGE_PHENOMENA_SET.map((e) => e.id)).size).toBe(GAUGE_PHENOMENA_SET.length);
    expect([...new Set(GAUGE_PHENOMENA_SET.map((e) => e.domain))].sort()).toEqual(['coding', 'food', 'media', 'shopping', 'travel', 'writing']);
    for (const kind of ['contradiction', 'restatement', 'sarcasm', 'refusal', 'already-have', 'action-report', 'engagement', 'pivot']) {
      const rows = GAUGE_PHENOMENA_SET.filter((e) => e.kind === kind);
      expect(rows.filter((e) => e.label === 'positive').length, kind).toBeGreaterThanOrEqual(8);
      expect(rows.filter((e) => e.label === 'negative').length, kind).toBeGreaterThanOrEqual(8);
    }
  });

  it('GAUGE_MODEL is what fitting the training split, the phenomena set, its additions and its first eight blind rounds gives (learned components cross-fitted)', async () => {
    const examples = [...GAUGE_DATASET.filter((_, i) => gaugeSplit(i) === 'train'), ...GAUGE_PHENOMENA_TRAINING];
    // Signals in batches, yielding between them: ~2,100 pairs keep the event loop busy for a minute under load,
    // longer than the test runner's worker waits for a progress report.
    const train: { signals: ReturnType<typeof gaugeTrainingSignals>; target: number }[] = [];
    for (let i = 0; i < examples.length; i += 100) {
      for (const e of examples.slice(i, i + 100)) train.push({ signals: gaugeTrainingSignals(e), target: TARGET[e.label] });
      await new Promise((resolve) => setImmediate(resolve));
    }
    const refit = fitGaugeWeights(train, { balance: true });
    expect(refit.bias).toBeCloseTo(GAUGE_MODEL.bias, 2);
    for (const s of GAUGE_SIGNALS) expect(refit.weights[s]).toBeCloseTo(GAUGE_MODEL.weights[s], 2);
  }, 240_000);

  it('fits sign-constrained weights', () => {
    const up = gaugeSignals(RAMEN, 'perfect, thanks!');
    const down = gaugeSignals(RAMEN, 'No, I meant a vegetarian ramen.');
    const model = fitGaugeWeights([
      { signals: up, target: 0 },
      { signals: down, target: 1 },
    ]);
    // The data asks for perverse weights; the constraints refuse them.
    for (const s of ['gratitude', 'acceptance', 'sentiment'] as const) expect(model.weights[s]).toBeGreaterThanOrEqual(0);
    expect(model.weights.correction).toBeLessThanOrEqual(0);
  });

  it('separates positive from negative on held-out and blind examples', () => {
    const heldOut = evaluateGauge(GAUGE_DATASET.filter((_, i) => gaugeSplit(i) === 'held-out'));
    const blind = evaluateGauge(GAUGE_BLIND_SET);
    expect(heldOut.aucPositiveVsNegative).toBeGreaterThanOrEqual(0.9);
    // Regression guard on the issue-6 blind set (0.868 when it was scored; 0.876 on the round-4 model, 0.94 on round 5); small set, so the guard leaves room.
    expect(blind.aucPositiveVsNegative).toBeGreaterThanOrEqual(0.8);
    expect(blind.accuracy).toBeGreaterThan(1 / 3);
    expect(blind.confusion.positive.negative).toBe(0);
  });

  it('keeps the round-11 blind set apart from training: nine phenomena with at least 12 pairs and both labels each, six domains', () => {
    const norm = (t: string) => t.toLowerCase().replace(/[\u2018\u2019]/g, "'").replace(/\s+/g, ' ').trim();
    const train = new Set(
      [...GAUGE_PHENOMENA_TRAINING, ...GAUGE_DATASET, ...GAUGE_BLIND_SET, ...GAUGE_PHENOMENA_ROUND9, ...GAUGE_PHENOMENA_ADDED_10, ...GAUGE_PHENOMENA_ROUND10, ...GAUGE_PHENOMENA_ADDED_11].flatMap((e) => [
        norm(e.followup),
        norm(e.response),
      ]),
    );
    for (const e of GAUGE_PHENOMENA_ROUND11) {
      expect(train.has(norm(e.followup)), e.id).toBe(false);
      expect(train.has(norm(e.response)), e.id).toBe(false);
    }
    expect(GAUGE_PHENOMENA_ROUND11.length).toBeGreaterThanOrEqual(100);
    expect(new Set(GAUGE_PHENOMENA_ROUND11.map((e) => e.domain)).size).toBe(6);
    const plain = GAUGE_PHENOMENA_ROUND11.filter((e) => e.kind === 'short-positive' || e.kind === 'complaint');
    expect(plain.length).toBeGreaterThanOrEqual(12);
    expect(GAUGE_PHENOMENA_ROUND11.filter((e) => e.kind === 'sarcasm').length).toBeGreaterThanOrEqual(14);
    for (const kind of ['contradiction', 'restatement', 'sarcasm', 'refusal', 'already-have', 'action-report', 'engagement', 'pivot']) {
      const rows = GAUGE_PHENOMENA_ROUND11.filter((e) => e.kind === kind);
      expect(rows.length, kind).toBeGreaterThanOrEqual(12);
      expect(new Set(rows.map((e) => e.label)).size, kind).toBeGreaterThanOrEqual(2);
    }
    // Regression guard on the served model's figure on round 11 (docs/benchmarks.md): 0.866 when scored once (the
    // round-9 weights with the praises() fix; 0.859 without it, 0.864 for the round-11 model, which is not served).
    // Round 10's guard (0.73) is not kept: round 10 is spent and round 11 is the newest honest figure. Round 11 was
    // easier than round 10 (the issue-6 model scores it 0.742 against 0.595), so this guard is not a measure of
    // progress.
    // Since round 12 the served scorer is the wide model, fitted with round 11; the guard stays on the rule model
    // (GAUGE_MODEL, the judging prompt's weights), for which round 11 is still out of training.
    expect(evaluateGauge(GAUGE_PHENOMENA_ROUND11, GAUGE_MODEL).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.85);
  });

  it('keeps the round-12 blind set apart from every earlier pair: nine phenomena with at least 12 pairs and both labels each, six domains', () => {
    expectBlindRound(GAUGE_PHENOMENA_ROUND12, beforeRound12());
    // Round 12 was scored once (wide model 0.882, round-9 rule model 0.874); since round 13 it is in the wide model's
    // training, so its guard moved to an in-sample check (wide.int.spec.ts).
  });

  it('keeps the round-13 blind set apart from every earlier pair: nine phenomena with at least 12 pairs and both labels each, six domains', () => {
    expectBlindRound(GAUGE_PHENOMENA_ROUND13, [...beforeRound12(), ...GAUGE_PHENOMENA_ROUND12]);
    // Scored once (round-13 model 0.925, round-12 wide model 0.920). Since round 15 the served model (C, the round-14
    // form fitted with rounds 13 and 14) has it in training; its guard stays as a floor (in sample it scores higher).
    expect(evaluateGauge(GAUGE_PHENOMENA_ROUND13).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.91);
  });

  it('keeps the round-14 blind set apart from every earlier pair: nine phenomena, sarcasm and action reports with at least 16 pairs each', () => {
    expectBlindRound(GAUGE_PHENOMENA_ROUND14, [...beforeRound12(), ...GAUGE_PHENOMENA_ROUND12, ...GAUGE_PHENOMENA_ROUND13]);
    for (const kind of ['sarcasm', 'action-report']) {
      const rows = GAUGE_PHENOMENA_ROUND14.filter((e) => e.kind === kind);
      expect(rows.length, kind).toBeGreaterThanOrEqual(16);
      expect(rows.filter((e) => e.label === 'positive').length, kind).toBe(rows.filter((e) => e.label === 'negative').length);
    }
    // Scored once: 0.934 for the round-13 model, 0.938 for the round-14 model. In the served model's training since
    // round 15 (in sample: wide.int.spec.ts); this floor stays.
    expect(evaluateGauge(GAUGE_PHENOMENA_ROUND14).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.92);
  });

  it('keeps the round-15 blind set apart from every earlier pair: nine phenomena, sarcasm and action reports with at least 14 pairs each, balanced', () => {
    expectBlindRound(GAUGE_PHENOMENA_ROUND15, [...beforeRound12(), ...GAUGE_PHENOMENA_ROUND12, ...GAUGE_PHENOMENA_ROUND13, ...GAUGE_PHENOMENA_ROUND14]);
    for (const kind of ['sarcasm', 'action-report']) {
      const rows = GAUGE_PHENOMENA_ROUND15.filter((e) => e.kind === kind);
      expect(rows.length, kind).toBeGreaterThanOrEqual(14);
      expect(rows.filter((e) => e.label === 'positive').length, kind).toBe(rows.filter((e) => e.label === 'negative').length);
    }
    // Regression guard on the served model's figure on round 15 (docs/benchmarks.md, Round 15), added after the set was
    // scored once: model C (served by the rule fixed before the set was written) 0.894, the round-13 model 0.903, the
    // round-14 model 0.889. In the served model's training since round 17 (model E); this floor stays.
    expect(evaluateGauge(GAUGE_PHENOMENA_ROUND15).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.88);
  });

  it('keeps the round-16 blind set apart from every earlier pair: nine phenomena in six domains each, at least 10 pairs each, sarcasm and action reports balanced', () => {
    // Not scored here: the set is scored once by scripts/score-blind.mts (docs/benchmarks.md, Round 16).
    expectBlindRound(GAUGE_PHENOMENA_ROUND16, [...beforeRound12(), ...GAUGE_PHENOMENA_ROUND12, ...GAUGE_PHENOMENA_ROUND13, ...GAUGE_PHENOMENA_ROUND14, ...GAUGE_PHENOMENA_ROUND15], 90, 10);
    for (const kind of ['sarcasm', 'action-report']) {
      const rows = GAUGE_PHENOMENA_ROUND16.filter((e) => e.kind === kind);
      expect(rows.length, kind).toBeGreaterThanOrEqual(12);
      expect(rows.filter((e) => e.label === 'positive').length, kind).toBe(rows.filter((e) => e.label === 'negative').length);
    }
    // Regression guard on the served model's figure on round 16 (docs/benchmarks.md, Round 16), added after the set was
    // scored once: model C (kept by the rule fixed before the set was written) 0.957, the round-16 model D 0.956. In
    // the served model's training since round 17 (model E; in sample: wide.int.spec.ts); this floor stays.
    expect(evaluateGauge(GAUGE_PHENOMENA_ROUND16).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.94);
  });

  it('keeps the round-17 blind set apart from every earlier pair and from training: nine phenomena in six domains each, at least 12 pairs each, balanced', () => {
    // Round 17 scored GAUGE_PHENOMENA_BLIND_SET until round 18 was written.
    const earlier = [...beforeRound12(), ...GAUGE_PHENOMENA_ROUND12, ...GAUGE_PHENOMENA_ROUND13, ...GAUGE_PHENOMENA_ROUND14, ...GAUGE_PHENOMENA_ROUND15, ...GAUGE_PHENOMENA_ROUND16];
    expectBlindRound(GAUGE_PHENOMENA_ROUND17, earlier, 110, 12);
    expectBalancedRound(GAUGE_PHENOMENA_ROUND17);
    // Regression guard on the served model's figure on round 17 (docs/benchmarks.md, Round 17), added after the set was
    // scored once: model E (served by the rule fixed before the set was written) 0.925, model C 0.922. In the served
    // model's training since round 20 (model G, fitted with rounds 17 and 18, served by the round-20 rule; in sample:
    // wide.int.spec.ts); this floor stays.
    expect(evaluateGauge(GAUGE_PHENOMENA_ROUND17).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.91);
  });

  it('keeps the round-18 blind set apart from every earlier pair and from training: nine phenomena in six domains each, at least 12 pairs each, balanced', () => {
    // Round 18 scored GAUGE_PHENOMENA_BLIND_SET until round 19 was written.
    const earlier = [...beforeRound12(), ...GAUGE_PHENOMENA_ROUND12, ...GAUGE_PHENOMENA_ROUND13, ...GAUGE_PHENOMENA_ROUND14, ...GAUGE_PHENOMENA_ROUND15, ...GAUGE_PHENOMENA_ROUND16, ...GAUGE_PHENOMENA_ROUND17];
    expectBlindRound(GAUGE_PHENOMENA_ROUND18, earlier, 110, 12);
    expectBalancedRound(GAUGE_PHENOMENA_ROUND18);
    // Regression guard on the served model's figure on round 18 (docs/benchmarks.md, Round 18), added after the set was
    // scored once: model E (kept by the rule fixed before the set was written) 0.903, the round-18 model F 0.905. In the
    // served model's training since round 20 (model G; in sample: wide.int.spec.ts); this floor stays.
    expect(evaluateGauge(GAUGE_PHENOMENA_ROUND18).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.89);
  });

  it('keeps the round-19 blind set apart from every earlier pair and from training: nine phenomena in six domains each, at least 12 pairs each, balanced', () => {
    // Round 19 scored GAUGE_PHENOMENA_BLIND_SET until round 20 was written.
    const earlier = [...beforeRound12(), ...GAUGE_PHENOMENA_ROUND12, ...GAUGE_PHENOMENA_ROUND13, ...GAUGE_PHENOMENA_ROUND14, ...GAUGE_PHENOMENA_ROUND15, ...GAUGE_PHENOMENA_ROUND16, ...GAUGE_PHENOMENA_ROUND17, ...GAUGE_PHENOMENA_ROUND18];
    expectBlindRound(GAUGE_PHENOMENA_ROUND19, earlier, 110, 12);
    expectBalancedRound(GAUGE_PHENOMENA_ROUND19);
    // Regression guard on the served model's figure on round 19 (docs/benchmarks.md, Round 19), added after the set was
    // scored once: model E (kept by the rule fixed before the set was written) 0.917, the round-19 model G 0.932. In the
    // served model's training since round 21 (model H, fitted with rounds 19 and 20, served by the round-21 rule; in
    // sample: wide.int.spec.ts); the floor, set for E, stays at 0.90.
    expect(evaluateGauge(GAUGE_PHENOMENA_ROUND19).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.9);
  });

  it('keeps the round-20 blind set apart from every earlier pair and from training: nine phenomena in six domains each, at least 12 pairs each, balanced', () => {
    // Round 20 scored GAUGE_PHENOMENA_BLIND_SET until round 21 was written.
    const earlier = [...beforeRound12(), ...GAUGE_PHENOMENA_ROUND12, ...GAUGE_PHENOMENA_ROUND13, ...GAUGE_PHENOMENA_ROUND14, ...GAUGE_PHENOMENA_ROUND15, ...GAUGE_PHENOMENA_ROUND16, ...GAUGE_PHENOMENA_ROUND17, ...GAUGE_PHENOMENA_ROUND18, ...GAUGE_PHENOMENA_ROUND19];
    expectBlindRound(GAUGE_PHENOMENA_ROUND20, earlier, 110, 12);
    expectBalancedRound(GAUGE_PHENOMENA_ROUND20);
    // Regression guard on the served model's figure on round 20 (docs/benchmarks.md, Round 20), added after the set was
    // scored once: the round-19 model G (served by the rule fixed before the set was written) 0.946, model E 0.935. In
    // the served model's training since round 21 (model H; in sample: wide.int.spec.ts); this floor stays.
    expect(evaluateGauge(GAUGE_PHENOMENA_ROUND20).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.93);
  });

  it('keeps the round-21 blind set apart from every earlier pair and from training: nine phenomena in six domains each, at least 12 pairs each, balanced', () => {
    // Round 21 scored GAUGE_PHENOMENA_BLIND_SET until round 22 was written.
    const earlier = [...beforeRound12(), ...GAUGE_PHENOMENA_ROUND12, ...GAUGE_PHENOMENA_ROUND13, ...GAUGE_PHENOMENA_ROUND14, ...GAUGE_PHENOMENA_ROUND15, ...GAUGE_PHENOMENA_ROUND16, ...GAUGE_PHENOMENA_ROUND17, ...GAUGE_PHENOMENA_ROUND18, ...GAUGE_PHENOMENA_ROUND19, ...GAUGE_PHENOMENA_ROUND20];
    expectBlindRound(GAUGE_PHENOMENA_ROUND21, earlier, 110, 12);
    expectBalancedRound(GAUGE_PHENOMENA_ROUND21);
    // Regression guard on the served model's figure on round 21 (docs/benchmarks.md, Round 21), added after the set was
    // scored once: the round-21 model H (served by the rule fixed before the set was written: weakest phenomenon tied,
    // overall AUC higher) 0.883, model G 0.874. In the served model's training since round 22 (model I, fitted with
    // round 21, served by the round-22 rule; in sample: wide.int.spec.ts); this floor stays.
    expect(evaluateGauge(GAUGE_PHENOMENA_ROUND21).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.87);
  });

  it('keeps the round-22 blind set apart from every earlier pair and from training: nine phenomena in six domains each, at least 12 pairs each, balanced', () => {
    // Round 22 scored GAUGE_PHENOMENA_BLIND_SET until round 23 was written.
    const earlier = [...beforeRound12(), ...GAUGE_PHENOMENA_ROUND12, ...GAUGE_PHENOMENA_ROUND13, ...GAUGE_PHENOMENA_ROUND14, ...GAUGE_PHENOMENA_ROUND15, ...GAUGE_PHENOMENA_ROUND16, ...GAUGE_PHENOMENA_ROUND17, ...GAUGE_PHENOMENA_ROUND18, ...GAUGE_PHENOMENA_ROUND19, ...GAUGE_PHENOMENA_ROUND20, ...GAUGE_PHENOMENA_ROUND21];
    expectBlindRound(GAUGE_PHENOMENA_ROUND22, earlier, 110, 12);
    expectBalancedRound(GAUGE_PHENOMENA_ROUND22);
    // Regression guard on the served model's figure on round 22 (docs/benchmarks.md, Round 22), added after the set was
    // scored once: the round-22 model I (served by the rule fixed before the set was written: weakest phenomenon tied,
    // overall AUC higher) 0.911, model H 0.908. In the served model's training since round 23 (model J, fitted with
    // round 22, served by the round-23 rule; in sample: wide.int.spec.ts); this floor stays.
    expect(evaluateGauge(GAUGE_PHENOMENA_ROUND22).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.9);
  });

  it('keeps the round-23 blind set apart from every earlier pair and from training: nine phenomena in six domains each, at least 12 pairs each, balanced', () => {
    // Round 23 scored GAUGE_PHENOMENA_BLIND_SET until round 24 was written.
    const earlier = [...beforeRound12(), ...GAUGE_PHENOMENA_ROUND12, ...GAUGE_PHENOMENA_ROUND13, ...GAUGE_PHENOMENA_ROUND14, ...GAUGE_PHENOMENA_ROUND15, ...GAUGE_PHENOMENA_ROUND16, ...GAUGE_PHENOMENA_ROUND17, ...GAUGE_PHENOMENA_ROUND18, ...GAUGE_PHENOMENA_ROUND19, ...GAUGE_PHENOMENA_ROUND20, ...GAUGE_PHENOMENA_ROUND21, ...GAUGE_PHENOMENA_ROUND22];
    expectBlindRound(GAUGE_PHENOMENA_ROUND23, earlier, 110, 12);
    expectBalancedRound(GAUGE_PHENOMENA_ROUND23);
    expect(GAUGE_PHENOMENA_ROUND23.filter((e) => e.kind === 'already-have').length).toBeGreaterThanOrEqual(14);
    // Regression guard on the served model's figure on round 23 (docs/benchmarks.md, Round 23), added after the set was
    // scored once: the round-23 model J (served by the rule fixed before the set was written: weakest phenomenon 0.750
    // against 0.722, both engagement) 0.879, model I 0.867. In the served model's training since round 24 (model K, fitted
    // with round 23, served by the round-24 rule; in sample: wide.int.spec.ts); this floor stays.
    expect(evaluateGauge(GAUGE_PHENOMENA_ROUND23).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.87);
  });

  it('keeps the round-24 blind set apart from every earlier pair and from training: nine phenomena in six domains each, at least 12 pairs each, balanced', () => {
    // Round 24 scored GAUGE_PHENOMENA_BLIND_SET until round 25 was written.
    const earlier = [...beforeRound12(), ...GAUGE_PHENOMENA_ROUND12, ...GAUGE_PHENOMENA_ROUND13, ...GAUGE_PHENOMENA_ROUND14, ...GAUGE_PHENOMENA_ROUND15, ...GAUGE_PHENOMENA_ROUND16, ...GAUGE_PHENOMENA_ROUND17, ...GAUGE_PHENOMENA_ROUND18, ...GAUGE_PHENOMENA_ROUND19, ...GAUGE_PHENOMENA_ROUND20, ...GAUGE_PHENOMENA_ROUND21, ...GAUGE_PHENOMENA_ROUND22, ...GAUGE_PHENOMENA_ROUND23];
    expectBlindRound(GAUGE_PHENOMENA_ROUND24, earlier, 110, 12);
    expectBalancedRound(GAUGE_PHENOMENA_ROUND24);
    for (const k of ['sarcasm', 'already-have', 'action-report'] as const) expect(GAUGE_PHENOMENA_ROUND24.filter((e) => e.kind === k).length).toBeGreaterThanOrEqual(14);
    // Regression guard on the served model's figure on round 24 (docs/benchmarks.md, Round 24), added after the set was
    // scored once: the round-24 model K (served by the rule fixed before the set was written: weakest phenomenon 0.833,
    // contradiction, against J's 0.750, engagement) 0.923, model J 0.918. In the served model's training since round 25
    // (model L, fitted with round 24, served by the round-25 rule; in sample: wide.int.spec.ts); this floor stays.
    expect(evaluateGauge(GAUGE_PHENOMENA_ROUND24).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.92);
  });

  it('keeps the round-25 blind set apart from every earlier pair and from training: nine phenomena in six domains each, at least 12 pairs each, balanced', () => {
    // Round 25 scored GAUGE_PHENOMENA_BLIND_SET until round 26 was written.
    const earlier = [...beforeRound12(), ...GAUGE_PHENOMENA_ROUND12, ...GAUGE_PHENOMENA_ROUND13, ...GAUGE_PHENOMENA_ROUND14, ...GAUGE_PHENOMENA_ROUND15, ...GAUGE_PHENOMENA_ROUND16, ...GAUGE_PHENOMENA_ROUND17, ...GAUGE_PHENOMENA_ROUND18, ...GAUGE_PHENOMENA_ROUND19, ...GAUGE_PHENOMENA_ROUND20, ...GAUGE_PHENOMENA_ROUND21, ...GAUGE_PHENOMENA_ROUND22, ...GAUGE_PHENOMENA_ROUND23, ...GAUGE_PHENOMENA_ROUND24];
    expectBlindRound(GAUGE_PHENOMENA_ROUND25, earlier, 110, 12);
    expectBalancedRound(GAUGE_PHENOMENA_ROUND25);
    for (const k of ['sarcasm', 'already-have', 'action-report'] as const) expect(GAUGE_PHENOMENA_ROUND25.filter((e) => e.kind === k).length).toBeGreaterThanOrEqual(14);
    // Regression guard on the served model's figure on round 25 (docs/benchmarks.md, Round 25), added after the set was
    // scored once: the round-25 model L (served by the rule fixed before the set was written: weakest phenomenon 0.833,
    // engagement, against K's 0.816, sarcasm) 0.910, model K 0.903. Round 25 is in the round-26 model M's training (not
    // L's).
    expect(evaluateGauge(GAUGE_PHENOMENA_ROUND25).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.91);
  });

  it('keeps the round-26 blind set apart from every earlier pair and from training: nine phenomena in six domains each, at least 12 pairs each, balanced', () => {
    // Round 26 scored GAUGE_PHENOMENA_BLIND_SET until round 27 was written.
    const earlier = [...beforeRound12(), ...GAUGE_PHENOMENA_ROUND12, ...GAUGE_PHENOMENA_ROUND13, ...GAUGE_PHENOMENA_ROUND14, ...GAUGE_PHENOMENA_ROUND15, ...GAUGE_PHENOMENA_ROUND16, ...GAUGE_PHENOMENA_ROUND17, ...GAUGE_PHENOMENA_ROUND18, ...GAUGE_PHENOMENA_ROUND19, ...GAUGE_PHENOMENA_ROUND20, ...GAUGE_PHENOMENA_ROUND21, ...GAUGE_PHENOMENA_ROUND22, ...GAUGE_PHENOMENA_ROUND23, ...GAUGE_PHENOMENA_ROUND24, ...GAUGE_PHENOMENA_ROUND25];
    expectBlindRound(GAUGE_PHENOMENA_ROUND26, earlier, 110, 12);
    expectBalancedRound(GAUGE_PHENOMENA_ROUND26);
    for (const k of ['sarcasm', 'already-have', 'action-report', 'engagement'] as const) expect(GAUGE_PHENOMENA_ROUND26.filter((e) => e.kind === k).length).toBeGreaterThanOrEqual(14);
    // Regression guard on the served model's figure on round 26 (docs/benchmarks.md, Round 26), added after the set was
    // scored once: the round-26 model M (served by the rule fixed before the set was written: weakest phenomenon tied
    // with L's, sarcasm 0.612, overall AUC 0.871 against 0.870) 0.871, model L 0.870. Round 26 is in no model's training.
    expect(evaluateGauge(GAUGE_PHENOMENA_ROUND26).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.87);
  });

  it('keeps the round-27 blind set apart from every earlier pair and from training: nine phenomena in six domains each, ten pairs each, balanced', () => {
    // Round 27 scored GAUGE_PHENOMENA_BLIND_SET until round 28 was written.
    const earlier = [...beforeRound12(), ...GAUGE_PHENOMENA_ROUND12, ...GAUGE_PHENOMENA_ROUND13, ...GAUGE_PHENOMENA_ROUND14, ...GAUGE_PHENOMENA_ROUND15, ...GAUGE_PHENOMENA_ROUND16, ...GAUGE_PHENOMENA_ROUND17, ...GAUGE_PHENOMENA_ROUND18, ...GAUGE_PHENOMENA_ROUND19, ...GAUGE_PHENOMENA_ROUND20, ...GAUGE_PHENOMENA_ROUND21, ...GAUGE_PHENOMENA_ROUND22, ...GAUGE_PHENOMENA_ROUND23, ...GAUGE_PHENOMENA_ROUND24, ...GAUGE_PHENOMENA_ROUND25, ...GAUGE_PHENOMENA_ROUND26, ...GAUGE_PHENOMENA_ADDED_27];
    expectBlindRound(GAUGE_PHENOMENA_ROUND27, earlier, 90, 10);
    expectBalancedRound(GAUGE_PHENOMENA_ROUND27, 10);
    // Regression guard on the served model's figure on round 27 (docs/benchmarks.md, Round 27), added after the set was
    // scored once: the round-27 model N (served by the rule fixed before the set was written: weakest phenomenon tied
    // with M's, contradiction 0.240, overall AUC 0.811 against 0.803) 0.811, model M 0.803. Round 27 is in the round-28
    // model O's training (in sample 0.956).
    expect(evaluateGauge(GAUGE_PHENOMENA_ROUND27).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.81);
  });

  it('keeps the round-28 blind set apart from every earlier pair and from training: nine phenomena in six domains each, ten pairs each, balanced', () => {
    // Round 28 scored GAUGE_PHENOMENA_BLIND_SET until round 29 was written.
    const earlier = [...beforeRound12(), ...GAUGE_PHENOMENA_ROUND12, ...GAUGE_PHENOMENA_ROUND13, ...GAUGE_PHENOMENA_ROUND14, ...GAUGE_PHENOMENA_ROUND15, ...GAUGE_PHENOMENA_ROUND16, ...GAUGE_PHENOMENA_ROUND17, ...GAUGE_PHENOMENA_ROUND18, ...GAUGE_PHENOMENA_ROUND19, ...GAUGE_PHENOMENA_ROUND20, ...GAUGE_PHENOMENA_ROUND21, ...GAUGE_PHENOMENA_ROUND22, ...GAUGE_PHENOMENA_ROUND23, ...GAUGE_PHENOMENA_ROUND24, ...GAUGE_PHENOMENA_ROUND25, ...GAUGE_PHENOMENA_ROUND26, ...GAUGE_PHENOMENA_ADDED_27, ...GAUGE_PHENOMENA_ROUND27, ...GAUGE_PHENOMENA_ADDED_28];
    expectBlindRound(GAUGE_PHENOMENA_ROUND28, earlier, 90, 10);
    expectBalancedRound(GAUGE_PHENOMENA_ROUND28, 10);
    // Regression guard on the served model's figure on round 28 (docs/benchmarks.md, Round 28), added after the set was
    // scored once: the round-28 model O (served by the rule fixed before the set was written: lowest phenomenon 0.520,
    // engagement, against N's 0.400) 0.864, model N 0.849. Round 28 is in the round-29 model Q's training (in sample 0.986).
    expect(evaluateGauge(GAUGE_PHENOMENA_ROUND28).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.86);
  });

  it('keeps the round-29 blind set apart from every earlier pair and from training: nine phenomena in six domains each, ten pairs each, balanced', () => {
    expect(GAUGE_PHENOMENA_BLIND_SET).toBe(GAUGE_PHENOMENA_ROUND29);
    const earlier = [...beforeRound12(), ...GAUGE_PHENOMENA_ROUND12, ...GAUGE_PHENOMENA_ROUND13, ...GAUGE_PHENOMENA_ROUND14, ...GAUGE_PHENOMENA_ROUND15, ...GAUGE_PHENOMENA_ROUND16, ...GAUGE_PHENOMENA_ROUND17, ...GAUGE_PHENOMENA_ROUND18, ...GAUGE_PHENOMENA_ROUND19, ...GAUGE_PHENOMENA_ROUND20, ...GAUGE_PHENOMENA_ROUND21, ...GAUGE_PHENOMENA_ROUND22, ...GAUGE_PHENOMENA_ROUND23, ...GAUGE_PHENOMENA_ROUND24, ...GAUGE_PHENOMENA_ROUND25, ...GAUGE_PHENOMENA_ROUND26, ...GAUGE_PHENOMENA_ADDED_27, ...GAUGE_PHENOMENA_ROUND27, ...GAUGE_PHENOMENA_ADDED_28, ...GAUGE_PHENOMENA_ROUND28, ...GAUGE_PHENOMENA_ADDED_29];
    expectBlindRound(GAUGE_PHENOMENA_ROUND29, earlier, 90, 10);
    expectBalancedRound(GAUGE_PHENOMENA_ROUND29, 10);
    // Regression guard on the served model's figure on round 29 (docs/benchmarks.md, Round 29), added after the set was
    // scored once: the round-29 model Q (served by the rule fixed before the set was written: lowest phenomenon tied with
    // P's, sarcasm 0.640, overall AUC 0.909 against 0.902) 0.909, model P (O) 0.902. Round 29 is in no model's training.
    expect(evaluateGauge(GAUGE_PHENOMENA_ROUND29).aucPositiveVsNegative).toBeGreaterThanOrEqual(0.9);
  });

  it('writes the round-29 training additions apart from every earlier pair: six domains, aimed at engagement and contradiction', () => {
    const norm = (t: string) => t.toLowerCase().replace(/[\u2018\u2019]/g, "'").replace(/\s+/g, ' ').trim();
    const earlier = new Set([...beforeRound12(), ...GAUGE_PHENOMENA_ROUND12, ...GAUGE_PHENOMENA_ROUND13, ...GAUGE_PHENOMENA_ROUND14, ...GAUGE_PHENOMENA_ROUND15, ...GAUGE_PHENOMENA_ROUND16, ...GAUGE_PHENOMENA_ROUND17, ...GAUGE_PHENOMENA_ROUND18, ...GAUGE_PHENOMENA_ROUND19, ...GAUGE_PHENOMENA_ROUND20, ...GAUGE_PHENOMENA_ROUND21, ...GAUGE_PHENOMENA_ROUND22, ...GAUGE_PHENOMENA_ROUND23, ...GAUGE_PHENOMENA_ROUND24, ...GAUGE_PHENOMENA_ROUND25, ...GAUGE_PHENOMENA_ROUND26, ...GAUGE_PHENOMENA_ADDED_27, ...GAUGE_PHENOMENA_ROUND27, ...GAUGE_PHENOMENA_ADDED_28, ...GAUGE_PHENOMENA_ROUND28].map((e) => norm(e.followup)));
    for (const e of GAUGE_PHENOMENA_ADDED_29) expect(earlier.has(norm(e.followup)), e.id).toBe(false);
    expect(new Set(GAUGE_PHENOMENA_ADDED_29.map((e) => e.domain)).size).toBe(6);
    for (const k of ['engagement', 'contradiction'] as const) {
      const rows = GAUGE_PHENOMENA_ADDED_29.filter((e) => e.kind === k);
      expect(rows.length, k).toBeGreaterThanOrEqual(20);
      expect(rows.filter((e) => e.label === 'positive').length, k).toBeGreaterThanOrEqual(8);
      expect(rows.filter((e) => e.label === 'negative').length, k).toBeGreaterThanOrEqual(8);
    }
  });

  it('keeps rounds 9 and 10 and the round-10 and round-11 additions out of the rule model’s fit (GAUGE_MODEL; the rule models fitted with them were not served, docs/benchmarks.md; the wide model is fitted with them)', () => {
    const training = new Set(GAUGE_PHENOMENA_TRAINING);
    for (const e of [...GAUGE_PHENOMENA_ROUND9, ...GAUGE_PHENOMENA_ADDED_10, ...GAUGE_PHENOMENA_ROUND10, ...GAUGE_PHENOMENA_ADDED_11, ...GAUGE_PHENOMENA_ROUND11]) {
      expect(training.has(e), e.id).toBe(false);
    }
    // The round-11 additions copy no reply or follow-up of any earlier set, blind or training.
    const norm = (t: string) => t.toLowerCase().replace(/[\u2018\u2019]/g, "'").replace(/\s+/g, ' ').trim();
    const earlier = new Set(
      [...GAUGE_PHENOMENA_TRAINING, ...GAUGE_DATASET, ...GAUGE_BLIND_SET, ...GAUGE_PHENOMENA_ROUND9, ...GAUGE_PHENOMENA_ADDED_10, ...GAUGE_PHENOMENA_ROUND10].flatMap((e) => [
        norm(e.followup),
        norm(e.response),
      ]),
    );
    for (const e of GAUGE_PHENOMENA_ADDED_11) expect(earlier.has(norm(e.followup)) || earlier.has(norm(e.response)), e.id).toBe(false);
    expect(GAUGE_PHENOMENA_ADDED_11.length).toBeGreaterThanOrEqual(250);
    expect(new Set(GAUGE_PHENOMENA_ADDED_11.map((e) => e.domain)).size).toBe(6);
    expect(GAUGE_PHENOMENA_ADDED_10.length).toBeGreaterThanOrEqual(100);
  });

  it('folds rounds 7 and 8 into training only after they were scored (0.937 and 0.894 on the round-7 model 11c9f32)', () => {
    const earlier = new Set(
      [...GAUGE_PHENOMENA_SET, ...GAUGE_PHENOMENA_ADDED, ...GAUGE_PHENOMENA_ROUND1, ...GAUGE_PHENOMENA_ROUND2, ...GAUGE_PHENOMENA_ROUND3, ...GAUGE_PHENOMENA_ROUND4, ...GAUGE_PHENOMENA_ROUND5, ...GAUGE_PHENOMENA_ROUND6, ...GAUGE_DATASET].map((e) => e.followup),
    );
    for (const e of [...GAUGE_PHENOMENA_ROUND7, ...GAUGE_PHENOMENA_ROUND8]) expect(earlier.has(e.followup), e.id).toBe(false);
    expect(GAUGE_PHENOMENA_ROUND8.length).toBeGreaterThanOrEqual(100);
    const training = new Set(GAUGE_PHENOMENA_TRAINING);
    for (const e of [...GAUGE_PHENOMENA_ROUND7, ...GAUGE_PHENOMENA_ROUND8, ...GAUGE_PHENOMENA_ADDED_9]) expect(training.has(e)).toBe(true);
    // The round-9 training additions copy no pair of any blind round.
    const blind = new Set([...GAUGE_PHENOMENA_ROUND7, ...GAUGE_PHENOMENA_ROUND8].map((e) => e.followup));
    for (const e of GAUGE_PHENOMENA_ADDED_9) expect(blind.has(e.followup), e.id).toBe(false);
  });

  it('folds the round-6 blind set into training only after it was scored (AUC 0.856 on the round-6 model)', () => {
    const earlier = new Set(
      [...GAUGE_PHENOMENA_SET, ...GAUGE_PHENOMENA_ADDED, ...GAUGE_PHENOMENA_ROUND1, ...GAUGE_PHENOMENA_ROUND2, ...GAUGE_PHENOMENA_ROUND3, ...GAUGE_PHENOMENA_ROUND4, ...GAUGE_PHENOMENA_ROUND5, ...GAUGE_DATASET].map((e) => e.followup),
    );
    for (const e of GAUGE_PHENOMENA_ROUND6) expect(earlier.has(e.followup)).toBe(false);
    expect(GAUGE_PHENOMENA_ROUND6.length).toBeGreaterThanOrEqual(80);
  });

  it('folds the round-5 blind set into training only after it was scored (AUC 0.916 on the round-5 model): nine phenomena, six domains', () => {
    const earlier = new Set(
      [...GAUGE_PHENOMENA_SET, ...GAUGE_PHENOMENA_ADDED, ...GAUGE_PHENOMENA_ROUND1, ...GAUGE_PHENOMENA_ROUND2, ...GAUGE_PHENOMENA_ROUND3, ...GAUGE_PHENOMENA_ROUND4, ...GAUGE_DATASET].map((e) => e.followup),
    );
    for (const e of GAUGE_PHENOMENA_ROUND5) expect(earlier.has(e.followup)).toBe(false);
    expect(GAUGE_PHENOMENA_ROUND5.length).toBeGreaterThanOrEqual(80);
    expect(new Set(GAUGE_PHENOMENA_ROUND5.map((e) => e.domain)).size).toBe(6);
  });

  it('folds the round-4 blind set and the round-5 additions into training only after round 4 was scored (AUC 0.910 on the round-4 model)', () => {
    expect(GAUGE_PHENOMENA_ROUND4.length).toBeGreaterThanOrEqual(96);
    const earlier = new Set([...GAUGE_PHENOMENA_SET, ...GAUGE_PHENOMENA_ROUND1, ...GAUGE_PHENOMENA_ROUND2, ...GAUGE_PHENOMENA_ROUND3, ...GAUGE_DATASET].map((e) => e.followup));
    for (const e of GAUGE_PHENOMENA_ROUND4) expect(earlier.has(e.followup)).toBe(false);
    for (const e of GAUGE_PHENOMENA_ADDED) expect(earlier.has(e.followup) || GAUGE_PHENOMENA_ROUND4.some((x) => x.followup === e.followup)).toBe(false);
    expect(new Set(GAUGE_PHENOMENA_ADDED.map((e) => e.domain)).size).toBe(6);
  });

  it('folds the round-3 blind set into training only after it was scored (AUC 0.838 on the round-3 model)', () => {
    expect(GAUGE_PHENOMENA_ROUND3.length).toBeGreaterThanOrEqual(96);
    const earlier = new Set([...GAUGE_PHENOMENA_SET, ...GAUGE_PHENOMENA_ROUND1, ...GAUGE_PHENOMENA_ROUND2, ...GAUGE_DATASET].map((e) => e.followup));
    for (const e of GAUGE_PHENOMENA_ROUND3) expect(earlier.has(e.followup)).toBe(false);
  });
});
