import { TgError, isTgError, type Decider, type ErrorBody, type ErrorCode, type TgEvent } from '@tg/contracts';

/**
 * Decider specifications: given events, when a command, then the events decided or the error refused with.
 * Pure (no I/O, no test framework): a spec compares the whole outcome with `toEqual`, so every field of every
 * event (payload and metadata) and every field of an error (code, message, details) is asserted.
 *
 * ```ts
 * expect(given(entityDecider, [created]).when(deleteIt)).toEqual(emits(event('EntityDeleted', { … }, meta)));
 * expect(given(entityDecider, []).when(deleteIt)).toEqual(refused('entity_not_found', 'Entity not found'));
 * ```
 */
export type Outcome<E extends TgEvent> = { readonly events: readonly E[] } | { readonly error: ErrorBody };

/**
 * The expected outcome "these events, in this order"; `emits()` is "nothing" (the command changes nothing).
 * (Not named `then`: a module exporting `then` is a thenable, and importing it dynamically never settles.)
 */
export function emits(...events: TgEvent[]): Outcome<TgEvent> {
  return { events };
}

/** The expected outcome "refused with this error" (the body the gateway would answer). */
export function refused(code: ErrorCode, message: string, details?: unknown): { readonly error: ErrorBody } {
  return { error: new TgError(code, message, details).toBody() };
}

/** The state after folding `events` into the decider's initial state. */
export function fold<S, C, E extends TgEvent>(decider: Decider<S, C, E>, events: readonly E[]): S {
  return events.reduce((s, e) => decider.evolve(s, e), decider.initialState());
}

/** Given these events (each may carry its stream `seq`, as events read back do), when a command: its outcome. */
export function given<S, C, E extends TgEvent>(decider: Decider<S, C, E>, events: readonly E[]) {
  const state = fold(decider, events);
  return {
    /** The state the command is decided against. */
    state,
    when(command: C): Outcome<E> {
      try {
        return { events: decider.decide(command, state) };
      } catch (e) {
        if (isTgError(e)) return { error: e.toBody() };
        throw e;
      }
    },
  };
}

/** The events of an outcome that must be events (for chaining: the next `given`); throws on a refusal. */
export function eventsOf<E extends TgEvent>(outcome: Outcome<E>): readonly E[] {
  if ('error' in outcome) throw new Error(`expected events, the command was refused: ${outcome.error.code} ${outcome.error.error}`);
  return outcome.events;
}

/** An event as read back from the stream: with its stream sequence (entity incarnations are sequences). */
export function stored<E extends TgEvent>(e: E, seq: number): E & { readonly seq: number; readonly subject: string } {
  return { ...e, seq, subject: `test.${seq}` };
}
