import { TgError, event, type Decider, type EventMetadata, type TgEventOf } from '@tg/contracts';
import { lastWriteBy, rememberWrite, type RequestWrite } from './write-history';

/** State of an entity aggregate (a non-content entity or a content item). */
export interface EntityState {
  exists: boolean;
  kind: 'entity' | 'content' | null;
  type: string;
  name: string;
  description: string;
  url?: string;
  mediaType?: string;
  domain?: string;
  ref?: string;
  title?: string;
  text?: string;
  textDigest?: string;
  skipUrlFetch?: boolean;
  skipMediaEnrich?: boolean;
  enriched: boolean;
  /** Digest of the text the current vector was computed from, and its model. */
  embeddedDigest?: string;
  model?: string;
  createdAt: number;
  updatedAt: number;
  /** Idempotency key (request id) of the command that created this incarnation, so an exact retry answers `created` again. */
  createdBy?: string;
  /**
   * The last `WRITES_KEPT` writes of requests to this id, newest last, kept across deletions and later
   * incarnations: a resend of a create (same request id, same type, name and description) after another request
   * changed or deleted the entity is answered as done and changes nothing (see {@link doneCreate}).
   */
  done?: readonly DoneWrite[];
  /**
   * Stream sequence of the event that created this incarnation of the entity (0 when not existing or not
   * known). A deleted and re-created id is a new incarnation: links bind incarnations, not ids.
   */
  incarnation: number;
  /**
   * On the aggregate of a URL's natural id (its *home*, `contentIdForUrl(url)`): the other id that claimed the
   * URL. The home decides a URL's ownership in one place: content indexed under the natural id and claims by
   * explicit ids race on the same subject with an expected sequence.
   */
  urlClaimedBy?: string;
  /** On a URL's home: the stream sequence of the `UrlClaimed` that made the current claim. */
  urlClaimSeq?: number;
  /** On a URL's home: when the current claim was made (`claimed_at`, the claiming process's clock). */
  urlClaimAt?: number;
  /**
   * Stream sequence of this id's last `EntityDeleted` (kept across later incarnations). A claim on a URL's home
   * older than its claimant's deletion is void: the delete's release was lost (a process killed between its two
   * appends), and the URL belongs to nobody.
   */
  deletedSeq?: number;
  /**
   * While the id is deleted: the request id of its last `EntityDeleted` and the URL it had then. A resend of that
   * request (same `X-Request-Id`) is answered as done instead of 404.
   */
  deletedBy?: string;
  deletedUrl?: string;
  /**
   * On a URL's home: the claimant of the last released claim and the request that released it (a delete by URL of an
   * explicit id, resent after it completed, finds the id it deleted here).
   */
  urlReleasedClaimant?: string;
  urlReleasedBy?: string;
  /**
   * Stream sequence of the `ContentIndexed` that gave this content its current URL (kept while the URL stays). A
   * claim on another URL's home older than it is void too: its claimant moved to this URL since.
   */
  urlSeq?: number;
  /**
   * This id's claims taken over after the lease without their content (`UrlClaimRevoked`, kept across incarnations):
   * by URL, the time the latest revoked claim on it was made. Content that relies on such a claim is refused (see
   * {@link CLAIM_REVOKED}).
   */
  revokedClaims?: Readonly<Record<string, number>>;
}

/**
 * What a caller read of a claimant it found without the URL: gone from it after its claim, deleted
 * (`EntityState.deletedSeq`) or its content indexed under another URL (`EntityState.urlSeq`), `deletedSeq` being the
 * sequence of that event; or never come to it (`abandoned`: the claimant does not hold the URL, and nothing says it
 * left it), which voids only a claim older than {@link CLAIM_LEASE_MS}.
 */
export interface VoidClaim {
  claimant: string;
  deletedSeq?: number;
  abandoned?: boolean;
  /** For an abandoned claim: when it was made (the home's `urlClaimAt`), what its claimant's aggregate is told it lost. */
  claimedAt?: number;
}

