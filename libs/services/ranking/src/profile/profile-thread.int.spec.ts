import { afterEach, describe, expect, it } from 'vitest';
import { encodeVector, event, type EventData, type EventType, type StoredEvent } from '@tg/contracts';
import { CatalogProjection, type Touched } from '@tg/domain';
import { composeProfile } from '@tg/math';
import { profileFor, type ReadModelHost } from '@tg/read-model';
import { ProfileComposer } from './profile-thread';

/** A read model host (what the composer reads of one) with `n` embedded items and a user linked to the first 12. */
function hostWith(n: number) {
  const catalog = new CatalogProjection();
  const listeners: ((t: Touched, replaying: boolean) => void)[] = [];
  const host = { catalog, onChange: (fn: (t: Touched, replaying: boolean) => void) => listeners.push(fn) } as unknown as ReadModelHost;
  let seq = 0;
  let replaying = true;
  const add = <T extends EventType>(type: T, data: EventData<T>) => {
    const t = catalog.apply({ ...event(type, data, { workspace: 'ws', at: 1 }), seq: ++seq, subject: 'tg.evt.ws.entity.x' } as StoredEvent);
    if (t) for (const l of listeners) l(t, replaying);
  };
  const link = (user: string, item: number) => add('ChildLinked', { parent_id: user, child_id: `c${item}`, rel: 'about', weight: 1, linked_at: 1 });
  const replay = () => {
    for (let i = 0; i < n; i++) {
      const v = Float32Array.from({ length: 32 }, (_, k) => Math.sin(i * 7 + k * 13));
      add('ContentIndexed', { entity_id: `c${i}`, url: `https://p.test/${i}`, media_type: 'text', name: `Item ${i}`, description: '', text: `words ${i}`, text_digest: `${i}`, source: 'inline', skip_url_fetch: true, skip_media_enrich: true, indexed_at: 1 });
      add('ContentEmbedded', { entity_id: `c${i}`, of: 'content', model: 'm', dim: 32, vector: encodeVector(v), text_digest: `${i}`, embedded_at: 1 });
    }
    for (const u of ['ann', 'bob']) {
      add('EntityCreated', { entity_id: u, type: 'user', name: u, description: '', created_at: 1 });
      for (let i = 0; i < 12; i++) link(u, u === 'ann' ? i : n - 1 - i);
    }
    replaying = false;
  };
  return { host, cat: () => catalog.ws('ws'), replay, link };
}

/** The profile a read composes from the parent's statistics as they are now (no cache). */
function composedNow(cat: ReturnType<CatalogProjection['ws']>, id: string) {
  const p = cat.parents.get(id)!;
  return composeProfile(p.stats!, { representation: p.settings.representation, maxRank: p.settings.maxRank, energy: p.settings.energy });
}

describe('taste profiles composed in the background after a link', () => {
  let composer: ProfileComposer | undefined;
  afterEach(async () => {
    await composer?.close();
    composer = undefined;
  });

  for (const threaded of [true, false]) {
    it(`a link's new profile is cached before any read, equal to the one a read composes (${threaded ? 'worker thread' : 'main thread'})`, async () => {
      const s = hostWith(60);
      const told: [string, unknown][] = [];
      composer = new ProfileComposer(s.host, { threaded, onComposed: (_cat, id, p) => told.push([id, p]) });
      s.replay();
      // A replay composes nothing: most profiles are never read.
      await composer.idle();
      expect(composer.counts).toEqual({ installed: 0, overtaken: 0 });
      s.link('ann', 40);
      s.link('bob', 41);
      await composer.idle();
      expect(composer.counts.installed).toBe(2);
      for (const u of ['ann', 'bob']) {
        const cached = profileFor(s.cat(), u);
        expect(cached).toEqual(composedNow(s.cat(), u));
        // The read found it cached: the same object again, no composition.
        expect(profileFor(s.cat(), u)).toBe(cached);
      }
      expect(told).toEqual([
        ['ann', profileFor(s.cat(), 'ann')],
        ['bob', profileFor(s.cat(), 'bob')],
      ]);
    });
  }

  it('a read before the background composition finishes gets the same profile, and keeps it', async () => {
    const s = hostWith(60);
    composer = new ProfileComposer(s.host);
    s.replay();
    s.link('ann', 50);
    const read = profileFor(s.cat(), 'ann');
    expect(read).toEqual(composedNow(s.cat(), 'ann'));
    await composer.idle();
    expect(profileFor(s.cat(), 'ann')).toBe(read);
    expect(composer.counts.installed).toBe(0);
  });

  it('links arriving while a composition runs end with the profile of the last one', async () => {
    const s = hostWith(60);
    composer = new ProfileComposer(s.host);
    s.replay();
    for (let i = 0; i < 8; i++) {
      s.link('ann', 20 + i);
      // Let the composer take a job in between (a turn of the event loop), so that some links overtake one.
      await new Promise((r) => setImmediate(r));
    }
    await composer.idle();
    const p = profileFor(s.cat(), 'ann');
    expect(p).toEqual(composedNow(s.cat(), 'ann'));
    expect(p!.count).toBe(20);
  });
});
