import type { Decider, StoredEvent, TgEvent } from '@tg/contracts';
import { ConcurrencyError, DuplicateAppendError, type EventStore } from './event-store';
import { commandMsgId } from './idempotency';

interface Cached {
  state: unknown;
  seq: number;
}

/** How an aggregate is read. */
export interface LoadOptions {
  /** The state is the fold of the last event alone (e.g. recorded clusters): read only that one. */
  lastEventOnly?: boolean;
}

/** How a command is executed. */
export interface ExecuteOptions extends LoadOptions {
  /** The append's message id base (else derived from the subject, the sequence decided against and the command). */
  msgId?: string;
  /**
   * Called just before each append (after any wait for this process's earlier commands on the subject and after every
   * retry): throwing refuses the command there. For a write valid only until some time (a lease) that may have passed
   * while it waited.
   */
  beforeAppend?: () => void;
}

/** Result of executing a command on an aggregate. */
export interface Executed<S> {
  state: S;
  events: TgEvent[];
  /** Last sequence of the aggregate's subject after the command (unchanged when no event). */
  seq: number;
  /** Stream sequences of the events appended, in order (empty when none). */
  seqs: number[];
  /** True when JetStream reported an append of this command as a duplicate (answered from the reloaded state). */
  duplicate: boolean;
  /** The command was found stored whole (its last event a duplicate): that event's stream sequence. */
  storedSeq?: number;
}

/**
 * Loads aggregates by folding their events through a decider, executes commands with optimistic
 * concurrency (reload and retry, bounded), and keeps a bounded cache of recent states.
 */
export class AggregateRepository {
  private readonly cache = new Map<string, Cached>();
  /** Commands on one aggregate run one at a time in this process; other processes are handled by OCC. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    readonly store: EventStore,
    private readonly opts: { cacheSize?: number; maxRetries?: number } = {},
  ) {}

  /** Current state of an aggregate, checked against the stream (cheap when cached and current). */
  async load<S>(subject: string, decider: Decider<S, any, any>, opts: LoadOptions = {}): Promise<{ state: S; seq: number }> {
    const last = await this.store.lastSubjectSeq(subject);
    const hit = this.cache.get(subject);
    if (hit && hit.seq === last) return { state: hit.state as S, seq: hit.seq };
    return this.reload(subject, decider, last, opts);
  }

  private async reload<S>(subject: string, decider: Decider<S, any, any>, knownLast?: number, opts: LoadOptions = {}): Promise<{ state: S; seq: number }> {
    const { events, lastSeq } = opts.lastEventOnly ? await this.store.readLast(subject) : await this.store.readSubject(subject, knownLast);
    let state = decider.initialState();
    for (const e of events) state = decider.evolve(state, e as StoredEvent);
    this.remember(subject, state, lastSeq);
    return { state, seq: lastSeq };
  }

  /**
   * Decides a command against the aggregate's state and appends the resulting events. On a concurrency
   * conflict the aggregate is reloaded and the command decided again, at most `maxRetries` times.
   *
   * Every append carries a message id derived from the subject, the sequence decided against and the
   * command (`commandMsgId`), unless `opts.msgId` names one. When JetStream answers that the message id was
   * already stored, nothing new was written: the events are not evolved; the aggregate is reloaded. When the
   * command's last event was the one found stored, the command is done and answered from the reloaded state (not
   * decided again); when only its first events were (a torn command), it is decided again against what is stored.
   */
  execute<S, C>(subject: string, decider: Decider<S, C, any>, command: C, opts: ExecuteOptions = {}): Promise<Executed<S>> {
    const prev = this.queues.get(subject) ?? Promise.resolve();
    const run = prev.then(
      () => this.executeNow(subject, decider, command, opts),
      () => this.executeNow(subject, decider, command, opts),
    );
    this.queues.set(subject, run);
    void run.then(
      () => this.queues.get(subject) === run && this.queues.delete(subject),
      () => this.queues.get(subject) === run && this.queues.delete(subject),
    );
    return run;
  }

  private async executeNow<S, C>(subject: string, decider: Decider<S, C, any>, command: C, opts: ExecuteOptions): Promise<Executed<S>> {
    const maxRetries = this.opts.maxRetries ?? 8;
    let current = this.cache.get(subject) as { state: S; seq: number } | undefined;
    if (!current) current = await this.reload(subject, decider, undefined, opts);
    let duplicate = false;
    for (let attempt = 0; ; attempt++) {
      const events = decider.decide(command, current.state);
      if (events.length === 0) return { state: current.state, events, seq: current.seq, seqs: [], duplicate };
      opts.beforeAppend?.();
      try {
        const msgId = opts.msgId ? `${opts.msgId}@${current.seq}` : commandMsgId(subject, current.seq, command);
        const seqs = await this.store.appendEach(subject, events, { expectedSeq: current.seq, msgId });
        let state = current.state;
        events.forEach((e, i) => (state = decider.evolve(state, { ...e, seq: seqs[i]!, subject } as StoredEvent)));
        const seq = seqs[seqs.length - 1]!;
        this.remember(subject, state, seq);
        return { state, events, seq, seqs, duplicate };
      } catch (e) {
        const dup = e instanceof DuplicateAppendError;
        if (dup && e.index === e.count - 1) {
          // This very command is stored whole (its last event's message id was a duplicate; each event expects the one
          // before, so all of them are): it was done, by an earlier attempt whose acknowledgement was lost or by the
          // same request elsewhere. It is not decided again: against the state after it, that could be refused (a
          // delete of what it deleted) or, the state changed since, write it a second time (a delete of the entity
          // created anew after it).
          this.cache.delete(subject);
          current = await this.reload(subject, decider, undefined, opts);
          return { state: current.state, events: [], seq: current.seq, seqs: [], duplicate: true, storedSeq: e.seq };
        }
        // Only the first events found stored (a torn command): decided again, it completes itself or, superseded
        // meanwhile, is refused as any command is (it is not done).
        if (!(e instanceof ConcurrencyError || dup) || attempt >= maxRetries) throw e;
        duplicate ||= dup;
        this.cache.delete(subject);
        // Jittered backoff so that competing instances stop colliding (none needed after a duplicate).
        if (!dup) await new Promise((r) => setTimeout(r, Math.random() * 5 * (attempt + 1)));
        current = await this.reload(subject, decider, undefined, opts);
      }
    }
  }

  /** Forgets a cached aggregate (e.g. after a failure whose outcome is unknown). */
  forget(subject: string): void {
    this.cache.delete(subject);
  }

  private remember(subject: string, state: unknown, seq: number): void {
    this.cache.delete(subject);
    this.cache.set(subject, { state, seq });
    const max = this.opts.cacheSize ?? 50_000;
    if (this.cache.size > max) this.cache.delete(this.cache.keys().next().value as string);
  }
}
