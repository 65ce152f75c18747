import { Type, type Static, type TSchema } from 'typebox';
import {
  BatchBody,
  ClusterQuery,
  ClustersQuery,
  ComposeBody,
  ComposeResult,
  Composed,
  CreateEntityBody,
  CreateWorkspaceBody,
  CreateWorkspaceResponse,
  EntityIdQuery,
  EntityTypeQuery,
  EntityTypeView,
  EntityView,
  IdString,
  IndexBody,
  LinkResult,
  RankedResults,
  RankedResultsWithSkipped,
  RecommendBody,
  RegisterTypeBody,
  RegisterTypeResponse,
  RerankBody,
  ScoreBody,
  SearchBody,
  VisualGraph,
  WorkspaceListResponse,
} from './http';
import { RPC } from './rpc';

/**
 * One request/reply operation on the bus, defined once: its subject and the schemas of its request data and
 * reply data. `serve(op, handler)` (libs/messaging) validates the request before the handler runs and answers
 * 400 `validation_failed` otherwise; `call(op, data)` is typed by the same schemas.
 */
export interface Operation<Req extends TSchema = TSchema, Rep extends TSchema = TSchema> {
  /** NATS subject, `tg.rpc.<service>.<op>`. */
  readonly subject: string;
  /** Schema of the request's `data`. Extra properties are allowed (the gateway's HTTP schemas are the strict ones). */
  readonly request: Req;
  /** Schema of the reply's `data` (documentation and types; replies are not validated at run time). */
  readonly reply: Rep;
}
/** The request data type of an operation. */
export type RequestOf<O extends Operation> = Static<O['request']>;
/** The reply data type of an operation. */
export type ReplyOf<O extends Operation> = Static<O['reply']>;

const op = <Req extends TSchema, Rep extends TSchema>(subject: string, request: Req, reply: Rep): Operation<Req, Rep> => ({ subject, request, reply });

/** Request fields every ranking operation shares: the anchor and the type to rank, from the query string. */
const Anchor = Type.Object({
  anchor: Type.String({ minLength: 1 }),
  inTermsOf: Type.String({ minLength: 1 }),
  domain: Type.Optional(Type.String()),
  task: Type.Optional(Type.String()),
});
/** Relaxes a strict HTTP body schema for the bus: same fields, extra ones allowed (internal options). */
const open = <T extends TSchema>(s: T): T => ({ ...s, additionalProperties: true }) as T;

/** Reply of `embed.texts`: vectors are base64 float32, null for a text with no known token. */
export const EmbedReply = Type.Object({ model: Type.String(), dim: Type.Integer(), vectors: Type.Array(Type.Union([Type.String(), Type.Null()])) });
export type EmbedReply = Static<typeof EmbedReply>;

const ScoreReply = Type.Object({ entity_id: Type.String(), score: Type.Number(), signals: Type.Record(Type.String(), Type.Number()) });
const AskReply = Type.Object({
  answer: Type.Object({ role: Type.String(), content: Type.Array(Type.Object({ type: Type.String(), text: Type.String() })) }),
  grounding: Type.Object({ liked: Type.Array(Type.String()), suggestions: Type.Array(Type.String()) }),
  generator: Type.String(),
});
const ExplainReply = Type.Object({
  explanation: Type.String(),
  grounding: Type.Object({
    themes: Type.Array(Type.Object({ label: Type.String(), weight: Type.Number(), examples: Type.Array(Type.String()) })),
    avoids: Type.Array(Type.String()),
  }),
  generator: Type.String(),
});
const GaugeReply = Type.Object({ resonance: Type.Number(), response: Type.String(), followup: Type.String(), prompt: Type.String(), label: Type.String(), signals: Type.Unknown() });

/** A request that carries no data. */
const Empty = Type.Object({});
/** Any JSON object (replies whose shape the HTTP API leaves open, e.g. a cluster view). */
const AnyObject = Type.Record(Type.String(), Type.Unknown());
const Success = Type.Object({ success: Type.Boolean() });

/** Who an API key belongs to (`admin.verify-key`), or null for an unknown key. */
export const KeyIdentity = Type.Union([
  Type.Object({ kind: Type.Literal('account') }),
  Type.Object({ kind: Type.Literal('workspace'), workspace: Type.String() }),
  Type.Null(),
]);
const VisualizeToken = Type.Object({ token: Type.String(), expires_at: Type.Number(), expires_in: Type.Integer() });

