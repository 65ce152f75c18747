/**
 * Cold users measured with less noise (issue 16, twenty-first session): the truncated-profile protocol. The quality
 * benchmark's cold-user slice is the 34 users who happen to have ≤ 10 training links; here every evaluated user (those
 * with at least `--min-train` training links, so that each k truncates) keeps only their first k training links in
 * time order (k = 3, 5, 10), the rest of their training links dropped from that user only, and is ranked over the same
 * candidates for the same held-out movies as in the usual split (the dropped links stay excluded, as they were).
 *
 * Every ranker is refitted on exactly the same truncated links: the evaluated users are cut into `--groups` groups (by
 * stride); for each group and k, the workspace is every other user's training links in full plus the group's
 * truncated ones, and the served model (EASE with the items' terms stacked, the served blend with the content match),
 * tuned EASE, ItemKNN, RP3beta and popularity are all fitted on it. `--mode seen` (default): the truncated users are in
 * the model with their k links, as a new user's links are in a served workspace; `--mode unseen`: the group's users
 * are left out of every fit and ranked as anchors from outside the model (the field's strong generalisation; one fit
 * per group for every k). Settings are not re-tuned per truncation: the served ones (λ, α, recency share, τ/w; γ 0, the mapping unused) and
 * the baselines' are those chosen on the usual split's training links (docs/benchmarks.md), for all rankers alike.
 *
 * The served ranking is reproduced offline with the service's functions (as `quality-cold --set side --side-linked`):
 * the first row (k = all, the usual split) reproduces the quality benchmark's served figures. Reported: NDCG@10 per
 * ranker and k, and the served ranking's paired per-user difference from each baseline ± its standard error.
 *
 * Usage: npm run bench -- quality-truncated [-- --data DIR] [--ks 3,5,10] [--min-train 20] [--groups 10]
 *   [--mode seen|unseen] [--keep first|last] [--lambda 100] [--alpha 2] [--recency 0.5] [--ratio 0.0025]
 *   [--ease 50] [--knn 400] [--rp3 0.5,0.5] [--prior m1,m2,…] [--exponent e1,e2,…] [--intercept b1,b2,…] (few-links variants of the served key)
 *   [--random] (also the three random holdouts the service chooses λ on) [--groups 0] (no truncation)
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SifEmbedder, textForContent } from '@tg/embedding';
import { addToStats, composeProfile, createTasteStats, easeQuery, easeScore, fitDualEase, ndcgAtK, recencyWeightsOf } from '@tg/math';
import { contentMatch, contentTerm } from '@tg/service-ranking';
import { parseCsv, splitUsers } from './quality';
import { ease, itemKnn, newestFold, rp3beta, topOf, validationUsers, type CfUser } from './cf-baselines';
import { movieTerms, readTags, stackTerms, termFeatures } from './side-terms';

function arg(args: string[], name: string, def: string): string {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : def;
}

const RANKERS = ['served', 'graph alone', 'content alone', 'EASE', 'ItemKNN', 'RP3beta', 'popularity'] as const;
const BASELINES = ['EASE', 'ItemKNN', 'RP3beta', 'popularity'];

/** Mean and standard error of the paired per-user difference a − b. */
function paired(a: number[], b: number[]): { mean: number; se: number } {
  const d = a.map((x, i) => x - b[i]!);
  const mean = d.reduce((x, y) => x + y, 0) / d.length;
  const v = d.reduce((x, y) => x + (y - mean) ** 2, 0) / d.length;
  return { mean, se: Math.sqrt(v / Math.max(1, d.length - 1)) };
}

/**
 * The quality benchmark's split of a MovieLens folder with the movie texts embedded as the service embeds them and the
 * service's side rows (terms on ≥ 5 movies and ≤ 10% of them, binary, unit rows), as `quality-cold` builds them.
 * `splits`: the same users with their MovieLens ids (for their ratings' times); `ratings`: every rating.
 */
