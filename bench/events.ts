/**
 * Event log benchmark: append throughput through the event-store library (optimistic concurrency + dedupe
 * ids) next to raw JetStream publish in the same run, and POST /entity (mode A) latency at concurrency 16.
 * Usage: npm run bench -- events [-- --events 20000 --requests 4000]
 */
import { connectNats, EventStore } from '@tg/messaging';
import { event } from '@tg/contracts';
import { startNats } from '@tg/test-stack/nats';
import { startStack } from '@tg/test-stack';
import { arg, load, pool } from './support';

export async function run(args: string[]) {
  const N = arg(args, 'events', 20_000);
  const requests = arg(args, 'requests', 4_000);
  const nats = await startNats();
  const nc = await connectNats(nats.url, 'bench');
  const store = await EventStore.open(nc);
  const meta = { workspace: 'ws_bench', at: Date.now() };
  const payload = (i: number) => event('EntityCreated', { entity_id: `e${i}`, type: 'user', name: `user ${i}`, description: '', created_at: meta.at }, meta);

  // Raw: JetStream publish, 64 in flight, no expectations.
  let t = performance.now();
  await pool(N, 64, (i) => store.js.publish(`tg.evt.ws_bench.entity.raw${i}`, JSON.stringify(payload(i))));
  const rawRate = N / ((performance.now() - t) / 1000);
  // Library: EventStore.append with expected last subject sequence 0 ("only if new") and a dedupe id.
  t = performance.now();
  await pool(N, 64, (i) => store.append(EventStore.subject('ws_bench', 'entity', `lib${i}`), [payload(i)], { expectedSeq: 0, msgId: `cmd-${i}` }));
  const libRate = N / ((performance.now() - t) / 1000);
  await nc.close();
  await nats.dispose();

  const s = await startStack({ logLevel: 'silent', clusterDebounceMs: 60_000 });
  const ws = await s.workspace('bench');
  const http = await load({
    url: `${s.baseUrl}/entity`,
    headers: { 'x-api-key': ws.key },
    body: { type: 'user', name: 'Bench user [<id>]', description: 'likes jazz and hiking' },
    connections: 16,
    amount: requests,
  });
  await s.stop();

  const figures = {
    events: N,
    raw_publish_per_s: Math.round(rawRate),
    event_store_append_per_s: Math.round(libRate),
    append_vs_raw_ratio: Number((libRate / rawRate).toFixed(2)),
    post_entity_requests: http.requests,
    post_entity_p50_ms: http.p50,
    post_entity_p99_ms: http.p99,
    post_entity_rps: Math.round(http.rps),
    post_entity_non2xx: http.non2xx + http.errors,
  };
  const markdown = [
    '| measure | value |',
    '|---|---|',
    `| raw JetStream publish (64 in flight) | ${figures.raw_publish_per_s} events/s |`,
    `| EventStore.append (expected seq + msg id, 64 in flight) | ${figures.event_store_append_per_s} events/s |`,
    `| append / raw | ${figures.append_vs_raw_ratio} |`,
    `| POST /entity mode A, concurrency 16, ${http.requests} requests | p50 ${http.p50} ms, p99 ${http.p99} ms, ${figures.post_entity_rps} req/s, non-2xx ${figures.post_entity_non2xx} |`,
  ].join('\n');
  return { figures, markdown };
}
