import { Compile, type Validator } from 'typebox/compile';
import { Type, type TSchema } from 'typebox';
import { EventSchemas, EVENT_VERSIONS, type EventType, type TgEvent } from './events';

/** An event that does not match its schema (on append: a bug; on read: a log this code cannot apply). */
export class EventSchemaError extends Error {
  override readonly name = 'EventSchemaError';
  constructor(message: string, readonly details: { type?: unknown; v?: unknown; errors?: string[] } = {}) {
    super(message);
  }
}

const Metadata = Type.Object({ workspace: Type.String(), at: Type.Number(), request_id: Type.Optional(Type.String()) });

/**
 * Upcasters: per event type, a function per older version `n` turning data of version `n` into version `n + 1`.
 * Version 0 is the shape written before events carried `v`; today every type's version 1 has the same data
 * as its version 0 (fields added since are optional), so those steps are the identity. A change of shape
 * bumps the type's version in `EVENT_VERSIONS` and adds the step from the previous one here.
 */
const UPCASTERS: { readonly [T in EventType]?: readonly ((data: Record<string, unknown>) => Record<string, unknown>)[] } = {};

const checkers = new Map<string, Validator<any, any, any>>();
function checkerFor(type: EventType): Validator<any, any, any> {
  let c = checkers.get(type);
  if (!c) checkers.set(type, (c = Compile(Type.Object({ type: Type.Literal(type), v: Type.Number(), data: EventSchemas[type] as TSchema, metadata: Metadata }))));
  return c;
}

const isEventType = (t: unknown): t is EventType => typeof t === 'string' && Object.prototype.hasOwnProperty.call(EventSchemas, t);

/** Checks an event in its current version against its schema; throws {@link EventSchemaError}. */
export function validateEvent(e: unknown): TgEvent {
  const type = (e as { type?: unknown } | null)?.type;
  if (!isEventType(type)) throw new EventSchemaError(`unknown event type ${JSON.stringify(type)}`, { type });
  const c = checkerFor(type);
  if (!c.Check(e)) {
    const errors = c.Errors(e).slice(0, 5).map((x) => `${x.instancePath || '/'} ${x.message}`);
    throw new EventSchemaError(`${type} does not match its schema: ${errors.join('; ')}`, { type, v: (e as { v?: unknown }).v, errors });
  }
  return e as TgEvent;
}

/** Brings an event read from the log to its type's current version (older versions are upcast step by step). */
export function upcastEvent(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object') throw new EventSchemaError('an event must be an object');
  const e = raw as { type?: unknown; v?: unknown; data?: Record<string, unknown> };
  if (!isEventType(e.type)) throw new EventSchemaError(`unknown event type ${JSON.stringify(e.type)}`, { type: e.type });
  const current = EVENT_VERSIONS[e.type];
  let v = e.v === undefined ? 0 : e.v;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > current) {
    throw new EventSchemaError(`${e.type} has version ${JSON.stringify(e.v)}, this code reads versions 0..${current}`, { type: e.type, v: e.v });
  }
  if (v === current) return raw;
  let data = e.data;
  const steps = UPCASTERS[e.type] ?? [];
  for (; v < current; v++) if (data && steps[v]) data = steps[v]!(data);
  return { ...e, v: current, data };
}

/** Decodes an event read from the log: upcast to the current version, then validated. */
export function decodeEvent(raw: unknown): TgEvent {
  return validateEvent(upcastEvent(raw));
}

/** Encodes an event for the log, validated against its schema first. */
export function encodeEvent(e: TgEvent): string {
  validateEvent(e);
  return JSON.stringify(e);
}
