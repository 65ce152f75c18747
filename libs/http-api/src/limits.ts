import type { Socket } from 'node:net';
import type { TgConfig } from '@tg/config';
import type { FastifyInstance } from 'fastify';

/**
 * Server options that bound what one connection may hold: time for the headers, for the whole request
 * and between packets, and keep-alive idle time. A client that sends a byte every few seconds is cut off
 * when its request time is up instead of holding a socket for minutes.
 */
export function serverLimits(config: TgConfig) {
  return {
    connectionTimeout: config.httpIdleTimeoutMs,
    requestTimeout: config.httpRequestTimeoutMs,
    keepAliveTimeout: config.httpKeepAliveTimeoutMs,
    http: {
      headersTimeout: config.httpHeadersTimeoutMs,
      requestTimeout: config.httpRequestTimeoutMs,
      // How often Node checks the two timeouts above (its default, 30 s, would let them run late).
      connectionsCheckingInterval: Math.max(100, Math.min(1_000, Math.floor(config.httpHeadersTimeoutMs / 2))),
    },
  };
}

/**
 * Caps open connections per client address and in all, and closes the connection after a 401: an
 * unauthenticated client keeps no socket (its body is not read either).
 */
export function registerConnectionGuards(app: FastifyInstance, config: TgConfig): void {
  const server = app.server;
  if (config.httpMaxConnections > 0) server.maxConnections = config.httpMaxConnections;
  const perClient = new Map<string, number>();
  if (config.httpMaxConnectionsPerClient > 0) {
    server.on('connection', (socket: Socket) => {
      const who = socket.remoteAddress ?? '';
      const n = (perClient.get(who) ?? 0) + 1;
      if (n > config.httpMaxConnectionsPerClient) {
        socket.destroy();
        return;
      }
      perClient.set(who, n);
      socket.once('close', () => {
        const left = (perClient.get(who) ?? 1) - 1;
        if (left <= 0) perClient.delete(who);
        else perClient.set(who, left);
      });
    });
  }
  app.addHook('onSend', async (_req, reply, payload) => {
    if (reply.statusCode === 401) reply.header('connection', 'close');
    return payload;
  });
}
