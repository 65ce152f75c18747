import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@tg/config';
import { OP, contentIdForUrl, event, type Operation, type RequestOf } from '@tg/contracts';
import { CLAIM_LEASE_MS, entityDecider } from '@tg/domain';
import { EventStore, RpcClient, connectNats, type NatsConnection } from '@tg/messaging';
import { createLogger } from '@tg/observability';
import { ReadModelHost } from '@tg/read-model';
import { createRuntime, type Runtime } from '@tg/service-runtime';
import { startEmbeddingService } from '@tg/service-embedding';
import { startEntityService } from '@tg/service-entity';
import { ingestItems, startIngestionService } from '@tg/service-ingestion';
import { startNats, type TestNats } from '@tg/test-stack/nats';
import { callOutcome } from './testing/call-outcome';

const WS = 'ws_claim_race';

/**
 * Holds the first call of `target[method]` whose arguments `matches` until `go` is called; `reached` resolves when it
 * is held, `restore` puts the method back.
 */
function holdFirstCall<T extends object, K extends keyof T>(target: T, method: K, matches: (...args: never[]) => boolean) {
  let reached!: () => void;
  const atHold = new Promise<void>((r) => (reached = r));
  let go!: () => void;
  const proceed = new Promise<void>((r) => (go = r));
  const original = target[method];
  const call = (original as (...args: unknown[]) => unknown).bind(target);
  let held = false;
  target[method] = (async (...args: never[]) => {
    if (!held && matches(...args)) {
      held = true;
      reached();
      await proceed;
    }
    return call(...args);
  }) as T[K];
  return { reached: atHold, go, restore: () => (target[method] = original) };
}

/** Holds the first command of `type` on `subject` that `rt`'s repository is asked to execute (a slow instance between two steps of a write). */
const holdFirst = (rt: Runtime, subject: string, type: string) =>
  holdFirstCall(rt.repo, 'execute', (s: string, _decider: unknown, command: { type?: string }) => s === subject && command?.type === type);

/**
 * Holds the first append to `subject` that starts with an event of `type` inside `rt`'s event store (after the
 * repository decided it and ran its checks: a process stopped inside that publish).
 */
const holdAppend = (rt: Runtime, subject: string, type: string) =>
  holdFirstCall(rt.store, 'appendEach', (s: string, events: readonly { type: string }[]) => s === subject && events[0]?.type === type);

/**
 * A delete of a content entity with an explicit id appends `EntityDeleted` on the entity, then releases the URL's
 * claim on the URL's home: two appends. The same id created again with the same URL between them (another
 * instance serving it) claims the URL anew (its old claim is older than the deletion). The delete's release that
 * comes after must not release that new claim: else the entity holds the URL with no claim recorded, the URL no
 * longer resolves to it, and another id can take the URL too.
 */
