import { contentIdForUrl, TgError, type OP } from '@tg/contracts';
import { entityDecider, urlClaimDecider } from '@tg/domain';
import { EventStore, type OperationHandler } from '@tg/messaging';
import { entitySubject, resolveEntity, type EntityDeps } from '../entity-deps';

/** `tg.rpc.entity.delete`: deletes an entity (ending its links) and releases its URL claim. */
export function deleteHandler(d: EntityDeps): OperationHandler<typeof OP.entity.delete> {
  const { rt } = d;
  return async (req, ctx) => {
    const { ws } = req;
    // A resend of this very delete after it completed (same X-Request-Id) answers as its first attempt did, and
    // completes the release of the URL claim if that attempt was cut before it (what this request deleted is looked
    // for first: by URL, the entity found there now may be another one that took the URL since).
    const found = await resolveEntity(rt, ws, req.data, { deletedBy: ctx.requestId });
    if (!found) throw new TgError('entity_not_found', 'Entity not found');
    // Its links need no unlinking: a link binds the incarnations of both ends (decided against their
    // aggregates), so deleting this incarnation ends every link to it, in the link aggregates and in
    // every read model, including a link decided concurrently against the incarnation being deleted.
    const at = rt.now();
    const out = await rt.repo.execute(entitySubject(ws, found.id), entityDecider, { type: 'DeleteEntity', entity_id: found.id, workspace: ws, at, request_id: ctx.requestId });
    let seq = out.seq;
    // Its resend after another request created the id again: nothing deleted, and the new entity's URL claim is its own.
    if (!out.events.length && out.state.exists) return { data: { success: true }, seq };
    const url = found.state.exists ? found.state.url : found.state.deletedUrl;
    if (url && found.id !== contentIdForUrl(url)) {
      // Release the claim on the URL's home (and an older one on the URL's claim aggregate, if any): the claim made
      // before this deletion only. The id created again with the URL meanwhile (another instance, between these two
      // appends) claimed it anew, after the deletion; that claim is the new entity's and stays.
      const home = contentIdForUrl(url);
      // This request's EntityDeleted: appended now, or by its earlier attempt (found stored: a duplicate answered as
      // done, at the sequence JetStream names; not the state's, which may be a later deletion's).
      // A resend finds it in the state (deleted by this request, nothing appended now).
      const deletedSeq = out.seqs[0] ?? out.storedSeq ?? (found.state.exists ? out.seq : (found.state.deletedSeq ?? out.seq));
      const [r1, r2] = await Promise.all([
        rt.repo.execute(entitySubject(ws, home), entityDecider, { type: 'ReleaseUrl', entity_id: home, url, claimant: found.id, deletedSeq, workspace: ws, at, request_id: ctx.requestId }),
        rt.repo.execute(EventStore.subject(ws, 'url', url), urlClaimDecider, { type: 'ReleaseUrl', workspace: ws, url, entity_id: found.id, at }),
      ]);
      seq = Math.max(seq, r1.seq, r2.seq);
    }
    return { data: { success: true }, seq };
  };
}
