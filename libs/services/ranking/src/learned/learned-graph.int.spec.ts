import { afterEach, describe, expect, it } from 'vitest';
import type { ReadModelHost } from '@tg/read-model';
import { linkedWorkspace } from './learned-fixture';
import { LearnedGraphs, fitLearnedModel, type LearnedModel } from './learned-graph';

/** What two fits must share bit for bit. */
const essence = (m: LearnedModel) => ({
  users: m.users,
  items: m.itemIds,
  links: m.links,
  lambda: m.lambda,
  tau: m.tau,
  mapWeight: m.mapWeight,
  recency: m.recency,
  m: m.model.m,
  d: m.model.d,
  map: m.map,
  blendGrid: m.blendGrid,
});

describe('learned graph fit on the worker thread', () => {
  const open: LearnedGraphs[] = [];
  afterEach(async () => {
    for (const lg of open.splice(0)) await lg.close();
  });

  it('prepares its input on the worker from a mirror of the vectors, and fits the model the catalog gives, through changes', async () => {
    const w = linkedWorkspace({ items: 300, users: 40 });
    const host = { catalog: w.proj, onChange: (fn: never) => w.listeners.push(fn) } as unknown as ReadModelHost;
    const errors: Error[] = [];
    const lg = new LearnedGraphs(host, { debounceMs: 0, thread: true, onError: (e) => errors.push(e) });
    open.push(lg);
    // A first request schedules the first fit (as for a workspace restored from a snapshot).
    lg.evidence(w.cat, 'anchor');
    await lg.whenSettled();
    expect(errors).toEqual([]);
    expect(essence(lg.model(w.cat.id)!)).toEqual(essence(fitLearnedModel(w.cat)!));

    // Changes the mirror has to follow: re-embedded items (linked and not), a deleted item, a new linked item.
    w.embed(w.ids[0]!, 3);
    w.embed(w.ids[299]!, 1);
    w.apply('EntityDeleted', { entity_id: w.ids[5]!, deleted_at: 2 });
    w.apply('ContentIndexed', { entity_id: 'cnew', url: 'https://l.test/new', media_type: 'text', name: 'new', description: '', text: 'new', text_digest: 'new', source: 'inline', skip_url_fetch: true, skip_media_enrich: true, indexed_at: 2 });
    w.embed('cnew', 2);
    w.link('u1', 'cnew');
    w.link('u2', 'cnew');
    await lg.whenSettled();
    expect(errors).toEqual([]);
    const live = lg.model(w.cat.id)!;
    expect(live.items.has('cnew')).toBe(true);
    expect(live.items.has(w.ids[5]!)).toBe(false);
    expect(essence(live)).toEqual(essence(fitLearnedModel(w.cat)!));
    // Two fits on a niced worker thread: 40 s at a CI runner's load, seconds on a quiet machine.
  }, 300_000);
});
