/**
 * Variants of the learned graph tried for issue 16, as pure collaborative filtering on the quality benchmark's split
 * (no service, no content): each variant's validation figure (each user's newest 20% of training links held out, the
 * served model's blend validation; `rnd`: three seeded random 20% holdouts, the one λ is chosen on) beside its figure
 * on the held-out movies (test; with the cold-user and cold-movie slices); `skip`: the served blend's validation (the
 * newest 20% ranked from the links before the 20% before them; all / cold users / cold movies). A record of what was
 * tried and why it was or was not taken into the service (docs/benchmarks.md, quality section), not a benchmark of the
 * service.
 *
 * Usage: npm run bench -- quality-variants [-- --set base|damp|xw|ips|ens|abs|seq|grid2|edlae|edlae2|edlae3|
 * edlae-served|dlae|user|user2|late|paired|fresh|trend|seq2|ties|chunk|activity|lens|valid|pipeline|side-stack|
 * side-stack-linked|side-input] [--lambda L] [--r share] [--data DIR] (side sets: [--df 5,10] [--alphas 1,2] [--weights bin,idf])
 *
 * Every experiment's test line ends with its paired difference from the set's first experiment (per-user test
 * NDCG@10, mean ± standard error over the users with held-out movies).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createRng, easeQuery, fitDualEase, itemPostings, ndcgAtK, recencyWeightsOf, type DualEase, type ItemPostings } from '@tg/math';
import { parseCsv, splitUsers } from './quality';
import { easeItemScores, newestFold, rp3beta, topOf, validationUsers, type CfUser } from './cf-baselines';
import { movieTerms, stackTerms, termFeatures, type Features } from './side-terms';

/** `--data DIR`: any folder in the MovieLens layout (default the shared one). */
const dataAt = process.argv.indexOf('--data');
const dir = resolve(dataAt >= 0 && process.argv[dataAt + 1] ? process.argv[dataAt + 1]! : '../shared/data/movielens');
const movieRows = parseCsv(readFileSync(join(dir, 'movies.csv'), 'utf8'));
const movies = movieRows.map(([id]) => id!);
const ratings = parseCsv(readFileSync(join(dir, 'ratings.csv'), 'utf8')).map((r) => ({ u: r[0]!, m: r[1]!, r: Number(r[2]), t: Number(r[3]) }));
const splits = splitUsers(ratings);
const mi = new Map(movies.map((m, i) => [m, i]));
const n = movies.length;
const users: CfUser[] = splits.map((sp) => ({ train: sp.train.map((m) => mi.get(m)!), test: new Set([...sp.test].map((m) => mi.get(m)!)), exclude: new Set([...sp.exclude].map((m) => mi.get(m)!)) }));
/** When user `i` of the split rated movie `m` (the ratings' timestamp; the service never sees it). */
const ratedAt = new Map(ratings.map((r) => [`${r.u}:${r.m}`, r.t]));
const tOf = (i: number, m: number): number => ratedAt.get(`${splits[i]!.user}:${movies[m]}`)!;

const val = newestFold(users, false);
const valSkip = newestFold(users, true);
const randomFolds = validationUsers(users);
type Model = (u: number, user: CfUser) => Float64Array;
type Maker = (us: CfUser[]) => Model;

/** NDCG@10 of each user with held-out movies (the test's per-user figures, for paired comparisons). */
function perUser(us: CfUser[], model: Model): number[] {
  const out: number[] = [];
  us.forEach((u, i) => {
    if (u.test.size) out.push(ndcgAtK(topOf(model(i, u), u.exclude, 10).map(String), new Set([...u.test].map(String)), 10));
  });
  return out;
}

function evaluate(us: CfUser[], model: Model) {
  const pop = new Float64Array(n);
  for (const u of us) for (const m of u.train) pop[m]!++;
  let all = 0, nAll = 0, cu = 0, nCu = 0, cm = 0, nCm = 0;
  const each: number[] = [];
  us.forEach((u, i) => {
    if (!u.test.size) return;
    const s = model(i, u);
    const rel = new Set([...u.test].map(String));
    const nd = ndcgAtK(topOf(s, u.exclude, 10).map(String), rel, 10);
    each.push(nd);
    all += nd; nAll++;
    if (u.train.length <= 10) { cu += nd; nCu++; }
    const coldRel = new Set([...u.test].filter((m) => pop[m]! <= 2).map(String));
    if (coldRel.size) {
      const ex = new Set(u.exclude);
      for (let j = 0; j < n; j++) if (pop[j]! > 2) ex.add(j);
      cm += ndcgAtK(topOf(s, ex, 10).map(String), coldRel, 10); nCm++;
    }
  });
  return { all: all / nAll, coldUsers: cu / nCu, coldMovies: cm / nCm, each };
}

/** Mean and standard error of the paired per-user difference a − b. */
function pairedDiff(a: number[], b: number[]): { mean: number; se: number } {
  const d = a.map((x, k) => x - b[k]!);
  const mean = d.reduce((x, y) => x + y, 0) / d.length;
  const v = d.reduce((x, y) => x + (y - mean) ** 2, 0) / d.length;
  return { mean, se: Math.sqrt(v / Math.max(1, d.length - 1)) };
}

function postings(us: CfUser[], weight: (u: number, pos: number, len: number, item: number) => number = () => 1): ItemPostings {
  const per: [number, number][][] = Array.from({ length: n }, () => []);
  us.forEach((u, i) => u.train.forEach((m, p) => per[m]!.push([i, weight(i, p, u.train.length, m)])));
  return itemPostings(us.length, per);
}

/** EASE (dual), query recency share r, X weights, score post-transform. */
function ease(lambda: number, r: number, opts: { xw?: (pop: Float64Array) => (u: number, pos: number, len: number, item: number) => number; beta?: number; unseen?: number } = {}): Maker {
  return (us) => {
    const pop = new Float64Array(n);
    for (const u of us) for (const m of u.train) pop[m]!++;
    const x = postings(us, opts.xw?.(pop));
    const model = fitDualEase(x, lambda);
    return (ui, user) => easeScores(model, x, ui, user, r, pop, opts.beta ?? 0);
  };
}

