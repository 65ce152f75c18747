import { AckPolicy, DeliverPolicy, JetStreamApiError, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { decodeEvent, type StoredEvent } from '@tg/contracts';
import type { Logger } from '@tg/observability';
import { clusterNotReady, untilAnswered, whileClusterSettles, type EventStore } from './event-store';

/** Decodes a stream message into a stored event: upcast to its type's current version and validated (throws `EventSchemaError`). */
export function toStoredEvent(m: { json<T>(): T; seq: number; subject: string }): StoredEvent {
  // The decoded event is this call's own fresh object (parsed here, or a copy made by an upcast): it gets its
  // position in place. Copying it with a spread cost more than parsing and validating it (replay, issue 15).
  const e = decodeEvent(m.json<unknown>()) as { seq?: number; subject?: string };
  e.seq = m.seq;
  e.subject = m.subject;
  return e as StoredEvent;
}

/** Tracks how far a projection has read the stream, and lets readers wait (bounded) for a sequence. */
export class StreamCursor {
  private seq = 0;
  private waiters: { seq: number; resolve: (ok: boolean) => void; timer: NodeJS.Timeout }[] = [];

  get position(): number {
    return this.seq;
  }

  /** Records progress and wakes every reader waiting for a sequence at or below it. */
  advance(seq: number): void {
    if (seq <= this.seq) return;
    this.seq = seq;
    if (!this.waiters.length) return;
    const still: typeof this.waiters = [];
    for (const w of this.waiters) {
      if (w.seq <= seq) {
        clearTimeout(w.timer);
        w.resolve(true);
      } else still.push(w);
    }
    this.waiters = still;
  }

  /** Resolves true once the cursor has passed `seq`, or false after `timeoutMs`. */
  waitFor(seq: number | undefined, timeoutMs: number): Promise<boolean> {
    if (!seq || seq <= this.seq) return Promise.resolve(true);
    return new Promise((resolve) => {
      const w = {
        seq,
        resolve,
        timer: setTimeout(() => {
          this.waiters = this.waiters.filter((x) => x !== w);
          resolve(false);
        }, timeoutMs),
      };
      this.waiters.push(w);
    });
  }

  /** Rejects no one: on shutdown every waiter gets false. */
  close(): void {
    for (const w of this.waiters) {
      clearTimeout(w.timer);
      w.resolve(false);
    }
    this.waiters = [];
  }
}

/** A running subscription that can be stopped. */
export interface Running {
  stop(): Promise<void>;
}

/** Where and why a projection stopped: the first event it could not decode or apply. */
export interface ProjectionHalt {
  projection: string;
  seq: number;
  subject: string;
  reason: string;
}

/**
 * Feeds an in-memory projection from the stream with an ordered (ephemeral, gap-free) consumer,
 * starting after `fromSeq`. The handler is synchronous: projections are pure folds in memory.
 *
 * An event the projection cannot decode (schema, version) or apply halts the feed: the cursor stays before
 * it (readers waiting for later writes time out), `onHalt` is told, and nothing after it is applied. A
 * projection never skips an event it did not apply. `caughtUp` resolves on a halt too, so a process starts
 * and reports it (e.g. on /health) instead of hanging.
 */
export async function runProjectionFeed(
  store: EventStore,
  opts: {
    fromSeq?: number;
    cursor: StreamCursor;
    handle: (e: StoredEvent) => void;
    log: Logger;
    name: string;
    filterSubject?: string;
    /**
     * Events whose subject this rejects are passed over without being decoded (a partitioned read model
     * skips the workspaces it does not hold); the cursor still advances past them.
     */
    accept?: (subject: string) => boolean;
    onHalt?: (halt: ProjectionHalt) => void;
    /**
     * The stream's creation time when the projection's state began (`streams.info().created`). After a reconnect
     * the feed checks it before it reads on: a stream created since (the server came back without its store, and a
     * writer made the stream anew) holds other events under the same sequences, so the feed stops there and tells
     * `onReplaced` instead of reading the new stream from the old position.
     */
    streamCreated?: string;
    onReplaced?: (r: { was: string; now: string; lastSeq: number }) => void;
  },
): Promise<Running & { caughtUp: Promise<void> }> {
  let resolveCaught!: () => void;
  const caughtUp = new Promise<void>((r) => (resolveCaught = r));
  let stopped = false;
  // Last sequence handed to the projection: a resumed consumer starts after it, and nothing is applied twice.
  let applied = opts.fromSeq ?? 0;
  const open = async (after: number): Promise<ConsumerMessages> => {
    const consumer = await store.js.consumers.get(store.stream, {
      deliver_policy: after ? DeliverPolicy.StartSequence : DeliverPolicy.All,
      opt_start_seq: after ? after + 1 : undefined,
      filter_subjects: opts.filterSubject,
    } as never);
    // A short pull expiry: missed heartbeats (a server gone quiet) are noticed within seconds.
    return consumer.consume({ max_messages: 2_000, expires: 5_000 });
  };
  let messages!: ConsumerMessages;
  /** A resume for missed heartbeats is running (see `watch`). */
  let resuming = false;
  /** Set when the consumer may have been made anew (see `watch`): the stream is checked before the next fold. */
  let suspect = false;
  /**
   * Whether the stream was re-created since the projection began (then the feed stops and says so, once). Waits,
   * retrying, while the stream cannot be read (it is not there yet). One check at a time.
   */
  let checking: Promise<boolean> | undefined;
  const replacedNow = (): Promise<boolean> => (checking ??= checkStream().finally(() => (checking = undefined)));
  const checkStream = async (): Promise<boolean> => {
    const stream = await untilAnswered(
      () => {
        // Cleared before asking: a notification that comes while the answer is on its way asks again.
        suspect = false;
        return store.identity();
      },
      {
        going: () => !stopped,
        failed: (err, n) => {
          suspect = true;
          if (n % 20 === 0) opts.log.warn({ err, projection: opts.name }, 'projection feed cannot read the stream yet; retrying');
        },
      },
    );
    if (!stream || stopped) return true;
    if (stream.created === opts.streamCreated) return false;
    stopped = true;
    await messages.close().catch(() => undefined);
    opts.log.error({ projection: opts.name, was: opts.streamCreated, now: stream.created, applied, lastSeq: stream.lastSeq }, 'the event stream was re-created: this projection holds another stream; stopped');
    opts.onReplaced?.({ was: opts.streamCreated!, now: stream.created, lastSeq: stream.lastSeq });
    // A start still catching up is not left waiting for a position it will never reach.
    resolveCaught();
    return true;
  };
  // A consumer that the client had to make anew (the stream gone, or the consumer deleted with it) while the
  // connection stayed up: the stream may have been deleted and created again (an operator, a cluster) and the client
  // reads it on from the old position. Until the stream's identity is checked, nothing more is folded.
  const SUSPECT = new Set(['consumer_deleted', 'consumer_not_found', 'stream_not_found', 'ordered_consumer_recreated', 'reset']);
  const watch = (feed: ConsumerMessages) => {
    void (async () => {
      for await (const n of feed.status()) {
        if (stopped || feed !== messages) break;
        // Heartbeats missed with the connection up: the node that hosts this ephemeral, one-replica consumer may be
        // gone (a cluster node lost). The client's checks of the consumer then go unanswered (it is still assigned,
        // to that node) and nothing more came for as long as the node stayed down: a consumer made anew is placed on
        // a live node. Made once at a time; another reconnect-resume runs as before.
        if (n.type === 'heartbeats_missed' && n.count >= 2 && !resuming) {
          resuming = true;
          void resume('heartbeats missed').finally(() => (resuming = false));
          continue;
        }
        if (!SUSPECT.has(n.type)) continue;
        suspect = true;
        // No message may come to trigger the check (the new stream may be quiet): check now too.
        if (opts.streamCreated !== undefined) void replacedNow();
      }
    })().catch(() => undefined);
    return feed;
  };
  // Each step of the start waits for a cluster that cannot answer yet (nodes restarting), bounded.
  const settled = <T>(step: () => Promise<T>) => whileClusterSettles(`feed ${opts.name}`, step, { log: opts.log });
  messages = watch(await settled(() => open(applied)));
  // Caught up = nothing to read at start, or a delivered message reports none left / reaches the stream end.
  const target = await settled(() => store.streamLastSeq());
  if (target <= applied) resolveCaught();
  else if (opts.filterSubject) {
    const si = await settled(() => store.jsm.streams.info(store.stream, { subjects_filter: opts.filterSubject }));
    const count = Object.values(si.state.subjects ?? {}).reduce((a, b) => a + b, 0);
    if (count === 0) resolveCaught();
  }
  const drainInto = async (feed: ConsumerMessages) => {
    let consumer: string | undefined;
    for await (const m of feed) {
      if (stopped || feed !== messages) break;
      // A message of a consumer the client made anew (its name changes) comes after the notification above may
      // have been read: it is checked for here, in order, before it is folded.
      if (consumer !== undefined && m.info.consumer !== consumer) suspect = true;
      consumer = m.info.consumer;
      if (m.seq <= applied) continue;
      if (suspect && opts.streamCreated !== undefined) {
        if (await replacedNow()) break;
        // While it was checked, a resume may have opened a new consumer that folded this message already.
        if (stopped || feed !== messages) break;
        if (m.seq <= applied) continue;
      }
      try {
        if (!opts.accept || opts.accept(m.subject)) opts.handle(toStoredEvent(m));
      } catch (err) {
        const halt = { projection: opts.name, seq: m.seq, subject: m.subject, reason: String((err as Error)?.message ?? err) };
        opts.log.error({ err, seq: m.seq, subject: m.subject, projection: opts.name }, 'projection cannot apply event; halted before it');
        opts.onHalt?.(halt);
        resolveCaught();
        break;
      }
      applied = m.seq;
      opts.cursor.advance(m.seq);
      if (m.info.pending === 0 || m.seq >= target) resolveCaught();
    }
  };
  let loop = drainInto(messages);
  // After a reconnect (a restarted or failed-over server) the ephemeral consumer may be gone and the client
  // would only notice after missed heartbeats and backoffs (tens of seconds under load): resume at once
  // with a new consumer after the last applied event, retrying until JetStream answers again.
  const resume = async (why = 'reconnect') => {
    await untilAnswered(
      async () => {
        if (opts.streamCreated !== undefined && (await replacedNow())) return;
        const next = await open(applied);
        const old = messages;
        messages = next;
        watch(next);
        loop = drainInto(next);
        // Not awaited before reading on: closing a consumer whose node is gone may wait for an answer that never comes.
        void old.close().catch(() => undefined);
        opts.log.info({ projection: opts.name, after: applied, why }, 'projection feed resumed with a new consumer');
      },
      { going: () => !stopped, failed: (err, n) => n % 20 === 0 && opts.log.warn({ err, projection: opts.name }, 'projection feed cannot resume yet; retrying') },
    );
  };
  const status = store.nc.status();
  void (async () => {
    for await (const st of status) {
      if (stopped) break;
      if (st.type === 'reconnect') await resume();
    }
  })().catch(() => undefined);
  return {
    caughtUp,
    async stop() {
      stopped = true;
      (status as { stop?: () => void }).stop?.();
      await messages.close();
      await loop.catch(() => undefined);
    },
  };
}

/** What a durable consumer's handler decides for one message. */
export type Outcome = 'ack' | 'term' | { nak: number };

/**
 * Runs a durable pull consumer: every message is handed to `handle` and mapped to ack, nak with delay
 * (retry later), or term (never redeliver). Position survives restarts; several instances share work.
 */
export async function runDurableConsumer(
  store: EventStore,
  opts: {
    durable: string;
    filterSubject?: string;
    ackWaitMs?: number;
    maxDeliver?: number;
    deliverNew?: boolean;
    handle: (e: StoredEvent, msg: JsMsg) => Promise<Outcome>;
    log: Logger;
    concurrency?: number;
  },
): Promise<Running> {
  const ackWaitMs = opts.ackWaitMs ?? 60_000;
  const ackWait = ackWaitMs * 1_000_000;
  const cfg = {
    durable_name: opts.durable,
    ack_policy: AckPolicy.Explicit,
    ack_wait: ackWait,
    max_deliver: opts.maxDeliver ?? 20,
    filter_subject: opts.filterSubject,
    deliver_policy: opts.deliverNew ? DeliverPolicy.New : DeliverPolicy.All,
    max_ack_pending: 1_000,
  };
  const messages = await whileClusterSettles(
    `consumer ${opts.durable}`,
    async () => {
      try {
        const info = await store.jsm.consumers.info(store.stream, opts.durable);
        // An existing consumer keeps its config: bring its ack wait to the current one (it was 10 min once).
        if (info.config.ack_wait !== ackWait) await store.jsm.consumers.update(store.stream, opts.durable, { ack_wait: ackWait } as never);
      } catch (e) {
        if (!(e instanceof JetStreamApiError) || clusterNotReady(e)) throw e;
        try {
          await store.jsm.consumers.add(store.stream, cfg as never);
        } catch (err) {
          if (!(err instanceof JetStreamApiError) || err.code !== 10148) throw err;
        }
      }
      const consumer = await store.js.consumers.get(store.stream, opts.durable);
      // A short pull expiry: after a server restart the client re-checks the consumer within seconds, not 30 s.
      // Pulls no more than it runs at once: a message waiting in a local buffer gets no in-progress acks.
      return consumer.consume({ max_messages: Math.max(1, opts.concurrency ?? 16), expires: 5_000 });
    },
    { log: opts.log },
  );
  const limit = opts.concurrency ?? 16;
  const active = new Set<Promise<void>>();
  let stopped = false;
  const process = async (m: JsMsg) => {
    let outcome: Outcome;
    // In-progress acks while the handler runs: the ack wait can be short, so that the messages of an
    // instance that dies are redelivered to another within seconds, while long work is never taken away.
    const beat = setInterval(() => m.working(), Math.max(500, Math.floor(ackWaitMs / 3)));
    try {
      outcome = await opts.handle(toStoredEvent(m), m);
    } catch (err) {
      opts.log.error({ err, seq: m.seq, consumer: opts.durable }, 'consumer handler failed; will retry');
      outcome = { nak: Math.min(30_000, 500 * 2 ** Math.min(m.info.deliveryCount, 6)) };
    } finally {
      clearInterval(beat);
    }
    if (outcome === 'ack') m.ack();
    else if (outcome === 'term') m.term();
    else m.nak(outcome.nak);
  };
  const loop = (async () => {
    for await (const m of messages) {
      if (stopped) break;
      const p = process(m).finally(() => active.delete(p));
      active.add(p);
      if (active.size >= limit) await Promise.race(active);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await messages.close();
      await loop.catch(() => undefined);
      await Promise.allSettled([...active]);
    },
  };
}
