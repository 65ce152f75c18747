import { OP } from '@tg/contracts';
import { catalogDigestHandler, type ReadModelHost } from '@tg/read-model';
import { rpcServer, type Runtime, type StartedService } from '@tg/service-runtime';
import { graphHandler } from './graph/graph';

/**
 * Starts the visualize service; its one use case is in graph/ (the workspace's visual graph, a function of the catalog:
 * its digest is the catalog's, for replay checks).
 */
export async function startVisualizeService(rt: Runtime, host: ReadModelHost): Promise<StartedService> {
  const server = rpcServer(rt, 'visualize', host).serve(OP.visualize.graph, graphHandler(rt, host)).serve(OP.visualize.digest, catalogDigestHandler(host));
  return {
    name: 'visualize',
    async stop() {
      await server.drain();
    },
  };
}
