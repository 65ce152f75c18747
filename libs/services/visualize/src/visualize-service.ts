import { OP } from '@tg/contracts';
import type { ReadModelHost } from '@tg/read-model';
import { rpcServer, type Runtime, type StartedService } from '@tg/service-runtime';
import { DEFAULT_GRAPH_LIMITS, buildGraph, type VisualGraph } from './visual-graph';

/** Room kept in a reply for the RPC envelope and headers. */
const ENVELOPE_BYTES = 16 * 1024;

/**
 * Builds the graph within `maxBytes` of JSON: when the first build is too large, it is rebuilt with
 * proportionally fewer nodes (and says so), so a large workspace never fails on the bus's payload limit.
 */
export function graphWithin(build: (maxNodes: number) => VisualGraph, maxNodes: number, maxBytes: number): VisualGraph {
  let n = maxNodes;
  for (let attempt = 0; ; attempt++) {
    const g = build(n);
    const size = Buffer.byteLength(JSON.stringify(g));
    if (size <= maxBytes || n <= 50 || attempt >= 4) {
      if (n < maxNodes) g.warnings.push(`truncated: limited to ${n} nodes (asked ${maxNodes}) to keep the answer under ${Math.round(maxBytes / 1024)} KiB`);
      return g;
    }
    n = Math.max(50, Math.floor((n * maxBytes * 0.9) / size));
  }
}

/** Starts the visualize service: answers `OP.visualize.graph` (the workspace's visual graph; the workspace comes from the already verified session token) from the catalog projection. */
export async function startVisualizeService(rt: Runtime, host: ReadModelHost): Promise<StartedService> {
  const server = rpcServer(rt, 'visualize', host).serve(OP.visualize.graph, async (req) => {
    await host.ready(req);
    const cat = host.catalog.ws(req.ws);
    const maxPayload = rt.nc.info?.max_payload ?? 1024 * 1024;
    const now = rt.now();
    const data = graphWithin((maxNodes) => buildGraph(cat, { ...DEFAULT_GRAPH_LIMITS, maxNodes }, now), req.data.max_nodes ?? DEFAULT_GRAPH_LIMITS.maxNodes, maxPayload - ENVELOPE_BYTES);
    return { data };
  });
  return {
    name: 'visualize',
    async stop() {
      await server.drain();
    },
  };
}
