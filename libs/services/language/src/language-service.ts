import { OP } from '@tg/contracts';
import { rpcServer, type Runtime, type StartedService } from '@tg/service-runtime';
import { gaugeHandler } from './gauge/gauge';

/**
 * Starts the language service: text-only operations that need no anchor, no catalog and no read model
 * (today: gauge/, how much a follow-up resonates with a response). Stateless, so it joins its queue group at once.
 */
export async function startLanguageService(rt: Runtime): Promise<StartedService> {
  const server = rpcServer(rt, 'language').serve(OP.language.gauge, gaugeHandler());
  return { name: 'language', stop: () => server.drain() };
}
