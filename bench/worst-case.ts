/**
 * The costliest valid requests: for each endpoint, bodies the schema accepts but shaped to be expensive (one very long
 * word, many distinct words, the most candidates, the longest texts), sent one at a time through the gateway of an
 * in-process stack, each `--repeat` times. Reported: status, body size, wall time and this process's CPU time (every
 * service runs in it) per request, the median and the worst. A request whose cost grows faster than its size (a
 * regular expression quadratic in a word's length, say) shows up as a short body with a long time; the long bodies
 * cost what their size says (text to embed, candidates to score).
 *
 * Usage: npm run bench -- worst-case [-- --repeat 3 --items 2000]
 */
import { percentile } from '@tg/math';
import { startStack } from '@tg/test-stack';
import { arg, ingestPages, syntheticText } from './support';

interface Case {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string>;
  body?: unknown;
}

/** `n` characters of distinct made-up words ("w0 w1 w2 …"). */
const distinctWords = (n: number, prefix = 'w') => {
  let s = '';
  for (let i = 0; s.length < n; i++) s += `${prefix}${i.toString(36)} `;
  return s.slice(0, n).trim();
};

export async function run(args: string[]) {
  const repeat = arg(args, 'repeat', 3);
  const items = arg(args, 'items', 2000);
  const s = await startStack({ logLevel: 'silent', clusterDebounceMs: 5_000 });
  const rows: { name: string; status: number; bytes: number; wallP50: number; wallMax: number; cpuP50: number; cpuMax: number }[] = [];
  try {
    const ws = await s.workspace('bench-worst');
    const prefix = 'https://worst.test/item/';
    const pages = Math.ceil(items / 100);
    const ingested = await ingestPages(ws, prefix, 0, pages, 0);
    if (ingested.failed) throw new Error(`catalog: ${ingested.failed} items not accepted`);
    const urls = Array.from({ length: pages * 100 }, (_, k) => `${prefix}${k}`);
    const user = (await ws.request('POST', '/entity', { body: { type: 'user', name: 'Worst user' } })).body.id as string;
    const linked = Array.from({ length: 40 }, (_, i) => urls[i * Math.floor(items / 40)]!);
    const lr = await ws.request('POST', '/entity/batch', { body: { content: linked.map((url) => ({ url, type: 'text' })), entity_ids: linked.map(() => user) } });
    if (lr.status !== 200) throw new Error(`link: ${lr.status}`);
    const anchor = { relative_to_entity_id: user, in_terms_of_entity_type: 'content' };
    const reply = 'Try the 9:10 train from Paddington; it is the quickest, and book the window seat.';
    const long = (n: number) => 'a'.repeat(n);
    const cases: Case[] = [
      { name: 'gauge: follow-up one 20,000-character word', method: 'POST', path: '/gauge', body: { response: reply, followup: long(20_000) } },
      { name: 'gauge: follow-up 20,000 characters of distinct words', method: 'POST', path: '/gauge', body: { response: reply, followup: distinctWords(20_000) } },
      { name: 'gauge: follow-up 20,000 characters of one-letter words', method: 'POST', path: '/gauge', body: { response: reply, followup: 'a '.repeat(10_000).trim() } },
      { name: 'gauge: 20,000 punctuation marks each side', method: 'POST', path: '/gauge', body: { response: '!?.,'.repeat(5_000), followup: '?!,.'.repeat(5_000) } },
      { name: 'gauge: reply and follow-up 20,000 characters of digits and units', method: 'POST', path: '/gauge', body: { response: '12 km 3.5 h '.repeat(1_666), followup: '13 km 4.5 h '.repeat(1_666) } },
      { name: 'ask: query one 4,000-character word', method: 'POST', path: '/ask', query: anchor, body: { query: long(4_000) } },
      { name: 'ask: query 4,000 characters of distinct words', method: 'POST', path: '/ask', query: anchor, body: { query: distinctWords(4_000) } },
      { name: 'explain: query 4,000 characters of distinct words', method: 'POST', path: '/explain', query: anchor, body: { query: distinctWords(4_000) } },
      { name: 'search: query one 4,000-character word', method: 'POST', path: '/search', query: anchor, body: { query: long(4_000) } },
      { name: 'search: query 4,000 characters of distinct words', method: 'POST', path: '/search', query: anchor, body: { query: distinctWords(4_000) } },
      { name: 'search: query of the catalog\'s own words, 4,000 characters', method: 'POST', path: '/search', query: anchor, body: { query: syntheticText(1).repeat(40).slice(0, 4_000) } },
      { name: 'rerank: 1,000 unknown URLs', method: 'POST', path: '/rerank', query: anchor, body: { candidates: Array.from({ length: 1_000 }, (_, i) => `https://unknown.test/${i}`) } },
      { name: 'rerank: 1,000 known ids', method: 'POST', path: '/rerank', query: anchor, body: { candidates: urls.slice(0, 1_000) } },
      { name: 'rerank: 300 inline texts of 20,000 characters (6 MB)', method: 'POST', path: '/rerank', query: anchor, body: { candidates: Array.from({ length: 300 }, (_, i) => ({ url: `https://inline.test/${i}`, type: 'text', content: distinctWords(20_000, `i${i}x`) })) } },
      { name: 'recommend: history of 1,000 unknown strings, 1,000 candidates', method: 'POST', path: '/recommend', query: anchor, body: { history: Array.from({ length: 1_000 }, (_, i) => `h${i}`), candidates: urls.slice(0, 1_000), item_texts: {} } },
      { name: 'score: inline content of 200,000 characters, one word', method: 'POST', path: '/score', query: anchor, body: { content: { url: 'https://score.test/one-word', type: 'text', content: long(200_000) } } },
      { name: 'score: inline content of 200,000 characters of distinct words', method: 'POST', path: '/score', query: anchor, body: { content: { url: 'https://score.test/words', type: 'text', content: distinctWords(200_000) } } },
      { name: 'entity: content of 200,000 characters of distinct words', method: 'POST', path: '/entity', body: { content: { url: 'https://entity.test/words', type: 'text', content: distinctWords(200_000, 'e'), skip_url_fetch: true }, force_reindex: true } },
      { name: 'entity: a user with a 20,000-character description of one word', method: 'POST', path: '/entity', body: { id: 'worst-desc', type: 'user', name: 'x', description: long(20_000) } },
      { name: 'batch: 200 items of 35,000 characters (7 MB)', method: 'POST', path: '/entity/batch', body: { content: Array.from({ length: 200 }, (_, i) => ({ url: `https://batch.test/${i}`, type: 'text', content: distinctWords(35_000, `b${i}x`), skip_url_fetch: true })), force_reindex: true } },
      { name: 'clusters', method: 'GET', path: '/clusters' },
    ];
    for (const c of cases) {
      const wall: number[] = [];
      const cpu: number[] = [];
      let status = 0;
      const bytes = c.body === undefined ? 0 : Buffer.byteLength(JSON.stringify(c.body));
      for (let i = 0; i < repeat; i++) {
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        const r = await ws.request(c.method, c.path, { query: c.query, body: c.body });
        wall.push(performance.now() - t0);
        const d = process.cpuUsage(c0);
        cpu.push((d.user + d.system) / 1000);
        status = r.status;
      }
      const row = { name: c.name, status, bytes, wallP50: percentile(wall, 50), wallMax: Math.max(...wall), cpuP50: percentile(cpu, 50), cpuMax: Math.max(...cpu) };
      rows.push(row);
      console.log(`${c.name}: ${status}, ${(bytes / 1024).toFixed(0)} kB, wall ${row.wallP50.toFixed(0)} ms (max ${row.wallMax.toFixed(0)}), CPU ${row.cpuP50.toFixed(0)} ms (max ${row.cpuMax.toFixed(0)})`);
    }
  } finally {
    await s.stop();
  }
  const figures: Record<string, number | string> = {};
  for (const r of rows) figures[r.name] = `${r.status} ${r.wallP50.toFixed(0)}/${r.wallMax.toFixed(0)} ms wall, ${r.cpuP50.toFixed(0)}/${r.cpuMax.toFixed(0)} ms CPU`;
  const markdown = [
    `The costliest valid requests, one at a time, ${repeat} times each (workspace of ${items} items; every service in this process, so its CPU is theirs):`,
    '',
    '| request | status | body | wall p50 / max ms | CPU p50 / max ms |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.name} | ${r.status} | ${(r.bytes / 1024).toFixed(0)} kB | ${r.wallP50.toFixed(0)} / ${r.wallMax.toFixed(0)} | ${r.cpuP50.toFixed(0)} / ${r.cpuMax.toFixed(0)} |`),
  ].join('\n');
  return { figures, markdown };
}
