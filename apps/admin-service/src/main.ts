// Accounts, workspaces, API keys and visualize tokens.
import { runService } from '@tg/compose';
import { resolveAccountSecret, startAdminService } from '@tg/service-admin';

await runService('admin-service', async (rt) => [await startAdminService(rt, { accountSecret: resolveAccountSecret(rt.config).secret })]);
