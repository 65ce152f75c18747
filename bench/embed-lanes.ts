/**
 * Query embeddings while bulk embeddings are being served: what a search waits for at the embedding service
 * during an import. One nats-server, one embedding service (the embedded model) in this process, called over the
 * bus (no same-process shortcut). `--bulk` closed-loop bulk callers each send requests of 256 distinct texts
 * (about 120 words each, as ingestion's slices do) for the whole run; meanwhile one query caller sends one short
 * text at a time, alternating between the query lane (`OP.embed.query`) and the bulk operation (`OP.embed.texts`,
 * how queries were sent before the lanes), so both are measured under the same load in the same run.
 *
 * `--text-chars N` makes each bulk text about N characters of distinct words instead (pages of content: 8,000 is the
 * longest text content is embedded from), `--per-request K` sends K texts per bulk request (default 256).
 *
 * Usage: npm run bench -- embed-lanes [-- --bulk 4 --seconds 20 --text-chars 8000 --per-request 32]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@tg/config';
import { OP } from '@tg/contracts';
import { SifEmbedder } from '@tg/embedding';
import { percentile } from '@tg/math';
import { RpcClient, connectNats } from '@tg/messaging';
import { createLogger } from '@tg/observability';
import { createRuntime } from '@tg/service-runtime';
import { startEmbeddingService } from '@tg/service-embedding';
import { TEST_MODEL_DIR } from '@tg/test-stack';
import { startNats } from '@tg/test-stack/nats';
import { WORDS, arg } from './support';

export async function run(args: string[]) {
  const bulkCallers = arg(args, 'bulk', 4);
  const seconds = arg(args, 'seconds', 20);
  const textChars = arg(args, 'text-chars', 0);
  const perRequest = arg(args, 'per-request', 256);
  const nats = await startNats();
  const dataDir = mkdtempSync(join(tmpdir(), 'tg-bench-lanes-'));
  const nc = await connectNats(nats.url, 'embedding');
  const caller = await connectNats(nats.url, 'caller');
  try {
    const config = loadConfig({}, { natsUrl: nats.url, dataDir, logLevel: 'silent', rpcPreferLocal: false });
    const rt = await createRuntime(config, nc, createLogger('embedding', 'silent'));
    const service = await startEmbeddingService(rt, await SifEmbedder.load({ cacheDir: TEST_MODEL_DIR }));
    const rpc = new RpcClient(caller, 120_000);
    const vocab = [...WORDS.genre, ...WORDS.noun];
    let serial = 0;
    const words = (n: number, count: number) => Array.from({ length: count }, (_, k) => vocab[(n * 31 + k * 7) % vocab.length] + (textChars ? String(k % 997) : '')).join(' ');
    const text = (n: number) => (textChars ? words(n, Math.ceil(textChars / 9)).slice(0, textChars) : words(n, 120)) + ` t${n}`;
    const until = performance.now() + seconds * 1000;
    let bulkTexts = 0;
    const bulk = Array.from({ length: bulkCallers }, async () => {
      while (performance.now() < until) {
        const texts = Array.from({ length: perRequest }, () => text(serial++));
        await rpc.call(OP.embed.texts, { ws: '_', data: { texts } });
        bulkTexts += texts.length;
      }
    });
    const lat = { query: [] as number[], bulkOp: [] as number[] };
    const queries = (async () => {
      for (let i = 0; performance.now() < until; i++) {
        const q = `${WORDS.genre[i % WORDS.genre.length]} ${WORDS.noun[(i * 3) % WORDS.noun.length]} q${i}`;
        const t = performance.now();
        if (i % 2) await rpc.call(OP.embed.texts, { ws: '_', data: { texts: [q] } });
        else await rpc.call(OP.embed.query, { ws: '_', data: { texts: [q] } });
        (i % 2 ? lat.bulkOp : lat.query).push(performance.now() - t);
      }
    })();
    await Promise.all([...bulk, queries]);
    await service.stop();
    const ms = (x: number) => +x.toFixed(1);
    const row = (name: string, xs: number[]) => ({ name, n: xs.length, p50: ms(percentile(xs, 50)), p99: ms(percentile(xs, 99)) });
    const rows = [row('query lane (OP.embed.query)', lat.query), row('the bulk operation (OP.embed.texts, as before)', lat.bulkOp)];
    const ratio50 = +(rows[0]!.p50 / rows[1]!.p50).toFixed(3);
    const ratio99 = +(rows[0]!.p99 / rows[1]!.p99).toFixed(3);
    const markdown = [
      `${bulkCallers} bulk callers for ${seconds} s, ${perRequest} texts of ${textChars ? `about ${textChars} characters` : '120 words'} per request: ${bulkTexts} texts embedded (${Math.round(bulkTexts / seconds)}/s)`,
      '',
      '| one short query text sent through | n | p50 (ms) | p99 (ms) |',
      '|---|---|---|---|',
      ...rows.map((r) => `| ${r.name} | ${r.n} | ${r.p50} | ${r.p99} |`),
      '',
      `query lane / bulk operation: p50 ×${ratio50}, p99 ×${ratio99}`,
    ].join('\n');
    console.log(`\n${markdown}`);
    return {
      markdown,
      figures: { bulkCallers, seconds, textChars, perRequest, bulkTextsPerSecond: Math.round(bulkTexts / seconds), queryP50Ms: rows[0]!.p50, queryP99Ms: rows[0]!.p99, viaBulkP50Ms: rows[1]!.p50, viaBulkP99Ms: rows[1]!.p99, ratioP50: ratio50, ratioP99: ratio99 } };
  } finally {
    await caller.close();
    await nc.close();
    await nats.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
