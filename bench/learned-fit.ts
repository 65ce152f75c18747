/**
 * The learned graph's background fit at its bounds, and the side rows' term counts at a million items (issue 16).
 *
 * 1. Term counts: a fit worker's mirror (`VectorMirror`) of `--items` content items (default 1,000,000; each with 4-12
 *    distinct terms of a 200,000-word vocabulary, a few common words and a long tail), and `sideRows` of a model's
 *    20,000 items from it: with the counts the mirror keeps as items come (served) and counted over every item again
 *    (before), alternating, `--rounds` times each; the two must give the same rows. Also what keeping the counts
 *    costs the mirror's updates (filling it with and without them).
 * 2. The fit at the bounds, on the worker thread as served (`LearnedThread`: vector batches into its mirror, then a
 *    fit of the linkers): `--users` linking entities (default 1,200: the model keeps the 1,000 with the most links)
 *    over `--fit-items` content items (default 20,000, 100-d vectors in 50 topics) each with terms of which at least
 *    1,500 are held by ≥ 5 items and ≤ 10% of them, so that the kernel is (1,000 + 1,500)². Reports the fit's wall
 *    time, the model, and the process's resident memory (sampled every 50 ms) above what it held before the fit.
 *
 * Usage: npm run bench -- learned-fit [-- --items 1000000 --rounds 3 --users 1200 --fit-items 20000 --skip-fit]
 */
import { createRng } from '@tg/math';
import { LEARNED, LearnedThread, VectorMirror, countTerms, sideRows, type ContentVectors, type Linker } from '@tg/service-ranking';

function arg(args: string[], name: string, def: number): number {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : def;
}

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

