import { Type, type Static, type TSchema } from 'typebox';

const Str = Type.String();
const Num = Type.Number();
const Opt = <T extends TSchema>(t: T) => Type.Optional(t);

/** Aggregates of the event log; each is one subject family `tg.evt.<workspace>.<aggregate>.<token>`. */
export const AGGREGATES = ['workspace', 'type', 'entity', 'url', 'link', 'taste', 'job', 'cluster'] as const;
export type AggregateKind = (typeof AGGREGATES)[number];

/** Event data schemas, one per event type (past tense). The event types are derived from them. */
export const EventSchemas = {
  WorkspaceCreated: Type.Object({ workspace_id: Str, name: Str, vectorstore_namespace: Str, created_at: Num }),
  ApiKeyIssued: Type.Object({ workspace_id: Str, key_id: Str, kind: Type.Literal('workspace'), prefix: Str, hash: Str, issued_at: Num }),
  EntityTypeRegistered: Type.Object({ entity_type: Str, description: Str, registered_at: Num, updated: Type.Boolean() }),
  EntityCreated: Type.Object({ entity_id: Str, type: Str, name: Str, description: Str, created_at: Num }),
  EntityUpdated: Type.Object({ entity_id: Str, name: Opt(Str), description: Opt(Str), type: Opt(Str), updated_at: Num }),
  EntityDeleted: Type.Object({ entity_id: Str, url: Opt(Str), deleted_at: Num }),
  ContentIndexed: Type.Object({
    entity_id: Str,
    url: Str,
    media_type: Str,
    name: Str,
    description: Str,
    text: Str,
    text_digest: Str,
    title: Opt(Str),
    page_description: Opt(Str),
    domain: Opt(Str),
    ref: Opt(Str),
    source: Type.Union([Type.Literal('inline'), Type.Literal('fetched')]),
    skip_url_fetch: Type.Boolean(),
    skip_media_enrich: Type.Boolean(),
    indexed_at: Num,
  }),
  ContentEnriched: Type.Object({ entity_id: Str, name: Str, description: Str, source: Str, enriched_at: Num }),
  ContentEmbedded: Type.Object({
    entity_id: Str,
    of: Type.Union([Type.Literal('content'), Type.Literal('self')]),
    model: Str,
    dim: Num,
    vector: Str,
    text_digest: Str,
    embedded_at: Num,
  }),
  UrlClaimed: Type.Object({ url: Str, entity_id: Str, claimed_at: Num }),
  UrlReleased: Type.Object({ url: Str, entity_id: Str, released_at: Num }),
  /**
   * On the aggregate of an entity whose claim on `url`, made at `claimed_at` and never followed by its content, was taken
   * over after the lease: content it still had on its way (prepared against the aggregate before this event, relying on
   * that claim) is refused by its expected sequence, and a write that relies on that claim is refused when decided.
   */
  UrlClaimRevoked: Type.Object({ url: Str, entity_id: Str, claimed_at: Num, revoked_at: Num }),
  ChildLinked: Type.Object({
    parent_id: Str,
    child_id: Str,
    rel: Str,
    weight: Num,
    linked_at: Num,
    /**
     * Incarnations (stream sequence of the creating event) of the parent and child this link was decided
     * against. A link binds those incarnations only: once either is deleted (or deleted and created again)
     * the link is dead, in the aggregate and in every read model. Absent on links written before.
     */
    parent_incarnation: Opt(Num),
    child_incarnation: Opt(Num),
  }),
  ChildUnlinked: Type.Object({ parent_id: Str, child_id: Str, unlinked_at: Num }),
  TasteComposed: Type.Object({
    parent_id: Str,
    representation: Type.Union([Type.Literal('point'), Type.Literal('subspace')]),
    max_rank: Num,
    energy: Num,
    composed_at: Num,
  }),
  BatchJobSubmitted: Type.Object({ job_id: Str, total: Num, chunk_count: Num, force_reindex: Type.Boolean(), submitted_at: Num }),
  BatchChunkQueued: Type.Object({
    job_id: Str,
    chunk: Num,
    offset: Num,
    items: Type.Array(
      Type.Object({
        content: Type.Any(),
        id: Opt(Type.Union([Str, Type.Null()])),
        entity_id: Opt(Type.Union([Str, Type.Null()])),
        /** Index (in the batch) of an earlier item this one conflicts with: it is refused `duplicate_item`, not written. */
        duplicate_of: Opt(Num),
      }),
    ),
  }),
  BatchItemsSettled: Type.Object({
    job_id: Str,
    chunk: Num,
    results: Type.Array(
      Type.Object({ index: Num, url: Str, entity_id: Opt(Str), created: Opt(Type.Boolean()), vectorstore_document_id: Opt(Str), error: Opt(Str), code: Opt(Str), ref: Opt(Str) }),
    ),
    settled_at: Num,
  }),
  BatchJobCompleted: Type.Object({ job_id: Str, status: Type.Union([Type.Literal('Completed'), Type.Literal('Failed')]), failed: Num, completed_at: Num }),
  ClustersComputed: Type.Object({
    entity_type: Str,
    model: Str,
    computed_at: Num,
    /** Stream position of the read model the clusters were computed from (absent on events written before). */
    position: Opt(Num),
    clusters: Type.Array(
      Type.Object({
        id: Str,
        label: Str,
        size: Num,
        keywords: Type.Array(Str),
        members: Type.Array(Str),
        centroid: Str,
        affinities: Type.Array(Type.Object({ cluster_id: Str, score: Num })),
      }),
    ),
  }),
} as const;

