import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TgConfig } from '@tg/config';
import { ID_MAX_LENGTH, TgError, type Operation, type RequestOf } from '@tg/contracts';
import type { StreamChangeListener } from '@tg/messaging';
import { REQUEST_ID_HEADER, requestIdFrom, type Logger } from '@tg/observability';
import { Authenticator, keyOf, type Caller, type KeyCheckGuard } from './auth';
import type { OperationClient, RouteContext, TgApp } from './context';
import { Consistency } from './consistency';
import { WriteGate, isWrite } from './write-gate';
import { contentCodingOf, errorHandler, frameworkErrors } from './errors';
import { holdsNull, parseJsonBody } from './json-body';
import { dropNullOptionals } from './null-members';
import { RouteMethods } from './route-methods';
import { registerConnectionGuards, serverLimits } from './limits';
import { registerHealth, type HealthReport } from './health';
import { registerMetrics } from './metrics';
import { registerAdminRoutes } from './routes/admin';
import { registerEntityRoutes } from './routes/entities';
import { registerTasteRoutes } from './routes/taste';
import { registerRankingRoutes } from './routes/ranking';
import { registerVisualizeRoutes } from './routes/visualize';

/** Which key a route takes. */
export type AuthMode = 'workspace' | 'account' | 'none';

export type { OperationClient, RouteContext, TgApp } from './context';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
  }
  interface FastifyRequest {
    caller?: Caller;
  }
}

/** Dependencies of the gateway. */
export interface GatewayDeps {
  config: TgConfig;
  rpc: OperationClient;
  log: Logger;
  version?: string;
  /** Health of this process's read models (all-in-one): /health answers 503 with the reason when not ok. */
  health?: () => HealthReport;
  /**
   * Tells the gateway when the event stream was re-created (`watchStreamIdentity` over the process's connection), so
   * that its read-your-writes marks of the old stream are forgotten. Without it (tests with a fake bus) they are kept.
   */
  watchStream?: (listener: StreamChangeListener) => { stop(): void };
}

/** The query schema of a route that takes no query parameters. */
const NO_QUERY = Type.Object({}, { additionalProperties: false });

/** Set (not enumerable) on a parsed query string that had a value whose percent-encoding is not UTF-8. */
const MALFORMED_QUERY = Symbol('malformed query');

/**
 * One query-string component: `+` is a space, `%XX` a byte, and the bytes must be UTF-8. A `%` that does not start
 * an escape stays a `%` (as URLSearchParams reads it); bytes that are not UTF-8 throw a URIError, where
 * URLSearchParams would silently read U+FFFD (and `DELETE ?entity_id=%FF` would then remove the entity named U+FFFD).
 */
const decodeComponent = (s: string) => decodeURIComponent(s.replace(/\+/g, ' ').replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));