function easeScores(model: DualEase, x: ItemPostings, ui: number, user: CfUser, r: number, pop: Float64Array, beta: number): Float64Array {
  const rw = recencyWeightsOf(user.train.length, r);
  // Query weights: the user's own X row (as fitted) times the recency weight.
  const w: number[] = user.train.map((m, p) => {
    let xv = 1;
    for (let k = x.start[m]!; k < x.start[m + 1]!; k++) if (x.users[k] === ui) xv = x.weights[k]!;
    return xv * rw[p]!;
  });
  const s = easeItemScores(model, x, easeQuery(model, x, user.train, w), n);
  if (beta) for (let j = 0; j < n; j++) if (s[j]! > 0) s[j]! /= Math.pow(pop[j]!, beta);
  return s;
}

function blend(a: Maker, b: Maker, wb: number): Maker {
  return (us) => {
    const ma = a(us);
    const mb = b(us);
    return (ui, user) => {
      const sa = ma(ui, user);
      const sb = mb(ui, user);
      const norm = (s: Float64Array) => {
        let mx = 0;
        for (let j = 0; j < n; j++) if (Number.isFinite(s[j]!) && !user.exclude.has(j) && s[j]! > mx) mx = s[j]!;
        return mx || 1;
      };
      const na = norm(sa), nb = norm(sb);
      const out = new Float64Array(n);
      for (let j = 0; j < n; j++) out[j] = Number.isFinite(sa[j]!) ? sa[j]! / na + wb * (Number.isFinite(sb[j]!) ? sb[j]! / nb : 0) : -Infinity;
      return out;
    };
  };
}

const rp3 = (a: number, b: number): Maker => (us) => rp3beta(n, us, a, b);

/**
 * EASE with side information (Jeunen, Van Balen, Goethals, RecSys 2020), in the dual form.
 * `stack`: T (scaled by α) stacked under X as extra rows, so the Gram matrix is XᵀX + α²TᵀT (the features are inputs
 * and targets; items nobody links get scores from their terms); the dual kernel is (users + terms)². `stack-linked`:
 * the same with T's rows of the items nobody links left out (their columns stay empty: they are not scored).
 * `input`: the user's term profile Tx_u (scaled by α) beside x_u as input only, the targets X: B over [X, αXTᵀ] with
 * diag 0 on the item part, which the dual form gives with the kernel XXᵀ + α²(XTᵀ)(XTᵀ)ᵀ (users²) and the query
 * Xw + α²(XTᵀ)(Tw); an item nobody links scores 0 as in plain EASE.
 */
function sideEase(lambda: number, r: number, alpha: number, f: Features, mode: 'stack' | 'stack-linked' | 'input'): Maker {
  return (us) => {
    const nu = us.length;
    const per: [number, number][][] = Array.from({ length: n }, () => []);
    us.forEach((u, i) => u.train.forEach((m) => per[m]!.push([i, 1])));
    if (mode !== 'input') {
      // `stack-linked`: term rows only for the items someone links (a model over the linked items, as the service's).
      const x = stackTerms(per, nu, mode === 'stack' ? f : { ...f, rows: f.rows.map((row, j) => (per[j]!.length ? row : [])) }, alpha);
      const model = fitDualEase(x, lambda);
      return (_ui, user) => {
        const rw = recencyWeightsOf(user.train.length, r);
        return easeItemScores(model, x, easeQuery(model, x, user.train, user.train.map((_m, k) => rw[k]!)), n);
      };
    }
    // Columns: the n items, then the terms (αF's columns, F = XTᵀ).
    const termCols: Map<number, number>[] = Array.from({ length: f.nTerms }, () => new Map());
    us.forEach((u, i) => u.train.forEach((m) => f.rows[m]!.forEach(([t, v]) => termCols[t]!.set(i, (termCols[t]!.get(i) ?? 0) + alpha * v))));
    const x = itemPostings(nu, [...per, ...termCols.map((c) => [...c])]);
    const model = fitDualEase(x, lambda);
    return (_ui, user) => {
      const rw = recencyWeightsOf(user.train.length, r);
      const tw = new Map<number, number>();
      user.train.forEach((m, k) => f.rows[m]!.forEach(([t, v]) => tw.set(t, (tw.get(t) ?? 0) + alpha * v * rw[k]!)));
      const cols = [...user.train, ...[...tw.keys()].map((t) => n + t)];
      const w = [...user.train.map((_m, k) => rw[k]!), ...tw.values()];
      return easeItemScores(model, x, easeQuery(model, x, cols, w), n);
    };
  };
}

/**
 * EASE (X's columns damped by popularity^−g) plus w × a sequential next-link probability: P(j | i) from the links
 * each user makes within `win` links after i (weight 0.8^(gap−1)), m_j = Σ_k a_k P(j | i_k) / Σ_k a_k over the user's
 * last `last` items (a_k = 0.8^k).
 */
function easeSeq(lambda: number, r: number, w: number, win: number, last: number, g = 0, decay = 0.8): Maker {
  return (us) => {
    const rows = new Map<number, Map<number, number>>();
    for (const u of us) {
      const t = u.train;
      for (let a = 0; a < t.length; a++) for (let b = a + 1; b <= Math.min(t.length - 1, a + win); b++) {
        let row = rows.get(t[a]!);
        if (!row) rows.set(t[a]!, (row = new Map()));
        row.set(t[b]!, (row.get(t[b]!) ?? 0) + Math.pow(decay, b - a - 1));
      }
    }
    const tot = new Map<number, number>();
    for (const [i, row] of rows) tot.set(i, [...row.values()].reduce((a, b) => a + b, 0));
    const e = ease(lambda, r, g ? { xw: (p) => (_u, _p, _l, m) => Math.pow(p[m]!, -g) } : {})(us);
    return (ui, user) => {
      const s = e(ui, user);
      if (!w) return s;
      const t = user.train;
      let norm = 0;
      const m = new Float64Array(n);
      for (let k = 0; k < Math.min(last, t.length); k++) {
        const i = t[t.length - 1 - k]!;
        const ak = Math.pow(0.8, k);
        norm += ak;
        const row = rows.get(i);
        if (!row) continue;
        const ti = tot.get(i)!;
        for (const [j, c] of row) m[j]! += (ak * c) / ti;
      }
      for (let j = 0; j < n; j++) if (Number.isFinite(s[j]!) && m[j]! > 0) s[j]! += (w * m[j]!) / norm;
      return s;
    };
  };
}

