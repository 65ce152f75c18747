/**
 * Cold movies of the quality benchmark's split (issue 16, twelfth session): the held-out movies that nobody links in
 * the training links (16.1% of them) get no collaborative evidence; only the content-to-graph mapping places them.
 * Offline, over the benchmark's split and the movie texts embedded as the service embeds them (SIF, the same text:
 * title, genres, tags), with the served learned graph's functions (EASE λ 100, recency share 0.5, the ridge of
 * `contentMap` written out here for other features too, the content match of the kept links' subspace profile, ranked
 * by `blendKey`'s order at τ/w 0.00125, γ 1):
 *
 * - oracle bounds: the held-out cold movies placed first (what perfect placement could add), cold movies never ranked
 *   (what the mapping adds today), the mapping's best cold movie inserted at the best place for each user;
 * - learned content-to-collaborative mappings for unlinked items: the ridge's μ, richer features (genre and year
 *   indicators beside the vector), a mapping fitted on rarely linked items only or weighted towards them;
 * - a calibrated share of cold items: a separate scale and offset of unlinked items' evidence, and a merge of the
 *   warm and cold lists by each rank's hit rate measured on the service's own validation (`skip`).
 *
 * Columns as in `quality-variants`: `rnd` (three seeded random 20% holdouts), `val` (each user's newest 20%), `skip`
 * (the served blend's validation: newest 20% ranked from the links before the 20% before them), test (the held-out
 * movies: all / cold users / cold movies), and the paired per-user test difference from the served reference ± its
 * standard error. Not a benchmark of the service: a record of what was tried (docs/benchmarks.md, quality section).
 *
 * Usage: npm run bench -- quality-cold [-- --data ../shared/data/movielens] [--set all|grid2]
 * (`grid2`: only the service's blend grid over the genre/era weightings, with and without evidence for unlinked items,
 * and its choice on a catalog without the users' future films)
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SifEmbedder, textForContent } from '@tg/embedding';
import { addToStats, composeProfile, createTasteStats, easeQuery, easeScore, fitDualEase, itemPostings, ndcgAtK, recencyWeightsOf, spdInverse, type ItemPostings } from '@tg/math';
import { contentMatch, contentTerm } from '@tg/service-ranking';
import { parseCsv, splitUsers } from './quality';
import { newestFold, topOf, validationUsers, type CfUser } from './cf-baselines';
import { movieTerms, readTags, stackTerms, termFeatures } from './side-terms';

const LAMBDA = 100;
const RECENCY = 0.5;
const RATIO = 0.00125;
const GAMMA = 1;

function arg(args: string[], name: string, def: string): string {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : def;
}

/** Ridge map from item features F (n × f) to the item's linker column: G = X F (FᵀF + μ diag(c))⁻¹, fitted over linked items with weights `iw`. */
function ridgeMap(x: ItemPostings, feat: Float64Array, f: number, mu: number, iw: (j: number, linkers: number) => number): Float64Array {
  const nItems = x.start.length - 1;
  const ftf = new Float64Array(f * f);
  const xf = new Float64Array(x.nUsers * f);
  for (let j = 0; j < nItems; j++) {
    const l = x.start[j + 1]! - x.start[j]!;
    if (!l) continue;
    const wj = iw(j, l);
    if (!wj) continue;
    const o = j * f;
    for (let a = 0; a < f; a++) {
      const va = feat[o + a]!;
      if (va === 0) continue;
      for (let b = 0; b < f; b++) ftf[a * f + b]! += wj * va * feat[o + b]!;
    }
    for (let p = x.start[j]!; p < x.start[j + 1]!; p++) {
      const r = x.users[p]! * f;
      const w = wj * x.weights[p]!;
      for (let a = 0; a < f; a++) xf[r + a]! += w * feat[o + a]!;
    }
  }
  for (let a = 0; a < f; a++) ftf[a * f + a]! += mu;
  const c = spdInverse(ftf, f);
  const g = new Float64Array(x.nUsers * f);
  for (let u = 0; u < x.nUsers; u++)
    for (let b = 0; b < f; b++) {
      const v = xf[u * f + b]!;
      if (v) for (let a = 0; a < f; a++) g[u * f + a]! += v * c[b * f + a]!;
    }
  return g;
}

