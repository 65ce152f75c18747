import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TgConfig } from '@tg/config';
import type { Operation, ReplyOf, RequestOf } from '@tg/contracts';
import type { RpcClient } from '@tg/messaging';

/**
 * What the gateway's parts share, apart from the app that assembles them (`app.ts`): the route modules and the
 * authenticator take these types from here, so nothing imports the app back.
 */

/**
 * What the gateway needs of the bus: call an operation and get its reply (or its TgError). The RpcClient
 * over NATS in production; an in-memory fake in the gateway's unit tests (libs/http-api/src/testing).
 */
export type OperationClient = Pick<RpcClient, 'call'>;

/** The gateway's Fastify instance, typed by the TypeBox provider. */
export type TgApp = FastifyInstance<any, any, any, any, TypeBoxTypeProvider>;

/** What route modules get: the app, and a way to call services with read-your-writes. */
export interface RouteContext {
  app: TgApp;
  config: TgConfig;
  /** Calls a service for the caller's workspace; notes the sequence of any write. */
  call<O extends Operation>(req: FastifyRequest, op: O, data: RequestOf<O>, opts?: { timeoutMs?: number; ws?: string }): Promise<ReplyOf<O>>;
  /** Workspace of an authenticated workspace route. */
  ws(req: FastifyRequest): string;
}
