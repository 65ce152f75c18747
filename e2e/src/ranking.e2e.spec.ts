import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TastegraphClient } from '@tg/client';
import { startStack, type TestStack } from '@tg/test-stack';

type WsClient = Awaited<ReturnType<TestStack['workspace']>>;
type Ranked = { entity_id: string; id: string; name: string; url?: string; ref?: string; score: number; signals?: Record<string, number> };

/**
 * Constructed workspace with known answers. Ann links jazz and hiking content; the bebop album and the trail
 * guide suit her, the tax manual does not. Bob links bookkeeping content. Texts differ from the calibration set.
 */
const LIKED = {
  jazz: [
    ['A Love Supreme', "John Coltrane's spiritual jazz suite for tenor saxophone, piano, bass and drums"],
    ['Saxophone Colossus', 'Sonny Rollins plays hard bop tenor sax with a swinging rhythm section'],
    ['Maiden Voyage', 'Herbie Hancock leads a modal jazz quintet with trumpet and piano'],
  ],
  hiking: [
    ['John Muir Trail notes', 'Backpacking the John Muir Trail: permits, food resupply and high mountain passes'],
    ['White Mountains in winter', 'Winter hiking in the White Mountains: crampons, layers and summit trails'],
    ['Annapurna circuit', 'A trekking guide to the Annapurna circuit with teahouses, trails and a high pass'],
  ],
  books: [
    ['Ledger basics', 'Bookkeeping for small firms: ledgers, invoices, receipts and tax deductions'],
    ['Payroll handbook', 'Running payroll: withholding tax, pay slips and year-end tax filing'],
  ],
} as const;
const OTHERS = {
  bebop: ['Bird and Diz', 'A bebop album of fast alto saxophone and trumpet solos by Charlie Parker and Dizzy Gillespie'],
  trail: ['Colorado Rockies trail guide', 'Trail guide to the Colorado Rockies: day hikes, backpacking loops, campsites and mountain passes'],
  tax: ['Small business tax manual', 'Tax manual for small businesses: deductions, depreciation schedules and quarterly tax returns'],
  knitting: ['Knitting patterns', 'Knitting patterns for wool sweaters, mittens and scarves'],
  piano: ['History of the piano', 'The history of the piano, from the harpsichord to the modern concert grand'],
} as const;

let seq = 0;
const url = (slug: string) => `https://ranking.test/${slug}/${++seq}`;

