import { event, type Decider, type TgEventOf } from '@tg/contracts';

/** How a parent's taste is represented (POST /entity/{id}/compose); null until first chosen. */
export interface TasteSettingsState {
  settings: { representation: 'point' | 'subspace'; maxRank: number; energy: number } | null;
}
export type TasteCommand = {
  type: 'ComposeTaste';
  workspace: string;
  parent_id: string;
  representation: 'point' | 'subspace';
  max_rank: number;
  energy: number;
  at: number;
  request_id?: string;
};
type TasteEvent = TgEventOf<'TasteComposed'>;

export const tasteDecider: Decider<TasteSettingsState, TasteCommand, TasteEvent> = {
  initialState: () => ({ settings: null }),
  decide(cmd, state) {
    const s = state.settings;
    if (s && s.representation === cmd.representation && s.maxRank === cmd.max_rank && s.energy === cmd.energy) return [];
    return [
      event(
        'TasteComposed',
        { parent_id: cmd.parent_id, representation: cmd.representation, max_rank: cmd.max_rank, energy: cmd.energy, composed_at: cmd.at },
        { workspace: cmd.workspace, at: cmd.at, request_id: cmd.request_id },
      ),
    ];
  },
  evolve(_state, e) {
    return { settings: { representation: e.data.representation, maxRank: e.data.max_rank, energy: e.data.energy } };
  },
};
