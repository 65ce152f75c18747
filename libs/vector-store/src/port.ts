/** A search hit: an entity id and its inner-product similarity with the query (cosine for unit vectors). */
export interface VectorHit {
  id: string;
  score: number;
}

/**
 * The vector read model port. A namespace is a workspace's tenant; a collection groups vectors of one
 * entity type. Vectors are unit-norm; similarity is the inner product.
 */
export interface VectorIndex {
  readonly kind: string;
  upsert(ns: string, collection: string, id: string, vector: Float32Array): Promise<void>;
  remove(ns: string, id: string): Promise<void>;
  search(ns: string, collection: string, query: Float32Array, k: number): Promise<VectorHit[]>;
  count(ns: string, collection: string): Promise<number>;
  /** Drops every vector (used before a replay rebuilds the index). */
  clear(): Promise<void>;
  close(): Promise<void>;
}

/** One vector to write: its collection (entity type), entity id and unit vector. */
export interface VectorPoint {
  collection: string;
  id: string;
  vector: Float32Array;
}

/**
 * Where the projection that feeds an index stood when it last wrote: every change of the event log up to
 * `position` is in the index. `version` names the projection's rules (a new version rebuilds the index).
 */
export interface ProjectionCheckpoint {
  position: number;
  version: string;
  at: number;
}

/**
 * An index the ranking service feeds from the event log and queries instead of holding the vectors itself
 * (Qdrant): batched writes, the ids a namespace holds (to drop what the log no longer has on a rebuild), and
 * the feeding projection's checkpoint, kept with the vectors so that the two cannot disagree.
 */
export interface ProjectedVectorIndex extends VectorIndex {
  upsertMany(ns: string, points: VectorPoint[]): Promise<void>;
  removeMany(ns: string, ids: string[]): Promise<void>;
  /** Every entity id the namespace holds, in any collection. */
  listIds(ns: string): Promise<string[]>;
  readCheckpoint(key: string): Promise<ProjectionCheckpoint | null>;
  writeCheckpoint(key: string, checkpoint: ProjectionCheckpoint): Promise<void>;
}
