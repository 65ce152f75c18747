import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { TastegraphClient, type ApiResponse } from '@tg/client';
import { eventually } from './wait';

/**
 * A steady stream of writes (content through POST /entity, entities, links, sync and async batches) at a
 * fixed concurrency against one or more HTTP fronts, recording every write that was acknowledged, and a
 * check that every acknowledged write is readable afterwards and none appears twice (HTTP reads, counts,
 * and the event stream). Shared by the crash e2e suites and `npm run bench -- crash`.
 */

/** One acknowledged write. */
export type AckedWrite =
  | { kind: 'entity'; id: string; name: string }
  | { kind: 'content'; url: string; entityId: string }
  | { kind: 'link'; parent: string; child: string }
  | { kind: 'batch'; items: { url: string; entityId: string }[] }
  | { kind: 'job'; jobId: string; urls: string[] };
export type WriteKind = AckedWrite['kind'];

/** Figures of one load run. */
export interface LoadFigures {
  /** Logical writes started (each may take several HTTP attempts). */
  attempted: number;
  /** Logical writes that got a 2xx answer. */
  acknowledged: number;
  /** HTTP attempts that failed (connection error, timeout, 5xx) and were retried or given up. */
  failedAttempts: number;
  /** Writes given up after their attempts (never acknowledged: their outcome is unknown). */
  unacknowledged: number;
  /** 4xx answers (a client error is a bug of the load, reported, never retried). */
  clientErrors: { status: number; code?: string; kind: WriteKind }[];
}

export interface WriteLoadOptions {
  /**
   * Base URLs (`…/v1`) of the HTTP fronts; attempts rotate over them (a client behind a load balancer), each
   * with the others as failover URLs (a front that refuses connections is skipped within the attempt).
   */
  fronts: string[];
  /** Workspace key. */
  apiKey: string;
  /** Concurrent writers (default 8). */
  concurrency?: number;
  /** Unique prefix of ids and URLs of this run. */
  prefix: string;
  /** Client-side bound of one HTTP attempt (default 15 s). */
  attemptTimeoutMs?: number;
  /** Attempts per write before it is given up as unacknowledged (default 40). */
  maxAttempts?: number;
  /** Called after every HTTP attempt (for timelines of failures, e.g. `npm run bench -- topology`). */
  onAttempt?: (a: { ok: boolean; start: number; end: number; kind: WriteKind; status: number; code?: string; error?: string; front?: string }) => void;
}

const WORDS = ['jazz', 'hiking', 'espresso', 'sushi', 'poetry', 'cycling', 'vinyl', 'ramen', 'ceramics', 'sailing', 'chess', 'gardening', 'baking', 'cinema', 'surfing', 'yoga'];
const text = (i: number) => `${WORDS[i % WORDS.length]} ${WORDS[(i * 7 + 3) % WORDS.length]} ${WORDS[(i * 5 + 1) % WORDS.length]} notes ${i}`;

/** Runs writers until {@link WriteLoad.stop}; records what was acknowledged and when. */
export class WriteLoad {
  readonly acked: AckedWrite[] = [];
  /** Each acknowledgement: when its successful attempt started and when it was answered (ms since epoch). */
  readonly ackTimes: { start: number; at: number }[] = [];
  readonly figures: LoadFigures = { attempted: 0, acknowledged: 0, failedAttempts: 0, unacknowledged: 0, clientErrors: [] };
  /** Children written per parent (acknowledged or not): a link count may be anywhere between the acked and these. */
  readonly attemptedLinks = new Map<string, Set<string>>();
  /** Every URL and entity id written (acknowledged or not). */
  readonly attemptedUrls = new Set<string>();
  readonly attemptedIds = new Set<string>();
  private running = false;
  private workers: Promise<void>[] = [];
  private seq = 0;
  private front = 0;
  private readonly opts: Required<WriteLoadOptions>;
  /** One parent entity per writer, created at start; links go to these. */
  readonly parents: string[] = [];

