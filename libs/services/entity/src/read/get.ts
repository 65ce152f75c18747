import { TgError, type OP } from '@tg/contracts';
import type { OperationHandler } from '@tg/messaging';
import { resolveEntity, type EntityDeps } from '../entity-deps';
import { entityView } from './views';

/** `tg.rpc.entity.get`: an entity by id, or by content URL. */
export function getHandler(d: EntityDeps): OperationHandler<typeof OP.entity.get> {
  const { rt } = d;
  return async (req) => {
    const found = await resolveEntity(rt, req.ws, req.data);
    if (!found) throw new TgError('entity_not_found', 'Entity not found');
    return { data: entityView(found.id, found.state) };
  };
}
