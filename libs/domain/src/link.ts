import { event, type Decider, type TgEventOf } from '@tg/contracts';

/** One directed link child → parent (relation `about` by default). */
export interface LinkState {
  linked: boolean;
  rel: string;
  weight: number;
}
export type LinkCommand =
  | { type: 'LinkChild'; workspace: string; parent_id: string; child_id: string; rel: string; weight: number; at: number; request_id?: string }
  | { type: 'UnlinkChild'; workspace: string; parent_id: string; child_id: string; at: number; request_id?: string };
type LinkEvent = TgEventOf<'ChildLinked'> | TgEventOf<'ChildUnlinked'>;

/** Aggregate id of the link between a parent and a child. */
export function linkId(parentId: string, childId: string): string {
  return `${parentId}\u0000${childId}`;
}

export const linkDecider: Decider<LinkState, LinkCommand, LinkEvent> = {
  initialState: () => ({ linked: false, rel: 'about', weight: 1 }),
  decide(cmd, state) {
    const meta = { workspace: cmd.workspace, at: cmd.at, request_id: cmd.request_id };
    switch (cmd.type) {
      case 'LinkChild':
        if (state.linked && state.rel === cmd.rel && state.weight === cmd.weight) return [];
        return [event('ChildLinked', { parent_id: cmd.parent_id, child_id: cmd.child_id, rel: cmd.rel, weight: cmd.weight, linked_at: cmd.at }, meta)];
      case 'UnlinkChild':
        if (!state.linked) return [];
        return [event('ChildUnlinked', { parent_id: cmd.parent_id, child_id: cmd.child_id, unlinked_at: cmd.at }, meta)];
      default: {
        const never: never = cmd;
        throw new Error(`unknown command ${String(never)}`);
      }
    }
  },
  evolve(state, e) {
    switch (e.type) {
      case 'ChildLinked':
        return { linked: true, rel: e.data.rel, weight: e.data.weight };
      case 'ChildUnlinked':
        return { ...state, linked: false };
      default: {
        const never: never = e;
        return never;
      }
    }
  },
};
