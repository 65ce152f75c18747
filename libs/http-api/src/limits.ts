import type { Socket } from 'node:net';
import type { TgConfig } from '@tg/config';
import { TgError } from '@tg/contracts';
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
    clientErrorHandler,
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

/**
 * Answers what Node's HTTP parser rejects before Fastify sees a request (a request past its time, headers too
 * large, malformed HTTP) in the `{ error, code }` shape, then closes the connection.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const e =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? new TgError('request_timeout', 'The request was not received in time')
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? new TgError('request_header_too_large', 'The request headers are too large')
        : new TgError('bad_request', 'Malformed HTTP request');
  const body = JSON.stringify(e.toBody());
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${e.status} ${e.status === 408 ? 'Request Timeout' : e.status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy();
}
