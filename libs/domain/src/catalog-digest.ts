import { createHash, type Hash } from 'node:crypto';
import { addToStats, createTasteStats, type TasteStats } from '@tg/math';
import type { CatalogProjection, ParentTaste, WorkspaceCatalog } from './catalog';

/** Taste statistics are compared to this absolute precision (rounding noise of a different fold order stays below it). */
export const STATS_PRECISION = 1e-9;

/** The parts of a workspace catalog that a digest covers, each hashed on its own. */
export const DIGEST_SECTIONS = ['entities', 'vectors', 'links', 'stats', 'clusters'] as const;
export type DigestSection = (typeof DIGEST_SECTIONS)[number];

/** Digest of one workspace's catalog. */
export interface WorkspaceDigest {
  /** sha256 (hex) over the section hashes. */
  hash: string;
  /** sha256 (hex) of each section. */
  sections: Record<DigestSection, string>;
  /** Sizes, to make a difference readable. */
  counts: { entities: number; urls: number; types: number; vectors: number; parents: number; links: number; pooled: number; clusterSets: number; clusters: number };
}

/** Digest of a whole catalog projection: every non-empty workspace. */
export interface CatalogDigest {
  /** sha256 (hex) over the workspace ids and their hashes, in id order. */
  hash: string;
  workspaces: Record<string, WorkspaceDigest>;
}

/** JSON with object keys in sorted order, so equal values always serialise to equal text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const keys = Object.keys(value as Record<string, unknown>)
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
}

const sorted = <T>(it: Iterable<T>): T[] => [...it].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
const hex = (h: Hash) => h.digest('hex');
const line = (h: Hash, s: string) => h.update(s).update('\n');

/** Rounds to {@link STATS_PRECISION} (as an integer count of units), so rounding noise below it hashes equally. */
function quantize(x: number): number {
  const q = Math.round(x / STATS_PRECISION);
  return q === 0 ? 0 : q;
}

function defaultSettings(p: ParentTaste): boolean {
  return p.settings.representation === 'subspace' && p.settings.maxRank === 8 && p.settings.energy === 0.8;
}

/** A parent with no links and default settings is the same as no parent at all. */
function parentMatters(p: ParentTaste): boolean {
  return p.children.size > 0 || !defaultSettings(p);
}

/** True when a workspace catalog holds nothing (catalogs are created on first read, so live and replayed sets differ by these). */
export function isEmptyCatalog(c: WorkspaceCatalog): boolean {
  if (c.entities.size || c.urls.size || c.vectors.size || c.types.size || c.clusters.size) return false;
  for (const p of c.parents.values()) if (parentMatters(p)) return false;
  return true;
}

/**
 * Digest of one workspace catalog: entity documents, URL index, types and counts (`entities`); every
 * vector bit for bit with its model (`vectors`); links with relation and weight and each parent's
 * settings (`links`); running taste statistics to {@link STATS_PRECISION} and the pooled set (`stats`);
 * cluster sets as computed (`clusters`). Order-independent: maps are walked in sorted key order.
 */
