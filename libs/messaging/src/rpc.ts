import { headers as natsHeaders, type NatsConnection, type Msg, type Subscription } from '@nats-io/transport-node';
import { Partitioning, TgError, isTgError, type Operation, type ReplyOf, type RequestOf, type RpcReply, type RpcRequest } from '@tg/contracts';
import type { TSchema } from 'typebox';
import { Compile, type Validator } from 'typebox/compile';
import { REQUEST_ID_HEADER, requestIdFrom, type Logger } from '@tg/observability';
import { incomingJson, outgoingJson } from './large-payload';
import { AttemptError, RETRYABLE_SUBJECTS, keepCallerInformed, requestOnce } from './rpc-liveness';

/** Context handed to an RPC handler. */
export interface RpcContext {
  requestId: string;
  log: Logger;
}
/**
 * A handler's context: its logger is the service's child with the request id and operation, made when first read
 * (most calls log nothing, and a child logger costs an object and its bindings' JSON per call: a search is served
 * thousands of times a second).
 */
function contextOf(serviceLog: Logger, requestId: string, op: string): RpcContext {
  let log: Logger | undefined;
  return {
    requestId,
    get log() {
      return (log ??= serviceLog.child({ requestId, op }));
    },
  };
}
/** What a handler returns: the reply data and, for writes, the stream sequence it appended. */
export interface HandlerResult<T = unknown> {
  data: T;
  seq?: number;
}
/** A handler on the bus; every one is bound through `serve(op, …)`, so its request data was validated first. */
export type RpcHandler<I = unknown, O = unknown> = (req: RpcRequest<I>, ctx: RpcContext) => Promise<HandlerResult<O>>;
/** The handler of a typed operation: its request and reply data typed by the operation's schemas. */
export type OperationHandler<O extends Operation> = RpcHandler<RequestOf<O>, ReplyOf<O>>;

const validators = new WeakMap<TSchema, Validator>();
/** The compiled validator of a request schema (compiled once per schema). */
function validatorOf(schema: TSchema): Validator {
  let v = validators.get(schema);
  if (!v) validators.set(schema, (v = Compile(schema)));
  return v;
}

/**
 * Wraps a handler so that it only ever sees request data its operation's schema accepts; anything else is
 * answered 400 `validation_failed` naming the first problems, on the bus and in-process alike.
 */
