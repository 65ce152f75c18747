// Text → vector, one model per deployment, cached by text digest. Scale this one out first.
import { runService } from '@tg/compose';
import { startEmbeddingService } from '@tg/service-embedding';

await runService('embedding-service', async (rt) => [await startEmbeddingService(rt)]);
