// Taste profiles (pooling, subspace) and clusters.
import { runService } from '@tg/compose';
import { startGraphService } from '@tg/service-visualize';
import { startTasteService } from '@tg/service-taste';

await runService('taste-service', async (rt, host) => [await startTasteService(rt, await host()), await startGraphService(rt, await host())]);
