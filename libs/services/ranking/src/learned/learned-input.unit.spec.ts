import { describe, expect, it } from 'vitest';
import { createRng } from '@tg/math';
import { LEARNED, VectorMirror, countTerms, sideRows, type ContentVectors } from './learned-input';

/** The mirror read without its kept counts: `sideRows` then counts every item's terms, as it did at every fit. */
const recounted = (m: VectorMirror): ContentVectors => ({ get: (id) => m.get(id), keys: () => m.keys(), orderKey: (id) => m.orderKey(id), terms: (id) => m.terms(id) });

describe('learned input: the worker mirror’s term counts', () => {
  it('keeps each term’s document frequency as items come, change and go: the same counts and side rows as counting them all again', () => {
    const rng = createRng(3);
    const m = new VectorMirror();
    const vec = new Float32Array([1, 0]);
    const termsOf = () => [...new Set(Array.from({ length: 1 + Math.floor(rng() * 6) }, () => `t${Math.floor(rng() ** 2 * 60)}`))].join(' ');
    const ids = Array.from({ length: 400 }, (_, k) => `c${k}`);
    for (const id of ids) m.set(id, vec, `u:${id}`, termsOf());
    let changes = 0;
    for (let step = 0; step < 2_000; step++) {
      const id = ids[Math.floor(rng() * ids.length)]!;
      const r = rng();
      // New terms, no terms (an item without text), removal, or the removal of an item the mirror does not hold.
      if (r < 0.5) m.set(id, vec, `u:${id}`, termsOf());
      else if (r < 0.6) m.set(id, vec, `u:${id}`, '');
      else if (r < 0.9) m.delete(id);
      else m.delete(`unknown${step}`);
      if (step % 97 === 0) {
        expect(m.termCounts()).toEqual(countTerms(recounted(m)));
        const items = ids.filter((x) => m.get(x)).slice(0, 150);
        expect(sideRows(items, m)).toEqual(sideRows(items, recounted(m)));
        changes++;
      }
    }
    expect(changes).toBeGreaterThan(15);
    const items = ids.filter((x) => m.get(x));
    const rows = sideRows(items, m);
    // The fixture's terms give rows (else the comparison says little).
    expect(rows.nRows).toBeGreaterThan(5);
    expect(rows).toEqual(sideRows(items, recounted(m)));
    // Terms held by fewer than LEARNED.sideMinItems items are not rows.
    const { df } = m.termCounts();
    expect([...df.values()].some((c) => c < LEARNED.sideMinItems)).toBe(true);
  });
});
