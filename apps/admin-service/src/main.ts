// Accounts, workspaces, API keys and visualize tokens.
import { resolveAccountSecret, runService } from '@tg/server';
import { startAdminService } from '@tg/services';

await runService('admin-service', async (rt) => [await startAdminService(rt, { accountSecret: resolveAccountSecret(rt.config).secret })]);
