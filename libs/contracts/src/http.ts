import { Type, type Static } from 'typebox';
import { ENTITY_TYPE_PATTERN, MEDIA_TYPES } from './vocab';

/** Longest entity id, in characters: the same in bodies, queries and path parameters. */
export const ID_MAX_LENGTH = 512;
/**
 * Entity identifier: 1–512 characters, any characters except the ids `.` and `..`, which no URL path can
 * carry (clients resolve them as dot segments), so that every id can be addressed in a path.
 */
export const IdString = Type.String({ minLength: 1, maxLength: ID_MAX_LENGTH, pattern: '^(?!\\.\\.?$)', description: 'Entity identifier: 1–512 characters, not `.` or `..`.' });
const Url = Type.String({ minLength: 1, maxLength: 4096, description: 'Absolute http(s) URL.' });
const MediaTypeSchema = Type.Union([Type.Literal('text'), Type.Literal('image'), Type.Literal('audio'), Type.Literal('video')], { description: `Media kind: ${MEDIA_TYPES.join(', ')}.` });

/** A content object as clients send it (spec: ContentObject). */
export const ContentObject = Type.Object(
  {
    url: Url,
    type: MediaTypeSchema,
    content: Type.Optional(Type.String({ maxLength: 200_000, description: 'Inline text to embed.' })),
    skip_url_fetch: Type.Optional(Type.Boolean({ description: 'When true the URL is not fetched.' })),
    skip_media_enrich: Type.Optional(Type.Boolean({ description: 'When true no background enrichment runs.' })),
    title: Type.Optional(Type.String({ maxLength: 2000 })),
    description: Type.Optional(Type.String({ maxLength: 20_000 })),
    id: Type.Optional(IdString),
    domain: Type.Optional(Type.String({ maxLength: 64, description: 'Content domain (see docs for values and aliases).' })),
    ref: Type.Optional(Type.String({ maxLength: 512, description: "Caller's correlation token, echoed in results." })),
    alt: Type.Optional(Type.String({ maxLength: 2000, description: 'Alt text for image items.' })),
  },
  { additionalProperties: false },
);
export type ContentObject = Static<typeof ContentObject>;

/** POST /entity body: mode A (non-content) or mode B (content). Mode is chosen by the presence of `content`. */
export const CreateEntityBody = Type.Object(
  {
    type: Type.Optional(Type.String({ pattern: ENTITY_TYPE_PATTERN })),
    entity_type: Type.Optional(Type.String({ pattern: ENTITY_TYPE_PATTERN, description: 'Legacy alias of `type`.' })),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
    description: Type.Optional(Type.String({ maxLength: 20_000 })),
    id: Type.Optional(IdString),
    linked_content: Type.Optional(Type.Array(ContentObject, { maxItems: 200 })),
    content: Type.Optional(ContentObject),
    entity_id: Type.Optional(IdString),
    force_reindex: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CreateEntityBody = Static<typeof CreateEntityBody>;

/** An entity as returned by the API. */
export const EntityView = Type.Object(
  {
    id: Type.String(),
    entity_id: Type.String(),
    name: Type.String(),
    description: Type.String(),
    type: Type.String(),
    url: Type.Optional(Type.String()),
    ref: Type.Optional(Type.String()),
    media_type: Type.Optional(Type.String()),
    domain: Type.Optional(Type.String()),
    linked_content: Type.Array(Type.Any()),
    linked_entities: Type.Array(Type.Any()),
    created_at: Type.Optional(Type.Number()),
    updated_at: Type.Optional(Type.Number()),
  },
  { additionalProperties: true },
);
export type EntityView = Static<typeof EntityView>;

export const EntityIdQuery = Type.Object(
  { entity_id: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })), url: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })) },
  { additionalProperties: false },
);

