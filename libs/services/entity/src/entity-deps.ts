import { OP, TgError, contentIdForUrl, isTgError, looksLikeUrl } from '@tg/contracts';
import { entityDecider, entityTypeDecider, isBuiltinType, urlClaimDecider, type EntityState } from '@tg/domain';
import { EventStore } from '@tg/messaging';
import { profileShape, type ReadModelHost } from '@tg/read-model';
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
export async function composeProfile(rt: Runtime, ws: string, parentId: string, seq: number | undefined, requestId: string, allowEmpty = false, timeoutMs?: number) {
  return (await rt.rpc.call(OP.taste.compose, { ws, data: { entity_id: parentId, allow_empty: allowEmpty }, minSeq: seq }, { requestId, timeoutMs })).data;
}

/**
 * Share of the caller's timeout (`TG_RPC_TIMEOUT_MS`, counted from the start of the write's handler) that the
 * composition after a write may take, so that the write's reply still reaches a caller with the same timeout.
 */
const FOLLOW_UP_SHARE = 2 / 3;

/**
 * The parent's profile after a write that is already in the log (a link, linked content): composed by the taste
 * service at the write's position. When that cannot finish in time (the taste read model stays behind the write
 * for `TG_READ_WAIT_MS`, the taste service does not answer, or the caller's deadline comes first: 503/504), the write is still reported as done,
 * with the profile this service's own read model holds now and `composed: false`; a client never sees a 5xx for
 * a write that happened because of what follows it.
 */
export async function composeAfterWrite(
  d: EntityDeps,
  ws: string,
  parentId: string,
  seq: number | undefined,
  requestId: string,
  /** When the write's handler started (`Date.now()`). */
  startedAt: number,
): Promise<{ representation: string; subspace_rank: number; composed?: false }> {
  try {
    const left = Math.round(startedAt + FOLLOW_UP_SHARE * d.rt.config.rpcTimeoutMs - Date.now());
    if (left <= 0) throw new TgError('timeout', 'No time left to compose the profile after the write');
    const { representation, subspace_rank } = await composeProfile(d.rt, ws, parentId, seq, requestId, true, left);
    return { representation, subspace_rank };
  } catch (e) {
    if (!isTgError(e) || (e.code !== 'unavailable' && e.code !== 'timeout')) throw e;
    d.rt.log.warn({ err: e, requestId, parentId, seq }, 'write appended, its profile not composed in time: answered with the profile as last known (composed: false)');
    return { ...profileShape(d.host.catalog.ws(ws), parentId), composed: false };
  }
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

/**
 * The entity that `requestId` deleted, while it stays deleted (by id, or by the URL it had): a resend of that delete
 * after it completed finds it here (its first attempt answered success; `resolveEntity` no longer finds it).
 */
export async function resolveDeletedBy(rt: Runtime, ws: string, idOrUrl: { entity_id?: string; url?: string }, requestId: string): Promise<{ id: string; state: EntityState; seq: number } | null> {
  const deletedHere = (s: EntityState) => !s.exists && s.deletedBy !== undefined && s.deletedBy === requestId;
  if (idOrUrl.entity_id) {
    const { state, seq } = await rt.repo.load(entitySubject(ws, idOrUrl.entity_id), entityDecider);
    if (deletedHere(state)) return { id: idOrUrl.entity_id, state, seq };
  }
  const url = idOrUrl.url ?? idOrUrl.entity_id;
  if (url && looksLikeUrl(url)) {
    // The deleted id held the URL as its natural id, or as a claimant: still named by the home's (or the legacy
    // aggregate's) claim when the delete's release did not come, else by the last release, made by this request or,
    // its release cut, by another id's takeover of the void claim (each candidate's own aggregate says whether this
    // request deleted it, with this URL).
    const natural = contentIdForUrl(url);
    const [home, legacy] = await Promise.all([rt.repo.load(entitySubject(ws, natural), entityDecider), rt.repo.load(EventStore.subject(ws, 'url', url), urlClaimDecider)]);
    for (const id of new Set([home.state.urlClaimedBy, legacy.state.entityId, home.state.urlReleasedClaimant, natural])) {
      if (!id) continue;
      const { state, seq } = id === natural ? home : await rt.repo.load(entitySubject(ws, id), entityDecider);
      if (deletedHere(state) && state.deletedUrl === url) return { id, state, seq };
    }
  }
  return null;
}