  constructor(opts: WriteLoadOptions) {
    this.opts = { concurrency: 8, attemptTimeoutMs: 15_000, maxAttempts: 40, onAttempt: () => undefined, ...opts };
  }

  /** A client for one attempt: the next front in turn, the others as failover (a gateway that refuses connections is skipped). */
  private client(): TastegraphClient {
    const fronts = this.opts.fronts;
    const i = this.front++ % fronts.length;
    const t = this.opts.attemptTimeoutMs;
    return new TastegraphClient({
      baseUrl: fronts[i]!,
      failoverUrls: [...fronts.slice(i + 1), ...fronts.slice(0, i)],
      apiKey: this.opts.apiKey,
      fetch: (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(t) }),
    });
  }

  /**
   * One logical write: retried (on another front, the same body) after a connection error, a timeout or a
   * 5xx, until a 2xx or `maxAttempts`. Returns the 2xx answer, or undefined (unacknowledged).
   */
  private async write(kind: WriteKind, method: string, path: string, body: unknown, retry = true): Promise<ApiResponse | undefined> {
    this.figures.attempted += 1;
    for (let attempt = 1; ; attempt++) {
      let r: ApiResponse | undefined;
      let error: string | undefined;
      const start = Date.now();
      const client = this.client();
      try {
        r = await client.request(method, path, { body });
        error = (r.body as { error?: string } | undefined)?.error;
      } catch (e) {
        r = undefined;
        error = `${(e as Error)?.name}: ${(e as Error)?.message}${(e as { cause?: { code?: string } })?.cause?.code ? ` (${(e as { cause: { code: string } }).cause.code})` : ''}`;
      }
      this.opts.onAttempt({ ok: !!r && r.status < 500 && r.status !== 429, start, end: Date.now(), kind, status: r?.status ?? 0, code: (r?.body as { code?: string } | undefined)?.code, error, front: client.baseUrl });
      if (r && r.status < 300) {
        this.figures.acknowledged += 1;
        this.ackTimes.push({ start, at: Date.now() });
        return r;
      }
      if (r && r.status < 500 && r.status !== 429) {
        this.figures.clientErrors.push({ status: r.status, code: (r.body as { code?: string })?.code, kind });
        return undefined;
      }
      this.figures.failedAttempts += 1;
      if (!retry || attempt >= this.opts.maxAttempts || !this.running) {
        this.figures.unacknowledged += 1;
        return undefined;
      }
      // Client back-off before the next attempt (pacing of the load, not a wait in a test).
      await new Promise((res) => setTimeout(res, Math.min(500, 50 * attempt)));
    }
  }

  /** Creates the writers' parents, then starts the writers. */
  async start(): Promise<void> {
    this.running = true;
    for (let w = 0; w < this.opts.concurrency; w++) {
      const id = `${this.opts.prefix}-parent-${w}`;
      this.attemptedIds.add(id);
      const r = await this.write('entity', 'POST', '/entity', { type: 'user', name: `Parent ${w}`, id });
      if (!r) throw new Error(`could not create parent ${id}`);
      this.acked.push({ kind: 'entity', id, name: `Parent ${w}` });
      this.parents.push(id);
    }
    this.workers = Array.from({ length: this.opts.concurrency }, (_, w) => this.writer(w));
  }

  /** Stops the writers after their current write and waits for them. */
  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.workers);
  }

  private async writer(w: number): Promise<void> {
    const parent = this.parents[w]!;
    let lastChild: string | undefined;
    while (this.running) {
      const i = this.seq++;
      const p = this.opts.prefix;
      switch (i % 5) {
        case 0: {
          const id = `${p}-user-${i}`;
          this.attemptedIds.add(id);
          const r = await this.write('entity', 'POST', '/entity', { type: 'user', name: `User ${i}`, id });
          if (r) this.acked.push({ kind: 'entity', id, name: `User ${i}` });
          break;
        }
        case 1: {
          const url = `https://crash.example.com/${p}/c/${i}`;
          this.attemptedUrls.add(url);
          const r = await this.write('content', 'POST', '/entity', { content: { url, type: 'text', content: text(i), skip_url_fetch: true, skip_media_enrich: true } });
          if (r) {
            const entityId = (r.body as { entity_id: string }).entity_id;
            this.acked.push({ kind: 'content', url, entityId });
            lastChild = entityId;
          }
          break;
        }
        case 2: {
          if (!lastChild) break;
          const child = lastChild;
          let set = this.attemptedLinks.get(parent);
          if (!set) this.attemptedLinks.set(parent, (set = new Set()));
          set.add(child);
          const r = await this.write('link', 'POST', `/entity/${encodeURIComponent(parent)}/link`, { entity_id: child });
          if (r) this.acked.push({ kind: 'link', parent, child });
          break;
        }
        case 3: {
          const urls = [0, 1, 2].map((k) => `https://crash.example.com/${p}/b/${i}/${k}`);
          urls.forEach((u) => this.attemptedUrls.add(u));
          const r = await this.write('batch', 'POST', '/entity/batch', { content: urls.map((url, k) => ({ url, type: 'text', content: text(i + k), skip_url_fetch: true, skip_media_enrich: true })) });
          if (r) {
            const results = (r.body as { results: { url: string; entity_id?: string }[] }).results;
            // An item that failed inside an acknowledged batch is reported as such, not acknowledged.
            const items = results.filter((x) => x.entity_id).map((x) => ({ url: x.url, entityId: x.entity_id! }));
            this.acked.push({ kind: 'batch', items });
          }
          break;
        }
        case 4: {
          const urls = [0, 1, 2].map((k) => `https://crash.example.com/${p}/j/${i}/${k}`);
          urls.forEach((u) => this.attemptedUrls.add(u));
          const r = await this.write('job', 'POST', '/entity/batch', { async: true, content: urls.map((url, k) => ({ url, type: 'text', content: text(i + k), skip_url_fetch: true, skip_media_enrich: true })) });
          if (r) this.acked.push({ kind: 'job', jobId: (r.body as { job_id: string }).job_id, urls });
          break;
        }
      }
    }
  }

  /** When the first write whose attempt started at or after `t` was acknowledged (ms since epoch), or undefined. */
  firstAckAfter(t: number): number | undefined {
    let best: number | undefined;
    for (const a of this.ackTimes) if (a.start >= t && (best === undefined || a.at < best)) best = a.at;
    return best;
  }
}

