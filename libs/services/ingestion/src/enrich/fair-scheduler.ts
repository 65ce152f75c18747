/**
 * Runs tasks with a shared concurrency limit, fairly across keys (workspaces): free slots go round-robin
 * to the keys that have work waiting, and no key holds more than `perKey` slots. One tenant's long queue
 * of slow tasks therefore delays another tenant's task by at most one task's time, not by the whole queue.
 */
export class FairScheduler {
  private readonly queues = new Map<string, { start: () => void; cancel: (e: Error) => void }[]>();
  private closed = false;
  private readonly runningByKey = new Map<string, number>();
  /** Keys with waiting tasks, in round-robin order. */
  private ring: string[] = [];
  private running = 0;

  constructor(
    private readonly limit: number,
    private readonly perKey = Math.max(1, Math.ceil(limit / 2)),
  ) {}

  /** Runs `task` once a slot is free and it is this key's turn. */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.closed) return reject(new SchedulerClosedError());
      const start = () => {
        this.running++;
        this.runningByKey.set(key, (this.runningByKey.get(key) ?? 0) + 1);
        task()
          .then(resolve, reject)
          .finally(() => {
            this.running--;
            const left = (this.runningByKey.get(key) ?? 1) - 1;
            if (left > 0) this.runningByKey.set(key, left);
            else this.runningByKey.delete(key);
            this.pump();
          });
      };
      let q = this.queues.get(key);
      if (!q) {
        q = [];
        this.queues.set(key, q);
        this.ring.push(key);
      }
      q.push({ start, cancel: reject });
      this.pump();
    });
  }

  /** Tasks waiting (not running), for tests and metrics. */
  get waiting(): number {
    let n = 0;
    for (const q of this.queues.values()) n += q.length;
    return n;
  }

  /** Refuses new tasks and rejects the waiting ones with {@link SchedulerClosedError} (running ones finish). */
  close(): void {
    this.closed = true;
    for (const q of this.queues.values()) for (const t of q) t.cancel(new SchedulerClosedError());
    this.queues.clear();
    this.ring = [];
  }

  private pump(): void {
    while (this.running < this.limit) {
      // The waiting key with the fewest tasks running (ties: round-robin order), under its own cap.
      let i = -1;
      let fewest = this.perKey;
      this.ring.forEach((k, j) => {
        const r = this.runningByKey.get(k) ?? 0;
        if (r < fewest) {
          fewest = r;
          i = j;
        }
      });
      if (i < 0) return;
      const key = this.ring[i]!;
      const q = this.queues.get(key)!;
      const { start } = q.shift()!;
      // The key goes to the back of the ring: the next slot goes to another key with work.
      this.ring.splice(i, 1);
      if (q.length) this.ring.push(key);
      else this.queues.delete(key);
      start();
    }
  }
}

/** A task refused because the scheduler is closing (its work is retried elsewhere or later). */
export class SchedulerClosedError extends Error {
  override readonly name = 'SchedulerClosedError';
  constructor() {
    super('the scheduler is closing');
  }
}
