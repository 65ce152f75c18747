import { event, type Decider, type TgEventOf } from '@tg/contracts';
import { lastWriteBy, rememberWrite, type RequestWrite } from './write-history';

/** A link write the aggregate remembers for resends: its request and the relation and weight it asked for. */
export interface LinkWrite extends RequestWrite {
  rel: string;
  weight: number;
}

/**
 * One directed link child → parent (relation `about` by default), between one incarnation of each: a link
 * to an entity that was deleted since (even if its id was created again) is no link.
 */
export interface LinkState {
  linked: boolean;
  rel: string;
  weight: number;
  parentIncarnation?: number;
  childIncarnation?: number;
  /**
   * The recent link writes by request id (see `write-history.ts`), so that the same request again (a retry, or the
   * resend of an append stored but not acknowledged) answers `linked` as it did and writes nothing, even after other
   * requests changed the link's weight, unlinked it, or the parent or child was deleted and created again since.
   */
  done?: readonly LinkWrite[];
}
export type LinkCommand =
  | {
      type: 'LinkChild';
      workspace: string;
      parent_id: string;
      child_id: string;
      rel: string;
      weight: number;
      /** Current incarnations of parent and child, read from their aggregates (see `EntityState.incarnation`). */
      parent_incarnation: number;
      child_incarnation: number;
      at: number;
      request_id?: string;
    }
  | { type: 'UnlinkChild'; workspace: string; parent_id: string; child_id: string; at: number; request_id?: string };
type LinkEvent = TgEventOf<'ChildLinked'> | TgEventOf<'ChildUnlinked'>;

/** Aggregate id of the link between a parent and a child. */
export function linkId(parentId: string, childId: string): string {
  return `${parentId}\u0000${childId}`;
}

/**
 * Whether `cmd` is a resend of a link this aggregate made: the last write of its request id asked for the same
 * relation and weight (a request id reused with another body is a new write).
 */
export function linkResend(state: LinkState, cmd: { request_id?: string; rel: string; weight: number }): boolean {
  const last = lastWriteBy(state.done, cmd.request_id);
  return last !== undefined && last.rel === cmd.rel && last.weight === cmd.weight;
}

export const linkDecider: Decider<LinkState, LinkCommand, LinkEvent> = {
  initialState: () => ({ linked: false, rel: 'about', weight: 1 }),
  decide(cmd, state) {
    const meta = { workspace: cmd.workspace, at: cmd.at, request_id: cmd.request_id };
    switch (cmd.type) {
      case 'LinkChild': {
        // Done once already: what came after it stands.
        if (linkResend(state, cmd)) return [];
        const same = state.parentIncarnation === cmd.parent_incarnation && state.childIncarnation === cmd.child_incarnation;
        if (state.linked && same && state.rel === cmd.rel && state.weight === cmd.weight) return [];
        const data = { parent_id: cmd.parent_id, child_id: cmd.child_id, rel: cmd.rel, weight: cmd.weight, linked_at: cmd.at };
        return [event('ChildLinked', { ...data, parent_incarnation: cmd.parent_incarnation, child_incarnation: cmd.child_incarnation }, meta)];
      }
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
        return {
          linked: true,
          rel: e.data.rel,
          weight: e.data.weight,
          parentIncarnation: e.data.parent_incarnation,
          childIncarnation: e.data.child_incarnation,
          done: rememberWrite(state.done, e.metadata.request_id === undefined ? undefined : { requestId: e.metadata.request_id, rel: e.data.rel, weight: e.data.weight }),
        };
      case 'ChildUnlinked':
        return { ...state, linked: false };
      default: {
        const never: never = e;
        return never;
      }
    }
  },
};
