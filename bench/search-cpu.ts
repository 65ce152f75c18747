/**
 * Main-thread CPU of /search's handler with a learned graph, in process (no HTTP, no NATS): the ranking service's
 * `search` on a catalog shaped like the latency benchmark's (`--items` synthetic items embedded with the deployed
 * SIF model, an anchor linking `--links` of them, `--linkers` other users linking 40 items each, a quarter among the
 * anchor's), with the real vector index (its walks on the worker thread), taste neighbourhoods and learned model.
 *
 * Searches `--amount` three-word queries, `--concurrency` in flight, `--rounds` times, and prints the main thread's CPU
 * per search (from /proc), the wall time and each thread's CPU per search (the vector index's worker walks the graph). `--base <dir>` also runs the search of another checkout of the project
 * (e.g. a worktree of main) in the same process, on the same catalog, model and neighbourhoods, its rounds alternating
 * with this one's: the ratio of the two is measured under the same load, and every query's answers (ids, scores,
 * signals) are compared. `--profile` samples the CPU of the last round and prints the top functions by self time.
 * `--graph-pool N` sets this checkout's `SEARCH_PROBES.graphPool` (the graph candidates' pool; answers then differ from
 * the base's on purpose), and `--quality N` compares each version's answers to N queries (the latency benchmark's first
 * N quality queries) with scoring every item (the `exhaustive` mode), as the latency benchmark does through the gateway:
 * recall@10, recall@20 and how far the served top 20's mean score is below the exhaustive top 20's.
 *
 * A quick A/B tool for the latency benchmark's search case (its 100,000-item ingest through the gateway takes minutes);
 * the HTTP benchmark (`latency`) remains the figure of record. `--probes` measures the query probe alone instead (the vector
 * index's worker CPU per probe, by thread).
 *
 * Usage: npm run bench -- search-cpu [-- --items 100000 --linkers 300 --amount 3000 --rounds 3 --base ../wt-main]
 */
import { encodeVector, event, type EventData, type EventType, type StoredEvent } from '@tg/contracts';
import { CatalogProjection, type Touched } from '@tg/domain';
import { SifEmbedder } from '@tg/embedding';
import { percentile } from '@tg/math';
import type { ReadModelHost } from '@tg/read-model';
import { LearnedGraphs, contentMatch } from '@tg/service-ranking';
import { isDeepStrictEqual } from 'node:util';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { RankingIndex } from '../libs/services/ranking/src/vectors/ranking-index';
import { TasteNeighbourhoods } from '../libs/services/ranking/src/evidence/taste-neighbourhood';
import { SEARCH_PROBES, search } from '../libs/services/ranking/src/search/search';
import { resultOf } from '../libs/services/ranking/src/candidates';
import type { RankingDeps } from '../libs/services/ranking/src/ranking-deps';
import { profiled } from './profile';
import { WORDS, arg, cpuSplit, cpuSplitPerRequest, mainThreadCpuMs, strArg, syntheticText } from './support';