/**
 * How long a claim may wait for its claimant's content. An ingest claims a URL, then indexes the content in the next
 * append (milliseconds, bounded by the publish's retries; it gives up past half of this); a process killed between
 * the two leaves a claim whose content never comes, which this long after it anyone may take over.
 */
export const CLAIM_LEASE_MS = 10 * 60_000;

/**
 * Whether `v` proves the home's current claim void: it names the claimant, and the claimant left the URL after the
 * claim was made, or (abandoned) the claim is older than `lease` at `at`. The claimant itself renews its own claim
 * without content past half a lease (`lease` = CLAIM_LEASE_MS / 2), before anyone else may take it over: a write of
 * its content relies only on a claim at most half a lease old.
 */
export function claimVoided(home: EntityState, v: VoidClaim | undefined, at?: number, lease = CLAIM_LEASE_MS): boolean {
  if (!v || home.urlClaimedBy !== v.claimant) return false;
  if (v.deletedSeq !== undefined && (home.urlClaimSeq ?? 0) < v.deletedSeq) return true;
  return !!v.abandoned && at !== undefined && home.urlClaimAt !== undefined && at - home.urlClaimAt > lease;
}

type Meta = { workspace: string; at: number; request_id?: string };

/** `details.reason` of the conflict that refuses an IndexContent prepared against an incarnation that ended since. */
export const INCARNATION_ENDED = 'incarnation_ended';
/**
 * `details.reason` of the conflict that refuses an IndexContent relying on a claim that was taken over after the lease
 * (`UrlClaimRevoked` on the entity since); like {@link INCARNATION_ENDED}, the item is prepared again (it then finds the
 * URL's new holder).
 */
export const CLAIM_REVOKED = 'claim_revoked';

/** Commands of the entity aggregate. */
export type EntityCommand =
  | ({
      type: 'CreateEntity';
      entity_id: string;
      entity_type: string;
      name: string;
      description: string;
      /**
       * The vector of the entity's own text (`name. description`), asked for before the command: appended with the
       * create or update when the entity does not hold it yet, so that an entity is not written without it.
       */
      self?: { vector: string; model: string; dim: number; text_digest: string };
    } & Meta)
  | ({
      type: 'IndexContent';
      entity_id: string;
      url: string;
      media_type: string;
      text: string;
      text_digest: string;
      name: string;
      description: string;
      title?: string;
      page_description?: string;
      domain?: string;
      ref?: string;
      source: 'inline' | 'fetched';
      skip_url_fetch: boolean;
      skip_media_enrich: boolean;
      force_reindex: boolean;
      vector: string;
      model: string;
      dim: number;
      /**
       * The incarnation the write was prepared against, when the entity existed then: a command that finds it ended
       * (deleted, maybe created again, since) is refused ({@link INCARNATION_ENDED}) and prepared again, so that it
       * never brings an entity back without the URL claim its deletion released.
       */
      incarnation?: number;
      /**
       * When the URL claim this write relies on was made (absent when it relies on none): a claim of this id revoked
       * since (taken over after the lease, `UrlClaimRevoked`) refuses it ({@link CLAIM_REVOKED}).
       */
      claimed_at?: number;
    } & Meta)
  | ({ type: 'EnrichContent'; entity_id: string; name: string; description: string; source: string } & Meta)
  | ({ type: 'EmbedSelf'; entity_id: string; vector: string; model: string; dim: number; text_digest: string } & Meta)
  | ({ type: 'DeleteEntity'; entity_id: string } & Meta)
  /** On the URL's home aggregate (`entity_id` = the URL's natural id): `claimant` takes the URL. */
  | ({ type: 'ClaimUrl'; entity_id: string; url: string; claimant: string; void?: VoidClaim } & Meta)
  /**
   * With `void`: only a claim that proof voids is released (anyone may clear it); else the claimant's own release.
   * With `deletedSeq` (a delete's release, after its `EntityDeleted` at that sequence): only a claim made before the
   * deletion; one made after it is the id's next incarnation's (created again, claiming anew, between the delete's
   * two appends) and stays.
   */
  | ({ type: 'ReleaseUrl'; entity_id: string; url: string; claimant: string; void?: VoidClaim; deletedSeq?: number } & Meta)
  /**
   * On the aggregate of the claimant of an abandoned claim (its content never came), before the claim is taken over on
   * the URL's home: the fence. Content of the claimant still on its way was prepared against this aggregate before it,
   * so its append fails on its expected sequence; refused when the claimant holds the URL now (its content came).
   */
  | ({ type: 'RevokeClaim'; entity_id: string; url: string; claimed_at: number } & Meta);

