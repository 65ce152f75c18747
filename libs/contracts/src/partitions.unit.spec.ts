import { describe, expect, it } from 'vitest';
import { RPC } from './rpc';
import { assignPartitions, formatPartitionSet, isPartitionedSubject, parsePartitionSet, partitionOf, Partitioning } from './partitions';

describe('workspace partitions', () => {
  it('puts a workspace in the same partition every time, and spreads many workspaces over all of them', () => {
    expect(partitionOf('ws_abc', 12)).toBe(partitionOf('ws_abc', 12));
    expect(partitionOf('ws_abc', 1)).toBe(0);
    const counts = new Array(12).fill(0);
    for (let i = 0; i < 12_000; i++) counts[partitionOf(`ws_${i.toString(36)}x${i * 7919}`, 12)]++;
    // Roughly even: every partition within ±20% of 1,000.
    for (const c of counts) {
      expect(c).toBeGreaterThan(800);
      expect(c).toBeLessThan(1_200);
    }
  });

  it('routes the read-model services by partition and leaves the others (and the account-wide digest) alone', () => {
    for (const s of [RPC.rank.search, RPC.rank.rerank, RPC.taste.compose, RPC.taste.clusters, RPC.visualize.graph]) expect(isPartitionedSubject(s)).toBe(true);
    for (const s of [RPC.entity.create, RPC.ingest.content, RPC.admin.verifyKey, RPC.embed.texts, RPC.taste.digest, RPC.rank.digest, RPC.visualize.digest, RPC.entity.digest]) expect(isPartitionedSubject(s)).toBe(false);
  });

  it('gives every partition the requested number of replicas, spread evenly', () => {
    const a = assignPartitions(12, 3, 2);
    expect(a.map((ps) => ps.length)).toEqual([8, 8, 8]);
    for (let p = 0; p < 12; p++) expect(a.filter((ps) => ps.includes(p))).toHaveLength(2);
    const one = assignPartitions(12, 3, 1);
    expect(one.flat().sort((x, y) => x - y)).toEqual([...Array(12).keys()]);
    // More copies than replicas: every replica serves everything.
    expect(assignPartitions(4, 2, 3)).toEqual([
      [0, 1, 2, 3],
      [0, 1, 2, 3],
    ]);
  });

  it('reads and writes partition sets, and rejects what is out of range', () => {
    expect(parsePartitionSet('0-3, 8,10-11', 12)).toEqual([0, 1, 2, 3, 8, 10, 11]);
    expect(parsePartitionSet(undefined, 3)).toEqual([0, 1, 2]);
    expect(parsePartitionSet('all', 2)).toEqual([0, 1]);
    expect(formatPartitionSet([11, 0, 1, 2, 3, 8, 10])).toBe('0-3,8,10-11');
    expect(() => parsePartitionSet('0-12', 12)).toThrow(/outside 0-11/);
    expect(() => parsePartitionSet('3-1', 12)).toThrow(/outside/);
    expect(() => parsePartitionSet('a', 12)).toThrow(/not a number/);
  });

  it('routes a request to its partition subject and listens on the served partitions only', () => {
    const p = new Partitioning(4, [1, 3]);
    const ws = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].find((w) => partitionOf(w, 4) === 3)!;
    expect(p.route(RPC.rank.search, ws)).toBe(`${RPC.rank.search}.3`);
    expect(p.route(RPC.entity.get, ws)).toBe(RPC.entity.get);
    expect(p.listen(RPC.rank.search)).toEqual([`${RPC.rank.search}.1`, `${RPC.rank.search}.3`]);
    expect(p.listen(RPC.admin.verifyKey)).toEqual([RPC.admin.verifyKey]);
    expect(p.holds(ws)).toBe(true);
    expect(p.holds('_account')).toBe(true);
    expect(Partitioning.base(`${RPC.rank.search}.3`)).toBe(RPC.rank.search);
    // One partition: subjects as they always were.
    const one = new Partitioning(1);
    expect(one.route(RPC.rank.search, ws)).toBe(RPC.rank.search);
    expect(one.partial).toBe(false);
    expect(p.partial).toBe(true);
  });
});
