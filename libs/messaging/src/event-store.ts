import { jetstream, jetstreamManager, JetStreamApiError, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import { headers as natsHeaders, type NatsConnection } from '@nats-io/transport-node';
import { decodeEvent, encodeEvent, subjectToken, type AggregateKind, type StoredEvent, type TgEvent } from '@tg/contracts';
import type { Logger } from '@tg/observability';

/** Name of the one event stream. */
export const EVENT_STREAM = 'TG_EVENTS';
/** Subjects of the stream: `tg.evt.<workspace>.<aggregate>.<token>`. */
export const EVENT_SUBJECTS = 'tg.evt.*.*.*';
/** NATS error code for "wrong last sequence" (optimistic concurrency conflict). */
export const WRONG_LAST_SEQUENCE = 10071;

/** Raised when an append's expected last subject sequence no longer holds. */
export class ConcurrencyError extends Error {
  override readonly name = 'ConcurrencyError';
  constructor(readonly subject: string, readonly expected: number, options?: { cause?: unknown }) {
    super(`wrong last sequence on ${subject} (expected ${expected})`, options);
  }
}

/**
 * Raised when JetStream acknowledges an append as a duplicate of an earlier message id: nothing new was
 * written, so the events must not be evolved into any state. Reload the aggregate and answer from it.
 */
export class DuplicateAppendError extends Error {
  override readonly name = 'DuplicateAppendError';
  constructor(
    readonly subject: string,
    readonly seq: number,
    /** Which of the command's events was found stored, and how many it has: the last one means all of them. */
    readonly index = 0,
    readonly count = 1,
  ) {
    super(`duplicate append on ${subject} (already stored at ${seq})`);
  }
}

/** Options of an append. */
export interface AppendOptions {
  /** Expected last sequence of the subject: 0 for "only if new", null to skip the check. */
  expectedSeq: number | null;
  /**
   * Dedupe key of the command: a retried command with the same key appends nothing new (JetStream dedupes
   * message ids stream-wide, so the key must name the write itself: see `commandMsgId`).
   */
  msgId?: string;
}

/** How long an append waits for a stream leader to be elected before it fails (see `publishWaitingForLeader`). */
export const NO_LEADER_WAIT_MS = 10_000;
/** Bound of one publish attempt (an attempt sent to a leader that died is never answered). */
const PUBLISH_TIMEOUT_MS = 4_000;
const NO_LEADER_RETRY_MS = 200;

/** The publish reached no stream (no leader right now): nothing was stored. */
function isNoResponders(e: unknown): boolean {
  const name = (e as { name?: string })?.name;
  return name === 'JetStreamNotEnabled' || name === 'NoRespondersError' || /no responders/i.test(String((e as Error)?.message));
}
/** The publish was not answered in time (e.g. sent to a leader that died): maybe stored. */
function isTimeout(e: unknown): boolean {
  return (e as { name?: string })?.name === 'TimeoutError' || /timeout/i.test(String((e as Error)?.message));
}

/** Headers carried with every event. */
const REQUEST_ID = 'x-request-id';

/**
 * The event store on JetStream: append with optimistic concurrency and message-id dedupe, read one
 * aggregate, read the stream's position.
 */
export class EventStore {
  private constructor(
    readonly nc: NatsConnection,
    readonly js: JetStreamClient,
    readonly jsm: JetStreamManager,
    readonly stream: string,
    /** Replicas of the stream: above 1, reads go to the stream leader (see {@link getMsg}). */
    readonly replicas = 1,
  ) {}

  /**
   * One stored message by sequence, last or next by subject. On a single replica a direct get (any server
   * answers, cheapest). On a replicated stream direct gets are answered by followers too, and a follower may
   * not have applied an append the leader has acknowledged: a load right after a write (the batch-job
   * consumer loading the job of the chunk it was just handed) saw the aggregate before it. The leader's
   * message get has applied every acknowledged append, so an aggregate read sees every acknowledged write.
   */
  private getMsg(query: { last_by_subj: string } | { next_by_subj: string; seq: number }) {
    return this.replicas > 1 ? this.jsm.streams.getMessage(this.stream, query as never) : this.jsm.direct.getMessage(this.stream, query);
  }

  /** Opens the store, creating (or updating) the stream when needed. */
  static async open(nc: NatsConnection, opts: { stream?: string; replicas?: number; openTimeoutMs?: number } = {}): Promise<EventStore> {
    const stream = opts.stream ?? EVENT_STREAM;
    const config = {
      name: stream,
      subjects: [EVENT_SUBJECTS],
      storage: 'file' as const,
      num_replicas: opts.replicas ?? 1,
      duplicate_window: 120_000_000_000,
      max_msg_size: 4 * 1024 * 1024,
      allow_direct: true,
    };
    // A cluster that is still forming (or electing its meta leader) answers stream requests late or not at
    // all: keep asking, bounded, instead of failing the process's start (three processes creating the R3
    // stream at once on a loaded machine took longer than one request's timeout).
    return whileClusterSettles(
      `stream ${stream}`,
      async () => {
        const jsm = await jetstreamManager(nc);
        const replicas = await EventStore.ensureStream(jsm, config);
        return new EventStore(nc, jetstream(nc), jsm, stream, replicas);
      },
      { timeoutMs: opts.openTimeoutMs },
    );
  }

  /** Creates the stream unless it exists; answers its replica count. */
  private static async ensureStream(jsm: JetStreamManager, config: { name: string; num_replicas: number }): Promise<number> {
    const stream = config.name;
    let replicas = config.num_replicas;
    try {
      replicas = (await jsm.streams.info(stream)).config.num_replicas ?? replicas;
    } catch (e) {
      if (!(e instanceof JetStreamApiError) || e.code !== 10059) throw e;
      try {
        await jsm.streams.add(config as never);
      } catch (err) {
        // Another process created it between our info and add: fine.
        if (!(err instanceof JetStreamApiError) || err.code !== 10058) throw err;
        replicas = (await jsm.streams.info(stream)).config.num_replicas ?? replicas;
      }
    }
    return replicas;
  }

  /** Subject of one aggregate instance; the id is encoded into one subject-safe token. */
  static subject(workspace: string, aggregate: AggregateKind, id: string): string {
    return `tg.evt.${workspace}.${aggregate}.${subjectToken(id)}`;
  }

  /**
   * Appends events to one subject in order. The first carries the expected last subject sequence; each
   * next one expects the previous one's sequence, so no other writer can interleave.
   * @returns the stream sequence of the last event appended.
   * @throws DuplicateAppendError when the server reports a message id it already stored (nothing appended).
   */
  async append(subject: string, events: readonly TgEvent[], opts: AppendOptions): Promise<number> {
    const seqs = await this.appendEach(subject, events, opts);
    return seqs[seqs.length - 1] ?? 0;
  }

  /** {@link append}, answering the stream sequence of every event appended. */
  async appendEach(subject: string, events: readonly TgEvent[], opts: AppendOptions): Promise<number[]> {
    let expected = opts.expectedSeq;
    const seqs: number[] = [];
    for (let i = 0; i < events.length; i++) {
      const ev = events[i]!;
      const h = this.headersFor(ev);
      try {
        const ack = await this.publishWaitingForLeader(subject, encodeEvent(ev), {
          headers: h,
          msgID: opts.msgId ? `${opts.msgId}:${i}` : undefined,
          expect: expected === null ? undefined : { lastSubjectSequence: expected },
        });
        if (ack.duplicate) throw new DuplicateAppendError(subject, ack.seq, i, events.length);
        seqs.push(ack.seq);
        expected = ack.seq;
      } catch (e) {
        if (e instanceof JetStreamApiError && e.code === WRONG_LAST_SEQUENCE) {
          throw new ConcurrencyError(subject, expected ?? -1, { cause: e });
        }
        throw e;
      }
    }
    return seqs;
  }

  /**
   * Publishes, waiting out a stream without a leader. While a replicated stream elects a new leader (its node
   * was lost) nobody answers the stream's subjects and the client fails at once with "no responders" (nothing
   * was stored), and a publish sent to the dying leader is never answered (a timeout: maybe stored). Both are
   * sent again with the same message id and expectation, which makes a second copy impossible (JetStream
   * answers a stored one as a duplicate: {@link DuplicateAppendError}, which the repository resolves), every
   * {@link NO_LEADER_RETRY_MS} until {@link NO_LEADER_WAIT_MS} has passed. The caller sees a slower append
   * instead of an error.
   */
  private async publishWaitingForLeader(subject: string, payload: string, opts: NonNullable<Parameters<JetStreamClient['publish']>[2]>) {
    const deadline = Date.now() + NO_LEADER_WAIT_MS;
    for (;;) {
      try {
        return await this.js.publish(subject, payload, { ...opts, timeout: Math.max(1_000, Math.min(PUBLISH_TIMEOUT_MS, deadline - Date.now())) });
      } catch (e) {
        // A timed-out publish may have been stored: sent again only when its id or expectation rules out a copy.
        const again = isNoResponders(e) || (isTimeout(e) && (opts.msgID !== undefined || opts.expect?.lastSubjectSequence !== undefined));
        if (!again || Date.now() >= deadline) throw e;
        await new Promise((r) => setTimeout(r, NO_LEADER_RETRY_MS));
      }
    }
  }

  private headersFor(ev: TgEvent) {
    const rid = ev.metadata.request_id;
    if (!rid) return undefined;
    return makeHeaders({ [REQUEST_ID]: rid });
  }

  /** Last sequence written to one subject, 0 when none. */
  async lastSubjectSeq(subject: string): Promise<number> {
    const m = await this.getMsg({ last_by_subj: subject });
    return m ? m.seq : 0;
  }

  /** Reads every event of one aggregate, in order, with the subject's last sequence. */
  async readSubject(subject: string, knownLast?: number): Promise<{ events: StoredEvent[]; lastSeq: number }> {
    const last = knownLast ?? (await this.lastSubjectSeq(subject));
    if (last === 0) return { events: [], lastSeq: 0 };
    const events: StoredEvent[] = [];
    let seq = 0;
    // Walk the subject with "next by subject" reads: aggregates here are small by design
    // (links are their own aggregates), so this beats creating a consumer per read.
    for (;;) {
      const m = await this.getMsg({ next_by_subj: subject, seq: seq + 1 });
      if (!m) break;
      events.push({ ...decodeEvent(m.json()), seq: m.seq, subject: m.subject } as StoredEvent);
      seq = m.seq;
      if (seq >= last) break;
    }
    return { events, lastSeq: seq };
  }

  /** The last event of one aggregate (for aggregates whose state is their last event), or none. */
  async readLast(subject: string): Promise<{ events: StoredEvent[]; lastSeq: number }> {
    const m = await this.getMsg({ last_by_subj: subject });
    if (!m) return { events: [], lastSeq: 0 };
    return { events: [{ ...decodeEvent(m.json()), seq: m.seq, subject: m.subject } as StoredEvent], lastSeq: m.seq };
  }

  /** Last sequence of the whole stream (0 when empty). */
  async streamLastSeq(): Promise<number> {
    return (await this.identity()).lastSeq;
  }

  /**
   * The stream as it is now: its creation time, which names this stream (one deleted and made anew under the same
   * name has another, and holds other events under the same sequences), and its last sequence.
   */
  async identity(): Promise<{ created: string; lastSeq: number }> {
    const info = await this.jsm.streams.info(this.stream);
    return { created: String(info.created), lastSeq: info.state.last_seq };
  }
}

/**
 * Errors of a cluster that cannot place or answer for the stream yet but will: a request timing out (no
 * quorum, or a leader that died and has no successor yet), JetStream not ready, or a replica short because a node is
 * stopped or has not reported in yet ("no suitable peers for placement", 10005: a rolling restart, or a new cluster's
 * first seconds).
 */
export function clusterNotReady(e: unknown): boolean {
  if ((e as Error)?.name === 'TimeoutError') return true;
  if (e instanceof JetStreamApiError && e.code === 10005) return true;
  return /timeout|not ready|no responders|temporarily unavailable|insufficient resources/i.test(String((e as Error)?.message ?? ''));
}

/** How long a step of a process's start waits for the cluster to answer (see {@link whileClusterSettles}). */
export const START_WAIT_MS = 60_000;

/**
 * Runs one step of a process's start that JetStream must answer (the stream's creation or info, a durable consumer's
 * info or creation, a feed's consumer), asking again every 250 ms while the cluster cannot answer for it yet
 * ({@link clusterNotReady}), for at most `timeoutMs` ({@link START_WAIT_MS}); other errors, and the last one after
 * the bound, are thrown. A process started while nodes are killed and restarted waits for the election instead of
 * exiting before it is ready (kill campaign, seed 7929: an all-in-one process exited 1 on its durable consumer's
 * unanswered `consumers.info`). Warns, naming `what`, on the first failure and every 20th.
 */
export async function whileClusterSettles<T>(what: string, step: () => Promise<T>, opts: { log?: Logger; timeoutMs?: number } = {}): Promise<T> {
  const deadline = Date.now() + (opts.timeoutMs ?? START_WAIT_MS);
  // Asked again at `untilAnswered`'s polite pace (some of these errors come back at once: a node known to be stopped);
  // a failure that is not the cluster settling, or one past the bound, is thrown from `failed`.
  const answer = await untilAnswered(step, {
    going: () => true,
    failed: (e, n) => {
      if (!clusterNotReady(e) || Date.now() > deadline) throw e;
      if (n % 20 === 0) opts.log?.warn({ err: e, what }, 'the cluster cannot answer for it yet; asking again');
    },
  });
  return answer as T;
}

/**
 * Runs `attempt` until it answers, every `everyMs` (250), while `going()` holds: for what waits on JetStream to answer
 * again (a server restarting, a leader being elected, a stream not made yet). `failed` hears each failure with its
 * count, and a `failed` that throws ends it with that error. Undefined when it stopped going first.
 */
export async function untilAnswered<T>(attempt: () => Promise<T>, opts: { going: () => boolean; failed: (err: unknown, n: number) => void; everyMs?: number }): Promise<T | undefined> {
  for (let n = 0; opts.going(); n++) {
    try {
      return await attempt();
    } catch (err) {
      opts.failed(err, n);
      await new Promise((r) => setTimeout(r, opts.everyMs ?? 250));
    }
  }
  return undefined;
}

function makeHeaders(values: Record<string, string>) {
  const h = natsHeaders();
  for (const [k, v] of Object.entries(values)) h.set(k, v);
  return h;
}
