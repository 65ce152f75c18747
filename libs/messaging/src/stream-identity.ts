import type { Logger } from '@tg/observability';
import { untilAnswered, type EventStore } from './event-store';

/** What learns that the event stream was re-created under a live connection. */
export interface StreamChangeListener {
  /** The connection came back (the stream may have changed meanwhile). Answers a token handed back to `replaced`. */
  reconnected(): number;
  /**
   * The stream was found re-created by the check that followed reconnect `token`: what was noted before that
   * reconnect belongs to a stream that no longer exists (the same sequences now name other events).
   */
  replaced(token: number, change: { was: string; now: string }): void;
}

/**
 * Watches the event stream's identity (its creation time) across reconnects: the stream's creation time is read
 * at start, after every reconnect and every `everyMs`, retried until JetStream answers. A different time means the server came back
 * without its store and a writer made the stream anew (the read models stop on it: `runProjectionFeed`'s
 * `streamCreated`); what remembers stream positions, as the gateway's read-your-writes marks, must forget them.
 */
export function watchStreamIdentity(
  store: EventStore,
  listener: StreamChangeListener,
  log: Logger,
  /** Also checked this often while the connection stays up (a stream deleted and made anew by an operator, or in a cluster). */
  everyMs = 30_000,
): { ready: Promise<void>; checks(): number; stop(): void } {
  let stopped = false;
  let checks = 0;
  let known: string | undefined;
  const check = async (token: number | undefined) => {
    const stream = await untilAnswered(() => store.identity(), {
      going: () => !stopped,
      failed: (err, n) => n % 20 === 0 && log.warn({ err, stream: store.stream }, 'cannot read the event stream yet; retrying'),
    });
    if (!stream) return;
    const now = stream.created;
    if (known !== undefined && now !== known && token !== undefined) {
      log.warn({ stream: store.stream, was: known, now }, 'the event stream was re-created: positions noted before are forgotten');
      listener.replaced(token, { was: known, now });
    }
    known = now;
    checks++;
  };
  const ready = check(undefined);
  const status = store.nc.status();
  void (async () => {
    for await (const st of status) {
      if (stopped) break;
      if (st.type === 'reconnect') {
        const token = listener.reconnected();
        await ready;
        await check(token);
      }
    }
  })().catch(() => undefined);
  // A periodic check has no reconnect to date the change by: marks noted before it began are forgotten (those noted
  // between the re-creation and the check too; the rare case costs read-your-writes for a moment, not correctness).
  let periodic: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (stopped || periodic) return;
    periodic = ready.then(() => check(listener.reconnected())).finally(() => (periodic = undefined));
  }, everyMs);
  timer.unref();
  return {
    ready,
    /** Checks answered so far (the one at start included). */
    checks: () => checks,
    stop() {
      stopped = true;
      clearInterval(timer);
      (status as { stop?: () => void }).stop?.();
    },
  };
}
