import { Gauge, type Registry } from 'prom-client';
import type { FastifyInstance } from 'fastify';

/** What a process reports about itself: ok, or not with a reason (e.g. a halted projection). */
export interface HealthReport {
  ok: boolean;
  reason?: string;
  /** Set when a read-model projection stopped at an event it could not apply. */
  halted?: { projection: string; seq: number };
}

/**
 * GET /health and /v1/health: 200 `{ status: 'ok' }`, or 503 `{ status: 'unavailable', error, code, reason }`
 * when the process reports a problem; and the gauge `tastegraph_projection_halted{projection}` (1 while a
 * projection is halted, with the stream sequence it stopped at in `tastegraph_projection_halted_at_seq`).
 */
export function registerHealth(app: FastifyInstance, registry: Registry, check: (() => HealthReport) | undefined): void {
  const halted = new Gauge({
    name: 'tastegraph_projection_halted',
    help: 'A read-model projection stopped at an event it could not apply (1) or not (0)',
    labelNames: ['projection'] as const,
    registers: [registry],
    // Scrapes see the current state even when nobody asked /health.
    collect: () => void report(),
  });
  const haltedAt = new Gauge({ name: 'tastegraph_projection_halted_at_seq', help: 'Stream sequence of the event a halted projection stopped at', labelNames: ['projection'] as const, registers: [registry] });
  function report(): HealthReport {
    const r = check?.() ?? { ok: true };
    halted.reset();
    haltedAt.reset();
    if (r.halted) {
      halted.set({ projection: r.halted.projection }, 1);
      haltedAt.set({ projection: r.halted.projection }, r.halted.seq);
    } else halted.set({ projection: 'catalog' }, 0);
    return r;
  }
  const handler = async (_req: unknown, reply: { status(n: number): unknown }) => {
    const r = report();
    if (r.ok) return { status: 'ok' };
    reply.status(503);
    return { status: 'unavailable', error: r.reason ?? 'unhealthy', code: 'unavailable', message: r.reason ?? 'unhealthy', reason: r.reason };
  };
  app.get('/health', { schema: { hide: true } }, handler);
  app.get('/v1/health', { schema: { tags: ['meta'], summary: 'Liveness (no key); 503 with the reason when a read model halted', security: [] } }, handler);
}
