import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Shared model cache across test stacks: the GloVe binary is converted once per machine. */
export const TEST_MODEL_DIR = join(tmpdir(), 'tastegraph-embedding-cache');

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