describe('URL claims: the release of a delete, the same id written again meanwhile, an id that moved to another URL', () => {
  let nats: TestNats;
  let dataDir: string;
  const conns: NatsConnection[] = [];
  const stops: (() => Promise<unknown>)[] = [];
  let entityRt: Runtime;
  let ingestRt: Runtime;
  /** Another ingestion process's runtime (its own connection, repository and store), driven directly. */
  let otherRt: Runtime;
  let caller: RpcClient;
  beforeAll(async () => {
    nats = await startNats();
    dataDir = mkdtempSync(join(tmpdir(), 'tg-claim-race-'));
    const runtime = async (name: string) => {
      const config = loadConfig({}, { natsUrl: nats.url, dataDir, snapshotEveryEvents: -1, logLevel: 'silent', rpcPreferLocal: false });
      const nc = await connectNats(nats.url, name);
      conns.push(nc);
      return createRuntime(config, nc, createLogger(name, 'silent'));
    };
    entityRt = await runtime('entity');
    const host = new ReadModelHost(entityRt);
    const entity = await startEntityService(entityRt, host);
    await host.start();
    stops.push(() => entity.stop(), () => host.stop());
    ingestRt = await runtime('ingestion');
    const embedding = await startEmbeddingService(ingestRt);
    const ingestion = await startIngestionService(ingestRt);
    stops.push(() => ingestion.stop(), () => embedding.stop());
    otherRt = await runtime('ingestion-other');
    const callerNc = await connectNats(nats.url, 'caller');
    conns.push(callerNc);
    caller = new RpcClient(callerNc, 30_000);
  }, 120_000);
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    for (const nc of conns) await nc.close().catch(() => undefined);
    await nats?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Who the URL's home says holds `url`, and which of `ids` hold it as their content's URL. */
  const whoHolds = async (url: string, ids: string[]) => {
    const claim = (await ingestRt.repo.load(EventStore.subject(WS, 'entity', contentIdForUrl(url)), entityDecider)).state.urlClaimedBy;
    const holders: string[] = [];
    for (const id of ids) {
      const s = (await ingestRt.repo.load(EventStore.subject(WS, 'entity', id), entityDecider)).state;
      if (s.exists && s.url === url) holders.push(id);
    }
    return { claim, holders };
  };
  /** What a call over the bus ended with: `ok` and its data, or the error's HTTP status and code. */
  const outcome = <O extends Operation>(op: O, data: RequestOf<O>) => callOutcome(caller, WS)(op, data);
  const index = (url: string, id: string) => outcome(OP.ingest.content, { content: { url, type: 'text', content: 'notes on modal jazz', skip_url_fetch: true }, id });

  it('the same id created again with the URL between the two appends of its delete keeps its new claim', async () => {
    const url = 'https://claims.test/race';
    const home = EventStore.subject(WS, 'entity', contentIdForUrl(url));
    expect(await index(url, 'owner')).toMatchObject({ ok: { entity_id: 'owner', created: true } });

    // The delete's release waits (a slow instance) until the re-create has run.
    const hold = holdFirst(entityRt, home, 'ReleaseUrl');
    try {
      const deleting = outcome(OP.entity.delete, { entity_id: 'owner' });
      await hold.reached;
      // The same id, created again with the same URL, by another instance, while the delete is between its appends.
      expect(await index(url, 'owner')).toMatchObject({ ok: { entity_id: 'owner', created: true } });
      hold.go();
      expect(await deleting).toEqual({ ok: { success: true } });
    } finally {
      hold.restore();
    }

    // The entity created after the delete holds the URL: its claim stands, the URL resolves to it, nobody else takes it.
    expect((await entityRt.repo.load(home, entityDecider)).state.urlClaimedBy).toBe('owner');
    expect(await outcome(OP.entity.get, { entity_id: url })).toMatchObject({ ok: { id: 'owner' } });
    expect(await index(url, 'intruder')).toEqual({ status: 409, code: 'url_conflict' });
  }, 120_000);

  it('a re-index prepared against the live entity and committed after its delete (claim released) claims the URL anew', async () => {
    const url = 'https://claims.test/stale';
    const home = EventStore.subject(WS, 'entity', contentIdForUrl(url));
    expect(await index(url, 'holder')).toMatchObject({ ok: { entity_id: 'holder', created: true } });
    // The re-index waits between its preparation (the entity live, its claim standing) and its commit.
    const hold = holdFirst(ingestRt, EventStore.subject(WS, 'entity', 'holder'), 'IndexContent');
    try {
      const reindex = outcome(OP.ingest.content, { content: { url, type: 'text', content: 'more notes on modal jazz', skip_url_fetch: true }, id: 'holder' });
      await hold.reached;
      // Deleted meanwhile, its claim released.
      expect(await outcome(OP.entity.delete, { entity_id: 'holder' })).toEqual({ ok: { success: true } });
      hold.go();
      expect(await reindex).toMatchObject({ ok: { entity_id: 'holder', created: true } });
    } finally {
      hold.restore();
    }
    // The entity written after the delete holds the URL with a claim: the URL resolves to it, nobody else takes it.
    expect((await entityRt.repo.load(home, entityDecider)).state.urlClaimedBy).toBe('holder');
    expect(await outcome(OP.entity.get, { entity_id: url })).toMatchObject({ ok: { id: 'holder' } });
    expect(await index(url, 'intruder')).toEqual({ status: 409, code: 'url_conflict' });
  }, 120_000);

  it('an id whose content moved to another URL does not keep the old URL from others: the next writer of it takes it over', async () => {
    const from = 'https://claims.test/moved-from';
    const to = 'https://claims.test/moved-to';
    expect(await index(from, 'mover')).toMatchObject({ ok: { entity_id: 'mover', created: true } });
    expect(await index(to, 'mover')).toMatchObject({ ok: { entity_id: 'mover', url: to } });
    // Nobody holds `from` now (it resolves to nobody), so another id may take it, and then it resolves to that id.
    expect(await outcome(OP.entity.get, { entity_id: from })).toEqual({ status: 404, code: 'entity_not_found' });
    expect(await index(from, 'newcomer')).toMatchObject({ ok: { entity_id: 'newcomer', created: true } });
    expect(await outcome(OP.entity.get, { entity_id: from })).toMatchObject({ ok: { id: 'newcomer' } });
    // And the claim taken over holds: the id that moved away cannot come back to it.
    expect(await index(from, 'mover')).toEqual({ status: 409, code: 'url_conflict' });
  }, 120_000);

  /**
   * An ingest killed between its claim and its content leaves a claim that others take over after the lease. The
   * claimant itself (or content without an id, which becomes the claimant's) writing near the lease's end relies on that
   * old claim: its content must not land after someone took the URL over (two entities with one URL).
   */
  for (const via of ['its id', 'content without an id'] as const) {
    it(`a claimant writing by ${via} on its own claim near the lease's end: one holder of the URL, the one claimed`, async () => {
      const url = `https://claims.test/lease-end-${via === 'its id' ? 'id' : 'plain'}`;
      const claimant = `late-${via === 'its id' ? 'id' : 'plain'}`;
      const home = EventStore.subject(WS, 'entity', contentIdForUrl(url));
      // The claim its killed ingest left, nine and a half minutes ago.
      const claimedAt = Date.now() - CLAIM_LEASE_MS + 30_000;
      await ingestRt.store.append(home, [event('UrlClaimed', { url, entity_id: claimant, claimed_at: claimedAt }, { workspace: WS, at: claimedAt })], {
        expectedSeq: await ingestRt.store.lastSubjectSeq(home),
      });
      const hold = holdFirst(ingestRt, EventStore.subject(WS, 'entity', claimant), 'IndexContent');
      const now = ingestRt.now;
      let taker: Awaited<ReturnType<typeof index>>;
      try {
        const content = { url, type: 'text', content: 'notes on modal jazz', skip_url_fetch: true } as const;
        const late = outcome(OP.ingest.content, via === 'its id' ? { content, id: claimant } : { content });
        await hold.reached;
        // A minute on (its content still on its way): the claim, as its killed ingest made it, is past the lease.
        ingestRt.now = () => Date.now() + 60_000;
        taker = await index(url, `taker-${claimant}`);
        hold.go();
        await late;
      } finally {
        hold.restore();
        ingestRt.now = now;
      }
      const { claim, holders } = await whoHolds(url, [claimant, `taker-${claimant}`]);
      expect({ holders, claim, taker }).toEqual({ holders: [claimant], claim: claimant, taker: { status: 409, code: 'url_conflict' } });
    }, 120_000);
  }

  it('an ingest held between its claim and its content past the lease, its URL taken over meanwhile, does not index it', async () => {
    const url = 'https://claims.test/held-past-lease';
    const home = EventStore.subject(WS, 'entity', contentIdForUrl(url));
    // Held after its claim and after it checked its claim's age, before its content's append (a stalled process).
    const hold = holdFirst(ingestRt, EventStore.subject(WS, 'entity', 'stalled'), 'IndexContent');
    const now = ingestRt.now;
    let taker: Awaited<ReturnType<typeof index>>;
    let stalled: Awaited<ReturnType<typeof index>>;
    try {
      const writing = index(url, 'stalled');
      await hold.reached;
      expect((await ingestRt.repo.load(home, entityDecider)).state.urlClaimedBy).toBe('stalled');
      ingestRt.now = () => Date.now() + CLAIM_LEASE_MS + 60_000;
      taker = await index(url, 'after-stall');
      hold.go();
      stalled = await writing;
    } finally {
      hold.restore();
      ingestRt.now = now;
    }
    const { claim, holders } = await whoHolds(url, ['stalled', 'after-stall']);
    // Its claim revoked by the takeover, its write is prepared again and finds the URL's new holder (before the fence:
    // 503, the claim too old to rely on; a resend then got this 409).
    expect({ holders, claim, taker: 'ok' in taker ? 'ok' : taker, stalled }).toEqual({ holders: ['after-stall'], claim: 'after-stall', taker: 'ok', stalled: { status: 409, code: 'url_conflict' } });
  }, 120_000);

  /**
   * The lease's check runs just before the content's append; a process stopped inside that publish for longer than the
   * lease (its claim taken over meanwhile) is what the check cannot see. The takeover fences it: it appends
   * `UrlClaimRevoked` to the claimant's aggregate first, so the held append fails on its expected sequence and, decided
   * again, is refused. Before the fence its content landed after the takeover: two entities with one URL.
   */
  for (const via of ['an id', 'content without an id'] as const) {
    it(`an ingest stopped inside its content's publish past the lease, its URL taken over meanwhile by ${via}, does not land its content`, async () => {
      const tag = via === 'an id' ? 'id' : 'plain';
      const url = `https://claims.test/stopped-in-publish-${tag}`;
      const home = EventStore.subject(WS, 'entity', contentIdForUrl(url));
      const frozenId = `frozen-${tag}`;
      const takerId = via === 'an id' ? `after-freeze-${tag}` : contentIdForUrl(url);
      // The writer that stops is another process (the takeover's process does not wait behind it on the same subject).
      const hold = holdAppend(otherRt, EventStore.subject(WS, 'entity', frozenId), 'ContentIndexed');
      const now = ingestRt.now;
      let taker: Awaited<ReturnType<typeof index>>;
      let frozen: unknown;
      try {
        const content = { url, type: 'text' as const, content: 'notes on modal jazz', skip_url_fetch: true };
        const writing = ingestItems(otherRt, WS, [{ content, id: frozenId }], `write-${frozenId}`, false).then((r) => r.results[0]);
        await hold.reached;
        expect((await ingestRt.repo.load(home, entityDecider)).state.urlClaimedBy).toBe(frozenId);
        ingestRt.now = () => Date.now() + CLAIM_LEASE_MS + 60_000;
        taker = await outcome(OP.ingest.content, via === 'an id' ? { content, id: takerId } : { content });
        hold.go();
        frozen = await writing;
      } finally {
        hold.restore();
        ingestRt.now = now;
      }
      const { claim, holders } = await whoHolds(url, [frozenId, takerId]);
      expect({ holders, claim, taker: 'ok' in taker ? 'ok' : taker, frozen }).toEqual({
        holders: [takerId],
        claim: via === 'an id' ? takerId : undefined,
        taker: 'ok',
        frozen: { url, error: expect.any(String), code: 'url_conflict' },
      });
      // The URL resolves to the entity that took it over; the frozen id, which never held it, is not an entity.
      expect(await outcome(OP.entity.get, { entity_id: url })).toMatchObject({ ok: { id: takerId } });
      expect(await outcome(OP.entity.get, { entity_id: frozenId })).toEqual({ status: 404, code: 'entity_not_found' });
    }, 120_000);
  }
});
