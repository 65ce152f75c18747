import { OP, TgError, contentIdForUrl, isTgError, looksLikeUrl } from '@tg/contracts';
import { entityDecider, entityTypeDecider, isBuiltinType, urlClaimDecider, type EntityState, type UrlClaimState } from '@tg/domain';
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

/**
 * Loads an entity by id, or by content URL when the id names none (WIRE-NOTES). With `deletedBy` (a delete's request
 * id), the entity that request deleted, while it stays deleted, is found first (by id, or by the URL it had): a resend
 * of that delete after it completed answers as its first attempt did, and by URL the entity found there now may be
 * another one that took the URL since. Each aggregate is loaded once.
 */
export async function resolveEntity(rt: Runtime, ws: string, idOrUrl: { entity_id?: string; url?: string }, opts: { deletedBy?: string } = {}): Promise<{ id: string; state: EntityState; seq: number } | null> {
  if (idOrUrl.entity_id && idOrUrl.url && idOrUrl.entity_id !== idOrUrl.url) {
    // Both named: they must name the same entity (before, an entity_id that named nothing fell through to the URL, so
    // `DELETE ?entity_id=<unknown>&url=U` deleted U's entity, and one that named another entity silently won).
    const [byId, byUrl] = await Promise.all([resolveEntity(rt, ws, { entity_id: idOrUrl.entity_id }, opts), resolveEntity(rt, ws, { url: idOrUrl.url }, opts)]);
    if (!byId && !byUrl) return null;
    if (byId && byUrl && byId.id === byUrl.id) return byId;
    throw new TgError('bad_request', 'entity_id and url name different entities (or only one of them names one): send one of them');
  }
  const loaded = new Map<string, Promise<{ state: EntityState; seq: number }>>();
  const load = (id: string) => loaded.get(id) ?? loaded.set(id, rt.repo.load(entitySubject(ws, id), entityDecider)).get(id)!;
  const deletedHere = (s: EntityState) => opts.deletedBy !== undefined && !s.exists && s.deletedBy === opts.deletedBy;
  const byId = idOrUrl.entity_id ? { id: idOrUrl.entity_id, ...(await load(idOrUrl.entity_id)) } : undefined;
  if (byId && deletedHere(byId.state)) return byId;
  const url = idOrUrl.url ?? idOrUrl.entity_id;
  // A URL belongs to the claimant recorded on its home (the natural id's aggregate; older claims: the URL's claim
  // aggregate), or else to the content whose id is the URL's hash.
  let urlClaims: Promise<{ natural: string; home: { state: EntityState; seq: number }; legacy: { state: UrlClaimState } }> | undefined;
  const atUrl = (url: string) =>
    (urlClaims ??= (async () => {
      const natural = contentIdForUrl(url);
      const [home, legacy] = await Promise.all([load(natural), rt.repo.load(EventStore.subject(ws, 'url', url), urlClaimDecider)]);
      return { natural, home, legacy };
    })());
  if (url && looksLikeUrl(url) && opts.deletedBy !== undefined) {
    // The deleted id held the URL as its natural id, or as a claimant: still named by the home's (or the legacy
    // aggregate's) claim when the delete's release did not come, else by the last release, made by this request or,
    // its release cut, by another id's takeover of the void claim (each candidate's own aggregate says whether this
    // request deleted it, with this URL).
    const { natural, home, legacy } = await atUrl(url);
    for (const id of new Set([home.state.urlClaimedBy, legacy.state.entityId, home.state.urlReleasedClaimant, natural])) {
      if (!id) continue;
      const { state, seq } = await load(id);
      if (deletedHere(state) && state.deletedUrl === url) return { id, state, seq };
    }
  }
  if (byId?.state.exists) return byId;
  if (url && looksLikeUrl(url)) {
    const { natural, home, legacy } = await atUrl(url);
    const id = home.state.urlClaimedBy ?? legacy.state.entityId ?? natural;
    const { state, seq } = await load(id);
    if (state.exists && state.url === url) return { id, state, seq };
  }
  return null;
}
