import type { TgConfig } from '@tg/config';
import type { FastifyRequest } from 'fastify';

/**
 * The origin for links the gateway returns. Never the Host header as such, which any client can forge:
 * the configured public base URL; else the request's own origin when its Host is an allowed one; else
 * the address this connection was accepted on (what the client really reached).
 */
export function publicOrigin(req: FastifyRequest, config: Pick<TgConfig, 'publicBaseUrl' | 'allowedHosts'>): string {
  if (config.publicBaseUrl) return config.publicBaseUrl.replace(/\/+$/, '');
  const host = (req.headers.host ?? '').toLowerCase();
  const hostname = host.replace(/:\d+$/, '');
  if (host && (config.allowedHosts.includes(host) || config.allowedHosts.includes(hostname))) return `${req.protocol}://${host}`;
  const s = req.socket;
  const addr = s.localAddress ?? '127.0.0.1';
  const bare = addr.startsWith('::ffff:') ? addr.slice(7) : addr;
  return `${req.protocol}://${bare.includes(':') ? `[${bare}]` : bare}:${s.localPort}`;
}