/** EASE with the anchor's links weighted by an absolute half-life of `h` links back from the newest. */
function easeAbs(lambda: number, h: number): Maker {
  return (us) => {
    const x = postings(us);
    const model = fitDualEase(x, lambda);
    return (_ui, user) => {
      const L = user.train.length;
      const w = user.train.map((_m, k) => Math.pow(0.5, (L - 1 - k) / h));
      return easeItemScores(model, x, easeQuery(model, x, user.train, w), n);
    };
  };
}
/**
 * EDLAE / DLAE / RDLAE (Steck 2020, "Autoencoders that don't overfit towards the identity"; Moon et al. 2023, "It's
 * enough: relaxing diagonal constraints in linear autoencoders"): the L2 penalty per item Λ_j = λ + p/(1−p)·pop_j
 * (dropout at rate p), and the diagonal of B bounded by ξ instead of 0. With s_j = √Λ_j and X̃ = X Λ^−½, P =
 * (XᵀX + Λ)⁻¹ = Λ^−½ (X̃ᵀX̃ + I)⁻¹ Λ^−½, so the dual EASE at λ 1 on X̃ gives everything: an unseen item's score
 * −c_j Σ_i w_i P_ij = c_j/s_j² · s_j q̃ᵀx̃_j with q̃ = M̃ Σ_i (w_i/s_i) x̃_i and c_j = max(Λ_j, (1−ξ)/P_jj), i.e.
 * s_j q̃ᵀx̃_j · max(1, (1−ξ)/(1−d̃_j)). ξ 0: EDLAE (EASE with Λ); ξ ≥ 1: DLAE.
 */
function edlae(lambda: number, p: number, xi: number, r: number): Maker {
  return (us) => {
    const pop = new Float64Array(n);
    for (const u of us) for (const m of u.train) pop[m]!++;
    const sq = pop.map((c) => Math.sqrt(lambda + (p / (1 - p)) * c));
    const x = postings(us, (_u, _p, _l, m) => 1 / sq[m]!);
    const model = fitDualEase(x, 1);
    return (_ui, user) => {
      const rw = recencyWeightsOf(user.train.length, r);
      const q = easeQuery(model, x, user.train, user.train.map((m, k) => rw[k]! / sq[m]!));
      const s = new Float64Array(n).fill(-Infinity);
      for (let j = 0; j < n; j++) {
        if (x.start[j + 1]! === x.start[j]!) continue;
        let t = 0;
        for (let k = x.start[j]!; k < x.start[j + 1]!; k++) t += q[x.users[k]!]! * x.weights[k]!;
        s[j] = sq[j]! * t * Math.max(1, (1 - xi) / (1 - model.d[j]!));
      }
      return s;
    };
  };
}

/**
 * User-based EASE: X̂ = C X with C = argmin ‖X − CX‖² + λ‖C‖², diag(C) = 0 (users × users), C_uv = −M_uv/M_uu with
 * M = (XXᵀ + λI)⁻¹ (the dual model's M): a user's score of item j is −Σ_{v≠u} M_uv x_vj / M_uu. For a user in the
 * fit this ranks as the ridge autoencoder (DLAE, ξ 1, at recency 0) does: there q = M·XXᵀe_u = e_u − λMe_u, so an
 * unlinked item's qᵀx_j = −λ Σ_{v≠u} M_uv x_vj (the two give the same figures to the digit).
 */
function userEase(lambda: number): Maker {
  return (us) => {
    const x = postings(us);
    const model = fitDualEase(x, lambda);
    const nu = us.length;
    return (ui, _user) => {
      const s = new Float64Array(n).fill(-Infinity);
      const row = model.m.subarray(ui * nu, (ui + 1) * nu);
      for (let j = 0; j < n; j++) {
        if (x.start[j + 1]! === x.start[j]!) continue;
        let t = 0;
        for (let k = x.start[j]!; k < x.start[j + 1]!; k++) if (x.users[k] !== ui) t -= row[x.users[k]!]! * x.weights[k]!;
        s[j] = t / row[ui]!;
      }
      return s;
    };
  };
}

/** The largest finite score of the items a user may be shown (1 when none is positive): the blends' scale. */
function maxShown(s: Float64Array, user: CfUser): number {
  let mx = 0;
  for (let j = 0; j < n; j++) if (Number.isFinite(s[j]!) && !user.exclude.has(j) && s[j]! > mx) mx = s[j]!;
  return mx || 1;
}

/**
 * Freshness, measured for what the benchmark's catalog order would give away (issue 16, eleventh session): EASE
 * (max-normalised) minus p for every item created after the newest item the user links. `key`: the order the
 * benchmark creates content in (movies.csv order, i.e. movie id), or the order of each movie's first rating in the
 * whole file (the order content would enter a workspace that grew with its ratings).
 */
function easeFresh(p: number, key: Float64Array): Maker {
  return (us) => {
    const e = ease(100, 0.5)(us);
    return (ui, user) => {
      const s = e(ui, user);
      const mx = maxShown(s, user);
      let newest = -Infinity;
      for (const m of user.train) newest = Math.max(newest, key[m]!);
      for (let j = 0; j < n; j++) if (Number.isFinite(s[j]!)) s[j] = s[j]! / mx - (key[j]! > newest ? p : 0);
      return s;
    };
  };
}

/**
 * Trending: EASE (max-normalised) plus w × how often other users linked each item among the `win` links of the whole
 * workspace just before this user's newest link (`causal`), or just after it (the future, which a deployment never
 * has: measured only to bound what a global time order could give). The stream is the fold's links in rating-time
 * order, which the benchmark does not give the service (it links user by user).
 */
