import { TgError, isTgError, type ErrorBody, type ErrorCode } from '@tg/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { REQUEST_ID_HEADER } from '@tg/observability';

/** Maps any error to `{ error, code }` with the catalog's status. The one place errors meet the wire. */
export function toWireError(err: unknown): { status: number; body: ErrorBody } {
  if (isTgError(err)) {
    const e = err as TgError;
    return { status: e.status, body: e.toBody() };
  }
  const fe = err as FastifyError & { validation?: { instancePath?: string; message?: string; params?: Record<string, unknown> }[]; validationContext?: string };
  const make = (code: ErrorCode, message: string, details?: unknown) => {
    const t = new TgError(code, message, details);
    return { status: t.status, body: t.toBody() };
  };
  if (fe?.validation) {
    const where = fe.validationContext ?? 'body';
    const problems = fe.validation.map((v) => {
      const extra = v.params && 'additionalProperty' in v.params ? ` '${String(v.params['additionalProperty'])}'` : '';
      const path = `${where}${(v.instancePath ?? '').replace(/\//g, '.')}`;
      return `${path} ${v.message ?? 'is invalid'}${extra}`;
    });
    return make('validation_failed', `Invalid request: ${problems.slice(0, 5).join('; ')}`, { problems: fe.validation.slice(0, 20) });
  }
  switch (fe?.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return make('invalid_json', 'Request body is not valid JSON');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return make('payload_too_large', 'Request body is too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return make('unsupported_media_type', 'Send request bodies as application/json');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return make('bad_request', 'Content-Length does not match the body');
    case 'FST_ERR_RATE_LIMIT_EXCEEDED':
      return make('rate_limited', 'Too many requests');
  }
  if (fe instanceof SyntaxError || fe?.statusCode === 400) return make('invalid_json', 'Request body is not valid JSON');
  if (typeof fe?.statusCode === 'number' && fe.statusCode === 413) return make('payload_too_large', 'Request body is too large');
  if (typeof fe?.statusCode === 'number' && fe.statusCode === 429) return make('rate_limited', 'Too many requests');
  return make('internal', 'Internal error');
}

/** The request's content coding when it is not `identity` (the gateway reads bodies uncompressed only). */
export function contentCodingOf(req: FastifyRequest): string | undefined {
  const coding = req.headers['content-encoding']?.trim().toLowerCase();
  return coding && coding !== 'identity' ? coding : undefined;
}

/** Fastify error handler: logs unexpected errors, answers `{ error, code }`. */
export function errorHandler(err: unknown, req: FastifyRequest, reply: FastifyReply) {
  const { status, body } = toWireError(err);
  if (status >= 500) req.log.error({ err }, 'request failed');
  else req.log.info({ code: body.code }, 'request rejected');
  // A body refused for its content coding says which coding is read (RFC 9110 §12.5.3), so that a client can tell it
  // from a media type refused and resend the body uncompressed.
  if (status === 415 && contentCodingOf(req)) reply.header('accept-encoding', 'identity');
  return reply.status(status).send(body);
}

/** Errors the router raises before a route runs (a path parameter over the id limit, a malformed URL). */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  // Raised before the onRequest hook that echoes the request id; these answers carry it too.
  reply.header(REQUEST_ID_HEADER, req.id);
  const e =
    err.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new TgError('validation_failed', 'A path parameter is longer than an id may be (512 characters)')
      : err.code === 'FST_ERR_BAD_URL'
        ? new TgError('bad_request', 'The URL is not valid (bad percent-encoding)')
        : undefined;
  if (e) return reply.status(e.status).send(e.toBody());
  const { status, body } = toWireError(err);
  return reply.status(status).send(body);
}
