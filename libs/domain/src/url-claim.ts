import { TgError, event, type Decider, type TgEventOf } from '@tg/contracts';

/** Which content entity owns a URL in a workspace (the idempotency key of content creation). */
export interface UrlClaimState {
  entityId: string | null;
}
export type UrlClaimCommand =
  | { type: 'ClaimUrl'; workspace: string; url: string; entity_id: string; at: number; request_id?: string }
  | { type: 'ReleaseUrl'; workspace: string; url: string; entity_id: string; at: number; request_id?: string };
type UrlEvent = TgEventOf<'UrlClaimed'> | TgEventOf<'UrlReleased'>;

export const urlClaimDecider: Decider<UrlClaimState, UrlClaimCommand, UrlEvent> = {
  initialState: () => ({ entityId: null }),
  decide(cmd, state) {
    const meta = { workspace: cmd.workspace, at: cmd.at, request_id: cmd.request_id };
    switch (cmd.type) {
      case 'ClaimUrl':
        if (state.entityId === cmd.entity_id) return [];
        if (state.entityId !== null) {
          throw new TgError('url_conflict', `URL already belongs to entity ${state.entityId}`, { url: cmd.url, entity_id: state.entityId });
        }
        return [event('UrlClaimed', { url: cmd.url, entity_id: cmd.entity_id, claimed_at: cmd.at }, meta)];
      case 'ReleaseUrl':
        if (state.entityId !== cmd.entity_id) return [];
        return [event('UrlReleased', { url: cmd.url, entity_id: cmd.entity_id, released_at: cmd.at }, meta)];
      default: {
        const never: never = cmd;
        throw new Error(`unknown command ${String(never)}`);
      }
    }
  },
  evolve(_state, e) {
    switch (e.type) {
      case 'UrlClaimed':
        return { entityId: e.data.entity_id };
      case 'UrlReleased':
        return { entityId: null };
      default: {
        const never: never = e;
        return never;
      }
    }
  },
};
