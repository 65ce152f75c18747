/**
 * Round 17 (issue 17): numbers read with their unit or multiplier, so that a number restated in another unit or form
 * ("100,000" and "100k", "60 minutes" and "an hour", "12 weeks" and "three months") is recognised as the same
 * number, not as a replaced one. Pure string work.
 */

/** The dimension of a quantity: a bare count, a duration (seconds), a mass (g), a volume (ml), a length (m), data (bytes), a time of day (minutes after midnight), a rate (things per second; round 18). */
export type Dimension = 'n' | 'time' | 'mass' | 'vol' | 'len' | 'data' | 'clock' | 'rate';

/** One number of a text with its unit: its value in the dimension's base unit and the unit as written. */
export interface Quantity {
  dim: Dimension;
  value: number;
  unit: string;
  /** The text of the mention, lower case, spaces and commas dropped. */
  surface: string;
  /** Where the mention ends in the text. */
  end: number;
  /** The numbers of the mention as a reader of digits and number words sees them ("1" for "one", "2" for "2k"). */
  numbers: string[];
  /** Round 18: the reply's number is a bound ("under 2,000", "at least 20 minutes"): upper or lower. */
  bound?: 'upper' | 'lower';
  /** Round 18: the number is approximate ("about", "just over", "roughly", "nearly"). */
  approx?: boolean;
}

const SPELLED: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11,
  twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
  twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90, hundred: 100,
  dozen: 12, couple: 2, half: 0.5,
};
const MULTIPLIER: Record<string, number> = { k: 1e3, thousand: 1e3, grand: 1e3, million: 1e6, mn: 1e6, mil: 1e6, bn: 1e9, billion: 1e9, hundred: 100 };
const UNITS: Record<string, [Dimension, number]> = {};
const unit = (dim: Dimension, factor: number, ...names: string[]) => names.forEach((n) => (UNITS[n] = [dim, factor]));
unit('time', 1, 'second', 'seconds', 'sec', 'secs', 's');
unit('time', 60, 'minute', 'minutes', 'min', 'mins');
unit('time', 3600, 'hour', 'hours', 'hr', 'hrs', 'h');
unit('time', 86400, 'day', 'days', 'night', 'nights');
unit('time', 604800, 'week', 'weeks');
unit('time', 1209600, 'fortnight', 'fortnights');
unit('time', 2592000, 'month', 'months');
unit('time', 31536000, 'year', 'years', 'yr', 'yrs');
unit('mass', 1, 'g', 'gram', 'grams', 'gramme', 'grammes');
unit('mass', 1000, 'kg', 'kgs', 'kilo', 'kilos', 'kilogram', 'kilograms');
unit('vol', 1, 'ml', 'millilitre', 'millilitres', 'milliliter', 'milliliters');
unit('vol', 1000, 'l', 'litre', 'litres', 'liter', 'liters');
unit('len', 0.001, 'mm', 'millimetre', 'millimetres');
unit('len', 0.01, 'cm', 'centimetre', 'centimetres', 'centimeter', 'centimeters');
unit('len', 1, 'metre', 'metres', 'meter', 'meters');
unit('len', 1000, 'km', 'kms', 'kilometre', 'kilometres', 'kilometer', 'kilometers');
unit('data', 1e3, 'kb');
unit('data', 1e6, 'mb');
unit('data', 1e9, 'gb', 'gig', 'gigs');
unit('data', 1e12, 'tb');

const NUM = `\\d+(?:,\\d{3})*(?:\\.\\d+)?|${Object.keys(SPELLED).sort((a, b) => b.length - a.length).join('|')}`;
const MULT = Object.keys(MULTIPLIER).join('|');
const UNIT = Object.keys(UNITS).sort((a, b) => b.length - a.length).join('|');
// A number ("2,500", "ninety", "an"), optionally a spelled tens-and-units or "and a half", a multiplier ("k",
// "thousand"), and a unit ("minutes", "-day", "kg"), optionally followed by "and a half" ("an hour and a half").
const QUANTITY = new RegExp(
  `(?<![\\w.,])(half |a quarter of )?(${NUM})(?:(?<=\\d)(?!(?:st|nd|rd|th)\\b)|(?<![\\d])(?![a-z]))(?:[ -](one|two|three|four|five|six|seven|eight|nine))?(?: and a half)?(?:\\s?(${MULT})\\b)?(?:(?:\\s|-)?(?:of )?(?:(?:full|whole|solid|straight|entire|clear|long|short|good) )?(${UNIT})\\b)?( and a half)?`,
  'g',
);
const CLOCK = /(?<![\w.,:])(\d{1,2})(?:[:.](\d{2}))?\s?(am|pm)\b|(?<![\w.,:])([01]?\d|2[0-3]):([0-5]\d)(?![\d:])|\b(noon|midday|midnight)\b/g;