function easeTrend(w: number, win: number, causal: boolean): Maker {
  return (us) => {
    const e = ease(100, 0.5)(us);
    const ev: { t: number; u: number; p: number; m: number }[] = [];
    us.forEach((u, i) => u.train.forEach((m, p) => ev.push({ t: tOf(i, m), u: i, p, m })));
    ev.sort((a, b) => a.t - b.t || a.u - b.u || a.p - b.p);
    const last = new Int32Array(us.length).fill(-1);
    ev.forEach((x, k) => (last[x.u] = k));
    return (ui, user) => {
      const s = e(ui, user);
      const at = last[ui]!;
      if (!w || at < 0) return s;
      const [lo, hi] = causal ? [Math.max(0, at - win), at + 1] : [at + 1, Math.min(ev.length, at + 1 + win)];
      const c = new Float64Array(n);
      let cm = 0;
      for (let k = lo; k < hi; k++) if (ev[k]!.u !== ui) cm = Math.max(cm, ++c[ev[k]!.m]!);
      const mx = maxShown(s, user);
      for (let j = 0; j < n; j++) if (Number.isFinite(s[j]!)) s[j] = s[j]! / mx + (w * c[j]!) / (cm || 1);
      return s;
    };
  };
}

/**
 * Local co-occurrence (SLIS-like): EASE whose rows are windows of `c` consecutive links of a user (every `stride`
 * links) instead of whole histories, so what is linked in one stretch of a history weighs and what is linked years
 * apart does not; the user's query is their links with recency share 0.5.
 */
function chunkEase(lambda: number, c: number, stride: number): Maker {
  return (us) => {
    const per: [number, number][][] = Array.from({ length: n }, () => []);
    let rows = 0;
    for (const u of us) {
      const t = u.train;
      for (let a = 0; a === 0 || a + c - stride < t.length; a += stride) {
        for (const m of new Set(t.slice(a, a + c))) per[m]!.push([rows, 1]);
        rows++;
      }
    }
    const x = itemPostings(rows, per);
    const model = fitDualEase(x, lambda);
    return (_ui, user) => {
      const rw = recencyWeightsOf(user.train.length, 0.5);
      return easeItemScores(model, x, easeQuery(model, x, user.train, user.train.map((_m, k) => rw[k]!)), n);
    };
  };
}

/** The split with each user's links of one timestamp second in a seeded random order instead of movie id order. */
function tiesShuffled(): CfUser[] {
  const rng = createRng(1);
  return users.map((u, i) => {
    const key = u.train.map((m) => ({ m, t: tOf(i, m), r: rng() }));
    key.sort((a, b) => a.t - b.t || a.r - b.r);
    return { ...u, train: key.map((k) => k.m) };
  });
}

/**
 * Per-user mixing by activity: EASE λ 100 + w × the sequential term, with (recency share, w) chosen per bucket of a
 * user's number of links (≤ 10, ≤ 30, ≤ 100, more) on the served blend's validation; the test of those choices
 * against EASE λ 100 r 0.5.
 */
function activityMixing(log: (s: string) => void) {
  const bucket = (len: number) => (len <= 10 ? 0 : len <= 30 ? 1 : len <= 100 ? 2 : 3);
  const grid: [number, number][] = [];
  for (const r of [0, 0.25, 0.5, 1]) for (const w of [0, 0.5, 1, 2]) grid.push([r, w]);
  const bucketsOf = (us: CfUser[]) => us.flatMap((u, i) => (u.test.size ? [bucket(users[i]!.train.length)] : []));
  const bv = bucketsOf(valSkip), bt = bucketsOf(users);
  const v = grid.map(([r, w]) => evaluate(valSkip, easeSeq(100, r, w, 10, 10)(valSkip)).each);
  const t = grid.map(([r, w]) => evaluate(users, easeSeq(100, r, w, 10, 10)(users)).each);
  const ref = t[grid.findIndex(([r, w]) => r === 0.5 && w === 0)]!;
  const meanOf = (a: number[], bs: number[], b: number) => {
    const x = a.filter((_, k) => bs[k] === b);
    return x.reduce((p, q) => p + q, 0) / Math.max(1, x.length);
  };
  for (const seqToo of [false, true]) {
    const pick = [0, 1, 2, 3].map((b) => {
      let best = -1;
      grid.forEach(([, w], g) => {
        if ((seqToo || w === 0) && (best < 0 || meanOf(v[g]!, bv, b) > meanOf(v[best]!, bv, b))) best = g;
      });
      return best;
    });
    const mixed = bt.map((b, k) => t[pick[b]!]![k]!);
    const d = pairedDiff(mixed, ref);
    log(`per-bucket ${seqToo ? '(recency, w)' : 'recency'} chosen on skip: ${pick.map((g, b) => `b${b} r${grid[g]![0]} w${grid[g]![1]} (skip ${meanOf(v[g]!, bv, b).toFixed(4)}, ${bv.filter((x) => x === b).length} users)`).join(', ')} | test ${(mixed.reduce((p, q) => p + q, 0) / mixed.length).toFixed(4)}, paired vs ease l100 r0.5 ${d.mean >= 0 ? '+' : ''}${d.mean.toFixed(4)} ± ${d.se.toFixed(4)}`);
  }
}

/**
 * Validation designs for the recency share (issue 16, seventeenth session): does a validation cut from the training
 * links see what the test sees? The test ranks each user's last 20% of liked movies (rated after the last linked
 * second) from the first 80%; the served blend validation ranks the newest 20% of links from the links before the 20%
 * before them. For each design: EASE (λ 50, 100, 200) at recency 0, 0.25, 0.5 on the design's fold, the paired
 * per-user difference of each share from share 0 (± SE), beside the same on the test.
 */
/** Validation holdout size of k links (as the service's). */
const h = (k: number) => (k >= 5 ? Math.max(1, Math.floor(k * 0.2)) : 0);
/**
 * A validation fold: the newest `h(k)` of the first `upTo(k)` links held out, ranked from the links before them less `gap(h)` skipped
 * (`sameSecond`: offline only, those in the last kept link's second or before not ranked; `later`: the links after
 * `upTo(k)` not ranked).
 */