/** The caller's correlation token of a content item (`ContentObject.ref`), echoed with the item when it was sent. */
const EchoedRef = Type.Optional(Type.String({ description: "The item's `ref` as sent (absent when none was)." }));
/** An indexed content item: its entity, whether this call created it, its URL, and its `ref` when sent. */
export const IndexedContent = Type.Object({ entity_id: Type.String(), created: Type.Boolean(), url: Type.String(), vectorstore_document_id: Type.String(), ref: EchoedRef });
export type IndexedContent = Static<typeof IndexedContent>;
/** Outcome of one item of a batch: the indexed content, or the item's error. */
export const IngestResult = Type.Union([IndexedContent, Type.Object({ url: Type.String(), error: Type.String(), code: Type.String(), ref: EchoedRef })]);
export type IngestResult = Static<typeof IngestResult>;
/** `ingest.batch` reply: the HTTP status the gateway answers with (200 with results, 202 with a job) and its body. */
const BatchReply = Type.Union([
  Type.Object({ status: Type.Literal(200), body: Type.Object({ results: Type.Array(IngestResult) }) }),
  Type.Object({ status: Type.Literal(202), body: Type.Object({ job_id: Type.String(), job_arn: Type.String(), status: Type.String(), status_path: Type.String() }) }),
]);

/** `entity.create` reply: the entity, its linked content, and a summary of its taste profile. */
const CreateEntityReply = Type.Intersect([
  EntityView,
  Type.Object({
    linked_content: Type.Array(IndexedContent),
    created: Type.Boolean(),
    vectorstore_document_id: Type.String(),
    representation: Type.String(),
    subspace_rank: Type.Integer(),
    composed: Composed,
  }),
]);
/** `entity.link` request: the gateway has resolved the child (entity_id, child_id or content_id) and `rel`/`relation`. */
const LinkRequest = Type.Object({
  parent_id: IdString,
  child_id: Type.Optional(IdString),
  rel: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  weight: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
});
/** `entity.link` reply: the link made, or (no child) the rebuilt profile's summary. */
const LinkReply = Type.Union([LinkResult, Type.Object({ entity_id: Type.String(), representation: Type.String(), subspace_rank: Type.Integer() })]);

/** `taste.compose` request: the entity, the compose settings, and (internal) whether an entity without children is fine. */
const ComposeRequest = Type.Intersect([Type.Object({ entity_id: IdString, allow_empty: Type.Optional(Type.Boolean()) }), open(ComposeBody)]);
const Hex = Type.String();
/** Digest of one workspace's catalog (libs/domain catalog-digest.ts): section hashes and sizes. */
const WorkspaceDigest = Type.Object({
  hash: Hex,
  sections: Type.Object({ entities: Hex, vectors: Hex, links: Hex, stats: Hex, clusters: Hex }),
  counts: Type.Object({
    entities: Type.Integer(), urls: Type.Integer(), types: Type.Integer(), vectors: Type.Integer(), parents: Type.Integer(),
    links: Type.Integer(), pooled: Type.Integer(), clusterSets: Type.Integer(), clusters: Type.Integer(),
  }),
});
/** Digest of the vectors an in-process index searches (libs/vector-store digest.ts), by workspace. */
const VectorIndexDigest = Type.Object({ hash: Hex, workspaces: Type.Record(Type.String(), Type.Object({ hash: Hex, vectors: Type.Integer() })) });
/**
 * `*.digest` reply (taste, entity, ranking, visualize): the instance's live catalog projection's digest at its stream
 * position and the position its snapshot restored (replay checks). Taste says whether its cluster fits are settled;
 * ranking adds the vectors its index holds (`index`: the main thread's; `graphs`: the search worker's, when it runs) and
 * its lexical indexes (`lexical`); every instance says which workspace partitions it holds (`partitions`).
 */
const DigestReply = Type.Object({
  position: Type.Integer(),
  restored_from: Type.Integer(),
  settled: Type.Boolean(),
  digest: Type.Object({ hash: Hex, workspaces: Type.Record(Type.String(), WorkspaceDigest) }),
  index: Type.Optional(VectorIndexDigest),
  graphs: Type.Optional(Type.Union([VectorIndexDigest, Type.Null()])),
  /** Ranking: its lexical (BM25) indexes (libs/domain catalog-digest.ts lexicalDigest). */
  lexical: Type.Optional(Type.Object({ hash: Hex, workspaces: Type.Record(Type.String(), Type.Object({ hash: Hex, docs: Type.Integer() })) })),
  /**
   * The workspace partitions the instance holds: `serves` of `count` (every one when not partitioned). A replay it is
   * compared with folds only the workspaces of those partitions (and `_account`).
   */
  partitions: Type.Optional(Type.Object({ count: Type.Integer({ minimum: 1 }), serves: Type.Array(Type.Integer({ minimum: 0 })) })),
});

