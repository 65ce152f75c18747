import { BUILTIN_ENTITY_TYPES, event, type Decider, type TgEventOf } from '@tg/contracts';

/** State of a custom entity type aggregate. */
export interface EntityTypeState {
  registered: boolean;
  description: string;
  registeredAt: number | null;
  /** Idempotency key (request id) of the first registration, so that its resend answers `updated: false` again. */
  createdBy?: string;
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
    return [
      event(
        'EntityTypeRegistered',
        { entity_type: cmd.entity_type, description: cmd.description, registered_at: cmd.at, updated: state.registered },
        { workspace: cmd.workspace, at: cmd.at, request_id: cmd.request_id },
      ),
    ];
  },
  evolve(state, e) {
    return { registered: true, description: e.data.description, registeredAt: state.registeredAt ?? e.data.registered_at, createdBy: state.registered ? state.createdBy : e.metadata.request_id };
  },
};