const cut = (us: CfUser[], gap: (held: number, k: number) => number, upTo: (k: number) => number = (k) => k, sameSecond = false, later = false): CfUser[] =>
  us.map((u, i) => {
    const k0 = upTo(u.train.length);
    const links = u.train.slice(0, k0);
    const held = h(k0);
    const g = held ? Math.min(gap(held, k0), Math.max(0, k0 - held - 1)) : 0;
    const train = links.slice(0, k0 - held - g);
    const ts = new Set(train);
    let test = links.slice(k0 - held).filter((m) => !ts.has(m));
    // The test's boundary, offline only (timestamps): held-out links rated in the last kept link's second or before are not ranked.
    if (sameSecond && train.length) {
      const until = tOf(i, train[train.length - 1]!);
      test = test.filter((m) => tOf(i, m) > until);
    }
    const exclude = new Set(links.slice(0, k0 - held));
    if (sameSecond) for (const m of links.slice(k0 - held)) if (!test.includes(m)) exclude.add(m);
    // `later`: the links the user makes after the cut are neither ranked nor relevant (the service's form).
    if (later) for (const m of u.train.slice(k0)) if (!test.includes(m)) exclude.add(m);
    return { train, test: new Set(test), exclude };
  });

function validationDesigns(log: (s: string) => void) {
  const designs: [string, CfUser[][]][] = [
    ['newest 20%, no skip', [cut(users, () => 0)]],
    ['newest 20%, skip 20% (served)', [cut(users, (held) => held)]],
    ['newest 20%, skip 5%', [cut(users, (_h, k) => Math.max(1, Math.floor(k * 0.05)))]],
    ['newest 20%, skip 1 link', [cut(users, () => 1)]],
    ['newest 20%, skip 3 links', [cut(users, () => 3)]],
    ['newest 20%, after the last kept second (oracle)', [cut(users, () => 0, undefined, true)]],
    ['newest 20% at cuts 100/80/60%, no skip', [1, 0.8, 0.6].map((c) => cut(users, () => 0, (k) => Math.round(k * c)))],
    ['newest 20% at cuts 100/80/60%, skip 20%', [1, 0.8, 0.6].map((c) => cut(users, (held) => held, (k) => Math.round(k * c)))],
    ['newest 20% at cuts 100/80/60%, after the last kept second (oracle)', [1, 0.8, 0.6].map((c) => cut(users, () => 0, (k) => Math.round(k * c), true))],
    ['newest 20% at cuts 100/80/60%, skip 1 link', [1, 0.8, 0.6].map((c) => cut(users, () => 1, (k) => Math.round(k * c)))],
    ['newest 20% at cuts 100/80/60%, skip 5%', [1, 0.8, 0.6].map((c) => cut(users, (_h, k) => Math.max(1, Math.floor(k * 0.05)), (k) => Math.round(k * c)))],
    ['newest 20% at cuts 80/60%, no skip', [0.8, 0.6].map((c) => cut(users, () => 0, (k) => Math.round(k * c)))],
    ['cuts 100/80/60%, skip 20%, later links not ranked', [1, 0.8, 0.6].map((c) => cut(users, (held) => held, (k) => Math.round(k * c), false, true))],
    ['cuts 100/80/60%, skip 5%, later links not ranked', [1, 0.8, 0.6].map((c) => cut(users, (_h, k) => Math.max(1, Math.floor(k * 0.05)), (k) => Math.round(k * c), false, true))],
    ['cuts 100/80/60%, skip 1 link, later links not ranked', [1, 0.8, 0.6].map((c) => cut(users, () => 1, (k) => Math.round(k * c), false, true))],
    ['newest 20% at cuts 100/90/80/70/60/50%, no skip', [1, 0.9, 0.8, 0.7, 0.6, 0.5].map((c) => cut(users, () => 0, (k) => Math.round(k * c)))],
  ];
  const shares = [0, 0.25, 0.5];
  const fmt = (d: { mean: number; se: number }) => `${d.mean >= 0 ? '+' : ''}${d.mean.toFixed(4)} ± ${d.se.toFixed(4)}`;
  const mean = (a: number[]) => a.reduce((x, y) => x + y, 0) / Math.max(1, a.length);
  for (const lambda of [50, 100, 200]) {
    const test = shares.map((r) => evaluate(users, ease(lambda, r)(users)).each);
    log(`λ ${lambda} test: ${shares.map((r, k) => `r${r} ${mean(test[k]!).toFixed(4)}`).join(', ')} | r0.25−r0 ${fmt(pairedDiff(test[1]!, test[0]!))}, r0.5−r0 ${fmt(pairedDiff(test[2]!, test[0]!))}`);
    for (const [name, folds] of designs) {
      // Per user: the mean over the design's cuts of the users validated there (users validated at no cut drop out).
      const per = shares.map((r) => {
        const sums = new Map<number, number[]>();
        for (const fold of folds) {
          const m = ease(lambda, r)(fold);
          fold.forEach((u, i) => {
            if (!u.test.size) return;
            const nd = ndcgAtK(topOf(m(i, u), u.exclude, 10).map(String), new Set([...u.test].map(String)), 10);
            sums.set(i, [...(sums.get(i) ?? []), nd]);
          });
        }
        return [...sums.keys()].sort((a, b) => a - b).map((i) => mean(sums.get(i)!));
      });
      const best = shares[per.map(mean).reduce((b, x, k, a) => (x > a[b]! ? k : b), 0)]!;
      log(`  ${name.padEnd(48)} ${shares.map((r, k) => `r${r} ${mean(per[k]!).toFixed(4)}`).join(', ')} (${per[0]!.length} users) | r0.25−r0 ${fmt(pairedDiff(per[1]!, per[0]!))}, r0.5−r0 ${fmt(pairedDiff(per[2]!, per[0]!))} → r${best}`);
    }
  }
}

