import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeEvent, encodeVector, event, vectorOf, type EventData, type EventType, type TgEvent } from '@tg/contracts';
import { CatalogProjection, catalogDigest } from '@tg/domain';
import { createRng, gaussian } from '@tg/math';
import { EventStore, connectNats, toStoredEvent, type NatsConnection } from '@tg/messaging';
import { startNats, type TestNats } from '@tg/test-stack/nats';
import { catalogReplay, readStream, replayProjection } from './replay';

const WS = 'ws_mixed';

/** A log of two parents and 30 items, indexed, embedded (one re-embedded, one in another model) and linked; one unlinked, one deleted. */
function log(): { subject: string; e: TgEvent }[] {
  const out: { subject: string; e: TgEvent }[] = [];
  const rng = createRng(11);
  let at = 1;
  const add = <T extends EventType>(aggregate: 'entity' | 'link', id: string, type: T, data: EventData<T>) =>
    out.push({ subject: EventStore.subject(WS, aggregate, id), e: event(type, data, { workspace: WS, at: at++, request_id: `r${at}` }) as TgEvent });
  // Bits a text format could lose: -0, a subnormal, the largest float32, a value needing all 24 bits.
  const special = [-0, 1e-45, 3.4028234663852886e38, 1 + 2 ** -23];
  const vec = (i: number) => Float32Array.from({ length: 16 }, (_, k) => (k < special.length && i % 5 === 0 ? special[k]! : gaussian(rng)));
  for (const p of ['u1', 'u2']) add('entity', p, 'EntityCreated', { entity_id: p, type: 'user', name: p, description: '', created_at: at });
  for (let i = 0; i < 30; i++) {
    const id = `c${i}`;
    add('entity', id, 'ContentIndexed', { entity_id: id, url: `https://mixed.test/${i}`, media_type: 'text', name: `Item ${i}`, description: '', text: `item ${i} café 東京`, text_digest: id, source: 'inline', skip_url_fetch: true, skip_media_enrich: true, indexed_at: at });
    add('entity', id, 'ContentEmbedded', { entity_id: id, of: 'content', model: i === 7 ? 'm2' : 'm', dim: 16, vector: encodeVector(vec(i)), text_digest: id, embedded_at: at });
    add('link', `u${1 + (i % 2)}-${id}`, 'ChildLinked', { parent_id: `u${1 + (i % 2)}`, child_id: id, rel: 'about', weight: 1 + (i % 3) * 0.5, linked_at: at });
  }
  add('entity', 'c4', 'ContentEmbedded', { entity_id: 'c4', of: 'content', model: 'm', dim: 16, vector: encodeVector(vec(99)), text_digest: 'c4b', embedded_at: at });
  add('link', 'u1-c2', 'ChildUnlinked', { parent_id: 'u1', child_id: 'c2', unlinked_at: at });
  add('entity', 'c9', 'EntityDeleted', { entity_id: 'c9', deleted_at: at });
  return out;
}

const hex = (a: Float32Array | Float64Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('hex');

/** Everything a rebuilt catalog holds that a digest might round: every vector's bits and every parent's statistics' bits. */
function bits(p: CatalogProjection): Record<string, string> {
  const c = p.ws(WS);
  const out: Record<string, string> = { digest: catalogDigest(p).hash };
  for (const [id, v] of c.vectors) out[`vector ${id}`] = hex(v);
  for (const [id, parent] of c.parents) if (parent.stats) out[`stats ${id}`] = `${parent.stats.count} ${parent.stats.weight} ${hex(parent.stats.sum)} ${hex(parent.stats.second)}`;
  return out;
}

describe('a log mixing JSON events and binary vector events', () => {
  let nats: TestNats;
  let nc: NatsConnection;
  beforeAll(async () => {
    nats = await startNats();
    nc = await connectNats(nats.url, 'mixed-log');
  });
  afterAll(async () => {
    await nc?.close();
    await nats?.dispose();
  });

  /** Writes the log into a new stream, each event as JSON (as written before the binary format) or through the store. */
  const write = async (asJson: (i: number) => boolean) => {
    const old = await EventStore.open(nc);
    await old.jsm.streams.delete(old.stream);
    const store = await EventStore.open(nc);
    const events = log();
    for (let i = 0; i < events.length; i++) {
      const { subject, e } = events[i]!;
      if (asJson(i)) await store.js.publish(subject, encodeEvent(e));
      else await store.append(subject, [e], { expectedSeq: null, msgId: `m${i}` });
    }
    return store;
  };

  it('given every other vector event in the binary format, when the catalog is replayed, then it is the all-JSON log’s to the bit', async () => {
    const json = await write(() => true);
    const fromJson = await replayProjection(json, catalogReplay);
    const expected = bits(fromJson.state);
    expect(Object.keys(expected).filter((k) => k.startsWith('stats')).length).toBe(2);

    let embedded = 0;
    const mixed = await write((i) => log()[i]!.e.type !== 'ContentEmbedded' || embedded++ % 2 === 0);
    const formats = { json: 0, binary: 0 };
    await readStream(mixed, { handle: (m) => formats[m.data[0] === 0x7b ? 'json' : 'binary']++ });
    expect(formats.binary).toBe(15);
    const fromMixed = await replayProjection(mixed, catalogReplay);
    expect(fromMixed.failures).toBe(0);
    expect(bits(fromMixed.state)).toEqual(expected);
  });

  it('reads every event of the mixed log as written, the vector as floats or as base64 of the same bits', async () => {
    const store = await write((i) => i % 2 === 0);
    const written = log();
    const read: TgEvent[] = [];
    await readStream(store, { handle: (m) => void read.push(toStoredEvent(m)) });
    expect(read).toHaveLength(written.length);
    read.forEach((e, i) => {
      const w = written[i]!.e;
      if (e.type !== 'ContentEmbedded' || w.type !== 'ContentEmbedded') return expect(e).toMatchObject(w);
      expect(typeof e.data.vector).toBe(i % 2 === 0 ? 'string' : 'object');
      const { vector, ...rest } = e.data;
      const { vector: wrote, ...wroteRest } = w.data;
      expect({ ...e, data: rest }).toMatchObject({ ...w, data: wroteRest });
      expect(hex(vectorOf(vector))).toBe(hex(vectorOf(wrote)));
    });
    // An aggregate read (what a decider loads) reads both formats too.
    const c0 = await store.readSubject(EventStore.subject(WS, 'entity', 'c0'));
    expect(c0.events.map((e) => e.type)).toEqual(['ContentIndexed', 'ContentEmbedded']);
  });

  it('keeps exactly-once appends: a resend with the same message id stores nothing new', async () => {
    const store = await write(() => true);
    const e = log().find((x) => x.e.type === 'ContentEmbedded')!;
    const seq = await store.append(e.subject, [e.e], { expectedSeq: null, msgId: 'once' });
    await expect(store.append(e.subject, [e.e], { expectedSeq: null, msgId: 'once' })).rejects.toMatchObject({ name: 'DuplicateAppendError', seq });
    expect(await store.streamLastSeq()).toBe(seq);
  });
});
