import { TgError, type OP } from '@tg/contracts';
import { entityTypeDecider, isBuiltinType } from '@tg/domain';
import { EventStore, type OperationHandler } from '@tg/messaging';
import type { EntityDeps } from '../entity-deps';

/** `tg.rpc.entity.get-type`: a built-in or registered type with its entity count. */
export function getTypeHandler(d: EntityDeps): OperationHandler<typeof OP.entity.getType> {
  const { rt, host } = d;
  return async (req) => {
    const t = req.data.entity_type;
    await host.ready(req);
    const count = host.catalog.ws(req.ws).typeCounts.get(t) ?? 0;
    if (isBuiltinType(t)) return { data: { entity_type: t, builtin: true, description: 'Built-in type', registered_at: null, entity_count: count } };
    const { state } = await rt.repo.load(EventStore.subject(req.ws, 'type', t), entityTypeDecider);
    if (!state.registered) throw new TgError('type_not_found', `Entity type '${t}' is not registered`);
    return { data: { entity_type: t, builtin: false, description: state.description, registered_at: state.registeredAt, entity_count: count } };
  };
}
