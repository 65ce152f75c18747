/** A write an aggregate remembers: the request (`X-Request-Id`) that made it, and what the aggregate keeps of it. */
export interface RequestWrite {
  requestId: string;
}

/**
 * How many writes an aggregate remembers for resends (its recent history, across deletions): a request resent after
 * more writes than this to the same aggregate is a new write again.
 */
export const WRITES_KEPT = 16;

/** The history with `write` appended (the oldest dropped past {@link WRITES_KEPT}); unchanged for a write without a request id. */
export function rememberWrite<W extends RequestWrite>(history: readonly W[] | undefined, write: W | undefined): readonly W[] | undefined {
  return write ? [...(history ?? []), write].slice(-WRITES_KEPT) : history;
}

/**
 * The last write of `requestId`, newest first. A resend is recognised by it alone: an earlier write of the same request
 * id that it has written over since (a client sending one key with every request) is not one to answer again.
 */
export function lastWriteBy<W extends RequestWrite>(history: readonly W[] | undefined, requestId: string | undefined): W | undefined {
  if (requestId === undefined || !history) return undefined;
  for (let i = history.length - 1; i >= 0; i--) if (history[i]!.requestId === requestId) return history[i];
  return undefined;
}
