import { randomUUID } from 'node:crypto';
import { headers as natsHeaders, type Msg, type MsgHdrs, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { TgError } from '@tg/contracts';

/**
 * Messages larger than one NATS message (the server's `max_payload`, 1 MiB by default): the sender holds
 * the bytes in memory and sends a small reference instead; the receiver pulls the parts from the sender's
 * own subject (request/reply, one part per message), then the sender forgets them. Used for RPC requests
 * and replies, so that no valid call fails, and no reply crashes its process, for being large.
 */

/** Header that marks a message whose body is a {@link LargeRef}. */
export const LARGE_HEADER = 'Tg-Large';
/** Room left in each message for headers and subjects. */
const HEADROOM = 16 * 1024;
/** How long held bytes wait for their receiver. */
const HOLD_MS = 60_000;
/** Bytes held at most by one connection: past that a large message is refused (503) rather than buffered. */
const HOLD_MAX_BYTES = 512 * 1024 * 1024;

/** Where the parts of a large message are, and how many. */
export interface LargeRef {
  at: string;
  id: string;
  parts: number;
  bytes: number;
}

/** Largest body one message may carry on this connection, headers aside. */
export function messageBudget(nc: NatsConnection): number {
  return Math.max(32 * 1024, (nc.info?.max_payload ?? 1024 * 1024) - HEADROOM);
}

class PartHolder {
  readonly subject = `_TG.parts.${randomUUID().replace(/-/g, '')}`;
  private readonly held = new Map<string, { data: Uint8Array; partSize: number; parts: number; served: Set<number>; timer: NodeJS.Timeout }>();
  private bytes = 0;
  private readonly sub: Subscription;

  constructor(private readonly nc: NatsConnection) {
    this.sub = nc.subscribe(this.subject, { callback: (err, msg) => (err ? undefined : this.serve(msg)) });
  }

  hold(data: Uint8Array): LargeRef {
    if (this.bytes + data.byteLength > HOLD_MAX_BYTES) throw new TgError('unavailable', 'Too many large messages in flight; retry shortly');
    const partSize = messageBudget(this.nc);
    const parts = Math.ceil(data.byteLength / partSize);
    const id = randomUUID();
    const timer = setTimeout(() => this.forget(id), HOLD_MS);
    timer.unref();
    this.held.set(id, { data, partSize, parts, served: new Set(), timer });
    this.bytes += data.byteLength;
    return { at: this.subject, id, parts, bytes: data.byteLength };
  }

  private forget(id: string): void {
    const h = this.held.get(id);
    if (!h) return;
    clearTimeout(h.timer);
    this.held.delete(id);
    this.bytes -= h.data.byteLength;
  }

  /** Answers one part; never throws (a failed answer is a timeout on the receiver's side). */
  private serve(msg: Msg): void {
    try {
      const { id, part } = msg.json<{ id: string; part: number }>();
      const h = typeof id === 'string' ? this.held.get(id) : undefined;
      if (!h || !Number.isInteger(part) || part < 0 || part >= h.parts) {
        const hd = natsHeaders();
        hd.set(LARGE_HEADER, 'gone');
        msg.respond(new Uint8Array(0), { headers: hd });
        return;
      }
      msg.respond(h.data.subarray(part * h.partSize, (part + 1) * h.partSize));
      h.served.add(part);
      if (h.served.size === h.parts) this.forget(id);
    } catch {
      // A malformed part request, or the connection closing: nothing to answer.
    }
  }

  close(): void {
    for (const id of [...this.held.keys()]) this.forget(id);
    this.sub.unsubscribe();
  }
}

const holders = new WeakMap<NatsConnection, PartHolder>();
function holderOf(nc: NatsConnection): PartHolder {
  let h = holders.get(nc);
  if (!h) {
    h = new PartHolder(nc);
    holders.set(nc, h);
    const held = h;
    void nc.closed().then(() => held.close());
  }
  return h;
}

/** A JSON body ready to send: itself when it fits in one message, else a reference to parts held here. */
export function outgoingJson(nc: NatsConnection, value: unknown, headers?: MsgHdrs): { payload: string | Uint8Array; headers?: MsgHdrs } {
  const text = JSON.stringify(value);
  // Cheap check first: a string's UTF-8 size is at most 3 bytes per UTF-16 unit.
  const budget = messageBudget(nc);
  if (text.length * 3 <= budget) return { payload: text, headers };
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.byteLength <= budget) return { payload: bytes, headers };
  const h = headers ?? natsHeaders();
  h.set(LARGE_HEADER, '1');
  return { payload: JSON.stringify(holderOf(nc).hold(bytes)), headers: h };
}

/** The JSON body of a received message, pulling its parts first when it is a large one. */
export async function incomingJson<T>(nc: NatsConnection, msg: Msg, timeoutMs: number): Promise<T> {
  if (msg.headers?.get(LARGE_HEADER) !== '1') return msg.json<T>();
  const ref = msg.json<LargeRef>();
  const parts: Uint8Array[] = new Array(ref.parts);
  let next = 0;
  const worker = async () => {
    while (next < ref.parts) {
      const part = next++;
      const m = await nc.request(ref.at, JSON.stringify({ id: ref.id, part }), { timeout: timeoutMs });
      if (m.headers?.get(LARGE_HEADER) === 'gone') throw new TgError('unavailable', 'A large message expired before it was read; retry');
      parts[part] = m.data;
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, ref.parts) }, worker));
  const buf = Buffer.concat(parts);
  if (buf.byteLength !== ref.bytes) throw new TgError('internal', 'A large message arrived incomplete');
  return JSON.parse(buf.toString('utf8')) as T;
}
