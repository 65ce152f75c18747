import { describe, expect, it } from 'vitest';
import { encodeVector, event, type EventData, type EventType, type StoredEvent } from '@tg/contracts';
import { CatalogProjection } from '@tg/domain';
import { createRng, gaussian } from '@tg/math';
import { computeClusters } from './clusters';

const WS = 'ws_c';
const DIM = 50;

/** A catalog with three topics of content (known vectors and words) and three users per topic linked to theirs. */
function topicCatalog(opts: { topics?: string[][]; perTopic?: number; users?: boolean } = {}) {
  const topics = opts.topics ?? [
    ['jazz', 'saxophone', 'trumpet'],
    ['football', 'goal', 'stadium'],
    ['recipe', 'garlic', 'oven'],
  ];
  const per = opts.perTopic ?? 12;
  const rng = createRng(21);
  const proj = new CatalogProjection();
  let seq = 0;
  const add = <T extends EventType>(type: T, data: EventData<T>) =>
    proj.apply({ ...event(type, data, { workspace: WS, at: 1 }), seq: ++seq, subject: 'tg.evt.x.y.z' } as StoredEvent);
  const truth = new Map<string, number>();
  const centres = topics.map(() => Float32Array.from({ length: DIM }, () => gaussian(rng)));
  topics.forEach((words, t) => {
    for (let i = 0; i < per; i++) {
      const id = `t${t}-c${i}`;
      const v = centres[t]!.map((x) => x + 0.35 * gaussian(rng));
      const text = `${words.join(' ')} ${words[i % words.length]} item ${i} common filler`;
      add('ContentIndexed', {
        entity_id: id, url: `https://x.test/${id}`, media_type: 'text', name: id, description: '', text, text_digest: id,
        source: 'inline', skip_url_fetch: true, skip_media_enrich: true, indexed_at: 1,
      });
      add('ContentEmbedded', { entity_id: id, of: 'content', model: 'm', dim: DIM, vector: encodeVector(v), text_digest: id, embedded_at: 1 });
      truth.set(id, t);
    }
    if (opts.users !== false) {
      for (let u = 0; u < 3; u++) {
        const id = `t${t}-u${u}`;
        add('EntityCreated', { entity_id: id, type: 'user', name: `fan ${u}`, description: '', created_at: 1 });
        for (let i = u; i < per; i += 3) add('ChildLinked', { parent_id: id, child_id: `t${t}-c${i}`, rel: 'about', weight: 1, linked_at: 1 });
        truth.set(id, t);
      }
    }
  });
  return { cat: proj.ws(WS), truth, topics };
}

describe('computeClusters', () => {
  it('finds the three topics of content, labels them with their words, and links them by affinity', () => {
    const { cat, truth, topics } = topicCatalog();
    const rows = computeClusters(cat, 'content');
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      const t = truth.get(r.members[0]!)!;
      expect(r.members.every((m) => truth.get(m) === t)).toBe(true);
      expect(r.size).toBe(12);
      // The label is made of the topic's own words, not the words every item shares.
      expect(r.keywords.length).toBeGreaterThan(0);
      for (const k of r.keywords) expect(topics[t]).toContain(k);
      expect(r.label).toBe(r.keywords.join(' · '));
      expect(r.affinities.map((a) => a.cluster_id).sort()).toEqual(rows.filter((o) => o.id !== r.id).map((o) => o.id).sort());
      for (const a of r.affinities) {
        expect(a.score).toBeGreaterThanOrEqual(0);
        expect(a.score).toBeLessThanOrEqual(1);
      }
    }
    // Most popular first, ties by id; deterministic.
    expect(computeClusters(cat, 'content')).toEqual(rows);
  });

  it('clusters users by their pooled taste', () => {
    const { cat, truth } = topicCatalog();
    const rows = computeClusters(cat, 'user');
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      expect(r.size).toBe(3);
      expect(new Set(r.members.map((m) => truth.get(m))).size).toBe(1);
    }
  });

  it('answers one cluster for one topic and none for a type without entities', () => {
    const { cat } = topicCatalog({ topics: [['jazz', 'saxophone', 'trumpet']], perTopic: 20, users: false });
    const rows = computeClusters(cat, 'content');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.size).toBe(20);
    expect(rows[0]!.affinities).toEqual([]);
    expect(computeClusters(cat, 'place')).toEqual([]);
  });

  it('gives a cluster the same id while its members stay the same', () => {
    const a = computeClusters(topicCatalog().cat, 'content').map((r) => r.id);
    const b = computeClusters(topicCatalog().cat, 'content').map((r) => r.id);
    expect(a).toEqual(b);
    expect(new Set(a).size).toBe(3);
  });

  it('updates incrementally from the previous clusters: k kept, new items join their topic', () => {
    const { cat, truth } = topicCatalog();
    const fitted = computeClusters(cat, 'content');
    // Unchanged data: the update reproduces the fit.
    expect(computeClusters(cat, 'content', { previous: fitted })).toEqual(fitted);
    // More items of topic 1 arrive: they join topic 1's cluster, nothing else moves, k stays 3.
    const big = topicCatalog({ perTopic: 16 });
    const updated = computeClusters(big.cat, 'content', { previous: fitted });
    expect(updated).toHaveLength(3);
    for (const r of updated) {
      expect(new Set(r.members.map((m) => big.truth.get(m))).size).toBe(1);
      expect(r.size).toBe(16);
    }
    expect(truth.size).toBeLessThan(big.truth.size);
    // Centroids of another dimension are ignored: a full fit runs instead.
    const foreign = fitted.map((r) => ({ ...r, centroid: 'AAAAAAAAAAA=' }));
    expect(computeClusters(cat, 'content', { previous: foreign })).toEqual(fitted);
  });
});
