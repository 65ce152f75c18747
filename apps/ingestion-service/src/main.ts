// Content create/re-index, URL fetch, background enrichment, batch jobs.
import { runService } from '@tg/server';
import { startIngestionService } from '@tg/services';

await runService('ingestion-service', async (rt) => [await startIngestionService(rt)]);
