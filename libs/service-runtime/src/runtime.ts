import { randomUUID } from 'node:crypto';
import type { TgConfig } from '@tg/config';
import { Partitioning, TgError, type RpcRequest } from '@tg/contracts';
import { AggregateRepository, EventStore, LocalHandlers, RpcClient, RpcServer, type NatsConnection, type StreamCursor } from '@tg/messaging';
import type { Logger } from '@tg/observability';

/** What every service gets from its process: config, the bus, the event store and a logger. */
export interface Runtime {
  config: TgConfig;
  nc: NatsConnection;
  store: EventStore;
  repo: AggregateRepository;
  rpc: RpcClient;
  /**
   * The RPC handlers this process serves. With `TG_RPC_PREFER_LOCAL` (default) `rpc` calls them directly when
   * the callee runs in this process (gateway → service and service → service alike), else over the bus.
   */
  local: LocalHandlers;
  log: Logger;
  /** How many workspace partitions there are and which this process serves (taste, ranking, visualize). */
  partitioning: Partitioning;
  /** The clock, injected so that deciders and tests never read it directly. */
  now(): number;
  newId(): string;
}

/** Builds a runtime over an open NATS connection. */
export async function createRuntime(config: TgConfig, nc: NatsConnection, log: Logger): Promise<Runtime> {
  const store = await EventStore.open(nc, { replicas: config.streamReplicas });
  const local = new LocalHandlers();
  const partitioning = new Partitioning(config.partitions, config.servePartitions);
  const rpc = new RpcClient(nc, config.rpcTimeoutMs, config.rpcPreferLocal ? local : undefined, config.rpcSilenceMs, partitioning);
  return { config, nc, store, repo: new AggregateRepository(store), rpc, local, log, partitioning, now: () => Date.now(), newId: () => randomUUID() };
}

/** A started service: stop drains its RPC handlers and consumers. */
export interface StartedService {
  name: string;
  stop(): Promise<void>;
}

/**
 * Creates the RPC server of a service (queue group = service name). A service that reads a read model
 * passes its host: the server joins the queue group only once that read model has caught up.
 */
export function rpcServer(rt: Runtime, name: string, readModel?: { whenLive: Promise<void> }): RpcServer {
  return new RpcServer(rt.nc, name, rt.log.child({ service: name }), rt.local, readModel?.whenLive, rt.partitioning);
}

/** Waits until a projection has passed the caller's last write; answers 503 when it cannot in time. */
export async function readYourWrites(cursor: StreamCursor, req: RpcRequest, waitMs: number): Promise<void> {
  if (!req.minSeq) return;
  if (!(await cursor.waitFor(req.minSeq, waitMs))) {
    throw new TgError('unavailable', 'The read model is still catching up with your last write; retry shortly');
  }
}
