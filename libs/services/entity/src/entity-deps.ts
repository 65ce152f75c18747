import { OP, contentIdForUrl, looksLikeUrl } from '@tg/contracts';
import { entityDecider, entityTypeDecider, isBuiltinType, urlClaimDecider, type EntityState } from '@tg/domain';
import { EventStore } from '@tg/messaging';
import type { ReadModelHost } from '@tg/read-model';
import type { Runtime } from '@tg/service-runtime';

/** What the entity service's use cases share: the runtime and the read model (type counts). */
export interface EntityDeps {
  rt: Runtime;
  host: ReadModelHost;
}

/** The event subject of an entity's aggregate. */
export const entitySubject = (ws: string, id: string) => EventStore.subject(ws, 'entity', id);

/** Whether an entity type is built in or registered in the workspace. */
export async function typeKnown(rt: Runtime, ws: string, t: string): Promise<boolean> {
  return isBuiltinType(t) || (await rt.repo.load(EventStore.subject(ws, 'type', t), entityTypeDecider)).state.registered;
}

/** Asks the taste service to (re)compose a parent's profile once the read model has passed `seq`. */
export async function composeProfile(rt: Runtime, ws: string, parentId: string, seq: number | undefined, requestId: string, allowEmpty = false) {
  return (await rt.rpc.call(OP.taste.compose, { ws, data: { entity_id: parentId, allow_empty: allowEmpty }, minSeq: seq }, { requestId })).data;
}

/** Loads an entity by id, or by content URL when the id names none (WIRE-NOTES). */
export async function resolveEntity(rt: Runtime, ws: string, idOrUrl: { entity_id?: string; url?: string }): Promise<{ id: string; state: EntityState; seq: number } | null> {
  if (idOrUrl.entity_id) {
    const { state, seq } = await rt.repo.load(entitySubject(ws, idOrUrl.entity_id), entityDecider);
    if (state.exists) return { id: idOrUrl.entity_id, state, seq };
  }
  const url = idOrUrl.url ?? idOrUrl.entity_id;
  if (url && looksLikeUrl(url)) {
    // A URL belongs to the claimant recorded on its home (the natural id's aggregate; older claims: the URL's
    // claim aggregate), or else to the content whose id is the URL's hash.
    const natural = contentIdForUrl(url);
    const [home, legacy] = await Promise.all([rt.repo.load(entitySubject(ws, natural), entityDecider), rt.repo.load(EventStore.subject(ws, 'url', url), urlClaimDecider)]);
    const id = home.state.urlClaimedBy ?? legacy.state.entityId ?? natural;
    const { state, seq } = id === natural ? home : await rt.repo.load(entitySubject(ws, id), entityDecider);
    if (state.exists && state.url === url) return { id, state, seq };
  }
  return null;
}
