/**
 * Does a validation cut from the training links rank the served blend's settings as the held-out movies do? (issue 16,
 * twenty-second session, branch `quality35`.) Offline, with the service's functions (as `quality-truncated`, whose first
 * line reproduces the quality benchmark's served figures).
 *
 * 1. How each validation's holdout differs from the test's: the time (MovieLens seconds) from an entity's last ranked-from
 *    link to its held-out ones, the share held out in the same second / hour / day, the links ranked from.
 * 2. For every candidate setting — the blend's grid (recency share × τ/w, γ 0) and the few-links forms quality34 tried
 *    at the served setting (a popularity prior m/n, a link-count exponent on the graph evidence), the exponent capped so
 *    that only anchors with fewer than 10 or 20 links change, graph evidence alone, popularity alone —
 *    the NDCG@10 on each validation (every validated entity; those with ≤ 10 ranked-from links) and on the test (the
 *    usual split: all users, the ≤ 10-links slice; truncated profiles: the first / last 3 training links of the users
 *    with ≥ 20, refitted by groups as `quality-truncated`). Reported: Spearman's rank correlation of each validation's
 *    scores with each test's over the settings, and the test score of the setting each validation would choose.
 *
 * Validations (every entity with ≥ 5 training links; the model refitted on the links each ranks from):
 * - `service`: the newest 20% held out, ranked from the links before the 20% before them (`validationSplit`);
 * - `gap N` / `gap N%`: the newest 20% held out, N links (N% of the links) before them skipped;
 * - `held 10%, no gap`: the newest 10%, ranked from all before (the profile and model closer to the test's 80/20 cut);
 * - `unseen, no gap` (`--unseen`): as `gap 0`, and also each entity's not-liked ratings up to its last ranked-from link
 *   left out of its candidates, as the test leaves them out (information the service does not have: a measure only);
 * - `truncated last 3`: the service's cut, each validated entity ranked from only the last 3 of its kept links (model
 *   fitted on everyone's kept links; the dropped ones neither ranked from nor ranked).
 * Nothing here is chosen on the held-out movies; the test columns only measure.
 *
 * Usage: npm run bench -- quality-validation [-- --data DIR] [--groups 10] [--ks 3] [--lambda 100] [--alpha 2]
 */
import { resolve } from 'node:path';
import { createRng, easeQuery, easeScore, fitDualEase, ndcgAtK, recencyWeightsOf } from '@tg/math';
import { topOf, type CfUser } from './cf-baselines';
import { stackTerms } from './side-terms';
import { contentTermsOf, loadMovielens } from './quality-truncated';

function arg(args: string[], name: string, def: string): string {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : def;
}

/** A setting of the served key: recency share, ratio τ/w, and at most one few-links form. */
interface Setting {
  name: string;
  recency: number;
  ratio: number;
  prior?: number;
  exponent?: number;
  /** With `exponent`: graph evidence × max(1, cap/n)^exponent (only anchors with fewer than `cap` links change). */
  cap?: number;
  popularity?: true;
  graphAlone?: true;
}

const RECENCY = [0, 0.25, 0.5];
const RATIOS = [0.00125, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1];

/** Spearman's rank correlation (average ranks for ties). */
export function spearman(a: readonly number[], b: readonly number[]): number {
  const rank = (x: readonly number[]) => {
    const order = x.map((v, i) => [v, i] as const).sort((p, q) => p[0] - q[0]);
    const r = new Array<number>(x.length);
    for (let i = 0; i < order.length; ) {
      let j = i;
      while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
      for (let k = i; k <= j; k++) r[order[k]![1]] = (i + j) / 2;
      i = j + 1;
    }
    return r;
  };
  const ra = rank(a), rb = rank(b);
  const m = (ra.length - 1) / 2;
  let num = 0, da = 0, db = 0;
  for (let i = 0; i < ra.length; i++) {
    num += (ra[i]! - m) * (rb[i]! - m);
    da += (ra[i]! - m) ** 2;
    db += (rb[i]! - m) ** 2;
  }
  return da && db ? num / Math.sqrt(da * db) : 0;
}

/** A validation user: the links ranked from, the held-out ones, and what is neither (`CfUser`), with its source index. */
type Cut = CfUser & { of: number };

