import { loadConfig, type TgConfig } from '@tg/config';
import { buildGateway } from '@tg/http-api';
import { connectNats, watchStreamIdentity } from '@tg/messaging';
import { createLogger } from '@tg/observability';
import { ReadModelHost } from '@tg/read-model';
import { createRuntime, lowerProcessPriority, type Runtime, type StartedService } from '@tg/service-runtime';

/**
 * Runs one service as its own process (the `deploy/` shape): parse config once, connect to NATS, start,
 * and drain on SIGTERM/SIGINT.
 */
export async function runService(
  name: string,
  start: (rt: Runtime, host: () => Promise<ReadModelHost>) => Promise<StartedService[]>,
  /**
   * `partitioned`: the service answers from a read model split by workspace partition (taste, ranking, visualize).
   * `nice`: the process's CPU priority when `TG_NICE` is unset (default 0): 10 for a service whose work can wait
   * (the write path, background fits), so that on a saturated machine the processes answering reads get the cores.
   */
  opts: { partitioned?: boolean; nice?: number } = {},
): Promise<void> {
  let config: TgConfig;
  try {
    config = loadConfig();
  } catch (e) {
    console.error(String((e as Error).message));
    process.exit(2);
  }
  const log = createLogger(name, config.logLevel);
  // Before anything starts threads of its own (they inherit it).
  const nice = config.nice ?? opts.nice ?? 0;
  if (nice > 0) log.info({ ...lowerProcessPriority(nice) }, 'CPU priority lowered (nice)');
  if (!config.natsUrl) {
    log.fatal('NATS_URL is required when a service runs on its own');
    process.exit(2);
  }
  if (config.servePartitions.length < config.partitions && !opts.partitioned) {
    log.fatal(`TG_SERVE_PARTITIONS is for the taste, ranking and visualize services; ${name} serves every workspace (unset it)`);
    process.exit(2);
  }
  const nc = await connectNats(config.natsUrl, name);
  const rt = await createRuntime(config, nc, log);
  let hostP: Promise<ReadModelHost> | undefined;
  let hostRef: ReadModelHost | undefined;
  const host = () =>
    (hostP ??= (async () => {
      hostRef = new ReadModelHost(rt);
      return hostRef;
    })());
  const services = await start(rt, host);
  // A read model of an event stream that was re-created holds another stream's state: exit, so that a restart
  // rebuilds it from the new stream (docs/operations.md, Health).
  hostRef?.onReplaced((reason) => {
    log.fatal({ service: name, reason }, 'event stream re-created: exiting so that a restart rebuilds the read model');
    process.exit(75);
  });
  if (hostRef) await hostRef.start();
  log.info({ service: name }, 'started');
  const stop = async () => {
    // The read model first (as in the all-in-one process): its snapshot on stop asks the services' parts (the
    // ranking service's vector graphs, on its worker thread) for their state while they still hold it.
    await hostRef?.stop();
    for (const s of services.reverse()) await s.stop().catch(() => undefined);
    await nc.drain().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

/** Runs the HTTP gateway alone against NATS (services run elsewhere). */
export async function runGateway(): Promise<void> {
  const config = loadConfig();
  const log = createLogger('gateway', config.logLevel);
  if (!config.natsUrl) throw new Error('NATS_URL is required');
  const nc = await connectNats(config.natsUrl, 'gateway');
  const rt = await createRuntime(config, nc, log);
  const app = await buildGateway({ config, rpc: rt.rpc, log, watchStream: (l) => watchStreamIdentity(rt.store, l, log) });
  await app.listen({ host: config.host, port: config.port });
  const stop = async () => {
    await app.close();
    await nc.drain().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