export async function loadMovielens(dir: string) {
  const movieRows = parseCsv(readFileSync(join(dir, 'movies.csv'), 'utf8'));
  const movies = movieRows.map(([id, title, genres]) => ({ id: id!, title: title!, genres: (genres ?? '').split('|').filter((g) => g && g !== '(no genres listed)') }));
  const ratings = parseCsv(readFileSync(join(dir, 'ratings.csv'), 'utf8')).map((r) => ({ u: r[0]!, m: r[1]!, r: Number(r[2]), t: Number(r[3]) }));
  const tagsOf = readTags(dir);
  const mi = new Map(movies.map((m, i) => [m.id, i]));
  const n = movies.length;
  const splits = splitUsers(ratings);
  const users: CfUser[] = splits.map((sp) => ({ train: sp.train.map((m) => mi.get(m)!), test: new Set([...sp.test].map((m) => mi.get(m)!)), exclude: new Set([...sp.exclude].map((m) => mi.get(m)!)) }));
  const embedder = await SifEmbedder.load({ cacheDir: join(tmpdir(), 'tastegraph-embedding-cache') });
  const vecs = await embedder.embed(
    movies.map((m) => {
      const tags = [...(tagsOf.get(m.id) ?? [])];
      return textForContent({ type: 'text', title: m.title, content: `${m.genres.join(', ')}.${tags.length ? ` Tags: ${tags.join(', ')}.` : ''}`, url: `https://movielens.test/movie/${m.id}` });
    }),
  );
  const side = termFeatures(movieTerms(dir, movieRows), 5, 0.1, false);
  return { n, movies, mi, ratings, splits, users, vecs, dim: embedder.dim, side };
}

/** −ln(1 − content match) of every movie to the subspace profile of `links` (the served profile's default settings). */
export function contentTermsOf(vecs: readonly (ArrayLike<number> | null | undefined)[], dim: number, links: readonly number[]): Float64Array {
  const stats = createTasteStats(dim);
  for (const j of links) if (vecs[j]) addToStats(stats, vecs[j] as Float32Array, 1);
  const prof = composeProfile(stats, { representation: 'subspace', maxRank: 8, energy: 0.8 });
  return Float64Array.from(vecs, (v) => (v ? contentTerm(contentMatch(v as Float32Array, prof).score) : 0));
}

