import { TgError } from '@tg/contracts';
import { gauge } from '@tg/language';
import type { RpcHandler } from '@tg/messaging';

/** Input of /gauge: a response and the follow-up it got (no anchor, no catalog). */
export interface GaugeInput {
  response: string;
  followup: string;
  prompt?: string;
}

/** `tg.rpc.rank.gauge`: how much a follow-up resonates with a response. */
export function gaugeHandler(): RpcHandler<GaugeInput> {
  return async (req) => {
    const { response, followup, prompt } = req.data;
    if (typeof response !== 'string' || typeof followup !== 'string' || !response.trim() || !followup.trim()) {
      throw new TgError('validation_failed', 'response and followup must be non-empty strings');
    }
    const g = gauge({ response, followup, prompt });
    return { data: { resonance: g.resonance, response, followup, prompt: prompt ?? '', label: g.label, signals: g.signals } };
  };
}
