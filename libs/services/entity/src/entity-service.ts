import { OP, TgError, contentIdForUrl, looksLikeUrl, textDigest, type IndexedContent } from '@tg/contracts';
import { entityDecider, entityTypeDecider, isBuiltinType, linkDecider, linkId, urlClaimDecider, type EntityState } from '@tg/domain';
import { EventStore } from '@tg/messaging';
import { embedTexts, mapLimit, rpcServer, type Runtime, type StartedService } from '@tg/service-runtime';
import type { ReadModelHost } from '@tg/read-model';
import { derivedEntityId } from './idempotency';
import { entityView } from './views';

const subjectOf = (ws: string, id: string) => EventStore.subject(ws, 'entity', id);

/** Loads an entity by id, or by content URL when the id names none (WIRE-NOTES). */
export async function resolveEntity(rt: Runtime, ws: string, idOrUrl: { entity_id?: string; url?: string }): Promise<{ id: string; state: EntityState; seq: number } | null> {
  if (idOrUrl.entity_id) {
    const { state, seq } = await rt.repo.load(subjectOf(ws, idOrUrl.entity_id), entityDecider);
    if (state.exists) return { id: idOrUrl.entity_id, state, seq };
  }
  const url = idOrUrl.url ?? idOrUrl.entity_id;
  if (url && looksLikeUrl(url)) {
    // A URL belongs to the claimant recorded on its home (the natural id's aggregate; older claims: the URL's
    // claim aggregate), or else to the content whose id is the URL's hash.
    const natural = contentIdForUrl(url);
    const [home, legacy] = await Promise.all([rt.repo.load(subjectOf(ws, natural), entityDecider), rt.repo.load(EventStore.subject(ws, 'url', url), urlClaimDecider)]);
    const id = home.state.urlClaimedBy ?? legacy.state.entityId ?? natural;
    const { state, seq } = id === natural ? home : await rt.repo.load(subjectOf(ws, id), entityDecider);
    if (state.exists && state.url === url) return { id, state, seq };
  }
  return null;
}