/** What the check found. */
export interface IntegrityReport {
  /** Acknowledged writes checked (batches count their items, jobs their urls). */
  checked: number;
  /** Acknowledged writes not readable (descriptions). */
  lost: string[];
  /** Writes that appear twice (descriptions). */
  duplicated: string[];
  /** Async jobs not `Completed`/`Failed` by the end of the bound (job ids with their last status). */
  stuckJobs: string[];
  /** Jobs by final status. */
  jobs: Record<string, number>;
  /** Events of the workspace read from the stream. */
  events: number;
  /**
   * Torn appends: a content command whose first event (ContentIndexed) was written and whose second
   * (ContentEmbedded) was not, because the process died between the two publishes. `healed` when a later
   * retry wrote the pair again (the entity has a vector), `open` when nothing did.
   */
  torn: { healed: string[]; open: string[] };
}

/** Reads every event of one workspace from the stream (ordered consumer, up to the stream's current end). */
export async function readWorkspaceEvents(nc: NatsConnection, ws: string): Promise<{ subject: string; type: string; data: Record<string, any> }[]> {
  const js = jetstream(nc);
  const c = await js.consumers.get('TG_EVENTS', { filter_subjects: `tg.evt.${ws}.*.*` });
  const info = await c.info(true);
  const out: { subject: string; type: string; data: Record<string, any> }[] = [];
  if (info.num_pending === 0) {
    await c.delete().catch(() => undefined);
    return out;
  }
  const msgs = await c.consume({ max_messages: 512 });
  for await (const m of msgs) {
    const e = m.json<{ type: string; data: Record<string, any> }>();
    out.push({ subject: m.subject, type: e.type, data: e.data });
    if (m.info.pending === 0) break;
  }
  await msgs.close();
  return out;
}

