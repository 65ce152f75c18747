// Content create/re-index, URL fetch, background enrichment, batch jobs.
import { runService } from '@tg/compose';
import { startIngestionService } from '@tg/service-ingestion';

await runService('ingestion-service', async (rt) => [await startIngestionService(rt)], { nice: 10 });
