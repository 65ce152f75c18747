import { OP, type Operation } from '@tg/contracts';

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
 *
 * A plain FIFO semaphore (a dozen lines) rather than a dependency: the one on disk (p-limit) is a dev-only
 * transitive of eslint.
 */
export class WriteGate {
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  /** Tasks running now. */
  get active(): number {
    return this.running;
  }
  /** Tasks waiting for a slot. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Runs `task` once a slot is free; its slot is freed however it ends. */
  async run<T>(task: () => Promise<T> | T): Promise<T> {
    if (this.limit > 0) {
      if (this.running >= this.limit) await new Promise<void>((r) => this.queue.push(r));
      // A released slot passes straight to the first waiter, so `running` counts it already.
      else this.running++;
    }
    try {
      return await task();
    } finally {
      if (this.limit > 0) {
        const next = this.queue.shift();
        if (next) next();
        else this.running--;
      }
    }
  }
}
