import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng } from '@tg/math';
import type { ReadModelHost } from '@tg/read-model';
import { linkedWorkspace } from '../learned/learned-fixture';
import { LearnedGraphs } from '../learned/learned-graph';
import type { RankingDeps } from '../ranking-deps';
import { RankingIndex } from '../vectors/ranking-index';
import { contentMatch } from '../evidence/scoring';
import { TasteNeighbourhoods } from '../evidence/taste-neighbourhood';
import { otherTasteMemoSize, search, tasteMemoSize } from './search';

/**
 * /search keeps the taste scores of an anchor's candidates and the candidates at a catalog version between requests,
 * and scores in full only the candidates
 * whose bound can reach the answer: these tests hold it to the same search with nothing kept and every candidate scored,
 * result for result and number for number, also after the catalog changes under it.
 */
describe('search: taste scores kept per anchor, candidates bounded', () => {
  const w = linkedWorkspace({ items: 400, users: 60 });
  const host = {
    catalog: w.proj,
    onChange: (fn: (typeof w.listeners)[number]) => void w.listeners.push(fn),
    addSnapshotPart: () => undefined,
  } as unknown as ReadModelHost;
  const index = new RankingIndex(host, { thread: false });
  // Fitted once (its first evidence asks for a fit), not again after the links change: a refit between two searches of
  // one comparison would change the numbers under it.
  const learned = new LearnedGraphs({ catalog: w.proj, onChange: () => undefined } as unknown as ReadModelHost, { debounceMs: 0, thread: false });
  // One moment for the whole spec: a neighbourhood is computed again when the anchor's profile changes, never because
  // its two seconds of staleness ran out between the reference search and the one compared with it (on a loaded
  // machine they did, and the two searches then started from different neighbourhoods).
  const neighbourhoods = new TasteNeighbourhoods(
    {
      search: (ws, type, q, k) => index.search(ws, type, q, k),
      vector: (cat, id) => index.representative(cat.id, id),
      match: (v, p) => contentMatch(v, p).score,
    },
    () => 0,
  );
  const rng = createRng(3);
  const queryVectors = new Map<string, Float32Array>();
  const embed = async (texts: string[]) => texts.map((t) => queryVectors.get(t) ?? null);
  const deps = { host, index, neighbourhoods, learned, embed } as unknown as RankingDeps;
  /** The same, with graph evidence that says nothing about keeping its numbers: nothing is kept. */
  const reference = {
    ...deps,
    learned: { evidence: (...a: Parameters<LearnedGraphs['evidence']>) => ({ ...learned.evidence(...a), key: undefined }) },
  } as unknown as RankingDeps;
  // Half the queries name words of the items' texts ("item k"): lexical matches, and lexical candidates.
  const queries = Array.from({ length: 30 }, (_, i) => {
    const q = i % 2 ? `item ${(i * 13) % 400}` : `query ${i}`;
    queryVectors.set(q, Float32Array.from({ length: 16 }, () => rng() - 0.5));
    return q;
  });
  const run = async (d: RankingDeps, query: string, fresh = false) =>
    (await search(d, 'ws_l', { anchor: 'anchor', inTermsOf: 'content', query, limit: 20 }, 'r', { fresh })).scored.map((s) => ({ id: s.c.entity_id, name: s.c.name, score: s.score, signals: s.signals }));
  const same = async (qs = queries) => {
    for (const q of qs) {
      // Nothing kept (taste scores, candidates), and every candidate scored in full (no bound).
      const expected = await run(reference, q, true);
      expect(await run(deps, q)).toEqual(expected);
      // Again, now from what the first request kept.
      expect(await run(deps, q)).toEqual(expected);
    }
  };
  const key = () => learned.evidence(w.cat, 'anchor').key!;

  beforeAll(async () => {
    learned.evidence(w.cat, 'anchor');
    await learned.whenSettled(5);
  });
  afterAll(async () => {
    await learned.close();
    await index.close();
  });

  it('answers as the search with nothing kept', async () => {
    expect(learned.model('ws_l')).toBeDefined();
    await same();
    // Not vacuous: the anchor's neighbourhood and graph list items were kept, and other candidates' too.
    expect(tasteMemoSize(key())).toBeGreaterThan(40);
    expect(otherTasteMemoSize(key())).toBeGreaterThan(0);
  });

  it('answers as the search with nothing kept after kept items are re-embedded and the anchor links another item', async () => {
    const before = key();
    const kept = (await run(deps, queries[0]!)).slice(0, 5).map((r) => r.id);
    for (const id of kept) w.embed(id, 3);
    await same();
    // The anchor's links change: its profile, neighbourhood and learned query are new, and so is what is kept.
    w.link('anchor', w.ids[7]!);
    await same();
    expect(key()).not.toBe(before);
    expect(tasteMemoSize(key())).toBeGreaterThan(40);
  });

  it('answers as the search with nothing kept after kept items are re-indexed with the query words (up to three in one item)', async () => {
    const reindex = (id: string, text: string) => {
      const k = w.ids.indexOf(id);
      // A new document, the same vector: the anchor's profile, neighbourhood and graph list stay, and so do their rows.
      w.apply('ContentIndexed', { entity_id: id, url: `https://l.test/${k}`, media_type: 'text', name: `${w.cat.entities.get(id)!.name}'`, description: '', text, text_digest: `${id}:${text}`, source: 'inline', skip_url_fetch: true, skip_media_enrich: true, indexed_at: 1 });
    };
    // The words exist in the workspace (a few items far from the anchor hold them), so that searches look them up.
    for (const k of [397, 398, 399]) reindex(w.ids[k]!, `item ${k} alpha beta gamma`);
    const wordy = ['alpha beta gamma', 'item alpha beta', 'beta gamma', 'item beta gamma', 'item alpha gamma'];
    for (const q of wordy) queryVectors.set(q, Float32Array.from({ length: 16 }, () => rng() - 0.5));
    await same(wordy);
    // Now every other item holds the words too (the anchor's fixed rows among them), under another name.
    const memo = key();
    // Words in different shares of the items (different IDF weights), in another order than the queries': a sum of
    // three of them depends on its order, which has to be the document's (Bm25Index.weightOf).
    const words = (k: number) => [k % 5 ? '' : 'gamma', k % 3 ? '' : 'beta', k % 2 ? '' : 'alpha'].filter(Boolean).join(' ');
    for (let k = 0; k < 397; k++) reindex(w.ids[k]!, `${words(k)} item ${k}`);
    await same(wordy);
    await same();
    expect(key()).toBe(memo);
  });
});
