// Text-only operations (gauge) that need no catalog: the language service.
import { runService } from '@tg/compose';
import { startLanguageService } from '@tg/service-language';

await runService('language-service', async (rt) => [await startLanguageService(rt)]);
