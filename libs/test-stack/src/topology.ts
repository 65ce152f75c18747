// The process topology as data, with no imports: what tools/compose-topology.unit.spec.ts checks docker-compose.yml
// against, without loading the test stack (NATS, the client, the composition).

/** The services of the deployed shape, each its own `apps/<name>/src/main.ts` process. */
export const SERVICE_APPS = ['admin-service', 'entity-service', 'ingestion-service', 'embedding-service', 'taste-service', 'ranking-service', 'visualize-service', 'language-service'] as const;
export type ServiceApp = (typeof SERVICE_APPS)[number];
/** Every app a process stack can run: the services, the HTTP gateway, and the all-in-one `tastegraph`. */
export type AppName = ServiceApp | 'gateway' | 'tastegraph';

/**
 * The environment variables the process stack gives every app process (besides `opts.env`); fronts also get
 * `PORT`. `docker-compose.yml` must set the same (checked by tools/compose-topology.unit.spec.ts).
 */
export const STACK_ENV_KEYS = ['NATS_URL', 'TG_STREAM_REPLICAS', 'TG_DATA_DIR', 'TG_ACCOUNT_SECRET', 'HOST', 'LOG_LEVEL'] as const;

/**
 * The deployed topology `npm run stack` starts by default and `docker-compose.yml` describes (checked by
 * tools/compose-topology.unit.spec.ts): NATS nodes (stream and consumer replicas), processes per service,
 * gateways, and the ports inside a container.
 */
export const DEPLOYED_TOPOLOGY = { natsNodes: 3, streamReplicas: 3, replicas: 2, gateways: 2, gatewayPort: 8080, natsClientPort: 4222, natsClusterPort: 6222 } as const;

/** The services whose read models are split by workspace partition (`TG_SERVE_PARTITIONS` per replica). */
export const PARTITIONED_APPS: readonly AppName[] = ['taste-service', 'ranking-service', 'visualize-service'];

/**
 * The partitioned variant (`deploy/docker-compose.partitions.yml`, `npm run stack -- --replicas 3 --partitions 12`):
 * 12 workspace partitions, three replicas of each partitioned app, each partition on two of them.
 */
export const PARTITIONED_TOPOLOGY = { partitions: 12, replicas: 3, copies: 2 } as const;

/**
 * Processes per app for `startProcessStack`: the apps named get their count, every other service app and the
 * gateway get `others` (the option's own default for an unnamed app is 2, which a benchmark that wants only a
 * few apps would otherwise start by surprise).
 */
export function replicasOnly(named: Partial<Record<AppName, number>>, others = 0): Partial<Record<AppName, number>> {
  const out: Partial<Record<AppName, number>> = { gateway: others };
  for (const app of SERVICE_APPS) out[app] = others;
  return { ...out, ...named };
}