type EntityEvent =
  | TgEventOf<'EntityCreated'>
  | TgEventOf<'EntityUpdated'>
  | TgEventOf<'EntityDeleted'>
  | TgEventOf<'ContentIndexed'>
  | TgEventOf<'ContentEnriched'>
  | TgEventOf<'ContentEmbedded'>
  | TgEventOf<'UrlClaimed'>
  | TgEventOf<'UrlReleased'>
  | TgEventOf<'UrlClaimRevoked'>;

const initial = (): EntityState => ({ exists: false, kind: null, type: '', name: '', description: '', enriched: false, createdAt: 0, updatedAt: 0, incarnation: 0 });

/**
 * A write of a request to an entity id: a mode-A create or update, or content indexed (`key`: its request id and what
 * it wrote), or a delete ({@link DELETE_KEY}). When, and whether it created the id.
 */
export interface DoneWrite extends RequestWrite {
  key: string;
  at: number;
  created: boolean;
}
/** The key of a delete in an id's write history. */
const DELETE_KEY = '';
const createKey = (e: { type: string; name: string; description: string }, requestId: string) => JSON.stringify([requestId, e.type, e.name, e.description]);
/** What a content write indexed, as a key: its request id and the fields its `ContentIndexed` carries from the request. */
type ContentKeyFields = { url: string; media_type: string; text_digest: string; title?: string; domain?: string; ref?: string };
const contentKey = (requestId: string, c: ContentKeyFields) =>
  JSON.stringify([requestId, 'content', c.url, c.media_type, c.text_digest, c.title ?? null, c.domain ?? null, c.ref ?? null]);
/** The write an event records in the id's history (none without a request id). */
const written = (e: { metadata: { request_id?: string } }, key: (requestId: string) => string, at: number, created: boolean): DoneWrite | undefined => {
  const requestId = e.metadata.request_id;
  return requestId === undefined ? undefined : { requestId, key: key(requestId), at, created };
};

/**
 * The earlier create this command resends, if it is one: the last write of its request id (`X-Request-Id`) to this id
 * was a mode-A create with the same type, name and description. A request id is also a trace id that clients reuse,
 * so the body is part of the match (another body is another write), and a later write of the same request id (another
 * body, a delete) makes the same body a new write again: a client that sends one key with everything is not swallowed.
 */
export function doneCreate(state: EntityState, cmd: { request_id?: string; entity_type: string; name: string; description: string }): DoneWrite | undefined {
  const last = lastWriteBy(state.done, cmd.request_id);
  return last && last.key === createKey({ type: cmd.entity_type, name: cmd.name, description: cmd.description }, last.requestId) ? last : undefined;
}

/**
 * Whether this delete is the resend of one applied before (its answer lost) to an id that another request created
 * again since: the last write of its request id to this id was a delete. Deleting again would remove the other
 * request's entity.
 */
export function resentDelete(state: EntityState, requestId: string | undefined): boolean {
  return state.exists && lastWriteBy(state.done, requestId)?.key === DELETE_KEY;
}

