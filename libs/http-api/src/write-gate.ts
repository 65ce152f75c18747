import { OP, TgError, type Operation } from '@tg/contracts';
import pLimit, { type LimitFunction } from 'p-limit';

/** The operations that append to the event log (every other one the gateway calls only reads). */
const WRITES: ReadonlySet<string> = new Set([
  OP.admin.createWorkspace.subject,
  OP.entity.create.subject,
  OP.entity.delete.subject,
  OP.entity.registerType.subject,
  OP.entity.link.subject,
  OP.ingest.content.subject,
  OP.ingest.batch.subject,
]);

/** Whether an operation appends to the event log (a write the {@link WriteGate} admits). */
export function isWrite(op: Operation): boolean {
  return WRITES.has(op.subject);
}

/**
 * A bulkhead for writes (`TG_WRITE_CONCURRENCY`): at most `limit` tasks run at once; the others wait, first come
 * first served, and none is ever rejected (the HTTP request timeout bounds the wait). Reads never pass through it,
 * so on a saturated machine the write path (embedding new content, appends, every replica's fold of them) cannot
 * take every core: writes absorb the waiting and reads keep their latency. A limit of 0 does not limit.
 * The queue is p-limit's. A task whose caller has gone by the time its slot comes (`abandoned()`, the client closed
 * the connection) is not run: it was never acknowledged, so dropping it loses nothing, and it would only take a slot
 * from the writes behind it.
 */
export class WriteGate {
  private readonly limiter?: LimitFunction;
  /** Tasks dropped because their caller had gone when their slot came. */
  abandoned = 0;

  constructor(limit: number) {
    if (limit > 0) this.limiter = pLimit(limit);
  }

  /** Tasks running now. */
  get active(): number {
    return this.limiter?.activeCount ?? 0;
  }
  /** Tasks waiting for a slot. */
  get waiting(): number {
    return this.limiter?.pendingCount ?? 0;
  }

  /**
   * Runs `task` once a slot is free; its slot is freed however it ends. If `abandoned()` holds when the slot comes,
   * the task is not run and the call fails with `client_closed`.
   */
  run<T>(task: () => Promise<T> | T, abandoned?: () => boolean): Promise<T> {
    const guarded = abandoned
      ? () => {
          if (!abandoned()) return task();
          this.abandoned++;
          throw new TgError('client_closed', 'The client closed the connection while the write waited for a slot; it was not sent');
        }
      : task;
    return this.limiter ? this.limiter(guarded) : Promise.resolve().then(guarded);
  }
}
