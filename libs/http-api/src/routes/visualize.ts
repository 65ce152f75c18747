import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Type } from 'typebox';
import { ErrorResponse, OP, TgError, VisualGraph } from '@tg/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteContext } from '../context';
import { workspaceHeaderOf } from '../auth';
import { publicOrigin } from '../public-origin';

/** GET /visualize answer: a read-only session token for the caller's workspace and where to use it. */
export const VisualizeSession = Type.Object(
  {
    token: Type.String({ description: 'Session token: signed, scoped to one workspace, read-only (it is not an API key), expiring.' }),
    scope: Type.Literal('visualize:read', { description: 'What the token allows: reading the visualization of one workspace.' }),
    workspace_id: Type.String({ description: 'Workspace the token is scoped to.' }),
    expires_in: Type.Integer({ description: 'Lifetime of the token in seconds (default 900, set by TG_VISUALIZE_TOKEN_TTL_SEC).' }),
    expires_at: Type.Number({ description: 'Expiry time, epoch milliseconds.' }),
    url: Type.String({ description: 'The interactive page for this token (open it in a browser; no API key needed).' }),
    graph_url: Type.String({ description: 'GET this for the data the page draws: `{ nodes, edges, hierarchy, warnings }`.' }),
  },
  { description: 'A visualize session.' },
);

const GraphQuery = Type.Object({
  t: Type.Optional(Type.String({ description: 'Session token from GET /visualize.' })),
  max_nodes: Type.Optional(Type.Integer({ minimum: 50, maximum: 5000, description: 'Most tree nodes to draw (default 1500). Larger workspaces are sampled, and `warnings` says so.' })),
}, { additionalProperties: false });
/**
 * The page is opened by browsers from links, which may carry parameters of their own (tracking, cache busting): it
 * reads only `t` (in the browser, not here) and writes nothing, so other parameters are ignored, as are its assets'.
 */
const ViewQuery = Type.Object({ t: Type.Optional(Type.String({ description: 'Session token from GET /visualize.' })) }, { additionalProperties: true });
const AssetQuery = Type.Object({}, { additionalProperties: true });

const body = (code: string, error: string) => ({ value: { error, code, message: error } });
/** The five error bodies of GET /visualize/graph, as OpenAPI examples. */
const TokenErrors = {
  401: Type.Object(
    { ...ErrorResponse.properties, code: Type.Union([Type.Literal('token_missing'), Type.Literal('token_invalid'), Type.Literal('token_expired')]) },
    {
      description: 'Missing, malformed, tampered or expired session token.',
      'x-examples': {
        missing: { summary: 'No `t`', ...body('token_missing', 'Missing session token: pass t=<token> from GET /visualize') },
        malformed: { summary: 'Not a token', ...body('token_invalid', 'Malformed session token: use the token returned by GET /visualize') },
        tampered: { summary: 'Signature does not match', ...body('token_invalid', 'Session token signature does not match') },
        expired: { summary: 'Past its lifetime', ...body('token_expired', 'Session token has expired; request a new one from GET /visualize') },
      },
    },
  ),
  403: Type.Object(
    { ...ErrorResponse.properties, code: Type.Literal('workspace_mismatch') },
    {
      description: 'The token belongs to another workspace than the one the request names (X-Workspace-Id).',
      'x-examples': { foreign: { summary: 'Token of another workspace', ...body('workspace_mismatch', 'This session token belongs to another workspace than X-Workspace-Id names') } },
    },
  ),
};

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{8,2048}\.[A-Za-z0-9_-]{16,128}$/;

/** Where a dependency's files are: the nearest node_modules holding it, walking up from here. */
function packageDir(name: string): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) throw new Error(`package ${name} is not installed`);
  }
}
const ASSET_DIR = fileURLToPath(new URL('../../assets/', import.meta.url));

/** The page's files: our own (libs/http-api/assets) and the libraries' dist files from node_modules. */
const ASSETS: Record<string, { path: () => string; type: string; cache: string }> = {
  'app.js': { path: () => join(ASSET_DIR, 'app.js'), type: 'text/javascript; charset=utf-8', cache: 'no-cache' },
  'app.css': { path: () => join(ASSET_DIR, 'app.css'), type: 'text/css; charset=utf-8', cache: 'no-cache' },
  'd3.min.js': { path: () => join(packageDir('d3'), 'dist', 'd3.min.js'), type: 'text/javascript; charset=utf-8', cache: 'public, max-age=86400' },
  'cytoscape.min.js': { path: () => join(packageDir('cytoscape'), 'dist', 'cytoscape.min.js'), type: 'text/javascript; charset=utf-8', cache: 'public, max-age=86400' },
};