// Round 18: a bound before a number ("under 2,000", "at most 10 kg", "at least 20 minutes"), an approximation ("about",
// "just over", "nearly"), and a rate after a count ("60 requests per minute", "one a second", "one job every second").
const UPPER = /\b(?:under|below|less than|fewer than|up to|at most|no more than|not more than|max|maximum(?: of)?|within|no longer than|no heavier than|no bigger than)\s*$/;
const LOWER = /\b(?:over|above|more than|at least|no less than|no fewer than|minimum(?: of)?|min)\s*$/;
const APPROX = /(?:\b(?:about|around|roughly|nearly|almost|approximately|approx|close to|just over|just under|a bit over|a bit under|a little over|a little under|some)|~)\s*$/;
const RATE = new RegExp(`^\\s*(?:[a-z]+\\s){0,2}?(?:per|a|an|each|every|/)\\s?(${Object.keys(UNITS).filter((k) => UNITS[k]![0] === 'time').sort((a, b) => b.length - a.length).join('|')})\\b`);

// Spelled words that are a number only with a unit ("an hour", "half a day", "a couple of weeks").
const NOT_COUNTS = ['a', 'an', 'half', 'couple'];
const lower = (text: string): string => text.toLowerCase().replace(/[\u2018\u2019]/g, "'").replace(/[\u2013\u2014]/g, '-');

/** The quantities of a text, in order; spelled "a"/"an"/"half"/"couple" count only before a unit or multiplier. */
export function quantities(text: string): Quantity[] {
  const t = lower(text);
  const out: Quantity[] = [];
  const clockAt = new Set<number>();
  for (const m of t.matchAll(CLOCK)) {
    let minutes: number;
    if (m[3]) {
      const h = Number(m[1]) % 12;
      minutes = (m[3] === 'pm' ? h + 12 : h) * 60 + Number(m[2] ?? 0);
    } else if (m[4]) minutes = Number(m[4]) * 60 + Number(m[5]);
    else minutes = m[6] === 'midnight' ? 0 : 720;
    const unit = m[3] ?? m[6] ?? '24h';
    out.push({ dim: 'clock', value: minutes, unit, surface: m[0].replace(/[\s,]/g, ''), end: m.index + m[0].length, numbers: [m[0].match(/\d+(?:[.:]\d+)?/)?.[0] ?? '12'] });
    for (let i = m.index; i < m.index + m[0].length; i++) clockAt.add(i);
  }
  for (const m of t.matchAll(QUANTITY)) {
    if (clockAt.has(m.index + (m[1]?.length ?? 0))) continue;
    const [whole, fraction, num, units, mult, u, andHalfAfter] = m as unknown as (string | undefined)[];
    const spelled = !/^\d/.test(num!);
    if (spelled && !u && !mult) {
      // A spelled number with no unit is a count only when it is a number word proper ("seven"), not "a", "half", "couple".
      if (NOT_COUNTS.includes(num!) || num === 'dozen' || fraction) continue;
    }
    let value = spelled ? SPELLED[num!]! : Number(num!.replace(/,/g, ''));
    if (units) value += SPELLED[units]!;
    if (/ and a half/.test(whole!.slice(0, whole!.length - (andHalfAfter?.length ?? 0))) || andHalfAfter) value += 0.5;
    if (fraction) value *= fraction.startsWith('half') ? 0.5 : 0.25;
    if (mult) value *= MULTIPLIER[mult]!;
    const [dim, factor] = u ? UNITS[u]! : (['n', 1] as [Dimension, number]);
    // A bare "s", "h", "g", "l" is a unit only after digits ("2h", "500 g"), not after a spelled number.
    if (u && u.length === 1 && spelled) continue;
    const numbers = spelled ? (whole!.match(/[a-z]+/g) ?? []).filter((w) => SPELLED[w] !== undefined && !NOT_COUNTS.includes(w)).map((w) => String(SPELLED[w])) : [num!.replace(/,/g, '').replace(/\.0+$/, '')];
    const before = t.slice(Math.max(0, m.index - 24), m.index);
    const approx = APPROX.test(before);
    const bound = approx ? undefined : UPPER.test(before) ? 'upper' : LOWER.test(before) ? 'lower' : undefined;
    out.push({ dim, value: Number((value * factor).toPrecision(12)), unit: u ?? mult ?? '', surface: whole!.trim().replace(/[\s,]/g, ''), end: m.index + whole!.length, numbers, bound, approx });
    // A number followed by "per minute", "a second", "every hour" is also a rate: the number as written per second
    // ("120 litres per minute" and "two a second" are both 2).
    const rate = dim !== 'time' && dim !== 'clock' ? RATE.exec(t.slice(m.index + whole!.length)) : null;
    if (rate) {
      const per = UNITS[rate[1]!]![1];
      out.push({ dim: 'rate', value: Number((value / per).toPrecision(12)), unit: `per ${rate[1]}`, surface: `${whole!.trim().replace(/[\s,]/g, '')}/${rate[1]}`, end: m.index + whole!.length + rate[0].length, numbers, bound, approx });
    }
  }
  return out;
}