export function validated<O extends Operation>(op: O, handler: OperationHandler<O>): RpcHandler {
  const check = validatorOf(op.request);
  return (req, ctx) => {
    if (!check.Check(req.data)) {
      const errors = check.Errors(req.data).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message}`);
      return Promise.reject(new TgError('validation_failed', `Invalid request: ${errors.join('; ')}`, { errors }));
    }
    return handler(req as RpcRequest<RequestOf<O>>, ctx);
  };
}

/**
 * The RPC handlers served in this process, by subject. A caller in the same process (the gateway of the
 * all-in-one app) can call them directly instead of over the bus; see {@link RpcClient.preferLocal}.
 */
export class LocalHandlers {
  private readonly handlers = new Map<string, { handler: RpcHandler; log: Logger }>();

  /** Registers the handler of a subject with its service's logger (the first registration wins). */
  register(subject: string, handler: RpcHandler, log: Logger): void {
    if (!this.handlers.has(subject)) this.handlers.set(subject, { handler, log });
  }

  /** Forgets the handler of a subject (its server is draining: calls go over the bus again). */
  unregister(subject: string, handler: RpcHandler): void {
    if (this.handlers.get(subject)?.handler === handler) this.handlers.delete(subject);
  }

  get(subject: string): { handler: RpcHandler; log: Logger } | undefined {
    return this.handlers.get(subject);
  }
}

/** Serves request/reply operations over core NATS, in a queue group so instances share the work. */
export class RpcServer {
  private readonly subs: Subscription[] = [];
  private readonly inflight = new Set<Promise<void>>();
  private readonly registered: [string, RpcHandler][] = [];

  constructor(
    private readonly nc: NatsConnection,
    private readonly queue: string,
    private readonly log: Logger,
    /** Where to also publish the handlers for same-process callers (optional). */
    private readonly local?: LocalHandlers,
    /**
     * Join the queue group only once this settles (e.g. a read model caught up): until then the other
     * instances take every request, and none reaches a half-loaded one.
     */
    private readonly joinAfter?: Promise<unknown>,
    /** Partitioned operations listen on one subject per partition this process serves (default: one partition). */
    private readonly partitioning: Partitioning = new Partitioning(1),
  ) {}
  private draining = false;

  /**
   * Binds the handler of a typed operation: its request is validated against the operation's schema first.
   * Errors become `{ ok: false, error }` replies, never crashes. The only way to answer on the bus.
   */
  serve<O extends Operation>(op: O, handler: OperationHandler<O>): this {
    const h = validated(op, handler);
    if (this.joinAfter) void this.joinAfter.then(() => (this.draining ? undefined : this.join(op.subject, h)));
    else this.join(op.subject, h);
    return this;
  }

  private join(op: string, handler: RpcHandler): void {
    for (const subject of this.partitioning.listen(op)) this.joinSubject(subject, handler);
  }

  private joinSubject(subject: string, handler: RpcHandler): void {
    if (this.local) {
      this.local.register(subject, handler, this.log);
      this.registered.push([subject, handler]);
    }
    const sub = this.nc.subscribe(subject, {
      queue: this.queue,
      callback: (err, msg) => {
        if (err) {
          this.log.error({ err, subject }, 'subscription error');
          return;
        }
        const p = this.dispatch(subject, msg, handler).catch((err) => this.log.error({ err, subject }, 'dispatch failed'));
        this.inflight.add(p);
        void p.finally(() => this.inflight.delete(p));
      },
    });
    this.subs.push(sub);
  }

  private async dispatch(subject: string, msg: Msg, handler: RpcHandler): Promise<void> {
    const requestId = requestIdFrom(msg.headers?.get(REQUEST_ID_HEADER));
    const ctx = contextOf(this.log, requestId, subject);
    let reply: RpcReply;
    const informing = keepCallerInformed(this.nc, msg);
    try {
      const req = await incomingJson<RpcRequest>(this.nc, msg, 30_000);
      const out = await handler(req, ctx);
      reply = { ok: true, data: out.data, seq: out.seq };
    } catch (e) {
      reply = { ok: false, error: handlerError(e, ctx.log).toBody() };
    } finally {
      informing();
    }
    if (msg.reply) this.respond(msg, reply, ctx);
  }

  /** Sends a reply, large ones by reference; a reply that cannot be sent becomes an error reply, never a crash. */
  private respond(msg: Msg, reply: RpcReply, ctx: RpcContext): void {
    try {
      const out = outgoingJson(this.nc, reply);
      msg.respond(out.payload, { headers: out.headers });
    } catch (err) {
      ctx.log.error({ err }, 'reply could not be sent');
      try {
        const e = isTgError(err) ? (err as TgError) : new TgError('internal', 'The reply could not be sent');
        msg.respond(JSON.stringify({ ok: false, error: e.toBody() } satisfies RpcReply));
      } catch {
        // The connection is gone: the caller times out.
      }
    }
  }

  /** Stops taking new requests and waits for those in flight (at most `waitMs`: a stuck handler cannot block a shutdown). */
  async drain(waitMs = 10_000): Promise<void> {
    this.draining = true;
    for (const [subject, handler] of this.registered) this.local?.unregister(subject, handler);
    for (const s of this.subs) s.unsubscribe();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled([...this.inflight]), new Promise((r) => (timer = setTimeout(r, waitMs)))]);
    clearTimeout(timer);
  }
}

/** The error a caller sees for what a handler threw: its own TgError, 503 when the bus is down, else 500. */
function handlerError(e: unknown, log: Logger): TgError {
  if (isTgError(e)) return e as TgError;
  if (isBusUnavailable(e)) {
    // The bus or JetStream is unreachable (e.g. a cluster electing a new stream leader): a clear 503.
    log.warn({ err: e }, 'message bus unavailable');
    return new TgError('unavailable', 'The event log is temporarily unavailable; retry shortly');
  }
  log.error({ err: e }, 'handler failed');
  return new TgError('internal', 'Internal error');
}

/** True for errors that mean the bus or JetStream is unreachable right now (timeouts, no responders, closed). */
function isBusUnavailable(e: unknown): boolean {
  const name = (e as { name?: string })?.name ?? '';
  const msg = String((e as { message?: string })?.message ?? '');
  return /TimeoutError|NoRespondersError|ClosedConnectionError/.test(name) || /timeout|no responders|jetstream is not enabled|connection closed/i.test(msg);
}

/** The error a caller sees for a failed bus request (not a handler's error reply). */
function rpcCallError(subject: string, e: unknown): TgError {
  if (isTgError(e)) return e as TgError;
  const text = String((e as Error)?.message ?? e);
  if (/no responders/i.test(text) || (e as { code?: string }).code === '503') {
    return new TgError('unavailable', `Service for ${subject.split('.')[2]} is not available`, undefined, { cause: e });
  }
  if (/timeout/i.test(text)) return new TgError('timeout', `Service for ${subject.split('.')[2]} did not answer in time`, undefined, { cause: e });
  return new TgError('unavailable', 'Message bus unavailable', undefined, { cause: e });
}

/** Options of one call. */
export interface CallOptions {
  requestId?: string;
  timeoutMs?: number;
}

/** Calls RPC operations; maps error replies back to {@link TgError}. */
export class RpcClient {
  constructor(
    private readonly nc: NatsConnection,
    private readonly defaultTimeoutMs = 30_000,
    private readonly local?: LocalHandlers,
    /** An instance that says nothing (no reply, no "still working") for this long is taken as gone. */
    private readonly silenceMs = 5_000,
    /** Routes partitioned operations to the subject of their workspace's partition. */
    private readonly partitioning: Partitioning = new Partitioning(1),
  ) {}

  /**
   * A client that calls handlers served in this same process directly (no bus round trip, no JSON) and
   * everything else over the bus — what Moleculer's `preferLocal` does. Same contract as a bus call:
   * errors map to the same TgErrors, the same timeout applies, and a draining server's subjects fall back
   * to the bus. For the all-in-one process, where gateway and services share one event loop.
   */
  preferLocal(handlers: LocalHandlers): RpcClient {
    return new RpcClient(this.nc, this.defaultTimeoutMs, handlers, this.silenceMs, this.partitioning);
  }

  /**
   * Calls a typed operation: the request and reply data are typed by its schemas (see `OP` in contracts). The
   * only way to call over the bus: there is no call by subject string.
   */
  async call<Op extends Operation>(target: Op, req: RpcRequest<RequestOf<Op>>, opts: CallOptions = {}): Promise<{ data: ReplyOf<Op>; seq?: number }> {
    const op = target.subject;
    const subject = this.partitioning.route(op, req.ws);
    const local = this.local?.get(subject);
    if (local) return this.callLocal(local.handler, local.log, subject, req, opts) as Promise<{ data: ReplyOf<Op>; seq?: number }>;
    const h = natsHeaders();
    if (opts.requestId) h.set(REQUEST_ID_HEADER, opts.requestId);
    let msg: Msg | undefined;
    const timeout = opts.timeoutMs ?? this.defaultTimeoutMs;
    const deadline = Date.now() + timeout;
    // A call whose instance goes silent (killed mid-request) fails fast; a read is retried, and NATS hands
    // the retry to another member of the queue group.
    for (let attempt = 1; !msg; attempt++) {
      try {
        const out = outgoingJson(this.nc, req, h);
        msg = await requestOnce(this.nc, subject, out.payload, { headers: out.headers, timeoutMs: Math.max(1, deadline - Date.now()), silenceMs: this.silenceMs });
      } catch (e) {
        if (e instanceof AttemptError && e.kind === 'silent') {
          if (RETRYABLE_SUBJECTS.has(op) && attempt < 3 && deadline - Date.now() > 50) continue;
          throw new TgError('unavailable', `The instance serving ${subject.split('.')[2]} stopped answering; retry`, undefined, { cause: e });
        }
        throw rpcCallError(subject, e);
      }
    }
    const reply = await incomingJson<RpcReply>(this.nc, msg, timeout).catch((e: unknown) => {
      throw isTgError(e) ? e : new TgError('unavailable', `The reply of ${subject.split('.')[2]} could not be read`, undefined, { cause: e });
    });
    if (!reply.ok) throw TgError.fromBody(reply.error);
    // Replies are typed by the operation's schema, not validated at run time (the serving side built them).
    return { data: reply.data as ReplyOf<Op>, seq: reply.seq };
  }

  private async callLocal(handler: RpcHandler, serviceLog: Logger, subject: string, req: RpcRequest, opts: CallOptions): Promise<{ data: unknown; seq?: number }> {
    // The same context a bus call gets: the service's logger, with the request id and operation (made when read).
    const ctx = contextOf(serviceLog, requestIdFrom(opts.requestId), subject);
    const timeoutMs = opts.timeoutMs ?? this.defaultTimeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new TgError('timeout', `Service for ${subject.split('.')[2]} did not answer in time`)), timeoutMs);
    });
    try {
      const out = await Promise.race([handler(req, ctx), timeout]);
      return { data: out.data, seq: out.seq };
    } catch (e) {
      throw isTgError(e) ? e : handlerError(e, ctx.log);
    } finally {
      clearTimeout(timer);
    }
  }
}