/**
 * Every request/reply operation on the bus, by service. The subjects come from `RPC`; the queue group of a
 * service is its name. Services bind them with `serve(OP.x.y, handler)`, callers use `call(OP.x.y, …)`.
 */
export const OP = {
  admin: {
    createWorkspace: op(RPC.admin.createWorkspace, open(CreateWorkspaceBody), CreateWorkspaceResponse),
    listWorkspaces: op(RPC.admin.listWorkspaces, Empty, WorkspaceListResponse),
    verifyKey: op(RPC.admin.verifyKey, Type.Object({ key: Type.String() }), KeyIdentity),
    workspaceExists: op(RPC.admin.workspaceExists, Type.Object({ workspace_id: Type.String() }), Type.Object({ exists: Type.Boolean() })),
    issueVisualizeToken: op(RPC.admin.issueVisualizeToken, Empty, VisualizeToken),
    verifyVisualizeToken: op(RPC.admin.verifyVisualizeToken, Type.Object({ token: Type.String() }), Type.Object({ ws: Type.String(), exp: Type.Number() })),
  },
  entity: {
    create: op(RPC.entity.create, open(CreateEntityBody), CreateEntityReply),
    get: op(RPC.entity.get, open(EntityIdQuery), EntityView),
    delete: op(RPC.entity.delete, open(EntityIdQuery), Success),
    registerType: op(RPC.entity.registerType, open(RegisterTypeBody), RegisterTypeResponse),
    getType: op(RPC.entity.getType, open(EntityTypeQuery), EntityTypeView),
    link: op(RPC.entity.link, LinkRequest, LinkReply),
    digest: op(RPC.entity.digest, Empty, DigestReply),
  },
  ingest: {
    /**
     * One content item. `check_only` (not on the wire: the gateway's body schema has no such field) prepares and embeds
     * it, throws what would refuse it, and writes nothing: the entity service checks `linked_content` this way before
     * writing the parent, so that a refused create writes nothing.
     */
    content: op(RPC.ingest.content, Type.Intersect([open(IndexBody), Type.Object({ check_only: Type.Optional(Type.Boolean()) })]), IndexedContent),
    batch: op(RPC.ingest.batch, open(BatchBody), BatchReply),
    job: op(RPC.ingest.job, Type.Object({ job_id: Type.String({ minLength: 1 }) }), AnyObject),
  },
  embed: {
    /** Bulk embeddings (ingestion, entity texts): served a chunk at a time, behind the queries. */
    texts: op(RPC.embed.texts, Type.Object({ texts: Type.Array(Type.String()) }), EmbedReply),
    /** Embeddings a reader waits for (search and score queries): served at once, between bulk chunks. */
    query: op(RPC.embed.query, Type.Object({ texts: Type.Array(Type.String()) }), EmbedReply),
  },
  taste: {
    compose: op(RPC.taste.compose, ComposeRequest, ComposeResult),
    clusters: op(RPC.taste.clusters, open(ClustersQuery), Type.Object({ results: Type.Array(AnyObject), total: Type.Integer() })),
    cluster: op(RPC.taste.cluster, open(ClusterQuery), AnyObject),
    digest: op(RPC.taste.digest, Empty, DigestReply),
  },
  visualize: {
    graph: op(RPC.visualize.graph, Type.Object({ max_nodes: Type.Optional(Type.Integer({ minimum: 1 })) }), VisualGraph),
    digest: op(RPC.visualize.digest, Empty, DigestReply),
  },
  rank: {
    search: op(RPC.rank.search, Type.Intersect([Anchor, open(SearchBody), Type.Object({ exhaustive: Type.Optional(Type.Boolean()) })]), RankedResults),
    rerank: op(RPC.rank.rerank, Type.Intersect([Anchor, open(RerankBody)]), RankedResultsWithSkipped),
    score: op(RPC.rank.score, Type.Intersect([Anchor, open(ScoreBody)]), ScoreReply),
    recommend: op(RPC.rank.recommend, Type.Intersect([Anchor, open(RecommendBody)]), RankedResultsWithSkipped),
    ask: op(RPC.rank.ask, Type.Intersect([Anchor, Type.Object({ query: Type.String({ minLength: 1 }) })]), AskReply),
    explain: op(RPC.rank.explain, Type.Intersect([Anchor, Type.Object({ query: Type.String({ minLength: 1 }) })]), ExplainReply),
    digest: op(RPC.rank.digest, Empty, DigestReply),
  },
  language: {
    // Each text must hold a non-space character (a blank reply or follow-up has nothing to gauge).
    gauge: op(RPC.language.gauge, Type.Object({ response: Type.String({ pattern: '\\S' }), followup: Type.String({ pattern: '\\S' }), prompt: Type.Optional(Type.String()) }), GaugeReply),
  },
} as const;
