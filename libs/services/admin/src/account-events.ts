import type { RpcRequest } from '@tg/contracts';
import { readYourWrites } from '@tg/service-runtime';
import type { AdminDeps } from './admin-deps';

/** Subjects of the account's events (workspaces and their keys): what the admin projection reads. */
export const ACCOUNT_EVENTS = 'tg.evt._account.*.*';

/**
 * For a lookup that found nothing: reads up to the account's last event in the stream, and answers whether there
 * was anything to read (then look again). A workspace created through another gateway, whose position the caller
 * does not carry, may not have reached this instance's projection yet; in a cluster the feed can trail the request
 * that names it. Without this the new workspace's key would be "unknown" there for that moment.
 */
export async function readAccountToEnd({ rt, cursor }: AdminDeps, req: RpcRequest): Promise<boolean> {
  const last = await rt.store.lastSubjectSeq(ACCOUNT_EVENTS);
  if (last <= cursor.position) return false;
  await readYourWrites(cursor, { ...req, minSeq: last }, rt.config.readWaitMs);
  return true;
}