/**
 * The earlier content write this command resends, if it is one and the item no longer holds what it indexed (deleted
 * since, or indexed anew by another request): the last write of its request id to this id indexed the same URL, media
 * type, text, title, domain and ref. Such a resend changes nothing (it was applied once). When the item still holds
 * it, the ordinary rules apply (nothing to change, or the completion of its own torn index).
 */
export function resentContent(state: EntityState, cmd: ContentKeyFields & { request_id?: string }): DoneWrite | undefined {
  const last = lastWriteBy(state.done, cmd.request_id);
  if (!last || last.key !== contentKey(last.requestId, cmd)) return undefined;
  return state.exists && state.kind === 'content' && contentIndexedMatches(state, { ...cmd, force_reindex: false }) ? undefined : last;
}

/** Whether the entity is now what a mode-A create with this body makes it (nothing to change). */
export function holdsCreate(state: EntityState, cmd: { entity_type: string; name: string; description: string }): boolean {
  return state.exists && state.kind === 'entity' && state.type === cmd.entity_type && state.name === cmd.name && state.description === cmd.description;
}
/** Stream sequence of an event when it was read back from the stream (or appended by the repository). */
const seqOf = (e: object): number => (e as { seq?: number }).seq ?? 0;

type IndexFields = { text_digest: string; url: string; media_type: string; title?: string; domain?: string; ref?: string; force_reindex: boolean; model?: string };

/** True when the state's last `ContentIndexed` already says what an IndexContent command would index. */
function contentIndexedMatches(state: EntityState, cmd: IndexFields): boolean {
  return (
    state.exists &&
    state.kind === 'content' &&
    !cmd.force_reindex &&
    state.textDigest === cmd.text_digest &&
    state.url === cmd.url &&
    state.mediaType === cmd.media_type &&
    (cmd.title === undefined || state.title === cmd.title) &&
    (cmd.domain === undefined || state.domain === cmd.domain) &&
    (cmd.ref === undefined || state.ref === cmd.ref)
  );
}

/** True when an IndexContent command would change nothing (idempotent re-send). */
export function contentUnchanged(state: EntityState, cmd: IndexFields): boolean {
  return contentIndexedMatches(state, cmd) && state.embeddedDigest === cmd.text_digest && (cmd.model === undefined || state.model === cmd.model);
}

/**
 * True when an IndexContent command finds its own `ContentIndexed` written but not the `ContentEmbedded` that
 * goes with it: a torn append (events are published one message at a time, so a crash or a racing replica can
 * see the first without the second). The command then completes the write (the embedding only), it does not
 * index again.
 */
export function contentIndexedNotEmbedded(state: EntityState, cmd: IndexFields): boolean {
  return contentIndexedMatches(state, cmd) && state.embeddedDigest !== cmd.text_digest;
}

/** What an id's aggregate keeps across its incarnations (a create after a delete starts from it). */
const kept = (state: EntityState): Pick<EntityState, 'deletedSeq' | 'revokedClaims'> => ({
  ...(state.deletedSeq !== undefined ? { deletedSeq: state.deletedSeq } : {}),
  ...(state.revokedClaims ? { revokedClaims: state.revokedClaims } : {}),
});

/**
 * Whether an IndexContent relies on a claim of this id that was revoked (taken over after the lease, its content never
 * come): it names the revoked URL, relies on no claim or on one no newer than the revoked one, and the id does not
 * hold the URL now (when it does, its claim was made anew and its content came).
 */
function reliesOnRevokedClaim(state: EntityState, cmd: { url: string; claimed_at?: number }): boolean {
  const revokedAt = state.revokedClaims?.[cmd.url];
  if (revokedAt === undefined || (state.exists && state.url === cmd.url)) return false;
  return cmd.claimed_at === undefined || cmd.claimed_at <= revokedAt;
}

