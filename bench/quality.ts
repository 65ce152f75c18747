/**
 * Ranking quality on real data (MovieLens layout): does our ranker beat what users could get elsewhere?
 *
 * 1. A real stack in process (nats-server, every service, the gateway). Movies become content through
 *    POST /entity/batch (title, genres, tags as text); each user becomes a `user` entity whose liked movies are
 *    linked with POST /entity/batch + `entity_ids` — the same code path clients use.
 * 2. Split, per user with at least 10 ratings ≥ 4: those ratings in time order, the first 80% (floor, at least
 *    one left) are linked, the rest are held out. Candidates: every movie except those the user rated up to the
 *    time of the last linked one (held-out movies stay candidates).
 * 3. Ours: POST /rerank of all candidates (pages of 1,000 entity ids, `limit` 10 each; scores are absolute, so
 *    the best 10 of the pages are the best 10 overall). Baselines, in the same run, over the vectors the service
 *    stored (read back from the event log): popularity (number of users linking the movie in the workspace),
 *    centroid of the liked items (Weaviate ref2vec-centroid, Qdrant `average_vector`), and Qdrant's
 *    `best_score` (highest similarity to any liked item; positives only, as the workspace holds no negatives).
 * 4. Recall@10, NDCG@10 (binary relevance), catalog coverage of the top-10 lists.
 * 5. Search on the same workspace (`--search-users`, default 100): the query is the genres of one held-out movie;
 *    the served top 20 against scoring every movie (the search RPC's internal exhaustive mode).
 *
 * Usage: npm run bench -- quality -- --data ../shared/data/movielens [--users 100] [--concurrency 4]
 * The folder needs ratings.csv (userId,movieId,rating,timestamp), movies.csv (movieId,title,genres) and
 * optionally tags.csv (userId,movieId,tag,timestamp); header rows are detected and skipped.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ndcgAtK, recallAtK } from '@tg/math';
import { EventStore, RpcClient } from '@tg/messaging';
import { catalogReplay, contentMatch, graphEvidence, profileFor, replayProjection, tasteScore } from '@tg/services';
import { startStack } from '@tg/test-stack';
import { searchVsExhaustive } from './support';

const K = 10;
const PAGE = 1_000;

function arg(args: string[], name: string, def?: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : def;
}

/** Parses CSV with double-quoted fields; drops a header row (first field not numeric). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const out: string[] = [];
    let cur = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i]!;
      if (quoted) {
        if (ch === '"') {
          if (line[i + 1] === '"') {
            cur += '"';
            i++;
          } else quoted = false;
        } else cur += ch;
      } else if (ch === '"') quoted = true;
      else if (ch === ',') {
        out.push(cur);
        cur = '';
      } else cur += ch;
    }
    out.push(cur);
    rows.push(out);
  }
  return rows.filter((r) => /^\d+$/.test(r[0]!.trim()));
}

interface Split {
  user: string;
  train: string[];
  test: Set<string>;
  exclude: Set<string>;
}

/** The protocol of issue 5: per user with ≥ 10 ratings ≥ 4, first 80% (time order) linked, the rest held out. */
export function splitUsers(ratings: { u: string; m: string; r: number; t: number }[]): Split[] {
  const byUser = new Map<string, typeof ratings>();
  for (const r of ratings) {
    let a = byUser.get(r.u);
    if (!a) byUser.set(r.u, (a = []));
    a.push(r);
  }
  const out: Split[] = [];
  for (const [user, rs] of byUser) {
    rs.sort((a, b) => a.t - b.t || Number(a.m) - Number(b.m));
    const liked = rs.filter((r) => r.r >= 4);
    if (liked.length < 10) continue;
    const cut = Math.min(liked.length - 1, Math.floor(liked.length * 0.8));
    const train = liked.slice(0, cut);
    const test = new Set(liked.slice(cut).map((r) => r.m));
    const until = train[train.length - 1]!.t;
    const exclude = new Set(rs.filter((r) => r.t <= until && !test.has(r.m)).map((r) => r.m));
    for (const r of train) exclude.add(r.m);
    for (const m of exclude) test.delete(m);
    if (test.size) out.push({ user, train: train.map((r) => r.m), test, exclude });
  }
  return out.sort((a, b) => Number(a.user) - Number(b.user));
}

