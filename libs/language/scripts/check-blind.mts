/**
 * Repeat check of a new blind set against every earlier pair, without scoring anything: exact text (after
 * normalising case, apostrophes and spaces) and word-set Jaccard ≥ 0.5 of replies and follow-ups (texts of 3+ words).
 * Usage: `node --import tsx libs/language/scripts/check-blind.mts` (checks the newest round, GAUGE_PHENOMENA_BLIND_SET, against every
 * other set; since round 29 it follows the data index's newest round rather than naming one).
 */
import * as data from '../data/index';
import { GAUGE_PHENOMENA_BLIND_SET as NEW } from '../data/index';
import type { GaugeExample } from '../src/gauge/types';

const norm = (t: string) => t.toLowerCase().replace(/[\u2018\u2019]/g, "'").replace(/\s+/g, ' ').trim();
const words = (t: string) => new Set(norm(t).match(/[a-z0-9']+/g) ?? []);
const earlier: GaugeExample[] = Object.values(data)
  .filter((v): v is readonly GaugeExample[] => Array.isArray(v))
  .flat()
  .filter((e) => e && typeof e === 'object' && 'followup' in e && !NEW.includes(e));
const texts = [...new Set(earlier.flatMap((e) => [e.response, e.followup]))];
const exact = new Set(texts.map(norm));
const sets = texts.map((t) => ({ t, w: words(t) }));
let found = 0;
const within = new Map<string, string>();
for (const e of NEW) {
  for (const t of [e.response, e.followup]) {
    if (exact.has(norm(t))) {
      console.log(`EXACT ${e.id}: ${t}`);
      found++;
    }
    const w = words(t);
    if (w.size < 3) continue;
    for (const s of sets) {
      const inter = [...w].filter((x) => s.w.has(x)).length;
      const j = inter / (w.size + s.w.size - inter);
      if (j >= 0.5) {
        console.log(`NEAR ${j.toFixed(2)} ${e.id}: ${t}  ~  ${s.t}`);
        found++;
      }
    }
  }
  const key = norm(e.followup);
  if (within.has(key)) console.log(`REPEAT WITHIN ${e.id} ~ ${within.get(key)}`);
  within.set(key, e.id);
}
console.log(`${NEW.length} pairs against ${texts.length} earlier texts: ${found} matches`);