/** Whether two quantities are the same number: equal in the same unit, or within rounding (10% for durations named in different units, "12 weeks" and "three months"; 0.5% otherwise). */
function same(a: Quantity, b: Quantity): boolean {
  if (a.dim !== b.dim) return false;
  // Round 18: an approximate value ("just over half an hour" after "35 minutes") is the same within 20%.
  if (a.approx || b.approx) return Math.abs(a.value - b.value) <= 0.2 * Math.max(a.value, b.value);
  if (a.unit === b.unit || a.dim === 'n' || a.dim === 'clock') return a.value === b.value;
  const tol = a.dim === 'time' || a.dim === 'rate' ? 0.1 : 0.005;
  return Math.abs(a.value - b.value) <= tol * Math.max(a.value, b.value);
}

/**
 * Round 18: whether the follow-up's quantity `q` keeps the reply's bound `r` ("8.5 kg" inside "under 10 kg", "25
 * minutes" inside "at least 20 minutes"), within a factor of four of it (a number far from the bound is about
 * something else).
 */
function withinBound(q: Quantity, r: Quantity): boolean {
  if (!r.bound || q.dim !== r.dim || q.dim === 'clock' || q.bound) return false;
  return r.bound === 'upper' ? q.value <= r.value && q.value >= r.value / 4 : q.value >= r.value && q.value <= r.value * 4;
}

/**
 * The follow-up's numbers that restate one of the reply's in another unit or form ("2k" after "2,000", "an hour"
 * after "60 minutes"; since round 18 also "two full days" after "48 hours", a rate in another unit, "one a second"
 * after "60 per minute", an approximate value, "just under an hour" after "55 minutes", and a value inside the reply's
 * bound, "1,850" after "under 2,000"): `restated` when there is one, and `numbers`, its numbers as digits ("2" of "2k", "1" of "one
 * hour"; for readers that compare numbers one by one: these are not replaced numbers). A number written the same way in both is a plain
 * repeat, not a restatement.
 */
export function restatedNumbers(response: string, followup: string): { restated: boolean; numbers: Set<string> } {
  const rq = quantities(response);
  const numbers = new Set<string>();
  let restated = false;
  for (const q of quantities(followup)) {
    const match = rq.find((r) => same(q, r)) ?? rq.find((r) => withinBound(q, r));
    if (!match || (match.surface === q.surface && !withinBound(q, match))) continue;
    restated = true;
    for (const n of q.numbers) numbers.add(n);
  }
  return { restated, numbers };
}
