import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Shared model cache across test stacks: the GloVe binary is converted once per machine. */
export const TEST_MODEL_DIR = join(tmpdir(), 'tastegraph-embedding-cache');

/**
 * How long a test waits for background work (cluster and learned-graph fits): it runs at a lower CPU priority
 * (nice 10) and each run waits 5x the wall time of the previous one, so on a machine saturated by other processes
 * (a CI runner with the suite's own parallel files) a first set of clusters can take tens of seconds; on a quiet
 * machine it takes about one.
 */
export const BACKGROUND_WAIT_MS = 120_000;

/** Polls a condition until it holds (bounded); for effects that are asynchronous by design. */
export async function eventually<T>(fn: () => Promise<T | undefined | false> | T | undefined | false, opts: { timeoutMs?: number; intervalMs?: number; what?: string } = {}): Promise<T> {
  const deadline = Date.now() + (opts.timeoutMs ?? 15_000);
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v as T;
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline) throw new Error(`condition not met in time: ${opts.what ?? 'eventually'}${last ? ` (last error: ${String(last)})` : ''}`);
    await new Promise((r) => setTimeout(r, opts.intervalMs ?? 25));
  }
}
