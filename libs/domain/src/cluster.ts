import { event, type Decider, type EventData, type TgEventOf } from '@tg/contracts';

type ClusterRow = EventData<'ClustersComputed'>['clusters'][number];

/**
 * The recorded clusters of one entity type: the read-model position the last recorded recomputation saw,
 * and what it found (ids, labels, sizes). Only the last event matters, so the aggregate can be loaded from
 * its last event alone.
 */
export interface ClusterState {
  position: number;
  signature: string | null;
}
export type ClusterCommand = {
  type: 'RecordClusters';
  workspace: string;
  entity_type: string;
  model: string;
  /** Stream position of the read model the clusters were computed from. */
  position: number;
  clusters: ClusterRow[];
  at: number;
};
type ClusterEvent = TgEventOf<'ClustersComputed'>;

const signatureOf = (clusters: readonly ClusterRow[]) => clusters.map((c) => `${c.id}\u0000${c.label}\u0000${c.size}`).join('\u0001');

/**
 * Decides whether a recomputation is recorded: not when one computed from a read model at least as recent is
 * already recorded (another replica did it), and not when it found the same clusters. Appended with the
 * aggregate's expected sequence, so however many taste replicas recompute at once, one records.
 */
export const clusterDecider: Decider<ClusterState, ClusterCommand, ClusterEvent> = {
  initialState: () => ({ position: 0, signature: null }),
  decide(cmd, state) {
    if (cmd.position <= state.position) return [];
    const signature = signatureOf(cmd.clusters);
    if (signature === (state.signature ?? '')) return [];
    return [event('ClustersComputed', { entity_type: cmd.entity_type, model: cmd.model, computed_at: cmd.at, position: cmd.position, clusters: cmd.clusters }, { workspace: cmd.workspace, at: cmd.at })];
  },
  evolve(state, e) {
    return { position: Math.max(state.position, e.data.position ?? 0), signature: signatureOf(e.data.clusters) };
  },
};
