import type { OP } from '@tg/contracts';
import { entityTypeDecider, isBuiltinType, typeResend } from '@tg/domain';
import { EventStore, type OperationHandler } from '@tg/messaging';
import type { EntityDeps } from '../entity-deps';

/** `tg.rpc.entity.register-type`: registers (or re-describes) a custom entity type. */
export function registerTypeHandler(d: EntityDeps): OperationHandler<typeof OP.entity.registerType> {
  const { rt } = d;
  return async (req, ctx) => {
    const subject = EventStore.subject(req.ws, 'type', req.data.entity_type);
    const before = await rt.repo.load(subject, entityTypeDecider);
    const description = req.data.description ?? before.state.description;
    const out = await rt.repo.execute(subject, entityTypeDecider, {
      type: 'RegisterEntityType',
      workspace: req.ws,
      entity_type: req.data.entity_type,
      description,
      at: rt.now(),
      request_id: ctx.requestId,
    });
    // Nothing to append and registered by this very request: its resend, answered as the registration was (also after
    // another request re-described the type since: the resend changes nothing then).
    const prior = out.events.length === 0 ? typeResend(out.state, { request_id: ctx.requestId, description }) : undefined;
    const resent = prior !== undefined || (out.events.length === 0 && before.state.createdBy !== undefined && before.state.createdBy === ctx.requestId);
    const updated = prior ? prior.updated : before.state.registered && !resent;
    return { data: { success: true, entity_type: req.data.entity_type, updated: updated || isBuiltinType(req.data.entity_type) }, seq: out.events.length ? out.seq : undefined };
  };
}
