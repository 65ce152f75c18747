import { headers as natsHeaders, type NatsConnection, type Msg, type Subscription } from '@nats-io/transport-node';
import { TgError, isTgError, type RpcReply, type RpcRequest } from '@tg/contracts';
import { REQUEST_ID_HEADER, requestIdFrom, type Logger } from '@tg/observability';

/** Context handed to an RPC handler. */
export interface RpcContext {
  requestId: string;
  log: Logger;
}
/** What a handler returns: the reply data and, for writes, the stream sequence it appended. */
export interface HandlerResult<T = unknown> {
  data: T;
  seq?: number;
}
export type RpcHandler<I = any, O = any> = (req: RpcRequest<I>, ctx: RpcContext) => Promise<HandlerResult<O>>;

/** Serves request/reply operations over core NATS, in a queue group so instances share the work. */
export class RpcServer {
  private readonly subs: Subscription[] = [];
  private readonly inflight = new Set<Promise<void>>();

  constructor(
    private readonly nc: NatsConnection,
    private readonly queue: string,
    private readonly log: Logger,
  ) {}

  /** Binds a handler to a subject. Errors become `{ ok: false, error }` replies, never crashes. */
  handle<I, O>(subject: string, handler: RpcHandler<I, O>): this {
    const sub = this.nc.subscribe(subject, {
      queue: this.queue,
      callback: (err, msg) => {
        if (err) {
          this.log.error({ err, subject }, 'subscription error');
          return;
        }
        const p = this.dispatch(subject, msg, handler);
        this.inflight.add(p);
        void p.finally(() => this.inflight.delete(p));
      },
    });
    this.subs.push(sub);
    return this;
  }

  private async dispatch(subject: string, msg: Msg, handler: RpcHandler): Promise<void> {
    const requestId = requestIdFrom(msg.headers?.get(REQUEST_ID_HEADER));
    const log = this.log.child({ requestId, op: subject });
    let reply: RpcReply;
    try {
      const req = msg.json<RpcRequest>();
      const out = await handler(req, { requestId, log });
      reply = { ok: true, data: out.data, seq: out.seq };
    } catch (e) {
      if (isTgError(e)) {
        reply = { ok: false, error: (e as TgError).toBody() };
      } else if (isBusUnavailable(e)) {
        // The bus or JetStream is unreachable (e.g. a cluster electing a new stream leader): a clear 503.
        log.warn({ err: e }, 'message bus unavailable');
        reply = { ok: false, error: new TgError('unavailable', 'The event log is temporarily unavailable; retry shortly').toBody() };
      } else {
        log.error({ err: e }, 'handler failed');
        reply = { ok: false, error: new TgError('internal', 'Internal error').toBody() };
      }
    }
    if (msg.reply) msg.respond(JSON.stringify(reply));
  }

  /** Stops taking new requests and waits for those in flight. */
  async drain(): Promise<void> {
    for (const s of this.subs) s.unsubscribe();
    await Promise.allSettled([...this.inflight]);
  }
}

/** True for errors that mean the bus or JetStream is unreachable right now (timeouts, no responders, closed). */
function isBusUnavailable(e: unknown): boolean {
  const name = (e as { name?: string })?.name ?? '';
  const msg = String((e as { message?: string })?.message ?? '');
  return /TimeoutError|NoRespondersError|ClosedConnectionError/.test(name) || /timeout|no responders|jetstream is not enabled|connection closed/i.test(msg);
}

/** Calls RPC operations; maps error replies back to {@link TgError}. */
export class RpcClient {
  constructor(
    private readonly nc: NatsConnection,
    private readonly defaultTimeoutMs = 30_000,
  ) {}

  async call<O = unknown, I = unknown>(subject: string, req: RpcRequest<I>, opts: { requestId?: string; timeoutMs?: number } = {}): Promise<{ data: O; seq?: number }> {
    const h = natsHeaders();
    if (opts.requestId) h.set(REQUEST_ID_HEADER, opts.requestId);
    let msg: Msg;
    try {
      msg = await this.nc.request(subject, JSON.stringify(req), { timeout: opts.timeoutMs ?? this.defaultTimeoutMs, headers: h });
    } catch (e) {
      const text = String((e as Error)?.message ?? e);
      if (/no responders/i.test(text) || (e as { code?: string }).code === '503') {
        throw new TgError('unavailable', `Service for ${subject.split('.')[2]} is not available`, undefined, { cause: e });
      }
      if (/timeout/i.test(text)) throw new TgError('timeout', `Service for ${subject.split('.')[2]} did not answer in time`, undefined, { cause: e });
      throw new TgError('unavailable', 'Message bus unavailable', undefined, { cause: e });
    }
    const reply = msg.json<RpcReply<O>>();
    if (!reply.ok) throw TgError.fromBody(reply.error);
    return { data: reply.data, seq: reply.seq };
  }
}
