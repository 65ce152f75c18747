import type { RpcRequest } from '@tg/contracts';
import type { EventStore } from '@tg/messaging';
import { readYourWrites } from '@tg/service-runtime';
import type { AdminDeps } from './admin-deps';

/** Subjects of the account's events (workspaces and their keys): what the admin projection reads. */
export const ACCOUNT_EVENTS = 'tg.evt._account.*.*';

/**
 * The account's last event in the stream, asked once for many lookups. The question has a wildcard subject, which
 * the server answers by scanning the stream's blocks back to that event (on nats-server 2.9.10, 200k events after
 * it: about 35 ms of server time against 0.2-0.4 ms for one aggregate's subject, review 2026-11-27): asked once per
 * unknown key, a flood of made-up keys, which needs no valid key, would keep the server that also takes every
 * write busy scanning. So at most one question is asked at a time, and the lookups that arrive while it runs share
 * the next one (it starts after them, so it sees every event acknowledged before they arrived).
 */
class AccountEnd {
  private running?: Promise<number>;
  private queued?: Promise<number>;
  constructor(private readonly store: EventStore) {}

  last(): Promise<number> {
    if (this.queued) return this.queued;
    if (!this.running) return this.start();
    const after = this.running.then(
      () => undefined,
      () => undefined,
    );
    this.queued = after.then(() => {
      this.queued = undefined;
      return this.start();
    });
    return this.queued;
  }

  private start(): Promise<number> {
    const p = this.store.lastSubjectSeq(ACCOUNT_EVENTS);
    this.running = p;
    const done = () => {
      if (this.running === p) this.running = undefined;
    };
    p.then(done, done);
    return p;
  }
}

const ends = new WeakMap<EventStore, AccountEnd>();

/**
 * For a lookup that found nothing: reads up to the account's last event in the stream, and answers whether there
 * was anything to read (then look again). A workspace created through another gateway, whose position the caller
 * does not carry, may not have reached this instance's projection yet; in a cluster the feed can trail the request
 * that names it. Without this the new workspace's key would be "unknown" there for that moment.
 */
export async function readAccountToEnd({ rt, cursor }: AdminDeps, req: RpcRequest): Promise<boolean> {
  let end = ends.get(rt.store);
  if (!end) ends.set(rt.store, (end = new AccountEnd(rt.store)));
  const last = await end.last();
  if (last <= cursor.position) return false;
  await readYourWrites(cursor, { ...req, minSeq: last }, rt.config.readWaitMs);
  return true;
}
