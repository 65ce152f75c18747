import { TgError, contentDomainOf, contentIdForUrl, textDigest, type ContentObject } from '@tg/contracts';
import { CLAIM_LEASE_MS, claimVoided, contentUnchanged, entityDecider, type DoneWrite, type EntityState, placeholderFor, resentContent, urlClaimDecider, type VoidClaim } from '@tg/domain';
import { textForContent } from '@tg/embedding';
import { FetchError, fetchUrl, type FetchedDocument } from '@tg/fetch';
import { EventStore } from '@tg/messaging';
import type { Runtime } from '@tg/service-runtime';

/** One item to ingest: a content object, optionally an explicit id and a parent to link to. */
export interface IngestItem {
  content: ContentObject;
  id?: string | null;
  entity_id?: string | null;
  force_reindex?: boolean;
  /**
   * Index of an earlier item of the same request that names the same URL or id with other fields
   * (`conflictingDuplicates`): this one is refused `duplicate_item` and nothing is written for it.
   */
  duplicate_of?: number;
}

/** An item after resolution and text extraction, ready to embed and commit. */
export interface PreparedItem {
  item: IngestItem;
  id: string;
  url: string;
  before: EntityState;
  beforeSeq: number;
  claimedBy: string | null;
  /**
   * True when the id is not the URL's natural id and no claim names it yet: the commit claims the URL on its
   * home aggregate (the natural id's, with an expected sequence) before indexing.
   */
  needsClaim: boolean;
  /**
   * The home's claim is void (its claimant was deleted after it, and the delete's release never came): the claim
   * (or, for the natural id, the release) carries this proof and takes the URL over.
   */
  voidClaim?: VoidClaim;
  /**
   * When the claim this write relies on was made, if its id does not hold the URL yet and does not claim it now (its
   * claim made by an earlier, interrupted ingest): its content is not indexed more than half a lease after it.
   */
  claimAt?: number;
  /** The URL's natural id: the aggregate that decides who owns the URL. */
  home: string;
  text: string;
  digest: string;
  name: string;
  description: string;
  title?: string;
  /** The fetched page's own description, for enrichment. */
  pageDescription?: string;
  domain?: string;
  source: 'inline' | 'fetched';
  /** True when nothing changed: no embedding, no new events (idempotent re-send). */
  unchanged: boolean;
  /** What this item's content write indexes, as the entity's write history keys it (see `resentContent`). */
  indexes: { url: string; media_type: string; text_digest: string; title?: string; domain?: string; ref?: string };
  /**
   * The earlier write of this request that this item resends, when another request deleted the item or indexed it
   * anew since: nothing is written for it (no claim, no content, no link), and it answers as that write did.
   */
  resent?: DoneWrite;
}

/** Longest text embedded and kept per item. */
const MAX_TEXT = 20_000;

/** Fetches a URL with the configured safety limits. */
export function fetchForIngest(rt: Runtime, url: string): Promise<FetchedDocument> {
  return fetchUrl(url, {
    timeoutMs: rt.config.fetchTimeoutMs,
    maxBytes: rt.config.fetchMaxBytes,
    allowPrivate: rt.config.fetchAllowPrivate,
    allowCidrs: rt.config.fetchAllowCidrs,
  });
}

