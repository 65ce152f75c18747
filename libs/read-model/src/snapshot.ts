import { deserialize, serialize } from 'node:v8';
import { CatalogProjection, type WorkspaceCatalog } from '@tg/domain';
import { Bm25Index, type Bm25State } from '@tg/math';

/** Bumped whenever the snapshot layout changes; older snapshots are ignored (the stream is replayed). */
export const SNAPSHOT_FORMAT = 1;

/** Which stream a snapshot belongs to, and how far into it. */
export interface SnapshotHeader {
  format: number;
  projectionVersion: number;
  /** Stream sequence the snapshot includes (the feed resumes after it). */
  position: number;
  /** Creation time of the stream, so that a snapshot of another (or a re-created) stream is never used. */
  streamCreated: string;
  /** The workspace partitions the snapshot holds (`all`, or e.g. `0-3,8 of 12`; absent before partitions: all). Another set replays. */
  partitions?: string;
  takenAt: number;
}

const WS_FIELDS = ['entities', 'urls', 'vectors', 'models', 'parents', 'childParents', 'types', 'clusters', 'typeCounts'] as const;

/**
 * Encodes the whole catalog projection (structured clone via node:v8: Maps, Sets and typed arrays keep their
 * types). Synchronous, so the state is consistent with `position`.
 */
export function encodeSnapshot(catalog: CatalogProjection, header: Omit<SnapshotHeader, 'format' | 'projectionVersion'>): Buffer {
  const workspaces = [...catalog.all()].map((c) => {
    // The lexical index only where it was built (ranking); elsewhere it is built on first use after a restore.
    const plain: Record<string, unknown> = { id: c.id, version: c.version, lexical: c.lexicalIfBuilt?.exportState() ?? null };
    for (const f of WS_FIELDS) plain[f] = c[f];
    return plain;
  });
  return serialize({ header: { ...header, format: SNAPSHOT_FORMAT, projectionVersion: CatalogProjection.version }, workspaces });
}

/** Reads a snapshot's header without restoring it (null when it is not a snapshot this code can use). */
export function readSnapshot(buf: Buffer): { header: SnapshotHeader; restoreInto(catalog: CatalogProjection): void } | null {
  let data: { header: SnapshotHeader; workspaces: Record<string, unknown>[] };
  try {
    data = deserialize(buf);
  } catch {
    return null;
  }
  const h = data?.header;
  if (!h || h.format !== SNAPSHOT_FORMAT || h.projectionVersion !== CatalogProjection.version || !Array.isArray(data.workspaces)) return null;
  return {
    header: h,
    restoreInto(catalog) {
      for (const w of data.workspaces) {
        const c: WorkspaceCatalog = catalog.ws(w['id'] as string);
        for (const f of WS_FIELDS) {
          const target = c[f] as Map<unknown, unknown>;
          target.clear();
          for (const [k, v] of w[f] as Map<unknown, unknown>) target.set(k, v);
        }
        if (w['lexical']) c.lexical = Bm25Index.fromState(w['lexical'] as Bm25State);
        c.version = w['version'] as number;
      }
    },
  };
}
