import { OP } from '@tg/contracts';
import type { ReadModelHost } from '@tg/read-model';
import { rpcServer, type Runtime, type StartedService } from '@tg/service-runtime';
import { graphHandler } from './graph/graph';

/** Starts the visualize service; its one use case is in graph/ (the workspace's visual graph). */
export async function startVisualizeService(rt: Runtime, host: ReadModelHost): Promise<StartedService> {
  const server = rpcServer(rt, 'visualize', host).serve(OP.visualize.graph, graphHandler(rt, host));
  return {
    name: 'visualize',
    async stop() {
      await server.drain();
    },
  };
}