export const RegisterTypeBody = Type.Object(
  { entity_type: Type.String({ pattern: ENTITY_TYPE_PATTERN, description: 'Type name: a letter then letters, digits, _ or -.' }), description: Type.Optional(Type.String({ maxLength: 2000 })) },
  { additionalProperties: false },
);
export const RegisterTypeResponse = Type.Object({ success: Type.Boolean(), entity_type: Type.String(), updated: Type.Boolean() });
export const EntityTypeQuery = Type.Object({ entity_type: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false });
/** GET /entity/type response (the spec leaves it open; this is ours). */
export const EntityTypeView = Type.Object({
  entity_type: Type.String(),
  builtin: Type.Boolean(),
  description: Type.String(),
  registered_at: Type.Union([Type.Number(), Type.Null()]),
  entity_count: Type.Integer(),
});

export const CreateWorkspaceBody = Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false });
export const CreateWorkspaceResponse = Type.Object({
  public_id: Type.String(),
  name: Type.String(),
  workspace_api_key: Type.String(),
  vectorstore_namespace: Type.String(),
  created_at: Type.Number(),
});
export const WorkspaceListResponse = Type.Object({
  workspaces: Type.Array(Type.Object({ public_id: Type.String(), name: Type.String(), created_at: Type.Number(), api_key_prefix: Type.String() })),
});

export const LinkBody = Type.Object(
  {
    entity_id: Type.Optional(IdString),
    child_id: Type.Optional(IdString),
    content_id: Type.Optional(IdString),
    rel: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    relation: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    weight: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  },
  { additionalProperties: false },
);
/**
 * `false` when the write is in the log but the profile could not be composed at its position in time (the taste
 * read model was behind for longer than `TG_READ_WAIT_MS`, or the taste service did not answer): the
 * representation and rank given are then those of the profile as last known. Absent when composed.
 */
export const Composed = Type.Optional(
  Type.Boolean({ description: 'false: the write is done, but the profile summary is from before it (composition did not finish in time); absent when composed.' }),
);
export const LinkResult = Type.Object({
  parent_id: Type.String(),
  entity_id: Type.String(),
  rel: Type.String(),
  weight: Type.Number(),
  representation: Type.String(),
  subspace_rank: Type.Integer(),
  linked: Type.Optional(Type.Boolean()),
  composed: Composed,
});

/**
 * POST /entity/{entity_id}/compose body (the spec names the operation without a shape). Every field is
 * optional; a given field is kept as the entity's setting for later links and rebuilds.
 */
export const ComposeBody = Type.Object(
  {
    representation: Type.Optional(
      Type.Union([Type.Literal('point'), Type.Literal('subspace')], {
        description: '`point`: the normalised weighted mean of the linked content (rank 1). `subspace` (default): the top eigenvectors of the weighted second moment.',
      }),
    ),
    max_rank: Type.Optional(Type.Integer({ minimum: 1, maximum: 32, description: 'Upper bound on the subspace rank (default 8). Ignored for `point`.' })),
    energy: Type.Optional(
      Type.Number({ exclusiveMinimum: 0, maximum: 1, description: 'Share of the second-moment energy the subspace must hold (default 0.8): the rank is the smallest that reaches it, capped by max_rank.' }),
    ),
  },
  { additionalProperties: false },
);
/** POST /entity/{entity_id}/compose result: a summary of the composed taste profile. */
export const ComposeResult = Type.Object({
  entity_id: Type.String(),
  representation: Type.String({ description: '`point` or `subspace`; `point` while the entity has no pooled content (its own name/description vector stands in).' }),
  subspace_rank: Type.Integer({ description: 'Rank of the taste subspace (1 for `point`).' }),
  max_rank: Type.Integer({ description: 'The rank cap in force.' }),
  energy: Type.Number({ description: 'The energy share in force.' }),
  children: Type.Integer({ description: 'Linked children.' }),
  pooled: Type.Integer({ description: 'Linked children whose vector is in the profile (a child linked before it is embedded, or with weight 0, is not).' }),
  total_weight: Type.Number({ description: 'Sum of the pooled children\'s link weights.' }),
  explained_energy: Type.Number({ description: 'Share of the second-moment energy the profile\'s directions hold, in [0, 1].' }),
  coherence: Type.Number({ description: '‖Σ w·u‖ / Σ w in [0, 1]: 1 for one tight interest, about 1/√k for k unrelated ones.' }),
  model: Type.String({ description: 'Embedding model of the pooled vectors.' }),
  composed: Composed,
});

