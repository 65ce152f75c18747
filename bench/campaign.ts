/**
 * Randomized crash campaign (fault30): a steady stream of writes of every kind (mode-A creates with and without id and
 * with linked content, content with and without id and linked to a parent, POST /index, sync batches on both routes,
 * async jobs, links, deletes by id and by URL, type registrations, workspace creations), each a logical request with
 * its own `X-Request-Id` that the client retries with the same key and body (after a connection error, a timeout, a
 * 5xx or a 429) on the other gateway, a fifth of them with a second copy sent while the first is in flight; meanwhile,
 * at random moments, `kill -9` of a random process (a service replica, a gateway, one node of the 3-node NATS
 * cluster), a stall of one (SIGSTOP for 2-12 s, then SIGCONT), or every replica of the service writing a chosen event
 * type frozen the moment that event appears on the bus (between the appends of one command) and then killed or
 * resumed. After each round every process is up again, 120 acknowledged requests are sent again late (same key, same
 * body), and every acknowledged write is checked: present exactly once (entities, content, links, URL -> one entity,
 * jobs, types, workspaces, deletes), nothing in the log the load never asked for, both copies of a request answered
 * alike, the entity replicas' counts equal the log's, and each taste replica's catalog equals a replay from the log at
 * its position (the other replica killed meanwhile, then restarted from its snapshot). Every choice is drawn from
 * `--seed` (printed), so a run's choices are reproducible; timings are not.
 *
 * fault33 added: URLs contested by a second explicit id (a recent op's URL, or two ids racing for a new URL 0-40 ms
 * apart: never two acknowledged owners, never neither); `--skew-m N`, replica #1 of every app with its wall clock N
 * minutes apart (libfaketime), and then a fault that stalls the replica behind at a claim and sends the URL under
 * another id to the one a lease ahead (the takeover and its fence, `UrlClaimRevoked`, on real processes); on the
 * cluster, half the NATS faults a stall of the stream leader for 10-20 s (past the election timeout: a stale leader when
 * resumed), their share `--nats-share`.
 *
 * fault34 added: every replica of every service with a read model (entity, taste, ranking, visualize: two of each; in
 * the all-in-one shape each process, all four) compared with a replay of the log at its position after each round,
 * ranking with the vectors of its index and of its search worker; kills aimed inside a periodic snapshot's write
 * (`--snap-share` of the faults, and a window after each round on replica #1 of each: `catalog.snap.tmp` seen through
 * fs.watch, the kill 0-`--snap-delay-ms` later); a filler catalog of `--big` items (6,000) in every process, so that a
 * write takes long enough to be hit and ranking's worker graphs are written with each snapshot.
 *
 * fault35 added: `--partitions N` (services shape): TG_PARTITIONS=N, three replicas of taste, ranking and visualize each
 * serving the partitions assignPartitions(N, 3, 2) gives it (every partition on two replicas, none on all), the filler
 * workspace in a partition replica #1 holds (the snapshot window), each round's writers spread over `--spread`
 * workspaces of distinct partitions (3 by default with partitions; the concurrency shared), and every replica's digest
 * compared with a replay of the workspaces of the partitions it says it holds (checkLiveDigest).
 *
 * Usage: npm run bench -- campaign [-- --seed 42 --rounds 2 --round-s 60 --concurrency 6 --nats cluster|single
 *   --shape services|all-in-one --kill-every-ms 2500 --snapshot-every 150 --late-retries 120 --skew-m 11
 *   --nats-share 0.2 --snap-share 0.15 --snap-delay-ms 60 --big 6000 --partitions 4 --spread 3]
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, statSync, watch } from 'node:fs';
import { join } from 'node:path';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { type Subscription } from '@nats-io/transport-node';
import { contentIdForUrl, OP, partitionOf } from '@tg/contracts';
import { compareStreamCopies, EventStore, RpcClient } from '@tg/messaging';
import { checkLiveDigest, type LiveDigestReply } from '@tg/read-model';
import { eventually, natsCluster, readWorkspaceEvents, replicasOnly, singleNats, startProcessStack, urlOwnerConflicts, type AppName, type ProcessStack } from '@tg/test-stack';
import { createRng } from '@tg/math';
import { mapLimit } from '@tg/service-runtime';
import { arg, strArg } from './support';

const prng = createRng;
const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

type OpKind = 'createA' | 'createId' | 'createLinked' | 'content' | 'contentId' | 'contentLinked' | 'index' | 'batch' | 'indexBatch' | 'job' | 'link' | 'deleteId' | 'deleteUrl' | 'type' | 'workspace' | 'contest';
const WEIGHTS: [OpKind, number][] = [
  ['createA', 3], ['createId', 2], ['createLinked', 1], ['content', 3], ['contentId', 2], ['contentLinked', 1], ['index', 2], ['batch', 1], ['indexBatch', 1], ['job', 1], ['link', 3], ['deleteId', 1], ['deleteUrl', 1], ['type', 1], ['workspace', 1], ['contest', 2],
];
const WORDS = ['jazz', 'hiking', 'espresso', 'sushi', 'poetry', 'cycling', 'vinyl', 'ramen', 'ceramics', 'sailing', 'chess', 'gardening', 'baking', 'cinema', 'surfing', 'yoga'];

/** One logical write and what came of it. */
interface Op {
  n: string;
  kind: OpKind;
  key: string;
  method: string;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  admin?: boolean;
  /** Answers of every copy that was acknowledged (status, body). */
  answers: { status: number; body: any }[];
  attempts: number;
  /** Set once a copy got a 2xx. */
  acked: boolean;
  /** A 4xx (other than 429): a bug of the load or of the system, reported. */
  clientError?: string;
  /** Answered 409 `url_conflict` on a URL that another op contested (a legitimate refusal: the other one owns it). */
  refused?: boolean;
  /** The other op of a race for one new URL. */
  rival?: Op;
  /** What the op writes (for the checks). */
  urls?: string[];
  id?: string;
  name?: string;
  parent?: string;
  child?: string;
  duplicated: boolean;
}

