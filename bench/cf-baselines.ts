/**
 * Collaborative-filtering baselines of the quality benchmark, over the same links the workspace holds:
 * ItemKNN (cosine, k neighbours), RP3beta (Paudel et al. 2017: alpha, beta, 200 neighbours) and EASE (Steck 2019,
 * lambda). Each is tuned on a validation split cut from the training links only (a random 20% of each user's
 * linked movies held out, at least one, seeded), never on the held-out movies; the chosen setting is then fitted on all
 * training links. Scores are over movie indices; movies nobody linked score -Infinity (never ranked).
 */
import { createRng, easeQuery, easeScore, fitDualEase, itemPostings, ndcgAtK, type DualEase, type ItemPostings } from '@tg/math';

/** A user of the baselines: linked movies (time order), held-out movies, movies never to rank. */
export interface CfUser {
  train: number[];
  test: Set<number>;
  exclude: Set<number>;
}

type Scorer = (u: number, user: CfUser) => Float64Array;

/** Indices of the k largest scores not excluded (ties: lower index first). */
export function topOf(scores: Float64Array, exclude: Set<number>, k: number): number[] {
  const best: number[] = [];
  for (let i = 0; i < scores.length; i++) {
    const s = scores[i]!;
    if (s === -Infinity || exclude.has(i)) continue;
    if (best.length < k || s > scores[best[best.length - 1]!]!) {
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

function meanNdcg(users: CfUser[], score: Scorer): number {
  let s = 0;
  users.forEach((u, i) => (s += ndcgAtK(topOf(score(i, u), u.exclude, 10).map(String), new Set([...u.test].map(String)), 10)));
  return s / Math.max(1, users.length);
}

/**
 * Validation splits: a random 20% of each user's training links held out (users with ≥ 5 links; seeded), `folds`
 * times, as the served model chooses its λ in `tuneDualEase`.
 */
export function validationUsers(users: CfUser[], folds = 3): CfUser[][] {
  const rng = createRng(1);
  const out: CfUser[][] = Array.from({ length: folds }, () => []);
  for (const u of users) for (const fold of out) fold.push(holdOut(u, rng));
  return out;
}

function holdOut(u: CfUser, rng: () => number): CfUser {
  const n = u.train.length;
  const h = n >= 5 ? Math.max(1, Math.floor(n * 0.2)) : 0;
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const out = new Set(order.slice(0, h));
  const train = u.train.filter((_, i) => !out.has(i));
  return { train, test: new Set(u.train.filter((m, i) => out.has(i) && !train.includes(m))), exclude: new Set(train) };
}

/** Dense item-item weights over the linked movies only (m × m, m = movies with a link), top-k per row. */
class ItemItem {
  readonly idx: Int32Array;
  readonly of: Int32Array;
  /** Per row (linked movie i): neighbour movie indices and weights. */
  readonly rows: { j: Int32Array; w: Float32Array }[] = [];
  constructor(
    readonly n: number,
    users: CfUser[],
    weight: (i: number, j: number, co: number, degI: number, degJ: number) => number,
    k: number,
    userWeight: (deg: number) => number = () => 1,
  ) {
    const deg = new Float64Array(n);
    for (const u of users) for (const i of u.train) deg[i]!++;
    const linked: number[] = [];
    this.of = new Int32Array(n).fill(-1);
    for (let i = 0; i < n; i++) if (deg[i]! > 0) this.of[i] = linked.push(i) - 1;
    this.idx = Int32Array.from(linked);
    const m = linked.length;
    const co = new Float32Array(m * m);
    for (const u of users) {
      const w = userWeight(u.train.length);
      const ix = u.train.map((i) => this.of[i]!);
      for (const a of ix) for (const b of ix) if (a !== b) co[a * m + b]! += w;
    }
    const vals = new Float64Array(m);
    const order = new Int32Array(m);
    for (let a = 0; a < m; a++) {
      let cnt = 0;
      for (let b = 0; b < m; b++) {
        const c = co[a * m + b]!;
        if (c === 0) continue;
        vals[cnt] = weight(linked[a]!, linked[b]!, c, deg[linked[a]!]!, deg[linked[b]!]!);
        order[cnt++] = b;
      }
      const pick = Array.from(order.subarray(0, cnt).keys()).sort((x, y) => vals[y]! - vals[x]! || x - y).slice(0, k);
      this.rows.push({ j: Int32Array.from(pick.map((p) => linked[order[p]!]!)), w: Float32Array.from(pick.map((p) => vals[p]!)) });
    }
  }
  score(user: CfUser): Float64Array {
    const s = new Float64Array(this.n).fill(-Infinity);
    for (const i of this.idx) s[i] = 0;
    for (const i of user.train) {
      const r = this.rows[this.of[i]!];
      if (!r) continue;
      for (let p = 0; p < r.j.length; p++) s[r.j[p]!]! += r.w[p]!;
    }
    return s;
  }
}

export function itemKnn(n: number, users: CfUser[], k: number): Scorer {
  const m = new ItemItem(n, users, (_i, _j, co, di, dj) => co / Math.sqrt(di * dj), k);
  return (_u, user) => m.score(user);
}

export function rp3beta(n: number, users: CfUser[], alpha: number, beta: number, k = 200): Scorer {
  // W_ij = Σ_u (1/deg(i))^α (1/deg(u))^α over users linking both, / deg(j)^β: the user weight carries deg(u)^-α.
  const m = new ItemItem(n, users, (_i, _j, co, di, dj) => (co * Math.pow(di, -alpha)) / Math.pow(dj, beta), k, (du) => Math.pow(du, -alpha));
  return (_u, user) => m.score(user);
}

/** EASE scores of every item for a query (`easeQuery`); -Infinity for an item nobody links. */
export function easeItemScores(model: DualEase, x: ItemPostings, q: Float64Array, n: number): Float64Array {
  const s = new Float64Array(n).fill(-Infinity);
  for (let j = 0; j < n; j++) if (x.start[j + 1]! > x.start[j]!) s[j] = easeScore(model, x, q, j);
  return s;
}

export function ease(n: number, users: CfUser[], lambda: number): Scorer {
  const per: [number, number][][] = Array.from({ length: n }, () => []);
  users.forEach((u, i) => u.train.forEach((m) => per[m]!.push([i, 1])));
  const x = itemPostings(users.length, per);
  const model = fitDualEase(x, lambda);
  return (u, user) => {
    return easeItemScores(model, x, easeQuery(model, x, user.train, user.train.map(() => 1)), n);
  };
}

export interface TunedBaseline {
  name: string;
  setting: string;
  validationNdcg: number;
  grid: { setting: string; ndcg: number }[];
  score: Scorer;
}

/** Tunes each baseline on the validation split of `users`' training links and fits the chosen one on all of them. */
export function tunedBaselines(n: number, users: CfUser[], log: (s: string) => void = () => undefined): TunedBaseline[] {
  const folds = validationUsers(users);
  // Mean NDCG@10 over the folds' validated users (users with held-out links); the others only train.
  const evalOn = (val: CfUser[], fit: Scorer) => {
    let s = 0;
    let n = 0;
    val.forEach((u, i) => {
      if (!u.test.size) return;
      s += ndcgAtK(topOf(fit(i, u), u.exclude, 10).map(String), new Set([...u.test].map(String)), 10);
      n++;
    });
    return s / Math.max(1, n);
  };
  const tune = <P>(name: string, params: P[], label: (p: P) => string, make: (us: CfUser[], p: P) => Scorer): TunedBaseline => {
    const grid = params.map((p) => ({ p, setting: label(p), ndcg: folds.reduce((a, val) => a + evalOn(val, make(val, p)), 0) / folds.length }));
    const best = grid.reduce((a, b) => (b.ndcg > a.ndcg ? b : a));
    log(`${name}: validation NDCG@10 ${grid.map((g) => `${g.setting} ${g.ndcg.toFixed(4)}`).join(', ')} → ${best.setting}`);
    return { name, setting: best.setting, validationNdcg: best.ndcg, grid: grid.map(({ setting, ndcg }) => ({ setting, ndcg })), score: make(users, best.p) };
  };
  return [
    tune('itemknn', [50, 100, 200, 400], (k) => `k=${k}`, (us, k) => itemKnn(n, us, k)),
    tune(
      'rp3beta',
      [0.5, 1].flatMap((a) => [0, 0.2, 0.3, 0.5].map((b) => [a, b] as const)),
      ([a, b]) => `alpha=${a} beta=${b}`,
      (us, [a, b]) => rp3beta(n, us, a, b),
    ),
    tune('ease', [25, 50, 100, 200, 400, 800], (l) => `lambda=${l}`, (us, l) => ease(n, us, l)),
  ];
}

export { meanNdcg };

/** The settings of the issue's independent figures (ItemKNN k 200, RP3beta alpha 1 beta 0.3, EASE lambda 100), untuned. */
export function issueSettings(n: number, users: CfUser[]): { name: string; setting: string; score: Scorer }[] {
  return [
    { name: 'itemknn', setting: 'k=200', score: itemKnn(n, users, 200) },
    { name: 'rp3beta', setting: 'alpha=1 beta=0.3', score: rp3beta(n, users, 1, 0.3) },
    { name: 'ease', setting: 'lambda=100', score: ease(n, users, 100) },
  ];
}

/**
 * Validation: the newest 20% of each user's training links (users with >= 5) held out. `skip`: the served blend's
 * validation, the newest 20% ranked from the links before the 20% before them.
 */
export function newestFold(us: CfUser[], skip: boolean): CfUser[] {
  return us.map((u) => {
    const k = u.train.length;
    const h = k >= 5 ? Math.max(1, Math.floor(k * 0.2)) : 0;
    const train = u.train.slice(0, k - (skip ? 2 * h : h));
    const ts = new Set(train);
    return { train, test: new Set(u.train.slice(k - h).filter((m) => !ts.has(m))), exclude: skip ? new Set(u.train.slice(0, k - h)) : new Set(train) };
  });
}