export async function run(args: string[]) {
  const dir = resolve(arg(args, 'data', '../shared/data/movielens'));
  const t0 = performance.now();
  const since = () => ((performance.now() - t0) / 1000).toFixed(1);
  const lambda = Number(arg(args, 'lambda', '100'));
  const alpha = Number(arg(args, 'alpha', '2'));
  const groups = Number(arg(args, 'groups', '10'));
  const ks = arg(args, 'ks', '3').split(',').filter(Boolean).map(Number);
  const { n, users, splits, ratings, mi, vecs, dim, side } = await loadMovielens(dir);

  // Each user's ratings (any score) in time order with movie indices, for the times and the test-like exclusion.
  const rated = new Map<string, { m: number; r: number; t: number }[]>();
  for (const r of ratings) {
    let a = rated.get(r.u);
    if (!a) rated.set(r.u, (a = []));
    a.push({ m: mi.get(r.m)!, r: r.r, t: r.t });
  }
  const timeOf = splits.map((sp) => new Map((rated.get(sp.user) ?? []).map((x) => [x.m, x.t])));

  const settings: Setting[] = [
    ...RECENCY.flatMap((recency) => RATIOS.map((ratio) => ({ name: `recency ${recency}, τ/w ${ratio}`, recency, ratio }))),
    ...[0.03, 0.1, 0.3, 1, 3].map((prior) => ({ name: `served + popularity × ${prior}/n`, recency: 0.5, ratio: 0.0025, prior })),
    ...[-1, -0.5, 0.5, 1].map((exponent) => ({ name: `served, graph × (n/20)^${exponent}`, recency: 0.5, ratio: 0.0025, exponent })),
    ...[
      [20, 0.5],
      [20, 1],
      [20, 2],
      [10, 1],
      [10, 2],
    ].map(([cap, exponent]) => ({ name: `served, graph × max(1, ${cap}/n)^${exponent}`, recency: 0.5, ratio: 0.0025, exponent, cap })),
    { name: 'graph alone', recency: 0.5, ratio: 0.0025, graphAlone: true },
    { name: 'popularity alone', recency: 0.5, ratio: 0.0025, popularity: true },
  ];
  const gridCount = RECENCY.length * RATIOS.length;
  const servedAt = settings.findIndex((s) => s.recency === 0.5 && s.ratio === 0.0025 && s.prior === undefined && s.exponent === undefined && !s.popularity);

  /** The served model fitted on `fitted`'s links; the NDCG@10 of every setting for one anchor. */
  const fitServed = (fitted: readonly CfUser[]) => {
    const per: [number, number][][] = Array.from({ length: n }, () => []);
    fitted.forEach((u, i) => u.train.forEach((m) => per[m]!.push([i, 1])));
    const linked = per.map((c) => c.length > 0);
    const xs = stackTerms(per, fitted.length, { ...side, rows: side.rows.map((row, j) => (linked[j] ? row : [])) }, alpha);
    const model = fitDualEase(xs, lambda);
    const pop = Float64Array.from(per, (c) => c.length);
    const maxPop = Math.max(1, ...pop);
    return (profile: CfUser): number[] => {
      const cts = contentTermsOf(vecs, dim, profile.train);
      const graphs = new Map<number, Float64Array>();
      for (const recency of RECENCY) {
        const rw = recencyWeightsOf(profile.train.length, recency);
        const q = easeQuery(model, xs, profile.train, profile.train.map((_, p) => rw[p]!));
        graphs.set(recency, Float64Array.from({ length: n }, (_, j) => Math.max(0, linked[j] ? easeScore(model, xs, q, j) : 0)));
      }
      const relevant = new Set([...profile.test].map(String));
      const nl = Math.max(1, profile.train.length);
      const key = new Float64Array(n);
      return settings.map((st) => {
        const g = graphs.get(st.recency)!;
        for (let j = 0; j < n; j++) {
          if (st.popularity) key[j] = pop[j]!;
          else if (st.graphAlone) key[j] = g[j]!;
          else if (st.exponent !== undefined) key[j] = (g[j]! * (st.cap ? Math.pow(Math.max(1, st.cap / nl), st.exponent) : Math.pow(nl / 20, st.exponent))) / st.ratio + cts[j]!;
          else key[j] = g[j]! / st.ratio + cts[j]! + (st.prior !== undefined ? ((st.prior / nl) * pop[j]!) / maxPop / st.ratio : 0);
        }
        return ndcgAtK(topOf(key, profile.exclude, 10).map(String), relevant, 10);
      });
    };
  };
  /** Per setting, the per-user NDCG@10 of `ranked` (indices into `fitted`) under a model fitted on `fitted`. */
  const evaluate = (fitted: readonly CfUser[], ranked: readonly number[], profileOf: (i: number) => CfUser = (i) => fitted[i]!) => {
    const score = fitServed(fitted);
    const out = settings.map(() => [] as number[]);
    for (const i of ranked) score(profileOf(i)).forEach((v, s) => out[s]!.push(v));
    return out;
  };

  // --- the validations (cut from the training links only) ---
  const cutOf = (held: (k: number) => number, gap: (k: number, h: number) => number, unseen = false) =>
    users.map((u, i): Cut => {
      const k = u.train.length;
      const h = k >= 5 ? held(k) : 0;
      const g = h ? gap(k, h) : 0;
      const train = u.train.slice(0, k - h - g);
      const exclude = new Set(u.train.slice(0, k - h));
      if (unseen && train.length) {
        const until = timeOf[i]!.get(train[train.length - 1]!)!;
        for (const x of rated.get(splits[i]!.user) ?? []) if (x.t <= until && x.r < 4) exclude.add(x.m);
      }
      return { of: i, train, test: new Set(u.train.slice(k - h).filter((m) => !exclude.has(m))), exclude };
    });
  const fifth = (k: number) => Math.max(1, Math.floor(k * 0.2));
  const cuts: { name: string; users: Cut[]; truncate?: number }[] = [
    { name: 'service (newest 20%, 20% skipped)', users: cutOf(fifth, (_k, h) => h) },
    { name: 'gap 0', users: cutOf(fifth, () => 0) },
    { name: 'gap 1 link', users: cutOf(fifth, (k, h) => Math.min(1, k - h - 1)) },
    { name: 'gap 2 links', users: cutOf(fifth, (k, h) => Math.min(2, k - h - 1)) },
    { name: 'gap 10%', users: cutOf(fifth, (k) => Math.floor(k * 0.1)) },
    { name: 'held 10%, no gap', users: cutOf((k) => Math.max(1, Math.floor(k * 0.1)), () => 0) },
    { name: 'unseen, no gap (oracle: not-liked ratings excluded)', users: cutOf(fifth, () => 0, true) },
    { name: 'service cut, ranked from the last 3 kept links', users: cutOf(fifth, (_k, h) => h), truncate: 3 },
  ];

  // --- 1. how each holdout differs from the test's ---
  const q = (a: number[], p: number) => [...a].sort((x, y) => x - y)[Math.floor(p * (a.length - 1))]!;
  const mean = (a: readonly number[]) => a.reduce((x, y) => x + y, 0) / Math.max(1, a.length);
  const gapRow = (name: string, rows: { i: number; from: number[]; held: number[] }[]) => {
    const gaps: number[] = [], same: number[] = [], hour: number[] = [], day: number[] = [];
    for (const { i, from, held } of rows) {
      if (!from.length || !held.length) continue;
      const last = timeOf[i]!.get(from[from.length - 1]!)!;
      const ts = held.map((m) => timeOf[i]!.get(m)! - last);
      gaps.push(Math.min(...ts));
      same.push(ts.filter((d) => d === 0).length / ts.length);
      hour.push(ts.filter((d) => d <= 3600).length / ts.length);
      day.push(ts.filter((d) => d <= 86400).length / ts.length);
    }
    const lens = rows.filter((r) => r.from.length && r.held.length);
    return `| ${name} | ${gaps.length} | ${q(lens.map((r) => r.from.length), 0.5)} | ${q(lens.map((r) => r.held.length), 0.5)} | ${q(gaps, 0.25)} / ${q(gaps, 0.5)} / ${q(gaps, 0.75)} | ${(gaps.filter((g) => g === 0).length / gaps.length).toFixed(3)} | ${mean(same).toFixed(3)} | ${mean(hour).toFixed(3)} | ${mean(day).toFixed(3)} |`;
  };
  const lines: string[] = [
    'How each holdout differs from the test (MovieLens times; "from": links ranked from; gap: seconds from the last of them to the first held-out link, p25 / p50 / p75):',
    '',
    '| holdout | entities | from (median) | held (median) | gap s | first held in the same second | share held in the same second | within an hour | within a day |',
    '|---|---|---|---|---|---|---|---|---|',
    gapRow('test (usual split)', users.map((u, i) => ({ i, from: u.train, held: [...u.test] }))),
    ...cuts.map((c) => gapRow(c.name, c.users.map((u) => ({ i: u.of, from: c.truncate ? u.train.slice(-c.truncate) : u.train, held: [...u.test] })))),
  ];
  console.log(lines.join('\n'));

  // --- 2. every setting on every validation and test ---
  type Scores = { all: number[][]; few: number[][] };
  const val = new Map<string, Scores>();
  for (const c of cuts) {
    const ranked = c.users.map((u, i) => (u.test.size ? i : -1)).filter((i) => i >= 0);
    const profileOf = (i: number): CfUser => {
      const u = c.users[i]!;
      if (!c.truncate) return u;
      return { train: u.train.slice(-c.truncate), test: u.test, exclude: u.exclude };
    };
    const all = evaluate(c.users, ranked, profileOf);
    const fewAt = ranked.map((i, p) => (c.users[i]!.train.length <= 10 ? p : -1)).filter((p) => p >= 0);
    val.set(c.name, { all, few: all.map((a) => fewAt.map((p) => a[p]!)) });
    console.log(`validation ${c.name}: ${ranked.length} entities (${fewAt.length} with ≤ 10 links), served ${mean(all[servedAt]!).toFixed(4)} (${since()} s)`);
  }
  const tests = new Map<string, number[][]>();
  {
    const all = evaluate(users, users.map((_, i) => i));
    tests.set('usual split, all', all);
    const cold = users.map((u, i) => (u.train.length <= 10 ? i : -1)).filter((i) => i >= 0);
    tests.set('usual split, ≤ 10 links', all.map((a) => cold.map((i) => a[i]!)));
    console.log(`test ranked: served ${mean(all[servedAt]!).toFixed(4)} (${since()} s)`);
  }
  const evaluated = users.map((_, i) => i).filter((i) => users[i]!.train.length >= 20);
  for (const keep of ['first', 'last'] as const)
    for (const k of ks) {
      const out = settings.map(() => new Array<number>(evaluated.length));
      const cutK = (t: number[]) => (keep === 'first' ? t.slice(0, k) : t.slice(Math.max(0, t.length - k)));
      for (let g = 0; g < groups; g++) {
        const members = evaluated.filter((_, e) => e % groups === g);
        const set = new Set(members);
        const fitted = users.map((u, i) => (set.has(i) ? { ...u, train: cutK(u.train) } : u));
        const s = evaluate(fitted, members);
        members.forEach((i, p) => s.forEach((a, st) => (out[st]![evaluated.indexOf(i)] = a[p]!)));
      }
      tests.set(`${keep} ${k} links`, out);
      console.log(`test ${keep} ${k}: served ${mean(out[servedAt]!).toFixed(4)} (${since()} s)`);
    }

  // --- report ---
  const f4 = (x: number) => x.toFixed(4);
  const figures: Record<string, number | string> = {};
  const subsets: [string, number[]][] = [
    ['the blend grid (21)', settings.slice(0, gridCount).map((_, i) => i)],
    ['served and the few-links forms (17)', settings.map((_, i) => i).filter((i) => i >= gridCount || i === servedAt)],
    ['all settings', settings.map((_, i) => i)],
  ];
  const valParts = [...val].flatMap(([name, s]) => [[`${name}: all`, s.all] as const, [`${name}: ≤ 10 links`, s.few] as const]);
  const testNames = [...tests.keys()];
  for (const [sub, idx] of subsets) {
    lines.push('', `Spearman rank correlation over ${sub}, validation (rows) against test (columns); in brackets the test NDCG@10 of the validation's choice (served: ${testNames.map((t) => f4(mean(tests.get(t)![servedAt]!))).join(' / ')}):`, '');
    lines.push(`| validation | ${testNames.join(' | ')} |`, `|---|${testNames.map(() => '---|').join('')}`);
    for (const [vn, vs] of valParts) {
      const vm = idx.map((i) => mean(vs[i]!));
      const choice = idx[vm.indexOf(Math.max(...vm))]!;
      const cells = testNames.map((t) => {
        const tm = idx.map((i) => mean(tests.get(t)![i]!));
        const rho = spearman(vm, tm);
        figures[`${sub} | ${vn} | ${t}`] = Number(rho.toFixed(3));
        return `${rho.toFixed(2)} (${f4(mean(tests.get(t)![choice]!))})`;
      });
      lines.push(`| ${vn} → ${settings[choice]!.name} | ${cells.join(' | ')} |`);
    }
  }
  // How stable those correlations are: users resampled (the same users for the validation and the test: every cut
  // validates all of them), Spearman with the usual split's test; the 5th and 95th percentiles of 400 resamples.
  const rng = createRng(7);
  const samples = Array.from({ length: 400 }, () => Array.from({ length: users.length }, () => Math.floor(rng() * users.length)));
  const meanAt = (a: number[], b: number[]) => b.reduce((x, i) => x + a[i]!, 0) / b.length;
  lines.push('', 'Spearman with the usual split (all users), users resampled (400 times, the same users in validation and test): median [5th, 95th percentile]:', '');
  lines.push(`| validation | ${subsets.map(([sub]) => sub).join(' | ')} |`, `|---|${subsets.map(() => '---|').join('')}`);
  for (const c of cuts) {
    const vs = val.get(c.name)!.all;
    if (vs[0]!.length !== users.length) continue;
    const cells = subsets.map(([, idx]) => {
      const rhos = samples.map((b) => spearman(idx.map((i) => meanAt(vs[i]!, b)), idx.map((i) => meanAt(tests.get('usual split, all')![i]!, b)))).sort((x, y) => x - y);
      return `${rhos[200]!.toFixed(2)} [${rhos[20]!.toFixed(2)}, ${rhos[379]!.toFixed(2)}]`;
    });
    lines.push(`| ${c.name} | ${cells.join(' | ')} |`);
  }
  // The few-links forms against served, per entity / user: mean paired difference ± its standard error.
  const paired = (a: number[], b: number[]) => {
    const d = a.map((x, i) => x - b[i]!);
    const m = mean(d);
    const se = Math.sqrt(d.reduce((x, y) => x + (y - m) ** 2, 0) / Math.max(1, d.length) / Math.max(1, d.length - 1));
    return `${m >= 0 ? '+' : ''}${f4(m)} ± ${f4(se)}`;
  };
  lines.push('', 'Few-links forms, graph alone and popularity alone minus served (paired per entity / user, mean ± SE), on each validation (all entities) and each test:', '');
  lines.push(`| setting | ${cuts.map((c) => c.name).join(' | ')} | ${testNames.join(' | ')} |`, `|---|${[...cuts, ...testNames].map(() => '---|').join('')}`);
  settings.forEach((st, i) => {
    if (i < gridCount) return;
    lines.push(`| ${st.name} | ${cuts.map((c) => paired(val.get(c.name)!.all[i]!, val.get(c.name)!.all[servedAt]!)).join(' | ')} | ${testNames.map((t) => paired(tests.get(t)![i]!, tests.get(t)![servedAt]!)).join(' | ')} |`);
  });
  lines.push('', 'Every setting: NDCG@10 on each validation (all entities) and each test:', '');
  lines.push(`| setting | ${cuts.map((c) => c.name).join(' | ')} | ${testNames.join(' | ')} |`, `|---|${[...cuts, ...testNames].map(() => '---|').join('')}`);
  settings.forEach((st, i) => lines.push(`| ${st.name} | ${cuts.map((c) => f4(mean(val.get(c.name)!.all[i]!))).join(' | ')} | ${testNames.map((t) => f4(mean(tests.get(t)![i]!))).join(' | ')} |`));
  lines.push('', `(${since()} s)`);
  return { figures, markdown: lines.join('\n') };
}
