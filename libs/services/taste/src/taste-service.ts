import { OP } from '@tg/contracts';
import type { ReadModelHost } from '@tg/read-model';
import { rpcServer, type Runtime, type StartedService } from '@tg/service-runtime';
import { clusterHandler, clustersHandler } from './clusters/read';
import { startReclustering } from './clusters/recompute';
import { composeHandler } from './compose/compose';
import { digestHandler } from './digest/digest';

/**
 * Starts the taste service, one use case per folder: compose/ (profile composition), clusters/ (background
 * recomputation and cluster reads), digest/ (the catalog digest for replay checks).
 */
export async function startTasteService(rt: Runtime, host: ReadModelHost): Promise<StartedService & { recluster(ws: string): Promise<void>; settled(): boolean }> {
  const reclustering = startReclustering(rt, host);
  const server = rpcServer(rt, 'taste', host)
    .serve(OP.taste.compose, composeHandler(rt, host))
    .serve(OP.taste.clusters, clustersHandler(host))
    .serve(OP.taste.cluster, clusterHandler(host))
    .serve(OP.taste.digest, digestHandler(host, reclustering.settled));
  return {
    name: 'taste',
    recluster: (ws) => reclustering.recluster(ws),
    settled: reclustering.settled,
    async stop() {
      await server.drain();
      await reclustering.stop();
    },
  };
}
