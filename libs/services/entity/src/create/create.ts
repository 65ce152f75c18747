import { OP, TgError, textDigest, type IndexedContent } from '@tg/contracts';
import { conflictingDuplicates, doneCreate, entityDecider, holdsCreate, type EntityState } from '@tg/domain';
import type { OperationHandler } from '@tg/messaging';
import { embedTexts, mapLimit } from '@tg/service-runtime';
import { composeAfterWrite, entitySubject, typeKnown, type EntityDeps } from '../entity-deps';
import { entityView } from '../read/views';
import { derivedEntityId } from './idempotency';

/** `tg.rpc.entity.create`: creates or updates an entity (mode A), embeds its own text, indexes its linked content and composes its profile. */
export function createHandler(d: EntityDeps): OperationHandler<typeof OP.entity.create> {
  const { rt } = d;
  return async (req, ctx) => {
    const startedAt = Date.now();
    const { ws, data } = req;
    if (data.content && data.linked_content) throw new TgError('bad_request', '`linked_content` and `content` are mutually exclusive');
    // Two items for one URL or id with other fields would be written in parallel, the one stored last by timing: refused.
    const dup = conflictingDuplicates((data.linked_content ?? []).map((content) => ({ content }))).findIndex((first) => first !== undefined);
    if (dup >= 0) {
      throw new TgError('duplicate_item', `linked_content[${dup}] names the same URL or id as an earlier item with other fields; send one item per URL`, { index: dup });
    }
    const type = data.type ?? data.entity_type;
    let seq = 0;
    let id: string;
    let created = false;
    /** A resend of a create applied before, after another request deleted or changed the entity: nothing was written. */
    let resent = false;
    /** ... and the entity is no longer there (deleted since, or its id made content). */
    let gone = false;
    let state: EntityState;
    // Every linked item is checked (prepared and embedded, nothing written) before anything is written: an item that
    // would be refused refuses the whole create, which then leaves no parent and no other item behind.
    const checkLinked = () =>
      mapLimit(data.linked_content ?? [], 8, (item) => rt.rpc.call(OP.ingest.content, { ws, data: { content: item, check_only: true } }, { requestId: ctx.requestId }));
    if (data.id && data.linked_content && data.name === undefined && type === undefined) {
      // `{ id, linked_content }` attaches children to an existing parent without rewriting it.
      const found = await rt.repo.load(entitySubject(ws, data.id), entityDecider);
      if (!found.state.exists) throw new TgError('entity_not_found', 'Entity not found');
      await checkLinked();
      id = data.id;
      state = found.state;
    } else {
      if (!data.name || !type) throw new TgError('entity_requires_name_and_type', 'Entity requires name and type');
      if (type === 'content') throw new TgError('bad_request', 'Content entities are created with a `content` object (url and type)');
      if (!(await typeKnown(rt, ws, type))) {
        throw new TgError('unknown_entity_type', `Entity type '${type}' is not registered; register it first with POST /entity/type`, { entity_type: type });
      }
      await checkLinked();
      id = data.id ?? derivedEntityId(ws, ctx.requestId, data);
      const description = data.description ?? '';
      // The vector of the entity's own text is asked for before anything is written, and goes with the create: a
      // create that cannot embed fails with nothing written (no client retries a 5xx, so an entity stored before
      // such a failure would be one the client believes it never created). Skipped when the entity already holds
      // the vector of this text (a re-send).
      const selfText = `${data.name}. ${description}`;
      const digest = textDigest(selfText);
      const known = data.id ? (await rt.repo.load(entitySubject(ws, id), entityDecider)).state : undefined;
      const self = known?.exists && known.kind === 'entity' && known.embeddedDigest === digest ? undefined : await embedSelf(rt, selfText, digest, ctx.requestId);
      const out = await rt.repo.execute(entitySubject(ws, id), entityDecider, {
        type: 'CreateEntity',
        entity_id: id,
        entity_type: type,
        name: data.name,
        description,
        self,
        workspace: ws,
        at: rt.now(),
        request_id: ctx.requestId,
      });
      // An exact retry of the create (same key, nothing left to change) answers as the create did; so does the same
      // request completing its own torn create (its EntityCreated stored, the ContentEmbedded after it not: a process
      // killed between the two publishes, or a replica that raced the same request to the first one).
      const completes = out.events.length === 0 || out.events[0]!.type === 'ContentEmbedded';
      const fields = { request_id: ctx.requestId, entity_type: type, name: data.name, description };
      const prior = doneCreate(out.state, fields);
      created = out.events[0]?.type === 'EntityCreated' || (completes && (out.state.createdBy === ctx.requestId || prior?.created === true));
      resent = out.events.length === 0 && prior !== undefined && !holdsCreate(out.state, fields);
      state = out.state;
      seq = out.seq;
      // Resent after a delete (or the id made content since): answered with what the create made, as the first attempt was.
      gone = resent && !(state.exists && state.kind === 'entity');
      if (gone) {
        state = { ...state, exists: true, kind: 'entity', type, name: data.name, description, createdAt: prior!.at, updatedAt: prior!.at, embeddedDigest: self ? digest : undefined };
      }
      // Only when another write changed the entity's text between the check above and the command.
      const now = `${state.name}. ${state.description}`;
      if (!resent && state.embeddedDigest !== textDigest(now)) {
        const late = await embedSelf(rt, now, textDigest(now), ctx.requestId);
        if (late) {
          const r = await rt.repo.execute(entitySubject(ws, id), entityDecider, { type: 'EmbedSelf', entity_id: id, ...late, workspace: ws, at: rt.now(), request_id: ctx.requestId });
          seq = Math.max(seq, r.seq);
          state = r.state;
        }
      }
    }
    // A resend whose entity was deleted since links nothing to it (what the first attempt linked went with the delete).
    const linked: IndexedContent[] = await mapLimit(gone ? [] : (data.linked_content ?? []), 8, async (item) => {
      const r = await rt.rpc.call(OP.ingest.content, { ws, data: { content: item, entity_id: id } }, { requestId: ctx.requestId });
      seq = Math.max(seq, r.seq ?? 0);
      return { entity_id: r.data.entity_id, created: r.data.created, url: r.data.url, vectorstore_document_id: r.data.vectorstore_document_id, ...(r.data.ref === undefined ? {} : { ref: r.data.ref }) };
    });
    // Without linked content the profile is the entity's own text vector (cold start): no need to
    // wait for the projection. With children, ask the taste service once they are pooled.
    const taste = data.linked_content?.length && !gone
      ? await composeAfterWrite(d, ws, id, seq || undefined, ctx.requestId, startedAt)
      : { representation: 'point', subspace_rank: state.embeddedDigest ? 1 : 0 };
    return {
      data: {
        ...entityView(id, state),
        linked_content: linked,
        created,
        vectorstore_document_id: id,
        ...taste,
      },
      seq: seq || undefined,
    };
  };
}

/** The vector of an entity's own text, for its create command (none when the model gives none for the text). */
async function embedSelf(rt: EntityDeps['rt'], text: string, digest: string, requestId: string) {
  const emb = await embedTexts(rt, [text], requestId);
  const vector = emb.vectors[0];
  return vector ? { vector, model: emb.model, dim: emb.dim, text_digest: digest } : undefined;
}
