// Text → vector, one model per deployment, cached by text digest. Scale this one out first.
import { runService } from '@tg/server';
import { startEmbeddingService } from '@tg/services';

await runService('embedding-service', async (rt) => [await startEmbeddingService(rt)]);
