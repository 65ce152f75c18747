import { TgError, isTgError, type OP } from '@tg/contracts';
import { tasteDecider, type WorkspaceCatalog } from '@tg/domain';
import { EventStore, type OperationHandler } from '@tg/messaging';
import { profileFor, profileShape, type ReadModelHost } from '@tg/read-model';
import type { Runtime } from '@tg/service-runtime';

/** The summary of an entity's composed profile (POST /entity/{id}/compose, link results). O(d³) at most, independent of its number of children. */
export function composeSummary(cat: WorkspaceCatalog, id: string, wanted: { representation: string; max_rank: number; energy: number }) {
  const p = cat.parents.get(id);
  const profile = profileFor(cat, id);
  const pooled = p?.pooled.size ?? 0;
  const explained = profile ? profile.eigenvalues.reduce((a, b) => a + b, 0) : 0;
  // Any pooled child names the model (statistics restart when the dimension changes); else the entity's own vector.
  const first = pooled ? (p!.pooled.values().next().value as string) : id;
  return {
    entity_id: id,
    ...profileShape(cat, id, wanted.representation),
    max_rank: wanted.max_rank,
    energy: wanted.energy,
    children: p?.children.size ?? 0,
    pooled,
    total_weight: pooled ? (profile?.weight ?? 0) : 0,
    explained_energy: Math.round(explained * 1e4) / 1e4,
    coherence: profile ? Math.round(profile.coherence * 1e4) / 1e4 : 0,
    model: cat.models.get(first) ?? 'none',
  };
}

/** `tg.rpc.taste.compose`: records an entity's compose settings (when given) and answers its profile's summary. */
export function composeHandler(rt: Runtime, host: ReadModelHost): OperationHandler<typeof OP.taste.compose> {
  return async (req, ctx) => {
    await host.ready(req);
    const { ws, data } = req;
    const cat = host.catalog.ws(ws);
    const doc = cat.entities.get(data.entity_id);
    if (!doc) throw new TgError('entity_not_found', 'Entity not found');
    const parent = cat.parents.get(data.entity_id);
    const wanted = {
      representation: data.representation ?? parent?.settings.representation ?? 'subspace',
      max_rank: data.max_rank ?? parent?.settings.maxRank ?? 8,
      energy: data.energy ?? parent?.settings.energy ?? 0.8,
    };
    if ((parent?.children.size ?? 0) === 0 && !data.allow_empty) {
      throw new TgError('link_no_children', 'Entity has no linked content yet; link content to it first (or retry once creation has settled)');
    }
    let seq: number | undefined;
    let composed = true;
    if (data.representation !== undefined || data.max_rank !== undefined || data.energy !== undefined) {
      // Decided on the entity's taste aggregate (expected sequence), not on the read model's settings.
      const out = await rt.repo.execute(EventStore.subject(ws, 'taste', data.entity_id), tasteDecider, {
        type: 'ComposeTaste',
        workspace: ws,
        parent_id: data.entity_id,
        representation: wanted.representation,
        max_rank: wanted.max_rank,
        energy: wanted.energy,
        at: rt.now(),
        request_id: ctx.requestId,
      });
      if (out.events.length) {
        seq = out.seq;
        // The settings are in the log now: a read model that cannot reach them in time does not make the write
        // fail; the reply says the profile summary is from before them.
        composed = await host.ready({ ...req, minSeq: seq }).then(
          () => true,
          (e: unknown) => {
            if (!isTgError(e) || e.code !== 'unavailable') throw e;
            ctx.log.warn({ seq }, 'compose settings appended; the read model did not reach them in time (answered composed: false)');
            return false;
          },
        );
      }
    }
    return { data: { ...composeSummary(cat, data.entity_id, wanted), ...(composed ? {} : { composed: false }) }, seq };
  };
}
