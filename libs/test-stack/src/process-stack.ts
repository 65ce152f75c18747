import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { TastegraphClient } from '@tg/client';
import { assignPartitions, formatPartitionSet, type RpcReply, type RpcRequest } from '@tg/contracts';
import { freePort } from '@tg/test-stack/nats';
import { ManagedProcess } from './managed-process';
import { singleNats, type NatsFactory, type NatsTopology } from './nats-topology';
import { TEST_MODEL_DIR, eventually } from './wait';
import { PARTITIONED_APPS, SERVICE_APPS, type AppName } from './topology';

export { DEPLOYED_TOPOLOGY, PARTITIONED_APPS, PARTITIONED_TOPOLOGY, replicasOnly, SERVICE_APPS, STACK_ENV_KEYS, type AppName, type ServiceApp } from './topology';


/** Options of {@link startProcessStack}. */
export interface ProcessStackOptions {
  /**
   * `services` (default): each service and the gateway as separate processes, `replicas` of each (the
   * `deploy/` shape). `all-in-one`: `replicas` processes of `apps/tastegraph` (every service and a gateway each).
   */
  shape?: 'services' | 'all-in-one';
  /** Processes per app (default 2), or per app name (missing names get 2). */
  replicas?: number | Partial<Record<AppName, number>>;
  /** The NATS part (default: one nats-server with JetStream). */
  nats?: NatsFactory;
  /** Extra environment for every app process (e.g. `TG_RPC_TIMEOUT_MS`). */
  env?: Record<string, string>;
  /** Extra environment for the processes of one app (after `env`), as a deployment sets per service. */
  envOf?: Partial<Record<AppName, Record<string, string>>>;
  /** Extra environment for one process (after `envOf`), e.g. a clock set apart on one replica (libfaketime). */
  envOfReplica?: (name: AppName, index: number) => Record<string, string> | undefined;
  /** pino level of the services (default `info`: their `started` line is the readiness signal). */
  logLevel?: string;
  /**
   * pino level of the HTTP fronts (gateways, all-in-one; default `warn`: at `info` Fastify writes two lines
   * per request; their readiness is `/health`).
   */
  frontLogLevel?: string;
  /** Repository root (default: found from this file). */
  root?: string;
  /** Account secret of the stack (default: a fixed test secret). */
  accountSecret?: string;
  /**
   * Workspace partitions (`TG_PARTITIONS`, default 1: not partitioned). With more, each replica of taste,
   * ranking and visualize serves the partitions {@link assignPartitions} gives it, so that each partition
   * has `partitionCopies` replicas (default 2).
   */
  partitions?: number;
  partitionCopies?: number;
  /** How long a service may take to be ready (default 90 s; a replay of a large log takes longer). */
  readyTimeoutMs?: number;
}

/** A topology of real processes on loopback: NATS, the services (R replicas each), the gateways. */
export interface ProcessStack {
  nats: NatsTopology;
  /** Base URLs (`…/v1`) of every HTTP front (gateways, or all-in-one processes), in index order. */
  baseUrls: string[];
  /** The first front's base URL. */
  baseUrl: string;
  accountSecret: string;
  /** Client with the account secret (first front). */
  admin: TastegraphClient;
  /** Creates a workspace; returns a client with its key (first front) and the key. */
  workspace(name?: string): Promise<TastegraphClient & { workspaceId: string; key: string }>;
  /** Every app process (not NATS), in start order. */
  processes(): ManagedProcess[];
  /** One app process by name and replica index. */
  proc(name: AppName, index?: number): ManagedProcess;
  /** The partitions a replica serves (every partition for an app that is not partitioned). */
  partitionsOf(name: AppName, index?: number): number[];
  /** `kill -9` of one app process; waits until it has exited. */
  kill(name: AppName, index?: number): Promise<void>;
  /** Starts a stopped app process again (same port and data dir) and waits until it is ready. */
  start(name: AppName, index?: number): Promise<void>;
  /** `kill -9` then start again, ready. */
  restart(name: AppName, index?: number): Promise<void>;
  /** `kill -9` of nats-server node `i` (its store stays). */
  killNats(i?: number): Promise<void>;
  /** Starts nats-server node `i` again on the same store and port; waits until clients connect. */
  startNats(i?: number): Promise<void>;
  /** A NATS connection of the test itself (lazily opened), e.g. to read the stream. */
  bus(): Promise<NatsConnection>;
  /**
   * Waits until a service answers an RPC subject over NATS with an ok reply (a NATS service response as
   * the readiness condition), bounded.
   */
  waitForRpc(subject: string, req: RpcRequest, opts?: { timeoutMs?: number }): Promise<void>;
  /** Stops everything (SIGTERM, then SIGKILL) and removes the temporary directories. */
  stop(): Promise<void>;
}

