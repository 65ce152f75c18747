import { createInbox, Empty, headers as natsHeaders, type Msg, type MsgHdrs, type NatsConnection } from '@nats-io/transport-node';
import { OP } from '@tg/contracts';

/**
 * Liveness of a request in flight. While a handler runs, its instance tells the caller every
 * {@link WORKING_EVERY_MS} that it is still working (an empty message with the {@link WORKING_HEADER}
 * header on the reply subject). A caller that hears nothing for its silence limit knows that instance is
 * gone (killed, frozen, cut off) without waiting for the whole timeout, and retries an idempotent call,
 * which NATS hands to another member of the queue group.
 */

/** Header of a "still working" message. */
export const WORKING_HEADER = 'Tg-Working';
/** How often a busy handler says it is still working. */
export const WORKING_EVERY_MS = 1_000;

/** Calls that read only (or are idempotent), so that a second attempt on another instance is safe. */
export const RETRYABLE_SUBJECTS: ReadonlySet<string> = new Set<string>([
  OP.admin.listWorkspaces.subject,
  OP.admin.verifyKey.subject,
  OP.admin.workspaceExists.subject,
  OP.admin.issueVisualizeToken.subject,
  OP.admin.verifyVisualizeToken.subject,
  OP.entity.get.subject,
  OP.entity.getType.subject,
  OP.ingest.job.subject,
  OP.embed.texts.subject,
  OP.embed.query.subject,
  OP.taste.clusters.subject,
  OP.taste.cluster.subject,
  OP.visualize.graph.subject,
  OP.taste.digest.subject,
  OP.entity.digest.subject,
  OP.visualize.digest.subject,
  OP.rank.digest.subject,
  OP.rank.search.subject,
  OP.rank.rerank.subject,
  OP.rank.recommend.subject,
  OP.rank.ask.subject,
  OP.rank.explain.subject,
  OP.language.gauge.subject,
]);

/** Server side: tells the caller of `msg` that this instance is still working, until the returned stop is called. */
export function keepCallerInformed(nc: NatsConnection, msg: Msg): () => void {
  const reply = msg.reply;
  if (!reply) return () => undefined;
  const timer = setInterval(() => {
    try {
      const h = natsHeaders();
      h.set(WORKING_HEADER, '1');
      nc.publish(reply, Empty, { headers: h });
    } catch {
      // The connection is closing: the caller will notice the silence.
    }
  }, WORKING_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** How late a silence timer may fire before the caller's own stalled loop, not the instance, is suspected. */
const LATE_TIMER_MS = 250;

/** What went wrong with one attempt. */
export type AttemptFailure = 'no_responders' | 'silent' | 'timeout';
export class AttemptError extends Error {
  override readonly name = 'AttemptError';
  constructor(
    readonly kind: AttemptFailure,
    subject: string,
  ) {
    super(kind === 'no_responders' ? `no responders for ${subject}` : kind === 'silent' ? `the instance handling ${subject} went silent` : `timeout waiting for ${subject}`);
  }
}

/**
 * One request on its own inbox: resolves with the reply, or rejects with an {@link AttemptError} when
 * nobody serves the subject, when the serving instance stays silent for `silenceMs`, or at `timeoutMs`.
 */
export function requestOnce(nc: NatsConnection, subject: string, payload: string | Uint8Array, opts: { headers?: MsgHdrs; timeoutMs: number; silenceMs: number }): Promise<Msg> {
  return new Promise<Msg>((resolve, reject) => {
    const inbox = createInbox();
    let silence: NodeJS.Timeout | undefined;
    let settled = false;
    const finish = (err: Error | undefined, m?: Msg) => {
      if (settled) return;
      settled = true;
      clearTimeout(silence);
      clearTimeout(overall);
      sub.unsubscribe();
      if (err) reject(err);
      else resolve(m!);
    };
    // A silence timer that fires late means this process's own event loop was held up (a long collection,
    // synchronous work): what the instance sent meanwhile waits in the socket, and a loop turn runs its timers
    // before it reads. So a late verdict waits one turn for that I/O, and holds only if nothing came in it.
    let armed = 0;
    const armSilence = () => {
      clearTimeout(silence);
      const at = Date.now();
      armed = at;
      silence = setTimeout(() => {
        if (Date.now() - at < opts.silenceMs + LATE_TIMER_MS) return finish(new AttemptError('silent', subject));
        setImmediate(() => {
          if (armed === at) finish(new AttemptError('silent', subject));
        });
      }, opts.silenceMs);
    };
    const overall = setTimeout(() => finish(new AttemptError('timeout', subject)), opts.timeoutMs);
    const sub = nc.subscribe(inbox, {
      callback: (err, m) => {
        if (err) return finish(err);
        if (m.data.length === 0 && m.headers?.code === 503) return finish(new AttemptError('no_responders', subject));
        if (m.headers?.get(WORKING_HEADER)) return armSilence();
        finish(undefined, m);
      },
    });
    armSilence();
    try {
      nc.publish(subject, payload, { reply: inbox, headers: opts.headers });
    } catch (e) {
      finish(e as Error);
    }
  });
}
