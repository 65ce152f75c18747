// Taste profiles (pooling, subspace) and clusters.
import { runService } from '@tg/server';
import { startGraphService, startTasteService } from '@tg/services';

await runService('taste-service', async (rt, host) => [await startTasteService(rt, await host()), await startGraphService(rt, await host())]);
