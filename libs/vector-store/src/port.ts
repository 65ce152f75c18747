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