/** The served choice pipelines, pure EASE (no content): λ and the recency share chosen by each rule, then the test. */
function pipelines(log: (s: string) => void) {
  const lambdas = [25, 50, 100, 200, 400, 800];
  const shares = [0, 0.25, 0.5];
  const mean = (a: number[]) => a.reduce((x, y) => x + y, 0) / Math.max(1, a.length);
  /** Mean NDCG@10 over the (user, fold) pairs validated in `folds` at (λ, r). */
  const on = (folds: CfUser[][], l: number, r: number) => {
    let t = 0, c = 0;
    for (const f of folds) {
      const e = evaluate(f, ease(l, r)(f));
      t += e.all * e.each.length;
      c += e.each.length;
    }
    return t / c;
  };
  const gap5 = (_h: number, k: number) => Math.max(1, Math.floor(k * 0.05));
  const cuts = (gap: (held: number, k: number) => number) => [1, 0.8, 0.6].map((c) => cut(users, gap, (k) => Math.round(k * c), false, true));
  const served = [cut(users, (held) => held)];
  const multi5 = cuts(gap5);
  const multi20 = cuts((held) => held);
  const rnd = randomFolds;
  const pick = (grid: [number, number][], value: (l: number, r: number) => number) => grid.map(([l, r]) => ({ l, r, v: value(l, r) })).reduce((a, b) => (b.v > a.v ? b : a));
  const lRnd = pick(lambdas.map((l) => [l, 0]), (l) => mean(rnd.map((f) => evaluate(f, ease(l, 0)(f)).all))).l;
  const rules: [string, () => { l: number; r: number }][] = [
    ['λ random, r on the newest 20% after a 20% gap (served)', () => pick(shares.map((r) => [lRnd, r]), (l, r) => on(served, l, r))],
    ['λ random, r on cuts 100/80/60% after a 5% gap', () => pick(shares.map((r) => [lRnd, r]), (l, r) => on(multi5, l, r))],
    ['λ random, r on cuts 100/80/60% after a 20% gap', () => pick(shares.map((r) => [lRnd, r]), (l, r) => on(multi20, l, r))],
    ['λ and r jointly on cuts 100/80/60% after a 5% gap', () => pick(lambdas.flatMap((l) => shares.map((r) => [l, r] as [number, number])), (l, r) => on(multi5, l, r))],
    ['λ and r jointly on cuts 100/80/60% after a 20% gap', () => pick(lambdas.flatMap((l) => shares.map((r) => [l, r] as [number, number])), (l, r) => on(multi20, l, r))],
  ];
  const ref = evaluate(users, ease(50, 0)(users));
  log(`tuned EASE baseline (λ 50, r 0): test ${ref.all.toFixed(4)}; λ by the random holdouts: ${lRnd}`);
  for (const [name, rule] of rules) {
    const { l, r } = rule();
    const t = evaluate(users, ease(l, r)(users));
    const d = pairedDiff(t.each, ref.each);
    log(`${name.padEnd(52)} → λ ${l} r ${r}: test ${t.all.toFixed(4)} cu ${t.coldUsers.toFixed(4)} cm ${t.coldMovies.toFixed(4)} | vs tuned EASE ${d.mean >= 0 ? '+' : ''}${d.mean.toFixed(4)} ± ${d.se.toFixed(4)}`);
  }
}

