import { createHash } from 'node:crypto';

/** One stored vector of an index, with where it is kept. */
export interface VectorEntry {
  ns: string;
  collection: string;
  id: string;
  vector: Float32Array;
}

/** Digest of the vectors an index holds, by namespace (workspace). */
export interface VectorIndexDigest {
  /** sha256 (hex) over the namespaces and their hashes, in namespace order. */
  hash: string;
  workspaces: Record<string, { hash: string; vectors: number }>;
}

/**
 * Vectors of this collection are hashed bit for bit (they are copied from events: `content`); the others (a parent's
 * pooled mean, recomputed from running sums whose rounding depends on the fold order) to {@link DERIVED_PRECISION}.
 */
export const EXACT_COLLECTIONS: ReadonlySet<string> = new Set(['content']);
/** Absolute precision of derived (unit-length) vectors in a digest. */
export const DERIVED_PRECISION = 1e-5;

/**
 * Order-independent digest of the vectors an index holds: per namespace, every (collection, id, dimension, vector)
 * in sorted order; equal for two indexes that would answer every search alike. An empty namespace is left out.
 */
export function vectorIndexDigest(entries: Iterable<VectorEntry>): VectorIndexDigest {
  const byNs = new Map<string, { key: string; line: string; bytes: Uint8Array }[]>();
  for (const e of entries) {
    let list = byNs.get(e.ns);
    if (!list) byNs.set(e.ns, (list = []));
    const exact = EXACT_COLLECTIONS.has(e.collection);
    const v = e.vector;
    const bytes = exact ? new Uint8Array(v.buffer.slice(v.byteOffset, v.byteOffset + v.byteLength)) : new Uint8Array(Int32Array.from(v, (x) => Math.round(x / DERIVED_PRECISION) || 0).buffer);
    list.push({ key: `${e.collection}\u0000${e.id}`, line: JSON.stringify([e.collection, e.id, v.length, exact]), bytes });
  }
  const workspaces: VectorIndexDigest['workspaces'] = {};
  const all = createHash('sha256');
  for (const ns of [...byNs.keys()].sort()) {
    const list = byNs.get(ns)!.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const h = createHash('sha256');
    for (const x of list) h.update(x.line).update('\n').update(x.bytes);
    const hash = h.digest('hex');
    workspaces[ns] = { hash, vectors: list.length };
    all.update(`${ns}:${hash}\n`);
  }
  return { hash: all.digest('hex'), workspaces };
}

/** Differences between two vector index digests (empty when equal). */
export function diffVectorIndexDigests(left: VectorIndexDigest, right: VectorIndexDigest, names: [string, string] = ['left', 'right']): string[] {
  const out: string[] = [];
  for (const ns of [...new Set([...Object.keys(left.workspaces), ...Object.keys(right.workspaces)])].sort()) {
    const a = left.workspaces[ns];
    const b = right.workspaces[ns];
    if (!a || !b) out.push(`${ns}: vectors only in ${a ? names[0] : names[1]} (${(a ?? b)!.vectors})`);
    else if (a.hash !== b.hash) out.push(`${ns}: vectors differ (${names[0]} ${a.vectors}, ${names[1]} ${b.vectors})`);
  }
  if (!out.length && left.hash !== right.hash) out.push('vector index hashes differ');
  return out;
}
