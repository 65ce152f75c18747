import type { AddressInfo } from 'node:net';
import type { TgConfig } from '@tg/config';
import { buildGateway, type TgApp } from '@tg/http-api';
import { connectNats, watchStreamIdentity, type NatsConnection } from '@tg/messaging';
import { createLogger, type Logger } from '@tg/observability';
import { ReadModelHost } from '@tg/read-model';
import { createRuntime, type StartedService } from '@tg/service-runtime';
import { resolveAccountSecret, startAdminService } from '@tg/service-admin';
import { startEmbeddingService } from '@tg/service-embedding';
import { startEntityService } from '@tg/service-entity';
import { startVisualizeService } from '@tg/service-visualize';
import { startIngestionService } from '@tg/service-ingestion';
import { startLanguageService } from '@tg/service-language';
import { startRankingService } from '@tg/service-ranking';
import { startTasteService } from '@tg/service-taste';
import type { ProjectedVectorIndex } from '@tg/vector-store';

/** A running tastegraph: every service and the gateway in this process. */
export interface RunningTastegraph {
  baseUrl: string;
  port: number;
  accountSecret: string;
  accountSecretGenerated: boolean;
  app: TgApp;
  nc: NatsConnection;
  log: Logger;
  /** The services of this process, in start order (fault tests stop one to see the others cope). */
  services: readonly StartedService[];
  /** The read model this process's services share (tests ask what it holds when an answer looks wrong). */
  readModel: ReadModelHost;
  stop(): Promise<void>;
}

/**
 * Starts every service and the HTTP gateway in one process against the NATS at `config.natsUrl`
 * (the embedded default of `npm start`; `deploy/` runs each app in its own process instead).
 * `opts.rankingVectors`: an index outside the read model for ranking to feed and search (tests; Qdrant comes
 * from `QDRANT_URL`).
 */
export async function startTastegraph(config: TgConfig, opts: { log?: Logger; rankingVectors?: ProjectedVectorIndex } = {}): Promise<RunningTastegraph> {
  if (!config.natsUrl) throw new Error('startTastegraph needs config.natsUrl');
  // One process holds the entity service too, which answers for every workspace.
  if (config.servePartitions.length < config.partitions) throw new Error('TG_SERVE_PARTITIONS cannot be set for the all-in-one process (it serves every workspace); run the services apart to partition them');
  const log = opts.log ?? createLogger('tastegraph', config.logLevel);
  const { secret, generated } = resolveAccountSecret(config);
  const nc = await connectNats(config.natsUrl, 'tastegraph');
  const rt = await createRuntime(config, nc, log);
  const services: StartedService[] = [];
  let host!: ReadModelHost;
  try {
    const embedding = await startEmbeddingService(rt);
    services.push(embedding);
    services.push(await startAdminService(rt, { accountSecret: secret }));
    services.push(await startLanguageService(rt));
    host = new ReadModelHost(rt);
    services.push(await startTasteService(rt, host));
    // Queries embedded with the embedding service's model object, unless calls are meant to go over the bus.
    services.push(await startRankingService(rt, host, { vectors: opts.rankingVectors, queryModel: config.rpcPreferLocal ? embedding.queryModel : undefined }));
    services.push(await startVisualizeService(rt, host));
    await host.start();
    services.push({ name: 'read-model', stop: () => host.stop() });
    services.push(await startEntityService(rt, host));
    services.push(await startIngestionService(rt));
  } catch (e) {
    for (const s of services.reverse()) await s.stop().catch(() => undefined);
    await nc.close();
    throw e;
  }
  const app = await buildGateway({ config, rpc: rt.rpc, log, health: () => host.health(), watchStream: (l) => watchStreamIdentity(rt.store, l, log) });
  await app.listen({ host: config.host, port: config.port });
  const port = (app.server.address() as AddressInfo).port;
  const baseUrl = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}/v1`;
  return {
    baseUrl,
    port,
    accountSecret: secret,
    accountSecretGenerated: generated,
    app,
    nc,
    log,
    services,
    readModel: host,
    async stop() {
      await app.close();
      for (const s of [...services].reverse()) await s.stop().catch((err) => log.warn({ err, service: s.name }, 'stop failed'));
      await nc.drain().catch(() => undefined);
    },
  };
}
