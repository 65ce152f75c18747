import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TastegraphClient } from '@tg/client';
import { loadConfig, type TgConfig } from '@tg/config';
import { createLogger } from '@tg/observability';
import { startTastegraph, type RunningTastegraph } from '@tg/compose';
import { startNats, type TestNats } from '@tg/test-stack/nats';
import type { ProjectedVectorIndex } from '@tg/vector-store';
import { TEST_MODEL_DIR } from './wait';

export { BACKGROUND_WAIT_MS, TEST_MODEL_DIR, eventually } from './wait';

/** A whole tastegraph (real NATS, every service, the gateway on a free port) for a test. */
export interface TestStack {
  nats: TestNats;
  tg: RunningTastegraph;
  baseUrl: string;
  config: TgConfig;
  /** Client with the account secret. */
  admin: TastegraphClient;
  /** Creates a workspace and returns a client with its key. */
  workspace(name?: string): Promise<TastegraphClient & { workspaceId: string; key: string }>;
  /** Stops the services (not NATS) and starts them again on the same data. */
  restart(opts?: { crashNats?: boolean }): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts a test stack. Overrides shorten delays (enrichment, cluster debounce) for tests; `stackOpts.rankingVectors`
 * is a vector index outside the read model that ranking feeds and searches instead of its own (it outlives a
 * `restart`, as Qdrant outlives the processes that feed it).
 */
export async function startStack(overrides: Partial<TgConfig> = {}, stackOpts: { rankingVectors?: ProjectedVectorIndex } = {}): Promise<TestStack> {
  const nats = await startNats();
  const dataDir = mkdtempSync(join(tmpdir(), 'tg-data-'));
  const config = loadConfig(
    {},
    {
      natsUrl: nats.url,
      port: 0,
      dataDir,
      logLevel: process.env['TG_TEST_LOG'] ?? 'silent',
      enrichDelayMs: 200,
      clusterDebounceMs: 100,
      accountSecret: 'tg_sk_' + 'test'.repeat(8),
      ...overrides,
    },
  );
  // The embedding model cache is shared between stacks (conversion takes seconds).
  const { symlinkSync, existsSync, mkdirSync } = await import('node:fs');
  mkdirSync(TEST_MODEL_DIR, { recursive: true });
  if (!existsSync(join(dataDir, 'models'))) symlinkSync(TEST_MODEL_DIR, join(dataDir, 'models'));
  const log = createLogger('test', config.logLevel);
  let tg = await startTastegraph(config, { log, rankingVectors: stackOpts.rankingVectors });
  const stack: TestStack = {
    nats,
    tg,
    baseUrl: tg.baseUrl,
    config,
    admin: new TastegraphClient({ baseUrl: tg.baseUrl, apiKey: tg.accountSecret }),
    async workspace(name = 'test') {
      const w = await stack.admin.createWorkspace(name);
      const c = new TastegraphClient({ baseUrl: stack.baseUrl, apiKey: w.workspace_api_key });
      return Object.assign(c, { workspaceId: w.public_id, key: w.workspace_api_key });
    },
    async restart(opts = {}) {
      await tg.stop();
      if (opts.crashNats) {
        await nats.stop({ crash: true });
        await nats.restart();
      }
      tg = await startTastegraph({ ...config, port: tg.port }, { log, rankingVectors: stackOpts.rankingVectors });
      stack.tg = tg;
    },
    async stop() {
      await tg.stop();
      await nats.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return stack;
}

