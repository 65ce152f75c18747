/**
 * Workspace partitions: the read models of taste, ranking and visualize are split into a fixed number of
 * partitions by a hash of the workspace id. An instance serves the partitions it is given and holds only
 * their workspaces' catalogs; a request reaches an instance that serves its workspace's partition because
 * the partition is the last token of the subject (`tg.rpc.rank.search.7`), and every instance serving
 * partition 7 is in that subject's queue group. With one partition (the default) subjects are unchanged.
 */

import { RPC } from './rpc';

/** Services whose operations are routed by partition (they answer from a partitioned read model). */
export const PARTITIONED_SERVICES: readonly string[] = ['rank', 'taste', 'visualize'];

/** Operations of those services that are not about one workspace (answered by any instance). */
const UNPARTITIONED_SUBJECTS: ReadonlySet<string> = new Set([RPC.taste.digest, RPC.rank.digest, RPC.visualize.digest]);

/** The partition of a workspace (32-bit FNV-1a of its id, modulo the partition count). */
export function partitionOf(workspace: string, count: number): number {
  if (count <= 1) return 0;
  let h = 0x811c9dc5;
  for (let i = 0; i < workspace.length; i++) {
    h ^= workspace.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % count;
}

/** True for an RPC subject whose requests are routed to the partition of their workspace. */
export function isPartitionedSubject(subject: string): boolean {
  if (UNPARTITIONED_SUBJECTS.has(subject)) return false;
  const service = subject.split('.')[2];
  return subject.startsWith('tg.rpc.') && service !== undefined && PARTITIONED_SERVICES.includes(service);
}

/**
 * Parses a set of partitions, `0-3,8,10-11`, against the partition count; `all` or empty is every
 * partition. Throws a message naming the problem.
 */
export function parsePartitionSet(spec: string | undefined, count: number): number[] {
  const all = Array.from({ length: count }, (_, i) => i);
  const s = (spec ?? '').trim();
  if (!s || s === 'all') return all;
  const out = new Set<number>();
  for (const part of s.split(',').map((p) => p.trim())) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!m) throw new Error(`partition set "${spec}": "${part}" is not a number or a range a-b`);
    const lo = Number(m[1]);
    const hi = m[2] === undefined ? lo : Number(m[2]);
    if (hi < lo || hi >= count) throw new Error(`partition set "${spec}": ${part} is outside 0-${count - 1}`);
    for (let p = lo; p <= hi; p++) out.add(p);
  }
  return [...out].sort((a, b) => a - b);
}

/** Formats a partition set in the form {@link parsePartitionSet} reads (`0-3,8`). */
export function formatPartitionSet(ps: readonly number[]): string {
  const sorted = [...new Set(ps)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    runs.push(i === j ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return runs.join(',');
}

/**
 * Which partitions each of `replicas` instances serves so that every partition is served by `copies`
 * instances (fewer when there are fewer instances): partition p goes to instances p, p+1, … (mod replicas).
 * With copies = 1 each instance holds about 1/replicas of the workspaces; with copies = 2 any one instance
 * can stop and every partition still answers.
 */
export function assignPartitions(count: number, replicas: number, copies: number): number[][] {
  const out: number[][] = Array.from({ length: replicas }, () => []);
  const c = Math.min(Math.max(1, copies), replicas);
  for (let p = 0; p < count; p++) for (let k = 0; k < c; k++) out[(p + k) % replicas]!.push(p);
  return out.map((ps) => ps.sort((a, b) => a - b));
}

/** The partitions of this process: how many there are and which of them it serves. */
export class Partitioning {
  private readonly serving: ReadonlySet<number>;

  constructor(
    readonly count: number,
    serves: readonly number[] = Array.from({ length: count }, (_, i) => i),
  ) {
    if (!Number.isInteger(count) || count < 1) throw new Error(`partition count must be a positive integer, got ${count}`);
    this.serving = new Set(serves);
  }

  /** The partitions served here, ascending. */
  get serves(): number[] {
    return [...this.serving].sort((a, b) => a - b);
  }

  /** True when this process serves only some of the partitions (its read model holds only their workspaces). */
  get partial(): boolean {
    return this.serving.size < this.count;
  }

  /** True when this process serves the partition of `workspace` (`_account`, the account's own log, always). */
  holds(workspace: string): boolean {
    return workspace === '_account' || !this.partial || this.serving.has(partitionOf(workspace, this.count));
  }

  /**
   * True when this process holds the event on `subject` (`tg.evt.<workspace>.…`): what its read model's feed folds, and
   * what a replay compared with its digest folds — one rule for both, so the check cannot drift from the feed.
   */
  holdsEvent(subject: string): boolean {
    return this.holds(subject.split('.')[2] ?? '');
  }

  /** The subject a request for `workspace` is sent to. */
  route(subject: string, workspace: string): string {
    return this.count > 1 && isPartitionedSubject(subject) ? `${subject}.${partitionOf(workspace, this.count)}` : subject;
  }

  /** The subjects a server of `subject` listens on in this process (one per served partition). */
  listen(subject: string): string[] {
    return this.count > 1 && isPartitionedSubject(subject) ? this.serves.map((p) => `${subject}.${p}`) : [subject];
  }

  /** The operation's subject without the partition token. */
  static base(subject: string): string {
    return isPartitionedSubject(subject.replace(/\.\d+$/, '')) ? subject.replace(/\.\d+$/, '') : subject;
  }
}
