import type { EntityView } from '@tg/contracts';
import type { EntityState } from '@tg/domain';

/** GET /entity response from an aggregate's state. */
export function entityView(id: string, s: EntityState): EntityView {
  const v: EntityView = {
    id,
    entity_id: id,
    name: s.name,
    description: s.description,
    type: s.type,
    linked_content: [],
    linked_entities: [],
    created_at: s.createdAt,
    updated_at: s.updatedAt,
  };
  if (s.kind === 'content') {
    v.url = s.url;
    v.ref = s.ref ?? s.url;
    v.media_type = s.mediaType;
    if (s.domain) v.domain = s.domain;
  }
  return v;
}
