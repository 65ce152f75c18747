/** Test fixture: a catalog with known topics, for the cluster tests. */
import { encodeVector, event, type EventData, type EventType, type StoredEvent } from '@tg/contracts';
import { CatalogProjection } from '@tg/domain';
import { createRng, gaussian } from '@tg/math';

const WS = 'ws_c';
const DIM = 50;

/** A catalog with three topics of content (known vectors and words) and three users per topic linked to theirs. */
export function topicCatalog(opts: { topics?: string[][]; perTopic?: number; users?: boolean } = {}) {
  const topics = opts.topics ?? [
    ['jazz', 'saxophone', 'trumpet'],
    ['football', 'goal', 'stadium'],
    ['recipe', 'garlic', 'oven'],
  ];
  const per = opts.perTopic ?? 12;
  const rng = createRng(21);
  const proj = new CatalogProjection();
  let seq = 0;
  const add = <T extends EventType>(type: T, data: EventData<T>) =>
    proj.apply({ ...event(type, data, { workspace: WS, at: 1 }), seq: ++seq, subject: 'tg.evt.x.y.z' } as StoredEvent);
  const truth = new Map<string, number>();
  const centres = topics.map(() => Float32Array.from({ length: DIM }, () => gaussian(rng)));
  topics.forEach((words, t) => {
    for (let i = 0; i < per; i++) {
      const id = `t${t}-c${i}`;
      const v = centres[t]!.map((x) => x + 0.35 * gaussian(rng));
      const text = `${words.join(' ')} ${words[i % words.length]} item ${i} common filler`;
      add('ContentIndexed', {
        entity_id: id, url: `https://x.test/${id}`, media_type: 'text', name: id, description: '', text, text_digest: id,
        source: 'inline', skip_url_fetch: true, skip_media_enrich: true, indexed_at: 1,
      });
      add('ContentEmbedded', { entity_id: id, of: 'content', model: 'm', dim: DIM, vector: encodeVector(v), text_digest: id, embedded_at: 1 });
      truth.set(id, t);
    }
    if (opts.users !== false) {
      for (let u = 0; u < 3; u++) {
        const id = `t${t}-u${u}`;
        add('EntityCreated', { entity_id: id, type: 'user', name: `fan ${u}`, description: '', created_at: 1 });
        for (let i = u; i < per; i += 3) add('ChildLinked', { parent_id: id, child_id: `t${t}-c${i}`, rel: 'about', weight: 1, linked_at: 1 });
        truth.set(id, t);
      }
    }
  });
  return { cat: proj.ws(WS), truth, topics };
}

