// Entities, custom types and links (deciders + appends).
import { runService } from '@tg/server';
import { startEntityService } from '@tg/services';

await runService('entity-service', async (rt, host) => [await startEntityService(rt, await host())]);
