import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event, type Decider, type TgEvent } from '@tg/contracts';
import { startNats, type TestNats } from '@tg/test-stack/nats';
import { connectNats, type NatsConnection } from './connection';
import { ConcurrencyError, DuplicateAppendError, EventStore } from './event-store';
import { AggregateRepository } from './repository';
import { commandMsgId } from './idempotency';
import { StreamCursor, runProjectionFeed } from './consumers';
import { createLogger } from '@tg/observability';

const meta = { workspace: 'ws_test', at: 1 };
const created = (id: string) => event('EntityCreated', { entity_id: id, type: 'user', name: id, description: '', created_at: 1 }, meta);
const updated = (id: string, name: string) => event('EntityUpdated', { entity_id: id, name, updated_at: 2 }, meta);

/** A counter decider: each command appends one EntityUpdated; state counts them. */
const counter: Decider<{ n: number }, { name: string }, TgEvent> = {
  initialState: () => ({ n: 0 }),
  decide: (c) => [updated('x', c.name)],
  evolve: (s) => ({ n: s.n + 1 }),
};

describe('EventStore on a real JetStream', () => {
  let nats: TestNats;
  let nc: NatsConnection;
  let store: EventStore;
  beforeAll(async () => {
    nats = await startNats();
    nc = await connectNats(nats.url, 'test');
    store = await EventStore.open(nc);
  });
  afterAll(async () => {
    await nc?.close();
    await nats?.dispose();
  });

  it('encodes ids with odd characters into one subject token', async () => {
    const subject = EventStore.subject('ws_test', 'entity', 'a.b *>  ünï/ç');
    expect(subject.split('.')).toHaveLength(5);
    const seq = await store.append(subject, [created('odd')], { expectedSeq: 0 });
    expect(seq).toBeGreaterThan(0);
    const { events } = await store.readSubject(subject);
    expect(events.map((e) => e.type)).toEqual(['EntityCreated']);
  });

  it('rejects an append whose expected sequence is stale', async () => {
    const subject = EventStore.subject('ws_test', 'entity', 'occ');
    const s1 = await store.append(subject, [created('occ')], { expectedSeq: 0 });
    await expect(store.append(subject, [created('occ')], { expectedSeq: 0 })).rejects.toBeInstanceOf(ConcurrencyError);
    const s2 = await store.append(subject, [updated('occ', 'n')], { expectedSeq: s1 });
    expect(s2).toBeGreaterThan(s1);
  });

  it('dedupes a retried command by message id, and reports the duplicate instead of an append', async () => {
    const subject = EventStore.subject('ws_test', 'entity', 'dedupe');
    const a = await store.append(subject, [created('dedupe')], { expectedSeq: null, msgId: 'cmd-1' });
    const dup = await store.append(subject, [created('dedupe')], { expectedSeq: null, msgId: 'cmd-1' }).catch((e: unknown) => e);
    expect(dup).toBeInstanceOf(DuplicateAppendError);
    expect((dup as DuplicateAppendError).seq).toBe(a);
    expect((await store.readSubject(subject)).events).toHaveLength(1);
  });

  it('reports a duplicate before checking the expected sequence (a retry of a stored append is not a conflict)', async () => {
    const subject = EventStore.subject('ws_test', 'entity', 'dedupe-occ');
    const a = await store.append(subject, [created('dedupe-occ')], { expectedSeq: 0, msgId: 'cmd-occ' });
    const dup = await store.append(subject, [created('dedupe-occ')], { expectedSeq: 0, msgId: 'cmd-occ' }).catch((e: unknown) => e);
    expect(dup).toBeInstanceOf(DuplicateAppendError);
    expect((dup as DuplicateAppendError).seq).toBe(a);
  });

  it('never evolves a duplicate: two repositories appending the same decided command write it once', async () => {
    const subject = EventStore.subject('ws_test', 'entity', 'dup-repo');
    /** Creates once: a second create decides nothing. */
    const once: Decider<{ n: number }, { name: string; request_id: string }, TgEvent> = {
      initialState: () => ({ n: 0 }),
      decide: (c, s) => (s.n ? [] : [created(c.name)]),
      evolve: (s) => ({ n: s.n + 1 }),
    };
    const r1 = new AggregateRepository(store);
    const r2 = new AggregateRepository(store);
    // Both load the empty aggregate first, so both decide against sequence 0 with the same command.
    await r1.load(subject, once);
    await r2.load(subject, once);
    const [x, y] = await Promise.all([r1.execute(subject, once, { name: 'd', request_id: 'k' }), r2.execute(subject, once, { name: 'd', request_id: 'k' })]);
    expect([x.state.n, y.state.n]).toEqual([1, 1]);
    expect((await store.readSubject(subject)).events).toHaveLength(1);
  });

  it('answers a duplicate of its own command as done, even when deciding it again against what is stored would refuse it', async () => {
    const subject = EventStore.subject('ws_test', 'entity', 'dup-refuse');
    /** Deletes once: a second delete of the same thing is refused (as DeleteEntity of a deleted entity is: 404). */
    const deleteOnce: Decider<{ n: number }, { name: string; request_id: string }, TgEvent> = {
      initialState: () => ({ n: 0 }),
      decide: (c, s) => {
        if (s.n) throw new Error('already gone');
        return [created(c.name)];
      },
      evolve: (s) => ({ n: s.n + 1 }),
    };
    const r1 = new AggregateRepository(store);
    const r2 = new AggregateRepository(store);
    await r1.load(subject, deleteOnce);
    await r2.load(subject, deleteOnce);
    // The same command (same request) through two repositories: one append is stored, the other is its duplicate
    // (as the resend of an append whose acknowledgement was lost is). Both did the write.
    const outs = await Promise.all([r1.execute(subject, deleteOnce, { name: 'x', request_id: 'k' }), r2.execute(subject, deleteOnce, { name: 'x', request_id: 'k' })]);
    expect(outs.map((o) => o.state.n)).toEqual([1, 1]);
    expect(outs.filter((o) => o.duplicate)).toHaveLength(1);
    expect((await store.readSubject(subject)).events).toHaveLength(1);
    // A different command that the state refuses is still refused.
    await expect(r1.execute(subject, deleteOnce, { name: 'x', request_id: 'other' })).rejects.toThrow('already gone');
  });

  it('a stored command is not decided and appended again: a delete whose stored attempt was followed by a create does not delete that new entity', async () => {
    const subject = EventStore.subject('ws_test', 'entity', 'dup-again');
    /** exists / gone; a delete of what is gone is refused, a create of what exists decides nothing. */
    const life: Decider<{ exists: boolean }, { type: 'create' | 'delete'; request_id: string }, TgEvent> = {
      initialState: () => ({ exists: false }),
      decide: (c, s) => {
        if (c.type === 'create') return s.exists ? [] : [created('again')];
        if (!s.exists) throw new Error('not found');
        return [updated('again', 'deleted')];
      },
      evolve: (_s, e) => ({ exists: e.type === 'EntityCreated' }),
    };
    const r = new AggregateRepository(store);
    const other = new AggregateRepository(store);
    const del = { type: 'delete' as const, request_id: 'del-1' };
    await other.execute(subject, life, { type: 'create', request_id: 'c-1' });
    const before = await r.load(subject, life);
    // This delete's first publish was stored but not acknowledged (a leader lost mid-publish): stored under the
    // command's message id. Before its retry, another request creates the entity anew.
    await store.appendEach(subject, life.decide(del, before.state), { expectedSeq: before.seq, msgId: commandMsgId(subject, before.seq, del) });
    other.forget(subject);
    await other.execute(subject, life, { type: 'create', request_id: 'c-2' });
    // The retry (decided against the state its first attempt saw): a duplicate, so done; the new entity stays.
    const out = await r.execute(subject, life, del);
    expect(out.duplicate).toBe(true);
    expect((await store.readSubject(subject)).events.map((e) => e.type)).toEqual(['EntityCreated', 'EntityUpdated', 'EntityCreated']);
  });

  it('a command stored only in part and then superseded is not answered as done', async () => {
    const subject = EventStore.subject('ws_test', 'entity', 'dup-torn');
    /** A claim releases the old holder, then claims: two events. Refused while another holds it. */
    /** Who holds it; 'old' is a holder whose claim is void (taken over: released, then claimed). */
    type Claim = { holder?: string };
    const claim: Decider<Claim, { by: string; request_id: string }, TgEvent> = {
      initialState: () => ({}),
      decide: (c, s) => {
        if (s.holder === c.by) return [];
        if (s.holder && s.holder !== 'old') throw new Error(`held by ${s.holder}`);
        return [...(s.holder ? [updated('torn', 'released')] : []), updated('torn', c.by)];
      },
      evolve: (_s, e) => (e.type === 'EntityUpdated' && e.data.name !== 'released' ? { holder: e.data.name } : {}),
    };
    const r = new AggregateRepository(store);
    const other = new AggregateRepository(store);
    await other.execute(subject, claim, { by: 'old', request_id: 'c-0' });
    const before = await r.load(subject, claim);
    const cmd = { by: 'mine', request_id: 'c-1' };
    const decided = claim.decide(cmd, before.state);
    expect(decided).toHaveLength(2);
    // Its first event (the release) was stored, the second never was (a crash, a lost leader between the two).
    await store.appendEach(subject, decided.slice(0, 1), { expectedSeq: before.seq, msgId: commandMsgId(subject, before.seq, cmd) });
    // Another claimant takes the released claim meanwhile.
    await other.execute(subject, claim, { by: 'third', request_id: 'c-2' });
    // The retry finds its first event a duplicate, then is refused: its claim was never made, so it is not done.
    await expect(r.execute(subject, claim, cmd)).rejects.toThrow('held by third');
  });

  it('never loses an event when two writers race on one aggregate', async () => {
    const subject = EventStore.subject('ws_test', 'entity', 'race');
    const r1 = new AggregateRepository(store);
    const r2 = new AggregateRepository(store);
    const writes = Array.from({ length: 20 }, (_, i) => (i % 2 ? r1 : r2).execute(subject, counter, { name: `w${i}` }));
    await Promise.all(writes);
    const fresh = new AggregateRepository(store);
    const { state } = await fresh.load(subject, counter);
    expect(state.n).toBe(20);
  });

  it('feeds a projection and lets a reader wait for a sequence', async () => {
    const cursor = new StreamCursor();
    const seen: string[] = [];
    const feed = await runProjectionFeed(store, { cursor, handle: (e) => seen.push(e.type), log: createLogger('t', 'silent'), name: 't' });
    await feed.caughtUp;
    const subject = EventStore.subject('ws_test', 'entity', 'proj');
    const seq = await store.append(subject, [created('proj')], { expectedSeq: 0 });
    expect(await cursor.waitFor(seq, 5_000)).toBe(true);
    expect(seen).toContain('EntityCreated');
    expect(await cursor.waitFor(seq + 1000, 50)).toBe(false);
    await feed.stop();
  });
});