interface RoundResult {
  seed: number;
  round: number;
  ops: number;
  acked: number;
  unacked: number;
  retriedOps: number;
  doubleSent: number;
  attempts: number;
  kills: string[];
  violations: string[];
  verified: number;
  digestChecks: number;
  /** Digests compared with a replay, by service. */
  digests: Record<string, number>;
  /** Kills aimed at a periodic snapshot's write (in the round and in the window after it), and where they landed. */
  snapshotKills: SnapshotKill[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class Campaign {
  readonly ops: Op[] = [];
  private running = true;
  private seq = 0;
  /** Content entities acknowledged per writer, not yet deleted: [id, url]. */
  private readonly pools: { content: [string, string][]; users: string[]; linked: Set<string> }[] = [];
  readonly parents: string[] = [];
  /** URLs of recent ops (in flight or done), by writer: what a contest sends again under another explicit id. */
  private readonly recentUrls: { url: string; w: number }[] = [];
  /** URLs sent under a second explicit id (never deleted, so that each has at most one acknowledged owner). */
  readonly contested = new Set<string>();
  /** URLs of content chosen for a delete (never contested). */
  private readonly deleting = new Set<string>();

  constructor(
    private readonly stack: ProcessStack,
    private readonly key: string,
    private readonly prefix: string,
    private readonly seed: number,
    private readonly concurrency: number,
    private readonly deadline: () => number,
  ) {}

  private text(r: () => number) {
    return `${pick(r, WORDS)} ${pick(r, WORDS)} ${pick(r, WORDS)} note ${Math.floor(r() * 1e6)}`;
  }

  /** Sends one copy of an op until a 2xx, a 4xx, or the deadline; returns when acknowledged or given up. */
  private async send(op: Op, front: number, r: () => number): Promise<void> {
    const fronts = this.stack.baseUrls;
    for (let attempt = 0; ; attempt++) {
      const base = fronts[(front + attempt) % fronts.length]!;
      const url = new URL(base + op.path);
      for (const [k, v] of Object.entries(op.query ?? {})) url.searchParams.set(k, v);
      op.attempts += 1;
      let status = 0;
      let body: any;
      try {
        const res = await fetch(url, {
          method: op.method,
          headers: { 'x-api-key': op.admin ? this.stack.accountSecret : this.key, 'x-request-id': op.key, ...(op.body !== undefined ? { 'content-type': 'application/json' } : {}) },
          body: op.body === undefined ? undefined : JSON.stringify(op.body),
          signal: AbortSignal.timeout(8_000 + Math.floor(r() * 8_000)),
        });
        status = res.status;
        const t = await res.text();
        try {
          body = t ? JSON.parse(t) : undefined;
        } catch {
          body = t;
        }
      } catch {
        status = 0;
      }
      if (status >= 200 && status < 300) {
        op.answers.push({ status, body });
        op.acked = true;
        return;
      }
      if (status === 409 && body?.code === 'url_conflict' && op.urls?.some((u) => this.contested.has(u))) {
        op.refused = true;
        return;
      }
      if (status >= 400 && status < 500 && status !== 429) {
        op.clientError = `${status} ${JSON.stringify(body).slice(0, 300)}`;
        return;
      }
      if (Date.now() > this.deadline()) return;
      await sleep(Math.min(1_000, 60 * (attempt + 1)) + Math.floor(r() * 100));
    }
  }

  async start(): Promise<void> {
    for (let w = 0; w < this.concurrency; w++) {
      this.pools.push({ content: [], users: [], linked: new Set() });
      const id = `${this.prefix}-parent-${w}`;
      const op = this.op('createId', 'POST', '/entity', { body: { type: 'user', name: `Parent ${w}`, id }, id, name: `Parent ${w}` });
      await this.send(op, w, prng(this.seed + w));
      if (!op.acked) throw new Error(`could not create parent ${id}: ${op.clientError ?? 'no answer'}`);
      this.parents.push(id);
    }
  }

  private op(kind: OpKind, method: string, path: string, o: Partial<Op> & { body?: unknown; query?: Record<string, string> }, r?: () => number): Op {
    const key = r ? `${this.prefix}-k-${Math.floor(r() * 2 ** 48).toString(36)}` : randomUUID();
    const op: Op = { n: `${this.prefix}#${this.seq++}`, kind, key, method, path, answers: [], attempts: 0, acked: false, duplicated: false, ...o };
    this.ops.push(op);
    return op;
  }

  run(): Promise<void[]> {
    return Promise.all(Array.from({ length: this.concurrency }, (_, w) => this.writer(w)));
  }

  stop(): void {
    this.running = false;
  }

  private readonly contests: Promise<void>[] = [];

  /**
   * Sends content under a new explicit id for `url` (a claim of another id on its way: its claimant stalled), beside
   * the writers; {@link settled} waits for it. One of the two owns the URL, the other is refused (409), never both.
   */
  contestNow(url: string, r: () => number): void {
    this.contested.add(url);
    const id = `${this.prefix}-tk-${this.seq}`;
    const op = this.op('contest', 'POST', '/index', { body: { content: { url, type: 'text', content: this.text(r), skip_url_fetch: true, skip_media_enrich: true }, id }, urls: [url], id }, r);
    this.contests.push(this.send(op, Math.floor(r() * this.stack.baseUrls.length), r));
  }

  async settled(): Promise<void> {
    await Promise.all(this.contests);
  }

  /**
   * Late exact retries: `n` acknowledged requests sent again (same key, same body) after the round, as a client whose
   * answer was lost would; each must answer as its first copy did and write nothing (the checks read the log after).
   */
  async lateRetries(n: number, r: () => number): Promise<number> {
    const acked = this.ops.filter((o) => o.acked);
    const chosen = new Set<Op>();
    while (chosen.size < Math.min(n, acked.length)) chosen.add(pick(r, acked));
    await Promise.all([...chosen].map((op) => this.send(op, Math.floor(r() * this.stack.baseUrls.length), r)));
    return chosen.size;
  }

  private async writer(w: number): Promise<void> {
    const r = prng(this.seed * 1000 + w + 1);
    const pool = this.pools[w]!;
    const total = WEIGHTS.reduce((a, [, x]) => a + x, 0);
    const p = this.prefix;
    for (let i = 0; this.running; i++) {
      let x = r() * total;
      let kind: OpKind = 'createA';
      for (const [k, wt] of WEIGHTS) {
        if ((x -= wt) < 0) {
          kind = k;
          break;
        }
      }
      const tag = `${p}-w${w}-${i}`;
      const item = (url: string) => ({ url, type: 'text', content: this.text(r), skip_url_fetch: true, skip_media_enrich: r() < 0.7 });
      let op: Op | undefined;
      switch (kind) {
        case 'createA':
          op = this.op(kind, 'POST', '/entity', { body: { type: 'user', name: `A ${tag}`, description: this.text(r) }, name: `A ${tag}` }, r);
          break;
        case 'createId':
          op = this.op(kind, 'POST', '/entity', { body: { type: 'user', name: `I ${tag}`, id: `${tag}-u` }, id: `${tag}-u`, name: `I ${tag}` }, r);
          break;
        case 'createLinked': {
          // Mode A with linked content: the entity, each item, and a link to each.
          const urls = [0, 1].map((k) => `https://campaign.example.com/${tag}/l${k}`);
          const withId = r() < 0.5;
          op = this.op(kind, 'POST', '/entity', { body: { type: 'user', name: `L ${tag}`, ...(withId ? { id: `${tag}-l` } : {}), linked_content: urls.map(item) }, urls, name: `L ${tag}`, ...(withId ? { id: `${tag}-l` } : {}) }, r);
          break;
        }
        case 'contentLinked': {
          // Content linked to the writer's parent in one request (content, then the link).
          const url = `https://campaign.example.com/${tag}/p`;
          op = this.op(kind, 'POST', r() < 0.5 ? '/entity' : '/index', { body: { content: item(url), entity_id: this.parents[w]! }, urls: [url], parent: this.parents[w]! }, r);
          break;
        }
        case 'content': {
          const url = `https://campaign.example.com/${tag}/c`;
          op = this.op(kind, 'POST', '/entity', { body: { content: item(url) }, urls: [url] }, r);
          break;
        }
        case 'contentId': {
          const url = `https://campaign.example.com/${tag}/ci`;
          op = this.op(kind, 'POST', '/entity', { body: { content: item(url), id: `${tag}-ci` }, urls: [url], id: `${tag}-ci` }, r);
          break;
        }
        case 'index': {
          const url = `https://campaign.example.com/${tag}/x`;
          const withId = r() < 0.5;
          op = this.op(kind, 'POST', '/index', { body: { content: item(url), ...(withId ? { id: `${tag}-x` } : {}) }, urls: [url], ...(withId ? { id: `${tag}-x` } : {}) }, r);
          break;
        }
        case 'batch':
        case 'indexBatch':
        case 'job': {
          const urls = [0, 1, 2].map((k) => `https://campaign.example.com/${tag}/b${k}`);
          const path = kind === 'indexBatch' ? '/index/batch' : '/entity/batch';
          op = this.op(kind, 'POST', path, { body: { content: urls.map(item), ...(kind === 'job' ? { async: true } : {}) }, urls }, r);
          break;
        }
        case 'link': {
          const cands = pool.content.filter(([id]) => !pool.linked.has(id));
          if (!cands.length) continue;
          const [child] = pick(r, cands);
          pool.linked.add(child);
          op = this.op(kind, 'POST', `/entity/${encodeURIComponent(this.parents[w]!)}/link`, { body: { entity_id: child }, parent: this.parents[w]!, child }, r);
          break;
        }
        case 'deleteId': {
          const userIdx = pool.users.length && r() < 0.5;
          if (userIdx) {
            const id = pool.users.splice(Math.floor(r() * pool.users.length), 1)[0]!;
            op = this.op(kind, 'DELETE', '/entity', { query: { entity_id: id }, id }, r);
          } else {
            const cands = pool.content.filter(([id, url]) => !pool.linked.has(id) && !this.contested.has(url));
            if (!cands.length) continue;
            const [id, url] = pick(r, cands);
            this.deleting.add(url);
            pool.content = pool.content.filter(([c]) => c !== id);
            op = this.op(kind, 'DELETE', '/entity', { query: { entity_id: id }, id, urls: [url] }, r);
          }
          break;
        }
        case 'deleteUrl': {
          const cands = pool.content.filter(([id, url]) => !pool.linked.has(id) && !this.contested.has(url));
          if (!cands.length) continue;
          const [id, url] = pick(r, cands);
          this.deleting.add(url);
          pool.content = pool.content.filter(([c]) => c !== id);
          op = this.op(kind, 'DELETE', '/entity', { query: { url }, id, urls: [url] }, r);
          break;
        }
        case 'type': {
          const name = `t${tag.replace(/[^a-z0-9]/gi, '')}`.slice(0, 60);
          op = this.op(kind, 'POST', '/entity/type', { body: { entity_type: name, description: this.text(r) }, name }, r);
          break;
        }
        case 'contest': {
          if (r() < 0.6) {
            // A race for a new URL: content under one explicit id (or none: its natural id) and under another, sent
            // 0-40 ms apart through the two gateways. One owns the URL; an explicit id that lost is refused 409, the
            // one without an id becomes the winner's content; never two owners, never neither.
            const url = `https://campaign.example.com/${tag}/race`;
            this.contested.add(url);
            const withId = r() < 0.7;
            const a = this.op(kind, 'POST', r() < 0.5 ? '/entity' : '/index', { body: { content: item(url), ...(withId ? { id: `${tag}-ra` } : {}) }, urls: [url], ...(withId ? { id: `${tag}-ra` } : {}) }, r);
            const b = this.op(kind, 'POST', r() < 0.5 ? '/entity' : '/index', { body: { content: item(url), id: `${tag}-rb` }, urls: [url], id: `${tag}-rb` }, r);
            a.rival = b;
            const front = Math.floor(r() * this.stack.baseUrls.length);
            const delay = Math.floor(r() * 40);
            await Promise.all([this.send(a, front, r), sleep(delay).then(() => this.send(b, front + 1, r))]);
            continue;
          }
          // The URL of another writer's recent op (often still in flight: between its claim and its content) sent
          // under a new explicit id: one of the two owns it (200), the other is refused (409 url_conflict), never both.
          const cands = this.recentUrls.filter((x) => x.w !== w && !this.deleting.has(x.url));
          if (!cands.length) continue;
          const { url } = pick(r, cands.slice(-20));
          this.contested.add(url);
          op = this.op(kind, 'POST', r() < 0.5 ? '/entity' : '/index', { body: { content: item(url), id: `${tag}-k` }, urls: [url], id: `${tag}-k` }, r);
          break;
        }
        case 'workspace':
          op = this.op(kind, 'POST', '/admin/workspaces', { body: { name: `ws ${tag}` }, name: `ws ${tag}`, admin: true }, r);
          break;
      }
      if (!op) continue;
      if (kind !== 'contest' && kind !== 'deleteId' && kind !== 'deleteUrl') for (const url of op.urls ?? []) this.recentUrls.push({ url, w });
      if (this.recentUrls.length > 200) this.recentUrls.splice(0, 100);
      const front = Math.floor(r() * this.stack.baseUrls.length);
      const copies = [this.send(op, front, r)];
      // Sometimes a second copy (same key, same body) through the other gateway while the first is in flight.
      if (r() < 0.2) {
        op.duplicated = true;
        const delay = Math.floor(r() * 300);
        copies.push(sleep(delay).then(() => this.send(op!, front + 1, r)));
      }
      await Promise.all(copies);
      if (!op.acked) continue;
      const a = op.answers[0]!.body;
      // Pools for later links and deletes (only what was acknowledged).
      if (kind === 'createA' || kind === 'createId') pool.users.push(a.id ?? a.entity_id);
      if (kind === 'content' || kind === 'contentId' || kind === 'index') pool.content.push([a.entity_id, op.urls![0]!]);
      if (kind === 'batch' || kind === 'indexBatch') for (const it of a.results ?? []) if (it.entity_id) pool.content.push([it.entity_id, it.url]);
    }
  }
}

/** What was killed by the scheduler. */
interface Kill {
  label: string;
  restart: () => Promise<void>;
}

const KILLABLE: AppName[] = ['entity-service', 'ingestion-service', 'admin-service', 'taste-service', 'embedding-service', 'ranking-service', 'visualize-service', 'gateway'];
const TRIGGERS: [string, AppName][] = [
  ['UrlClaimed', 'ingestion-service'],
  ['ContentIndexed', 'ingestion-service'],
  ['EntityCreated', 'entity-service'],
  ['EntityDeleted', 'entity-service'],
  ['ChildLinked', 'entity-service'],
  ['BatchJobSubmitted', 'ingestion-service'],
  ['BatchItemsSettled', 'ingestion-service'],
  ['WorkspaceCreated', 'admin-service'],
  ['EntityTypeRegistered', 'entity-service'],
];

async function killRandom(stack: ProcessStack, r: () => number, natsNodes: number, replicas: (a: AppName) => number, busy: (label: string) => boolean, killable: AppName[], natsShare: number): Promise<Kill | undefined> {
  const x = r();
  if (natsNodes > 1 && x < natsShare) {
    if (r() < 0.5) {
      // The node leading the stream stalled past the raft election timeout (SIGSTOP 10-20 s): the others elect a new
      // leader; resumed, it still believes it leads for a moment (a stale leader) and must step down, losing nothing.
      // Asked once, without waiting: with nodes down, JetStream may answer "temporarily unavailable" (seed 3309, 11:44
      // UTC, stopped the run); then no stall this time.
      const leader = await jetstreamManager(await stack.bus(), { checkAPI: false })
        .then((jsm) => jsm.streams.info('TG_EVENTS'))
        .then((x) => x.cluster?.leader, () => undefined);
      const i = leader ? Number(leader.replace('tg-', '')) : NaN;
      if (!Number.isInteger(i) || busy(`nats#${i}`)) return undefined;
      const pid = stack.nats.nodes[i]!.pid!;
      const ms = 10_000 + Math.floor(r() * 10_000);
      process.kill(pid, 'SIGSTOP');
      return { label: `nats#${i} (stream leader) frozen ${ms} ms`, restart: () => sleep(ms).then(() => void process.kill(pid, 'SIGCONT')) };
    }
    const i = Math.floor(r() * natsNodes);
    if (busy(`nats#${i}`)) return undefined;
    await stack.killNats(i);
    return { label: `nats#${i}`, restart: () => stack.startNats(i) };
  }
  const app = pick(r, killable);
  const i = Math.floor(r() * replicas(app));
  if (busy(`${app}#${i}`)) return undefined;
  if (r() < 0.25) {
    // A stall instead of a crash (a long pause of the process: its requests in flight resume late, after retries).
    const pid = stack.proc(app, i).pid!;
    const ms = 2_000 + Math.floor(r() * 10_000);
    process.kill(pid, 'SIGSTOP');
    return { label: `${app}#${i} frozen ${ms} ms`, restart: () => sleep(ms).then(() => void process.kill(pid, 'SIGCONT')) };
  }
  await stack.kill(app, i);
  return { label: `${app}#${i}`, restart: () => stack.start(app, i) };
}

/** Arms a kill of every replica of the app writing `type` the moment an event of that type (of the workspace) is published. */
async function killOnEvent(stack: ProcessStack, ws: string, type: string, app: AppName, replicas: number, timeoutMs: number, freezeMs?: number): Promise<Kill | undefined> {
  const nc = await stack.bus();
  const subject = type === 'WorkspaceCreated' ? 'tg.evt._account.>' : `tg.evt.${ws}.>`;
  let sub: Subscription | undefined;
  const seen = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    sub = nc.subscribe(subject, {
      callback: (_err, m) => {
        try {
          if ((m.json() as { type?: string }).type === type) {
            // Frozen at once, in this callback (before the process can publish the command's next event), then killed.
            for (let i = 0; i < replicas; i++) {
              const pid = stack.proc(app, i).pid;
              if (pid && stack.proc(app, i).alive) process.kill(pid, 'SIGSTOP');
            }
            clearTimeout(timer);
            resolve(true);
          }
        } catch {
          /* not an event */
        }
      },
    });
  });
  sub?.unsubscribe();
  if (!seen) return undefined;
  const idx = Array.from({ length: replicas }, (_, i) => i).filter((i) => stack.proc(app, i).alive);
  if (freezeMs !== undefined) {
    // Stalled between the appends of one command, then resumed one after the other (the in-flight attempt and the
    // client's retry race when they wake).
    const pids = idx.map((i) => stack.proc(app, i).pid!);
    return {
      label: `${app}#${idx.join('+')} frozen ${freezeMs} ms on ${type}`,
      restart: async () => {
        await sleep(freezeMs);
        for (const pid of pids) {
          process.kill(pid, 'SIGCONT');
          await sleep(200);
        }
      },
    };
  }
  await Promise.all(idx.map((i) => stack.kill(app, i)));
  return { label: `${app}#${idx.join('+')} on ${type}`, restart: async () => void (await Promise.all(idx.map((i) => stack.start(app, i)))) };
}

