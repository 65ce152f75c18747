import { describe, expect, it } from 'vitest';
import { quantities, restatedNumbers } from './quantity';

describe('quantities (round 17): a number read with its unit or multiplier', () => {
  it('reads digits, separators, multipliers, spelled numbers and units into one value per dimension', () => {
    const keys = (t: string) => quantities(t).map((q) => `${q.dim}:${q.value}`);
    expect(keys('about 2,500 steps')).toEqual(['n:2500']);
    expect(keys('2.5k steps')).toEqual(['n:2500']);
    expect(keys('ninety minutes')).toEqual(['time:5400']);
    expect(keys('an hour and a half')).toEqual(['time:5400']);
    expect(keys('half an hour')).toEqual(['time:1800']);
    expect(keys('a 3-day pass')).toEqual(['time:259200']);
    expect(keys('1.2 kg')).toEqual(['mass:1200']);
    expect(keys('leaves at 6:45 pm')).toEqual(['clock:1125']);
    expect(keys('just a note')).toEqual([]);
  });

  it('finds a number restated in another unit or form, not one repeated as written or replaced', () => {
    expect(restatedNumbers('The battery lasts 90 minutes per charge.', 'an hour and a half is loads for my commute').restated).toBe(true);
    expect(restatedNumbers('Your plan includes 2,000 texts.', '2k texts will do me').numbers).toEqual(new Set(['2']));
    expect(restatedNumbers('The course runs for 12 weeks.', 'three months of Tuesdays, fine').restated).toBe(true);
    expect(restatedNumbers('The parcel weighs 1,500 g.', 'one and a half kilos, ok').restated).toBe(true);
    expect(restatedNumbers('The battery lasts 90 minutes per charge.', 'mine dies after 40 minutes').restated).toBe(false);
    expect(restatedNumbers('The battery lasts 90 minutes per charge.', '90 minutes is loads').restated).toBe(false);
    expect(restatedNumbers('The ferry takes 2 hours.', 'more like three hours').restated).toBe(false);
  });

  it('round 18: reads a word between number and unit, a rate, a bound and an approximate value as the same number', () => {
    // A word between the number and its unit ("three solid weeks").
    expect(restatedNumbers('The visa is valid for 21 days.', 'three solid weeks, plenty for the loop').restated).toBe(true);
    // A rate in another unit of time ("two per second" after "120 per minute").
    expect(restatedNumbers('The pump delivers 120 litres per minute.', 'two a second then, fine for the tank').restated).toBe(true);
    expect(restatedNumbers('The queue handles 3,600 jobs an hour.', 'so one job every second, good').restated).toBe(true);
    expect(restatedNumbers('The pump delivers 120 litres per minute.', 'ours needs five a second').restated).toBe(false);
    // A value inside the reply's bound ("under", "at most", "at least").
    expect(restatedNumbers('Carry-on bags must be under 10 kg.', 'mine weighs 8.5 kg, fine').restated).toBe(true);
    expect(restatedNumbers('The talk should run at least 20 minutes.', 'I have 25 minutes of slides').restated).toBe(true);
    expect(restatedNumbers('Carry-on bags must be under 10 kg.', 'mine weighs 14 kg').restated).toBe(false);
    // An approximate restatement ("just under an hour" after "55 minutes").
    expect(restatedNumbers('The bus takes 55 minutes to the coast.', 'just under an hour, we can nap').restated).toBe(true);
    expect(restatedNumbers('The bus takes 55 minutes to the coast.', 'it took an hour and a half').restated).toBe(false);
  });
});
