import { Type } from 'typebox';
import {
  DOMAIN_ALIASES,
  EXPLAIN_DOMAINS,
  EXPLAIN_TASKS,
  GaugeBody,
  OP,
  QueryBody,
  RANKABLE_TYPES,
  RankQuery,
  RankedResults,
  RankedResultsWithSkipped,
  RecommendBody,
  RerankBody,
  ScoreBody,
  SearchBody,
  TgError,
  canonicalDomain,
  contentDomainOf,
} from '@tg/contracts';
import type { FastifyRequest } from 'fastify';
import type { RouteContext } from '../context';
import { errors } from './common';

type Q = { relative_to_entity_id?: string; in_terms_of_entity_type?: string; domain?: string; task?: string };

/** The two required query parameters of the ranking endpoints; missing → 400 bad_request. */
export function anchorQuery(req: FastifyRequest, allow: { domain?: readonly string[]; task?: readonly string[] } = {}) {
  const q = req.query as Q;
  const missing = (['relative_to_entity_id', 'in_terms_of_entity_type'] as const).filter((k) => !q[k]);
  if (missing.length) throw new TgError('bad_request', `Missing query parameter${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
  if (!(RANKABLE_TYPES as readonly string[]).includes(q.in_terms_of_entity_type!)) {
    throw new TgError('bad_request', `in_terms_of_entity_type must be one of ${RANKABLE_TYPES.join(', ')}`, { allowed: RANKABLE_TYPES });
  }
  const out = { domain: q.domain, task: q.task };
  for (const k of ['domain', 'task'] as const) {
    const v = q[k];
    if (v === undefined) continue;
    const allowed = allow[k];
    if (!allowed) throw new TgError('bad_request', `Query parameter ${k} is not accepted here`);
    // A content domain is named as on content (WIRE-NOTES): its aliases (`ux` = uiux) and any case. /explain's own
    // domains (discovery, design, …) are no content domains and have no aliases.
    const value = k === 'domain' ? (canonicalDomain(v) ?? v) : v;
    if (!allowed.includes(value)) {
      const aliases = k === 'domain' ? Object.entries(DOMAIN_ALIASES).filter(([, d]) => allowed.includes(d)) : [];
      const named = [...allowed, ...aliases.map(([alias, d]) => `${alias} (= ${d})`)];
      throw new TgError(k === 'domain' ? 'unknown_domain' : 'unknown_task', `Unknown ${k} '${v}'; allowed: ${named.join(', ')}`, {
        allowed,
        ...(aliases.length ? { aliases: Object.fromEntries(aliases) } : {}),
      });
    }
    out[k] = value;
  }
  return { anchor: q.relative_to_entity_id!, inTermsOf: q.in_terms_of_entity_type!, ...out };
}

/**
 * The content objects among caller candidates name a known content domain (or an alias), as on POST /entity: an
 * unknown one is 400 `unknown_domain` (before, /rerank, /recommend and /search ignored it while /score refused it).
 */
function checkDomains<B>(body: B, items: readonly unknown[] | undefined): B {
  for (const c of items ?? []) if (typeof c === 'object' && c !== null && typeof (c as { domain?: unknown }).domain === 'string') contentDomainOf((c as { domain: string }).domain);
  return body;
}

export function registerRankingRoutes({ app, call }: RouteContext): void {
  const cfg = { auth: 'workspace' as const };
  const rankErrors = errors(400, 401, 403, 404, 413);
  app.post(
    '/search',
    { config: cfg, schema: { tags: ['ranking'], summary: 'Rank existing entities of a type for an anchor and a text query', querystring: RankQuery, body: SearchBody, response: { 200: RankedResults, ...rankErrors } } },
    async (req) => call(req, OP.rank.search, { ...anchorQuery(req), ...checkDomains(req.body, req.body.additional_candidates) }),
  );
  app.post(
    '/rerank',
    { config: cfg, schema: { tags: ['ranking'], summary: 'Reorder caller-supplied candidates for an anchor (nothing persisted)', querystring: RankQuery, body: RerankBody, response: { 200: RankedResultsWithSkipped, ...rankErrors } } },
    async (req) => call(req, OP.rank.rerank, { ...anchorQuery(req, { domain: ['uiux'] }), ...checkDomains(req.body, req.body.candidates) }),
  );
  app.post(
    '/score',
    {
      config: cfg,
      schema: {
        tags: ['ranking'],
        summary: 'Affinity in [0, 1] of one candidate to the anchor',
        querystring: RankQuery,
        body: ScoreBody,
        response: { 200: Type.Object({ entity_id: Type.String(), score: Type.Number() }, { additionalProperties: true }), ...rankErrors },
      },
    },
    async (req) => call(req, OP.rank.score, { ...anchorQuery(req), ...req.body }),
  );
  app.post(
    '/recommend',
    { config: cfg, schema: { tags: ['ranking'], summary: 'Score candidates with engagement history (diverse, history excluded)', querystring: RankQuery, body: RecommendBody, response: { 200: RankedResultsWithSkipped, ...rankErrors } } },
    async (req) => call(req, OP.rank.recommend, { ...anchorQuery(req, { domain: ['uiux'] }), ...checkDomains(req.body, req.body.candidates) }),
  );
  app.post(
    '/ask',
    {
      config: cfg,
      schema: {
        tags: ['language'],
        summary: 'A natural-language answer personalized to the anchor',
        querystring: RankQuery,
        body: QueryBody,
        response: {
          200: Type.Object({ answer: Type.Object({ role: Type.String(), content: Type.Array(Type.Object({ type: Type.String(), text: Type.String() })) }) }, { additionalProperties: true }),
          ...rankErrors,
        },
      },
    },
    async (req) => call(req, OP.rank.ask, { ...anchorQuery(req), ...req.body }, { timeoutMs: 60_000 }),
  );
  app.post(
    '/explain',
    {
      config: cfg,
      schema: {
        tags: ['language'],
        summary: "Prose explaining the anchor's tastes",
        querystring: RankQuery,
        body: QueryBody,
        response: { 200: Type.Object({ explanation: Type.String() }, { additionalProperties: true }), ...rankErrors },
      },
    },
    async (req) => call(req, OP.rank.explain, { ...anchorQuery(req, { domain: EXPLAIN_DOMAINS, task: EXPLAIN_TASKS }), ...req.body }, { timeoutMs: 60_000 }),
  );
  app.post(
    '/gauge',
    {
      config: cfg,
      schema: {
        tags: ['language'],
        summary: 'How an assistant reply landed, judged from the next user message',
        body: GaugeBody,
        response: {
          200: Type.Object({ resonance: Type.Number(), response: Type.String(), followup: Type.String(), prompt: Type.String() }, { additionalProperties: true }),
          ...errors(400, 401, 403, 413),
        },
      },
    },
    async (req) => call(req, OP.language.gauge, req.body),
  );
}
