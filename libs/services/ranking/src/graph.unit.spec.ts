import { describe, expect, it } from 'vitest';
import { event, type EventData, type EventType, type StoredEvent } from '@tg/contracts';
import { CatalogProjection } from '@tg/domain';
import { graphEvidence } from './graph';

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
});
