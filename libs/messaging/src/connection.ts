import { connect, type NatsConnection } from '@nats-io/transport-node';

/** Connects to NATS with reconnects on; the name shows in server monitoring. */
export async function connectNats(servers: string | string[], name: string): Promise<NatsConnection> {
  return connect({ servers, name, maxReconnectAttempts: -1, reconnectTimeWait: 250, timeout: 5_000 });
}
export type { NatsConnection } from '@nats-io/transport-node';
