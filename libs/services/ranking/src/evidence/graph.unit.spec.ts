import { describe, expect, it } from 'vitest';
import { event, type EventData, type EventType, type StoredEvent } from '@tg/contracts';
import { CatalogProjection } from '@tg/domain';
import { tasteScore } from '../candidates';
import { graphEvidence, type GraphEvidence } from './graph';

/** Users linking items: `links[user] = items`. */
function linkGraph(links: Record<string, string[]>) {
  const proj = new CatalogProjection();
  let seq = 0;
  const add = <T extends EventType>(type: T, data: EventData<T>) =>
    proj.apply({ ...event(type, data, { workspace: 'ws_g', at: 1 }), seq: ++seq, subject: 'tg.evt.x.y.z' } as StoredEvent);
  const items = new Set(Object.values(links).flat());
  for (const id of items) {
    add('ContentIndexed', {
      entity_id: id, url: `https://g.test/${id}`, media_type: 'text', name: id, description: '', text: id, text_digest: id,
      source: 'inline', skip_url_fetch: true, skip_media_enrich: true, indexed_at: 1,
    });
  }
  for (const [user, its] of Object.entries(links)) {
    add('EntityCreated', { entity_id: user, type: 'user', name: user, description: '', created_at: 1 });
    for (const it of its) add('ChildLinked', { parent_id: user, child_id: it, rel: 'about', weight: 1, linked_at: 1 });
  }
  return proj.ws('ws_g');
}

describe('graph evidence', () => {
  const cat = linkGraph({
    ann: ['a', 'b', 'c'],
    bob: ['a', 'b', 'x', 'y'],
    cy: ['a', 'x', 'z'],
    dee: ['q', 'r'],
  });

  it('ranks co-linked items by evidence, with the same match as match() gives', () => {
    const g = graphEvidence(cat, 'ann');
    expect(g.active).toBe(true);
    const top = g.topMatches(10);
    expect(top.map((t) => t.id)).toEqual(g.top(10));
    // x is linked by both of Ann's co-linkers, y and z by one each; Ann's own items and Dee's are not candidates.
    expect(top[0]!.id).toBe('x');
    expect(new Set(top.map((t) => t.id))).toEqual(new Set(['x', 'y', 'z']));
    for (const t of top) expect(t.match).toBeCloseTo(g.match(t.id), 12);
    expect(g.match('q')).toBe(0);
    expect(g.topMatches(1)).toHaveLength(1);
  });

  it('says nothing for an anchor nobody shares a link with', () => {
    const g = graphEvidence(cat, 'dee');
    expect(g.active).toBe(false);
    expect(g.topMatches(5)).toEqual([]);
  });

  it('taste: the noisy-or of content and graph, in [0, 1], raised by graph evidence only', () => {
    const ev = (match: number): GraphEvidence => ({ active: true, match: () => match, top: () => [], topMatches: () => [] });
    const item = { vector: null, entity_id: 'x', doc: { kind: 'content' } as never };
    expect(tasteScore({ profile: null, graph: ev(0.5) }, item, 0.8).score).toBeCloseTo(0.9, 12);
    expect(tasteScore({ profile: null, graph: ev(0) }, item, 0.8).score).toBe(0.8);
    // A content weight w counts the content match as 1 − (1 − c)^w; the signal stays the content match itself.
    const weighed = (g: number, w: number, c: number) => tasteScore({ profile: null, graph: { ...ev(g), contentWeight: w } }, item, c);
    expect(weighed(0.5, 0.5, 0.96).score).toBeCloseTo(1 - 0.2 * 0.5, 12);
    expect(weighed(0.5, 0.5, 0.96).content).toBe(0.96);
    expect(weighed(0.5, 1, 0.8).score).toBe(tasteScore({ profile: null, graph: ev(0.5) }, item, 0.8).score);
    for (const c of [0, 0.3, 0.99, 1])
      for (const g of [0, 0.4, 1]) {
        const s = tasteScore({ profile: null, graph: ev(g) }, item, c).score;
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(1);
        expect(s).toBeGreaterThanOrEqual(c);
      }
    for (const w of [0.25, 0.5])
      for (const c of [0, 0.3, 0.99, 1])
        for (const g of [0, 0.4, 1]) {
          const x = weighed(g, w, c).score;
          expect(x).toBeGreaterThanOrEqual(0);
          expect(x).toBeLessThanOrEqual(1);
          expect(x).toBeGreaterThanOrEqual(weighed(0, w, c).score);
        }
  });

  it('taste: keeps the order of strong graph evidence where the noisy-or rounds to 1', () => {
    const ev = (strength: number): GraphEvidence => ({
      active: true,
      match: () => 1 - Math.exp(-strength),
      strength: () => strength,
      top: () => [],
      topMatches: () => [],
    });
    const item = { vector: null, entity_id: 'x', doc: { kind: 'content' } as never };
    const score = (strength: number, c: number) => tasteScore({ profile: null, graph: ev(strength) }, item, c).score;
    // Within double precision, the noisy-or itself.
    expect(score(2, 0.9)).toBeCloseTo(1 - 0.1 * Math.exp(-2), 15);
    // 1 − 0.02·e^−40 and 1 − 0.02·e^−60 are both 1 in double precision: the served scores stay apart, in order.
    expect(1 - 0.02 * Math.exp(-40)).toBe(1 - 0.02 * Math.exp(-60));
    const strong = [20, 40, 60, 200, 1000].map((x) => score(x, 0.98));
    for (let i = 1; i < strong.length; i++) expect(strong[i]!).toBeGreaterThan(strong[i - 1]!);
    for (const x of strong) expect(x).toBeLessThan(1);
    // Content still separates two items of equal graph evidence there.
    expect(score(60, 0.99)).toBeGreaterThan(score(60, 0.98));
    const weighedStrong = [20, 40, 60, 200].map((x) => tasteScore({ profile: null, graph: { ...ev(x), contentWeight: 0.25 } }, item, 0.98).score);
    for (let i = 1; i < weighedStrong.length; i++) expect(weighedStrong[i]!).toBeGreaterThan(weighedStrong[i - 1]!);
    expect(score(1e308, 1)).toBe(1);
  });
});