type Schemas = typeof EventSchemas;
/** Every event type name. */
export type EventType = keyof Schemas;

/**
 * Current schema version of each event type, written in every event's `v`. Events without `v` are version 0
 * (the shape written before versions); `event-codec.ts` upcasts older versions when they are read.
 */
export const EVENT_VERSIONS: { readonly [T in EventType]: number } = Object.fromEntries(Object.keys(EventSchemas).map((t) => [t, 1])) as { [T in EventType]: number };
/** Metadata every event carries. Clock and ids arrive from the command, never from a decider. */
export interface EventMetadata {
  /** Workspace id, or `_account` for account-level events. */
  readonly workspace: string;
  /** ISO-free epoch milliseconds when the command was accepted. */
  readonly at: number;
  /** Request id carried from the gateway, for correlation. */
  readonly request_id?: string;
}
/** A typed event: readonly `{ type, data, metadata }`. */
export type TgEventOf<T extends EventType> = {
  readonly type: T;
  /** Schema version of `data` (see {@link EVENT_VERSIONS}); absent only in events written before versions. */
  readonly v?: number;
  readonly data: Static<Schemas[T]>;
  readonly metadata: EventMetadata;
};
/** The discriminated union of all events. */
export type TgEvent = { [K in EventType]: TgEventOf<K> }[EventType];
/** An event as read back from the stream, with its stream sequence and subject. */
export type StoredEvent = TgEvent & { readonly seq: number; readonly subject: string };

/** Data of a given event type. */
export type EventData<T extends EventType> = Static<Schemas[T]>;

/** Builds an event value (no I/O: metadata is passed in). */
export function event<T extends EventType>(type: T, data: EventData<T>, metadata: EventMetadata): TgEventOf<T> {
  return { type, v: EVENT_VERSIONS[type], data, metadata } as TgEventOf<T>;
}

/** Encodes a Float32Array as base64 (vectors inside events). */
export function encodeVector(v: Float32Array): string {
  return Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64');
}
/** Decodes a base64 vector written by {@link encodeVector}. */
export function decodeVector(s: string): Float32Array {
  // Straight into the vector's own memory (no intermediate buffer and copy: replay decodes one per item).
  // Anything but clean base64 of whole floats (padding aside) takes the general path below, as it always did.
  const bytes = Buffer.byteLength(s, 'base64');
  if (bytes % 4 === 0) {
    const direct = new Float32Array(bytes / 4);
    if (Buffer.from(direct.buffer).write(s, 'base64') === bytes) return direct;
  }
  const buf = Buffer.from(s, 'base64');
  const out = new Float32Array(buf.byteLength / 4);
  new Uint8Array(out.buffer).set(buf);
  return out;
}

/**
 * A decider: the pure heart of one aggregate. `decide` turns a command and the current state into new
 * events (or throws a TgError); `evolve` folds one event into the state. Clock and ids come in the command.
 */
export interface Decider<S, C, E extends TgEvent = TgEvent> {
  initialState(): S;
  decide(command: C, state: S): E[];
  evolve(state: S, event: E): S;
}
