import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TastegraphClient } from '@tg/client';
import { loadConfig, type TgConfig } from '@tg/config';
import { createLogger } from '@tg/observability';
import { startTastegraph, type RunningTastegraph } from '@tg/compose';
import { startNats, type TestNats } from '@tg/test-stack/nats';
import { TEST_MODEL_DIR } from './stack';

/**
 * Several whole tastegraph instances in one test process against one real nats-server: each has its own
 * NATS connection, its own RPC servers (same queue groups, so requests spread over the instances), its own
 * read model and aggregate cache, and its own gateway. Gateways call over the bus (`rpcPreferLocal` off),
 * so a request may land on any instance: what replicas of each service do in a deployment.
 */
export interface ReplicaStack {
  nats: TestNats;
  instances: RunningTastegraph[];
  config: TgConfig;
  /** Creates a workspace; returns one client per instance (each through its own gateway). */
  workspace(name?: string): Promise<(TastegraphClient & { workspaceId: string; key: string })[]>;
  stop(): Promise<void>;
}

export async function startReplicas(n: number, overrides: Partial<TgConfig> = {}): Promise<ReplicaStack> {
  const nats = await startNats();
  const dirs: string[] = [];
  const base = {
    natsUrl: nats.url,
    port: 0,
    logLevel: process.env['TG_TEST_LOG'] ?? 'silent',
    enrichDelayMs: 200,
    clusterDebounceMs: 100,
    accountSecret: 'tg_sk_' + 'test'.repeat(8),
    rpcPreferLocal: false,
    ...overrides,
  };
  mkdirSync(TEST_MODEL_DIR, { recursive: true });
  const instances: RunningTastegraph[] = [];
  let config!: TgConfig;
  try {
    for (let i = 0; i < n; i++) {
      const dataDir = mkdtempSync(join(tmpdir(), `tg-replica-${i}-`));
      dirs.push(dataDir);
      symlinkSync(TEST_MODEL_DIR, join(dataDir, 'models'));
      config = loadConfig({}, { ...base, dataDir });
      instances.push(await startTastegraph(config, { log: createLogger(`replica-${i}`, config.logLevel) }));
    }
  } catch (e) {
    for (const t of instances) await t.stop().catch(() => undefined);
    await nats.dispose();
    throw e;
  }
  const admin = new TastegraphClient({ baseUrl: instances[0]!.baseUrl, apiKey: instances[0]!.accountSecret });
  return {
    nats,
    instances,
    config,
    async workspace(name = 'test') {
      const w = await admin.createWorkspace(name);
      return instances.map((t) => Object.assign(new TastegraphClient({ baseUrl: t.baseUrl, apiKey: w.workspace_api_key }), { workspaceId: w.public_id, key: w.workspace_api_key }));
    },
    async stop() {
      for (const t of instances) await t.stop().catch(() => undefined);
      await nats.dispose();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    },
  };
}
