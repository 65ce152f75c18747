import type { ErrorBody } from './errors';

/** Request envelope of every NATS request/reply call between the gateway and the services. */
export interface RpcRequest<T = unknown> {
  /** Workspace the call is scoped to (`_account` for admin calls). */
  ws: string;
  /** Operation payload: validated by the gateway against its HTTP schema, and by `serve` against the operation's schema. */
  data: T;
  /** Read-your-writes: the handler's projections must have passed this stream sequence before it answers. */
  minSeq?: number;
}
/** Reply envelope: data plus the highest stream sequence the call appended (if any). */
export type RpcReply<T = unknown> = { ok: true; data: T; seq?: number } | { ok: false; error: ErrorBody };

/**
 * Subjects of the RPC operations, by service: `tg.rpc.<service>.<op>`; queue group = service name. Only the
 * subject source of `OP` (operations.ts), which adds each operation's request and reply schemas: serve and
 * call operations through `OP`, not these strings.
 */
export const RPC = {
  admin: {
    createWorkspace: 'tg.rpc.admin.create-workspace',
    listWorkspaces: 'tg.rpc.admin.list-workspaces',
    verifyKey: 'tg.rpc.admin.verify-key',
    workspaceExists: 'tg.rpc.admin.workspace-exists',
    issueVisualizeToken: 'tg.rpc.admin.issue-visualize-token',
    verifyVisualizeToken: 'tg.rpc.admin.verify-visualize-token',
  },
  entity: {
    create: 'tg.rpc.entity.create',
    get: 'tg.rpc.entity.get',
    delete: 'tg.rpc.entity.delete',
    registerType: 'tg.rpc.entity.register-type',
    getType: 'tg.rpc.entity.get-type',
    link: 'tg.rpc.entity.link',
    /** Digest of this instance's catalog projection at its stream position (replay checks; not on the HTTP API). */
    digest: 'tg.rpc.entity.digest',
  },
  ingest: {
    content: 'tg.rpc.ingest.content',
    batch: 'tg.rpc.ingest.batch',
    job: 'tg.rpc.ingest.job',
  },
  embed: { texts: 'tg.rpc.embed.texts', query: 'tg.rpc.embed.query' },
  taste: {
    compose: 'tg.rpc.taste.compose',
    clusters: 'tg.rpc.taste.clusters',
    cluster: 'tg.rpc.taste.cluster',
    /** Digest of the live catalog projection at its stream position (replay checks; not on the HTTP API). */
    digest: 'tg.rpc.taste.digest',
  },
  visualize: {
    /** The workspace's visual graph (nodes, edges, clusters) for the /visualize page. */
    graph: 'tg.rpc.visualize.graph',
    /** Digest of this instance's catalog projection at its stream position (replay checks; not on the HTTP API). */
    digest: 'tg.rpc.visualize.digest',
  },
  rank: {
    search: 'tg.rpc.rank.search',
    rerank: 'tg.rpc.rank.rerank',
    score: 'tg.rpc.rank.score',
    recommend: 'tg.rpc.rank.recommend',
    ask: 'tg.rpc.rank.ask',
    explain: 'tg.rpc.rank.explain',
    /** Digest of this instance's catalog and of the vectors its index searches, at its stream position (replay checks). */
    digest: 'tg.rpc.rank.digest',
  },
  language: {
    /** How much a follow-up resonates with a response (no anchor, no catalog). */
    gauge: 'tg.rpc.language.gauge',
  },
} as const;