const here = new URL('.', import.meta.url).pathname;
/** The repository root (libs/test-stack/src → ../../..). */
export const REPO_ROOT = resolve(here, '../../..');

/** Readiness of a service process: its `started` line (written once its RPCs and consumers run). */
const STARTED = /"msg":"started"/;

/** Starts a process topology and waits until every process is ready. */
export async function startProcessStack(opts: ProcessStackOptions = {}): Promise<ProcessStack> {
  const root = opts.root ?? REPO_ROOT;
  const shape = opts.shape ?? 'services';
  const replicasOf = (name: AppName) => (typeof opts.replicas === 'number' ? opts.replicas : (opts.replicas?.[name] ?? 2));
  const accountSecret = opts.accountSecret ?? 'tg_sk_' + 'stack'.repeat(6);
  const base = mkdtempSync(join(tmpdir(), 'tg-procs-'));
  mkdirSync(TEST_MODEL_DIR, { recursive: true });
  const nats = await (opts.nats ?? singleNats())();
  const apps: ManagedProcess[] = [];
  let conn: NatsConnection | undefined;

  const partitions = opts.partitions ?? 1;
  const all = Array.from({ length: partitions }, (_, p) => p);
  const partitionsOf = (name: AppName, i = 0): number[] =>
    partitions > 1 && shape === 'services' && PARTITIONED_APPS.includes(name) ? assignPartitions(partitions, replicasOf(name), opts.partitionCopies ?? 2)[i] ?? [] : all;
  const commonEnv = (dataDir: string): Record<string, string | undefined> => ({
    ...process.env,
    NATS_URL: nats.url,
    TG_STREAM_REPLICAS: String(nats.streamReplicas),
    TG_DATA_DIR: dataDir,
    TG_ACCOUNT_SECRET: accountSecret,
    HOST: '127.0.0.1',
    TG_ENRICH_DELAY_MS: '200',
    TG_CLUSTER_DEBOUNCE_MS: '100',
    LOG_LEVEL: opts.logLevel ?? 'info',
    ...(partitions > 1 ? { TG_PARTITIONS: String(partitions) } : {}),
    ...opts.env,
  });
  const dataDirOf = (name: string, i: number) => {
    const d = join(base, `${name}-${i}`);
    mkdirSync(d, { recursive: true });
    // One converted embedding model per machine, shared by every process.
    symlinkSync(TEST_MODEL_DIR, join(d, 'models'));
    return d;
  };
  const healthy = (port: number) => async () => {
    await eventually(
      async () => {
        const r = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(2_000) });
        return r.ok;
      },
      { timeoutMs: 90_000, intervalMs: 50, what: `GET /health on ${port}` },
    );
  };
  const fronts: { port: number; proc: ManagedProcess }[] = [];
  const app = async (name: AppName, i: number): Promise<ManagedProcess> => {
    const dataDir = dataDirOf(name, i);
    const entry = join(root, 'apps', name, 'src', 'main.ts');
    const env = { ...commonEnv(dataDir), ...opts.envOf?.[name], ...opts.envOfReplica?.(name, i) };
    if (partitions > 1 && PARTITIONED_APPS.includes(name) && shape === 'services') env['TG_SERVE_PARTITIONS'] = formatPartitionSet(partitionsOf(name, i));
    let ready: (p: ManagedProcess) => Promise<void>;
    if (name === 'gateway' || name === 'tastegraph') {
      const port = await freePort();
      env['PORT'] = String(port);
      env['LOG_LEVEL'] = opts.frontLogLevel ?? 'warn';
      const h = healthy(port);
      ready =
        name === 'tastegraph'
          ? async (p) => {
              await p.waitForLine(/tastegraph is running at/, { timeoutMs: 90_000 });
              await h();
            }
          : h;
      const proc = new ManagedProcess({ name, index: i, command: process.execPath, args: ['--import', 'tsx', entry], env, cwd: root, ready });
      fronts.push({ port, proc });
      return proc;
    }
    const readyTimeoutMs = opts.readyTimeoutMs ?? 90_000;
    ready = async (p) => void (await p.waitForLine(STARTED, { timeoutMs: readyTimeoutMs }));
    return new ManagedProcess({ name, index: i, command: process.execPath, args: ['--import', 'tsx', entry], env, cwd: root, ready, readyTimeoutMs });
  };

  const stopAll = async () => {
    await Promise.all(apps.map((p) => p.stop()));
    await conn?.close().catch(() => undefined);
    await nats.dispose();
    rmSync(base, { recursive: true, force: true });
  };
  try {
    // Services first (in parallel), then the fronts: a gateway is useful only once services answer.
    const names: AppName[] = shape === 'all-in-one' ? ['tastegraph'] : [...SERVICE_APPS];
    const services: ManagedProcess[] = [];
    for (const n of names) for (let i = 0; i < replicasOf(n); i++) services.push(await app(n, i));
    apps.push(...services);
    // Start one replica of each first: the first start creates the stream and the durable consumers.
    await Promise.all(services.filter((p) => p.index === 0).map((p) => p.start()));
    await Promise.all(services.filter((p) => p.index > 0).map((p) => p.start()));
    if (shape === 'services') {
      const gws: ManagedProcess[] = [];
      for (let i = 0; i < replicasOf('gateway'); i++) gws.push(await app('gateway', i));
      apps.push(...gws);
      await Promise.all(gws.map((p) => p.start()));
    }
  } catch (e) {
    await stopAll();
    throw e;
  }

  const baseUrls = fronts.map((f) => `http://127.0.0.1:${f.port}/v1`);
  const admin = new TastegraphClient({ baseUrl: baseUrls[0]!, apiKey: accountSecret });
  const find = (name: AppName, index = 0) => {
    const p = apps.find((a) => a.name === name && a.index === index);
    if (!p) throw new Error(`no process ${name}#${index} in this stack`);
    return p;
  };
  const stack: ProcessStack = {
    nats,
    baseUrls,
    baseUrl: baseUrls[0]!,
    accountSecret,
    admin,
    async workspace(name = 'test') {
      const w = await admin.createWorkspace(name);
      const c = new TastegraphClient({ baseUrl: baseUrls[0]!, apiKey: w.workspace_api_key });
      return Object.assign(c, { workspaceId: w.public_id, key: w.workspace_api_key });
    },
    processes: () => [...apps],
    proc: find,
    partitionsOf,
    kill: (name, index = 0) => find(name, index).kill('SIGKILL'),
    start: (name, index = 0) => find(name, index).start(),
    restart: (name, index = 0) => find(name, index).restart(),
    killNats: (i = 0) => nats.kill(i),
    startNats: (i = 0) => nats.start(i),
    async bus() {
      conn ??= await connect({ servers: nats.url.split(','), name: 'test-stack', maxReconnectAttempts: -1, reconnectTimeWait: 100 });
      return conn;
    },
    async waitForRpc(subject, req, o = {}) {
      const nc = await stack.bus();
      await eventually(
        async () => {
          const m = await nc.request(subject, JSON.stringify(req), { timeout: 2_000 });
          return (m.json() as RpcReply).ok;
        },
        { timeoutMs: o.timeoutMs ?? 60_000, intervalMs: 50, what: `an ok answer on ${subject}` },
      );
    },
    stop: stopAll,
  };
  return stack;
}