export async function run(args: string[]) {
  const items = arg(args, 'items', 100000);
  const nLinks = arg(args, 'links', 60);
  const linkers = arg(args, 'linkers', 300);
  const amount = arg(args, 'amount', 3000);
  const rounds = arg(args, 'rounds', 3);
  const concurrency = arg(args, 'concurrency', 16);
  const base = strArg(args, 'base', '');
  const graphPool = arg(args, 'graph-pool', SEARCH_PROBES.graphPool);
  const nQuality = arg(args, 'quality', 0);
  SEARCH_PROBES.graphPool = graphPool;
  const t0 = performance.now();
  const since = () => ((performance.now() - t0) / 1000).toFixed(1);

  const embedder = await SifEmbedder.load({ cacheDir: join(tmpdir(), 'tastegraph-embedding-cache') });
  const proj = new CatalogProjection();
  const listeners: ((t: Touched, replaying: boolean, seq: number) => void)[] = [];
  const WS = 'ws_bench';
  let seq = 0;
  const apply = <T extends EventType>(type: T, data: EventData<T>) => {
    const t = proj.apply({ ...event(type, data, { workspace: WS, at: 1 }), seq: ++seq, subject: 'tg.evt.x.y.z' } as StoredEvent);
    if (t) for (const l of listeners) l(t, false, seq);
  };
  const host = {
    catalog: proj,
    partitionKey: 'all',
    onChange: (fn: (t: Touched, replaying: boolean, seq: number) => void) => void listeners.push(fn),
    addSnapshotPart: () => undefined,
    ready: async () => undefined,
  } as unknown as ReadModelHost;
  const index = new RankingIndex(host, { thread: !args.includes('--main-thread') });
  const ids: string[] = [];
  for (let k = 0; k < items; k++) {
    const id = `c${k}`;
    ids.push(id);
    const text = syntheticText(k);
    apply('ContentIndexed', { entity_id: id, url: `https://latency.test/item/${k}`, media_type: 'text', name: `Item ${k}`, description: '', text, text_digest: id, source: 'inline', skip_url_fetch: true, skip_media_enrich: true, indexed_at: 1 });
    apply('ContentEmbedded', { entity_id: id, of: 'content', model: embedder.id, dim: embedder.dim, vector: encodeVector(embedder.embedSync(text)!), text_digest: id, embedded_at: 1 });
  }
  const link = (user: string, k: number) => apply('ChildLinked', { parent_id: user, child_id: ids[k]!, rel: 'about', weight: 1, linked_at: 1 });
  apply('EntityCreated', { entity_id: 'user', type: 'user', name: 'Latency user', description: '', created_at: 1 });
  const step = Math.floor(items / nLinks);
  const linked = Array.from({ length: nLinks }, (_, i) => i * step);
  for (const k of linked) link('user', k);
  for (let o = 0; o < linkers; o++) {
    apply('EntityCreated', { entity_id: `linker${o}`, type: 'user', name: `Linker ${o}`, description: '', created_at: 1 });
    const picks = new Set<number>();
    for (let k = 0; picks.size < 40; k++) picks.add(picks.size < 10 ? linked[(o * 7 + k * 13) % nLinks]! : (o * 104_729 + k * 7_919) % items);
    for (const k of picks) link(`linker${o}`, k);
  }
  console.log(`catalog of ${items} items, ${linkers} linkers (${since()} s)`);
  const learned = new LearnedGraphs(host, { debounceMs: 0, thread: false });
  const neighbourhoods = new TasteNeighbourhoods({
    search: (ws, type, q, k) => index.search(ws, type, q, k),
    searchMany: (ws, type, qs, ks) => index.searchMany(ws, type, qs, ks),
    vector: (cat, id) => index.representative(cat.id, id),
    match: (v, p) => contentMatch(v, p).score,
  });
  const deps = { host, index, neighbourhoods, learned, embed: async (texts: string[]) => texts.map((t) => embedder.embedSync(t)) } as unknown as RankingDeps;
  await index.warm();
  const cat = proj.ws(WS);
  learned.evidence(cat, 'user');
  await learned.whenSettled();
  const model = learned.model(WS);
  console.log(`index warm, learned model ${model ? `${model.users.length} users, ${model.items.size} items` : 'none'} (${since()} s)`);

  type Search = typeof search;
  type Version = { name: string; search: Search; deps: RankingDeps };
  const versions: Version[] = [{ name: 'this', search, deps }];
  if (base) {
    // The other checkout's search and learned evidence, over the same model (its query cached per anchor as
    // LearnedGraphs.evidence does; no writes happen here, so the version never changes).
    const src = resolve(base, 'libs/services/ranking/src');
    const other = (await import(join(src, 'search/search.ts'))) as { search: Search };
    // A checkout from before the ranking service's folders (learned/, evidence/) has these files at src/.
    const at = (...paths: string[]) => join(src, paths.find((p) => existsSync(join(src, p))) ?? paths[0]!);
    const lg = (await import(at('learned/learned-graph.ts', 'learned-graph.ts'))) as typeof import('../libs/services/ranking/src/learned/learned-graph');
    const g = (await import(at('evidence/graph.ts', 'graph.ts'))) as typeof import('../libs/services/ranking/src/evidence/graph');
    const queries = new Map<string, ReturnType<typeof lg.anchorQuery>>();
    const evidence = (c: typeof cat, id: string) => {
      if (!model) return g.graphEvidence(c, id);
      if (!queries.has(id)) queries.set(id, lg.anchorQuery(model, c, id));
      return lg.learnedEvidence(model, c, id, () => g.graphEvidence(c, id), queries.get(id)!);
    };
    versions.unshift({ name: 'base', search: other.search, deps: { ...deps, learned: { evidence } } as unknown as RankingDeps });
  }
  const words = [...WORDS.adj, ...WORDS.genre, ...WORDS.noun];
  let s = 99;
  const rand = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  const queries = Array.from({ length: amount }, () => Array.from({ length: 3 }, () => words[Math.floor(rand() * words.length)]).join(' '));
  const answers = new Map<string, unknown[]>(versions.map((v) => [v.name, new Array(amount)]));
  const pass = async (v: Version) => {
    const lat: number[] = [];
    let next = 0;
    const cpu0 = mainThreadCpuMs();
    const split0 = cpuSplit();
    const w0 = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < amount) {
          const i = next++;
          const t = performance.now();
          const { scored } = await v.search(v.deps, WS, { anchor: 'user', inTermsOf: 'content', query: queries[i]!, limit: 20 }, `r${i}`);
          answers.get(v.name)![i] = scored.map(resultOf).map((r) => [r.entity_id, r.score, r.signals]);
          lat.push(performance.now() - t);
        }
      }),
    );
    return { cpuMs: (mainThreadCpuMs()! - cpu0!) / amount, wallMs: (performance.now() - w0) / amount, p50: percentile(lat, 50), split: cpuSplitPerRequest(split0, cpuSplit(), amount) };
  };
  if (args.includes('--probes')) {
    // The query probe alone (`index.search`, k 24, `concurrency` in flight): what the vector index's worker spends per
    // probe, by thread. Compare checkouts by running this in each (one process holds one vector index).
    const qv = queries.map((t) => embedder.embedSync(t)!);
    for (let r = 0; r < rounds; r++) {
      const split0 = cpuSplit();
      let nx = 0;
      await Promise.all(Array.from({ length: concurrency }, async () => {
        while (nx < amount) await index.search(WS, 'content', qv[nx++]!, SEARCH_PROBES.query);
      }));
      console.log(`probes round ${r + 1}: CPU per probe by thread (ms; the worker is the largest after main): ${cpuSplitPerRequest(split0, cpuSplit(), amount)} (load ${loadavg()[0]!.toFixed(1)})`);
    }
    await learned.close();
    await index.close();
    return { figures: { items, linkers, amount, concurrency }, markdown: 'probes only (see the lines above)' };
  }
  // Warm-up: neighbourhood, the anchor's query and its caches, JIT.
  for (const v of versions) await pass(v);
  const figures: Record<string, number | string> = { items, linkers, amount, concurrency, graphPool };
  const cpus = new Map<string, number[]>(versions.map((v) => [v.name, []]));
  for (let r = 0; r < rounds; r++) {
    for (const v of versions) {
      const p = r === rounds - 1 && args.includes('--profile') ? await profiled(`search-cpu-${v.name}`, () => pass(v)) : undefined;
      const x = p ? p.result : await pass(v);
      if (p) console.log(`${v.name}: CPU by self time\n  ${p.top.join('\n  ')}`);
      cpus.get(v.name)!.push(x.cpuMs);
      console.log(`round ${r + 1}, ${v.name}: main-thread CPU ${x.cpuMs.toFixed(3)} ms/search, wall ${x.wallMs.toFixed(3)} ms/search, p50 ${x.p50.toFixed(2)} ms (load ${loadavg()[0]!.toFixed(1)})\n  CPU per search by thread (ms; the vector index's worker is the largest after main): ${x.split}`);
    }
  }
  if (nQuality) {
    // Against scoring every item (the same for both versions: every item is a candidate), as bench/support's
    // searchVsExhaustive does through the gateway.
    const req = (query: string, exhaustive: boolean) => ({ anchor: 'user', inTermsOf: 'content', query, limit: 20, exhaustive });
    const exact: ReturnType<typeof resultOf>[][] = [];
    for (let i = 0; i < nQuality; i++) exact.push((await search(deps, WS, req(queries[i]!, true), `x${i}`)).scored.map(resultOf));
    for (const v of versions) {
      let r10 = 0;
      let r20 = 0;
      let gap = 0;
      for (let i = 0; i < nQuality; i++) {
        const served = (await v.search(v.deps, WS, req(queries[i]!, false), `q${i}`)).scored.map(resultOf);
        const recallAt = (k: number) => {
          const top = new Set(exact[i]!.slice(0, k).map((r) => r.entity_id));
          return served.slice(0, k).filter((r) => top.has(r.entity_id)).length / Math.max(1, Math.min(k, exact[i]!.length));
        };
        const mean = (rs: { score: number }[]) => rs.reduce((a, r) => a + r.score, 0) / Math.max(1, rs.length);
        r10 += recallAt(10);
        r20 += recallAt(20);
        gap += mean(exact[i]!) - mean(served);
      }
      figures[`${v.name}.recallAt10VsExhaustive`] = Number((r10 / nQuality).toFixed(3));
      figures[`${v.name}.recallAt20VsExhaustive`] = Number((r20 / nQuality).toFixed(3));
      figures[`${v.name}.scoreGapAt20VsExhaustive`] = Number((gap / nQuality).toFixed(5));
      console.log(`${v.name}${v.name === 'this' ? ` (graph pool ${graphPool})` : ''} against scoring every item, ${nQuality} queries: recall@10 ${figures[`${v.name}.recallAt10VsExhaustive`]}, recall@20 ${figures[`${v.name}.recallAt20VsExhaustive`]}, mean top-20 score ${figures[`${v.name}.scoreGapAt20VsExhaustive`]} below`);
    }
  }
  for (const v of versions) figures[`${v.name}.mainThreadCpuMsPerSearch.median`] = Number(percentile(cpus.get(v.name)!, 50).toFixed(3));
  let md = `main-thread CPU per search (median of ${rounds} rounds): ${versions.map((v) => `${v.name} ${figures[`${v.name}.mainThreadCpuMsPerSearch.median`]} ms`).join(', ')}`;
  if (base) {
    const ratios = cpus.get('this')!.map((x, i) => x / cpus.get('base')![i]!);
    figures['ratio.median'] = Number(percentile(ratios, 50).toFixed(3));
    const a = answers.get('base')!;
    const b = answers.get('this')!;
    let differ = 0;
    for (let i = 0; i < amount; i++) if (!isDeepStrictEqual(a[i], b[i])) differ++;
    figures['queriesWithDifferentAnswers'] = differ;
    md += `; ratio this/base per round ${ratios.map((x) => x.toFixed(2)).join(', ')}; ${differ} of ${amount} queries answered differently`;
  }
  await learned.close();
  await index.close();
  return { figures, markdown: md };
}
