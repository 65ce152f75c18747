import type { OP } from '@tg/contracts';
import { gauge } from '@tg/language';
import type { OperationHandler } from '@tg/messaging';

/** `tg.rpc.language.gauge`: how much a follow-up resonates with a response (no anchor, no catalog). */
export function gaugeHandler(): OperationHandler<typeof OP.language.gauge> {
  return async (req) => {
    const { response, followup, prompt } = req.data;
    const g = gauge({ response, followup, prompt });
    return { data: { resonance: g.resonance, response, followup, prompt: prompt ?? '', label: g.label, signals: g.signals } };
  };
}
