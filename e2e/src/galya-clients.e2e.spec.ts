import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '@tg/test-stack';

/**
 * The requests the two public clients of the hosted Taste Graph service send (galya-firebase's GalyaClient and
 * galya-supabase-sync's generated edge functions and backfill), sent exactly as they send them: method, path,
 * query (empty values dropped), headers (`X-API-Key`, `Accept`, `X-Galya-Workspace-Id`, `Content-Type` only
 * with a body), body shape and `galya_` keys. The checks read back what those clients read.
 *
 * The stack runs with `keyStyle: 'galya'` and an account secret given in the Galya style, as a team
 * migrating from the hosted service would configure it.
 */
type Json = Record<string, any>;

/** A fetch shaped like both clients' request helpers. */
function galya(baseUrl: string, apiKey: string, workspaceId?: string) {
  return async (method: string, path: string, init: { query?: Record<string, string | undefined>; body?: unknown } = {}) => {
    const u = new URL(`${baseUrl}${path}`);
    for (const [k, v] of Object.entries(init.query ?? {})) if (v !== undefined && v !== '') u.searchParams.set(k, v);
    const headers: Record<string, string> = { 'X-API-Key': apiKey, Accept: 'application/json' };
    if (workspaceId) headers['X-Galya-Workspace-Id'] = workspaceId;
    let body: string | undefined;
    if (init.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    const res = await fetch(u, { method, headers, body });
    const text = await res.text();
    return { status: res.status, ok: res.ok, body: (text ? JSON.parse(text) : null) as Json };
  };
}

/** Both clients refuse any key whose prefix is not one of these before sending anything. */
const GALYA_KEY = /^galya_(wsk|sk)_[A-Za-z0-9]+$/;
const descending = (rs: { score: number }[]) => rs.every((r, i) => i === 0 || rs[i - 1]!.score >= r.score);

describe('drop-in for the galya-firebase and galya-supabase-sync clients', () => {
  let s: TestStack;
  let base: string;
  let wsKey: string;
  let wsId: string;
  const accountSecret = 'galya_sk_' + 'migrated'.repeat(4);
  beforeAll(async () => {
    s = await startStack({ keyStyle: 'galya', accountSecret, batchSyncMax: 5 });
    base = s.baseUrl;
    const created = await galya(base, accountSecret)('POST', '/admin/workspaces', { body: { name: 'migrated' } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    wsKey = created.body.workspace_api_key;
    wsId = created.body.public_id;
  });
  afterAll(async () => s?.stop());

  describe('keys: the prefix names the kind, it is not part of the secret', () => {
    it('issues workspace keys in the Galya style when configured, which both clients accept', () => {
      expect(wsKey).toMatch(GALYA_KEY);
      expect(wsKey.startsWith('galya_wsk_')).toBe(true);
    });
    it('accepts the same key under either prefix; a changed random part is refused', async () => {
      const random = wsKey.slice('galya_wsk_'.length);
      for (const key of [wsKey, `tg_wsk_${random}`]) expect((await galya(base, key)('GET', '/clusters', { query: { limit: '1' } })).status, key.slice(0, 8)).toBe(200);
      for (const key of [`galya_wsk_${random}x`, `tg_wsk_${random.slice(1)}`, `galya_sk_${random}`, `galya_pk_${random}`, `xgalya_wsk_${random}`]) {
        const r = await galya(base, key)('GET', '/clusters', { query: { limit: '1' } });
        expect(r.status, key.slice(0, 10)).toBe(401);
      }
    });
    it('takes the account secret given in the Galya style under both prefixes, with the legacy workspace header', async () => {
      const random = accountSecret.slice('galya_sk_'.length);
      for (const key of [accountSecret, `tg_sk_${random}`]) {
        expect((await galya(base, key)('GET', '/admin/workspaces')).status).toBe(200);
        expect((await galya(base, key, wsId)('GET', '/clusters', { query: { limit: '1' } })).status).toBe(200);
      }
      expect((await galya(base, wsKey)('GET', '/admin/workspaces')).status).toBe(403);
    });
  });

  describe('galya-supabase-sync', () => {
    const rows = [
      { url: 'https://shop.example/p/boots', title: 'Leather hiking boots', description: 'Waterproof boots for mountain trails and long hikes' },
      { url: 'https://shop.example/p/tent', title: 'Two person tent', description: 'A light tent for camping on alpine trails' },
      { url: 'https://shop.example/p/espresso', title: 'Espresso machine', description: 'Brews strong coffee with crema at home' },
    ];
    const candidatesOf = () => rows.map((r) => ({ url: r.url, type: 'text', content: [r.title, r.description].filter(Boolean).join('. ').trim() || r.url }));
    it('check: GET /clusters?limit=1 answers 200 for the key (with and without the workspace header)', async () => {
      expect((await galya(base, wsKey)('GET', '/clusters', { query: { limit: '1' } })).status).toBe(200);
      expect((await galya(base, wsKey, wsId)('GET', '/clusters', { query: { limit: '1' } })).status).toBe(200);
    });
    it('backfill: POST /index per row, { content: { url, type, content } } without a domain', async () => {
      for (const r of rows) {
        const res = await galya(base, wsKey, wsId)('POST', '/index', { body: { content: { url: r.url, type: 'text', content: `${r.title}. ${r.description}` } } });
        expect(res.ok, JSON.stringify(res.body)).toBe(true);
      }
    });
    it('sync function: POST /entity on insert/update, DELETE /entity?url= on delete', async () => {
      const row = { url: 'https://shop.example/p/kettle', title: 'Gooseneck kettle', description: 'Pour-over coffee kettle' };
      const post = await galya(base, wsKey)('POST', '/entity', { body: { content: { url: row.url, type: 'text', content: `${row.title}. ${row.description}` } } });
      expect(post.ok, JSON.stringify(post.body)).toBe(true);
      const del = await galya(base, wsKey)('DELETE', `/entity?url=${encodeURIComponent(row.url)}`);
      expect(del.ok, JSON.stringify(del.body)).toBe(true);
    });
    it('rerank function: a user id it never created answers 200, results carry the rows’ urls, best first', async () => {
      const u = new URL(`${base}/rerank`);
      u.searchParams.set('relative_to_entity_id', 'supabase-user-7f3c');
      u.searchParams.set('in_terms_of_entity_type', 'content');
      const res = await fetch(u, { method: 'POST', headers: { 'X-API-Key': wsKey, 'Content-Type': 'application/json' }, body: JSON.stringify({ candidates: candidatesOf() }) });
      const body = (await res.json()) as Json;
      expect(res.status, JSON.stringify(body)).toBe(200);
      const urls = (body.results as { url?: string }[]).map((r) => r.url);
      expect(new Set(urls)).toEqual(new Set(rows.map((r) => r.url)));
      expect(descending(body.results)).toBe(true);
      for (const r of body.results) expect(r.score).toBeGreaterThanOrEqual(0);
    });
  });

  describe('galya-firebase', () => {
    const client = () => galya(base, wsKey);
    const rel = (anchor: string, extra: Record<string, string | undefined> = {}) => ({ relative_to_entity_id: anchor, in_terms_of_entity_type: 'content', domain: undefined, ...extra });
    const item = (i: number, text: string) => ({ url: `https://fb.example/item/${i}`, type: 'text', domain: 'shopping', content: text, skip_url_fetch: true, ref: `row-${i}` });
    const texts = [
      'Trail running shoes with a grippy sole for muddy mountain paths',
      'Lightweight hiking backpack for long alpine treks',
      'Down sleeping bag for cold nights camping in the mountains',
      'Cast iron skillet for searing steak on the stove',
      'Chef knife of carbon steel for slicing vegetables',
      'Ceramic pour-over coffee dripper for a clean cup',
      'Insulated water bottle for hikers and climbers',
    ];
    it('createEntity: POST /entity { content, id } reads id / entity_id', async () => {
      const r = await client()('POST', '/entity', { body: { content: item(100, 'Merino wool hiking socks for long walks'), id: 'fb-socks' } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.id ?? r.body.entity_id).toBe('fb-socks');
    });
    it('createEntityBatch: a page above the sync limit → job_id; polls GET /entity/batch/jobs/{id} until results is an array or Completed', async () => {
      const content = texts.map((t, i) => item(i, t));
      const accepted = await client()('POST', '/entity/batch', { body: { content, ids: content.map((_, i) => (i % 2 ? `fb-${i}` : null)) } });
      expect(accepted.ok, JSON.stringify(accepted.body)).toBe(true);
      const jobId: string = accepted.body.job_id;
      expect(typeof jobId).toBe('string');
      expect(accepted.body.status).toBe('Submitted');
      // waitForEntityJob (with a short interval; the client's own default is 2 s), bounded like its timeout.
      let polled: Json | undefined;
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        const r = await client()('GET', `/entity/batch/jobs/${encodeURIComponent(jobId)}`);
        expect(r.ok, JSON.stringify(r.body)).toBe(true);
        if (Array.isArray(r.body.results) || String(r.body.status ?? '') === 'Completed') {
          polled = r.body;
          break;
        }
        await new Promise((res) => setTimeout(res, 100));
      }
      expect(polled, 'the job ended').toBeDefined();
      expect(polled!.job_id).toBe(jobId);
      const results = polled!.results as { entity_id: string; created: boolean; url?: string }[];
      expect(results.map((r) => r.url)).toEqual(content.map((c) => c.url));
      expect(results[1]!.entity_id).toBe('fb-1');
      for (const r of results) expect(typeof r.entity_id).toBe('string');
    });
    it('getEntity / linkEntity with an encoded parent id', async () => {
      const user = await client()('POST', '/entity', { body: { type: 'user', name: 'Hiker Hana', id: 'fb user/1' } });
      expect(user.ok, JSON.stringify(user.body)).toBe(true);
      for (const child of ['fb-1', 'fb-socks']) {
        const l = await client()('POST', `/entity/${encodeURIComponent('fb user/1')}/link`, { body: { entity_id: child, rel: undefined, weight: 1 } });
        expect(l.ok, JSON.stringify(l.body)).toBe(true);
      }
      const g = await client()('GET', '/entity', { query: { entity_id: 'fb user/1' } });
      expect(g.status).toBe(200);
      expect(g.body.id).toBe('fb user/1');
      // getEntity with a content URL as the id: top-level id and entity_id.
      const byUrl = await client()('GET', '/entity', { query: { entity_id: 'https://fb.example/item/3' } });
      expect(byUrl.status).toBe(200);
      expect(byUrl.body.entity_id).toBe('fb-3');
      expect(byUrl.body.id).toBe('fb-3');
    });
    it('search: results best first, echoing url and ref', async () => {
      const r = await client()('POST', '/search', { query: rel('fb user/1'), body: { query: 'gear for the mountains' } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.results.length).toBeGreaterThan(0);
      expect(descending(r.body.results)).toBe(true);
    });
    it('rerank: an unknown string candidate is skipped and reported, the rest ranked', async () => {
      const r = await client()('POST', '/rerank', { query: rel('fb user/1'), body: { candidates: ['fb-1', 'https://fb.example/item/3', 'no-such-item'], history: undefined } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.results.map((x: Json) => x.entity_id).sort()).toEqual(['fb-1', 'https://fb.example/item/3'].map((k) => (k.startsWith('http') ? r.body.results.find((x: Json) => x.url === k)?.entity_id : k)).sort());
      expect(r.body.skipped).toEqual([{ candidate: 'no-such-item', reason: expect.any(String) }]);
      expect(descending(r.body.results)).toBe(true);
    });
    it('rerank for an anchor with no taste yet, with a history: ranked by the history', async () => {
      const r = await client()('POST', '/rerank', {
        query: rel('fb-new-user'),
        body: { candidates: ['fb-3', 'https://fb.example/item/2', 'fb-5'], history: ['https://fb.example/item/0', 'fb-1'] },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.results[0].url).toBe('https://fb.example/item/2');
      expect(descending(r.body.results)).toBe(true);
    });
    it('recommend without item_texts: history resolved from the index; scores non-increasing in the returned order', async () => {
      const r = await client()('POST', '/recommend', {
        query: rel('fb user/1'),
        body: { candidates: ['https://fb.example/item/2', 'fb-3', 'https://fb.example/item/4', 'fb-5', 'https://fb.example/item/6', 'ghost-item'], history: ['fb-1', 'https://fb.example/item/0'] },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.results.length).toBe(5);
      expect(descending(r.body.results)).toBe(true);
      expect(r.body.skipped).toEqual([{ candidate: 'ghost-item', reason: expect.any(String) }]);
      for (const x of r.body.results) expect(x.score).toBeGreaterThanOrEqual(0);
    });
    it('gauge echoes the caller’s prompt, and an empty string when none was given', async () => {
      const body = { response: 'Here are three trail shoes with good grip.', followup: 'Great, the second one looks perfect, thanks!' };
      const a = await client()('POST', '/gauge', { body: { ...body, prompt: 'Which shoes for muddy trails?' } });
      expect(a.status).toBe(200);
      expect(a.body).toMatchObject({ ...body, prompt: 'Which shoes for muddy trails?' });
      expect(typeof a.body.resonance).toBe('number');
      const b = await client()('POST', '/gauge', { body });
      expect(b.body.prompt).toBe('');
    });
    it('deleteEntity: DELETE /entity?entity_id= answers success, then the id is 404', async () => {
      const r = await client()('DELETE', '/entity', { query: { entity_id: 'fb-socks' } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.success).toBe(true);
      expect((await client()('GET', '/entity', { query: { entity_id: 'fb-socks' } })).status).toBe(404);
    });
    it('ask and explain keep the spec’s 404 for an unknown anchor', async () => {
      for (const path of ['/ask', '/explain', '/search']) {
        const r = await client()('POST', path, { query: rel('nobody-here'), body: { query: 'boots' } });
        expect(r.status, path).toBe(404);
      }
    });
    it('content in Japanese is indexed and found by a Japanese query', async () => {
      const ja = [
        { url: 'https://fb.example/ja/ramen', content: '東京の老舗ラーメン店。濃厚な豚骨スープと自家製麺' },
        { url: 'https://fb.example/ja/onsen', content: '箱根の温泉旅館。露天風呂と懐石料理' },
        { url: 'https://fb.example/ja/camera', content: 'ミラーレスカメラ 高画質 レンズ交換式' },
      ];
      for (const c of ja) {
        const r = await client()('POST', '/entity', { body: { content: { ...c, type: 'text', domain: 'travel', skip_url_fetch: true } } });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      }
      // An anchor with no taste yet, so the query alone ranks.
      expect((await client()('POST', '/entity', { body: { type: 'user', name: 'Yuki', id: 'fb-ja-user' } })).ok).toBe(true);
      for (const [query, url] of [['豚骨ラーメン', 'ramen'], ['温泉旅館', 'onsen'], ['カメラのレンズ', 'camera']] as const) {
        const r = await client()('POST', '/search', { query: rel('fb-ja-user'), body: { query } });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        expect(r.body.results[0].url, query).toBe(`https://fb.example/ja/${url}`);
      }
    });
  });
});