interface Loaded {
  body: Buffer;
  etag: string;
}
function load(path: string, transform?: (s: string) => string): Loaded {
  const raw = readFileSync(path);
  const body = transform ? Buffer.from(transform(raw.toString('utf8'))) : raw;
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
}

function send(req: FastifyRequest, reply: FastifyReply, file: Loaded, type: string, cache: string) {
  reply.header('content-type', type).header('cache-control', cache).header('etag', file.etag).header('x-content-type-options', 'nosniff');
  if (req.headers['if-none-match'] === file.etag) return reply.status(304).send();
  return reply.send(file.body);
}

/** The one inline stylesheet cytoscape injects into the page; allowed by its hash, nothing else inline. */
const CYTOSCAPE_STYLE = '.__________cytoscape_container { position: relative; }';
/** The page may only load its own scripts and styles and talk to this gateway. */
const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  `style-src 'self' 'sha256-${createHash('sha256').update(CYTOSCAPE_STYLE).digest('base64')}'`,
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Visualize: a token-gated catalog hierarchy (`/visualize`, `/visualize/graph`) and the page that explores it. */
export function registerVisualizeRoutes({ app, call, config }: RouteContext): void {
  const base = `${app.prefix}/visualize`;
  const cache = new Map<string, Loaded>();
  const cached = (key: string, path: string, transform?: (s: string) => string) => {
    let f = cache.get(key);
    if (!f) cache.set(key, (f = load(path, transform)));
    return f;
  };

  app.get(
    '/visualize',
    {
      config: { auth: 'workspace' },
      schema: {
        tags: ['visualize'],
        summary: "Issue a visualize session for the caller's workspace: a read-only, expiring token and the URLs of the page and of the graph",
        response: { 200: VisualizeSession, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (req, reply) => {
      const s = await call(req, OP.admin.issueVisualizeToken, {});
      const origin = publicOrigin(req, config);
      const t = encodeURIComponent(s.token);
      reply.header('cache-control', 'no-store');
      return {
        token: s.token,
        scope: 'visualize:read' as const,
        workspace_id: req.caller!.workspace!,
        expires_in: s.expires_in,
        expires_at: s.expires_at,
        url: `${origin}${base}/view?t=${t}`,
        graph_url: `${origin}${base}/graph?t=${t}`,
      };
    },
  );

  app.get(
    '/visualize/graph',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['visualize'],
        summary: 'The catalog hierarchy (cluster → entity → content) and its link graph, for a session token (no API key)',
        description:
          'Gated by the session token `t` from GET /visualize, not by an API key. Large workspaces are sampled (most central members of every cluster first) and `warnings` says what was left out or is stale.',
        security: [],
        querystring: GraphQuery,
        response: { 200: VisualGraph, 400: ErrorResponse, ...TokenErrors, 503: ErrorResponse },
      },
    },
    async (req, reply) => {
      const t = req.query.t;
      if (!t) throw new TgError('token_missing', 'Missing session token: pass t=<token> from GET /visualize');
      if (!TOKEN_SHAPE.test(t)) throw new TgError('token_invalid', 'Malformed session token: use the token returned by GET /visualize');
      const { ws } = await call(req, OP.admin.verifyVisualizeToken, { token: t }, { ws: '_account' });
      const named = workspaceHeaderOf(req);
      if (named && named !== ws) throw new TgError('workspace_mismatch', 'This session token belongs to another workspace than X-Workspace-Id names');
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return call(req, OP.visualize.graph, { max_nodes: req.query.max_nodes }, { ws });
    },
  );

  app.get(
    '/visualize/view',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['visualize'],
        summary: 'The interactive page (HTML): clusters sized by popularity, drill-down, search, link graph. Open the `url` from GET /visualize',
        security: [],
        querystring: ViewQuery,
      },
    },
    async (req, reply) => {
      const page = cached('index.html', join(ASSET_DIR, 'index.html'), (s) => s.replaceAll('%BASE%', base));
      reply.header('content-security-policy', PAGE_CSP).header('referrer-policy', 'no-referrer').header('x-frame-options', 'DENY');
      return send(req, reply, page, 'text/html; charset=utf-8', 'no-store');
    },
  );

  app.get<{ Params: { name: string } }>(
    '/visualize/assets/:name',
    { config: { auth: 'none' }, schema: { hide: true, params: Type.Object({ name: Type.String() }), querystring: AssetQuery } },
    async (req, reply) => {
      const a = Object.hasOwn(ASSETS, req.params.name) ? ASSETS[req.params.name] : undefined;
      if (!a) throw new TgError('route_not_found', `No asset ${req.params.name}`);
      return send(req, reply, cached(req.params.name, a.path()), a.type, a.cache);
    },
  );
}
