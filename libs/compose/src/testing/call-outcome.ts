import { isTgError, type Operation, type RequestOf } from '@tg/contracts';
import type { RpcClient } from '@tg/messaging';

/**
 * For the compose specs: what a call over the bus ended with, `ok` and its data, or the error's HTTP status and code
 * (anything but a TgError is thrown on, failing the test).
 */
export function callOutcome(caller: RpcClient, ws: string) {
  return async <O extends Operation>(op: O, data: RequestOf<O>): Promise<{ ok: Record<string, unknown> } | { status: number; code: string }> => {
    try {
      return { ok: (await caller.call(op, { ws, data })).data as Record<string, unknown> };
    } catch (e) {
      if (!isTgError(e)) throw e;
      return { status: e.status, code: e.code };
    }
  };
}