/** Query strings: a parameter given as "" means absent (clients drop them); the first value wins. */
function parseQuery(str: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of str.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    let k: string;
    let v: string;
    try {
      k = decodeComponent(eq < 0 ? pair : pair.slice(0, eq));
      v = decodeComponent(eq < 0 ? '' : pair.slice(eq + 1));
    } catch {
      // The router calls this while it matches the route, where a throw would not reach the error handler.
      Object.defineProperty(out, MALFORMED_QUERY, { value: true });
      continue;
    }
    if (v !== '' && !Object.hasOwn(out, k)) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** Builds the HTTP gateway (not listening): schema-first routes, auth, errors, OpenAPI and docs. */
export async function buildGateway(deps: GatewayDeps): Promise<TgApp> {
  const { config, rpc, log } = deps;
  const app = Fastify({
    loggerInstance: log.child({ service: 'gateway' }),
    bodyLimit: config.bodyLimit,
    genReqId: (req) => requestIdFrom(req.headers[REQUEST_ID_HEADER]),
    // Path parameters as long as ids may be, percent-encoded (up to 12 characters each); longer ones and
    // malformed URLs are answered by frameworkErrors in the `{ error, code }` shape. `//` is `/`: a client whose base URL
    // ends in a slash joins it with paths that start with one.
    routerOptions: { querystringParser: parseQuery, ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: ID_MAX_LENGTH * 12 },
    frameworkErrors,
    // The client's address (`req.ip`: the failed-key limit's key) from X-Forwarded-For only when a trusted proxy sent it.
    ...(config.trustedProxies.length ? { trustProxy: config.trustedProxies } : {}),
    ...serverLimits(config),
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Bodies are validated strictly (no type coercion, unknown fields rejected); query strings coerce
  // numbers and booleans, since everything in a URL is text.
  const strict = new Ajv({ allErrors: true, coerceTypes: false, removeAdditional: false, useDefaults: true, strict: false });
  const lenient = new Ajv({ allErrors: true, coerceTypes: true, removeAdditional: false, useDefaults: true, strict: false });
  addFormats.default(strict);
  addFormats.default(lenient);
  // A body's `null` for an optional member means the member is absent (null-members.ts; only bodies that hold a `null`
  // are walked); then the schema judges it.
  app.setValidatorCompiler(({ schema, httpPart }) => {
    if (httpPart !== 'body') return lenient.compile(schema);
    const validate = strict.compile(schema);
    const judged = (data: unknown) => {
      if (holdsNull(data)) dropNullOptionals(schema as object, data);
      const valid = validate(data);
      judged.errors = validate.errors;
      return valid;
    };
    judged.errors = validate.errors;
    return judged;
  });
  app.setErrorHandler(errorHandler);
  registerConnectionGuards(app as unknown as FastifyInstance, config);
  // JSON bodies are I-JSON (json-body.ts); an empty body (clients send Content-Type: application/json with nothing on
  // bodiless POSTs, such as a link rebuild) means "no body". Every other media type, text/plain included (Fastify
  // would hand it over as a string), answers 415.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: config.bodyLimit }, (req, body, done) => {
    try {
      // Bodies are read as sent: a compressed one is refused by its coding, not as bytes that are not UTF-8.
      const coding = contentCodingOf(req);
      if (coding) throw new TgError('unsupported_media_type', `Content-Encoding ${coding} is not supported: send the body uncompressed`);
      done(null, parseJsonBody(body as Buffer));
    } catch (e) {
      done(e as Error, undefined);
    }
  });
  // Any other media type: an empty body is no body, as with JSON (curl -d '' and some HTTP libraries send a form type on
  // bodiless requests; before, those answered 415); a body in it is refused 415 without being read.
  app.addContentTypeParser('*', (req, _payload, done) => {
    // No body: Content-Length 0, or neither Content-Length nor Transfer-Encoding (RFC 9112 §6.3).
    const length = req.headers['content-length'];
    if (length === '0' || (length === undefined && req.headers['transfer-encoding'] === undefined)) return done(null, undefined);
    done(new TgError('unsupported_media_type', 'Send request bodies as application/json'), undefined);
  });
  // A POST without a body is validated as an empty object, so optional bodies work and required fields
  // are reported by name.
  app.addHook('preValidation', async (req) => {
    if (req.body === undefined && (req.method === 'POST' || req.method === 'PUT')) (req as { body: unknown }).body = {};
  });
  const routeMethods = new RouteMethods(app as unknown as FastifyInstance);
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0]!;
    const allow = routeMethods.allowed(path);
    if (allow.length) {
      reply.header('allow', allow.join(', '));
      return reply.status(405).send(new TgError('method_not_allowed', `${req.method} is not allowed on ${path}; allowed: ${allow.join(', ')}`, { allowed: allow }).toBody());
    }
    const e = new TgError('route_not_found', `No route ${req.method} ${path}`);
    return reply.status(404).send(e.toBody());
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'tastegraph', version: deps.version ?? '0.1.0', description: 'Self-hostable Taste Graph API. Every error is `{ error, code }`.' },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
          workspaceHeader: { type: 'apiKey', in: 'header', name: 'X-Workspace-Id' },
        },
      },
      security: [{ apiKey: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  if (config.rateLimitPerMinute > 0 || config.authFailuresPerMinute > 0) {
    await app.register(rateLimit, {
      // Registered for the failed-key limiter alone when the per-key limit is off.
      global: config.rateLimitPerMinute > 0,
      max: config.rateLimitPerMinute,
      timeWindow: '1 minute',
      keyGenerator: (req) => keyOf(req) ?? req.ip,
      // The plugin throws what this returns: a TgError, so the error handler answers 429 { error, code } (a
      // plain body object thrown would be an unknown error, answered 500).
      errorResponseBuilder: () => new TgError('rate_limited', 'Too many requests'),
    });
  }

  const consistency = new Consistency();
  const watch = deps.watchStream?.({ reconnected: () => consistency.reconnected(), replaced: (since) => consistency.replaced(since) });
  if (watch) app.addHook('onClose', async () => watch.stop());
  // Reads first: writes wait here for a slot (TG_WRITE_CONCURRENCY), reads go straight through.
  const writes = new WriteGate(config.writeConcurrency);
  // Unknown keys per client address: past the rate, a key this gateway never verified is refused before the admin
  // service is asked (a flood of made-up keys from one client costs it nothing); keys verified before pass.
  const failures = config.authFailuresPerMinute > 0 ? app.createRateLimit({ max: config.authFailuresPerMinute, timeWindow: 60_000, keyGenerator: (req) => req.ip }) : undefined;
  const guard: KeyCheckGuard | undefined = failures && {
    async before(req) {
      const status = await failures(req, { increment: false });
      if (!status.isAllowed && status.remaining <= 0) {
        throw new TgError('rate_limited', 'Too many requests with an invalid API key from this address; try again later', { retry_after_s: Math.max(1, status.ttlInSeconds) });
      }
    },
    unknown: async (req) => void (await failures(req)),
  };
  const auth = new Authenticator(rpc, consistency, config.authCacheTtlMs, config.authStaleMs, guard);
  app.decorateRequest('caller', undefined);
  app.addHook('onRequest', async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    if ((req.query as Record<symbol, unknown> | undefined)?.[MALFORMED_QUERY]) throw new TgError('bad_request', 'A query parameter is not valid percent-encoded UTF-8');
    const mode = req.routeOptions.config?.auth ?? 'none';
    try {
      if (mode === 'workspace') req.caller = await auth.workspace(req);
      else if (mode === 'account') req.caller = await auth.account(req);
    } catch (e) {
      const retry = (e as TgError).code === 'rate_limited' ? ((e as TgError).details as { retry_after_s?: number } | undefined)?.retry_after_s : undefined;
      // Refused before its key was checked, like a 401: its body is not read and its connection not kept.
      if (retry !== undefined) reply.header('retry-after', String(retry)).header('connection', 'close');
      throw e;
    }
  });

  const ctx: RouteContext = {
    app,
    config,
    ws(req) {
      const w = req.caller?.workspace;
      if (!w) throw new TgError('unauthorized', 'Missing API key');
      return w;
    },
    async call<O extends Operation>(req: FastifyRequest, op: O, data: RequestOf<O>, opts: { timeoutMs?: number; ws?: string } = {}) {
      const ws = opts.ws ?? req.caller?.workspace ?? '_account';
      const send = () => rpc.call(op, { ws, data, minSeq: consistency.get(ws) }, { requestId: req.id, timeoutMs: opts.timeoutMs });
      const out = isWrite(op) ? await writes.run(send, () => req.raw.socket?.destroyed === true) : await send();
      consistency.note(ws, out.seq);
      return out.data;
    },
  };

  registerHealth(app as unknown as FastifyInstance, registerMetrics(app as unknown as FastifyInstance, writes), deps.health);
  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(
    async (v1) => {
      // A route that names no query parameters takes none: an unknown one is refused 400 validation_failed naming it,
      // as on the routes with a query schema (before, `POST /entity?x=1` or `GET /visualize?x=1` silently ignored it).
      v1.addHook('onRoute', (route) => {
        if (!route.schema?.querystring) route.schema = { ...route.schema, querystring: NO_QUERY };
      });
      const scoped = { ...ctx, app: v1 as unknown as TgApp };
      registerAdminRoutes(scoped);
      registerEntityRoutes(scoped);
      registerTasteRoutes(scoped);
      registerRankingRoutes(scoped);
      registerVisualizeRoutes(scoped);
    },
    { prefix: '/v1' },
  );
  return app;
}
