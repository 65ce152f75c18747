import { createHash } from 'node:crypto';
import { QdrantClient } from '@qdrant/js-client-rest';
import type { VectorHit, VectorIndex } from './port';

/** Qdrant point ids must be UUIDs or integers: a UUID-shaped digest of (namespace, id). */
function pointId(ns: string, id: string): string {
  const h = createHash('sha256').update(`${ns}\u0000${id}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/**
 * Qdrant adapter: one collection per embedding model, the workspace namespace as a tenant-indexed
 * payload field (`tenant`), the entity type as `collection`, the original id as `entity_id`.
 */
export class QdrantVectorIndex implements VectorIndex {
  readonly kind = 'qdrant';
  private readonly client: QdrantClient;
  readonly collection: string;
  private ready?: Promise<void>;

  constructor(private readonly opts: { url: string; apiKey?: string; model: string; dim: number }) {
    this.client = new QdrantClient({ url: opts.url, apiKey: opts.apiKey, checkCompatibility: false });
    this.collection = `tg_${opts.model.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  }

  private ensure(): Promise<void> {
    this.ready ??= (async () => {
      const { exists } = await this.client.collectionExists(this.collection);
      if (!exists) {
        await this.client.createCollection(this.collection, { vectors: { size: this.opts.dim, distance: 'Dot' } });
        await this.client.createPayloadIndex(this.collection, { field_name: 'tenant', field_schema: { type: 'keyword', is_tenant: true } as never, wait: true });
        await this.client.createPayloadIndex(this.collection, { field_name: 'collection', field_schema: 'keyword', wait: true });
      }
    })();
    return this.ready;
  }

  async upsert(ns: string, collection: string, id: string, vector: Float32Array): Promise<void> {
    await this.ensure();
    await this.client.upsert(this.collection, {
      wait: true,
      points: [{ id: pointId(ns, id), vector: Array.from(vector), payload: { tenant: ns, collection, entity_id: id } }],
    });
  }
  async remove(ns: string, id: string): Promise<void> {
    await this.ensure();
    await this.client.delete(this.collection, { wait: true, points: [pointId(ns, id)] });
  }
  async search(ns: string, collection: string, query: Float32Array, k: number): Promise<VectorHit[]> {
    await this.ensure();
    const hits = await this.client.search(this.collection, {
      vector: Array.from(query),
      limit: k,
      filter: { must: [{ key: 'tenant', match: { value: ns } }, { key: 'collection', match: { value: collection } }] },
      with_payload: true,
    });
    return hits.map((h) => ({ id: String((h.payload as { entity_id: string }).entity_id), score: h.score }));
  }
  async count(ns: string, collection: string): Promise<number> {
    await this.ensure();
    const r = await this.client.count(this.collection, { exact: true, filter: { must: [{ key: 'tenant', match: { value: ns } }, { key: 'collection', match: { value: collection } }] } });
    return r.count;
  }
  async clear(): Promise<void> {
    await this.client.deleteCollection(this.collection).catch(() => undefined);
    this.ready = undefined;
  }
  async close(): Promise<void> {}
}