/**
 * Stalls the replica of `app` whose clock is behind (`slow`: #0 when --skew-m is positive) the moment a claim of the
 * workspace is published; if that claim's content does not follow within half a second (the stalled replica made it),
 * another explicit id is sent for the URL: the replica whose clock is a lease ahead sees the claim abandoned, fences its
 * claimant (`UrlClaimRevoked`) and takes the URL over. The stalled replica resumes 6-12 s later, inside the claimant's
 * command: its content must not land beside the new owner's.
 */
async function takeoverOnClaim(stack: ProcessStack, c: Campaign, ws: string, app: AppName, slow: number, timeoutMs: number, r: () => number): Promise<Kill | undefined> {
  const nc = await stack.bus();
  const proc = stack.proc(app, slow);
  if (!proc.alive) return undefined;
  const pid = proc.pid!;
  let url: string | undefined;
  let indexed = false;
  const sub = nc.subscribe(`tg.evt.${ws}.>`, {
    callback: (_err, m) => {
      try {
        const e = m.json() as { type?: string; data?: { url?: string } };
        if (url === undefined && e.type === 'UrlClaimed' && e.data?.url && !c.contested.has(e.data.url)) {
          process.kill(pid, 'SIGSTOP');
          url = e.data.url;
        } else if (url !== undefined && e.type === 'ContentIndexed' && e.data?.url === url) indexed = true;
      } catch {
        /* not an event */
      }
    },
  });
  const end = Date.now() + timeoutMs;
  while (url === undefined && Date.now() < end) await sleep(20);
  if (url === undefined) {
    sub.unsubscribe();
    return undefined;
  }
  await sleep(500);
  sub.unsubscribe();
  if (!indexed) c.contestNow(url, r);
  const ms = 6_000 + Math.floor(r() * 6_000);
  return { label: `${app}#${slow} frozen ${ms} ms on UrlClaimed (${indexed ? 'its content came: not the claimant' : 'contested by the replica a lease ahead'})`, restart: () => sleep(ms).then(() => void process.kill(pid, 'SIGCONT')) };
}

/** The digest operation of each service with a read model, by the app that serves it. */
const DIGEST_OPS = { entity: OP.entity.digest, taste: OP.taste.digest, ranking: OP.rank.digest, visualize: OP.visualize.digest } as const;
type DigestService = keyof typeof DIGEST_OPS;
const SERVICE_APP: Record<DigestService, AppName> = { entity: 'entity-service', taste: 'taste-service', ranking: 'ranking-service', visualize: 'visualize-service' };
/** The apps whose processes hold a catalog read model (and answer its digest), in this stack's shape. */
const digestApps = (aio: boolean): AppName[] => (aio ? ['tastegraph'] : Object.values(SERVICE_APP));

/** A kill aimed inside a periodic snapshot's write, and where it landed. */
interface SnapshotKill {
  label: string;
  /** True when the catalog's `.tmp` was still there after the kill: the process died before the snapshot was renamed in place. */
  inWrite: boolean;
  /** Bytes of the catalog's `.tmp` at the kill, and whether ranking's vector part was being written (its `.tmp`). */
  tmpBytes: number;
  partTmp: boolean;
  delayMs: number;
}

/**
 * Waits (at most `timeoutMs`) for `app#i` to start writing a periodic catalog snapshot (its `catalog.snap.tmp` appears in
 * its data directory: fs.watch), then kills it -9 `delayMs` later, and says whether the kill landed inside the write
 * (the `.tmp` is still there: the rename never came, so the restart must restore the snapshot before and replay the tail).
 */
