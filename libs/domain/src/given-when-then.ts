import type { Decider } from '@tg/contracts';

/** given events, when a command: the events decided (or the error thrown). For decider tests. */
export function givenWhenThen<S, C, E>(decider: Decider<S, C, any>, given: E[], when: C): E[] {
  let state = decider.initialState();
  for (const e of given) state = decider.evolve(state, e);
  return decider.decide(when, state) as E[];
}