export const entityDecider: Decider<EntityState, EntityCommand, EntityEvent> = {
  initialState: initial,
  decide(cmd, state) {
    const meta: EventMetadata = { workspace: cmd.workspace, at: cmd.at, request_id: cmd.request_id };
    switch (cmd.type) {
      case 'CreateEntity': {
        // The resend of a create applied before (its answer lost), after another request changed or deleted the entity:
        // it was done once; applying it again would undo the later write. (When the entity still holds what it made,
        // the rules below apply: nothing to change, or the completion of its own torn create.)
        if (doneCreate(state, cmd) && !holdsCreate(state, cmd)) return [];
        if (state.exists && state.kind === 'content') {
          throw new TgError('conflict', `Entity ${cmd.entity_id} is a content entity; use the content form to update it`);
        }
        const self = cmd.self;
        const embedded =
          self && !(state.exists && state.embeddedDigest === self.text_digest && state.model === self.model)
            ? [event('ContentEmbedded', { entity_id: cmd.entity_id, of: 'self', model: self.model, dim: self.dim, vector: self.vector, text_digest: self.text_digest, embedded_at: cmd.at }, meta)]
            : [];
        if (!state.exists) {
          return [event('EntityCreated', { entity_id: cmd.entity_id, type: cmd.entity_type, name: cmd.name, description: cmd.description, created_at: cmd.at }, meta), ...embedded];
        }
        const changes: { name?: string; description?: string; type?: string } = {};
        if (state.name !== cmd.name) changes.name = cmd.name;
        if (state.description !== cmd.description) changes.description = cmd.description;
        if (state.type !== cmd.entity_type) changes.type = cmd.entity_type;
        if (!Object.keys(changes).length) return embedded;
        return [event('EntityUpdated', { entity_id: cmd.entity_id, ...changes, updated_at: cmd.at }, meta), ...embedded];
      }
      case 'IndexContent': {
        // The resend of a content write applied before (its answer lost), after another request deleted the item or
        // indexed it anew: done once; indexing it again would undo the later write.
        if (resentContent(state, cmd)) return [];
        if (cmd.incarnation !== undefined && state.incarnation !== cmd.incarnation) {
          throw new TgError('conflict', `Entity ${cmd.entity_id} was deleted or created again while this write was prepared`, { entity_id: cmd.entity_id, reason: INCARNATION_ENDED });
        }
        if (state.exists && state.kind === 'entity') {
          throw new TgError('conflict', `Entity ${cmd.entity_id} is not a content entity`);
        }
        if (reliesOnRevokedClaim(state, cmd)) {
          throw new TgError('conflict', `The claim of ${cmd.entity_id} on ${cmd.url} was taken over while this write was on its way`, { entity_id: cmd.entity_id, url: cmd.url, reason: CLAIM_REVOKED });
        }
        if (state.urlClaimedBy !== undefined && state.urlClaimedBy !== cmd.entity_id) {
          throw new TgError('url_conflict', `URL already belongs to entity ${state.urlClaimedBy}`, { url: cmd.url, entity_id: state.urlClaimedBy });
        }
        if (contentUnchanged(state, cmd)) return [];
        const embedded = event('ContentEmbedded', { entity_id: cmd.entity_id, of: 'content', model: cmd.model, dim: cmd.dim, vector: cmd.vector, text_digest: cmd.text_digest, embedded_at: cmd.at }, meta);
        if (contentIndexedNotEmbedded(state, cmd)) return [embedded];
        const keepEnriched = state.exists && state.enriched && state.textDigest === cmd.text_digest;
        return [
          event(
            'ContentIndexed',
            {
              entity_id: cmd.entity_id,
              url: cmd.url,
              media_type: cmd.media_type,
              name: keepEnriched ? state.name : cmd.name,
              description: keepEnriched ? state.description : cmd.description,
              text: cmd.text,
              text_digest: cmd.text_digest,
              title: cmd.title,
              page_description: cmd.page_description,
              domain: cmd.domain,
              ref: cmd.ref,
              source: cmd.source,
              skip_url_fetch: cmd.skip_url_fetch,
              skip_media_enrich: cmd.skip_media_enrich,
              indexed_at: cmd.at,
            },
            meta,
          ),
          embedded,
        ];
      }
      case 'EnrichContent': {
        if (!state.exists || state.kind !== 'content') return [];
        if (state.enriched && state.name === cmd.name && state.description === cmd.description) return [];
        return [event('ContentEnriched', { entity_id: cmd.entity_id, name: cmd.name, description: cmd.description, source: cmd.source, enriched_at: cmd.at }, meta)];
      }
      case 'EmbedSelf': {
        if (!state.exists || state.kind !== 'entity') return [];
        if (state.embeddedDigest === cmd.text_digest && state.model === cmd.model) return [];
        return [event('ContentEmbedded', { entity_id: cmd.entity_id, of: 'self', model: cmd.model, dim: cmd.dim, vector: cmd.vector, text_digest: cmd.text_digest, embedded_at: cmd.at }, meta)];
      }
      case 'DeleteEntity': {
        // The resend of the request whose delete this is (its first attempt completed): done, nothing to append.
        if (!state.exists && cmd.request_id !== undefined && state.deletedBy === cmd.request_id) return [];
        // Its resend after another request created the id again: done once; the new entity is not this delete's.
        if (resentDelete(state, cmd.request_id)) return [];
        if (!state.exists) throw new TgError('entity_not_found', 'Entity not found');
        return [event('EntityDeleted', { entity_id: cmd.entity_id, url: state.url, deleted_at: cmd.at }, meta)];
      }
      case 'ClaimUrl': {
        if (cmd.claimant === cmd.entity_id) return [];
        if (state.exists && state.url === cmd.url) {
          throw new TgError('url_conflict', `URL already belongs to entity ${cmd.entity_id}`, { url: cmd.url, entity_id: cmd.entity_id });
        }
        // A void claim (its claimant deleted after it) is taken over: released, then claimed anew, by another id or by
        // the deleted id itself (its claim made anew, so that it holds against the next one to find it void).
        const voided = claimVoided(state, cmd.void, cmd.at, cmd.void?.claimant === cmd.claimant ? CLAIM_LEASE_MS / 2 : CLAIM_LEASE_MS);
        if (state.urlClaimedBy === cmd.claimant && !voided) return [];
        if (state.urlClaimedBy !== undefined && !voided) {
          throw new TgError('url_conflict', `URL already belongs to entity ${state.urlClaimedBy}`, { url: cmd.url, entity_id: state.urlClaimedBy });
        }
        const released = voided && state.urlClaimedBy !== cmd.claimant ? [event('UrlReleased', { url: cmd.url, entity_id: state.urlClaimedBy!, released_at: cmd.at }, meta)] : [];
        return [...released, event('UrlClaimed', { url: cmd.url, entity_id: cmd.claimant, claimed_at: cmd.at }, meta)];
      }
      case 'ReleaseUrl':
        if (state.urlClaimedBy !== cmd.claimant) return [];
        if (cmd.deletedSeq !== undefined && (state.urlClaimSeq ?? 0) > cmd.deletedSeq) return [];
        if (cmd.void && !claimVoided(state, cmd.void, cmd.at)) {
          throw new TgError('url_conflict', `URL already belongs to entity ${state.urlClaimedBy}`, { url: cmd.url, entity_id: state.urlClaimedBy });
        }
        return [event('UrlReleased', { url: cmd.url, entity_id: cmd.claimant, released_at: cmd.at }, meta)];
      case 'RevokeClaim': {
        if (state.exists && state.url === cmd.url) {
          throw new TgError('url_conflict', `URL already belongs to entity ${cmd.entity_id}`, { url: cmd.url, entity_id: cmd.entity_id });
        }
        if ((state.revokedClaims?.[cmd.url] ?? -Infinity) >= cmd.claimed_at) return [];
        return [event('UrlClaimRevoked', { url: cmd.url, entity_id: cmd.entity_id, claimed_at: cmd.claimed_at, revoked_at: cmd.at }, meta)];
      }
      default: {
        const never: never = cmd;
        throw new Error(`unknown command ${String(never)}`);
      }
    }
  },
  evolve(state, e) {
    switch (e.type) {
      case 'EntityCreated':
        return {
          ...initial(),
          ...kept(state),
          exists: true,
          kind: 'entity',
          type: e.data.type,
          name: e.data.name,
          description: e.data.description,
          createdAt: e.data.created_at,
          updatedAt: e.data.created_at,
          createdBy: e.metadata.request_id,
          incarnation: seqOf(e),
          done: rememberWrite(state.done, written(e, (r) => createKey(e.data, r), e.data.created_at, true)),
        };
      case 'EntityUpdated': {
        const name = e.data.name ?? state.name;
        const description = e.data.description ?? state.description;
        const type = e.data.type ?? state.type;
        return {
          ...state,
          name,
          description,
          type,
          updatedAt: e.data.updated_at,
          done: rememberWrite(state.done, written(e, (r) => createKey({ type, name, description }, r), e.data.updated_at, false)),
        };
      }
      case 'EntityDeleted':
        return {
          ...initial(),
          ...kept(state),
          done: rememberWrite(state.done, written(e, () => DELETE_KEY, e.data.deleted_at, false)),
          deletedSeq: seqOf(e),
          deletedBy: e.metadata.request_id,
          deletedUrl: e.data.url,
        };
      case 'ContentIndexed': {
        const base = state.exists
          ? state
          : { ...initial(), ...kept(state), ...(state.done ? { done: state.done } : {}), createdAt: e.data.indexed_at, createdBy: e.metadata.request_id, incarnation: seqOf(e) };
        const sameText = base.textDigest === e.data.text_digest;
        return {
          ...base,
          exists: true,
          kind: 'content',
          type: 'content',
          name: e.data.name,
          description: e.data.description,
          url: e.data.url,
          mediaType: e.data.media_type,
          domain: e.data.domain,
          ref: e.data.ref,
          title: e.data.title,
          text: e.data.text,
          textDigest: e.data.text_digest,
          skipUrlFetch: e.data.skip_url_fetch,
          skipMediaEnrich: e.data.skip_media_enrich,
          enriched: sameText && base.enriched,
          updatedAt: e.data.indexed_at,
          urlSeq: base.url === e.data.url && base.urlSeq !== undefined ? base.urlSeq : seqOf(e),
          done: rememberWrite(base.done, written(e, (r) => contentKey(r, e.data), e.data.indexed_at, !state.exists)),
        };
      }
      case 'ContentEnriched':
        return { ...state, name: e.data.name, description: e.data.description, enriched: true, updatedAt: e.data.enriched_at };
      case 'ContentEmbedded':
        return { ...state, embeddedDigest: e.data.text_digest, model: e.data.model };
      case 'UrlClaimed':
        return { ...state, urlClaimedBy: e.data.entity_id, urlClaimSeq: seqOf(e), urlClaimAt: e.data.claimed_at };
      case 'UrlReleased': {
        const { urlClaimedBy: _released, urlClaimSeq: _seq, urlClaimAt: _at, ...rest } = state;
        return { ...rest, urlReleasedClaimant: e.data.entity_id, urlReleasedBy: e.metadata.request_id };
      }
      case 'UrlClaimRevoked':
        return { ...state, revokedClaims: { ...state.revokedClaims, [e.data.url]: Math.max(e.data.claimed_at, state.revokedClaims?.[e.data.url] ?? -Infinity) } };
      default: {
        const never: never = e;
        return never;
      }
    }
  },
};