export async function run(args: string[]) {
  const dir = resolve(arg(args, 'data', '../shared/data/movielens'));
  const t0 = performance.now();
  const since = () => ((performance.now() - t0) / 1000).toFixed(1);
  const minTrain = Number(arg(args, 'min-train', '20'));
  // `--groups 0`: the usual split and the validations only.
  const groups = Number(arg(args, 'groups', '10'));
  const ks = groups > 0 ? arg(args, 'ks', '3,5,10').split(',').map(Number) : [];
  const mode = arg(args, 'mode', 'seen');
  // `--keep last`: the k training links just before the held-out ones instead of the first k (a profile as recent as a
  // natural cold user's, to tell few links from old links).
  const keep = arg(args, 'keep', 'first');
  if (keep !== 'first' && keep !== 'last') throw new Error(`--keep ${keep}: first or last`);
  const truncate = (train: number[], k: number) => (keep === 'first' ? train.slice(0, k) : train.slice(Math.max(0, train.length - k)));
  if (mode !== 'seen' && mode !== 'unseen') throw new Error(`--mode ${mode}: seen or unseen`);
  const lambda = Number(arg(args, 'lambda', '100'));
  const alpha = Number(arg(args, 'alpha', '2'));
  const recency = Number(arg(args, 'recency', '0.5'));
  const ratio = Number(arg(args, 'ratio', '0.0025'));
  // The content-to-graph mapping's weight γ: the served choice on the usual split is 0, the only one reproduced here.
  if (arg(args, 'gamma', '0') !== '0') throw new Error('--gamma: only 0 (the served choice) is reproduced');
  const easeLambda = Number(arg(args, 'ease', '50'));
  const knnK = Number(arg(args, 'knn', '400'));
  const [rpA, rpB] = arg(args, 'rp3', '0.5,0.5').split(',').map(Number) as [number, number];
  const list = (name: string) => arg(args, name, '').split(',').filter(Boolean).map(Number);
  const priors = list('prior');
  const exponents = list('exponent');
  const intercepts = list('intercept');
  const names = [...RANKERS, ...priors.map((m) => `served + popularity × ${m}/n`), ...exponents.map((e) => `served, graph × (n/20)^${e}`), ...intercepts.map((b) => `served, EASE with an intercept ${b}`)];
  const table = (): Record<string, number[]> => Object.fromEntries(names.map((r) => [r, [] as number[]]));

  const { n, users, vecs, dim, side } = await loadMovielens(dir);
  const evaluated = users.map((_, i) => i).filter((i) => users[i]!.train.length >= minTrain);
  console.log(`data: ${n} movies, ${users.length} users, ${evaluated.length} with ≥ ${minTrain} training links; ${side.nTerms} terms (${since()} s)`);

  /** Every ranker fitted on `fitted`'s training links; scores of an anchor's links (`profile`) for each ranker. */
  const fitAll = (fitted: CfUser[]) => {
    const per: [number, number][][] = Array.from({ length: n }, () => []);
    fitted.forEach((u, i) => u.train.forEach((m) => per[m]!.push([i, 1])));
    const linked = per.map((c) => c.length > 0);
    const xs = stackTerms(per, fitted.length, { ...side, rows: side.rows.map((row, j) => (linked[j] ? row : [])) }, alpha);
    const model = fitDualEase(xs, lambda);
    const baseline = { EASE: ease(n, fitted, easeLambda), ItemKNN: itemKnn(n, fitted, knnK), RP3beta: rp3beta(n, fitted, rpA, rpB) };
    const pop = Float64Array.from(per, (c) => c.length);
    const maxPop = Math.max(1, ...pop);
    // `--intercept b`: EASE with an intercept, a pseudo-item (column n) that every linking entity links with weight b
    // (the anchor's query too), so that the regression learns a popularity term of its own beside the item weights.
    const biased = intercepts.map((b) => {
      const withBias = [...per, fitted.flatMap((u, i) => (u.train.length ? [[i, b] as [number, number]] : []))];
      const xb = stackTerms(withBias, fitted.length, { ...side, rows: [...side.rows.map((row, j) => (linked[j] ? row : [])), []] }, alpha);
      return { b, xb, mb: fitDualEase(xb, lambda) };
    });
    return (profile: CfUser): Record<string, Float64Array> => {
      const rw = recencyWeightsOf(profile.train.length, recency);
      const q = easeQuery(model, xs, profile.train, profile.train.map((_, p) => rw[p]!));
      const cts = contentTermsOf(vecs, dim, profile.train);
      const served = new Float64Array(n), graph = new Float64Array(n), content = new Float64Array(n);
      for (let j = 0; j < n; j++) {
        const ct = cts[j]!;
        graph[j] = Math.max(0, linked[j] ? easeScore(model, xs, q, j) : 0) / ratio;
        content[j] = ct;
        served[j] = graph[j]! + ct;
      }
      const out: Record<string, Float64Array> = { served, 'graph alone': graph, 'content alone': content, EASE: baseline.EASE(0, profile), ItemKNN: baseline.ItemKNN(0, profile), RP3beta: baseline.RP3beta(0, profile), popularity: pop };
      // Few-links variants of the served key (`--prior`, `--exponent`): a popularity prior of weight m/n (n the anchor's
      // links: Bayesian shrinkage of the anchor's evidence towards the workspace's), and graph evidence scaled by
      // (n/20)^e (content weighs relatively more below 20 links for e > 0, less for e < 0).
      const nl = Math.max(1, profile.train.length);
      for (const m of priors) out[`served + popularity × ${m}/n`] = Float64Array.from(served, (x, j) => x + ((m / nl) * pop[j]!) / maxPop / ratio);
      for (const e of exponents) out[`served, graph × (n/20)^${e}`] = Float64Array.from(graph, (x, j) => x * Math.pow(nl / 20, e) + content[j]!);
      for (const { b, xb, mb } of biased) {
        const qb = easeQuery(mb, xb, [...profile.train, n], [...profile.train.map((_, p) => rw[p]!), b]);
        out[`served, EASE with an intercept ${b}`] = Float64Array.from(content, (ct, j) => Math.max(0, linked[j] ? easeScore(mb, xb, qb, j) : 0) / ratio + ct);
      }
      return out;
    };
  };
  const ndcg = (s: Float64Array, u: CfUser) => ndcgAtK(topOf(s, u.exclude, 10).map(String), new Set([...u.test].map(String)), 10);

  // --- k = all: the usual split (every user; the reproduction of the quality benchmark's figures) ---
  const full = fitAll(users);
  const usual = table();
  const usualCold = table();
  const perK = new Map<string, Record<string, number[]>>();
  const allEval = table();
  users.forEach((u, i) => {
    const s = full(u);
    for (const r of names) {
      const v = ndcg(s[r]!, u);
      usual[r]!.push(v);
      if (u.train.length <= 10) usualCold[r]!.push(v);
      if (u.train.length >= minTrain) allEval[r]!.push(v);
    }
    if (i % 100 === 99) console.log(`usual split: ${i + 1} users (${since()} s)`);
  });
  perK.set('all', allEval);
  console.log(`usual split ranked (${since()} s)`);
  // The service's own validation of the blend (each entity's newest 20% ranked from its links before the 20% before
  // them, every entity with ≥ 5 links; `newestFold(…, true)`): what a choice among the rankers would be made on.
  const fold = newestFold(users, true);
  const validation = table();
  const vfit = fitAll(fold);
  fold.forEach((u) => {
    if (!u.test.size) return;
    const s = vfit(u);
    for (const r of names) validation[r]!.push(ndcg(s[r]!, u));
  });
  console.log(`validation ranked (${validation.served!.length} entities, ${since()} s)`);
  // `--random`: also the service's other validation, three seeded random 20% holdouts (where λ and α are chosen).
  const random = table();
  if (args.includes('--random'))
    for (const f of validationUsers(users)) {
      const rfit = fitAll(f);
      const sums = table();
      f.forEach((u) => {
        if (!u.test.size) return;
        const s = rfit(u);
        for (const r of names) sums[r]!.push(ndcg(s[r]!, u));
      });
      // Per user, the mean over the three holdouts (the same users in each: every user has ≥ 5 links).
      for (const r of names) sums[r]!.forEach((v, i) => (random[r]![i] = (random[r]![i] ?? 0) + v / 3));
      console.log(`random holdout ranked (${since()} s)`);
    }

  // --- truncated profiles: per k and group, every ranker refitted on the same links ---
  for (const k of ks) perK.set(String(k), Object.fromEntries(names.map((r) => [r, new Array<number>(evaluated.length)])));
  for (let g = 0; g < groups; g++) {
    const members = new Set(evaluated.filter((_, e) => e % groups === g));
    if (!members.size) continue;
    const cut = (k: number): CfUser[] => users.map((u, i) => (members.has(i) ? { ...u, train: mode === 'seen' ? truncate(u.train, k) : [] } : u));
    const unseenFit = mode === 'unseen' ? fitAll(cut(0)) : null;
    for (const k of ks) {
      const score = unseenFit ?? fitAll(cut(k));
      const out = perK.get(String(k))!;
      evaluated.forEach((i, e) => {
        if (!members.has(i)) return;
        const u = users[i]!;
        const s = score({ ...u, train: truncate(u.train, k) });
        for (const r of names) out[r]![e] = ndcg(s[r]!, u);
      });
    }
    console.log(`group ${g + 1}/${groups} (${members.size} users) refitted and ranked at k ${ks.join(', ')} (${since()} s)`);
  }

  // --- report ---
  const mean = (a: number[]) => a.reduce((x, y) => x + y, 0) / Math.max(1, a.length);
  const f4 = (x: number) => x.toFixed(4);
  const sgn = (d: { mean: number; se: number }) => `${d.mean >= 0 ? '+' : ''}${f4(d.mean)} ± ${f4(d.se)}`;
  const figures: Record<string, number | string> = {};
  const lines: string[] = [];
  const at = (r: Record<string, number[]>, x: string) => r[x]!;
  lines.push(
    `Usual split (every user), offline reproduction of the served ranking (EASE λ ${lambda}, terms α ${alpha}, recency ${recency}, τ/w ${ratio}, γ 0): served ${f4(mean(at(usual, 'served')))}, EASE λ ${easeLambda} ${f4(mean(at(usual, 'EASE')))}, ItemKNN k ${knnK} ${f4(mean(at(usual, 'ItemKNN')))}, RP3beta ${f4(mean(at(usual, 'RP3beta')))}, popularity ${f4(mean(at(usual, 'popularity')))}; cold users (≤ 10 links, ${at(usualCold, 'served').length}): served ${f4(mean(at(usualCold, 'served')))}, graph alone ${f4(mean(at(usualCold, 'graph alone')))}, EASE ${f4(mean(at(usualCold, 'EASE')))} (served − EASE ${sgn(paired(at(usualCold, 'served'), at(usualCold, 'EASE')))})`,
    '',
    `Truncated profiles (the ${keep} k training links; mode ${mode}: the truncated users ${mode === 'seen' ? 'in the model with their k links' : 'left out of the fit, ranked from outside it'}; ${groups} groups), ${evaluated.length} users with ≥ ${minTrain} training links, NDCG@10 (validation: the service's newest-links validation, ${at(validation, 'served').length} entities):`,
    '',
    `| k | served | graph alone | content alone | EASE λ ${easeLambda} | ItemKNN k ${knnK} | RP3beta α ${rpA} β ${rpB} | popularity | served − EASE | served − ItemKNN | served − RP3beta | served − popularity |`,
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    `| validation | ${RANKERS.map((x) => f4(mean(at(validation, x)))).join(' | ')} | ${BASELINES.map((b) => sgn(paired(at(validation, 'served'), at(validation, b)))).join(' | ')} |`,
  );
  if (random.served!.length) lines.push(`| random holdouts | ${RANKERS.map((x) => f4(mean(at(random, x)))).join(' | ')} | ${BASELINES.map((b) => sgn(paired(at(random, 'served'), at(random, b)))).join(' | ')} |`);
  for (const [k, r] of perK) {
    const line = `| ${k === 'all' ? 'all (the usual split)' : k} | ${RANKERS.map((x) => f4(mean(at(r, x)))).join(' | ')} | ${BASELINES.map((b) => sgn(paired(at(r, 'served'), at(r, b)))).join(' | ')} |`;
    lines.push(line);
    console.log(line);
    for (const x of RANKERS) figures[`k${k} ${x}`] = Number(f4(mean(at(r, x))));
    for (const b of BASELINES) figures[`k${k} served-${b}`] = sgn(paired(at(r, 'served'), at(r, b)));
  }
  const variants = names.slice(RANKERS.length);
  if (variants.length) {
    lines.push(
      '',
      `Few-links variants of the served key: NDCG@10 on the service's validation, the usual split (all users; the ${at(usualCold, 'served').length} cold users) and the truncated profiles, each with its paired difference from served ± SE:`,
      '',
      `| variant | validation | ${random.served!.length ? 'random holdouts | ' : ''}usual split: all | cold users |${ks.map((k) => ` k ${k} |`).join('')}`,
      `|---|---|---|---|${random.served!.length ? '---|' : ''}${ks.map(() => '---|').join('')}`,
    );
    for (const v of ['served', ...variants]) {
      const cell = (r: Record<string, number[]>) => `${f4(mean(at(r, v)))}${v === 'served' ? '' : ` (${sgn(paired(at(r, v), at(r, 'served')))})`}`;
      const line = `| ${v} | ${cell(validation)} | ${random.served!.length ? `${cell(random)} | ` : ''}${cell(usual)} | ${cell(usualCold)} |${ks.map((k) => ` ${cell(perK.get(String(k))!)} |`).join('')}`;
      lines.push(line);
      console.log(line);
    }
  }
  lines.push('', `(${since()} s)`);
  return { figures, markdown: lines.join('\n') };
}