export const BatchBody = Type.Object(
  {
    // May be empty (a client's last page): answered 200 `{ results: [] }`, nothing written.
    content: Type.Array(ContentObject, { maxItems: 10_000 }),
    ids: Type.Optional(Type.Array(Type.Union([IdString, Type.Null()]), { maxItems: 10_000 })),
    entity_ids: Type.Optional(Type.Array(Type.Union([IdString, Type.Null()]), { maxItems: 10_000 })),
    async: Type.Optional(Type.Boolean({ description: 'Force the asynchronous (202 + job) path.' })),
    force_reindex: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type BatchBody = Static<typeof BatchBody>;

export const IndexBody = Type.Object(
  { content: ContentObject, entity_id: Type.Optional(IdString), id: Type.Optional(IdString), force_reindex: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

/** Query of search, rerank, score, ask, explain, recommend. Both are checked by hand to answer `bad_request`. */
export const RankQuery = Type.Object(
  {
    relative_to_entity_id: Type.Optional(Type.String({ maxLength: 4096 })),
    in_terms_of_entity_type: Type.Optional(Type.String({ maxLength: 64 })),
    domain: Type.Optional(Type.String({ maxLength: 64 })),
    task: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);

const CandidateRef = Type.Object({ entity_id: IdString, ref: Type.Optional(Type.String({ maxLength: 512 })) }, { additionalProperties: false });
/** A candidate: a ContentObject, an `{entity_id}` reference, or a string (entity id or content URL). */
export const Candidate = Type.Union([ContentObject, CandidateRef, Type.String({ minLength: 1, maxLength: 4096 })]);

export const SearchBody = Type.Object(
  {
    query: Type.String({ minLength: 1, maxLength: 4000 }),
    additional_candidates: Type.Optional(Type.Array(ContentObject, { maxItems: 500 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  },
  { additionalProperties: false },
);
export const RerankBody = Type.Object(
  {
    // May be empty: nothing to rank, 200 with no results.
    candidates: Type.Array(Candidate, { maxItems: 1000 }),
    history: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 4096 }), { maxItems: 1000 })),
    item_texts: Type.Optional(Type.Record(Type.String(), Type.String({ maxLength: 20_000 }))),
    item_images: Type.Optional(Type.Record(Type.String(), Type.String({ maxLength: 4096 }))),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  },
  { additionalProperties: false },
);
export const RecommendBody = Type.Object(
  {
    // May be empty: nothing to rank, 200 with no results.
    candidates: Type.Array(Candidate, { maxItems: 1000 }),
    history: Type.Array(Type.String({ minLength: 1, maxLength: 4096 }), { minItems: 1, maxItems: 1000 }),
    /** Texts of history items or candidates by the caller's string; optional: indexed items are resolved from the index. */
    item_texts: Type.Optional(Type.Record(Type.String(), Type.String({ maxLength: 20_000 }))),
    item_images: Type.Optional(Type.Record(Type.String(), Type.String({ maxLength: 4096 }))),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  },
  { additionalProperties: false },
);
export const ScoreBody = Type.Object(
  {
    content: Type.Union([
      ContentObject,
      Type.Object({ entity_id: IdString }, { additionalProperties: false }),
      Type.Object({ id: IdString }, { additionalProperties: false }),
    ]),
  },
  { additionalProperties: false },
);
export const QueryBody = Type.Object({ query: Type.String({ minLength: 1, maxLength: 4000 }) }, { additionalProperties: false });
export const GaugeBody = Type.Object(
  {
    // Not blank: the language service needs words (its operation schema says so too).
    response: Type.String({ minLength: 1, maxLength: 20_000, pattern: '\\S' }),
    followup: Type.String({ minLength: 1, maxLength: 20_000, pattern: '\\S' }),
    prompt: Type.Optional(Type.String({ maxLength: 20_000 })),
  },
  { additionalProperties: false },
);

/** A ranked result entry: the entity plus `score` in [0, 1], echoing the candidate's url and ref. */
export const RankedEntity = Type.Object(
  {
    entity_id: Type.String(),
    id: Type.String(),
    name: Type.String(),
    description: Type.String(),
    type: Type.String(),
    url: Type.Optional(Type.String()),
    ref: Type.Optional(Type.String()),
    score: Type.Number({ minimum: 0, maximum: 1 }),
  },
  { additionalProperties: true },
);
export type RankedEntity = Static<typeof RankedEntity>;
export const RankedResults = Type.Object({ results: Type.Array(RankedEntity) });
/** A candidate /rerank or /recommend could not resolve (unknown id or URL and no text for it), and why. */
export const SkippedCandidate = Type.Object({ candidate: Type.Any({ description: 'The candidate as sent.' }), reason: Type.String() });
/** Results of /rerank and /recommend: ranked candidates, best first, and the candidates skipped. */
export const RankedResultsWithSkipped = Type.Object({ results: Type.Array(RankedEntity), skipped: Type.Array(SkippedCandidate) });

/** The largest page of `GET /clusters`: a larger `limit` is answered with this many (the spec gives no maximum). */
export const CLUSTERS_PAGE_MAX = 500;
export const ClustersQuery = Type.Object(
  {
    entity_type: Type.Optional(Type.String({ maxLength: 64 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, description: `Clusters per page (default 20); a larger limit than ${CLUSTERS_PAGE_MAX} is answered with ${CLUSTERS_PAGE_MAX}.` })),
    offset: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);
export const ClusterQuery = Type.Object({ cluster_id: Type.String({ minLength: 1, maxLength: 256 }) }, { additionalProperties: false });

const GraphNode = Type.Object(
  {
    id: Type.String(),
    kind: Type.Union([Type.Literal('entity'), Type.Literal('content')]),
    type: Type.String({ description: 'Entity type (`content` for content items).' }),
    label: Type.String(),
    description: Type.Optional(Type.String({ description: 'Shortened to 160 characters.' })),
    url: Type.Optional(Type.String()),
    media_type: Type.Optional(Type.String()),
    cluster_id: Type.String({ description: 'Cluster of the item among its own type, or `unclustered:<type>`.' }),
    popularity: Type.Integer({ description: 'Links touching the item (children plus parents).' }),
  },
  { additionalProperties: true },
);
const GraphEdge = Type.Object({ source: Type.String({ description: 'Parent id.' }), target: Type.String({ description: 'Child id.' }), rel: Type.String(), weight: Type.Number() });
const Hierarchy = Type.Object(
  {
    id: Type.String(),
    kind: Type.Literal('workspace'),
    name: Type.String(),
    stats: Type.Any({ description: 'Totals of the whole workspace: entities, content, links, clusters, types, generated_at.' }),
    children: Type.Array(Type.Any(), {
      description:
        'Clusters (largest first, then "Not yet clustered" groups): `{ id, kind: "cluster", name, type, size, popularity, keywords, computed_at?, unclustered?, omitted?, children }`; ' +
        'their children are entities `{ id, kind, name, type, popularity, omitted?, children? }` whose children are their linked items (same shape).',
    }),
  },
  { additionalProperties: true, description: 'cluster → entity → content tree.' },
);
/** The visual graph of a workspace (GET /visualize/graph, `visualize.graph`): nodes, edges, the cluster tree, notes. */
export const VisualGraph = Type.Object({
  nodes: Type.Array(GraphNode, { description: 'Every entity and content item drawn in the hierarchy, once.' }),
  edges: Type.Array(GraphEdge, { description: 'Links between drawn nodes.' }),
  hierarchy: Hierarchy,
  warnings: Type.Array(Type.String(), { description: 'Sampling, truncation and staleness notes, each starting with `sampled:`, `truncated:`, `stale:` or `empty:`.' }),
});

export const ErrorResponse = Type.Object({ error: Type.String(), code: Type.String(), message: Type.Optional(Type.String()), details: Type.Optional(Type.Any()) });
