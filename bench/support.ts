/** Shared helpers of the benchmarks (load generation, percentiles, synthetic text). */
import { spawn } from 'node:child_process';
import { percentile } from '@tg/math';

/**
 * Runs autocannon in a separate process against one endpoint. The body is JSON; the text `[<id>]` in it is
 * replaced by a unique id per request. Returns latency figures in ms.
 */
export async function load(opts: {
  url: string;
  method?: 'POST' | 'GET';
  headers: Record<string, string>;
  body?: unknown;
  connections: number;
  amount: number;
}): Promise<{ p50: number; p99: number; rps: number; errors: number; non2xx: number; requests: number }> {
  const worker = new URL('./load-worker.mjs', import.meta.url).pathname;
  const child = spawn(process.execPath, [worker, JSON.stringify(opts)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const code = await new Promise<number | null>((r) => child.on('exit', r));
  if (code !== 0) throw new Error(`load generator exited ${code}`);
  return JSON.parse(out);
}

/** A numeric `--name value` argument of a benchmark, or its default. */
export function arg(args: string[], name: string, def: number): number {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : def;
}

/** Runs `fn(0..n-1)` with at most `inflight` calls at a time. */
export async function pool(n: number, inflight: number, fn: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, inflight) }, async () => {
      while (next < n) await fn(next++);
    }),
  );
}

/** Latency percentiles (ms) of a list of durations. */
export function summary(ms: number[]) {
  return { p50: percentile(ms, 50), p99: percentile(ms, 99), n: ms.length };
}

const WORDS = {
  genre: ['jazz', 'bebop', 'blues', 'folk', 'techno', 'opera', 'punk', 'reggae', 'soul', 'ambient', 'hiking', 'cooking', 'travel', 'design', 'fashion', 'coffee', 'cycling', 'poetry', 'cinema', 'gardening'],
  noun: ['album', 'guide', 'recipe', 'trail', 'jacket', 'festival', 'club', 'novel', 'print', 'lamp', 'sneaker', 'camera', 'podcast', 'market', 'lake', 'museum', 'bakery', 'studio', 'garden', 'library'],
  adj: ['quiet', 'loud', 'vintage', 'modern', 'cozy', 'bright', 'dark', 'spicy', 'minimal', 'bold', 'gentle', 'wild', 'classic', 'urban', 'rustic', 'elegant', 'playful', 'serious', 'warm', 'cool'],
};
/** A deterministic synthetic text item n (varied, all words the embedding model knows). */
export function syntheticText(n: number): string {
  const pick = (a: string[], k: number) => a[(n * 7919 + k * 104729) % a.length]!;
  return `A ${pick(WORDS.adj, 1)} ${pick(WORDS.genre, 2)} ${pick(WORDS.noun, 3)} with ${pick(WORDS.adj, 4)} ${pick(WORDS.genre, 5)} notes, number ${n}. Loved by ${pick(WORDS.genre, 6)} fans.`;
}
