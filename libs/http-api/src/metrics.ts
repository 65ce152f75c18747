import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { FastifyInstance } from 'fastify';
import type { WriteGate } from './write-gate';

/**
 * Prometheus metrics of the gateway (prom-client): request counts and latencies by route pattern, method and
 * status, the write slots (`TG_WRITE_CONCURRENCY`: running, waiting, dropped because their client left), plus Node
 * process metrics. Served at GET /metrics (no key; it holds no workspace data).
 */
export function registerMetrics(app: FastifyInstance, writes?: WriteGate): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'tastegraph_' });
  if (writes) {
    new Gauge({
      name: 'tastegraph_gateway_write_slots',
      help: 'Writes holding a write slot (active) and writes waiting for one (waiting)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'active' }, writes.active);
        this.set({ state: 'waiting' }, writes.waiting);
      },
    });
    let counted = 0;
    new Counter({
      name: 'tastegraph_gateway_writes_abandoned_total',
      help: 'Writes not sent because their client closed the connection while they waited for a write slot',
      registers: [registry],
      collect() {
        this.inc(writes.abandoned - counted);
        counted = writes.abandoned;
      },
    });
  }
  const requests = new Counter({
    name: 'tastegraph_http_requests_total',
    help: 'HTTP requests by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'tastegraph_http_request_duration_seconds',
    help: 'HTTP request duration by route pattern and method',
    labelNames: ['route', 'method'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    requests.inc({ route, method: req.method, status: String(reply.statusCode) });
    duration.observe({ route, method: req.method }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { schema: { hide: true } }, async (_req, reply) => {
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
  return registry;
}
