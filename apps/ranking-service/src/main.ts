// Search, rerank, score, recommend, ask, explain, gauge.
import { runService } from '@tg/server';
import { startRankingService } from '@tg/services';

await runService('ranking-service', async (rt, host) => [await startRankingService(rt, await host())]);
