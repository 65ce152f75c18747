import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@tg/config';
import { OP, TgError, event, type Operation, type RequestOf } from '@tg/contracts';
import { RpcClient, connectNats, type NatsConnection } from '@tg/messaging';
import { createLogger } from '@tg/observability';
import { ReadModelHost } from '@tg/read-model';
import { createRuntime, type Runtime } from '@tg/service-runtime';
import { entityDecider } from '@tg/domain';
import { startEmbeddingService } from '@tg/service-embedding';
import { startNats, type TestNats } from '@tg/test-stack/nats';
import { startEntityService } from './entity-service';
import { entitySubject } from './entity-deps';

const WS = 'ws_entity_ops';

/**
 * The entity service's operations over a real nats-server, called by subject through the bus (no same-process
 * shortcut): a request its operation's schema refuses is answered 400 `validation_failed` before any handler
 * code runs, and a valid one is served.
 */
describe('entity operations on the bus: requests are checked against the operation schemas', () => {
  let nats: TestNats;
  let nc: NatsConnection;
  let client: NatsConnection;
  let host: ReadModelHost;
  let entity: Awaited<ReturnType<typeof startEntityService>>;
  let dataDir: string;
  let rt: Runtime;
  beforeAll(async () => {
    nats = await startNats();
    dataDir = mkdtempSync(join(tmpdir(), 'tg-entity-ops-'));
    const config = loadConfig({}, { natsUrl: nats.url, dataDir, snapshotEveryEvents: -1, logLevel: 'silent', rpcPreferLocal: false });
    nc = await connectNats(nats.url, 'entity');
    rt = await createRuntime(config, nc, createLogger('entity', 'silent'));
    host = new ReadModelHost(rt);
    entity = await startEntityService(rt, host);
    await host.start();
    client = await connectNats(nats.url, 'caller');
  });
  afterAll(async () => {
    await entity?.stop();
    await host?.stop();
    await nc?.close();
    await client?.close();
    await nats?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** What a call over the bus ended with: `ok` and its data, or the error's HTTP status and code. */
  const outcome = async (op: Operation, data: unknown) => {
    try {
      return { ok: (await new RpcClient(client).call(op, { ws: WS, data: data as RequestOf<typeof op> })).data };
    } catch (e) {
      expect(e).toBeInstanceOf(TgError);
      return { status: (e as TgError).status, code: (e as TgError).code };
    }
  };
  const refused = { status: 400, code: 'validation_failed' };

  it.each([
    ['create: a name that is not a string', OP.entity.create, { type: 'user', name: 5 }],
    ['get: an id that is not a string', OP.entity.get, { entity_id: 42 }],
    ['delete: an empty id', OP.entity.delete, { entity_id: '' }],
    ['register-type: no type', OP.entity.registerType, { description: 'x' }],
    ['get-type: a type that is not a string', OP.entity.getType, { entity_type: ['user'] }],
    ['link: no parent', OP.entity.link, { child_id: 'c' }],
    ['link: a weight that is not a number', OP.entity.link, { parent_id: 'p', child_id: 'c', weight: 'heavy' }],
  ])('%s answers 400 validation_failed', async (_what, op, data) => {
    expect(await outcome(op, data)).toEqual(refused);
  });

  it('a valid request is served: a registered type reads back, an unknown entity is 404', async () => {
    expect(await outcome(OP.entity.registerType, { entity_type: 'playlist', description: 'Lists of songs' })).toEqual({ ok: { success: true, entity_type: 'playlist', updated: false } });
    expect(await outcome(OP.entity.get, { entity_id: 'nobody' })).toEqual({ status: 404, code: 'entity_not_found' });
  });

  it('a create that cannot embed the entity\'s own text writes nothing (503), and is served with its text vector once embedding is back', async () => {
    const ann = { type: 'user', name: 'Ann', description: 'Jazz and hiking', id: 'u_ann' };
    // No embedding service answers on this bus yet.
    expect(await outcome(OP.entity.create, ann)).toEqual({ status: 503, code: 'unavailable' });
    // The client saw a failure: nothing may have been written (no client retries, so an entity stored here would be
    // one the client believes it never created).
    expect((await rt.repo.load(entitySubject(WS, 'u_ann'), entityDecider)).state.exists).toBe(false);
    const embedding = await startEmbeddingService(rt);
    try {
      const made = await outcome(OP.entity.create, ann);
      expect(made.ok).toMatchObject({ id: 'u_ann', created: true, subspace_rank: 1 });
      const state = (await rt.repo.load(entitySubject(WS, 'u_ann'), entityDecider)).state;
      expect([state.exists, state.embeddedDigest !== undefined]).toEqual([true, true]);
      // Created and embedded by one command (the vector asked for before anything is written).
      const { events } = await rt.store.readSubject(entitySubject(WS, 'u_ann'));
      expect(events.map((e) => e.type)).toEqual(['EntityCreated', 'ContentEmbedded']);
    } finally {
      await embedding.stop();
    }
  }, 120_000);

  it('a create torn between its two appends (EntityCreated stored, its ContentEmbedded not) sent again with the same request id answers created: true and completes the write', async () => {
    const embedding = await startEmbeddingService(rt);
    try {
      // What a create killed after its first publish left (or a replica racing the same request saw).
      const subject = entitySubject(WS, 'u_torn');
      await rt.store.append(subject, [event('EntityCreated', { entity_id: 'u_torn', type: 'user', name: 'Tom', description: 'Bebop', created_at: 1 }, { workspace: WS, at: 1, request_id: 'rid-torn' })], { expectedSeq: 0 });
      const call = (rid: string) => new RpcClient(client).call(OP.entity.create, { ws: WS, data: { type: 'user', name: 'Tom', description: 'Bebop', id: 'u_torn' } }, { requestId: rid });
      // This request created the entity: it says so, as an exact retry of a whole create does.
      expect((await call('rid-torn')).data).toMatchObject({ id: 'u_torn', created: true, subspace_rank: 1 });
      expect((await rt.store.readSubject(subject)).events.map((e) => e.type)).toEqual(['EntityCreated', 'ContentEmbedded']);
      // Another request for the same entity did not create it.
      expect((await call('rid-other')).data).toMatchObject({ id: 'u_torn', created: false });
    } finally {
      await embedding.stop();
    }
  }, 120_000);
});
