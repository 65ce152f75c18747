/**
 * Language latency: /ask, /explain and /gauge on the embedded default (retrieval + template generator, no model server)
 * in a workspace of 10,000 content items.
 *
 * A real stack in process; `--items` synthetic content items through POST /entity/batch and a user linked to
 * `--links` of them. Then autocannon in a separate process: one connection (latency of a lone caller) and
 * `--connections` connections (under load), `--amount` requests each. Ask queries are unique per request (no
 * embedding cache hits); explain rotates nothing (its themes are cached until the workspace changes, as served).
 *
 * Usage: npm run bench -- language [-- --items 10000 --links 60 --connections 8 --amount 1000]
 */
import { startStack } from '@tg/test-stack';
import { arg, load, pool, syntheticText } from './support';

export async function run(args: string[]) {
  const items = arg(args, 'items', 10000);
  const nLinks = arg(args, 'links', 60);
  const connections = arg(args, 'connections', 8);
  const amount = arg(args, 'amount', 1000);
  const t0 = performance.now();
  const s = await startStack({ logLevel: 'silent', clusterDebounceMs: 5_000 });
  try {
    const ws = await s.workspace('bench-language');
    const urls: string[] = [];
    await pool(Math.ceil(items / 200), 4, async (p) => {
      const content = Array.from({ length: Math.min(200, items - p * 200) }, (_, j) => {
        const k = p * 200 + j;
        urls[k] = `https://language.test/item/${k}`;
        return { url: urls[k], type: 'text', title: `Item ${k}`, content: syntheticText(k), skip_url_fetch: true, skip_media_enrich: true };
      });
      const r = await ws.request('POST', '/entity/batch', { body: { content } });
      if (r.status !== 200) throw new Error(`batch: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
    });
    const user = (await ws.request('POST', '/entity', { body: { type: 'user', name: 'Language user' } })).body.id as string;
    const step = Math.floor(items / nLinks);
    const linked = Array.from({ length: nLinks }, (_, i) => i * step);
    const lr = await ws.request('POST', '/entity/batch', {
      body: { content: linked.map((k) => ({ url: urls[k], type: 'text', title: `Item ${k}`, content: syntheticText(k), skip_url_fetch: true, skip_media_enrich: true })), entity_ids: linked.map(() => user) },
    });
    if (lr.status !== 200) throw new Error(`link: ${lr.status}`);
    const setupS = (performance.now() - t0) / 1000;
    console.log(`workspace of ${items} items ready (${setupS.toFixed(1)} s)`);

    const qs = new URLSearchParams({ relative_to_entity_id: user, in_terms_of_entity_type: 'content' }).toString();
    const headers = { 'x-api-key': ws.key };
    const bodies = {
      ask: { path: '/ask', body: { query: 'Which cozy jazz album or vintage print should I look at next? [<id>]' } },
      'ask (generic intent)': { path: '/ask', body: { query: 'What should I buy next?' } },
      explain: { path: '/explain', body: { query: 'What are their tastes?' } },
      'explain (commerce-agent)': { path: '/explain', extra: '&domain=discovery&task=commerce-agent', body: { query: 'What should we merchandise?' } },
      // The embedded gauge model (issue 17): no anchor, no query string.
      gauge: { path: '/gauge', bare: true, body: { response: 'Take the cable car up instead of the stairs.', followup: 'Rode it up, the view at the top is unreal. [<id>]' } },
    } as Record<string, { path: string; body: unknown; extra?: string; bare?: boolean }>;
    const target = (b: { path: string; extra?: string; bare?: boolean }) => (b.bare ? b.path : `${b.path}?${qs}${b.extra ?? ''}`);
    for (const b of Object.values(bodies)) {
      const r = await ws.request('POST', target(b), { body: JSON.parse(JSON.stringify(b.body).replaceAll('[<id>]', 'warm')) });
      if (r.status !== 200) throw new Error(`${b.path}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
      await load({ url: `${s.baseUrl}${target(b)}`, headers, body: b.body, connections: 2, amount: 50 });
    }
    const sample = await ws.request('POST', `/ask?${qs}`, { body: { query: 'Which cozy jazz album should I look at next?' } });

    const figures: Record<string, number | string> = { items, links: nLinks, amount, setupSeconds: Number(setupS.toFixed(1)) };
    const rows: string[] = [];
    for (const [name, b] of Object.entries(bodies)) {
      for (const c of [1, connections]) {
        const r = await load({ url: `${s.baseUrl}${target(b)}`, headers, body: b.body, connections: c, amount: c === 1 ? Math.min(amount, 300) : amount });
        if (r.errors || r.non2xx) throw new Error(`${name}: ${r.errors} errors, ${r.non2xx} non-2xx`);
        figures[`${name}.c${c}.p50Ms`] = r.p50;
        figures[`${name}.c${c}.p99Ms`] = r.p99;
        figures[`${name}.c${c}.rps`] = Math.round(r.rps);
        figures[`${name}.c${c}.clientCpuMs`] = r.clientCpuMs;
        rows.push(`| ${name} | ${c} | ${r.p50} | ${r.p99} | ${Math.round(r.rps)} | ${r.clientCpuMs.toFixed(2)} |`);
        console.log(`${name} ×${c}: p50 ${r.p50} ms, p99 ${r.p99} ms, ${Math.round(r.rps)} req/s, load generator CPU ${r.clientCpuMs.toFixed(2)} ms/request`);
      }
    }
    const markdown = [
      `## Language latency (embedded default, ${items.toLocaleString('en')} content items, anchor with ${nLinks} links)`,
      '',
      '| endpoint | connections | p50 (ms) | p99 (ms) | requests/s | load generator CPU per request (ms) |',
      '|---|---|---|---|---|---|',
      ...rows,
      '',
      'A sample answer:',
      '',
      `> ${String(sample.body?.answer?.content?.[0]?.text ?? '').replace(/\n+/g, ' ')}`,
    ].join('\n');
    return { figures, markdown };
  } finally {
    await s.stop();
  }
}