async function killInSnapshot(stack: ProcessStack, app: AppName, i: number, timeoutMs: number, delayMs: number): Promise<SnapshotKill | undefined> {
  const p = stack.proc(app, i);
  if (!p.alive) return undefined;
  const pid = p.pid!;
  const dir = join(p.spec.env['TG_DATA_DIR']!, 'snapshots');
  mkdirSync(dir, { recursive: true });
  const tmp = join(dir, 'catalog.snap.tmp');
  const killed = await new Promise<boolean>((resolve) => {
    let fired = false;
    const w = watch(dir, (_ev, file) => {
      // A rename away (the write done) also names the file: only its appearance counts.
      if (fired || file !== 'catalog.snap.tmp' || !existsSync(tmp)) return;
      fired = true;
      const go = () => {
        w.close();
        clearTimeout(timer);
        try {
          process.kill(pid, 'SIGKILL');
          resolve(true);
        } catch {
          resolve(false);
        }
      };
      if (delayMs > 0) setTimeout(go, delayMs);
      else go();
    });
    const timer = setTimeout(() => {
      w.close();
      resolve(false);
    }, timeoutMs);
  });
  if (!killed) return undefined;
  await stack.kill(app, i);
  const inWrite = existsSync(tmp);
  const tmpBytes = inWrite ? statSync(tmp).size : 0;
  const partTmp = existsSync(join(dir, 'ranking-vectors.tmp'));
  return { label: `${app}#${i} in a snapshot write (+${delayMs} ms: ${inWrite ? `inside, .tmp ${tmpBytes} bytes${partTmp ? ', vector part .tmp too' : ''}` : 'after its rename'})`, inWrite, tmpBytes, partTmp, delayMs };
}

/**
 * The snapshot window after a round: replica #1 of every app with a read model is watched for its next snapshot write
 * and killed inside it while writes to the filler workspace make every process write one (a snapshot every
 * `--snapshot-every` events); then they are started again (each restores the snapshot before the one cut). The digest
 * checks that follow compare each of them with a replay.
 */
async function snapshotWindow(stack: ProcessStack, apps: AppName[], fill: (n: number) => Promise<void>, r: () => number, maxDelayMs: number): Promise<SnapshotKill[]> {
  const armed = apps.filter((a) => stack.processes().some((p) => p.name === a && p.index === 1 && p.alive));
  const kills = armed.map((a) => killInSnapshot(stack, a, 1, 90_000, Math.floor(r() * maxDelayMs)));
  let done = false;
  const all = Promise.all(kills).finally(() => (done = true));
  const end = Date.now() + 90_000;
  while (!done && Date.now() < end) {
    await fill(60).catch((e: unknown) => console.log(`  snapshot window: a filler batch failed: ${(e as Error).message.slice(0, 200)}`));
    await Promise.race([all, sleep(500)]);
  }
  const out = (await all).filter((k): k is SnapshotKill => !!k);
  for (const a of armed) if (!stack.proc(a, 1).alive) await stack.start(a, 1);
  for (const k of out) console.log(`  snapshot window: killed ${k.label}`);
  return out;
}