export async function run(args: string[]) {
  const nItems = arg(args, 'items', 1_000_000);
  const rounds = arg(args, 'rounds', 3);
  const nUsers = arg(args, 'users', 1_200);
  const fitItems = arg(args, 'fit-items', 20_000);
  const figures: Record<string, number | string> = { items: nItems };
  const lines: string[] = [];

  // --- 1. term counts ---
  const rng = createRng(16);
  const vocab = 200_000;
  const termsOf = () => {
    const n = 4 + Math.floor(rng() * 9);
    const t = new Set<string>();
    while (t.size < n) t.add(`w${Math.floor(rng() ** 3 * vocab).toString(36)}`);
    return [...t].join(' ');
  };
  const texts = Array.from({ length: nItems }, termsOf);
  const ids = Array.from({ length: nItems }, (_, k) => `c${k}`);
  const vec = new Float32Array(4);
  const t0 = performance.now();
  const mirror = new VectorMirror();
  ids.forEach((id, k) => mirror.set(id, vec, `u:${id}`, texts[k]!));
  const fillKept = performance.now() - t0;
  // The same fill into three plain maps (what the mirror held before it kept the counts).
  const t1 = performance.now();
  const plain = [new Map<string, Float32Array>(), new Map<string, string>(), new Map<string, string>()] as const;
  ids.forEach((id, k) => (plain[0].set(id, vec), plain[1].set(id, `u:${id}`), plain[2].set(id, texts[k]!)));
  const fillPlain = performance.now() - t1;
  const recount: ContentVectors = { get: (id) => mirror.get(id), keys: () => mirror.keys(), orderKey: (id) => mirror.orderKey(id), terms: (id) => mirror.terms(id) };
  const model = ids.filter((_, k) => k % Math.max(1, Math.floor(nItems / 20_000)) === 0).slice(0, 20_000);
  const kept: number[] = [];
  const counted: number[] = [];
  let same = true;
  for (let r = 0; r < rounds; r++) {
    let t = performance.now();
    const a = sideRows(model, mirror);
    kept.push(performance.now() - t);
    t = performance.now();
    const b = sideRows(model, recount);
    counted.push(performance.now() - t);
    same &&= a.nRows === b.nRows && Buffer.from(a.rows.buffer).equals(Buffer.from(b.rows.buffer)) && Buffer.from(a.values.buffer).equals(Buffer.from(b.values.buffer)) && Buffer.from(a.start.buffer).equals(Buffer.from(b.start.buffer));
  }
  const { df } = countTerms(recount);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const rows = sideRows(model, mirror).nRows;
  Object.assign(figures, {
    distinctTerms: df.size,
    sideRowsTerms: rows,
    sideRowsKeptMs: Number(median(kept).toFixed(1)),
    sideRowsRecountMs: Number(median(counted).toFixed(1)),
    sideRowsSame: same ? 'yes' : 'no',
    mirrorFillWithCountsMs: Math.round(fillKept),
    mirrorFillPlainMs: Math.round(fillPlain),
  });
  lines.push(
    `Term counts at ${nItems.toLocaleString('en')} items (${df.size.toLocaleString('en')} distinct terms, ${rows} side rows for a model of ${model.length.toLocaleString('en')} items): sideRows with the mirror's kept counts ${median(kept).toFixed(1)} ms (${kept.map((x) => x.toFixed(0)).join(' / ')}), counting every item again ${median(counted).toFixed(1)} ms (${counted.map((x) => x.toFixed(0)).join(' / ')}); the same rows: ${same ? 'yes' : 'NO'}. Filling the mirror: ${fillKept.toFixed(0)} ms with the counts, ${fillPlain.toFixed(0)} ms into plain maps (${((fillKept - fillPlain) / nItems * 1000).toFixed(2)} µs per item for the counts).`,
  );
  texts.length = 0;
  plain.forEach((m) => m.clear());

  // --- 2. the fit at the bounds, on the worker ---
  if (!args.includes('--skip-fit')) {
    const frng = createRng(7);
    const dim = 100;
    const topics = 50;
    const axes = Array.from({ length: topics }, () => Float32Array.from({ length: dim }, () => frng() - 0.5));
    const topicOf = (k: number) => k % topics;
    const vectorOf = (k: number) => {
      const v = Float32Array.from(axes[topicOf(k)]!, (x) => x + 0.6 * (frng() - 0.5));
      const n = Math.hypot(...v);
      return v.map((x) => x / n);
    };
    // 3,000 terms over the items, each item 6 of its topic's 60 and 2 of all: about 40-50 items a term, all within 5..10%.
    const fitTerms = (k: number) => {
      const t = new Set<string>();
      while (t.size < 6) t.add(`t${topicOf(k)}_${Math.floor(frng() * 60)}`);
      while (t.size < 8) t.add(`g${Math.floor(frng() * 3_000)}`);
      return [...t].join(' ');
    };
    const fitIds = Array.from({ length: fitItems }, (_, k) => `f${k}`);
    const thread = new LearnedThread(true);
    const ws = 'ws_fit';
    const tb = performance.now();
    for (let i = 0; i < fitItems; i += LEARNED.mirrorBatch) {
      const batch = fitIds.slice(i, i + LEARNED.mirrorBatch);
      const offsets = new Int32Array(batch.length + 1);
      const data = new Float32Array(batch.length * dim);
      batch.forEach((_, b) => {
        data.set(vectorOf(i + b), b * dim);
        offsets[b + 1] = (b + 1) * dim;
      });
      await thread.vectors({ kind: 'vectors', ws, ids: batch, keys: batch.map((id) => `u:${id}`), terms: batch.map((_, b) => fitTerms(i + b)), offsets, data });
    }
    const mirrorMs = performance.now() - tb;
    // Linkers: 20-80 links each, 80% in its topic, popular items first within a topic.
    const linkers: Linker[] = Array.from({ length: nUsers }, (_, u) => {
      const n = 20 + Math.floor(frng() * 61);
      const picked = new Set<number>();
      while (picked.size < n) {
        const topic = frng() < 0.8 ? u % topics : Math.floor(frng() * topics);
        picked.add(Math.min(fitItems - 1, Math.floor(frng() ** 2 * (fitItems / topics)) * topics + topic));
      }
      return { id: `p${u}`, key: `r:p${u}`, kids: [...picked].map((k) => [fitIds[k]!, 1, `u:${fitIds[k]}`] as [string, number, string]) };
    });
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const tf = performance.now();
    const r = await thread.fit({ kind: 'fit', ws, linkers, cat: undefined as never });
    const fitMs = performance.now() - tf;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    await thread.close();
    if (!r) throw new Error('no model');
    const t = r.fitted.tuned;
    const kernel = t.postings.nUsers;
    Object.assign(figures, {
      fitUsers: r.users.length,
      fitItems: r.items.length,
      fitTermRows: kernel - r.users.length,
      fitKernel: kernel,
      fitAlpha: t.alpha,
      fitLambda: t.lambda,
      fitSeconds: Number((fitMs / 1000).toFixed(1)),
      fitPeakRssAboveMb: mb(peak - before),
      fitRssBeforeMb: mb(before),
      mirrorSeconds: Number((mirrorMs / 1000).toFixed(1)),
    });
    lines.push(
      `Fit at the bounds on the worker: ${r.users.length} linking entities (of ${nUsers}), ${r.items.length.toLocaleString('en')} items, ${kernel - r.users.length} term rows (kernel ${kernel}²), λ ${t.lambda}, α ${t.alpha}: ${(fitMs / 1000).toFixed(1)} s; resident memory at most ${mb(peak - before)} MB above the ${mb(before)} MB before the fit (the mirror of ${fitItems.toLocaleString('en')} vectors filled in ${(mirrorMs / 1000).toFixed(1)} s before it).`,
    );
  }
  return { figures, markdown: lines.join('\n\n') };
}
