import { createHash } from 'node:crypto';
import { QdrantClient } from '@qdrant/js-client-rest';
import type { ProjectedVectorIndex, ProjectionCheckpoint, VectorHit, VectorPoint } from './port';

/** Qdrant point ids must be UUIDs or integers: a UUID-shaped digest of (namespace, id). */
function pointId(ns: string, id: string): string {
  const h = createHash('sha256').update(`${ns}\u0000${id}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** The tenant under which the feeding projections' checkpoints are stored (never a workspace's namespace). */
const CHECKPOINT_TENANT = '__tg_checkpoints';
/** Points per write request (Qdrant's own guidance: batches of a few hundred points). */
const BATCH = 256;

/**
 * Qdrant adapter: one collection per embedding model, the workspace namespace as a tenant-indexed
 * payload field (`tenant`), the entity type as `collection`, the original id as `entity_id` — Qdrant's
 * recommended multitenancy. The projection's checkpoints are points of the same collection under a tenant of
 * their own (`__tg_checkpoints`), so that vectors and checkpoint are stored, and lost, together.
 */
export class QdrantVectorIndex implements ProjectedVectorIndex {
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
  async upsertMany(ns: string, points: VectorPoint[]): Promise<void> {
    await this.ensure();
    for (let i = 0; i < points.length; i += BATCH) {
      await this.client.upsert(this.collection, {
        wait: true,
        points: points.slice(i, i + BATCH).map((p) => ({ id: pointId(ns, p.id), vector: Array.from(p.vector), payload: { tenant: ns, collection: p.collection, entity_id: p.id } })),
      });
    }
  }
  async removeMany(ns: string, ids: string[]): Promise<void> {
    await this.ensure();
    for (let i = 0; i < ids.length; i += BATCH) await this.client.delete(this.collection, { wait: true, points: ids.slice(i, i + BATCH).map((id) => pointId(ns, id)) });
  }
  async listIds(ns: string): Promise<string[]> {
    await this.ensure();
    const out: string[] = [];
    let offset: string | number | undefined;
    do {
      const page = await this.client.scroll(this.collection, { filter: { must: [{ key: 'tenant', match: { value: ns } }] }, limit: 1_000, offset, with_payload: ['entity_id'], with_vector: false });
      for (const p of page.points) out.push(String((p.payload as { entity_id: string }).entity_id));
      const next = page.next_page_offset;
      offset = typeof next === 'string' || typeof next === 'number' ? next : undefined;
    } while (offset !== undefined);
    return out;
  }
  async readCheckpoint(key: string): Promise<ProjectionCheckpoint | null> {
    await this.ensure();
    const [p] = await this.client.retrieve(this.collection, { ids: [pointId(CHECKPOINT_TENANT, key)], with_payload: true, with_vector: false });
    const c = p?.payload as Partial<ProjectionCheckpoint> | undefined;
    return c && typeof c.position === 'number' && typeof c.version === 'string' ? { position: c.position, version: c.version, at: Number(c.at ?? 0) } : null;
  }
  async writeCheckpoint(key: string, checkpoint: ProjectionCheckpoint): Promise<void> {
    await this.ensure();
    // A point needs a vector: any unit vector; searches never see it (they filter by a workspace's tenant).
    const vector = Array.from({ length: this.opts.dim }, (_, i) => (i === 0 ? 1 : 0));
    await this.client.upsert(this.collection, { wait: true, points: [{ id: pointId(CHECKPOINT_TENANT, key), vector, payload: { tenant: CHECKPOINT_TENANT, collection: '', entity_id: key, ...checkpoint } }] });
  }
  async clear(): Promise<void> {
    await this.client.deleteCollection(this.collection).catch(() => undefined);
    this.ready = undefined;
  }
  async close(): Promise<void> {}
}
