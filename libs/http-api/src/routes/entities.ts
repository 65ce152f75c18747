import { Type } from 'typebox';
import {
  BatchBody,
  ComposeBody,
  ComposeResult,
  CreateEntityBody,
  EntityIdQuery,
  EntityTypeQuery,
  EntityTypeView,
  EntityView,
  IdString,
  IndexBody,
  LinkBody,
  LinkResult,
  OP,
  RegisterTypeBody,
  RegisterTypeResponse,
  TgError,
} from '@tg/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteContext } from '../context';
import { AnyObject, Success, errors } from './common';

const ContentCreated = Type.Object(
  {
    entity_id: Type.String(),
    created: Type.Boolean(),
    url: Type.Optional(Type.String()),
    vectorstore_document_id: Type.Optional(Type.String()),
    ref: Type.Optional(Type.String({ description: "The content's `ref` as sent (absent when none was)." })),
  },
  { additionalProperties: true },
);

export function registerEntityRoutes({ app, call }: RouteContext): void {
  const ws = { auth: 'workspace' as const };

  app.post(
    '/entity',
    {
      config: ws,
      schema: {
        tags: ['entities'],
        summary: 'Create or update an entity (mode A) or a content entity (mode B, with `content`)',
        body: CreateEntityBody,
        response: { 200: Type.Union([EntityView, ContentCreated]), ...errors(400, 401, 403, 404, 409, 413) },
      },
    },
    async (req) => {
      const b = req.body;
      if (b.content) {
        const extra = (['type', 'entity_type', 'name', 'description', 'linked_content'] as const).filter((k) => b[k] !== undefined);
        if (extra.length) throw new TgError('bad_request', `Content mode takes content, entity_id, id and force_reindex; remove ${extra.join(', ')}`);
        return call(req, OP.ingest.content, { content: b.content, entity_id: b.entity_id, id: b.id, force_reindex: b.force_reindex });
      }
      if (b.entity_id !== undefined || b.force_reindex !== undefined) throw new TgError('bad_request', '`entity_id` and `force_reindex` belong to content mode (with `content`)');
      if (b.type !== undefined && b.entity_type !== undefined && b.type !== b.entity_type) throw new TgError('bad_request', 'type and its alias entity_type differ');
      return call(req, OP.entity.create, b);
    },
  );

  const entityRef = (q: { entity_id?: string; url?: string }) => {
    if (!q.entity_id && !q.url) throw new TgError('bad_request', 'Query parameter entity_id (or url) is required');
    return q;
  };
  app.get(
    '/entity',
    { config: ws, schema: { tags: ['entities'], summary: 'Read an entity by id (or content URL)', querystring: EntityIdQuery, response: { 200: EntityView, ...errors(400, 401, 403, 404) } } },
    async (req) => call(req, OP.entity.get, entityRef(req.query)),
  );
  app.delete(
    '/entity',
    { config: ws, schema: { tags: ['entities'], summary: 'Delete an entity by id (or content URL)', querystring: EntityIdQuery, response: { 200: Success, ...errors(400, 401, 403, 404) } } },
    async (req) => call(req, OP.entity.delete, entityRef(req.query)),
  );

  app.post(
    '/entity/type',
    {
      config: ws,
      schema: { tags: ['entities'], summary: 'Register a custom entity type', body: RegisterTypeBody, response: { 201: RegisterTypeResponse, ...errors(400, 401, 403) } },
    },
    async (req, reply) => reply.status(201).send(await call(req, OP.entity.registerType, req.body)),
  );
  app.get(
    '/entity/type',
    {
      config: ws,
      schema: { tags: ['entities'], summary: 'Read a built-in or registered entity type', querystring: EntityTypeQuery, response: { 200: EntityTypeView, ...errors(400, 401, 403, 404) } },
    },
    async (req) => call(req, OP.entity.getType, req.query),
  );

  app.post(
    '/entity/:parent_id/link',
    {
      config: ws,
      schema: {
        tags: ['taste'],
        summary: 'Link a child to a parent and recompose its taste, or (no body) rebuild the parent profile',
        params: Type.Object({ parent_id: IdString }),
        body: LinkBody,
        response: { 200: Type.Union([LinkResult, Type.Object({ entity_id: Type.String() }, { additionalProperties: true })]), ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const b = req.body;
      const childIds = [b.entity_id, b.child_id, b.content_id].filter((x) => x !== undefined);
      if (new Set(childIds).size > 1) throw new TgError('bad_request', 'entity_id, child_id and content_id name different children');
      if (b.rel !== undefined && b.relation !== undefined && b.rel !== b.relation) throw new TgError('bad_request', 'rel and relation differ');
      const child = childIds[0];
      if (child === undefined && (b.rel !== undefined || b.relation !== undefined || b.weight !== undefined)) {
        throw new TgError('validation_failed', 'rel and weight need a child: send entity_id');
      }
      return call(req, OP.entity.link, { parent_id: req.params.parent_id, child_id: child, rel: b.rel ?? b.relation, weight: b.weight });
    },
  );
  app.post(
    '/entity/:entity_id/compose',
    {
      config: ws,
      schema: {
        tags: ['taste'],
        summary: "Compose an entity's taste profile with a chosen representation and limits",
        params: Type.Object({ entity_id: IdString }),
        body: ComposeBody,
        response: { 200: ComposeResult, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => call(req, OP.taste.compose, { entity_id: req.params.entity_id, ...req.body }),
  );

  const batch = async (req: FastifyRequest<{ Body: BatchBody }>, reply: FastifyReply) => {
    const out = await call(req, OP.ingest.batch, req.body, { timeoutMs: 300_000 });
    return reply.status(out.status).send(out.body);
  };
  app.post(
    '/entity/batch',
    {
      config: ws,
      schema: {
        tags: ['content'],
        summary: 'Batch upsert of content entities (200 with results in input order; 202 with a job for large batches)',
        body: BatchBody,
        response: { 200: AnyObject, 202: AnyObject, ...errors(400, 401, 403, 413) },
      },
    },
    batch,
  );
  app.post(
    '/index/batch',
    {
      config: ws,
      schema: { tags: ['content'], summary: 'Index many content objects (each independently, idempotent per URL)', body: BatchBody, response: { 200: AnyObject, 202: AnyObject, ...errors(400, 401, 403, 413) } },
    },
    batch,
  );
  app.get(
    '/entity/batch/jobs/:job_id',
    {
      config: ws,
      schema: {
        tags: ['content'],
        summary: 'Poll a batch job: Submitted, then Completed (or Failed) with results',
        params: Type.Object({ job_id: Type.String({ minLength: 1, maxLength: 512 }) }),
        response: { 200: AnyObject, ...errors(401, 403, 404) },
      },
    },
    async (req) => call(req, OP.ingest.job, { job_id: req.params.job_id }),
  );
  app.post(
    '/index',
    {
      config: ws,
      schema: { tags: ['content'], summary: 'Index one content object (optionally linked to entity_id)', body: IndexBody, response: { 200: ContentCreated, ...errors(400, 401, 403, 404, 409) } },
    },
    async (req) => call(req, OP.ingest.content, req.body),
  );
}