interface Feats {
  name: string;
  f: number;
  m: Float64Array;
}
interface MapSpec {
  name: string;
  feats: Feats;
  mu: number;
  iw: (j: number, linkers: number) => number;
}

/** Per fold and user: EASE scores (0 for an unlinked item), the content term, and each mapping's score. */
interface Prepared {
  us: CfUser[];
  linkers: Int32Array;
  /** `side`: the stacked EASE's scores per α of `--side-alphas` (`--set side`). */
  rows: ({ s: Float64Array; ct: Float64Array; maps: Float64Array[]; side: Float64Array[] } | null)[];
}

export async function run(args: string[]) {
  const dir = resolve(arg(args, 'data', '../shared/data/movielens'));
  const t0 = performance.now();
  const since = () => ((performance.now() - t0) / 1000).toFixed(1);
  const movies = parseCsv(readFileSync(join(dir, 'movies.csv'), 'utf8')).map(([id, title, genres]) => ({ id: id!, title: title!, genres: (genres ?? '').split('|').filter((g) => g && g !== '(no genres listed)') }));
  const ratings = parseCsv(readFileSync(join(dir, 'ratings.csv'), 'utf8')).map((r) => ({ u: r[0]!, m: r[1]!, r: Number(r[2]), t: Number(r[3]) }));
  const tagsOf = readTags(dir);
  const splits = splitUsers(ratings);
  const mi = new Map(movies.map((m, i) => [m.id, i]));
  const n = movies.length;
  const users: CfUser[] = splits.map((sp) => ({ train: sp.train.map((m) => mi.get(m)!), test: new Set([...sp.test].map((m) => mi.get(m)!)), exclude: new Set([...sp.exclude].map((m) => mi.get(m)!)) }));

  // --- the movie texts as the quality benchmark sends them, embedded as the embedding service does ---
  const embedder = await SifEmbedder.load({ cacheDir: join(tmpdir(), 'tastegraph-embedding-cache') });
  const texts = movies.map((m) => {
    const tags = [...(tagsOf.get(m.id) ?? [])];
    return textForContent({ type: 'text', title: m.title, content: `${m.genres.join(', ')}.${tags.length ? ` Tags: ${tags.join(', ')}.` : ''}`, url: `https://movielens.test/movie/${m.id}` });
  });
  const vecs = await embedder.embed(texts);
  const dim = embedder.dim;
  const V = new Float32Array(n * dim);
  vecs.forEach((v, j) => v && V.set(v, j * dim));
  const withTags = movies.filter((m) => tagsOf.get(m.id)?.size).length;
  console.log(`data: ${n} movies (${withTags} with tags), ${users.length} users; embedded (${since()} s)`);

  // --- features for the mappings ---
  const genreNames = [...new Set(movies.flatMap((m) => m.genres))].sort();
  const yearOf = movies.map((m) => Number(/\((\d{4})\)\s*$/.exec(m.title.trim())?.[1] ?? NaN));
  const eras = [1930, 1950, 1960, 1970, 1980, 1985, 1990, 1993, 1995, 1997, 1999, 2001, 2003, 2005, 2007, 2009, 2011, 2013, 2015, 2017];
  const eraOf = (y: number) => (Number.isFinite(y) ? eras.filter((e) => y >= e).length : -1);
  const vecFeats: Feats = { name: 'vector', f: dim, m: Float64Array.from(V) };
  const withSide = (a: number, b: number, c = 0): Feats => {
    const f = dim + genreNames.length + eras.length + 1 + (c ? 1 : 0);
    const m = new Float64Array(n * f);
    for (let j = 0; j < n; j++) {
      const o = j * f;
      for (let d = 0; d < dim; d++) m[o + d] = V[j * dim + d]!;
      const gs = movies[j]!.genres;
      for (const g of gs) m[o + dim + genreNames.indexOf(g)] = a / Math.sqrt(gs.length);
      const e = eraOf(yearOf[j]!);
      if (e >= 0) m[o + dim + genreNames.length + e] = b;
      if (c) m[o + f - 1] = c;
    }
    return { name: `vector + genres ×${a} + era ×${b}${c ? ` + bias ${c}` : ''}`, f, m };
  };
  const side = withSide(0.5, 0.5);
  const genresOnly = withSide(0.5, 0);
  const eraOnly = withSide(0, 0.5);
  const side2 = withSide(1, 1);
  const one = () => 1;
  const set = arg(args, 'set', 'all');
  // The EASE stage and the reference blend (defaults: the served choices on the usual split).
  const lambda = Number(arg(args, 'lambda', String(LAMBDA)));
  const recency = Number(arg(args, 'recency', String(RECENCY)));
  const refRatio = Number(arg(args, 'ratio', String(RATIO)));
  const refGamma = Number(arg(args, 'gamma', String(GAMMA)));
  // `--set side`: EASE with the movies' lexical terms stacked under X (quality32), at each α of `--side-alphas`.
  const sideLinked = args.includes('--side-linked');
  const sideAlphas = set === 'side' ? arg(args, 'side-alphas', '2,3,4').split(',').map(Number) : [];
  const sideFeats = termFeatures(movieTerms(dir, parseCsv(readFileSync(join(dir, 'movies.csv'), 'utf8'))), Number(arg(args, 'side-df', '5')), 0.1, arg(args, 'side-weights', 'bin') === 'idf');
  const weighted = [[0.25, 0.25], [0.5, 0.5], [1, 1], [0.5, 0.25], [0.25, 0.5], [1, 0.5], [0.5, 1], [0.5, 0], [0, 0.5]].map(([a, b]) => withSide(a!, b!));
  const maps: MapSpec[] = set === 'side' ? [{ name: 'served: vector, μ 1', feats: vecFeats, mu: 1, iw: () => 1 }] : set === 'grid2' ? [{ name: 'served: vector, μ 1', feats: vecFeats, mu: 1, iw: () => 1 }, ...weighted.map((f) => ({ name: `${f.name}, μ 1`, feats: f, mu: 1, iw: () => 1 }))] : [
    { name: 'served: vector, μ 1', feats: vecFeats, mu: 1, iw: one },
    { name: 'vector, μ 30', feats: vecFeats, mu: 30, iw: one },
    { name: `${side.name}, μ 1`, feats: side, mu: 1, iw: one },
    { name: `${genresOnly.name}, μ 1`, feats: genresOnly, mu: 1, iw: one },
    { name: `${eraOnly.name}, μ 1`, feats: eraOnly, mu: 1, iw: one },
    { name: `${side2.name}, μ 1`, feats: side2, mu: 1, iw: one },
    { name: 'vector, μ 1, items weighted 1/√linkers', feats: vecFeats, mu: 1, iw: (_j, l) => 1 / Math.sqrt(l) },
  ];

  // --- folds: prepared once each (EASE, content term, every mapping's score per user) ---
  const prepare = (us: CfUser[]): Prepared => {
    const per: [number, number][][] = Array.from({ length: n }, () => []);
    us.forEach((u, i) => u.train.forEach((m) => per[m]!.push([i, 1])));
    const x = itemPostings(us.length, per);
    const linkers = new Int32Array(n);
    for (let j = 0; j < n; j++) linkers[j] = x.start[j + 1]! - x.start[j]!;
    const model = fitDualEase(x, lambda);
    const stacked = sideAlphas.map((a) => {
      // `--side-linked`: term rows only for the items someone links (the service's model holds those only).
      const f = sideLinked ? { ...sideFeats, rows: sideFeats.rows.map((row, j) => (per[j]!.length ? row : [])) } : sideFeats;
      const xs = stackTerms(per, us.length, f, a);
      return { xs, ms: fitDualEase(xs, lambda) };
    });
    const gs = maps.map((mp) => ridgeMap(x, mp.feats.m, mp.feats.f, mp.mu, mp.iw));
    const rows = us.map((u) => {
      if (!u.test.size || !u.train.length) return null;
      const rw = recencyWeightsOf(u.train.length, recency);
      const q = easeQuery(model, x, u.train, u.train.map((_, p) => rw[p]!));
      const s = new Float64Array(n);
      for (let j = 0; j < n; j++) if (linkers[j]) s[j] = easeScore(model, x, q, j);
      const stats = createTasteStats(dim);
      for (const j of u.train) if (vecs[j]) addToStats(stats, vecs[j]!, 1);
      const profile = composeProfile(stats, { representation: 'subspace', maxRank: 8, energy: 0.8 });
      const ct = new Float64Array(n);
      for (let j = 0; j < n; j++) ct[j] = vecs[j] ? contentTerm(contentMatch(vecs[j]!, profile).score) : 0;
      const mapped = maps.map((mp, k) => {
        const f = mp.feats.f;
        const g = gs[k]!;
        const p = new Float64Array(f);
        for (let v = 0; v < us.length; v++) if (q[v]) for (let a = 0; a < f; a++) p[a]! += q[v]! * g[v * f + a]!;
        const out = new Float64Array(n);
        for (let j = 0; j < n; j++) {
          let t = 0;
          for (let a = 0; a < f; a++) t += p[a]! * mp.feats.m[j * f + a]!;
          out[j] = t;
        }
        return out;
      });
      const side = stacked.map(({ xs, ms }) => {
        const qs = easeQuery(ms, xs, u.train, u.train.map((_, p) => rw[p]!));
        const out = new Float64Array(n);
        for (let j = 0; j < n; j++) if (xs.start[j + 1]! > xs.start[j]!) out[j] = easeScore(ms, xs, qs, j);
        return out;
      });
      return { s, ct, maps: mapped, side };
    });
    return { us, linkers, rows };
  };
  const folds: Record<string, Prepared[]> = {};
  folds.test = [prepare(users)];
  console.log(`test fold prepared (${since()} s)`);
  folds.skip = [prepare(newestFold(users, true))];
  const fewFolds = set === 'grid2' || set === 'side';
  if (!fewFolds) folds.val = [prepare(newestFold(users, false))];
  if (!fewFolds) folds.rnd = validationUsers(users).map(prepare);
  console.log(`validation folds prepared (${since()} s)`);

  // --- variants: a key per item (higher first), given the fold, the user and the user's row ---
  type Key = (p: Prepared, ui: number) => Float64Array;
  /**
   * Warm items: EASE (`sk` ≥ 0: the stacked EASE at the `sk`-th α) + γ × mapping `warmK`; unlinked ones: γc × mapping
   * `coldK` + offset; ranked by `blendKey` at `ratio`.
   */
  const blend = (warmK: number, coldK: number, gWarm: number, gCold0: number, offset = 0, ratio = refRatio, sk = -1): Key => (p, ui) => {
    const r = p.rows[ui]!;
    const es = sk < 0 ? r.s : r.side[sk]!;
    const mw = r.maps[warmK]!, mc = r.maps[Math.max(0, coldK)]!;
    const gCold = coldK < 0 ? 0 : gCold0;
    const out = new Float64Array(n);
    for (let j = 0; j < n; j++) {
      const cold = p.linkers[j] === 0;
      out[j] = Math.max(0, es[j]! + (cold ? gCold * mc[j]! + offset : gWarm * mw[j]!)) / ratio + r.ct[j]!;
    }
    return out;
  };
  const ref = blend(0, 0, refGamma, refGamma);

  /** NDCG@10 among the movies with at most 2 linkers in the fold (null when the user holds none of them out). */
  const coldSlice = (p: Prepared, u: CfUser, k: Float64Array): number | null => {
    const coldRel = new Set([...u.test].filter((m) => p.linkers[m]! <= 2).map(String));
    if (!coldRel.size) return null;
    const ex = new Set(u.exclude);
    for (let j = 0; j < n; j++) if (p.linkers[j]! > 2) ex.add(j);
    return ndcgAtK(topOf(k, ex, 10).map(String), coldRel, 10);
  };
  const evalFold = (p: Prepared, key: Key, place?: (p: Prepared, ui: number, k: Float64Array) => number[]) => {
    let all = 0, nAll = 0, cu = 0, nCu = 0, cm = 0, nCm = 0;
    const each: number[] = [];
    p.us.forEach((u, ui) => {
      if (!p.rows[ui]) return;
      const k = key(p, ui);
      const rel = new Set([...u.test].map(String));
      const top = place ? place(p, ui, k) : topOf(k, u.exclude, 10);
      const nd = ndcgAtK(top.map(String), rel, 10);
      each.push(nd);
      all += nd; nAll++;
      if (u.train.length <= 10) { cu += nd; nCu++; }
      const c = coldSlice(p, u, k);
      if (c !== null) { cm += c; nCm++; }
    });
    return { all: all / nAll, coldUsers: cu / nCu, coldMovies: cm / nCm, each };
  };
  const paired = (a: number[], b: number[]) => {
    const d = a.map((x, i) => x - b[i]!);
    const mean = d.reduce((x, y) => x + y, 0) / d.length;
    const v = d.reduce((x, y) => x + (y - mean) ** 2, 0) / d.length;
    return { mean, se: Math.sqrt(v / Math.max(1, d.length - 1)) };
  };
  const refTest = evalFold(folds.test![0]!, ref).each;
  const lines: string[] = [];
  const figures: Record<string, number | string> = {};
  const report = (name: string, key: Key, opts: { place?: (p: Prepared, ui: number, k: Float64Array) => number[]; validations?: boolean } = {}) => {
    const v = (f: string) => {
      const r = folds[f]!.map((p) => evalFold(p, key, opts.place).all);
      return r.reduce((a, b) => a + b, 0) / r.length;
    };
    const skipR = evalFold(folds.skip![0]!, key, opts.place);
    const t = evalFold(folds.test![0]!, key, opts.place);
    const d = paired(t.each, refTest);
    const row = { rnd: opts.validations === false ? NaN : v('rnd'), val: v('val'), skip: skipR.all, skipCold: skipR.coldMovies, test: t.all, coldUsers: t.coldUsers, coldMovies: t.coldMovies, d: d.mean, se: d.se };
    const f4 = (x: number) => (Number.isFinite(x) ? x.toFixed(4) : '—');
    const line = `| ${name} | ${f4(row.rnd)} | ${f4(row.val)} | ${f4(row.skip)} (cold ${f4(row.skipCold)}) | ${f4(row.test)} / ${f4(row.coldUsers)} / ${f4(row.coldMovies)} | ${row.d >= 0 ? '+' : ''}${row.d.toFixed(4)} ± ${row.se.toFixed(4)} |`;
    console.log(line);
    lines.push(line);
    figures[name] = `${f4(row.skip)} ${f4(row.test)} ${row.d.toFixed(4)}±${row.se.toFixed(4)}`;
    return row;
  };

  if (fewFolds) return servedGrid();

  // --- what the cold movies are ---
  const tp = folds.test![0]!;
  let heldOut = 0, heldCold = 0, usersWithCold = 0;
  tp.us.forEach((u) => {
    heldOut += u.test.size;
    const c = [...u.test].filter((m) => tp.linkers[m] === 0).length;
    heldCold += c;
    if (c) usersWithCold++;
  });
  const unlinked = [...tp.linkers].filter((l) => l === 0).length;
  const coldTagged = [...tp.linkers.keys()].filter((j) => tp.linkers[j] === 0 && tagsOf.get(movies[j]!.id)?.size).length;
  const head = `held-out movies ${heldOut}, with no linker in training ${heldCold} (${((100 * heldCold) / heldOut).toFixed(1)}%), users with one ${usersWithCold} of ${tp.us.length}; unlinked movies ${unlinked} of ${n} (${coldTagged} of them with tags)`;
  console.log(head);
  lines.push(head, '');
  lines.push('| variant | rnd | val | skip (cold movies) | test all / cold users / cold movies | Δ test ± SE |', '|---|---|---|---|---|---|');

  // --- 1. reference and oracle bounds ---
  report('served reference (EASE λ 100 r 0.5 + mapping γ 1, content, τ/w 0.00125)', ref);
  report('graph alone (no content term)', (p, ui) => { const k = ref(p, ui); const r = p.rows[ui]!; for (let j = 0; j < n; j++) k[j]! -= r.ct[j]!; return k; });
  report('oracle: held-out unlinked movies placed first', (p, ui) => {
    const k = ref(p, ui);
    for (const m of p.us[ui]!.test) if (p.linkers[m] === 0) k[m] = Infinity;
    return k;
  });
  report('unlinked movies never ranked', (p, ui) => {
    const k = ref(p, ui);
    for (let j = 0; j < n; j++) if (p.linkers[j] === 0) k[j] = -Infinity;
    return k;
  });
  // The mapping's best unlinked movie put at the best place of the served top 10 for each user (an oracle of placement only).
  report('oracle: the mapping\'s best unlinked movie inserted at each user\'s best position (or not at all)', ref, {
    place: (p, ui, k) => {
      const u = p.us[ui]!;
      const warmEx = new Set(u.exclude);
      const coldEx = new Set(u.exclude);
      for (let j = 0; j < n; j++) (p.linkers[j] === 0 ? warmEx : coldEx).add(j);
      const warm = topOf(k, warmEx, 10);
      const cold = topOf(k, coldEx, 1)[0];
      const rel = new Set([...u.test].map(String));
      let best = warm;
      let bestN = ndcgAtK(warm.map(String), rel, 10);
      if (cold !== undefined)
        for (let pos = 0; pos < 10; pos++) {
          const l = [...warm.slice(0, pos), cold, ...warm.slice(pos, 9)];
          const v = ndcgAtK(l.map(String), rel, 10);
          if (v > bestN) { bestN = v; best = l; }
        }
      return best;
    },
    validations: false,
  });

  // --- 2. mappings for unlinked items (the warm items keep the served mapping) ---
  maps.forEach((mp, k) => {
    if (k === 0) return;
    report(`unlinked items by mapping: ${mp.name}`, blend(0, k, GAMMA, GAMMA));
  });
  maps.forEach((mp, k) => {
    if (k === 0) return;
    report(`every item by mapping: ${mp.name}`, blend(k, k, GAMMA, GAMMA));
  });

  // The service's grid's choices of `--set grid2` (below), with the other validations beside them.
  report(`every item by mapping: ${maps[5]!.name}, unlinked items γ 0, τ/w 0.005 (the service's grid's choice over every mapping, --set grid2)`, blend(5, -1, GAMMA, GAMMA, 0, 0.005));
  report(`every item by mapping: ${maps[2]!.name}, unlinked items γ 0, τ/w 0.00125`, blend(2, -1, GAMMA, GAMMA, 0, RATIO));

  // --- 3. a calibrated share: scale and offset of the unlinked items' evidence ---
  for (const gc of [0, 0.5, 2, 4]) report(`unlinked items: γ ${gc} (warm γ 1)`, blend(0, 0, GAMMA, gc));
  for (const off of [-0.01, 0.005, 0.01, 0.02, 0.04]) report(`unlinked items: evidence + ${off}`, blend(0, 0, GAMMA, GAMMA, off));
  for (const [gc, off] of [[2, -0.005], [2, 0.005], [4, -0.01], [4, -0.02]] as const) report(`unlinked items: γ ${gc}, evidence + ${off}`, blend(0, 0, GAMMA, gc, off));

  // Merge of the warm and unlinked lists by each rank's hit rate, measured on the service's own validation (skip).
  const hitRates = (p: Prepared, depth: number) => {
    const hw = new Float64Array(depth), hc = new Float64Array(depth);
    let users = 0;
    p.us.forEach((u, ui) => {
      if (!p.rows[ui]) return;
      users++;
      const k = ref(p, ui);
      const warmEx = new Set(u.exclude), coldEx = new Set(u.exclude);
      for (let j = 0; j < n; j++) (p.linkers[j] === 0 ? warmEx : coldEx).add(j);
      topOf(k, warmEx, depth).forEach((j, r) => (hw[r]! += u.test.has(j) ? 1 : 0));
      topOf(k, coldEx, depth).forEach((j, r) => (hc[r]! += u.test.has(j) ? 1 : 0));
    });
    // Smoothed (running mean over a window of 5 ranks) and made non-increasing.
    const smooth = (h: Float64Array) => {
      const o = Float64Array.from(h, (_, r) => {
        let s = 0, c = 0;
        for (let t = Math.max(0, r - 2); t <= Math.min(depth - 1, r + 2); t++) { s += h[t]!; c++; }
        return s / c / users;
      });
      for (let r = 1; r < depth; r++) o[r] = Math.min(o[r]!, o[r - 1]!);
      return o;
    };
    return { hw: smooth(hw), hc: smooth(hc), rawW: Array.from(hw, (x) => x / users), rawC: Array.from(hc, (x) => x / users) };
  };
  for (const f of ['skip', 'val', 'test'] as const) {
    const h = hitRates(folds[f]![0]!, 30);
    const l = `hit rate by rank (${f}): warm ${h.rawW.slice(0, 10).map((x) => x.toFixed(3)).join(' ')} … r30 ${h.rawW[29]!.toFixed(3)}; unlinked ${h.rawC.slice(0, 10).map((x) => x.toFixed(4)).join(' ')}`;
    console.log(l);
    lines.push('', l);
  }
  lines.push('');
  const hs = hitRates(folds.skip![0]!, 30);
  const merged = (scale: number) => (p: Prepared, ui: number, k: Float64Array) => {
    const u = p.us[ui]!;
    const warmEx = new Set(u.exclude), coldEx = new Set(u.exclude);
    for (let j = 0; j < n; j++) (p.linkers[j] === 0 ? warmEx : coldEx).add(j);
    const warm = topOf(k, warmEx, 10), cold = topOf(k, coldEx, 10);
    const out: number[] = [];
    let a = 0, b = 0;
    while (out.length < 10) {
      const va = a < warm.length ? hs.hw[a]! : -1;
      const vb = b < cold.length ? scale * hs.hc[b]! : -1;
      if (va < 0 && vb < 0) break;
      if (va >= vb) out.push(warm[a++]!);
      else out.push(cold[b++]!);
    }
    return out;
  };
  for (const sc of [1, 2, 4]) report(`merge by skip's hit rate per rank, unlinked × ${sc}`, ref, { place: merged(sc) });

  servedGrid();
  return { figures, markdown: lines.join('\n') };

  function servedGrid() {
  // --- 4. what the service's own validation would choose: its blend grid (τ/w × γ at recency 0.5) for each mapping's
  // features, on its sample of validated entities (names in order, by stride), by the mean of its three NDCG@10s ---
  const names = splits.map((sp) => `MovieLens user ${sp.user}`);
  const validated = users.map((_, i) => i).filter((i) => users[i]!.train.length >= 5).sort((a, b) => (names[a]! < names[b]! ? -1 : names[a]! > names[b]! ? 1 : 0));
  const stride = Math.max(1, Math.ceil((validated.length * n) / 1_500_000));
  const sample = validated.filter((_, i) => i % stride === 0);
  const sp = folds.skip![0]!;
  const servedObjective = (key: Key) => {
    let full = 0, cold = 0, nCold = 0, few = 0, nFew = 0;
    for (const ui of sample) {
      const u = sp.us[ui]!;
      if (!sp.rows[ui]) continue;
      const k = key(sp, ui);
      const nd = ndcgAtK(topOf(k, u.exclude, 10).map(String), new Set([...u.test].map(String)), 10);
      full += nd;
      if (u.train.length <= 10) { few += nd; nFew++; }
      const c = coldSlice(sp, u, k);
      if (c !== null) { cold += c; nCold++; }
    }
    const a = full / sample.length, c = nCold ? cold / nCold : 0, f = nFew ? few / nFew : 0;
    return { a, c, f, value: (a + (nCold ? c : 0) + (nFew ? f : 0)) / (1 + (nCold ? 1 : 0) + (nFew ? 1 : 0)) };
  };
  const ratios = [0.00125, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1];
  const gammas = [0, 0.25, 0.5, 1];
  const grid: { name: string; key: Key; o: ReturnType<typeof servedObjective> }[] = [];
  const forms: { name: string; warmK: number; coldK: number; sk?: number }[] = set === 'side' ? [
    { name: `every item: ${maps[0]!.name}`, warmK: 0, coldK: 0 },
    ...sideAlphas.map((a, k) => ({ name: `every item: ${maps[0]!.name}, EASE with the terms stacked${sideLinked ? ' (linked items only)' : ''}, α ${a}`, warmK: 0, coldK: 0, sk: k })),
  ] : [
    ...maps.map((mp, k) => ({ name: `every item: ${mp.name}`, warmK: k, coldK: k })),
    ...(set === 'grid2'
      ? maps.map((mp, k) => ({ name: `every item: ${mp.name}, unlinked items γ 0`, warmK: k, coldK: -1 }))
      : maps.slice(1).map((mp, k) => ({ name: `warm: served, unlinked: ${mp.name}`, warmK: 0, coldK: k + 1 }))),
  ];
  for (const fm of forms)
    for (const ratio of ratios)
      for (const g of gammas) {
        const key = blend(fm.warmK, fm.coldK, g, g, 0, ratio, fm.sk);
        grid.push({ name: `${fm.name}; τ/w ${ratio}, γ ${g}`, key, o: servedObjective(key) });
      }
  console.log(`served validation sample: ${sample.length} of ${validated.length} validated entities (stride ${stride}) (${since()} s)`);
  const refO = grid.find((g) => g.name === `every item: ${maps[0]!.name}; τ/w ${refRatio}, γ ${refGamma}`)!.o;
  const l0 = `the service's validation of the served setting (all / cold items / few links, mean): ${refO.a.toFixed(4)} / ${refO.c.toFixed(4)} / ${refO.f.toFixed(4)} (${refO.value.toFixed(4)})`;
  console.log(l0);
  lines.push('', l0, '', '| the service\'s grid per mapping: its choice | validation all / cold items / few links (mean) | test all / cold users / cold movies | Δ test ± SE |', '|---|---|---|---|');
  for (const fm of forms) {
    const best = grid.filter((g) => g.name.startsWith(`${fm.name};`)).reduce((a, b) => (b.o.value > a.o.value ? b : a));
    const t = evalFold(folds.test![0]!, best.key);
    const d = paired(t.each, refTest);
    const line = `| ${best.name} | ${best.o.a.toFixed(4)} / ${best.o.c.toFixed(4)} / ${best.o.f.toFixed(4)} (${best.o.value.toFixed(4)}) | ${t.all.toFixed(4)} / ${t.coldUsers.toFixed(4)} / ${t.coldMovies.toFixed(4)} | ${d.mean >= 0 ? '+' : ''}${d.mean.toFixed(4)} ± ${d.se.toFixed(4)} |`;
    console.log(line);
    lines.push(line);
  }
  const overall = grid.reduce((a, b) => (b.o.value > a.o.value ? b : a));
  const ot = evalFold(folds.test![0]!, overall.key);
  const od = paired(ot.each, refTest);
  const lo = `the grid's choice over every mapping: ${overall.name} (${overall.o.value.toFixed(4)}); test ${ot.all.toFixed(4)} / ${ot.coldUsers.toFixed(4)} / ${ot.coldMovies.toFixed(4)}, ${od.mean >= 0 ? '+' : ''}${od.mean.toFixed(4)} ± ${od.se.toFixed(4)}`;
  console.log(lo);
  lines.push('', lo);
  // Does the era ride the protocol's future catalog? The test again without the movies released (title year) after
  // the calendar year of the user's last linked rating: neither ranked nor relevant (a catalog as of that year).
  const lastYear = splits.map((sp) => new Date(1000 * Math.max(...ratings.filter((r) => r.u === sp.user && sp.train.includes(r.m)).map((r) => r.t))).getUTCFullYear());
  const tf = folds.test![0]!;
  const asOf: Prepared = {
    ...tf,
    us: tf.us.map((u, i) => {
      const future = (m: number) => yearOf[m]! > lastYear[i]!;
      const exclude = new Set(u.exclude);
      for (let j = 0; j < n; j++) if (future(j)) exclude.add(j);
      return { train: u.train, test: new Set([...u.test].filter((m) => !future(m))), exclude };
    }),
  };
  asOf.rows = tf.rows.map((r, i) => (asOf.us[i]!.test.size ? r : null));
  const futureShare = (key: Key) => {
    let f = 0, c = 0;
    tf.us.forEach((u, ui) => {
      if (!tf.rows[ui]) return;
      for (const j of topOf(key(tf, ui), u.exclude, 10)) { c++; if (yearOf[j]! > lastYear[ui]!) f++; }
    });
    return f / c;
  };
  const refAsOf = evalFold(asOf, ref);
  const choiceAsOf = evalFold(asOf, overall.key);
  const dAsOf = paired(choiceAsOf.each, refAsOf.each);
  const heldFuture = tf.us.reduce((a, u, i) => a + [...u.test].filter((m) => yearOf[m]! > lastYear[i]!).length, 0);
  const la = `future catalog: ${heldFuture} held-out movies released after the year of the user's last linked rating; their share of the top 10s: served ${futureShare(ref).toFixed(3)}, the grid's choice ${futureShare(overall.key).toFixed(3)}; the test without them (${asOf.rows.filter(Boolean).length} users): served ${refAsOf.all.toFixed(4)}, the grid's choice ${choiceAsOf.all.toFixed(4)}, ${dAsOf.mean >= 0 ? '+' : ''}${dAsOf.mean.toFixed(4)} ± ${dAsOf.se.toFixed(4)}`;
  console.log(la);
  lines.push('', la);
  return { figures, markdown: lines.join('\n') };
  }

  return { figures, markdown: lines.join('\n') };
}
