// `npm run stack -- [--nats cluster|single] [--replicas N] [--gateways G] [--partitions P [--partition-copies C]]`: the deployed shape as local
// processes, with the same code as the test harness (libs/test-stack startProcessStack): a 3-node
// nats-server cluster with JetStream (R3 stream and durable consumers) or one nats-server, N processes of
// each service (apps/<service>/src/main.ts), G gateways. With P > 1 the taste, ranking and visualize read models are
// split into P workspace partitions, each served by C of their N replicas (docs/deploy.md#partitions). Prints the gateway URLs and how to get a key;
// Ctrl-C (SIGINT) or SIGTERM stops every process it started (and only those) and removes their data.
import { parseArgs } from 'node:util';
import { formatPartitionSet } from '@tg/contracts';
import { DEPLOYED_TOPOLOGY, natsCluster, singleNats, startProcessStack, SERVICE_APPS, type AppName, type ProcessStack } from '@tg/test-stack';

const { values } = parseArgs({
  options: {
    nats: { type: 'string', default: 'cluster' },
    replicas: { type: 'string', default: String(DEPLOYED_TOPOLOGY.replicas) },
    gateways: { type: 'string', default: String(DEPLOYED_TOPOLOGY.gateways) },
    partitions: { type: 'string', default: '1' },
    'partition-copies': { type: 'string', default: '2' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
const usage = 'usage: npm run stack -- [--nats cluster|single] [--replicas N (1-5)] [--gateways G (1-5)] [--partitions P (1-1024) [--partition-copies C (1-N)]]';
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const replicas = Number(values.replicas);
const gateways = Number(values.gateways);
const partitions = Number(values.partitions);
const partitionCopies = Number(values['partition-copies']);
if (!Number.isInteger(partitions) || partitions < 1 || partitions > 1024 || !Number.isInteger(partitionCopies) || partitionCopies < 1) {
  console.error(usage);
  process.exit(2);
}
if (!['cluster', 'single'].includes(values.nats!) || !Number.isInteger(replicas) || replicas < 1 || replicas > 5 || !Number.isInteger(gateways) || gateways < 1 || gateways > 5) {
  console.error(usage);
  process.exit(2);
}

const accountSecret = process.env['TG_ACCOUNT_SECRET'] ?? `tg_sk_${crypto.randomUUID().replaceAll('-', '')}`;
const perApp: Partial<Record<AppName, number>> = Object.fromEntries(SERVICE_APPS.map((a) => [a, replicas]));
perApp.gateway = gateways;

let stack: ProcessStack | undefined;
let stopping: Promise<void> | undefined;
const stop = (signal: string) => {
  stopping ??= (async () => {
    console.log(`\n${signal}: stopping ${stack ? stack.processes().length + stack.nats.nodes.length : 'the'} processes…`);
    try {
      await stack?.stop();
      console.log('stopped');
      process.exit(0);
    } catch (e) {
      console.error('stop failed:', e);
      process.exit(1);
    }
  })();
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

const t0 = Date.now();
console.log(
  `starting: NATS ${values.nats === 'cluster' ? '3-node cluster' : 'single node'}, ${replicas} × each of ${SERVICE_APPS.length} services, ${gateways} gateway(s)${partitions > 1 ? `, ${partitions} workspace partitions × ${Math.min(partitionCopies, replicas)} copies` : ''}…`,
);
try {
  stack = await startProcessStack({
    nats: values.nats === 'cluster' ? natsCluster() : singleNats(),
    replicas: perApp,
    accountSecret,
    partitions,
    partitionCopies,
    // Production defaults for what the test harness shortens.
    env: { TG_ENRICH_DELAY_MS: process.env['TG_ENRICH_DELAY_MS'] ?? '30000', TG_CLUSTER_DEBOUNCE_MS: process.env['TG_CLUSTER_DEBOUNCE_MS'] ?? '2000' },
  });
} catch (e) {
  console.error('start failed:', e instanceof Error ? e.message : e);
  process.exit(1);
}
if (stopping) await stopping;
const s = stack;
// Say so when a process dies on its own (the stack keeps running; restart it with Ctrl-C and a new run).
const reported = new Set<string>();
setInterval(() => {
  for (const p of [...s.nats.nodes, ...s.processes()]) {
    if (!p.alive && !stopping && !reported.has(p.label)) {
      reported.add(p.label);
      console.error(`${p.label} exited; last output:\n${p.tail(10)}`);
    }
  }
}, 2_000);
const pids: number[] = [...s.nats.nodes, ...s.processes()].map((p) => p.pid).filter((p): p is number => p !== undefined);
console.log(`ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
console.log(`NATS_URL=${s.nats.url}  (stream and durable consumers: ${s.nats.streamReplicas} replica(s))`);
for (const [i, u] of s.baseUrls.entries()) console.log(`gateway ${i}: ${u}`);
for (const p of [...s.nats.nodes, ...s.processes()]) {
  const served = partitions > 1 ? s.partitionsOf(p.name as AppName, p.index) : [];
  console.log(`  ${p.name}#${p.index} pid ${p.pid}${served.length && served.length < partitions ? `  partitions ${formatPartitionSet(served)} of ${partitions}` : ''}`);
}
console.log(`account secret: ${accountSecret}`);
console.log('get a workspace key:');
console.log(`  curl -s -X POST ${s.baseUrl}/admin/workspaces -H 'x-api-key: ${accountSecret}' -H 'content-type: application/json' -d '{"name":"demo"}'`);
console.log('Ctrl-C stops everything.');
// One machine-readable line (tools/stack.e2e.spec.ts reads it).
console.log(`stack ready ${JSON.stringify({ gateways: s.baseUrls, accountSecret, natsUrl: s.nats.url, streamReplicas: s.nats.streamReplicas, pids })}`);