/**
 * Checks a load's acknowledged writes after the system is back: each is readable (GET /entity by id and
 * by URL, link counts through compose, entity counts through GET /entity/type), nothing was written twice
 * (one entity per URL, one creation per entity, one link event per pair, each job chunk settled once),
 * and every async job ends `Completed` or `Failed` within `jobTimeoutMs`.
 */
export async function checkIntegrity(opts: { load: WriteLoad; front: string; apiKey: string; ws: string; nc: NatsConnection; jobTimeoutMs?: number; readTimeoutMs?: number }): Promise<IntegrityReport> {
  const { load } = opts;
  const c = new TastegraphClient({ baseUrl: opts.front, apiKey: opts.apiKey, fetch: (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(20_000) }) });
  const lost: string[] = [];
  const duplicated: string[] = [];
  const stuckJobs: string[] = [];
  const jobs: Record<string, number> = {};
  let checked = 0;
  // A barrier write through the checking front: its reads then wait for projections past every earlier ack.
  const barrier = `${load.parents[0]}-barrier`;
  load.attemptedIds.add(barrier);
  await eventually(async () => (await c.request('POST', '/entity', { body: { type: 'user', name: 'barrier', id: barrier } })).status === 200, {
    timeoutMs: opts.readTimeoutMs ?? 60_000,
    what: 'a barrier write after the restart',
  });
  const readable = async (what: string, fn: () => Promise<boolean>) => {
    checked += 1;
    try {
      await eventually(fn, { timeoutMs: opts.readTimeoutMs ?? 30_000, what });
    } catch {
      lost.push(what);
    }
  };
  const urlOwner = new Map<string, string>();
  for (const a of load.acked) {
    if (a.kind === 'content') urlOwner.set(a.url, a.entityId);
    if (a.kind === 'batch') for (const it of a.items) urlOwner.set(it.url, it.entityId);
  }
  const get = (q: Record<string, string>) => c.request('GET', '/entity', { query: q });
  // Entities and content, by id and by URL (bounded parallelism).
  const tasks: (() => Promise<void>)[] = [];
  for (const a of load.acked) {
    if (a.kind === 'entity') tasks.push(() => readable(`entity ${a.id}`, async () => ((await get({ entity_id: a.id })).body as { name?: string })?.name === a.name));
  }
  for (const [url, id] of urlOwner) {
    tasks.push(() =>
      readable(`content ${url} → ${id}`, async () => {
        const r = await get({ url });
        return r.status === 200 && (r.body as { entity_id: string }).entity_id === id;
      }),
    );
  }
  await runLimited(tasks, 16);
  // Async jobs: each ends Completed or Failed; a Completed job's items are readable.
  await runLimited(
    load.acked.filter((a): a is Extract<AckedWrite, { kind: 'job' }> => a.kind === 'job').map((a) => async () => {
      let last = 'unknown';
      try {
        await eventually(
          async () => {
            const r = await c.request('GET', `/entity/batch/jobs/${encodeURIComponent(a.jobId)}`);
            last = (r.body as { status?: string })?.status ?? `HTTP ${r.status}`;
            return last === 'Completed' || last === 'Failed';
          },
          { timeoutMs: opts.jobTimeoutMs ?? 60_000, intervalMs: 200, what: `job ${a.jobId}` },
        );
      } catch {
        stuckJobs.push(`${a.jobId} (${last})`);
      }
      jobs[last] = (jobs[last] ?? 0) + 1;
      if (last === 'Completed') for (const url of a.urls) await readable(`job ${a.jobId} item ${url}`, async () => (await get({ url })).status === 200);
    }),
    8,
  );
  // Links: each parent's child count (taste read model) covers every acknowledged link and is no more than
  // the links attempted.
  const ackedLinks = new Map<string, Set<string>>();
  for (const a of load.acked) if (a.kind === 'link') (ackedLinks.get(a.parent) ?? ackedLinks.set(a.parent, new Set()).get(a.parent)!).add(a.child);
  const composeSeen = new Map<string, number>();
  for (const [parent, children] of ackedLinks) {
    const attempted = load.attemptedLinks.get(parent)?.size ?? 0;
    await readable(`links of ${parent}: ≥ ${children.size} acked, ≤ ${attempted} attempted`, async () => {
      const r = await c.request('POST', `/entity/${encodeURIComponent(parent)}/compose`, { body: {} });
      const n = (r.body as { children?: number })?.children ?? -1;
      composeSeen.set(parent, n);
      if (n > attempted) duplicated.push(`parent ${parent} has ${n} children, only ${attempted} were linked`);
      return n >= children.size;
    });
  }
  // Entity counts: users created ≤ attempted ids (a count above means an entity appeared twice).
  // (Retried within the read bound: a read model can lag after a restart; an unreadable count is reported as -1.)
  const userCount = await eventually(
    async () => {
      const users = await c.request('GET', '/entity/type', { query: { entity_type: 'user' } });
      return users.status === 200 ? ((users.body as { entity_count: number }).entity_count as number) + 1 : undefined;
    },
    { timeoutMs: opts.readTimeoutMs ?? 30_000, what: 'GET /entity/type' },
  ).then((n) => n - 1, () => -1);
  const ackedUsers = load.acked.filter((a) => a.kind === 'entity').length + 1; // + the barrier
  if (userCount > load.attemptedIds.size) duplicated.push(`entity_count(user) ${userCount} > ${load.attemptedIds.size} ids written`);
  if (userCount < ackedUsers) lost.push(`entity_count(user) ${userCount} < ${ackedUsers} acknowledged`);
  // The stream: one creation per entity, one entity per URL, one link event per pair, each chunk settled once.
  const events = await readWorkspaceEvents(opts.nc, opts.ws);
  const count = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  const created = new Map<string, number>();
  const indexedBy = new Map<string, Set<string>>();
  const indexedTimes = new Map<string, number>();
  const linked = new Map<string, number>();
  const settled = new Map<string, number>();
  const completed = new Map<string, number>();
  /** Per content entity: its ContentIndexed/ContentEmbedded events in stream order ('I'/'E'). */
  const contentTrail = new Map<string, string>();
  const jobTrail = new Map<string, string[]>();
  for (const e of events) {
    if (e.type === 'ContentIndexed') contentTrail.set(e.data['entity_id'], (contentTrail.get(e.data['entity_id']) ?? '') + 'I');
    if (e.type === 'ContentEmbedded' && e.data['of'] === 'content') contentTrail.set(e.data['entity_id'], (contentTrail.get(e.data['entity_id']) ?? '') + 'E');
    if (e.type.startsWith('Batch')) (jobTrail.get(e.data['job_id']) ?? jobTrail.set(e.data['job_id'], []).get(e.data['job_id'])!).push(e.type);
    if (e.type === 'EntityCreated') count(created, e.data['entity_id']);
    if (e.type === 'ContentIndexed') {
      (indexedBy.get(e.data['url']) ?? indexedBy.set(e.data['url'], new Set()).get(e.data['url'])!).add(e.data['entity_id']);
      count(indexedTimes, e.data['entity_id']);
    }
    if (e.type === 'ChildLinked') count(linked, `${e.data['parent_id']} → ${e.data['child_id']}`);
    if (e.type === 'BatchItemsSettled') count(settled, `${e.data['job_id']}#${e.data['chunk']}`);
    if (e.type === 'BatchJobCompleted') count(completed, e.data['job_id']);
  }
  for (const [k, n] of created) if (n > 1) duplicated.push(`EntityCreated ×${n} for ${k}`);
  for (const [k, ids] of indexedBy) if (ids.size > 1) duplicated.push(`URL ${k} indexed as ${ids.size} entities (${[...ids].join(', ')})`);
  const torn = { healed: [] as string[], open: [] as string[] };
  for (const [k, n] of indexedTimes) {
    if (n < 2) continue;
    const trail = contentTrail.get(k) ?? '';
    // "IIE": the first IndexContent was torn (no ContentEmbedded after it), a retry wrote the pair again.
    if (/^I+E$/.test(trail)) torn.healed.push(`${k} (${trail})`);
    else duplicated.push(`ContentIndexed ×${n} for ${k} (same text; trail ${trail})`);
  }
  for (const [k, trail] of contentTrail) if (!trail.endsWith('E')) torn.open.push(`${k} (${trail})`);
  // An acknowledged content write is complete: its entity has a vector.
  for (const [url, id] of urlOwner) if (indexedBy.has(url) && !(contentTrail.get(id) ?? '').includes('E')) lost.push(`acknowledged ${url} (${id}) has no ContentEmbedded`);
  for (let i = 0; i < stuckJobs.length; i++) {
    const id = stuckJobs[i]!.split(' ')[0]!;
    stuckJobs[i] += ` events: ${(jobTrail.get(id) ?? []).join(', ')}`;
  }
  duplicated.push(...urlOwnerConflicts(events));
  for (const [k, n] of linked) if (n > 1) duplicated.push(`ChildLinked ×${n} for ${k}`);
  for (const [k, n] of settled) if (n > 1) duplicated.push(`BatchItemsSettled ×${n} for chunk ${k}`);
  for (const [k, n] of completed) if (n > 1) duplicated.push(`BatchJobCompleted ×${n} for job ${k}`);
  // Every acknowledged link is in the stream; when compose missed one, say whether the log or the read model lacks it.
  for (const [parent, children] of ackedLinks) {
    const inLog = [...children].filter((ch) => linked.has(`${parent} → ${ch}`)).length;
    if (inLog < children.size) lost.push(`${children.size - inLog} acknowledged link(s) of ${parent} have no ChildLinked in the stream`);
    const seen = composeSeen.get(parent) ?? -1;
    if (seen < children.size) {
      const i = lost.findIndex((l) => l.startsWith(`links of ${parent}:`));
      if (i >= 0) lost[i] += ` — compose saw ${seen}; the stream has ${inLog} of the ${children.size} acknowledged (${inLog === children.size ? 'the taste read model missed events' : 'lost from the log'})`;
    }
  }
  // Every acknowledged write is in the stream too.
  for (const [url] of urlOwner) if (!indexedBy.has(url)) lost.push(`no ContentIndexed for acknowledged ${url}`);
  return { checked, lost, duplicated, stuckJobs, jobs, events: events.length, torn };
}

/**
 * URLs that had two owners at once: a `UrlClaimed` by another entity while the URL's claim was not released. The
 * claimant claiming again (a renewal of its lease, a retried claim, its own void claim taken back) is the same owner,
 * and a takeover is preceded by the `UrlReleased` of the claim it replaces.
 */
export function urlOwnerConflicts(events: { type: string; data: Record<string, any> }[]): string[] {
  const owner = new Map<string, string>();
  const conflicts: string[] = [];
  for (const e of events) {
    const url = e.data['url'] as string;
    if (e.type === 'UrlReleased' && owner.get(url) === e.data['entity_id']) owner.delete(url);
    if (e.type !== 'UrlClaimed') continue;
    const held = owner.get(url);
    if (held !== undefined && held !== e.data['entity_id']) conflicts.push(`URL ${url} claimed by ${e.data['entity_id']} while ${held} held it`);
    owner.set(url, e.data['entity_id']);
  }
  return conflicts;
}

async function runLimited(tasks: (() => Promise<void>)[], n: number): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(n, tasks.length) }, async () => {
    while (next < tasks.length) await tasks[next++]!();
  }));
}
