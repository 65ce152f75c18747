import { derivedRequestId } from '@tg/messaging';

/**
 * Id of an entity created without one: derived from the workspace, the idempotency key and the request body
 * (`derivedRequestId`). An exact retry (same key, same body) names the same entity; any other request names a new one.
 */
export const derivedEntityId = derivedRequestId;
