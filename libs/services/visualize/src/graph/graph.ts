import type { OP } from '@tg/contracts';
import type { OperationHandler } from '@tg/messaging';
import type { ReadModelHost } from '@tg/read-model';
import type { Runtime } from '@tg/service-runtime';
import { DEFAULT_GRAPH_LIMITS, buildGraph, graphWithin } from './visual-graph';

/** Room kept in a reply for the RPC envelope and headers. */
const ENVELOPE_BYTES = 16 * 1024;

/**
 * `OP.visualize.graph`: the workspace's visual graph (the workspace comes from the already verified session
 * token) from the catalog projection, kept under the bus's payload limit.
 */
export function graphHandler(rt: Runtime, host: ReadModelHost): OperationHandler<typeof OP.visualize.graph> {
  return async (req) => {
    await host.ready(req);
    const cat = host.catalog.ws(req.ws);
    const maxPayload = rt.nc.info?.max_payload ?? 1024 * 1024;
    const now = rt.now();
    const data = graphWithin((maxNodes) => buildGraph(cat, { ...DEFAULT_GRAPH_LIMITS, maxNodes }, now), req.data.max_nodes ?? DEFAULT_GRAPH_LIMITS.maxNodes, maxPayload - ENVELOPE_BYTES);
    return { data };
  };
}
