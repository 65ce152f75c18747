/** Shared helpers of the benchmarks (load generation, percentiles, synthetic text). */
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { encodeVector, event, OP, type TgEvent } from '@tg/contracts';
import { percentile } from '@tg/math';
import { EventStore, type RpcClient } from '@tg/messaging';

/**
 * Runs autocannon in a separate process against one endpoint. The body is JSON; the text `[<id>]` in it is
 * replaced by a unique id per request, and `[<words>]` by three words drawn from `words`. Returns latency
 * figures in ms.
 */
export async function load(opts: {
  url: string;
  method?: 'POST' | 'GET';
  headers: Record<string, string>;
  body?: unknown;
  connections: number;
  amount: number;
  /** Words that `[<words>]` in the body draws from (three per request). */
  words?: string[];
  /** Anchor ids that `__anchor__` in the URL draws from (one per request, a fixed-seed sequence). */
  anchors?: string[];
}): Promise<{ p50: number; p99: number; rps: number; errors: number; non2xx: number; requests: number; clientCpuMs: number }> {
  const worker = new URL('./load-worker.mjs', import.meta.url).pathname;
  const child = spawn(process.execPath, [worker, JSON.stringify(opts)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const code = await new Promise<number | null>((r) => child.on('exit', r));
  if (code !== 0) throw new Error(`load generator exited ${code}`);
  return JSON.parse(out);
}

/**
 * One search served as usual and the same search scoring every item of the type (the search RPC's internal
 * `exhaustive` mode): both result lists, recall of the exhaustive top `k` (k = 10 and the limit) in the served one,
 * how much mean top-`limit` score the served results give up, and how long the exhaustive search took.
 */
export async function searchVsExhaustive(rpc: RpcClient, req: { ws: string; anchor: string; query: string; limit: number }) {
  const ask = async (exhaustive: boolean) =>
    (
      await rpc.call(
        OP.rank.search,
        { ws: req.ws, data: { anchor: req.anchor, inTermsOf: 'content', query: req.query, limit: req.limit, exhaustive } },
        { timeoutMs: 120_000 },
      )
    ).data.results;
  const served = await ask(false);
  const t = performance.now();
  const exact = await ask(true);
  const exhaustiveMs = performance.now() - t;
  const recallAt = (k: number) => {
    const top = new Set(exact.slice(0, k).map((r) => r.entity_id));
    return served.slice(0, k).filter((r) => top.has(r.entity_id)).length / Math.max(1, Math.min(k, exact.length));
  };
  const mean = (rs: { score: number }[]) => rs.reduce((a, r) => a + r.score, 0) / Math.max(1, rs.length);
  return { served, exact, recallAt10: recallAt(10), recallAtLimit: recallAt(req.limit), scoreGap: mean(exact) - mean(served), exhaustiveMs };
}

/** A numeric `--name value` argument of a benchmark, or its default. */
export function arg(args: string[], name: string, def: number): number {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : def;
}

/** A string `--name value` argument of a benchmark, or its default. */
export function strArg(args: string[], name: string, def: string): string {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? String(args[i + 1]) : def;
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

export const WORDS = {
  genre: [
    'jazz', 'bebop', 'blues', 'folk', 'techno', 'opera', 'punk', 'reggae', 'soul', 'ambient', 'hiking', 'cooking', 'travel', 'design', 'fashion',
    'coffee', 'cycling', 'poetry', 'cinema', 'gardening', 'surfing', 'chess', 'baking', 'climbing', 'sailing', 'photography', 'pottery', 'knitting',
    'astronomy', 'architecture', 'wine', 'tea', 'skiing', 'running', 'yoga', 'dance', 'theatre', 'comedy', 'horror', 'romance', 'history', 'science',
    'football', 'tennis', 'golf', 'fishing', 'camping', 'painting', 'sculpture', 'calligraphy', 'origami', 'metal', 'disco', 'funk', 'gospel',
    'hiphop', 'country', 'salsa', 'tango', 'flamenco', 'anime', 'gaming', 'robotics', 'birding', 'beekeeping', 'woodworking', 'vinyl', 'perfume',
  ],
  noun: [
    'album', 'guide', 'recipe', 'trail', 'jacket', 'festival', 'club', 'novel', 'print', 'lamp', 'sneaker', 'camera', 'podcast', 'market', 'lake',
    'museum', 'bakery', 'studio', 'garden', 'library', 'hotel', 'bicycle', 'watch', 'backpack', 'tent', 'kettle', 'chair', 'sofa', 'poster', 'map',
    'magazine', 'documentary', 'concert', 'workshop', 'course', 'journal', 'notebook', 'guitar', 'piano', 'violin', 'drum', 'boots', 'scarf',
    'hat', 'bowl', 'knife', 'pan', 'blanket', 'candle', 'rug', 'mug', 'vase', 'island', 'canyon', 'forest', 'harbor', 'village', 'castle', 'bridge',
    'tower', 'cafe', 'restaurant', 'bar', 'cellar', 'boutique', 'gallery', 'cinema', 'stadium', 'beach', 'mountain', 'valley', 'river',
  ],
  adj: [
    'quiet', 'loud', 'vintage', 'modern', 'cozy', 'bright', 'dark', 'spicy', 'minimal', 'bold', 'gentle', 'wild', 'classic', 'urban', 'rustic',
    'elegant', 'playful', 'serious', 'warm', 'cool', 'tiny', 'huge', 'cheap', 'luxurious', 'handmade', 'colorful', 'silent', 'noisy', 'ancient',
    'futuristic', 'simple', 'complex', 'fresh', 'salty', 'sweet', 'bitter', 'smooth', 'rough', 'soft', 'heavy', 'light', 'fast', 'slow', 'strange',
    'familiar', 'romantic', 'gloomy', 'sunny', 'rainy', 'snowy', 'green', 'blue', 'golden', 'silver', 'wooden', 'leather', 'cotton', 'organic',
    'local', 'famous', 'hidden', 'popular', 'rare', 'experimental', 'traditional', 'cheerful', 'melancholic', 'dramatic', 'peaceful', 'crowded',
  ],
};
/** A deterministic pseudo-random integer in [0, m) for item n and slot k (a 32-bit integer hash). */
function pickIndex(n: number, k: number, m: number): number {
  let h = Math.imul(n ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(k + 1, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return (h >>> 0) % m;
}
/**
 * A deterministic synthetic text item n: varied (six hashed picks from ~70-word lists, so 100,000 items are
 * spread over the embedding space rather than repeating a few templates), and every word is one the embedding
 * model knows.
 */
export function syntheticText(n: number): string {
  const pick = (a: string[], k: number) => a[pickIndex(n, k, a.length)]!;
  return `A ${pick(WORDS.adj, 1)} ${pick(WORDS.genre, 2)} ${pick(WORDS.noun, 3)} with ${pick(WORDS.adj, 4)} ${pick(WORDS.genre, 5)} notes, number ${n}. Loved by ${pick(WORDS.genre, 6)} fans.`;
}

/**
 * Writes a workspace straight into the event log (no services involved): one user `user`, then `items` content
 * items `c0…`, each a ContentIndexed (synthetic text) and a ContentEmbedded (a random unit vector of the given
 * model's dimension and id), published raw, 256 in flight. For benchmarks of what reads the log at size.
 */
export async function writeSyntheticWorkspace(store: EventStore, ws: string, items: number, model: { model: string; dim: number }, seed = 12345): Promise<void> {
  let rnd = seed;
  const rand = () => ((rnd = (Math.imul(rnd, 1103515245) + 12345) >>> 0) / 2 ** 32) * 2 - 1;
  const meta = { workspace: ws, at: Date.now() };
  await store.js.publish(EventStore.subject(ws, 'entity', 'user'), JSON.stringify(event('EntityCreated', { entity_id: 'user', type: 'user', name: 'User', description: '', created_at: meta.at }, meta)));
  await pool(items, 256, async (i) => {
    const v = new Float32Array(model.dim);
    let norm = 0;
    for (let k = 0; k < model.dim; k++) norm += (v[k] = rand()) ** 2;
    for (let k = 0; k < model.dim; k++) v[k]! /= Math.sqrt(norm);
    await publishContentItem(store, ws, { id: `c${i}`, url: `https://synthetic.test/${ws}/${i}`, name: `Item ${i}`, text: syntheticText(i), digest: `d${i}`, at: meta.at }, v, model);
  });
}

/**
 * One content item written straight into the log, as the ingestion service writes it: `ContentIndexed` then
 * `ContentEmbedded` with `vector`. @returns the second append's acknowledgement (its sequence).
 */
export async function publishContentItem(
  store: EventStore,
  ws: string,
  item: { id: string; url: string; name: string; text: string; digest: string; at: number },
  vector: Float32Array,
  model: { model: string; dim: number },
) {
  const meta = { workspace: ws, at: item.at };
  const subject = EventStore.subject(ws, 'entity', item.id);
  const indexed: TgEvent = event(
    'ContentIndexed',
    { entity_id: item.id, url: item.url, media_type: 'text', name: item.name, description: '', text: item.text, text_digest: item.digest, source: 'inline', skip_url_fetch: true, skip_media_enrich: true, indexed_at: item.at },
    meta,
  );
  const embedded: TgEvent = event('ContentEmbedded', { entity_id: item.id, of: 'content', model: model.model, dim: model.dim, vector: encodeVector(vector), text_digest: item.digest, embedded_at: item.at }, meta);
  await store.js.publish(subject, JSON.stringify(indexed));
  return store.js.publish(subject, JSON.stringify(embedded));
}

/**
 * `pages` sync batches of 100 new text items (`<urlPrefix><n>`, synthetic text) through POST /entity/batch, 4 in
 * flight, numbered from `first`: how long they took and how many items were not accepted (a batch that is not
 * answered 200 counts its 100).
 */
export async function ingestPages(c: { request(method: 'POST', path: string, opts: { body: unknown }): Promise<{ status: number }> }, urlPrefix: string, first: number, pages: number, textSeed: number): Promise<{ seconds: number; failed: number }> {
  let failed = 0;
  const t0 = performance.now();
  await pool(pages, 4, async (p) => {
    const base = first + p * 100;
    const content = Array.from({ length: 100 }, (_, j) => ({ url: `${urlPrefix}${base + j}`, type: 'text', content: syntheticText(textSeed + base + j), skip_url_fetch: true, skip_media_enrich: true }));
    const r = await c.request('POST', '/entity/batch', { body: { content } }).catch(() => undefined);
    if (r?.status !== 200) failed += 100;
  });
  return { seconds: (performance.now() - t0) / 1000, failed };
}

/** Resident memory of a process in MB (Linux `/proc`). */
export const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/**
 * CPU time (user + system, ms) a process, or one of its threads, has used so far (Linux `/proc`); undefined where it
 * cannot be read (another system, or the process is gone).
 */
export function procCpuMs(pid: number, thread?: number): number | undefined {
  try {
    const stat = readFileSync(thread ? `/proc/${pid}/task/${thread}/stat` : `/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th of them.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
/** The kernel's clock ticks per second (USER_HZ: 100 on every Linux Node runs on). */
const CLOCK_TICKS = 100;

/**
 * CPU time of this process's main thread so far (ms). The event loop is where one request waits behind another, so
 * its CPU per request bounds the throughput at any connection count; the process's CPU also counts the
 * vector-search and fit worker threads.
 */
export const mainThreadCpuMs = (): number | undefined => procCpuMs(process.pid, process.pid);

/**
 * CPU time (ms) so far of each thread of this process (by thread id: the main thread's is the process id; Node names
 * every thread `node`, so the others are told apart by id only: the vector index's worker, the fit's and the profiles'
 * workers, V8's garbage-collection helpers, libuv's pool) and of the child processes named `childName` (the test
 * stack's nats-server), for {@link cpuSplitPerRequest}. Empty where `/proc` cannot be read.
 */
export function cpuSplit(childName = 'nats-server'): { threads: Map<number, number>; children: number } {
  const threads = new Map<number, number>();
  let children = 0;
  try {
    for (const t of readdirSync(`/proc/${process.pid}/task`)) {
      const ms = procCpuMs(process.pid, Number(t));
      if (ms !== undefined) threads.set(Number(t), ms);
    }
    for (const p of readdirSync('/proc')) {
      if (!/^\d+$/.test(p)) continue;
      try {
        const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (ppid === process.pid && name === childName) children += procCpuMs(Number(p)) ?? 0;
      } catch {
        // The process ended meanwhile.
      }
    }
  } catch {
    // Not Linux.
  }
  return { threads, children };
}

/**
 * Per request, the CPU between two {@link cpuSplit} readings: the main thread, then each other thread that used any
 * (largest first, named by their id's offset from the process id), then the child processes.
 */
export function cpuSplitPerRequest(before: ReturnType<typeof cpuSplit>, after: ReturnType<typeof cpuSplit>, requests: number, childName = 'nats-server'): string {
  const used: [string, number][] = [];
  for (const [tid, ms] of after.threads) {
    const d = ms - (before.threads.get(tid) ?? 0);
    if (d > 0 || tid === process.pid) used.push([tid === process.pid ? 'main' : `thread +${tid - process.pid}`, d]);
  }
  used.sort((a, b) => (a[0] === 'main' ? -1 : b[0] === 'main' ? 1 : b[1] - a[1]));
  used.push([childName, after.children - before.children]);
  return used.map(([n, ms]) => `${n} ${(ms / requests).toFixed(3)}`).join(', ');
}
