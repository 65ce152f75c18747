// Taste profiles (pooling, subspace) and clusters.
import { runService } from '@tg/compose';
import { startTasteService } from '@tg/service-taste';

await runService('taste-service', async (rt, host) => [await startTasteService(rt, await host())], { partitioned: true, nice: 10 });
