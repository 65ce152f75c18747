import { TgError, isTgError, type Operation, type RequestOf, type RpcRequest } from '@tg/contracts';
import type { OperationClient } from '../context';

/** A recorded call, as it would have crossed the bus (request JSON-copied). */
export interface RecordedCall {
  subject: string;
  req: RpcRequest;
  opts: { requestId?: string; timeoutMs?: number };
}
/** What a fake service answers: reply data and, for a write, the stream sequence it appended. */
export interface FakeReply {
  data: unknown;
  seq?: number;
}
export type FakeHandler<I> = (req: RpcRequest<I>) => FakeReply | Promise<FakeReply>;

const service = (subject: string) => subject.split('.')[2];

/**
 * An in-memory stand-in for the bus, behind the same client interface the gateway calls (`OperationClient`),
 * for the gateway's unit tests: no NATS, no services. It keeps the bus client's contract, so the gateway under
 * test sees what it would see in production:
 * - a subject nobody serves fails like "no responders": `unavailable` (503);
 * - `busDown` fails every call like a lost connection: `unavailable`;
 * - a handler's TgError crosses as its body (`TgError.fromBody`), any other error as `internal`;
 * - a handler slower than the call's timeout (the gateway's, else `defaultTimeoutMs`) fails with `timeout` (504);
 * - requests and replies are JSON-copied, as on the wire.
 */
export class FakeOperationClient implements OperationClient {
  readonly calls: RecordedCall[] = [];
  /** While true, every call fails as when the connection to the bus is lost. */
  busDown = false;
  private readonly handlers = new Map<string, FakeHandler<unknown>>();

  /** @param defaultTimeoutMs the timeout of a call that names none (the bus client's default; tests may lower it). */
  constructor(public defaultTimeoutMs = 15_000) {}

  /** Serves an operation with `handler` (replacing any earlier one); the handler sees its typed request. */
  on<O extends Operation>(op: O, handler: FakeHandler<RequestOf<O>>): this {
    this.handlers.set(op.subject, handler as FakeHandler<unknown>);
    return this;
  }

  /** Stops serving an operation (its service is gone). */
  off(op: Operation): this {
    this.handlers.delete(op.subject);
    return this;
  }

  /** The calls made to one operation, in order. */
  callsTo(op: Operation): RecordedCall[] {
    return this.calls.filter((c) => c.subject === op.subject);
  }

  /** Calls by subject, or by an operation naming its subject (`{ subject, … }`), like the bus client. */
  async call<O = unknown, I = unknown>(target: string | { readonly subject: string }, req: RpcRequest<I>, opts: { requestId?: string; timeoutMs?: number } = {}): Promise<{ data: O; seq?: number }> {
    const subject = typeof target === 'string' ? target : target.subject;
    const wire = JSON.parse(JSON.stringify(req)) as RpcRequest;
    this.calls.push({ subject, req: wire, opts: { ...opts } });
    if (this.busDown) throw new TgError('unavailable', 'Message bus unavailable');
    const handler = this.handlers.get(subject);
    if (!handler) throw new TgError('unavailable', `Service for ${service(subject)} is not available`);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new TgError('timeout', `Service for ${service(subject)} did not answer in time`)), opts.timeoutMs ?? this.defaultTimeoutMs);
    });
    try {
      const out = await Promise.race([Promise.resolve().then(() => handler(wire)), timeout]);
      const reply = JSON.parse(JSON.stringify(out)) as FakeReply;
      return { data: reply.data as O, seq: reply.seq };
    } catch (e) {
      if (isTgError(e)) throw TgError.fromBody(e.toBody());
      throw new TgError('internal', 'Internal error');
    } finally {
      clearTimeout(timer);
    }
  }
}
