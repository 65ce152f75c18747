import type { FastifyInstance } from 'fastify';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const trimSlash = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);

/** A route path as a pattern over request paths: `:param` is one segment, a trailing `*` the rest. */
function patternOf(url: string): RegExp {
  const source = trimSlash(url)
    .split('/')
    .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg === '*' ? '.*' : escape(seg)))
    .join('/');
  return new RegExp(`^${source}$`);
}

/**
 * The methods each registered path takes (collected as routes are added), so that a request whose path exists under
 * other methods answers 405 with `Allow` (RFC 9110 §15.5.6) instead of 404. Paths are matched as the router matches
 * them: percent-encoded, a trailing slash ignored.
 */
export class RouteMethods {
  private readonly routes = new Map<string, { pattern: RegExp; methods: Set<string> }>();

  /** Starts collecting: call before any route is registered. */
  constructor(app: FastifyInstance) {
    app.addHook('onRoute', (route) => {
      const key = trimSlash(route.url);
      let r = this.routes.get(key);
      if (!r) this.routes.set(key, (r = { pattern: patternOf(route.url), methods: new Set() }));
      for (const m of [route.method].flat()) r.methods.add(m);
    });
  }

  /** The methods `path` (no query string) is served with, sorted; empty when no route has that path. */
  allowed(path: string): string[] {
    const p = trimSlash(path);
    const out = new Set<string>();
    for (const r of this.routes.values()) if (r.pattern.test(p)) for (const m of r.methods) out.add(m);
    return [...out].sort();
  }
}