/** Starts the entity service: entities, custom types and links. */
export async function startEntityService(rt: Runtime, host: ReadModelHost): Promise<StartedService> {
  const typeKnown = async (ws: string, t: string) => isBuiltinType(t) || (await rt.repo.load(EventStore.subject(ws, 'type', t), entityTypeDecider)).state.registered;

  const compose = async (ws: string, parentId: string, seq: number | undefined, requestId: string, allowEmpty = false) =>
    (await rt.rpc.call(OP.taste.compose, { ws, data: { entity_id: parentId, allow_empty: allowEmpty }, minSeq: seq }, { requestId })).data;

  const server = rpcServer(rt, 'entity', host)
    .serve(OP.entity.create, async (req, ctx) => {
      const { ws, data } = req;
      if (data.content && data.linked_content) throw new TgError('bad_request', '`linked_content` and `content` are mutually exclusive');
      const type = data.type ?? data.entity_type;
      let seq = 0;
      let id: string;
      let created = false;
      let state: EntityState;
      if (data.id && data.linked_content && data.name === undefined && type === undefined) {
        // `{ id, linked_content }` attaches children to an existing parent without rewriting it.
        const found = await rt.repo.load(subjectOf(ws, data.id), entityDecider);
        if (!found.state.exists) throw new TgError('entity_not_found', 'Entity not found');
        id = data.id;
        state = found.state;
      } else {
        if (!data.name || !type) throw new TgError('entity_requires_name_and_type', 'Entity requires name and type');
        if (type === 'content') throw new TgError('bad_request', 'Content entities are created with a `content` object (url and type)');
        if (!(await typeKnown(ws, type))) {
          throw new TgError('unknown_entity_type', `Entity type '${type}' is not registered; register it first with POST /entity/type`, { entity_type: type });
        }
        id = data.id ?? derivedEntityId(ws, ctx.requestId, data);
        const out = await rt.repo.execute(subjectOf(ws, id), entityDecider, {
          type: 'CreateEntity',
          entity_id: id,
          entity_type: type,
          name: data.name,
          description: data.description ?? '',
          workspace: ws,
          at: rt.now(),
          request_id: ctx.requestId,
        });
        // An exact retry of the create (same key, nothing left to change) answers as the create did.
        created = out.events[0]?.type === 'EntityCreated' || (out.events.length === 0 && out.state.createdBy === ctx.requestId);
        state = out.state;
        seq = out.seq;
        const selfText = `${state.name}. ${state.description}`;
        const digest = textDigest(selfText);
        if (state.embeddedDigest !== digest) {
          const emb = await embedTexts(rt, [selfText], ctx.requestId);
          const vector = emb.vectors[0];
          if (vector) {
            const r = await rt.repo.execute(subjectOf(ws, id), entityDecider, {
              type: 'EmbedSelf', entity_id: id, vector, model: emb.model, dim: emb.dim, text_digest: digest, workspace: ws, at: rt.now(), request_id: ctx.requestId,
            });
            seq = Math.max(seq, r.seq);
            state = r.state;
          }
        }
      }
      const linked: IndexedContent[] = await mapLimit(data.linked_content ?? [], 8, async (item) => {
        const r = await rt.rpc.call(OP.ingest.content, { ws, data: { content: item, entity_id: id } }, { requestId: ctx.requestId });
        seq = Math.max(seq, r.seq ?? 0);
        return { entity_id: r.data.entity_id, created: r.data.created, url: r.data.url, vectorstore_document_id: r.data.vectorstore_document_id };
      });
      // Without linked content the profile is the entity's own text vector (cold start): no need to
      // wait for the projection. With children, ask the taste service once they are pooled.
      const taste = data.linked_content?.length
        ? await compose(ws, id, seq || undefined, ctx.requestId, true)
        : { representation: 'point', subspace_rank: state.embeddedDigest ? 1 : 0 };
      return {
        data: {
          ...entityView(id, state),
          linked_content: linked,
          created,
          vectorstore_document_id: id,
          representation: taste.representation,
          subspace_rank: taste.subspace_rank,
        },
        seq: seq || undefined,
      };
    })
    .serve(OP.entity.get, async (req) => {
      const found = await resolveEntity(rt, req.ws, req.data);
      if (!found) throw new TgError('entity_not_found', 'Entity not found');
      return { data: entityView(found.id, found.state) };
    })
    .serve(OP.entity.delete, async (req, ctx) => {
      const { ws } = req;
      const found = await resolveEntity(rt, ws, req.data);
      if (!found) throw new TgError('entity_not_found', 'Entity not found');
      // Its links need no unlinking: a link binds the incarnations of both ends (decided against their
      // aggregates), so deleting this incarnation ends every link to it, in the link aggregates and in
      // every read model, including a link decided concurrently against the incarnation being deleted.
      const at = rt.now();
      const out = await rt.repo.execute(subjectOf(ws, found.id), entityDecider, { type: 'DeleteEntity', entity_id: found.id, workspace: ws, at, request_id: ctx.requestId });
      let seq = out.seq;
      const url = found.state.url;
      if (url && found.id !== contentIdForUrl(url)) {
        // Release the claim on the URL's home (and an older one on the URL's claim aggregate, if any).
        const home = contentIdForUrl(url);
        const [r1, r2] = await Promise.all([
          rt.repo.execute(subjectOf(ws, home), entityDecider, { type: 'ReleaseUrl', entity_id: home, url, claimant: found.id, workspace: ws, at, request_id: ctx.requestId }),
          rt.repo.execute(EventStore.subject(ws, 'url', url), urlClaimDecider, { type: 'ReleaseUrl', workspace: ws, url, entity_id: found.id, at }),
        ]);
        seq = Math.max(seq, r1.seq, r2.seq);
      }
      return { data: { success: true }, seq };
    })
    .serve(OP.entity.registerType, async (req, ctx) => {
      const subject = EventStore.subject(req.ws, 'type', req.data.entity_type);
      const before = await rt.repo.load(subject, entityTypeDecider);
      const out = await rt.repo.execute(subject, entityTypeDecider, {
        type: 'RegisterEntityType',
        workspace: req.ws,
        entity_type: req.data.entity_type,
        description: req.data.description ?? before.state.description,
        at: rt.now(),
        request_id: ctx.requestId,
      });
      return { data: { success: true, entity_type: req.data.entity_type, updated: before.state.registered || isBuiltinType(req.data.entity_type) }, seq: out.events.length ? out.seq : undefined };
    })
    .serve(OP.entity.getType, async (req) => {
      const t = req.data.entity_type;
      await host.ready(req);
      const count = host.catalog.ws(req.ws).typeCounts.get(t) ?? 0;
      if (isBuiltinType(t)) return { data: { entity_type: t, builtin: true, description: 'Built-in type', registered_at: null, entity_count: count } };
      const { state } = await rt.repo.load(EventStore.subject(req.ws, 'type', t), entityTypeDecider);
      if (!state.registered) throw new TgError('type_not_found', `Entity type '${t}' is not registered`);
      return { data: { entity_type: t, builtin: false, description: state.description, registered_at: state.registeredAt, entity_count: count } };
    })
    .serve(OP.entity.link, async (req, ctx) => {
      const { ws, data } = req;
      const parent = await rt.repo.load(subjectOf(ws, data.parent_id), entityDecider);
      if (!parent.state.exists) throw new TgError('entity_not_found', 'Entity not found', { entity_id: data.parent_id });
      if (!data.child_id) {
        const taste = await compose(ws, data.parent_id, req.minSeq, ctx.requestId);
        return { data: { entity_id: data.parent_id, representation: taste.representation, subspace_rank: taste.subspace_rank } };
      }
      if (data.child_id === data.parent_id) throw new TgError('bad_request', 'An entity cannot be linked to itself');
      const child = await rt.repo.load(subjectOf(ws, data.child_id), entityDecider);
      if (!child.state.exists) throw new TgError('entity_not_found', 'Entity not found', { entity_id: data.child_id });
      const rel = data.rel ?? 'about';
      const weight = data.weight ?? 1;
      const out = await rt.repo.execute(EventStore.subject(ws, 'link', linkId(data.parent_id, data.child_id)), linkDecider, {
        type: 'LinkChild',
        workspace: ws,
        parent_id: data.parent_id,
        child_id: data.child_id,
        rel,
        weight,
        parent_incarnation: parent.state.incarnation,
        child_incarnation: child.state.incarnation,
        at: rt.now(),
        request_id: ctx.requestId,
      });
      const seq = Math.max(out.seq, req.minSeq ?? 0);
      // A delete that won the race ended the incarnation this link binds: the link is dead; say so.
      for (const [id, inc] of [[data.parent_id, parent.state.incarnation], [data.child_id, child.state.incarnation]] as const) {
        const now = await rt.repo.load(subjectOf(ws, id), entityDecider);
        if (now.state.incarnation !== inc) throw new TgError('entity_not_found', 'Entity not found', { entity_id: id });
      }
      // allow_empty: a delete may land right after the checks above; the link happened before it (200), and
      // the profile then shows what is left.
      const taste = await compose(ws, data.parent_id, seq, ctx.requestId, true);
      return {
        data: { parent_id: data.parent_id, entity_id: data.child_id, rel, weight, representation: taste.representation, subspace_rank: taste.subspace_rank, linked: out.events.length > 0 },
        seq: out.events.length ? out.seq : undefined,
      };
    });
  return { name: 'entity', stop: () => server.drain() };
}
