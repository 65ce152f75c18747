import { connect, type NatsConnection } from '@nats-io/transport-node';

/**
 * The servers of a NATS URL setting: `NATS_URL` names one server or, for a cluster, several separated by
 * commas. The client takes a string as ONE server (it parsed `nats://a:1,nats://b:2` as `b:2` alone), so
 * the list is split here and every node is given to the client: it connects to any live one and fails
 * over to the others.
 */
export function natsServers(servers: string | string[]): string[] {
  return (typeof servers === 'string' ? [servers] : servers)
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Connects to NATS (one server or a comma-separated cluster list) with reconnects on; the name shows in server
 * monitoring. The first connection is retried for up to `firstConnectMs` (default 60 s; then the client's error is
 * thrown): a service started beside its nats-server, or scheduled before it on a loaded machine, would otherwise exit
 * at once on a refused connection (seen: a niced service under load). Once connected, the client reconnects forever.
 */
export async function connectNats(servers: string | string[], name: string, opts: { firstConnectMs?: number } = {}): Promise<NatsConnection> {
  const deadline = Date.now() + (opts.firstConnectMs ?? 60_000);
  for (let attempt = 1; ; attempt++) {
    try {
      // noAsyncTraces: the client otherwise builds an Error (a stack capture) on every request just in case
      // it fails — about 8% of the CPU of a request-heavy process. Our errors carry their own context.
      return await connect({
        servers: natsServers(servers),
        name,
        maxReconnectAttempts: -1,
        reconnectTimeWait: 250,
        timeout: 5_000,
        noAsyncTraces: true,
      });
    } catch (e) {
      const left = deadline - Date.now();
      if (left <= 0) throw e;
      await new Promise((r) => setTimeout(r, Math.min(left, 100 * Math.min(attempt, 10))));
    }
  }
}
export type { NatsConnection } from '@nats-io/transport-node';
