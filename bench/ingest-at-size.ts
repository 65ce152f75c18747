/**
 * Ingest rate into a workspace that already holds `--items` content items (default 1,000,000), against the same
 * ingest into an empty workspace, in one run. Process stack: one nats-server, one gateway and one process each of
 * the services a write passes through (admin, entity, ingestion, embedding); ranking and taste are left out (their
 * read models do not take part in accepting a write, and building ranking's search structures for a million items
 * would take the machine for minutes).
 *   1. `--items` items (ContentIndexed + ContentEmbedded each, synthetic text, random unit vectors) are written
 *      straight into the big workspace's log; the entity service folds them; wait until it counts them all;
 *   2. `--ingest` new items through POST /entity/batch (sync batches of 100, 4 in flight), into the empty workspace
 *      and into the big one in turn (empty, big, empty, big), each read back by URL at the end.
 *
 * Usage: npm run bench -- ingest-at-size [-- --items 1000000 --ingest 3000]
 */
import { OP } from '@tg/contracts';
import { EventStore, RpcClient } from '@tg/messaging';
import { eventually, replicasOnly, singleNats, startProcessStack } from '@tg/test-stack';
import { failoverClient } from './mixed';
import { arg, ingestPages, rssMb, writeSyntheticWorkspace } from './support';

export async function run(args: string[]) {
  const N = arg(args, 'items', 1_000_000);
  const ingest = arg(args, 'ingest', 3_000);
  const stack = await startProcessStack({
    nats: singleNats(),
    replicas: replicasOnly({ gateway: 1, 'admin-service': 1, 'entity-service': 1, 'ingestion-service': 1, 'embedding-service': 1 }),
    logLevel: 'info',
    readyTimeoutMs: 3_600_000,
    env: { TG_SNAPSHOT_EVERY_EVENTS: '0', TG_RPC_TIMEOUT_MS: '120000' },
  });
  const figures: Record<string, number | string> = { items: N, ingest };
  try {
    const big = await stack.workspace('big');
    const empty = await stack.workspace('empty');
    const nc = await stack.bus();
    const store = await EventStore.open(nc);
    const { data: emb } = await new RpcClient(nc, 120_000).call(OP.embed.texts, { ws: '_bench', data: { texts: ['jazz'] } });
    let t = performance.now();
    await writeSyntheticWorkspace(store, big.workspaceId, N, emb);
    figures['write_s'] = +((performance.now() - t) / 1000).toFixed(1);
    t = performance.now();
    await eventually(async () => (await big.request('GET', '/entity/type', { query: { entity_type: 'content' } })).body.entity_count === N, { timeoutMs: 3_600_000, intervalMs: 2_000, what: `the entity service counting ${N} items` });
    figures['entity_caught_up_s'] = +((performance.now() - t) / 1000).toFixed(1);
    figures['entity_rss_mb'] = Math.round(rssMb(stack.proc('entity-service', 0).pid!));
    console.log(`log of ${N} items written in ${figures['write_s']} s; entity service caught up ${figures['entity_caught_up_s']} s later (RSS ${figures['entity_rss_mb']} MB)`);

    let serial = 0;
    const ingestRun = async (key: string, label: string) => {
      const c = failoverClient(stack.baseUrls, 0, key, 300_000);
      const pages = Math.ceil(ingest / 100);
      const first = serial;
      serial += pages * 100;
      const { seconds: s, failed } = await ingestPages(c, 'https://ingest-at-size.test/', first, pages, 7_000_000);
      // Every accepted item is there: read back the last page's items by URL.
      for (let j = 0; j < 100; j++) {
        const r = await c.request('GET', '/entity', { query: { url: `https://ingest-at-size.test/${first + (pages - 1) * 100 + j}` } });
        if (r.status !== 200) throw new Error(`${label}: item ${first + (pages - 1) * 100 + j} not found after its batch was accepted (${r.status})`);
      }
      const itemsPerS = +((pages * 100 - failed) / s).toFixed(1);
      console.log(`${label}: ${pages * 100} items in ${s.toFixed(1)} s = ${itemsPerS} items/s, ${failed} failed`);
      return { itemsPerS, failed };
    };
    const runs: { label: string; itemsPerS: number; failed: number }[] = [];
    for (const [round, [label, key]] of [
      ['empty workspace', empty.key],
      [`workspace of ${N} items`, big.key],
      ['empty workspace', empty.key],
      [`workspace of ${N} items`, big.key],
    ].entries()) {
      const r = await ingestRun(key!, `${label} (round ${round + 1})`);
      runs.push({ label: label!, ...r });
    }
    const mean = (label: string) => {
      const xs = runs.filter((r) => r.label === label).map((r) => r.itemsPerS);
      return xs.reduce((a, b) => a + b, 0) / xs.length;
    };
    const atSize = mean(`workspace of ${N} items`);
    const atZero = mean('empty workspace');
    figures['ingest_empty_items_per_s'] = +atZero.toFixed(1);
    figures['ingest_at_size_items_per_s'] = +atSize.toFixed(1);
    figures['ratio'] = +(atSize / atZero).toFixed(3);
    figures['failed'] = runs.reduce((a, r) => a + r.failed, 0);
    const markdown = [
      '| POST /entity/batch (sync, 100 per batch, 4 in flight) into | items/s (mean of 2 runs) | failed |',
      '|---|---|---|',
      `| an empty workspace | ${atZero.toFixed(1)} | ${runs.filter((r) => r.label === 'empty workspace').reduce((a, r) => a + r.failed, 0)} |`,
      `| a workspace of ${N} items | ${atSize.toFixed(1)} (×${figures['ratio']}) | ${runs.filter((r) => r.label !== 'empty workspace').reduce((a, r) => a + r.failed, 0)} |`,
    ].join('\n');
    return { figures, markdown };
  } finally {
    await stack.stop();
  }
}
