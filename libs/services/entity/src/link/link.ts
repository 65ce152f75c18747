import { TgError, type OP } from '@tg/contracts';
import { entityDecider, linkDecider, linkId, linkResend } from '@tg/domain';
import { EventStore, type OperationHandler } from '@tg/messaging';
import { composeAfterWrite, composeProfile, entitySubject, resolveEntity, type EntityDeps } from '../entity-deps';

/** `tg.rpc.entity.link`: links a child to a parent (binding both incarnations) and recomposes the parent's profile; without a child, rebuilds it. */
export function linkHandler(d: EntityDeps): OperationHandler<typeof OP.entity.link> {
  const { rt } = d;
  return async (req, ctx) => {
    const startedAt = Date.now();
    const { ws, data } = req;
    const parent = await rt.repo.load(entitySubject(ws, data.parent_id), entityDecider);
    if (!parent.state.exists) throw new TgError('entity_not_found', 'Entity not found', { entity_id: data.parent_id });
    if (!data.child_id) {
      const taste = await composeProfile(rt, ws, data.parent_id, req.minSeq, ctx.requestId);
      return { data: { entity_id: data.parent_id, representation: taste.representation, subspace_rank: taste.subspace_rank } };
    }
    // The child by id, or by its content URL when the id names none (WIRE-NOTES: clients pass a content URL as the id):
    // the link is then the one to that content's id, the same link as when it is named by id.
    const child = await resolveEntity(rt, ws, { entity_id: data.child_id });
    if (!child) throw new TgError('entity_not_found', 'Entity not found', { entity_id: data.child_id });
    const childId = child.id;
    if (childId === data.parent_id) throw new TgError('bad_request', 'An entity cannot be linked to itself');
    const rel = data.rel ?? 'about';
    const weight = data.weight ?? 1;
    const command = {
      type: 'LinkChild' as const,
      workspace: ws,
      parent_id: data.parent_id,
      child_id: childId,
      rel,
      weight,
      parent_incarnation: parent.state.incarnation,
      child_incarnation: child.state.incarnation,
      at: rt.now(),
      request_id: ctx.requestId,
    };
    const out = await rt.repo.execute(EventStore.subject(ws, 'link', linkId(data.parent_id, childId)), linkDecider, command);
    // This request made the link: appended now, or by an earlier attempt of the same request (a retry, or an append
    // stored whose acknowledgement was lost and that the resend found stored), whatever came after it.
    const made = out.events.length > 0 || linkResend(out.state, command);
    const seq = Math.max(out.seq, req.minSeq ?? 0);
    // A delete that won the race ended the incarnation this link binds: the link is dead; say so.
    for (const [id, inc] of [[data.parent_id, parent.state.incarnation], [childId, child.state.incarnation]] as const) {
      const now = await rt.repo.load(entitySubject(ws, id), entityDecider);
      if (now.state.incarnation !== inc) throw new TgError('entity_not_found', 'Entity not found', { entity_id: id });
    }
    // allow_empty: a delete may land right after the checks above; the link happened before it (200), and
    // the profile then shows what is left. A composition that cannot finish in time does not fail the link.
    const taste = await composeAfterWrite(d, ws, data.parent_id, seq, ctx.requestId, startedAt);
    return {
      data: { parent_id: data.parent_id, entity_id: childId, rel, weight, ...taste, linked: made },
      seq: made ? out.seq : undefined,
    };
  };
}
