import { OP } from '@tg/contracts';
import { catalogDigestHandler, type ReadModelHost } from '@tg/read-model';
import { rpcServer, type Runtime, type StartedService } from '@tg/service-runtime';
import { createHandler } from './create/create';
import { deleteHandler } from './delete/delete';
import type { EntityDeps } from './entity-deps';
import { linkHandler } from './link/link';
import { getHandler } from './read/get';
import { getTypeHandler } from './types/get-type';
import { registerTypeHandler } from './types/register-type';

/**
 * Starts the entity service: entities, custom types and links, one use case per folder (create/, read/,
 * delete/, types/, link/) and the digest of its catalog (replay checks); what they share is in entity-deps.ts.
 */
export async function startEntityService(rt: Runtime, host: ReadModelHost): Promise<StartedService> {
  const d: EntityDeps = { rt, host };
  const server = rpcServer(rt, 'entity', host)
    .serve(OP.entity.create, createHandler(d))
    .serve(OP.entity.get, getHandler(d))
    .serve(OP.entity.delete, deleteHandler(d))
    .serve(OP.entity.registerType, registerTypeHandler(d))
    .serve(OP.entity.getType, getTypeHandler(d))
    .serve(OP.entity.link, linkHandler(d))
    // The catalog this instance reads entities, types and links from, at its position (replay checks).
    .serve(OP.entity.digest, catalogDigestHandler(host));
  return { name: 'entity', stop: () => server.drain() };
}