export async function run(args: string[]) {
  const i = args.indexOf('--set');
  const which = i >= 0 ? args[i + 1]! : 'base';
  const lines: string[] = [];
  const log = (s: string) => {
    console.log(s);
    lines.push(s);
  };
  const experiments: [string, Maker][] = [];
  if (which === 'base') for (const l of [50, 100, 200]) for (const r of [0, 0.25, 0.5]) experiments.push([`ease l${l} r${r}`, ease(l, r)]);
  if (which === 'damp') for (const b of [0.05, 0.1, 0.2, 0.3]) experiments.push([`ease l100 r0.5 score/pop^${b}`, ease(100, 0.5, { beta: b })]);
  if (which === 'xw') {
    // Row normalisation (a user's links share one unit), recency-weighted rows.
    for (const a of [0.25, 0.5]) experiments.push([`ease l100 r0.5 X/deg(u)^${a}`, ease(100, 0.5, { xw: () => (_u, _p, len) => Math.pow(len, -a) })]);
    for (const h of [0.5, 1]) experiments.push([`ease l100 r0.5 X recency h${h}`, ease(100, 0.5, { xw: () => (_u, p, len) => Math.pow(0.5, (len - 1 - p) / Math.max(1, h * len)) })]);
  }
  if (which === 'ips') {
    // IPS-like column damping of X.
    for (const l of [50, 100]) for (const g of [0, 0.15, 0.3]) for (const r of [0, 0.25, 0.5]) experiments.push([`ease l${l} r${r} X/pop^${g}`, ease(l, r, { xw: (pop) => (_u, _p, _l, m) => Math.pow(pop[m]!, -g) })]);
  }
  if (which === 'lens') {
    // Ensembles in place of a noisy choice (sixteenth session): EASE over λ 50/100/200 at one recency share, over the
    // recency shares at λ 100, and over both (each model's scores over its maximum, summed with equal weights).
    const sum = (ms: Maker[]): Maker => ms.slice(1).reduce((acc, m) => blend(acc, m, 1), ms[0]!);
    for (const r of [0, 0.5]) experiments.push([`ease l${100} r${r}`, ease(100, r)]);
    for (const r of [0, 0.5]) experiments.push([`ease l50+100+200 r${r}`, sum([ease(50, r), ease(100, r), ease(200, r)])]);
    experiments.push(['ease l100 r0+0.5', sum([ease(100, 0), ease(100, 0.5)])]);
    experiments.push(['ease l50+100+200 r0+0.5', sum([50, 100, 200].flatMap((l) => [ease(l, 0), ease(l, 0.5)]))]);
  }
  if (which === 'ens') for (const w of [0.25, 0.5, 1]) experiments.push([`ease l100 r0.5 + ${w} rp3(0.5,0.5)`, blend(ease(100, 0.5), rp3(0.5, 0.5), w)]);
  if (which === 'edlae') {
    const l = Number(args.includes('--lambda') ? args[args.indexOf('--lambda') + 1] : 100);
    const r = Number(args.includes('--r') ? args[args.indexOf('--r') + 1] : 0.5);
    for (const p of [0, 0.1, 0.25, 0.5]) for (const xi of [0, 0.2, 0.5, 1]) experiments.push([`edlae l${l} p${p} xi${xi} r${r}`, edlae(l, p, xi, r)]);
  }
  if (which === 'edlae2') for (const l of [10, 25, 50]) for (const p of [0.5, 0.67, 0.8]) experiments.push([`edlae l${l} p${p} xi0 r0.5`, edlae(l, p, 0, 0.5)]);
  if (which === 'user') {
    for (const l of [10, 50, 200]) experiments.push([`user-ease l${l}`, userEase(l)]);
    for (const l of [10, 50, 200]) for (const w of [0.25, 0.5, 1]) experiments.push([`ease l100 r0.5 + ${w} user-ease l${l}`, blend(ease(100, 0.5), userEase(l), w)]);
  }
  if (which === 'user2') {
    for (const l of [400, 800, 1600]) experiments.push([`user-ease l${l}`, userEase(l)]);
    for (const l of [400, 800]) for (const w of [0.5, 1, 2]) experiments.push([`ease l100 r0.5 + ${w} user-ease l${l}`, blend(ease(100, 0.5), userEase(l), w)]);
  }
  if (which === 'edlae3') for (const l of [200, 400]) for (const p of [0.25, 0.5, 0.67]) experiments.push([`edlae l${l} p${p} xi0 r0.5`, edlae(l, p, 0, 0.5)]);
  if (which === 'edlae-served') {
    // The served λ stage: random holdouts at recency 0, λ × p (EDLAE) or λ × ξ (DLAE at ξ 1).
    const r = Number(args.includes('--r') ? args[args.indexOf('--r') + 1] : 0);
    for (const l of [50, 100, 200, 400]) for (const p of [0, 0.25, 0.5]) experiments.push([`edlae l${l} p${p} xi0 r${r}`, edlae(l, p, 0, r)]);
    for (const l of [50, 100, 200, 400]) experiments.push([`dlae l${l} r${r}`, edlae(l, 0, 1, r)]);
  }
  if (which === 'paired') {
    // Test NDCG@10 differences against tuned EASE (λ 50, no recency: the benchmark's best baseline), per user: the
    // mean difference and its standard error (how far a variant's gain is from the test's noise).
    const base = perUser(users, ease(50, 0)(users));
    const mean = (a: number[]) => a.reduce((x, y) => x + y, 0) / a.length;
    const variants: [string, Maker][] = [
      ['ease l100 r0.5', ease(100, 0.5)],
      ['edlae l100 p0.5 r0.5', edlae(100, 0.5, 0, 0.5)],
      ['dlae l100 r0.5', edlae(100, 0, 1, 0.5)],
    ];
    log(`tuned EASE (λ 50, r 0): test NDCG@10 ${mean(base).toFixed(4)} over ${base.length} users; SD ${Math.sqrt(mean(base.map((x) => (x - mean(base)) ** 2))).toFixed(3)}`);
    for (const [name, make] of variants) {
      const v = perUser(users, make(users));
      const d = v.map((x, k) => x - base[k]!);
      const md = mean(d);
      const se = Math.sqrt(mean(d.map((x) => (x - md) ** 2)) / (d.length - 1));
      log(`${name.padEnd(24)} test ${mean(v).toFixed(4)} (×${(mean(v) / mean(base)).toFixed(3)}), paired difference ${md.toFixed(4)} ± ${se.toFixed(4)} (SE); ×1.10 needs +${(0.1 * mean(base)).toFixed(4)}`);
    }
  }
  if (which === 'dlae') {
    const r = Number(args.includes('--r') ? args[args.indexOf('--r') + 1] : 0);
    for (const l of [50, 100, 200]) for (const p of [0.25, 0.5]) experiments.push([`dlae l${l} p${p} r${r}`, edlae(l, p, 1, r)]);
    for (const xi of [0.05, 0.1, 0.2]) experiments.push([`rdlae l100 xi${xi} r${r}`, edlae(100, 0, xi, r)]);
  }
  if (which === 'late') {
    // EASE fitted on each user's newest half of links only (what is linked late in a history), beside EASE on all.
    const late = (l: number, share: number): Maker => (us) => {
      const x = postings(us, (_u, pos, len) => (pos >= Math.floor(len * (1 - share)) ? 1 : 0));
      const model = fitDualEase(x, l);
      return (_ui, user) => {
        const rw = recencyWeightsOf(user.train.length, 0.5);
        return easeItemScores(model, x, easeQuery(model, x, user.train, user.train.map((_m, k) => rw[k]!)), n);
      };
    };
    for (const w of [0.5, 1]) experiments.push([`ease l100 r0.5 + ${w} late-half ease l100`, blend(ease(100, 0.5), late(100, 0.5), w)]);
    experiments.push(['late-half ease l100 alone', late(100, 0.5)]);
  }
  let base = users;
  if (which === 'fresh') {
    const order = Float64Array.from(movies.keys());
    const first = new Map<string, number>();
    for (const r of ratings) first.set(r.m, Math.min(first.get(r.m) ?? Infinity, r.t));
    const byFirst = [...movies.keys()].sort((a, b) => (first.get(movies[a]!) ?? Infinity) - (first.get(movies[b]!) ?? Infinity) || a - b);
    const firstRank = new Float64Array(n);
    byFirst.forEach((m, k) => (firstRank[m] = k));
    for (const [kn, key] of [['creation (movie id) order', order], ['first-rating order', firstRank]] as const) for (const p of [0, 0.05, 0.1, 0.2, 0.5]) experiments.push([`ease l100 r0.5 − ${p} after newest (${kn})`, easeFresh(p, key)]);
  }
  if (which === 'trend') {
    experiments.push(['ease l100 r0.5', ease(100, 0.5)]);
    for (const causal of [true, false]) for (const win of [500, 2000]) for (const w of [0.1, 0.3]) experiments.push([`ease l100 r0.5 + ${w} trend ${causal ? 'before' : 'after'} ${win}`, easeTrend(w, win, causal)]);
  }
  if (which === 'seq2' || which === 'ties') {
    // The sequential term (`seq`) under every validation, paired against EASE λ 100 r 0.5; `ties`: with each user's
    // links of one timestamp second in a seeded random order instead of movie id order (the split's membership
    // unchanged), so that no transition is learned from the split's tie order.
    if (which === 'ties') base = tiesShuffled();
    for (const r of [0.5, 0.25, 0]) for (const w of [0, 0.5, 1, 2, 4]) experiments.push([`${which === 'ties' ? 'ties shuffled: ' : ''}ease l100 r${r} + ${w} seq(10,10)`, easeSeq(100, r, w, 10, 10)]);
  }
  if (which === 'chunk') {
    experiments.push(['ease l100 r0.5', ease(100, 0.5)]);
    for (const [c, st] of [[20, 10], [50, 25]] as const) {
      for (const w of [0.25, 0.5, 1]) experiments.push([`ease l100 r0.5 + ${w} chunk-ease(${c}/${st}) l${c}`, blend(ease(100, 0.5), chunkEase(c, c, st), w)]);
      experiments.push([`chunk-ease(${c}/${st}) l${c} alone`, chunkEase(c, c, st)]);
    }
  }
  if (which.startsWith('side')) {
    // EASE with side information from the movies' own lexical terms (issue 16, quality32): the first experiment is
    // tuned EASE (λ 50, no recency), the bench's best baseline; `--r` the query's recency share of the variants.
    const r = Number(args.includes('--r') ? args[args.indexOf('--r') + 1] : 0);
    const l = Number(args.includes('--lambda') ? args[args.indexOf('--lambda') + 1] : 50);
    const terms = movieTerms(dir, movieRows);
    experiments.push([`ease l50 r0`, ease(50, 0)]);
    if (r || l !== 50) experiments.push([`ease l${l} r${r}`, ease(l, r)]);
    const feats = (minDf: number, idf: boolean) => termFeatures(terms, minDf, 0.1, idf);
    // `--df 5,10`, `--alphas 1,2`, `--weights bin,idf`: the grid (defaults as below).
    const list = (name: string, dflt: string) => (args.includes(name) ? args[args.indexOf(name) + 1]! : dflt).split(',');
    const mode = which === 'side-input' ? 'input' : which === 'side-stack-linked' ? 'stack-linked' : 'stack';
    const dfs = list('--df', mode === 'input' ? '2' : '5').map(Number);
    const alphas = list('--alphas', mode === 'input' ? '0.05,0.1,0.2,0.4' : '2,5,10,20').map(Number);
    for (const minDf of dfs)
      for (const idf of list('--weights', 'bin,idf').map((x) => x === 'idf')) {
        const f = feats(minDf, idf);
        for (const a of alphas) experiments.push([`${mode} df${minDf}+ ${idf ? 'idf' : 'bin'} (${f.nTerms}) a${a} l${l} r${r}`, sideEase(l, r, a, f, mode)]);
      }
  }
  if (which === 'valid') validationDesigns(log);
  if (which === 'pipeline') pipelines(log);
  if (which === 'activity') activityMixing(log);
  if (which === 'abs') for (const h of [3, 5, 10, 20, 40]) experiments.push([`ease l100 half-life ${h} links`, easeAbs(100, h)]);
  if (which === 'seq') for (const w of [0.5, 1, 2, 4, 8]) for (const r of [0, 0.25, 0.5]) experiments.push([`ease l100 r${r} + ${w} seq(10,10)`, easeSeq(100, r, w, 10, 10)]);
  const folds = base === users ? { val, valSkip, randomFolds } : { val: newestFold(base, false), valSkip: newestFold(base, true), randomFolds: validationUsers(base) };
  let first: number[] | undefined;
  for (const [name, make] of experiments) {
    const v = evaluate(folds.val, make(folds.val));
    const vs = evaluate(folds.valSkip, make(folds.valSkip));
    const rf = folds.randomFolds.map((f) => evaluate(f, make(f)).all);
    const rv = rf.reduce((a, b) => a + b, 0) / rf.length;
    const te = evaluate(base, make(base));
    first ??= te.each;
    const d = pairedDiff(te.each, first);
    log(`${name.padEnd(40)} rnd ${rv.toFixed(4)} val ${v.all.toFixed(4)} cu ${v.coldUsers.toFixed(4)} cm ${v.coldMovies.toFixed(4)} skip ${vs.all.toFixed(4)} ${vs.coldUsers.toFixed(4)} ${vs.coldMovies.toFixed(4)} | test ${te.all.toFixed(4)} cu ${te.coldUsers.toFixed(4)} cm ${te.coldMovies.toFixed(4)} | vs first ${d.mean >= 0 ? '+' : ''}${d.mean.toFixed(4)} ± ${d.se.toFixed(4)}`);
  }
  if (which === 'grid2') {
    // A second time fold: each user's training links 60-80% held out, trained on the first 60% (the newest 20% dropped).
    const val2: CfUser[] = users.map((u) => {
      const k = u.train.length;
      const t = u.train.slice(0, k - (k >= 5 ? Math.max(1, Math.floor(k * 0.2)) : 0));
      const k2 = t.length;
      const h2 = k2 >= 5 ? Math.max(1, Math.floor(k2 * 0.2)) : 0;
      const train = t.slice(0, k2 - h2);
      const ts = new Set(train);
      return { train, test: new Set(t.slice(k2 - h2).filter((m) => !ts.has(m))), exclude: new Set(train) };
    });
    let best = { name: '', mean: -1, test: 0 };
    for (const g of [0, 0.15, 0.3]) {
      for (const r of [0, 0.25, 0.5]) {
        for (const w of [0, 1, 2, 4]) {
          const mk = easeSeq(100, r, w, 10, 10, g);
          const a = evaluate(val, mk(val)).all;
          const b = evaluate(val2, mk(val2)).all;
          const t = evaluate(users, mk(users));
          const name = `g${g} r${r} w${w}`;
          if ((a + b) / 2 > best.mean) best = { name, mean: (a + b) / 2, test: t.all };
          log(`${name}: val1 ${a.toFixed(4)} val2 ${b.toFixed(4)} mean ${((a + b) / 2).toFixed(4)} | test ${t.all.toFixed(4)} cu ${t.coldUsers.toFixed(4)} cm ${t.coldMovies.toFixed(4)}`);
        }
      }
    }
    log(`picked by the mean of the two time folds: ${best.name} (validation ${best.mean.toFixed(4)}, test ${best.test.toFixed(4)})`);
  }
  return { figures: { set: which, variants: lines.length }, markdown: ['```', ...lines, '```'].join('\n') };
}