/** Checks an item, resolves its id, loads its state and finds its text (fetching the URL when allowed). */
export async function prepareItem(rt: Runtime, ws: string, item: IngestItem, currentModel: string | undefined, requestId?: string): Promise<PreparedItem> {
  const c = item.content;
  let url: string;
  try {
    const u = new URL(c.url);
    if (!['http:', 'https:'].includes(u.protocol)) throw new Error('scheme');
    url = c.url;
  } catch {
    throw new TgError('validation_failed', `content.url must be an absolute http(s) URL, got "${c.url.slice(0, 200)}"`);
  }
  const domain = c.domain === undefined ? undefined : contentDomainOf(c.domain);
  if (item.id && c.id && item.id !== c.id) throw new TgError('bad_request', 'The top-level id and content.id differ');
  const explicit = item.id ?? c.id ?? undefined;
  // Who owns the URL is decided on its home, the aggregate of its natural id (content created without an id
  // lives there; a claim by an explicit id is recorded there): one subject, one expected sequence.
  const natural = contentIdForUrl(url);
  const [home, legacy] = await Promise.all([
    rt.repo.load(EventStore.subject(ws, 'entity', natural), entityDecider),
    // Claims written before homes existed live on the URL's own claim aggregate.
    rt.repo.load(EventStore.subject(ws, 'url', url), urlClaimDecider),
  ]);
  // A claim older than its claimant's deletion (the delete's release was lost) or its move to another URL is void:
  // the URL is nobody's.
  const claimant = home.state.urlClaimedBy;
  const claimantState = claimant === undefined ? undefined : claimant === explicit ? undefined : (await rt.repo.load(EventStore.subject(ws, 'entity', claimant), entityDecider)).state;
  let voidClaim = claimant !== undefined && claimantState ? voidProof(home.state, claimant, claimantState, url, rt.now()) : undefined;
  const claimedBy = (voidClaim ? undefined : claimant) ?? legacy.state.entityId;
  if (explicit && claimedBy && claimedBy !== explicit) {
    throw new TgError('url_conflict', `URL already belongs to entity ${claimedBy}`, { url, entity_id: claimedBy });
  }
  if (explicit && explicit !== natural && home.state.exists && home.state.url === url) {
    throw new TgError('url_conflict', `URL already belongs to entity ${natural}`, { url, entity_id: natural });
  }
  const id = explicit ?? claimedBy ?? natural;
  const { state: before, seq: beforeSeq } = id === natural ? home : await rt.repo.load(EventStore.subject(ws, 'entity', id), entityDecider);
  // The claimant itself coming back (deleted, or moved away, since its claim): its old claim is void too, and is made
  // anew.
  // Its own claim without its content, past half a lease, is made anew too (others take it over after a whole lease).
  if (claimant !== undefined && claimant === id && id !== natural) voidClaim = voidProof(home.state, claimant, before, url, rt.now(), CLAIM_LEASE_MS / 2);
  const needsClaim = id !== natural && (home.state.urlClaimedBy !== id || voidClaim !== undefined) && legacy.state.entityId !== id;
  // A claim on the URL's own (legacy) claim aggregate has no lease: nothing relies on the home's then.
  const claimAt =
    !needsClaim && id !== natural && home.state.urlClaimedBy === id && legacy.state.entityId !== id && !(before.exists && before.url === url) ? home.state.urlClaimAt : undefined;
  if (before.exists && before.kind !== 'content') throw new TgError('conflict', `Entity ${id} exists and is not a content entity`);

  const force = !!item.force_reindex;
  const inline = c.content?.trim();
  let text = '';
  let source: 'inline' | 'fetched' = 'inline';
  let title = c.title;
  let description = c.description;
  let fetchProblem: FetchError | undefined;
  let pageDescription: string | undefined;
  if (inline) {
    text = textForContent({ content: inline, title: c.title, description: c.description, url, type: c.type, alt: c.alt });
  } else if (before.exists && before.text && !force && before.url === url && c.title === undefined && c.description === undefined) {
    // Re-sent without text: keep what we have (no refetch, no work).
    text = before.text;
    source = before.textDigest ? 'inline' : 'fetched';
  } else if (!c.skip_url_fetch) {
    try {
      const doc = await fetchForIngest(rt, url);
      title ??= doc.title;
      description ??= doc.description;
      pageDescription = doc.description;
      const media = c.type === 'text' ? doc.text : '';
      text = textForContent({ content: media, title, description, url, type: c.type, alt: c.alt ?? doc.imageAlts?.join(' ') });
      source = 'fetched';
    } catch (e) {
      if (!(e instanceof FetchError)) throw e;
      fetchProblem = e;
    }
  }
  if (!text && (c.title || c.description || c.alt || c.type !== 'text')) {
    text = textForContent({ title: c.title, description: c.description, url, type: c.type, alt: c.alt });
  }
  text = text.slice(0, MAX_TEXT).trim();
  if (!text) {
    if (fetchProblem) {
      throw new TgError('no_text_to_embed', `No text to embed: fetching ${url} failed (${fetchProblem.code}${fetchProblem.status ? ` ${fetchProblem.status}` : ''})`, {
        fetch_error: fetchProblem.code,
        status: fetchProblem.status,
      });
    }
    throw new TgError('no_text_to_embed', 'No text to embed: send `content`, or allow the URL to be fetched');
  }
  const digest = textDigest(text);
  const placeholder = placeholderFor(url);
  const indexes = { url, media_type: c.type, text_digest: digest, title, domain, ref: c.ref };
  const resent = resentContent(before, { request_id: requestId, ...indexes });
  const unchanged =
    !!resent || (contentUnchanged(before, { text_digest: digest, url, media_type: c.type, title, domain, ref: c.ref, force_reindex: force, model: currentModel }) && !needsClaim && !voidClaim);
  return {
    item,
    id,
    url,
    before,
    beforeSeq,
    claimedBy,
    needsClaim,
    voidClaim,
    claimAt,
    home: natural,
    text,
    digest,
    name: c.title ?? placeholder.name,
    description: c.description ?? placeholder.description,
    title,
    pageDescription,
    domain,
    source,
    unchanged,
    indexes,
    ...(resent ? { resent, needsClaim: false, voidClaim: undefined } : {}),
  };
}

/**
 * The proof that the home's claim by `claimant` is void: its claimant let go of the URL after the claim, deleted, or
 * its content indexed under another URL since (a claim newer than that is one whose content is on its way). A
 * claimant that holds the URL keeps it, whatever the sequences say.
 */
function voidProof(home: EntityState, claimant: string, state: EntityState, url: string, now: number, lease = CLAIM_LEASE_MS): VoidClaim | undefined {
  if (state.exists && state.url === url) return undefined;
  const letGo = Math.max(state.deletedSeq ?? 0, state.exists && state.kind === 'content' ? (state.urlSeq ?? 0) : 0);
  const proof = letGo > 0 ? { claimant, deletedSeq: letGo } : undefined;
  if (claimVoided(home, proof)) return proof;
  // Never came to the URL (an ingest killed between its claim and its content): void once the lease is over.
  const abandoned = { claimant, abandoned: true, claimedAt: home.urlClaimAt };
  return claimVoided(home, abandoned, now, lease) ? abandoned : undefined;
}
