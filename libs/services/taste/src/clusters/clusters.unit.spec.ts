import { describe, expect, it } from 'vitest';
import { computeClusters } from './compute';
import { topicCatalog } from './clusters.fixture';

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
