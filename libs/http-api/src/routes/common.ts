import { Type } from 'typebox';
import { ErrorResponse } from '@tg/contracts';

/** Error responses to list on a route (OpenAPI), by status. */
export function errors(...statuses: number[]) {
  return Object.fromEntries(statuses.map((s) => [s, ErrorResponse]));
}
export const AnyObject = Type.Object({}, { additionalProperties: true });
export const Success = Type.Object({ success: Type.Boolean() });
