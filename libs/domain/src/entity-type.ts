import { BUILTIN_ENTITY_TYPES, event, type Decider, type TgEventOf } from '@tg/contracts';
import { lastWriteBy, rememberWrite, type RequestWrite } from './write-history';

/** State of a custom entity type aggregate. */
export interface EntityTypeState {
  registered: boolean;
  description: string;
  registeredAt: number | null;
  /** Idempotency key (request id) of the first registration, so that its resend answers `updated: false` again. */
  createdBy?: string;
  /** The last registrations (request id, description, whether it re-described), newest last (see `WRITES_KEPT`). */
  done?: readonly TypeWrite[];
}
/** A registration of a type by a request. */
export interface TypeWrite extends RequestWrite {
  description: string;
  updated: boolean;
}

/**
 * The registration this command resends, if it is one: the last registration by its request id (`X-Request-Id`) had
 * the same description. Resent after another request re-described the type, it changes nothing (it was applied once;
 * applying it again would undo the later description). A later registration by the same request id with another
 * description makes the first one a new write again.
 */
export function typeResend(state: EntityTypeState, cmd: { request_id?: string; description: string }): TypeWrite | undefined {
  const last = lastWriteBy(state.done, cmd.request_id);
  return last?.description === cmd.description ? last : undefined;
}

/** Register (or re-register with a new description) a custom entity type. */
export interface RegisterEntityType {
  type: 'RegisterEntityType';
  workspace: string;
  entity_type: string;
  description: string;
  at: number;
  request_id?: string;
}

/** True for the types that need no registration. */
export function isBuiltinType(t: string): boolean {
  return (BUILTIN_ENTITY_TYPES as readonly string[]).includes(t);
}

export const entityTypeDecider: Decider<EntityTypeState, RegisterEntityType, TgEventOf<'EntityTypeRegistered'>> = {
  initialState: () => ({ registered: false, description: '', registeredAt: null }),
  decide(cmd, state) {
    if (isBuiltinType(cmd.entity_type)) return [];
    if (state.registered && state.description === cmd.description) return [];
    if (typeResend(state, cmd)) return [];
    return [
      event(
        'EntityTypeRegistered',
        { entity_type: cmd.entity_type, description: cmd.description, registered_at: cmd.at, updated: state.registered },
        { workspace: cmd.workspace, at: cmd.at, request_id: cmd.request_id },
      ),
    ];
  },
  evolve(state, e) {
    const rid = e.metadata.request_id;
    return {
      registered: true,
      description: e.data.description,
      registeredAt: state.registeredAt ?? e.data.registered_at,
      createdBy: state.registered ? state.createdBy : rid,
      done: rememberWrite(state.done, rid === undefined ? undefined : { requestId: rid, description: e.data.description, updated: e.data.updated }),
    };
  },
};