describe('ranking: search, rerank, score, recommend', () => {
  let s: TestStack;
  let ws: WsClient;
  const id: Record<string, string> = {};
  const urlOf: Record<string, string> = {};
  let ann = '';
  let bob = '';
  let cy = '';

  const createContent = async (key: string, title: string, text: string, parent?: string) => {
    const u = url(key);
    const r = await ws.request('POST', '/entity', { body: { content: { url: u, type: 'text', title, content: `${title}. ${text}`, skip_url_fetch: true }, ...(parent ? { entity_id: parent } : {}) } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    id[key] = r.body.entity_id;
    urlOf[key] = u;
    return r.body.entity_id as string;
  };
  const createUser = async (name: string) => {
    const r = await ws.request('POST', '/entity', { body: { type: 'user', name } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.id as string;
  };
  const q = (anchor: string, extra: Record<string, string> = {}) => ({ relative_to_entity_id: anchor, in_terms_of_entity_type: 'content', ...extra });
  const rerank = async (anchor: string, candidates: unknown[], extra: Record<string, unknown> = {}, query: Record<string, string> = {}) => {
    const r = await ws.request('POST', '/rerank', { query: q(anchor, query), body: { candidates, ...extra } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.results as Ranked[];
  };
  const score = async (anchor: string, content: unknown) => {
    const r = await ws.request('POST', '/score', { query: q(anchor), body: { content } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as { entity_id: string; score: number };
  };
  const expectWellFormed = (results: Ranked[]) => {
    for (const r of results) {
      expect(typeof r.entity_id).toBe('string');
      expect(r.score).toBeGreaterThanOrEqual(0);
      expect(r.score).toBeLessThanOrEqual(1);
    }
    for (let i = 1; i < results.length; i++) expect(results[i - 1]!.score).toBeGreaterThanOrEqual(results[i]!.score);
  };
  const keyOf = (r: Ranked) => Object.keys(id).find((k) => id[k] === r.entity_id) ?? r.entity_id;

  beforeAll(async () => {
    s = await startStack();
    ws = await s.workspace('ranking');
    ann = await createUser('Ann');
    bob = await createUser('Bob');
    cy = await createUser('Cy');
    for (const [i, [title, text]] of LIKED.jazz.entries()) await createContent(`jazz${i}`, title, text, ann);
    for (const [i, [title, text]] of LIKED.hiking.entries()) await createContent(`hike${i}`, title, text, ann);
    for (const [i, [title, text]] of LIKED.books.entries()) await createContent(`book${i}`, title, text, bob);
    for (const [key, [title, text]] of Object.entries(OTHERS)) await createContent(key, title, text);
  });
  afterAll(async () => s?.stop());

  describe('errors', () => {
    const endpoints: [string, unknown][] = [
      ['/search', { query: 'jazz' }],
      ['/rerank', { candidates: ['x'] }],
      ['/score', { content: { entity_id: 'x' } }],
      ['/recommend', { candidates: ['x'], history: ['y'], item_texts: { x: 'jazz', y: 'jazz' } }],
    ];
    it.each(endpoints)('%s: a missing query parameter is 400 bad_request (empty counts as missing)', async (path, body) => {
      for (const query of [{ in_terms_of_entity_type: 'content' }, { relative_to_entity_id: ann }, {}, { relative_to_entity_id: '', in_terms_of_entity_type: 'content' }]) {
        const r = await ws.request('POST', path, { query, body });
        expect(r.status, `${path} ${JSON.stringify(query)}`).toBe(400);
        expect(r.body.code).toBe('bad_request');
      }
    });
    it.each(endpoints.filter(([p]) => p === '/search' || p === '/score'))('%s: an unknown anchor is 404', async (path, body) => {
      const r = await ws.request('POST', path, { query: q('no-such-entity'), body: path === '/score' ? { content: { entity_id: id['bebop'] } } : body });
      expect(r.status, JSON.stringify(r.body)).toBe(404);
      expect(r.body.code).toBe('anchor_not_found');
    });
    it.each(endpoints.filter(([p]) => p === '/rerank' || p === '/recommend'))('%s: an unknown anchor is 200 (an anchor with no taste yet)', async (path, body) => {
      const r = await ws.request('POST', path, { query: q('no-such-entity'), body: { ...(body as object), candidates: [id['bebop'], id['tax']] } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.results.map((x: Ranked) => x.entity_id).sort()).toEqual([id['bebop'], id['tax']].sort());
    });
    it('an unknown in_terms_of_entity_type is 400 with the allowed values', async () => {
      const r = await ws.request('POST', '/search', { query: { relative_to_entity_id: ann, in_terms_of_entity_type: 'planet' }, body: { query: 'jazz' } });
      expect(r.status).toBe(400);
      expect(r.body.details.allowed).toEqual(expect.arrayContaining(['content', 'user', 'place', 'brand', 'website', 'file']));
    });
    it('missing query, content, candidates or history is 400', async () => {
      const cases: [string, unknown][] = [
        ['/search', {}],
        ['/search', { query: '' }],
        ['/score', {}],
        ['/rerank', {}],
        ['/recommend', { candidates: [id['bebop']], item_texts: {} }],
        ['/recommend', { candidates: [id['bebop']], history: [], item_texts: {} }],
        // The search service's internal exhaustive mode (benchmarks only) is not part of the HTTP API.
        ['/search', { query: 'jazz', exhaustive: true }],
      ];
      for (const [path, body] of cases) {
        const r = await ws.request('POST', path, { query: q(ann), body });
        expect(r.status, `${path} ${JSON.stringify(body)}: ${JSON.stringify(r.body)}`).toBe(400);
      }
    });
    it('rerank and recommend accept only domain=uiux', async () => {
      for (const path of ['/rerank', '/recommend']) {
        const r = await ws.request('POST', path, { query: q(ann, { domain: 'fashion' }), body: { candidates: [id['bebop']], history: [id['jazz0']], item_texts: {} } });
        expect(r.status).toBe(400);
        expect(r.body.code).toBe('unknown_domain');
        expect(r.body.details.allowed).toEqual(['uiux']);
      }
    });
    it('unknown candidates are skipped and reported; unknown score targets are 404', async () => {
      let r = await ws.request('POST', '/rerank', { query: q(ann), body: { candidates: [{ entity_id: 'ghost' }, id['bebop'], 'ghost-2'] } });
      expect(r.status).toBe(200);
      expect(r.body.results.map((x: Ranked) => x.entity_id)).toEqual([id['bebop']]);
      expect(r.body.skipped).toEqual([
        { candidate: { entity_id: 'ghost' }, reason: 'unknown entity id' },
        { candidate: 'ghost-2', reason: expect.stringMatching(/unknown/) },
      ]);
      r = await ws.request('POST', '/score', { query: q(ann), body: { content: { entity_id: 'ghost' } } });
      expect(r.status).toBe(404);
      expect(r.body.code).toBe('entity_not_found');
    });
    it('a bad key is 401', async () => {
      const other = new TastegraphClient({ baseUrl: s.baseUrl, apiKey: 'tg_wsk_nope' });
      const r = await other.request('POST', '/search', { query: q(ann), body: { query: 'jazz' } });
      expect(r.status).toBe(401);
    });
  });

  describe('known answers', () => {
    it('rerank: the bebop album and the trail guide above the tax manual, echoing url, ref and entity_id', async () => {
      const candidates = [
        { url: urlOf['tax'], type: 'text', ref: 'row-tax' },
        { url: urlOf['bebop'], type: 'text', ref: 'row-bebop' },
        { url: urlOf['trail'], type: 'text', ref: 'row-trail' },
        { url: urlOf['knitting'], type: 'text', ref: 'row-knit' },
      ];
      const results = await rerank(ann, candidates);
      expectWellFormed(results);
      expect(results.map(keyOf).slice(0, 2).sort()).toEqual(['bebop', 'trail']);
      const byKey = Object.fromEntries(results.map((r) => [keyOf(r), r]));
      expect(byKey['tax']!.score).toBeLessThan(0.2);
      expect(byKey['bebop']!.score).toBeGreaterThan(0.7);
      expect(byKey['trail']!.score).toBeGreaterThan(0.7);
      for (const c of candidates) {
        const r = results.find((x) => x.url === c.url)!;
        expect(r.ref).toBe(c.ref);
        expect(r.entity_id).toBe(r.id);
      }
    });

    it('rerank takes ids, URLs and {entity_id} references, and content that is not in the workspace (never persisted)', async () => {
      const fresh = { url: 'https://ranking.test/never-saved', type: 'text', content: 'A live bebop jazz record with saxophone and trumpet solos', ref: 'new' };
      const results = await rerank(ann, [id['tax'], urlOf['bebop'], { entity_id: id['trail'], ref: 'r-trail' }, fresh]);
      expectWellFormed(results);
      expect(results).toHaveLength(4);
      expect(results[results.length - 1]!.entity_id).toBe(id['tax']);
      expect(results.find((r) => r.entity_id === id['trail'])!.ref).toBe('r-trail');
      const f = results.find((r) => r.url === fresh.url)!;
      expect(f.ref).toBe('new');
      expect(f.score).toBeGreaterThan(0.7);
      const g = await ws.request('GET', '/entity', { query: { entity_id: fresh.url } });
      expect(g.status).toBe(404);
    });

    it('search: a large limit gets that many results when the catalog has more', async () => {
      // A workspace larger than the candidate lists of one search (about 24 from each source).
      const big = await s.workspace('ranking-limit');
      const words = ['jazz', 'trail', 'garden', 'coffee', 'poetry', 'cinema', 'bakery', 'harbor', 'violin', 'canyon', 'lamp', 'scarf', 'tennis', 'opera', 'forest'];
      const content = Array.from({ length: 300 }, (_, i) => ({
        url: `https://limit.example.com/${i}`,
        type: 'text',
        content: `A ${words[i % 15]} and ${words[(i * 7 + 3) % 15]} story about ${words[(i * 11 + 5) % 15]}, number ${i}.`,
        skip_url_fetch: true,
        skip_media_enrich: true,
      }));
      for (const page of [content.slice(0, 200), content.slice(200)]) expect((await big.request('POST', '/entity/batch', { body: { content: page } })).status).toBe(200);
      const user = (await big.request('POST', '/entity', { body: { type: 'user', name: 'Lim' } })).body.id as string;
      expect((await big.request('POST', '/entity/batch', { body: { content: content.slice(0, 5), entity_ids: content.slice(0, 5).map(() => user) } })).status).toBe(200);
      const r = await big.request('POST', '/search', { query: q(user), body: { query: 'jazz garden', limit: 200 } });
      expect(r.status).toBe(200);
      expect(r.body.results.length).toBe(200);
      expect(new Set(r.body.results.map((x: { entity_id: string }) => x.entity_id)).size).toBe(200);
    });
    it('search: taste and query together; additional candidates ranked, echoed and not persisted', async () => {
      let r = await ws.request('POST', '/search', { query: q(ann), body: { query: 'something good for the weekend' } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      let results = r.body.results as Ranked[];
      expectWellFormed(results);
      const pos = (k: string) => results.findIndex((x) => x.entity_id === id[k]);
      expect(pos('bebop')).toBeGreaterThanOrEqual(0);
      expect(pos('trail')).toBeGreaterThanOrEqual(0);
      if (pos('tax') >= 0) {
        expect(pos('bebop')).toBeLessThan(pos('tax'));
        expect(pos('trail')).toBeLessThan(pos('tax'));
      }
      expect(results.find((x) => x.entity_id === id['bebop'])!.url).toBe(urlOf['bebop']);
      // The query steers within the taste: saxophone → the bebop album first among unlinked items.
      r = await ws.request('POST', '/search', { query: q(ann), body: { query: 'saxophone records' } });
      results = (r.body.results as Ranked[]).filter((x) => !Object.keys(id).filter((k) => k.startsWith('jazz') || k.startsWith('hike')).some((k) => id[k] === x.entity_id));
      expect(keyOf(results[0]!)).toBe('bebop');
      expect(results.find((x) => x.entity_id === id['tax'])?.score ?? 0).toBeLessThan(0.3);
      // additional_candidates: ranked at query time, url and ref echoed, never persisted.
      const extra = { url: 'https://ranking.test/extra-club', type: 'text', content: 'A guide to jazz clubs with late saxophone sets', ref: 'x1' };
      r = await ws.request('POST', '/search', { query: q(ann), body: { query: 'saxophone records', additional_candidates: [extra] } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const hit = (r.body.results as Ranked[]).find((x) => x.url === extra.url)!;
      expect(hit.ref).toBe('x1');
      expect(hit.score).toBeGreaterThan(0.5);
      expect((await ws.request('GET', '/entity', { query: { entity_id: extra.url } })).status).toBe(404);
    });

    it('search ranks other entity types (in terms of users)', async () => {
      const r = await ws.request('POST', '/search', { query: { relative_to_entity_id: ann, in_terms_of_entity_type: 'user' }, body: { query: 'music' } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const results = r.body.results as Ranked[];
      expectWellFormed(results);
      expect(results.every((x) => x.entity_id !== ann)).toBe(true);
      expect(results.map((x) => x.entity_id)).toContain(bob);
    });

    it('score: one candidate by id, by {id}, or as a content object indexed first', async () => {
      const bebop = await score(ann, { entity_id: id['bebop'] });
      const trail = await score(ann, { id: id['trail'] });
      const tax = await score(ann, { entity_id: id['tax'] });
      expect(bebop.entity_id).toBe(id['bebop']);
      expect(bebop.score).toBeGreaterThan(0.7);
      expect(trail.score).toBeGreaterThan(0.7);
      expect(tax.score).toBeLessThan(0.2);
      // The same path as rerank for one item: equal scores.
      const rr = await rerank(ann, [id['bebop']]);
      expect(rr[0]!.score).toBeCloseTo(bebop.score, 6);
      const u = url('new-score');
      const created = await score(ann, { url: u, type: 'text', content: 'Hiking boots and a backpack for mountain trails and passes', skip_url_fetch: true });
      expect(created.score).toBeGreaterThan(0.6);
      const g = await ws.request('GET', '/entity', { query: { entity_id: u } });
      expect(g.status).toBe(200);
      expect(g.body.id).toBe(created.entity_id);
    });

    it('scores are calibrated across anchors: the same number means a similar strength of match', async () => {
      const annBebop = (await score(ann, { entity_id: id['bebop'] })).score;
      const bobTax = (await score(bob, { entity_id: id['tax'] })).score;
      const annTax = (await score(ann, { entity_id: id['tax'] })).score;
      const bobBebop = (await score(bob, { entity_id: id['bebop'] })).score;
      expect(Math.abs(annBebop - bobTax)).toBeLessThan(0.2);
      expect(Math.abs(annTax - bobBebop)).toBeLessThan(0.2);
      expect(Math.min(annBebop, bobTax)).toBeGreaterThan(0.7);
      expect(Math.max(annTax, bobBebop)).toBeLessThan(0.2);
      // An anchor with two linked items scores an equally good candidate like one with six (depth-corrected).
      const duo = await createUser('Duo');
      for (const c of [id['jazz0'], id['jazz1']]) expect((await ws.request('POST', `/entity/${duo}/link`, { body: { entity_id: c } })).status).toBe(200);
      const duoBebop = (await score(duo, { entity_id: id['bebop'] })).score;
      expect(Math.abs(duoBebop - annBebop)).toBeLessThan(0.25);
    });

    it('multi-interest beats a single mean: both interests in the top results, above what the mean gives', async () => {
      // Dee likes mostly jazz and a little hiking; Dee-mean has the same links, composed as a single mean.
      const dee = await createUser('Dee');
      const deeMean = await createUser('Dee mean');
      const links = [id['jazz0'], id['jazz1'], id['jazz2'], id['hike0']];
      for (const p of [dee, deeMean]) for (const c of links) expect((await ws.request('POST', `/entity/${p}/link`, { body: { entity_id: c } })).status).toBe(200);
      const c = await ws.request('POST', `/entity/${deeMean}/compose`, { body: { representation: 'point' } });
      expect(c.status, JSON.stringify(c.body)).toBe(200);
      const cands = [id['tax'], id['piano'], id['knitting'], id['trail'], id['bebop']];
      const sub = await rerank(dee, cands);
      const mean = await rerank(deeMean, cands);
      // The subspace keeps the minor interest: the trail guide is a strong match and in the top three
      // (with the music-adjacent piano history); the single mean, pulled towards jazz, loses it.
      expect(sub.slice(0, 3).map(keyOf)).toEqual(expect.arrayContaining(['bebop', 'trail']));
      const trailSub = sub.find((r) => keyOf(r) === 'trail')!.score;
      const trailMean = mean.find((r) => keyOf(r) === 'trail')!.score;
      expect(trailSub).toBeGreaterThan(0.7);
      expect(trailMean).toBeLessThan(0.5);
      expect(sub.slice(-2).map(keyOf).sort()).toEqual(['knitting', 'tax']);
    });

    it('recommend: history excluded, both interests near the top (diversity), the tax manual last', async () => {
      const history = [id['jazz0']!, urlOf['hike1']!, 'item-not-in-workspace'];
      const candidates = [urlOf['tax'], urlOf['bebop'], urlOf['trail'], urlOf['knitting'], id['jazz0'], urlOf['hike1'], 'cand-new-1'];
      const r = await ws.request('POST', '/recommend', {
        query: q(cy),
        body: {
          history,
          candidates,
          item_texts: {
            'item-not-in-workspace': 'Jazz piano trio record with brushed drums and upright bass',
            'cand-new-1': 'A second jazz album of saxophone ballads',
          },
        },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const results = r.body.results as Ranked[];
      for (const x of results) {
        expect(x.score).toBeGreaterThanOrEqual(0);
        expect(x.score).toBeLessThanOrEqual(1);
      }
      const keys = results.map((x) => x.url ?? x.entity_id);
      expect(keys).not.toContain(urlOf['hike1']);
      expect(results.map((x) => x.entity_id)).not.toContain(id['jazz0']);
      expect(results).toHaveLength(5);
      // Both interests in the top two, whatever the jazz-heavy history says.
      const top2 = results.slice(0, 2).map((x) => x.url ?? x.entity_id);
      expect(top2).toContain(urlOf['trail']);
      expect(top2.some((k) => k === urlOf['bebop'] || k === 'cand-new-1')).toBe(true);
      expect(results[results.length - 1]!.url === urlOf['tax'] || results[results.length - 1]!.url === urlOf['knitting']).toBe(true);
      // Diversity reorders, and the returned scores follow the order (each capped by the one above; the
      // uncapped relevance stays in signals).
      for (let i = 1; i < results.length; i++) expect(results[i]!.score, `position ${i}`).toBeLessThanOrEqual(results[i - 1]!.score);
      for (const x of results) expect(x.score).toBeLessThanOrEqual(x.signals!['relevance']! + 1e-6);
    });

    it('rerank with a history uses the personalised history model', async () => {
      // Cy has no linked content; a hiking history puts the trail guide first.
      const results = await rerank(cy, [id['bebop'], id['trail'], id['tax']], { history: [id['hike0'], id['hike2']] });
      expect(keyOf(results[0]!)).toBe('trail');
      expect(results[0]!.signals!['history']).toBeGreaterThan(0.7);
      const uiux = await rerank(cy, [id['bebop'], id['trail'], id['tax']], { history: [id['jazz0'], id['hike0'], id['hike2']] }, { domain: 'uiux' });
      expect(keyOf(uiux[0]!)).toBe('trail');
    });
  });
});

describe('ranking: graph evidence from other entities links', () => {
  let s: TestStack;
  let ws: WsClient;
  beforeAll(async () => {
    s = await startStack();
    ws = await s.workspace('graph');
  });
  afterAll(async () => s?.stop());

  it('items that entities with the same links also link rank higher; a lone workspace is content only', async () => {
    const mk = async (slug: string, text: string, parent?: string) => {
      const r = await ws.request('POST', '/entity', { body: { content: { url: url(slug), type: 'text', title: slug, content: text, skip_url_fetch: true }, ...(parent ? { entity_id: parent } : {}) } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.entity_id as string;
    };
    const user = async (name: string) => (await ws.request('POST', '/entity', { body: { type: 'user', name } })).body.id as string;
    const ann = await user('Ann');
    const jazz = await mk('jazz-record', 'A jazz record with saxophone and trumpet solos', ann);
    // Two cookbooks, equally far from jazz in content; fans of the same jazz record keep linking the first one.
    const stew = await mk('stew', 'A cookbook of slow-cooked stews and braised beef');
    const soup = await mk('soup', 'A cookbook of slow-cooked soups and braised lamb');
    const before = (await ws.request('POST', '/rerank', { query: { relative_to_entity_id: ann, in_terms_of_entity_type: 'content' }, body: { candidates: [stew, soup] } })).body.results as Ranked[];
    for (const r of before) expect(r.signals!['graph']).toBe(0);
    for (let i = 0; i < 5; i++) {
      const fan = await user(`fan${i}`);
      for (const c of [jazz, stew]) expect((await ws.request('POST', `/entity/${fan}/link`, { body: { entity_id: c } })).status).toBe(200);
    }
    const after = (await ws.request('POST', '/rerank', { query: { relative_to_entity_id: ann, in_terms_of_entity_type: 'content' }, body: { candidates: [soup, stew] } })).body.results as Ranked[];
    expect(after[0]!.entity_id).toBe(stew);
    expect(after[0]!.signals!['graph']).toBeGreaterThan(0.5);
    expect(after[1]!.signals!['graph']).toBe(0);
    expect(after[0]!.score).toBeGreaterThan(after[1]!.score + 0.2);
  });
});