export function workspaceDigest(c: WorkspaceCatalog): WorkspaceDigest {
  const entities = createHash('sha256');
  for (const id of sorted(c.entities.keys())) line(entities, canonicalJson(c.entities.get(id)));
  for (const url of sorted(c.urls.keys())) line(entities, canonicalJson(['url', url, c.urls.get(url)]));
  for (const t of sorted(c.types.keys())) line(entities, canonicalJson(['type', t, c.types.get(t)]));
  for (const t of sorted(c.typeCounts.keys())) if (c.typeCounts.get(t)) line(entities, canonicalJson(['count', t, c.typeCounts.get(t)]));

  const vectors = createHash('sha256');
  for (const id of sorted(c.vectors.keys())) {
    const v = c.vectors.get(id)!;
    line(vectors, canonicalJson([id, c.models.get(id) ?? null, v.length]));
    vectors.update(new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
  }

  const links = createHash('sha256');
  const stats = createHash('sha256');
  let parents = 0;
  let linkCount = 0;
  let pooled = 0;
  for (const pid of sorted(c.parents.keys())) {
    const p = c.parents.get(pid)!;
    if (!parentMatters(p)) continue;
    parents++;
    linkCount += p.children.size;
    pooled += p.pooled.size;
    line(links, canonicalJson([pid, p.settings, sorted(p.children.keys()).map((k) => [k, p.children.get(k)!.rel, p.children.get(k)!.weight])]));
    line(stats, canonicalJson([pid, sorted(p.pooled)]));
    if (p.stats) line(stats, canonicalJson(quantizedStats(p.stats)));
  }

  const clusters = createHash('sha256');
  let clusterCount = 0;
  for (const t of sorted(c.clusters.keys())) {
    const set = c.clusters.get(t)!;
    clusterCount += set.clusters.length;
    line(clusters, canonicalJson(set));
  }

  const sections = { entities: hex(entities), vectors: hex(vectors), links: hex(links), stats: hex(stats), clusters: hex(clusters) };
  const all = createHash('sha256');
  for (const s of DIGEST_SECTIONS) line(all, `${s}:${sections[s]}`);
  return {
    hash: hex(all),
    sections,
    counts: {
      entities: c.entities.size,
      urls: c.urls.size,
      types: c.types.size,
      vectors: c.vectors.size,
      parents,
      links: linkCount,
      pooled,
      clusterSets: c.clusters.size,
      clusters: clusterCount,
    },
  };
}

function quantizedStats(s: TasteStats) {
  return { dim: s.dim, count: s.count, weight: quantize(s.weight), sum: Array.from(s.sum, quantize), second: Array.from(s.second, quantize) };
}

/** Digest of every non-empty workspace of a catalog projection. */
export function catalogDigest(projection: CatalogProjection): CatalogDigest {
  const workspaces: Record<string, WorkspaceDigest> = {};
  const cats = [...projection.all()].filter((c) => !isEmptyCatalog(c)).sort((a, b) => (a.id < b.id ? -1 : 1));
  const all = createHash('sha256');
  for (const c of cats) {
    const d = workspaceDigest(c);
    workspaces[c.id] = d;
    line(all, `${c.id}:${d.hash}`);
  }
  return { hash: hex(all), workspaces };
}

/** Human-readable differences between two catalog digests (empty when they are equal). */
export function diffCatalogDigests(left: CatalogDigest, right: CatalogDigest, names: [string, string] = ['left', 'right']): string[] {
  const out: string[] = [];
  for (const ws of sorted(new Set([...Object.keys(left.workspaces), ...Object.keys(right.workspaces)]))) {
    const a = left.workspaces[ws];
    const b = right.workspaces[ws];
    if (!a || !b) {
      out.push(`${ws}: only in ${a ? names[0] : names[1]}`);
      continue;
    }
    if (a.hash === b.hash) continue;
    for (const s of DIGEST_SECTIONS) {
      if (a.sections[s] !== b.sections[s]) out.push(`${ws}: ${s} differ (${names[0]} ${canonicalJson(a.counts)}, ${names[1]} ${canonicalJson(b.counts)})`);
    }
  }
  if (!out.length && left.hash !== right.hash) out.push('catalog hashes differ');
  return out;
}

/** How far running statistics are from a batch recomputation, and whether the link bookkeeping holds together. */
export interface StatsCheck {
  /** Parents checked. */
  parents: number;
  /** Largest absolute difference over count, weight, Σw·u and Σw·uuᵀ between running and recomputed statistics. */
  maxAbsError: number;
  /** Broken invariants (empty when the catalog is consistent). */
  problems: string[];
}

/**
 * Recomputes every parent's statistics from scratch (its pooled children's current vectors and link
 * weights) and compares them with the running statistics the projection keeps incrementally. Also checks
 * that pooled children are linked, embedded and of positive weight, that every linked, embedded child of
 * positive weight is pooled, and that the child → parents index mirrors the links.
 */
export function checkTasteStats(c: WorkspaceCatalog): StatsCheck {
  const problems: string[] = [];
  let maxAbsError = 0;
  let parents = 0;
  for (const [pid, p] of c.parents) {
    parents++;
    for (const [child, link] of p.children) {
      if (!c.childParents.get(child)?.has(pid)) problems.push(`${pid} → ${child}: missing from the child index`);
      const v = c.vectors.get(child);
      const should = !!v && link.weight > 0 && (!p.stats || p.stats.dim === v.length);
      if (should !== p.pooled.has(child)) problems.push(`${pid} → ${child}: ${should ? 'not pooled' : 'pooled without a vector or weight'}`);
    }
    for (const child of p.pooled) if (!p.children.has(child)) problems.push(`${pid}: pooled ${child} is not linked`);
    if (!p.stats) {
      if (p.pooled.size) problems.push(`${pid}: pooled children without statistics`);
      continue;
    }
    const fresh = createTasteStats(p.stats.dim);
    for (const child of p.pooled) {
      const v = c.vectors.get(child);
      const link = p.children.get(child);
      if (v && link && v.length === fresh.dim) addToStats(fresh, v, link.weight);
    }
    if (fresh.count !== p.stats.count) problems.push(`${pid}: count ${p.stats.count}, recomputed ${fresh.count}`);
    maxAbsError = Math.max(maxAbsError, Math.abs(fresh.weight - p.stats.weight));
    for (let i = 0; i < fresh.sum.length; i++) maxAbsError = Math.max(maxAbsError, Math.abs(fresh.sum[i]! - p.stats.sum[i]!));
    for (let i = 0; i < fresh.second.length; i++) maxAbsError = Math.max(maxAbsError, Math.abs(fresh.second[i]! - p.stats.second[i]!));
  }
  for (const [child, ps] of c.childParents) {
    for (const pid of ps) if (!c.parents.get(pid)?.children.has(child)) problems.push(`${child}: indexed under ${pid} without a link`);
  }
  return { parents, maxAbsError, problems };
}

/** Digest of the lexical (BM25) indexes of a catalog projection, by workspace. */
export interface LexicalDigest {
  /** sha256 (hex) over the workspace ids and their hashes, in id order. */
  hash: string;
  workspaces: Record<string, { hash: string; docs: number }>;
}

/**
 * Digest of what each workspace's lexical index scores with: every document's length and distinct terms, every term's
 * postings (document, term frequency) and the total length, in sorted order (a term whose postings are all gone counts
 * as no term: document frequencies are what matter). Builds an index not built yet (a replay's: from the entities), so
 * a live index kept up to date or restored from a snapshot can be compared with one built afresh.
 */
export function lexicalDigest(projection: CatalogProjection): LexicalDigest {
  const workspaces: LexicalDigest['workspaces'] = {};
  const all = createHash('sha256');
  const cats = [...projection.all()].filter((c) => !isEmptyCatalog(c)).sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const c of cats) {
    const state = c.lexical.exportState();
    if (!state.docs.size) continue;
    const h = createHash('sha256');
    line(h, canonicalJson([state.k1, state.b, state.totalLength]));
    for (const id of sorted(state.docs.keys())) {
      const d = state.docs.get(id)!;
      line(h, canonicalJson([id, d.length, sorted(d.terms)]));
    }
    for (const t of sorted(state.postings.keys())) {
      const p = state.postings.get(t)!;
      if (!p.size) continue;
      line(h, canonicalJson([t, [...p].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))]));
    }
    const hash = hex(h);
    workspaces[c.id] = { hash, docs: state.docs.size };
    line(all, `${c.id}:${hash}`);
  }
  return { hash: hex(all), workspaces };
}