/** Verifies a round's acknowledged writes; returns violations and the number of checks made. */
async function verify(
  stack: ProcessStack,
  c: Campaign,
  ws: { workspaceId: string; key: string },
  prefix: string,
  withDigests = true,
): Promise<{ violations: string[]; verified: number; digestChecks: number; digests: Record<string, number> }> {
  const v: string[] = [];
  let verified = 0;
  const fronts = stack.baseUrls;
  let turn = 0;
  const req = async (method: string, path: string, query?: Record<string, string>, body?: unknown, admin = false) => {
    const base = fronts[turn++ % fronts.length]!;
    const url = new URL(base + path);
    for (const [k, val] of Object.entries(query ?? {})) url.searchParams.set(k, val);
    const res = await fetch(url, { method, headers: { 'x-api-key': admin ? stack.accountSecret : ws.key, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(20_000) });
    const t = await res.text();
    return { status: res.status, body: t ? JSON.parse(t) : undefined };
  };
  // A barrier write through each gateway: later reads there wait for the projections to pass every earlier ack.
  for (let g = 0; g < fronts.length; g++) {
    await eventually(async () => (await req('POST', '/entity', undefined, { type: 'user', name: 'barrier', id: `${prefix}-barrier` })).status === 200, { timeoutMs: 120_000, what: 'a barrier write' });
  }
  const check = async (what: string, fn: () => Promise<boolean>) => {
    verified += 1;
    try {
      await eventually(fn, { timeoutMs: 30_000, intervalMs: 100, what });
    } catch (e) {
      v.push(`${what}: ${(e as Error).message.slice(0, 300)}`);
    }
  };
  const ops = c.ops;
  for (const op of ops) if (op.clientError) v.push(`${op.n} ${op.kind} ${op.method} ${op.path}: client error ${op.clientError}`);
  for (const op of ops) if (op.acked && op.refused) v.push(`${op.n} ${op.kind}: one copy acknowledged, another refused 409 url_conflict`);
  for (const op of ops) if (op.rival && op.refused && op.rival.refused) v.push(`${op.n} and ${op.rival.n} raced for ${op.urls![0]}: both refused, nobody owns it`);
  // Every acknowledged owner of each URL (answers of content, batches, jobs, linked content, contests): at most one.
  const ownersOf = new Map<string, Set<string>>();
  const owned = (url: string, id: string) => (ownersOf.get(url) ?? ownersOf.set(url, new Set()).get(url)!).add(id);
  // An item refused because another explicit id holds its contested URL: a legitimate answer.
  const contestedItem = (it: { url?: string; code?: string }) => it.code === 'url_conflict' && !!it.url && c.contested.has(it.url);
  // Copies of one request answered alike.
  for (const op of ops.filter((o) => o.answers.length > 1)) {
    const norm = (b: any) => JSON.stringify({ id: b?.id ?? b?.entity_id, job: b?.job_id, ws: b?.public_id, key: b?.workspace_api_key, created: b?.created, linked: b?.linked, success: b?.success, updated: b?.updated, results: b?.results?.map((x: any) => x.entity_id ?? x.code) });
    const first = norm(op.answers[0]!.body);
    for (const a of op.answers.slice(1)) if (norm(a.body) !== first) v.push(`${op.n} ${op.kind}: two copies of one request answered differently: ${first} vs ${norm(a.body)}`);
  }
  const events = await readWorkspaceEvents(await stack.bus(), ws.workspaceId);
  const deletedIds = new Set(ops.filter((o) => o.acked && (o.kind === 'deleteId' || o.kind === 'deleteUrl')).map((o) => o.id!));
  const attemptedDeletes = new Set(ops.filter((o) => o.kind === 'deleteId' || o.kind === 'deleteUrl').map((o) => o.id!));
  const deletedUrls = new Set(ops.filter((o) => o.acked && (o.kind === 'deleteId' || o.kind === 'deleteUrl')).flatMap((o) => o.urls ?? []));
  const tasks: (() => Promise<void>)[] = [];
  const createdBy = new Map<string, number>();
  const namesToIds = new Map<string, Set<string>>();
  for (const e of events) {
    if (e.type === 'EntityCreated') {
      createdBy.set(e.data['entity_id'], (createdBy.get(e.data['entity_id']) ?? 0) + 1);
      (namesToIds.get(e.data['name']) ?? namesToIds.set(e.data['name'], new Set()).get(e.data['name'])!).add(e.data['entity_id']);
    }
  }
  const attemptedNames = new Set(ops.map((o) => o.name).filter(Boolean));
  attemptedNames.add('barrier');
  for (const [name, ids] of namesToIds) {
    if (ids.size > 1 && !name.startsWith('https://')) v.push(`name ${name} created as ${ids.size} entities: ${[...ids].join(', ')}`);
  }
  for (const [id, n] of createdBy) if (n > 1 && !attemptedDeletes.has(id)) v.push(`EntityCreated ×${n} for ${id}`);
  // Entities created from nothing attempted: every mode-A creation carries a name some op sent.
  for (const e of events) if (e.type === 'EntityCreated' && e.data['type'] === 'user' && !attemptedNames.has(e.data['name'])) v.push(`EntityCreated of ${e.data['entity_id']} named ${e.data['name']}: never attempted`);
  const attemptedUrls = new Set(ops.flatMap((o) => o.urls ?? []));
  const indexedBy = new Map<string, Set<string>>();
  for (const e of events) if (e.type === 'ContentIndexed') (indexedBy.get(e.data['url']) ?? indexedBy.set(e.data['url'], new Set()).get(e.data['url'])!).add(e.data['entity_id']);
  for (const [url, ids] of indexedBy) {
    if (!attemptedUrls.has(url)) v.push(`ContentIndexed of ${url}: never attempted`);
    if (ids.size > 1) v.push(`URL ${url} indexed as ${ids.size} entities (${[...ids].join(', ')})`);
  }
  v.push(...urlOwnerConflicts(events));
  const linked = new Map<string, number>();
  for (const e of events) if (e.type === 'ChildLinked') linked.set(`${e.data['parent_id']} → ${e.data['child_id']}`, (linked.get(`${e.data['parent_id']} → ${e.data['child_id']}`) ?? 0) + 1);
  for (const [k, n] of linked) if (n > 1) v.push(`ChildLinked ×${n} for ${k}`);
  const settled = new Map<string, number>();
  for (const e of events) if (e.type === 'BatchItemsSettled') settled.set(`${e.data['job_id']}#${e.data['chunk']}`, (settled.get(`${e.data['job_id']}#${e.data['chunk']}`) ?? 0) + 1);
  for (const [k, n] of settled) if (n > 1) v.push(`BatchItemsSettled ×${n} for ${k}`);
  const submitted = new Map<string, number>();
  for (const e of events) if (e.type === 'BatchJobSubmitted') submitted.set(e.data['job_id'], (submitted.get(e.data['job_id']) ?? 0) + 1);
  for (const [k, n] of submitted) if (n > 1) v.push(`BatchJobSubmitted ×${n} for ${k}`);
  const typeRegs = new Map<string, number>();
  for (const e of events) if (e.type === 'EntityTypeRegistered') typeRegs.set(e.data['entity_type'], (typeRegs.get(e.data['entity_type']) ?? 0) + 1);
  for (const [k, n] of typeRegs) if (n > 1) v.push(`EntityTypeRegistered ×${n} for ${k} (one registration each)`);
  // Writes the load never asks for: an update (every create names a new entity), an unlink, a second registration of
  // a type, a release of a URL no delete was sent for.
  const deleteUrls = new Set(ops.filter((o) => o.kind === 'deleteId' || o.kind === 'deleteUrl').flatMap((o) => o.urls ?? []));
  // A claim taken over after its lease is released too, once its claimant is fenced (`UrlClaimRevoked` before it).
  const revoked = new Set<string>();
  for (const e of events) {
    if (e.type === 'UrlClaimRevoked') revoked.add(`${e.data['url']} ${e.data['entity_id']}`);
    if (e.type === 'EntityUpdated') v.push(`EntityUpdated of ${e.data['entity_id']}: no request changed an entity`);
    if (e.type === 'ChildUnlinked') v.push(`ChildUnlinked ${e.data['parent_id']} → ${e.data['child_id']}: never asked`);
    if (e.type === 'EntityTypeRegistered' && e.data['updated']) v.push(`EntityTypeRegistered ${e.data['entity_type']} updated: registered once only`);
    if (e.type === 'UrlReleased' && !deleteUrls.has(e.data['url']) && !revoked.has(`${e.data['url']} ${e.data['entity_id']}`)) v.push(`UrlReleased ${e.data['url']} by ${e.data['entity_id']}: no delete sent for it`);
  }
  // Content written whole: each indexed entity that still stands has a vector after its last ContentIndexed.
  const trail = new Map<string, string>();
  for (const e of events) {
    if (e.type === 'ContentIndexed') trail.set(e.data['entity_id'], (trail.get(e.data['entity_id']) ?? '') + 'I');
    if (e.type === 'ContentEmbedded' && e.data['of'] === 'content') trail.set(e.data['entity_id'], (trail.get(e.data['entity_id']) ?? '') + 'E');
    if (e.type === 'EntityDeleted') trail.set(e.data['entity_id'], (trail.get(e.data['entity_id']) ?? '') + 'D');
  }
  // Windows the kills left in the log: still open at the end (a content command torn after its ContentIndexed, a
  // delete of a claimed URL without its release, a claim whose content never came, a job with chunks missing: allowed
  // only for requests never acknowledged), and cut then completed by a retry (the pairs written more than a second apart).
  const windows = {
    openTornContent: 0,
    openDeleteWithoutRelease: 0,
    openClaimWithoutContent: 0,
    openJobsTorn: 0,
    // Takeovers of a claim whose lease ran out (its claimant fenced first): reached only with clocks apart (--skew-m).
    claimsRevoked: events.filter((e) => e.type === 'UrlClaimRevoked').length,
    ...(await cutCommands(stack, ws.workspaceId)),
  };
  for (const [, t] of trail) if (/I(?!E)/.test(t)) windows.openTornContent += 1;
  const released = new Set(events.filter((e) => e.type === 'UrlReleased').map((e) => `${e.data['url']} ${e.data['entity_id']}`));
  for (const e of events) if (e.type === 'EntityDeleted' && e.data['url'] && !released.has(`${e.data['url']} ${e.data['entity_id']}`) && e.data['entity_id'] !== contentIdForUrl(e.data['url'])) windows.openDeleteWithoutRelease += 1;
  const contentOf = new Set(events.filter((e) => e.type === 'ContentIndexed').map((e) => `${e.data['url']} ${e.data['entity_id']}`));
  for (const e of events) if (e.type === 'UrlClaimed' && !contentOf.has(`${e.data['url']} ${e.data['entity_id']}`)) windows.openClaimWithoutContent += 1;
  const queued = new Map<string, number>();
  for (const e of events) if (e.type === 'BatchChunkQueued') queued.set(e.data['job_id'], (queued.get(e.data['job_id']) ?? 0) + 1);
  for (const e of events) if (e.type === 'BatchJobSubmitted' && (queued.get(e.data['job_id']) ?? 0) < e.data['chunk_count']) windows.openJobsTorn += 1;
  console.log(`  windows in the log: ${JSON.stringify(windows)}`);
  // Per-op checks.
  const urlOwner = new Map<string, string>();
  const own = (url: string, id: string) => {
    urlOwner.set(url, id);
    owned(url, id);
  };
  // Links: each parent's children count lies between its acknowledged links and the links attempted (no linked child is deleted).
  const ackedLinks = new Map<string, Set<string>>();
  const attemptedLinkCount = new Map<string, number>();
  for (const op of ops.filter((o) => o.kind === 'link' || o.kind === 'contentLinked')) {
    attemptedLinkCount.set(op.parent!, (attemptedLinkCount.get(op.parent!) ?? 0) + 1);
    if (op.acked && op.kind === 'link') (ackedLinks.get(op.parent!) ?? ackedLinks.set(op.parent!, new Set()).get(op.parent!)!).add(op.child!);
  }
  for (const op of ops) {
    if (!op.acked) continue;
    const a = op.answers[0]!.body;
    switch (op.kind) {
      case 'createA':
      case 'createId':
      case 'createLinked': {
        const id = a.id ?? a.entity_id;
        if (op.kind === 'createLinked') {
          const kids = (a.linked_content ?? []) as { entity_id?: string; url?: string }[];
          if (kids.length !== op.urls!.length) v.push(`${op.n}: acknowledged create with ${op.urls!.length} linked items answered ${kids.length}`);
          for (const k of kids) if (k.entity_id && k.url) own(k.url, k.entity_id);
          if (!deletedIds.has(id)) {
            ackedLinks.set(id, new Set(kids.map((k) => k.entity_id!)));
            attemptedLinkCount.set(id, kids.length);
          }
        }
        if (op.id && id !== op.id) v.push(`${op.n}: answered id ${id}, sent ${op.id}`);
        if (!deletedIds.has(id)) tasks.push(() => check(`${op.n} entity ${id} (${op.name})`, async () => (await req('GET', '/entity', { entity_id: id })).body?.name === op.name));
        if (!createdBy.has(id)) v.push(`${op.n}: acknowledged create of ${id} has no EntityCreated`);
        break;
      }
      case 'content':
      case 'contentId':
      case 'contentLinked':
      case 'index':
      case 'contest':
        if (op.id && a.entity_id !== op.id) v.push(`${op.n}: answered ${a.entity_id}, sent id ${op.id}`);
        own(op.urls![0]!, a.entity_id);
        if (op.kind === 'contentLinked') {
          (ackedLinks.get(op.parent!) ?? ackedLinks.set(op.parent!, new Set()).get(op.parent!)!).add(a.entity_id);
          if (!linked.has(`${op.parent} → ${a.entity_id}`)) v.push(`${op.n}: acknowledged content linked to ${op.parent} has no ChildLinked`);
        }
        break;
      case 'batch':
      case 'indexBatch':
        for (const it of a.results ?? []) {
          if (it.entity_id) own(it.url, it.entity_id);
          else if (!contestedItem(it)) v.push(`${op.n}: acknowledged batch item ${it.url} failed: ${JSON.stringify(it)}`);
        }
        break;
      case 'job':
        tasks.push(() =>
          check(`${op.n} job ${a.job_id} ends`, async () => {
            const j = await req('GET', `/entity/batch/jobs/${encodeURIComponent(a.job_id)}`);
            if (j.body?.status !== 'Completed' && j.body?.status !== 'Failed') return false;
            for (const it of j.body.results ?? []) {
              if (it.entity_id) own(it.url, it.entity_id);
              else if (!contestedItem(it)) v.push(`${op.n}: job item ${it.url} failed: ${JSON.stringify(it)}`);
            }
            if (j.body.status === 'Failed' && !(j.body.results ?? []).some(contestedItem)) v.push(`${op.n}: job ${a.job_id} Failed`);
            return true;
          }),
        );
        break;
      case 'link':
        if (!linked.has(`${op.parent} → ${op.child}`)) v.push(`${op.n}: acknowledged link ${op.parent} → ${op.child} has no ChildLinked`);
        break;
      case 'deleteId':
      case 'deleteUrl':
        tasks.push(() => check(`${op.n} deleted ${op.id}`, async () => (await req('GET', '/entity', { entity_id: op.id! })).status === 404));
        for (const url of op.urls ?? []) tasks.push(() => check(`${op.n} deleted URL ${url}`, async () => (await req('GET', '/entity', { url })).status === 404));
        break;
      case 'type':
        tasks.push(() => check(`${op.n} type ${op.name}`, async () => (await req('GET', '/entity/type', { entity_type: op.name! })).status === 200));
        break;
      case 'workspace':
        tasks.push(() => check(`${op.n} workspace ${a.public_id} key works`, async () => {
          const res = await fetch(`${fronts[turn++ % fronts.length]}/clusters?limit=1`, { headers: { 'x-api-key': a.workspace_api_key } });
          return res.status === 200;
        }));
        break;
    }
  }
  // Jobs first (they add to urlOwner).
  await runLimited(tasks.filter((_, i) => i >= 0), 12);
  for (const [url, ids] of ownersOf) if (ids.size > 1 && !deletedUrls.has(url)) v.push(`URL ${url} acknowledged to ${ids.size} owners: ${[...ids].join(', ')}`);
  const contests = ops.filter((o) => o.kind === 'contest');
  console.log(`  contests: ${contests.length} sent, ${contests.filter((o) => o.acked).length} won, ${contests.filter((o) => o.refused).length} refused; ops refused for a contest: ${ops.filter((o) => o.kind !== 'contest' && o.refused).length}`);
  for (const [url, id] of urlOwner) {
    if (deletedUrls.has(url)) continue;
    verified += 1;
    if (!indexedBy.get(url)?.has(id)) v.push(`acknowledged ${url} → ${id}: no ContentIndexed`);
    const t = trail.get(id) ?? '';
    if (!/E$/.test(t.replace(/D.*$/, '')) && !t.includes('D')) v.push(`acknowledged ${url} → ${id}: no vector after its content (trail ${t})`);
  }
  await runLimited(
    [...urlOwner].filter(([url]) => !deletedUrls.has(url)).map(([url, id]) => () => check(`content ${url} → ${id}`, async () => {
      const res = await req('GET', '/entity', { url });
      return res.status === 200 && res.body?.entity_id === id;
    })),
    12,
  );
  await runLimited(
    [...ackedLinks].map(([parent, kids]) => () => check(`links of ${parent}: ${kids.size} acknowledged, ≤ ${attemptedLinkCount.get(parent)} attempted`, async () => {
      const res = await req('POST', `/entity/${encodeURIComponent(parent)}/compose`, undefined, {});
      const n = res.body?.children ?? -1;
      return n >= kids.size && n <= attemptedLinkCount.get(parent)!;
    })),
    8,
  );
  // The entity replicas' catalogs: the count of live users equals the log's (asked several times, through both
  // gateways, so that every replica answers).
  const liveUsers = new Set<string>();
  for (const e of events) {
    if (e.type === 'EntityCreated' && e.data['type'] === 'user') liveUsers.add(e.data['entity_id']);
    if (e.type === 'EntityDeleted') liveUsers.delete(e.data['entity_id']);
  }
  for (let k = 0; k < 6; k++) {
    await check(`entity_count(user) = ${liveUsers.size} (the log's)`, async () => (await req('GET', '/entity/type', { entity_type: 'user' })).body?.entity_count === liveUsers.size);
  }
  // Registered types: the description sent.
  for (const op of ops.filter((o) => o.kind === 'type' && o.acked)) {
    await check(`${op.n} type ${op.name} described as sent`, async () => (await req('GET', '/entity/type', { entity_type: op.name! })).body?.description === (op.body as { description: string }).description);
  }
  // Workspaces: one per name, only attempted names.
  const wsOps = ops.filter((o) => o.kind === 'workspace');
  if (wsOps.length) {
    // Asked until it answers 200 (once, seed 3308 at 11:24 UTC, the first answer had no list and the run stopped here).
    const answers: { status: number; body: any }[] = [];
    const answered = await eventually(async () => answers[answers.push(await req('GET', '/admin/workspaces', undefined, undefined, true)) - 1]!.status === 200, { timeoutMs: 60_000, what: 'the workspace list' }).then(
      () => true,
      () => false,
    );
    const listed = answers[answers.length - 1];
    if (answers.length > 1) console.log(`  GET /admin/workspaces answered ${answers.map((x) => x.status).join(', ')}; first: ${JSON.stringify(answers[0]!.body).slice(0, 300)}`);
    if (!answered) v.push(`GET /admin/workspaces never answered 200: ${listed?.status} ${JSON.stringify(listed?.body).slice(0, 300)}`);
    const list = (answered ? listed!.body.workspaces : []) as { public_id: string; name: string }[];
    const mine = list.filter((w) => w.name.startsWith(`ws ${prefix}-`));
    const byName = new Map<string, string[]>();
    for (const w of mine) (byName.get(w.name) ?? byName.set(w.name, []).get(w.name)!).push(w.public_id);
    const names = new Set(wsOps.map((o) => o.name!));
    for (const [name, ids] of byName) {
      if (!names.has(name)) v.push(`workspace ${name}: never attempted`);
      if (ids.length > 1) v.push(`workspace ${name} created ${ids.length} times: ${ids.join(', ')}`);
    }
    for (const o of wsOps.filter((x) => x.acked)) {
      verified += 1;
      if (!byName.get(o.name!)?.includes(o.answers[0]!.body.public_id)) v.push(`${o.n}: acknowledged workspace ${o.name} not listed`);
    }
  }
  if (!withDigests) return { violations: v, verified, digestChecks: 0, digests: {} };
  // Every replica of every service with a read model (entity, taste, ranking, visualize; all-in-one: each process, all
  // four) against a replay of the log to its position (of the workspaces of the partitions it holds: checkLiveDigest).
  const nc = await stack.bus();
  const rpc = new RpcClient(nc);
  const store = await EventStore.open(nc);
  let digestChecks = 0;
  const digests: Record<string, number> = {};
  // Replica i of every app alone (the others killed -9 meanwhile, then started again: they restore from their snapshots,
  // and the next replica checked is such a restarted one). The last replica first: #1, which the snapshot window has
  // just killed inside a snapshot's write and started again, is checked as that restart left it.
  const aio = stack.processes().some((x) => x.name === 'tastegraph');
  const apps = digestApps(aio);
  const count = (a: AppName) => stack.processes().filter((x) => x.name === a).length;
  const maxN = Math.max(...apps.map(count));
  for (let i = maxN - 1; i >= 0; i--) {
    const others = apps.flatMap((a) => Array.from({ length: count(a) }, (_, j) => j).filter((j) => j !== i).map((j) => [a, j] as const));
    await Promise.all(others.map(([a, j]) => stack.kill(a, j)));
    try {
      for (const svc of Object.keys(DIGEST_OPS) as DigestService[]) {
        const app = aio ? 'tastegraph' : SERVICE_APP[svc];
        if (i >= count(app)) continue;
        try {
          // Asked until it answers (bounded): a replica just started may still be catching up, and a niced one busy
          // digesting a large catalog under load can miss its liveness beats (an error then, not a divergence).
          let errors = 0;
          const live = await eventually(
            async () => {
              const last = await store.streamLastSeq();
              try {
                return (await rpc.call(DIGEST_OPS[svc], { ws: '_account', data: {}, minSeq: last }, { timeoutMs: 90_000 })).data as LiveDigestReply;
              } catch (e) {
                errors++;
                throw e;
              }
            },
            { timeoutMs: 240_000, intervalMs: 2_000, what: `${svc} of ${app}#${i} digest` },
          );
          const checked = await checkLiveDigest(store, live);
          digestChecks += 1;
          digests[svc] = (digests[svc] ?? 0) + 1;
          const held = `${Object.keys(live.digest.workspaces).filter((w) => w !== '_account').length} workspaces of partitions ${checked.partitions}`;
          console.log(`  ${svc} of ${app}#${i} digest (${checked.compared.join(', ')}; ${held}) at ${live.position}, restored from ${live.restored_from}${errors ? ` (after ${errors} failed asks)` : ''}: ${checked.differences.length ? 'DIFFERS' : 'equal'}`);
          if (checked.differences.length) {
            v.push(`${svc} of ${app}#${i} digest (partitions ${checked.partitions}) at ${live.position} (restored from ${live.restored_from}) differs from a replay: ${checked.differences.slice(0, 5).join('; ')}`);
            // Evidence, while the stack still runs: do replays of the log agree with one another, and do the stream's
            // replicas (each NATS node's, by direct gets from a connection to that node) hold the same messages?
            const again = await Promise.all([0, 1].map(() => checkLiveDigest(store, live).then((x) => x.differences.length)));
            console.log(`    two more replays to ${live.position}: ${again.join(', ')} differences; stream replicas: ${await replicaHashes(stack, live.position)}`);
          }
        } catch (e) {
          v.push(`${svc} of ${app}#${i} digest: ${(e as Error).message.slice(0, 200)}`);
        }
      }
    } finally {
      // Each one killed -9 once while it starts (in its restore from the snapshot or its replay of the tail), then
      // started again: the next replica checked has been through that.
      await Promise.all(others.map(([a, j]) => startThroughAKill(stack, a, j)));
    }
  }
  return { violations: v, verified, digestChecks, digests };
}

/**
 * Each NATS node's replica of the stream, messages 1..`upTo` ({@link compareStreamCopies}, as `npm run stream-copies`
 * reads them): a hash per node, and how many sequences hold different messages on different nodes (first, last).
 */
async function replicaHashes(stack: ProcessStack, upTo: number): Promise<string> {
  const r = await compareStreamCopies(stack.nats.url.split(','), { upTo });
  const out = r.copies.map((c, n) => (c.error ? `node ${n}: ${c.error.slice(0, 80)}` : `node ${n} ${c.hash!.slice(0, 12)}${c.missing ? ` (${c.missing} missing)` : ''}`));
  if (r.differing) out.push(`${r.differing} sequences differ between nodes (first ${r.sample[0]}, last ${r.lastDiffering})`);
  return out.join(', ');
}

/** The nodes' copies of the stream compared to its last sequence ({@link compareStreamCopies}); a violation when they differ. */
async function streamCopiesAfterRound(stack: ProcessStack): Promise<string[]> {
  const urls = stack.nats.url.split(',');
  let last: Awaited<ReturnType<typeof compareStreamCopies>> | undefined;
  try {
    await eventually(async () => (last = await compareStreamCopies(urls)).equal, { timeoutMs: 60_000, intervalMs: 2_000, what: 'the nodes\' copies of the stream equal' });
    console.log(`  stream copies: equal to ${last!.upTo} on ${last!.copies.filter((c) => !c.error).length} nodes`);
    return [];
  } catch {
    const r = last;
    const said = r ? `${r.differing} sequences differ between nodes (first ${r.sample.slice(0, 5).join(', ')}, last ${r.lastDiffering ?? '-'}) of 1-${r.upTo}; ${r.copies.map((c, n) => (c.error ? `node ${n} not read` : `node ${n} ${c.read} messages, ${c.missing} missing`)).join(', ')}` : 'not compared';
    console.log(`  stream copies: DIFFERENT: ${said}`);
    return [`the stream's copies on the NATS nodes differ: ${said}`];
  }
}

/**
 * Starts `app#i`, kills it -9 0-300 ms after its first log line (as its service starts, before or in its restore from
 * the snapshot) or when it logs that restore (then replaying the log's tail), whichever comes first, and starts it again.
 */
async function startThroughAKill(stack: ProcessStack, app: AppName, i: number): Promise<void> {
  const p = stack.proc(app, i);
  const starting = p.start().catch(() => undefined);
  // Its first log line comes as the service starts, just before its catalog's restore; then 0-300 ms.
  const firstLine = p.waitForLine(/"msg"/, { timeoutMs: 60_000 }).then(() => sleep(Math.floor(Math.random() * 300)));
  await Promise.race([p.waitForLine(/catalog restored from snapshot/, { timeoutMs: 60_000 }), firstLine]).catch(() => undefined);
  const stage = p.tail(3).split('\n').filter((l) => l.trim()).pop()?.slice(0, 160) ?? '';
  if (p.alive) await stack.kill(app, i);
  await starting;
  console.log(`  ${app}#${i} killed while starting, after: ${stage}`);
  await p.start();
}

/**
 * Commands cut between their appends and completed later: the second event of a pair on the same subject written
 * more than a second after the first (they are otherwise back to back), counted by pair.
 */
async function cutCommands(stack: ProcessStack, ws: string): Promise<Record<string, number>> {
  const js = jetstream(await stack.bus());
  const out: Record<string, number> = {};
  for (const filter of [`tg.evt.${ws}.*.*`, 'tg.evt._account.*.*']) {
    const c = await js.consumers.get('TG_EVENTS', { filter_subjects: filter });
    if ((await c.info(true)).num_pending === 0) continue;
    const last = new Map<string, { type: string; at: number }>();
    // Pairs on two subjects (the claim on the URL's home, the content on the claimant; a delete, then its release).
    const claimed = new Map<string, number>();
    const deleted = new Map<string, number>();
    const msgs = await c.consume({ max_messages: 512 });
    for await (const m of msgs) {
      const e = m.json<{ type: string; data: Record<string, any> }>();
      const at = Number(m.info.timestampNanos / 1_000_000);
      const key = `${e.data['url']} ${e.data['entity_id']}`;
      if (e.type === 'UrlClaimed') claimed.set(key, at);
      if (e.type === 'EntityDeleted' && e.data['url']) deleted.set(key, at);
      const cross = e.type === 'ContentIndexed' ? ['UrlClaimed→ContentIndexed (another subject)', claimed.get(key)] as const : e.type === 'UrlReleased' ? ['EntityDeleted→UrlReleased', deleted.get(key)] as const : undefined;
      if (cross?.[1] !== undefined && at - cross[1] > 1_000) out[cross[0]] = (out[cross[0]] ?? 0) + 1;
      if (e.type === 'ContentIndexed') claimed.delete(key);
      if (e.type === 'UrlReleased') deleted.delete(key);
      const prev = last.get(m.subject);
      if (prev && at - prev.at > 1_000) {
        const pair = `${prev.type}→${e.type}`;
        if (['ContentIndexed→ContentEmbedded', 'EntityCreated→ContentEmbedded', 'EntityDeleted→UrlReleased', 'WorkspaceCreated→ApiKeyIssued', 'BatchJobSubmitted→BatchChunkQueued', 'BatchItemsSettled→BatchJobCompleted', 'UrlClaimed→ContentIndexed'].includes(pair)) out[pair] = (out[pair] ?? 0) + 1;
      }
      last.set(m.subject, { type: e.type, at });
      if (m.info.pending === 0) break;
    }
    await msgs.close();
  }
  return out;
}

const FAKETIME_LIB = '/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1';

/** The environment that sets a process's wall clock `minutes` apart from the machine's (timers keep the real monotonic clock). */
function skewedClock(minutes: number): Record<string, string> {
  if (!existsSync(FAKETIME_LIB)) throw new Error(`--skew-m needs libfaketime (apt-get install faketime): no ${FAKETIME_LIB}`);
  return { LD_PRELOAD: FAKETIME_LIB, FAKETIME: `${minutes >= 0 ? '+' : ''}${minutes}m`, FAKETIME_DONT_FAKE_MONOTONIC: '1' };
}

const runLimited = (tasks: (() => Promise<void>)[], n: number) => mapLimit(tasks, n, (t) => t());

export async function run(args: string[]) {
  const seed = arg(args, 'seed', Math.floor(Math.random() * 1e9));
  const rounds = arg(args, 'rounds', 2);
  const roundS = arg(args, 'round-s', 40);
  const concurrency = arg(args, 'concurrency', 6);
  const killEveryMs = arg(args, 'kill-every-ms', 5_000);
  const snapshotEvery = arg(args, 'snapshot-every', 150);
  const natsShape = strArg(args, 'nats', 'cluster');
  const lateN = arg(args, 'late-retries', 120);
  // Clock skew: replica #1 of every app runs with its clock this many minutes ahead (or behind, negative), through
  // libfaketime (Debian's faketime package); replica #0 and the NATS nodes keep the machine's clock.
  const skewM = arg(args, 'skew-m', 0);
  // The share of the random faults that hit a NATS node (on the cluster): half kills, half stalls of the stream leader.
  const natsShare = arg(args, 'nats-share', 0.2);
  // The share of the faults aimed inside a periodic snapshot's write of a process with a read model (0.15), the most
  // the kill waits after the write starts (ms), and the size of the catalog every process holds beside the rounds'
  // (items in a filler workspace, loaded before the rounds: a write that takes long enough to be hit, and, from 5,000
  // items of one type, ranking's search worker whose vector graphs are written with the snapshot).
  const snapShare = arg(args, 'snap-share', 0.15);
  const snapDelayMs = arg(args, 'snap-delay-ms', 60);
  const bigN = arg(args, 'big', 6_000);
  // Workspace partitions (services shape): taste, ranking and visualize with three replicas each, every partition on two
  // of them (assignPartitions), each round's load spread over `--spread` workspaces of distinct partitions.
  const partitions = arg(args, 'partitions', 1);
  const spread = arg(args, 'spread', partitions > 1 ? 3 : 1);
  console.log(`campaign seed ${seed} (re-run: npm run bench -- campaign -- --seed ${seed} --rounds ${rounds} --round-s ${roundS} --nats ${natsShape} --shape ${strArg(args, 'shape', 'services')}${skewM ? ` --skew-m ${skewM}` : ''}${natsShare !== 0.2 ? ` --nats-share ${natsShare}` : ''}${snapShare !== 0.15 ? ` --snap-share ${snapShare}` : ''}${snapDelayMs !== 60 ? ` --snap-delay-ms ${snapDelayMs}` : ''}${bigN !== 6_000 ? ` --big ${bigN}` : ''}${partitions > 1 ? ` --partitions ${partitions}` : ''}${spread !== (partitions > 1 ? 3 : 1) ? ` --spread ${spread}` : ''})`);
  const shape = strArg(args, 'shape', 'services') === 'all-in-one' ? 'all-in-one' : 'services';
  const aio = shape === 'all-in-one';
  if (aio && partitions > 1) throw new Error('--partitions needs --shape services (an all-in-one process holds every partition)');
  const pr = partitions > 1 ? 3 : 2;
  // All-in-one: two processes of apps/tastegraph (every service and a gateway each) on one NATS.
  const replicas: Partial<Record<AppName, number>> = aio
    ? { tastegraph: 2 }
    : replicasOnly({ 'admin-service': 2, 'entity-service': 2, 'ingestion-service': 2, 'embedding-service': 2, 'taste-service': pr, 'ranking-service': pr, 'visualize-service': pr, gateway: 2 });
  const killable: AppName[] = aio ? ['tastegraph'] : KILLABLE;
  const replicasOf = (a: AppName) => replicas[a] ?? 0;
  const natsNodes = natsShape === 'cluster' ? 3 : 1;
  const t0 = Date.now();
  const stack = await startProcessStack({
    shape,
    replicas,
    nats: natsShape === 'cluster' ? natsCluster() : singleNats(),
    env: { TG_RPC_TIMEOUT_MS: '6000', TG_SNAPSHOT_EVERY_EVENTS: String(snapshotEvery), TG_JOB_ACK_WAIT_MS: '5000' },
    envOfReplica: (_name, i) => (skewM && i === 1 ? skewedClock(skewM) : undefined),
    // A shared machine at load 30+ started no service within the default 90 s (seed 3307, 11:07 UTC).
    readyTimeoutMs: 240_000,
    ...(partitions > 1 ? { partitions, partitionCopies: 2 } : {}),
  });
  if (partitions > 1) console.log(`partitions: ${partitions}; taste, ranking and visualize replicas hold ${[0, 1, 2].map((i) => `#${i} ${stack.partitionsOf('ranking-service', i).join(',')}`).join(', ')}`);
  /** A new workspace; with partitions, one of a partition `ok` accepts and not in `taken` (bounded tries). */
  const partitionOfWs = (id: string) => partitionOf(id, partitions);
  const newWorkspace = async (name: string, ok: (p: number) => boolean = () => true) => {
    for (let k = 0; ; k++) {
      const w = await eventually(() => stack.workspace(k ? `${name}-${k}` : name), { timeoutMs: 60_000, what: 'a workspace' });
      if (partitions <= 1 || ok(partitionOfWs(w.workspaceId)) || k >= 40) return w;
    }
  };
  console.log(`stack ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const results: RoundResult[] = [];
  try {
    // The filler workspace: a large catalog in every process (so that a snapshot's write takes long enough to be hit),
    // and the writes that make every process write a snapshot in the window after each round.
    // With partitions, of one replica #1 holds: the snapshot window after each round kills #1 inside a snapshot write that
    // the filler's writes cause (a replica counts only the events of its partitions).
    const filler = await newWorkspace('campaign-filler', (p) => stack.partitionsOf('ranking-service', 1).includes(p));
    let filled = 0;
    const fill = async (n: number) => {
      const from = filled;
      filled += n;
      const body = { content: Array.from({ length: n }, (_, k) => ({ url: `https://filler.example.com/${from + k}`, type: 'text', content: `${pick(Math.random, WORDS)} ${pick(Math.random, WORDS)} filler ${from + k}`, skip_url_fetch: true, skip_media_enrich: true })) };
      // Each attempt through the next gateway (one may be down: in the all-in-one shape the window kills a process).
      let attempt = Math.floor(from / n);
      await eventually(
        async () => {
          const res = await fetch(`${stack.baseUrls[attempt++ % stack.baseUrls.length]}/entity/batch`, { method: 'POST', headers: { 'x-api-key': filler.key, 'content-type': 'application/json', 'x-request-id': `filler-${from}-${n}` }, body: JSON.stringify(body), signal: AbortSignal.timeout(120_000) });
          await res.text();
          return res.ok;
        },
        { timeoutMs: 300_000, intervalMs: 1_000, what: `a filler batch of ${n}` },
      );
    };
    const tb = Date.now();
    for (let k = 0; k < bigN; k += 250) await fill(Math.min(250, bigN - k));
    // Searches of it through both gateways: each ranking replica searched starts its worker thread (5,000 items or more).
    for (let k = 0; k < 8 && bigN > 0; k++) {
      await fetch(`${stack.baseUrls[k % stack.baseUrls.length]}/search`, { method: 'POST', headers: { 'x-api-key': filler.key, 'content-type': 'application/json' }, body: JSON.stringify({ query: `${WORDS[k]} filler`, limit: 5 }), signal: AbortSignal.timeout(60_000) }).then((x) => x.text()).catch(() => undefined);
    }
    console.log(`filler workspace: ${filled} items in ${((Date.now() - tb) / 1000).toFixed(1)} s`);
    for (let round = 0; round < rounds; round++) {
      const rseed = seed + round * 7919;
      const r = prng(rseed);
      const prefix = `s${seed.toString(36)}r${round}`;
      // One workspace, or (`--spread`) several of distinct partitions, each with its own writers (the concurrency shared).
      const wss: Awaited<ReturnType<typeof newWorkspace>>[] = [];
      for (let k = 0; k < spread; k++) wss.push(await newWorkspace(`campaign-${prefix}${k ? `w${k}` : ''}`, (p) => !wss.some((w) => partitionOfWs(w.workspaceId) === p)));
      if (partitions > 1) console.log(`  round ${round} workspaces in partitions ${wss.map((w) => partitionOfWs(w.workspaceId)).join(', ')}`);
      const end = Date.now() + roundS * 1000;
      const cs = wss.map((w, k) => new Campaign(stack, w.key, `${prefix}${k ? `w${k}` : ''}`, rseed + k * 101, Math.max(2, Math.round(concurrency / spread)), () => end + 90_000));
      for (const c of cs) await c.start();
      const writers = Promise.all(cs.map((c) => c.run()));
      /** The campaign (and its workspace) a fault aims at: the one, or (spread) one drawn. */
      const aim = () => (cs.length > 1 ? Math.floor(r() * cs.length) : 0);
      const kills: string[] = [];
      const snapshotKills: SnapshotKill[] = [];
      // Restarts run beside the next kills (a process comes back while another dies); at most two down at once.
      const restarting = new Map<string, Promise<void>>();
      while (Date.now() < end) {
        await sleep(Math.floor(killEveryMs * (0.3 + r() * 1.4)));
        if (Date.now() >= end) break;
        if (restarting.size >= 2) await Promise.race(restarting.values());
        let k: Kill | undefined;
        const busy = (label: string) => [...restarting.keys()].some((x) => x.split(' ')[0]!.split('+')[0]!.replace(/#.*/, '') === label.replace(/#.*/, ''));
        if (r() < snapShare) {
          const dapps = digestApps(aio);
          const app = pick(r, dapps);
          const i = Math.floor(r() * replicasOf(app));
          if (busy(app)) continue;
          const sk = await killInSnapshot(stack, app, i, Math.max(1_000, Math.min(20_000, end - Date.now())), Math.floor(r() * snapDelayMs));
          if (sk) snapshotKills.push(sk);
          k = sk && { label: sk.label, restart: () => stack.start(app, i) };
        } else if (r() < 0.45) {
          const [type, svc] = pick(r, TRIGGERS);
          const app: AppName = aio ? 'tastegraph' : svc;
          if (busy(app)) continue;
          const freeze = r() < 0.3 ? 1_000 + Math.floor(r() * 7_000) : undefined;
          if (skewM !== 0 && r() < 0.3) {
            // A claim taken over by a process whose clock runs a lease ahead of the claimant's.
            const claimApp: AppName = aio ? 'tastegraph' : 'ingestion-service';
            if (busy(claimApp)) continue;
            const t = aim();
            k = await takeoverOnClaim(stack, cs[t]!, wss[t]!.workspaceId, claimApp, skewM > 0 ? 0 : 1, Math.max(1_000, end - Date.now()), r);
          } else k = await killOnEvent(stack, wss[aim()]!.workspaceId, type, app, replicasOf(app), Math.max(1_000, end - Date.now()), freeze);
        } else {
          k = await killRandom(stack, r, natsNodes, replicasOf, (label) => busy(label) || (label.startsWith('nats') && [...restarting.keys()].some((x) => x.startsWith('nats'))), killable, natsShare);
        }
        if (!k) continue;
        kills.push(k.label);
        console.log(`  round ${round} +${((Date.now() - (end - roundS * 1000)) / 1000).toFixed(1)} s: killed ${k.label}`);
        const label = k.label;
        const delay = Math.floor(r() * 2_000);
        const restart = k.restart;
        restarting.set(
          label,
          sleep(delay)
            .then(restart)
            .catch((e) => console.log(`  restart of ${label} failed: ${(e as Error).message.slice(0, 6_000)}`))
            .finally(() => restarting.delete(label)),
        );
      }
      await Promise.all(restarting.values());
      for (const c of cs) c.stop();
      await writers;
      for (const c of cs) await c.settled();
      // Anything still down is started again before the checks.
      for (const p of stack.processes()) if (!p.alive) await p.start();
      for (const n of stack.nats.nodes) if (!n.alive) await stack.startNats(n.index);
      let late = 0;
      for (const c of cs) late += await c.lateRetries(Math.ceil(lateN / cs.length), r);
      snapshotKills.push(...(await snapshotWindow(stack, digestApps(aio), fill, r, snapDelayMs)));
      // Each workspace's writes verified; the digests of every replica once, after the last.
      const checked = [];
      for (const [k, c] of cs.entries()) checked.push(await verify(stack, c, wss[k]!, `${prefix}${k ? `w${k}` : ''}`, k === cs.length - 1));
      const violations = checked.flatMap((x) => x.violations);
      // On a cluster, after every round: do the nodes' copies of the stream hold the same messages (fault35: after a
      // stream-leader stall they may not, whatever the digests saw)? A follower still catching up is waited for (60 s).
      if (stack.nats.url.includes(',')) violations.push(...(await streamCopiesAfterRound(stack)));
      const verified = checked.reduce((a, x) => a + x.verified, 0);
      const { digestChecks, digests } = checked[checked.length - 1]!;
      const ops = cs.flatMap((c) => c.ops);
      const res: RoundResult = {
        seed: rseed,
        round,
        ops: ops.length,
        acked: ops.filter((o) => o.acked).length,
        unacked: ops.filter((o) => !o.acked && !o.clientError && !o.refused).length,
        retriedOps: ops.filter((o) => o.attempts > (o.duplicated ? 2 : 1)).length,
        doubleSent: ops.filter((o) => o.duplicated).length,
        attempts: ops.reduce((a, o) => a + o.attempts, 0),
        kills,
        violations,
        verified,
        digestChecks,
        digests,
        snapshotKills,
      };
      results.push(res);
      console.log(`round ${round} (seed ${rseed}): ops ${res.ops}, acked ${res.acked}, unacked ${res.unacked}, retried ${res.retriedOps}, double-sent ${res.doubleSent}, attempts ${res.attempts}, kills ${kills.length} [${kills.join(', ')}], late retries ${late}, verified ${verified}, digest checks ${digestChecks} ${JSON.stringify(digests)}, snapshot kills ${snapshotKills.length} (${snapshotKills.filter((x) => x.inWrite).length} inside the write), violations ${violations.length}`);
      for (const x of violations.slice(0, 60)) console.log(`  VIOLATION: ${x}`);
    }
  } finally {
    await stack.stop();
  }
  const figures: Record<string, number | string> = {
    seed,
    rounds,
    ops: results.reduce((a, x) => a + x.ops, 0),
    acked: results.reduce((a, x) => a + x.acked, 0),
    kills: results.reduce((a, x) => a + x.kills.length, 0),
    verified: results.reduce((a, x) => a + x.verified, 0),
    violations: results.reduce((a, x) => a + x.violations.length, 0),
    digests: results.reduce((a, x) => a + x.digestChecks, 0),
    snapshotKills: results.reduce((a, x) => a + x.snapshotKills.length, 0),
    snapshotKillsInside: results.reduce((a, x) => a + x.snapshotKills.filter((k) => k.inWrite).length, 0),
  };
  const markdown = [
    `seed ${seed}, nats ${natsShape}, shape ${shape}${partitions > 1 ? `, ${partitions} partitions (taste, ranking, visualize: 3 replicas, each partition on 2), ${spread} workspaces a round` : ''}`,
    '| round | seed | ops | acknowledged | unacknowledged | retried | double-sent | kills | checks | digests = replay (entity/taste/ranking/visualize) | kills aimed at a snapshot write (inside it) | violations |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...results.map((x) => `| ${x.round} | ${x.seed} | ${x.ops} | ${x.acked} | ${x.unacked} | ${x.retriedOps} | ${x.doubleSent} | ${x.kills.length} | ${x.verified} | ${x.digestChecks} (${['entity', 'taste', 'ranking', 'visualize'].map((k) => x.digests[k] ?? 0).join('/')}) | ${x.snapshotKills.length} (${x.snapshotKills.filter((k) => k.inWrite).length}) | ${x.violations.length} |`),
    '',
    ...results.flatMap((x) => x.violations.map((y) => `- round ${x.round}: ${y}`)),
  ].join('\n');
  return { figures, markdown };
}
