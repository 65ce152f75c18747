import { TgError, isTgError, type IngestResult } from '@tg/contracts';
import { CLAIM_LEASE_MS, CLAIM_REVOKED, INCARNATION_ENDED, entityDecider, linkDecider, linkId, resentContent } from '@tg/domain';
import { EventStore } from '@tg/messaging';
import { embedTexts, mapLimit, type Runtime } from '@tg/service-runtime';
import { prepareItem, type IngestItem, type PreparedItem } from './prepare';

/**
 * The ingestion core: prepares items in parallel, embeds what changed in one call to the embedding
 * service, then commits (URL claim, content events, parent link). Results keep input order; with
 * `throwOnError` the first failure is thrown (single-item calls), else it is reported per item. With `checkOnly`
 * (and `throwOnError`) it stops before the commit: it throws what would refuse an item and writes nothing.
 */
export async function ingestItems(
  rt: Runtime,
  ws: string,
  items: IngestItem[],
  requestId: string,
  throwOnError: boolean,
  retryLost = true,
  checkOnly = false,
): Promise<{ results: IngestResult[]; seq: number }> {
  let model: string | undefined;
  // Parents' current incarnations, read from their aggregates (links bind them).
  const parents = new Map<PreparedItem, number>();
  const prepared = await mapLimit(items, 32, async (item) => {
    try {
      if (item.duplicate_of !== undefined) throw duplicateItem(item.duplicate_of);
      const p = await prepareItem(rt, ws, item, model, requestId);
      if (item.entity_id) {
        const parent = await rt.repo.load(EventStore.subject(ws, 'entity', item.entity_id), entityDecider);
        if (!parent.state.exists) throw new TgError('entity_not_found', 'Entity not found', { entity_id: item.entity_id });
        if (parent.state.kind === 'content') throw new TgError('bad_request', 'Content cannot be linked to a content entity');
        parents.set(p, parent.state.incarnation);
      }
      return p;
    } catch (e) {
      if (throwOnError || !isTgError(e)) throw e;
      return e;
    }
  });
  const toEmbed = prepared.filter((p): p is PreparedItem => !(p instanceof Error) && !p.unchanged);
  const vectors = new Map<PreparedItem, { vector: string | null; model: string; dim: number }>();
  if (toEmbed.length) {
    const emb = await embedTexts(rt, toEmbed.map((p) => p.text), requestId);
    model = emb.model;
    toEmbed.forEach((p, i) => vectors.set(p, { vector: emb.vectors[i] ?? null, model: emb.model, dim: emb.dim }));
  }
  if (checkOnly) {
    for (const p of toEmbed) if (!vectors.get(p)!.vector) throw noWordsKnown();
    return { results: [], seq: 0 };
  }
  let seq = 0;
  const results = await mapLimit(prepared, 64, async (p, i): Promise<IngestResult> => {
    const url = items[i]!.content?.url ?? '';
    // The caller's correlation token goes back with the item, whatever became of it (WIRE-NOTES: `ref` is echoed).
    const ref = echoRef(items[i]!);
    try {
      if (p instanceof Error) throw p;
      // Resent after another request deleted the item or indexed it anew: it was done once; nothing more is written.
      if (p.resent) {
        seq = Math.max(seq, p.beforeSeq);
        return { entity_id: p.id, created: p.resent.created, url: p.url, vectorstore_document_id: p.id, ...ref };
      }
      const at = rt.now();
      let created = false;
      let childIncarnation = p.before.incarnation;
      if (!p.unchanged) {
        const v = vectors.get(p)!;
        if (!v.vector) throw noWordsKnown();
        // When the claim this content relies on was made (a claim found of an earlier ingest, or the one made now).
        let claimAt = p.claimAt;
        // An abandoned claim (its content never came) is taken over below: its claimant's aggregate is told first, the
        // fence. Content of the claimant still on its way (a process stopped inside that publish for longer than the
        // lease) was prepared against that aggregate before this, so its append fails on its expected sequence and,
        // decided again, is refused; if it landed first, the claimant holds the URL and this write is refused instead.
        const abandoned = p.voidClaim?.abandoned ? p.voidClaim : undefined;
        if (abandoned && abandoned.claimant !== p.id && abandoned.claimedAt !== undefined) {
          const r = await rt.repo.execute(EventStore.subject(ws, 'entity', abandoned.claimant), entityDecider, {
            type: 'RevokeClaim', entity_id: abandoned.claimant, url: p.url, claimed_at: abandoned.claimedAt, workspace: ws, at, request_id: requestId,
          });
          seq = Math.max(seq, r.seq);
        }
        if (p.needsClaim) {
          // URL ownership is decided on the URL's home aggregate (expected sequence), where content without an
          // id is indexed too: two writers racing for one URL cannot both own it.
          const r = await rt.repo.execute(EventStore.subject(ws, 'entity', p.home), entityDecider, {
            type: 'ClaimUrl', entity_id: p.home, url: p.url, claimant: p.id, void: p.voidClaim, workspace: ws, at, request_id: requestId,
          });
          seq = Math.max(seq, r.seq);
          // Nothing appended when the claim was its already (another instance's, dated by that one's clock).
          claimAt = r.state.urlClaimedBy === p.id && r.state.urlClaimAt !== undefined ? r.state.urlClaimAt : at;
        } else if (p.voidClaim && p.id === p.home) {
          // Content without an id for a URL whose claim is void: the claim is cleared, on the same home, first.
          const r = await rt.repo.execute(EventStore.subject(ws, 'entity', p.home), entityDecider, {
            type: 'ReleaseUrl', entity_id: p.home, url: p.url, claimant: p.voidClaim.claimant, void: p.voidClaim, workspace: ws, at, request_id: requestId,
          });
          seq = Math.max(seq, r.seq);
        }
        const c = p.item.content;
        // A claim is taken over by others once it is older than the lease without its content: never index after half
        // of it (a process held up that long, or a claim found of an earlier ingest), so that its content cannot land
        // under a claim someone took. Checked just before the append (after any wait in the repository and its
        // retries): what remains unchecked is one publish.
        const claimFresh = () => {
          if (claimAt !== undefined && rt.now() - claimAt > CLAIM_LEASE_MS / 2) throw new TgError('unavailable', 'The URL claim is too old to index its content now; send it again');
        };
        const r = await rt.repo.execute(EventStore.subject(ws, 'entity', p.id), entityDecider, {
          type: 'IndexContent',
          entity_id: p.id,
          url: p.url,
          media_type: c.type,
          text: p.text,
          text_digest: p.digest,
          name: p.name,
          description: p.description,
          title: p.title,
          page_description: p.pageDescription,
          domain: p.domain,
          ref: c.ref,
          source: p.source,
          skip_url_fetch: !!c.skip_url_fetch,
          skip_media_enrich: !!c.skip_media_enrich,
          force_reindex: !!p.item.force_reindex,
          vector: v.vector,
          model: v.model,
          dim: v.dim,
          // Prepared against a live entity: if it was deleted since (its URL's claim released with it), this write is
          // refused and prepared again (below) instead of bringing the entity back without a claim.
          incarnation: p.before.exists ? p.before.incarnation : undefined,
          claimed_at: claimAt,
          workspace: ws,
          at,
          request_id: requestId,
        }, { beforeAppend: claimFresh });
        seq = Math.max(seq, r.seq);
        // Created here only when this command's first event began the incarnation (not a racing writer's).
        created = r.events.length > 0 && r.state.incarnation === r.seqs[0];
        // Completing this request's own torn index (its ContentIndexed written before a crash): still its create.
        if (r.events.length > 0 && r.events[0]!.type === 'ContentEmbedded') created = !!r.state.createdBy && r.state.createdBy === requestId;
        // Nothing appended now: the same request got there first (a concurrent exact retry, or the resend of an append
        // stored but not acknowledged); it answers as that create did.
        // Or a resend that found the item deleted or indexed anew by another request since it was prepared: as the first.
        if (r.events.length === 0) created = (!!r.state.createdBy && r.state.createdBy === requestId) || resentContent(r.state, { request_id: requestId, ...p.indexes })?.created === true;
        childIncarnation = r.state.incarnation;
      } else {
        // An exact retry (same key, nothing changed) answers as the create did.
        created = !!p.before.createdBy && p.before.createdBy === requestId;
        // Nothing appended, but the answer is of the content as stored up to here: readers after it wait for that.
        seq = Math.max(seq, p.beforeSeq);
      }
      if (p.item.entity_id) {
        const r = await rt.repo.execute(EventStore.subject(ws, 'link', linkId(p.item.entity_id, p.id)), linkDecider, {
          type: 'LinkChild',
          workspace: ws,
          parent_id: p.item.entity_id,
          child_id: p.id,
          rel: 'about',
          weight: 1,
          parent_incarnation: parents.get(p) ?? 0,
          child_incarnation: childIncarnation,
          at,
          request_id: requestId,
        });
        seq = Math.max(seq, r.seq);
      }
      return { entity_id: p.id, created, url: p.url, vectorstore_document_id: p.id, ...ref };
    } catch (e) {
      const lostUrl = isTgError(e) && e.code === 'url_conflict' && !(p instanceof Error) && !(p.item.id ?? p.item.content.id);
      const reason = isTgError(e) && e.code === 'conflict' ? (e.details as { reason?: string } | undefined)?.reason : undefined;
      const ended = reason === INCARNATION_ENDED || reason === CLAIM_REVOKED;
      if (retryLost && !(p instanceof Error) && (lostUrl || ended)) {
        // An item without an id lost its URL to a claim by an explicit id (between preparing and committing):
        // it is that entity's content now, as if it had been sent after the claim. An item whose entity was deleted
        // between preparing and committing is written as after the delete (its URL claimed anew). Prepared again, once.
        const again = await ingestItems(rt, ws, [p.item], requestId, throwOnError, false);
        seq = Math.max(seq, again.seq);
        return again.results[0]!;
      }
      if (throwOnError || !isTgError(e)) throw e;
      return { url, error: e.message, code: e.code, ...ref };
    }
  });
  return { results, seq };
}

/** `{ ref }` of an item that was sent with one, else nothing: spread into its result. */
export function echoRef(item: IngestItem): { ref?: string } {
  const ref = item.content?.ref;
  return ref === undefined ? {} : { ref };
}

const duplicateItem = (first: number) =>
  new TgError(
    'duplicate_item',
    `content[${first}] of this request names the same URL or id with other fields; only the first is written (send one item per URL, or the versions in separate requests, in order)`,
    { duplicate_of: first },
  );

const noWordsKnown = () => new TgError('no_text_to_embed', 'No text to embed: the text has no words the embedding model knows');
