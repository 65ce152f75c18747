import { Type, type Static, type TSchema } from 'typebox';
import { RankedResults, RankedResultsWithSkipped, RecommendBody, RerankBody, ScoreBody, SearchBody } from './http';
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

/** The typed operations (services not listed here still bind subjects of `RPC` directly; see docs/architecture.md). */
export const OP = {
  embed: {
    texts: op(RPC.embed.texts, Type.Object({ texts: Type.Array(Type.String()) }), EmbedReply),
  },
  rank: {
    search: op(RPC.rank.search, Type.Intersect([Anchor, open(SearchBody), Type.Object({ exhaustive: Type.Optional(Type.Boolean()) })]), RankedResults),
    rerank: op(RPC.rank.rerank, Type.Intersect([Anchor, open(RerankBody)]), RankedResultsWithSkipped),
    score: op(RPC.rank.score, Type.Intersect([Anchor, open(ScoreBody)]), ScoreReply),
    recommend: op(RPC.rank.recommend, Type.Intersect([Anchor, open(RecommendBody)]), RankedResultsWithSkipped),
    ask: op(RPC.rank.ask, Type.Intersect([Anchor, Type.Object({ query: Type.String({ minLength: 1 }) })]), AskReply),
    explain: op(RPC.rank.explain, Type.Intersect([Anchor, Type.Object({ query: Type.String({ minLength: 1 }) })]), ExplainReply),
    // Each text must hold a non-space character (a blank reply or follow-up has nothing to gauge).
    gauge: op(RPC.rank.gauge, Type.Object({ response: Type.String({ pattern: '\\S' }), followup: Type.String({ pattern: '\\S' }), prompt: Type.Optional(Type.String()) }), GaugeReply),
  },
} as const;
