// The embedded default: every service and the gateway in one process (what `npm start` runs).
import { loadConfig } from '@tg/config';
import { startTastegraph } from '@tg/compose';

let config;
try {
  config = loadConfig();
} catch (e) {
  console.error(String((e as Error).message));
  process.exit(2);
}
const tg = await startTastegraph(config);
// A read model of an event stream that was re-created holds another stream's state: exit, so that a restart
// rebuilds it from the new stream (docs/operations.md, Health).
tg.readModel.onReplaced((reason) => {
  tg.log.fatal({ reason }, 'event stream re-created: exiting so that a restart rebuilds the read models');
  process.exit(75);
});
const lines = [
  '',
  `  tastegraph is running at ${tg.baseUrl}`,
  `  API docs:    http://${config.host}:${tg.port}/docs   (OpenAPI: ${tg.baseUrl}/openapi.json)`,
  tg.accountSecretGenerated
    ? `  Account secret (shown once, kept in ${config.dataDir}/account-secret):\n    ${tg.accountSecret}`
    : `  Account secret: ${config.accountSecret ? 'from TG_ACCOUNT_SECRET' : `in ${config.dataDir}/account-secret`}`,
  '  Get a workspace key:',
  `    curl -s -X POST ${tg.baseUrl}/admin/workspaces -H "X-API-Key: ${config.accountSecret ? '$TG_ACCOUNT_SECRET' : `$(cat ${config.dataDir}/account-secret)`}" -H 'content-type: application/json' -d '{"name":"demo"}'`,
  '  The answer holds workspace_api_key: send it as X-API-Key on every other route (walkthrough in README.md).',
  '',
];
process.stdout.write(lines.join('\n') + '\n');
const stop = async () => {
  await tg.stop();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
