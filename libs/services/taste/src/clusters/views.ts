import type { EventData } from '@tg/contracts';
import type { WorkspaceCatalog } from '@tg/domain';

type ClusterRow = EventData<'ClustersComputed'>['clusters'][number];

/** A cluster as the API returns it, with up to `maxMembers` entities (those still in the catalog). */
export function clusterView(cat: WorkspaceCatalog, entityType: string, c: ClusterRow, maxMembers: number, withAffinities: boolean) {
  const clustered = [];
  for (const id of c.members) {
    if (clustered.length >= maxMembers) break;
    const d = cat.entities.get(id);
    if (!d) continue;
    clustered.push({ id: d.id, entity_id: d.id, name: d.name, description: d.description, type: d.type, ...(d.url ? { url: d.url } : {}), ...(d.ref ? { ref: d.ref } : {}) });
  }
  const out: Record<string, unknown> = { id: c.id, entity_type: entityType, label: c.label, keywords: c.keywords, size: c.size, popularity: c.size, clustered_entities: clustered };
  if (withAffinities) out['affinities'] = c.affinities;
  return out;
}
