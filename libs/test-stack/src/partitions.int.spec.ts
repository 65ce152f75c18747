import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partitionOf } from '@tg/contracts';
import { startProcessStack, type ProcessStack } from './process-stack';
import { replicasOnly } from './topology';

/**
 * Workspace partitions on real processes: 4 partitions, three ranking replicas each serving the partitions
 * `assignPartitions(4, 3, 2)` gives it (every partition on two of them), two of taste and visualize.
 */
const PARTITIONS = 4;

describe('workspace partitions: each ranking replica holds only its partitions, every partition answers', () => {
  let s: ProcessStack;
  const workspaces: { id: string; client: Awaited<ReturnType<ProcessStack['workspace']>>; user: string; item: string }[] = [];

  const search = async (w: (typeof workspaces)[number]) => {
    const r = await w.client.request('POST', '/search', { query: { relative_to_entity_id: w.user, in_terms_of_entity_type: 'content' }, body: { query: 'jazz saxophone', limit: 5 } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return (r.body.results as { entity_id: string }[]).map((x) => x.entity_id);
  };

  beforeAll(async () => {
    s = await startProcessStack({
      partitions: PARTITIONS,
      partitionCopies: 2,
      replicas: replicasOnly({ 'taste-service': 2, 'visualize-service': 2, 'ranking-service': 3 }, 1),
      env: { TG_RPC_TIMEOUT_MS: '10000' },
    });
    // Workspaces until every partition has at least one (ids are random: each misses a given partition with
    // probability 3/4, so 24 tries left one uncovered about once in 250 runs, as a full run saw; 64 tries about once in
    // 25 million), and at least six.
    const covered = new Set<number>();
    for (let i = 0; i < 64 && (covered.size < PARTITIONS || workspaces.length < 6); i++) {
      const client = await s.workspace(`p${i}`);
      covered.add(partitionOf(client.workspaceId, PARTITIONS));
      const user = (await client.request('POST', '/entity', { body: { type: 'user', name: `User ${i}` } })).body.id as string;
      const r = await client.request('POST', '/entity', {
        body: { content: { url: `https://partitions.test/${i}/jazz`, type: 'text', title: `Jazz record ${i}`, content: `A jazz saxophone record, number ${i}, modal and warm.`, skip_url_fetch: true }, entity_id: user },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      workspaces.push({ id: client.workspaceId, client, user, item: r.body.entity_id });
    }
    expect(covered.size).toBe(PARTITIONS);
  }, 300_000);
  afterAll(async () => s?.stop(), 60_000);

  it('gives every partition two ranking replicas and no replica all of them', () => {
    const sets = [0, 1, 2].map((i) => s.partitionsOf('ranking-service', i));
    for (let p = 0; p < PARTITIONS; p++) expect(sets.filter((ps) => ps.includes(p))).toHaveLength(2);
    for (const ps of sets) expect(ps.length).toBeLessThan(PARTITIONS);
    expect(s.proc('ranking-service', 2).spec.env['TG_SERVE_PARTITIONS']).toBeDefined();
    expect(s.proc('entity-service', 0).spec.env['TG_SERVE_PARTITIONS']).toBeUndefined();
  });

  it('answers a search in every workspace, whatever its partition (read-your-writes through the routing)', async () => {
    for (const w of workspaces) expect(await search(w)).toContain(w.item);
  });

  it('a replica replays only the workspaces of its partitions', async () => {
    const proc = s.proc('ranking-service', 2);
    await s.restart('ranking-service', 2);
    const line = await proc.waitForLine(/catalog projection caught up/, { timeoutMs: 60_000 });
    const held = JSON.parse(line) as { workspaces: number; partitions: string };
    const mine = s.partitionsOf('ranking-service', 2);
    const expected = workspaces.filter((w) => mine.includes(partitionOf(w.id, PARTITIONS))).length;
    expect(held.workspaces).toBe(expected);
    expect(held.workspaces).toBeLessThan(workspaces.length);
    expect(held.partitions).toMatch(new RegExp(` of ${PARTITIONS}$`));
  });

  it('kill -9 of any one ranking replica: every workspace still answers, and a write made meanwhile is searchable', async () => {
    // A replica says "started" once its read model caught up, and joins its partitions' queue groups only after its
    // indexes are warmed: a victim killed before the other replica of one of its partitions joined would leave that
    // partition with no instance (a restart just before, as in the test above, or the previous round's).
    const joined = (i: number) => s.proc('ranking-service', i).waitForLine(/ranking indexes warmed/, { timeoutMs: 60_000 });
    for (const victim of [0, 1, 2]) {
      await Promise.all([0, 1, 2].map(joined));
      await s.kill('ranking-service', victim);
      for (const w of workspaces) expect(await search(w)).toContain(w.item);
      const w = workspaces[victim]!;
      const r = await w.client.request('POST', '/entity', {
        body: { content: { url: `https://partitions.test/${w.id}/more-${victim}`, type: 'text', title: 'More jazz', content: 'Another jazz saxophone record, late night and warm.', skip_url_fetch: true }, entity_id: w.user },
      });
      expect(r.status).toBe(200);
      expect(await search(w)).toContain(r.body.entity_id);
      await s.start('ranking-service', victim);
    }
  });
});
