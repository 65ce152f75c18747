// Entities, custom types and links (deciders + appends).
import { runService } from '@tg/compose';
import { startEntityService } from '@tg/service-entity';

await runService('entity-service', async (rt, host) => [await startEntityService(rt, await host())]);
