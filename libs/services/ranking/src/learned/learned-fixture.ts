import { encodeVector, event, type EventData, type EventType, type StoredEvent } from '@tg/contracts';
import { CatalogProjection, type Touched } from '@tg/domain';
import { createRng } from '@tg/math';

/**
 * A workspace for the learned graph's tests (not used by the service): `items` content items in `topics` topics
 * (unit vectors near a topic axis), `users` users who each link 6–14 items, most of their own topic, and an anchor.
 * `apply` adds events later (links, re-embeddings, deletions), telling the `listeners` what changed, as the read
 * model host does.
 */
export function linkedWorkspace(
  opts: {
    items?: number;
    users?: number;
    topics?: number;
    dim?: number;
    seed?: number;
    /** The entity id given to each item and user (by its name; default: the name), e.g. to build the same data under other ids. */
    idOf?: (name: string) => string;
    /** Item k's text (default `item k`). */
    textOf?: (k: number) => string;
  } = {},
) {
  const { items = 300, users = 40, topics = 5, dim = 16, seed = 1, idOf = (name: string) => name, textOf = (k: number) => `item ${k}` } = opts;
  const proj = new CatalogProjection();
  const rng = createRng(seed);
  const listeners: ((t: Touched) => void)[] = [];
  let seq = 0;
  const apply = <T extends EventType>(type: T, data: EventData<T>) => {
    const t = proj.apply({ ...event(type, data, { workspace: 'ws_l', at: 1 }), seq: ++seq, subject: 'tg.evt.x.y.z' } as StoredEvent);
    if (t) for (const l of listeners) l(t);
  };
  const vector = (topic: number) => {
    const v = new Float32Array(dim);
    for (let a = 0; a < dim; a++) v[a] = 0.4 * (rng() - 0.5);
    v[topic % dim]! += 1;
    const n = Math.hypot(...v);
    return v.map((x) => x / n);
  };
  const embed = (id: string, topic: number) =>
    apply('ContentEmbedded', { entity_id: id, of: 'content', model: 'm', dim, vector: encodeVector(vector(topic)), text_digest: `${id}:${seq}`, embedded_at: 1 });
  const ids: string[] = [];
  for (let k = 0; k < items; k++) {
    // Ids not in creation order, so that sorting by id matters.
    const name = `c${((k * 7919) % 10007).toString(36)}_${k}`;
    const id = idOf(name);
    ids.push(id);
    apply('ContentIndexed', { entity_id: id, url: `https://l.test/${k}`, media_type: 'text', name, description: '', text: textOf(k), text_digest: id, source: 'inline', skip_url_fetch: true, skip_media_enrich: true, indexed_at: 1 });
    embed(id, k % topics);
  }
  const link = (user: string, id: string, weight = 1) => apply('ChildLinked', { parent_id: user, child_id: id, rel: 'about', weight, linked_at: 1 });
  const user = (name: string, id = name) => apply('EntityCreated', { entity_id: id, type: 'user', name, description: '', created_at: 1 });
  for (let u = 0; u <= users; u++) {
    const userName = u === users ? 'anchor' : `u${u}`;
    const name = idOf(userName);
    user(userName, name);
    const topic = u % topics;
    const n = 6 + Math.floor(rng() * 9);
    const picked = new Set<string>();
    while (picked.size < n) {
      const own = rng() < 0.8;
      // Popular items first within a topic (the low indices), so that items have several linkers.
      const k = Math.floor(rng() ** 2 * (items / topics)) * topics + (own ? topic : Math.floor(rng() * topics));
      picked.add(ids[Math.min(k, items - 1)]!);
    }
    for (const id of picked) link(name, id, rng() < 0.2 ? 2 : 1);
  }
  return { cat: proj.ws('ws_l'), proj, ids, apply, embed, link, user, listeners };
}
