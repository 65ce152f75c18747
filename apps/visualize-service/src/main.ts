// The workspace's visual graph for the /visualize page, from the catalog projection.
import { runService } from '@tg/compose';
import { startVisualizeService } from '@tg/service-visualize';

await runService('visualize-service', async (rt, host) => [await startVisualizeService(rt, await host())], { partitioned: true, nice: 10 });