async function pool<T>(items: T[], inflight: number, fn: (x: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(items.length, inflight) }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}

/** Indices of the k largest scores (ties: lower index first). */
function topIndices(scores: Float64Array, allowed: (i: number) => boolean, k: number): number[] {
  const best: number[] = [];
  for (let i = 0; i < scores.length; i++) {
    if (!allowed(i)) continue;
    if (best.length < k || scores[i]! > scores[best[best.length - 1]!]!) {
      let j = best.length < k ? best.length : k - 1;
      best[j] = i;
      while (j > 0 && scores[best[j]!]! > scores[best[j - 1]!]!) {
        [best[j], best[j - 1]] = [best[j - 1]!, best[j]!];
        j--;
      }
    }
  }
  return best;
}

export async function run(args: string[]) {
  const dataArg = arg(args, 'data', '../shared/data/movielens')!;
  const dir = resolve(dataArg);
  for (const f of ['ratings.csv', 'movies.csv']) if (!existsSync(join(dir, f))) throw new Error(`--data ${dir}: ${f} not found`);
  const maxUsers = Number(arg(args, 'users', '0'));
  const inflight = Number(arg(args, 'concurrency', '4'));
  const t0 = performance.now();
  const since = () => ((performance.now() - t0) / 1000).toFixed(1);

  // --- data ---
  const movies = parseCsv(readFileSync(join(dir, 'movies.csv'), 'utf8')).map(([id, title, genres]) => ({ id: id!, title: title!, genres: (genres ?? '').split('|').filter((g) => g && g !== '(no genres listed)') }));
  const ratings = parseCsv(readFileSync(join(dir, 'ratings.csv'), 'utf8')).map((r) => ({ u: r[0]!, m: r[1]!, r: Number(r[2]), t: Number(r[3]) }));
  const tagsOf = new Map<string, Set<string>>();
  if (existsSync(join(dir, 'tags.csv'))) {
    for (const [, m, tag] of parseCsv(readFileSync(join(dir, 'tags.csv'), 'utf8'))) {
      let s = tagsOf.get(m!);
      if (!s) tagsOf.set(m!, (s = new Set()));
      if (tag?.trim()) s.add(tag.trim().toLowerCase());
    }
  }
  let splits = splitUsers(ratings);
  if (maxUsers > 0) splits = splits.slice(0, maxUsers);
  const movieIndex = new Map(movies.map((m, i) => [m.id, i]));
  console.log(`data: ${movies.length} movies, ${ratings.length} ratings, ${splits.length} users evaluated (${since()} s)`);

  // --- workspace, through the API ---
  const s = await startStack({ logLevel: 'silent', clusterDebounceMs: 5_000 });
  try {
    const ws = await s.workspace('bench-quality');
    const contentOf = (m: (typeof movies)[number]) => {
      const tags = [...(tagsOf.get(m.id) ?? [])];
      return {
        url: `https://movielens.test/movie/${m.id}`,
        type: 'text',
        title: m.title,
        content: `${m.genres.join(', ')}.${tags.length ? ` Tags: ${tags.join(', ')}.` : ''}`,
        skip_url_fetch: true,
        skip_media_enrich: true,
      };
    };
    const entityOf = new Map<string, string>();
    const pages: (typeof movies)[] = [];
    for (let i = 0; i < movies.length; i += 200) pages.push(movies.slice(i, i + 200));
    await pool(pages, 4, async (page) => {
      const r = await ws.request('POST', '/entity/batch', { body: { content: page.map(contentOf) } });
      if (r.status !== 200) throw new Error(`batch: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
      page.forEach((m, j) => {
        const id = r.body.results[j]?.entity_id;
        if (id) entityOf.set(m.id, id);
      });
    });
    const movieOf = new Map([...entityOf].map(([m, e]) => [e, m]));
    console.log(`indexed ${entityOf.size} movies (${since()} s)`);
    const userIds = new Map<string, string>();
    await pool(splits, 4, async (sp) => {
      const u = await ws.request('POST', '/entity', { body: { type: 'user', name: `MovieLens user ${sp.user}` } });
      if (u.status !== 200) throw new Error(`user: ${u.status}`);
      userIds.set(sp.user, u.body.id);
      const linked = sp.train.filter((m) => entityOf.has(m)).map((m) => movies[movieIndex.get(m)!]!);
      for (let i = 0; i < linked.length; i += 100) {
        const page = linked.slice(i, i + 100);
        const r = await ws.request('POST', '/entity/batch', { body: { content: page.map(contentOf), entity_ids: page.map(() => u.body.id) } });
        if (r.status !== 200) throw new Error(`link batch: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
      }
    });
    const links = splits.reduce((a, sp) => a + sp.train.length, 0);
    console.log(`linked ${links} liked movies to ${splits.length} users (${since()} s)`);

    // --- the catalog rebuilt from the event log: the vectors the service stored (baselines) and the same
    // read model the service ranks from (ablations of our score, computed in process with its scoring code) ---
    const store = await EventStore.open(s.tg.nc);
    const cat = (await replayProjection(store, catalogReplay)).state.ws(ws.workspaceId);
    const vectors = new Map<string, Float32Array>();
    for (const [m, e] of entityOf) {
      const v = cat.vectors.get(e);
      if (v) vectors.set(m, v);
    }
    const dim = vectors.values().next().value!.length;
    const n = movies.length;
    const mat = new Float32Array(n * dim);
    const hasVec = new Uint8Array(n);
    movies.forEach((m, i) => {
      const v = vectors.get(m.id);
      if (!v) return;
      hasVec[i] = 1;
      let nn = 0;
      for (let j = 0; j < dim; j++) nn += v[j]! * v[j]!;
      const inv = nn > 0 ? 1 / Math.sqrt(nn) : 0;
      for (let j = 0; j < dim; j++) mat[i * dim + j] = v[j]! * inv;
    });
    const popularity = new Float64Array(n);
    for (const sp of splits) for (const m of sp.train) popularity[movieIndex.get(m)!]! += 1;

    // --- rank ---
    type Method = 'ours' | 'content' | 'graph' | 'popularity' | 'centroid' | 'best_score';
    const methods: Method[] = ['ours', 'content', 'graph', 'popularity', 'centroid', 'best_score'];
    let agree = 0;
    const sums = Object.fromEntries(methods.map((k) => [k, { ndcg: 0, recall: 0, covered: new Set<string>() }])) as Record<Method, { ndcg: number; recall: number; covered: Set<string> }>;
    const latencies: number[] = [];
    let done = 0;
    const record = (k: Method, top: string[], sp: Split) => {
      sums[k].ndcg += ndcgAtK(top, sp.test, K);
      sums[k].recall += recallAtK(top, sp.test, K);
      for (const m of top) sums[k].covered.add(m);
    };
    const rankStart = performance.now();
    await pool(splits, inflight, async (sp) => {
      const anchor = userIds.get(sp.user)!;
      const candidates = movies.filter((m) => !sp.exclude.has(m.id) && entityOf.has(m.id)).map((m) => entityOf.get(m.id)!);
      const best: { id: string; score: number }[] = [];
      for (let i = 0; i < candidates.length; i += PAGE) {
        const t = performance.now();
        const r = await ws.request('POST', '/rerank', {
          query: { relative_to_entity_id: anchor, in_terms_of_entity_type: 'content' },
          body: { candidates: candidates.slice(i, i + PAGE), limit: K },
        });
        latencies.push(performance.now() - t);
        if (r.status !== 200) throw new Error(`rerank: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
        for (const x of r.body.results as { entity_id: string; score: number }[]) best.push({ id: x.entity_id, score: x.score });
      }
      best.sort((a, b) => b.score - a.score);
      const served = best.slice(0, K).map((b) => movieOf.get(b.id)!);
      record('ours', served, sp);

      // Ablations with the service's scoring code over the replayed catalog: content match alone, graph alone,
      // and both (which must give the served list).
      const profile = profileFor(cat, anchor);
      const graph = graphEvidence(cat, anchor);
      const both = new Float64Array(n).fill(-Infinity);
      const contentOnly = new Float64Array(n).fill(-Infinity);
      const graphOnly = new Float64Array(n).fill(-Infinity);
      for (let c = 0; c < n; c++) {
        const e = entityOf.get(movies[c]!.id);
        if (!e || !hasVec[c]) continue;
        const t = tasteScore({ profile, graph }, { vector: cat.vectors.get(e)!, entity_id: e, doc: cat.entities.get(e) });
        both[c] = t.score;
        contentOnly[c] = profile ? contentMatch(cat.vectors.get(e)!, profile).score : 0;
        graphOnly[c] = t.graph;
      }
      const allowed = (i: number) => !sp.exclude.has(movies[i]!.id);
      const inProcess = topIndices(both, allowed, K).map((i) => movies[i]!.id);
      if (inProcess.join() === served.join()) agree++;
      record('content', topIndices(contentOnly, allowed, K).map((i) => movies[i]!.id), sp);
      record('graph', topIndices(graphOnly, allowed, K).map((i) => movies[i]!.id), sp);

      record('popularity', topIndices(popularity, allowed, K).map((i) => movies[i]!.id), sp);
      const liked = sp.train.map((m) => movieIndex.get(m)!).filter((i) => hasVec[i]);
      const centroid = new Float64Array(dim);
      for (const i of liked) for (let j = 0; j < dim; j++) centroid[j]! += mat[i * dim + j]!;
      const cen = new Float64Array(n);
      const bestScore = new Float64Array(n).fill(-Infinity);
      for (let c = 0; c < n; c++) {
        if (!hasVec[c]) continue;
        let s1 = 0;
        for (let j = 0; j < dim; j++) s1 += mat[c * dim + j]! * centroid[j]!;
        cen[c] = s1;
        let b = -Infinity;
        for (const i of liked) {
          let s2 = 0;
          for (let j = 0; j < dim; j++) s2 += mat[c * dim + j]! * mat[i * dim + j]!;
          if (s2 > b) b = s2;
        }
        bestScore[c] = b;
      }
      record('centroid', topIndices(cen, allowed, K).map((i) => movies[i]!.id), sp);
      record('best_score', topIndices(bestScore, allowed, K).map((i) => movies[i]!.id), sp);
      if (++done % 50 === 0) console.log(`ranked ${done}/${splits.length} users (${since()} s)`);
    });
    const rankS = (performance.now() - rankStart) / 1000;

    // --- search on real data: for each of up to --search-users users, the query is the genres of one held-out
    // movie; the served top 20 against scoring every movie (the search RPC's internal exhaustive mode) ---
    const rpc = new RpcClient(s.tg.nc);
    const searchUsers = Number(arg(args, 'search-users', '100'));
    let sRecall = 0;
    let sGap = 0;
    let sHitServed = 0;
    let sHitExact = 0;
    let sN = 0;
    for (const sp of splits.slice(0, searchUsers)) {
      const target = [...sp.test].find((m) => entityOf.has(m) && movies[movieIndex.get(m)!]!.genres.length);
      if (!target) continue;
      const query = movies[movieIndex.get(target)!]!.genres.join(' ');
      const { served, exact, recallAtLimit, scoreGap } = await searchVsExhaustive(rpc, { ws: ws.workspaceId, anchor: userIds.get(sp.user)!, query, limit: 20 });
      const exactIds = new Set(exact.map((r) => r.entity_id));
      sRecall += recallAtLimit;
      sGap += scoreGap;
      const tid = entityOf.get(target)!;
      if (served.some((r) => r.entity_id === tid)) sHitServed++;
      if (exactIds.has(tid)) sHitExact++;
      sN++;
    }
    console.log(`search checked for ${sN} users (${since()} s)`);

    // --- report ---
    const u = splits.length;
    const res = Object.fromEntries(methods.map((k) => [k, { ndcg: sums[k].ndcg / u, recall: sums[k].recall / u, coverage: sums[k].covered.size / n }])) as Record<Method, { ndcg: number; recall: number; coverage: number }>;
    const baselines: Method[] = ['popularity', 'centroid', 'best_score'];
    const bestBaseline = Math.max(...baselines.map((k) => res[k].ndcg));
    const vsCentroid = res.ours.ndcg / res.centroid.ndcg - 1;
    const goal = res.ours.ndcg > bestBaseline && vsCentroid >= 0.1;
    latencies.sort((a, b) => a - b);
    const figures: Record<string, number | string> = {
      data: dataArg,
      users: u,
      movies: n,
      links,
      heldOut: splits.reduce((a, sp) => a + sp.test.size, 0),
      rerankCalls: latencies.length,
      rerankP50Ms: Number(latencies[latencies.length >> 1]!.toFixed(1)),
      rankingSeconds: Number(rankS.toFixed(1)),
      totalSeconds: Number(((performance.now() - t0) / 1000).toFixed(1)),
      oursVsBestBaselineNdcg: Number((res.ours.ndcg / bestBaseline).toFixed(3)),
      oursVsCentroidNdcg: Number((1 + vsCentroid).toFixed(3)),
      goalMet: goal ? 'yes' : 'no',
      servedEqualsInProcess: `${agree}/${u}`,
      searchUsers: sN,
      searchRecallAt20VsExhaustive: Number((sRecall / Math.max(1, sN)).toFixed(3)),
      searchScoreGapAt20VsExhaustive: Number((sGap / Math.max(1, sN)).toFixed(4)),
      searchHeldOutInTop20Served: sHitServed,
      searchHeldOutInTop20Exhaustive: sHitExact,
    };
    for (const k of methods) {
      figures[`${k}.ndcg@10`] = Number(res[k].ndcg.toFixed(4));
      figures[`${k}.recall@10`] = Number(res[k].recall.toFixed(4));
      figures[`${k}.coverage`] = Number(res[k].coverage.toFixed(4));
    }
    const label: Record<Method, string> = {
      ours: 'tastegraph /rerank (content + graph, as served)',
      content: '— ablation: content match alone (same scoring code)',
      graph: '— ablation: graph match alone (same scoring code)',
      popularity: 'popularity (users linking the movie)',
      centroid: 'centroid of liked items (ref2vec-centroid / Qdrant average_vector)',
      best_score: 'Qdrant best_score (max similarity to a liked item)',
    };
    const markdown = [
      `## Ranking quality (${dataArg})`,
      '',
      `${u} users with ≥ 10 ratings ≥ 4; first 80% of those (time order) linked (${links} links), ${figures.heldOut} held out; all ${n} movies but the ones rated before the split are ranked for each user.`,
      '',
      '| ranker | NDCG@10 | Recall@10 | coverage |',
      '|---|---|---|---|',
      ...methods.map((k) => `| ${label[k]} | ${res[k].ndcg.toFixed(4)} | ${res[k].recall.toFixed(4)} | ${(res[k].coverage * 100).toFixed(1)}% |`),
      '',
      `Ours vs the best baseline (NDCG@10): ×${figures.oursVsBestBaselineNdcg}; vs the centroid: ×${figures.oursVsCentroidNdcg}. Goal (beat every baseline, centroid by ≥ 10%): ${goal ? 'met' : 'NOT met'}.`,
      `The served top 10 equals the in-process top 10 of the same scoring code for ${agree} of ${u} users.`,
      `${latencies.length} /rerank calls of ≤ ${PAGE} candidates, p50 ${figures.rerankP50Ms} ms; ranking took ${figures.rankingSeconds} s, the whole run ${figures.totalSeconds} s.`,
      '',
      `Search on this data (${sN} users, query = the genres of one of their held-out movies, limit 20): the served results against scoring every movie — recall@20 ${figures.searchRecallAt20VsExhaustive}, mean top-20 score ${figures.searchScoreGapAt20VsExhaustive} below; the held-out movie is in the served top 20 for ${sHitServed} users and in the exhaustive top 20 for ${sHitExact}.`,
    ].join('\n');
    return { figures, markdown };
  } finally {
    await s.stop();
  }
}
