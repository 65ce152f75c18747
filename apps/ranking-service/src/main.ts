// Search, rerank, score, recommend, ask, explain, gauge.
import { runService } from '@tg/compose';
import { startRankingService } from '@tg/service-ranking';

await runService('ranking-service', async (rt, host) => [await startRankingService(rt, await host())], { partitioned: true });
