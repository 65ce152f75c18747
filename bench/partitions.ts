/**
 * Workspace partitions: memory per ranking instance. One nats-server, one embedding process (query
 * embeddings) and three ranking processes from `apps/ranking-service`. `--workspaces` workspaces of `--items`
 * content items each (title, text and a random unit vector of the real model's dimension and id, written straight into the event
 * log: ContentIndexed + ContentEmbedded per item, one user per workspace) are replayed by the ranking
 * instances in three shapes, one after another on the same log:
 *   1. one instance, not partitioned (the single-instance figure);
 *   2. three instances, `--partitions` partitions, one copy of each (each holds about a third);
 *   3. three instances, two copies of each partition (any one can stop; each holds about two thirds).
 * For each shape: replay time to the end of the log, then one search per workspace (so every instance
 * also builds the search index of its workspaces), then each instance's RSS and the workspaces it holds.
 *
 * Usage: npm run bench -- partitions [-- --workspaces 30 --items 20000 --partitions 12]
 */
import { OP, Partitioning, assignPartitions, formatPartitionSet, partitionOf } from '@tg/contracts';
import { EventStore, RpcClient } from '@tg/messaging';
import { eventually, replicasOnly, singleNats, startProcessStack, type ManagedProcess } from '@tg/test-stack';
import { arg, pool, rssMb, writeSyntheticWorkspace } from './support';

export async function run(args: string[]) {
  const W = arg(args, 'workspaces', 30);
  const N = arg(args, 'items', 20_000);
  const P = arg(args, 'partitions', 12);
  const stack = await startProcessStack({
    nats: singleNats(),
    partitions: P,
    partitionCopies: 1,
    replicas: replicasOnly({ 'embedding-service': 1, 'ranking-service': 3 }),
    logLevel: 'info',
    readyTimeoutMs: 1_800_000,
    env: { TG_SNAPSHOT_EVERY_EVENTS: '-1', TG_READ_WAIT_MS: '2000' },
  });
  const rows: string[] = [];
  const figures: Record<string, number | string> = { workspaces: W, items: N, partitions: P };
  try {
    const nc = await stack.bus();
    const store = await EventStore.open(nc);
    const probe = new RpcClient(nc, 60_000);
    const { data: emb } = await probe.call(OP.embed.texts, { ws: '_bench', data: { texts: ['jazz'] } });
    // What an instance holds with nothing to hold (the process, the runtime, its libraries).
    const emptyRss = rssMb(stack.proc('ranking-service', 0).pid!);
    figures['empty_rss_mb'] = +emptyRss.toFixed(0);
    const workspaces = Array.from({ length: W }, (_, w) => `ws_part_${w.toString(36).padStart(3, '0')}`);

    // The log: per workspace one user, N items (indexed + embedded), written raw.
    const t0 = performance.now();
    for (const ws of workspaces) await writeSyntheticWorkspace(store, ws, N, emb);
    const lastSeq = await store.streamLastSeq();
    figures['events'] = lastSeq;
    figures['write_s'] = +((performance.now() - t0) / 1000).toFixed(1);
    console.log(`log: ${lastSeq} events in ${figures['write_s']} s`);

    const ranking = [0, 1, 2].map((i) => stack.proc('ranking-service', i));
    const shapes: { label: string; key: string; instances: number; partitions: number; copies: number }[] = [
      { label: '1 instance, not partitioned', key: 'single', instances: 1, partitions: 1, copies: 1 },
      { label: `3 instances, ${P} partitions, 1 copy each`, key: 'p3c1', instances: 3, partitions: P, copies: 1 },
      { label: `3 instances, ${P} partitions, 2 copies each`, key: 'p3c2', instances: 3, partitions: P, copies: 2 },
    ];
    rows.push(
      `| shape | instance | partitions served | workspaces held (its log line) | start + replay to ready (s) | RSS after one search per workspace (MB) | RSS − empty instance (${emptyRss.toFixed(0)} MB) |`,
      '|---|---|---|---|---|---|---|',
    );
    let singleHeld = 0;
    for (const shape of shapes) {
      await Promise.all(ranking.map((p) => (p.alive ? stack.kill('ranking-service', p.index) : undefined)));
      const sets = assignPartitions(shape.partitions, shape.instances, shape.copies);
      const live: ManagedProcess[] = ranking.slice(0, shape.instances);
      for (const [i, p] of live.entries()) {
        p.spec.env['TG_PARTITIONS'] = String(shape.partitions);
        if (shape.partitions > 1) p.spec.env['TG_SERVE_PARTITIONS'] = formatPartitionSet(sets[i]!);
        else delete p.spec.env['TG_SERVE_PARTITIONS'];
      }
      const t1 = performance.now();
      const replayS: number[] = [];
      await Promise.all(
        live.map(async (p) => {
          await p.start();
          replayS[p.index] = (performance.now() - t1) / 1000;
        }),
      );
      // One search per workspace, routed to its partition (waits until the read model has the whole log).
      const rpc = new RpcClient(nc, 120_000, undefined, 60_000, new Partitioning(shape.partitions));
      const t2 = performance.now();
      await pool(W, 4, async (w) => {
        const ws = workspaces[w]!;
        await eventually(
          async () => {
            const r = await rpc.call(OP.rank.search, { ws, minSeq: lastSeq, data: { anchor: 'user', inTermsOf: 'content', query: 'jazz hiking', limit: 10 } });
            return r.data.results.length > 0;
          },
          { timeoutMs: 900_000, intervalMs: 500, what: `a search in ${ws}` },
        );
      });
      const searchS = (performance.now() - t2) / 1000;
      for (const [i, p] of live.entries()) {
        const rss = rssMb(p.pid!);
        // What the instance says it replayed, checked against the partitions it was given.
        const line = JSON.parse(await p.waitForLine(/catalog projection caught up/, { timeoutMs: 1_000 })) as { workspaces: number };
        const held = line.workspaces;
        const expected = shape.partitions > 1 ? workspaces.filter((ws) => sets[i]!.includes(partitionOf(ws, shape.partitions))).length : W;
        if (held !== expected) throw new Error(`ranking #${i} holds ${held} workspaces, its partitions have ${expected}`);
        const extra = rss - emptyRss;
        if (shape.key === 'single') singleHeld = extra;
        figures[`${shape.key}_rss_mb_${i}`] = +rss.toFixed(0);
        figures[`${shape.key}_held_${i}`] = held;
        figures[`${shape.key}_replay_s_${i}`] = +replayS[i]!.toFixed(1);
        rows.push(
          `| ${shape.label} | #${i} | ${shape.partitions > 1 ? formatPartitionSet(sets[i]!) : 'all'} | ${held} of ${W} | ${replayS[i]!.toFixed(1)} | ${rss.toFixed(0)} | ${extra.toFixed(0)}${shape.key !== 'single' && singleHeld > 0 ? ` (×${(extra / singleHeld).toFixed(2)} of one instance)` : ''} |`,
        );
      }
      figures[`${shape.key}_first_searches_s`] = +searchS.toFixed(1);
      console.log(rows.slice(-live.length).join('\n'));
    }
    await Promise.all(ranking.map((p) => (p.alive ? stack.kill('ranking-service', p.index) : undefined)));
  } finally {
    await stack.stop();
  }
  const markdown = [`${W} workspaces × ${N.toLocaleString('en')} items (${figures['events']} events, written in ${figures['write_s']} s), ${P} partitions:`, '', ...rows].join('\n');
  return { figures, markdown };
}
