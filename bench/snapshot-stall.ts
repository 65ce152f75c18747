/**
 * How long a periodic snapshot holds the event loop of an instance that goes on folding writes, in process (no NATS,
 * no HTTP): a catalog of `--items` synthetic content items (ContentIndexed with the benches' synthetic text, a random
 * 100-d unit vector, every tenth linked to one of 1,000 users) with its lexical index built, as ranking holds it; then
 * `--rounds` snapshots written (`writeSnapshot`, to a temporary folder) while `--fold` new items are folded every turn
 * of the event loop. Per round: the capture alone (taken and released at once), the release at the end of the
 * snapshot, the snapshot's duration, and the event loop's turns (the longest, p99, p50: a request arriving then waits
 * that long).
 *
 * `--base <checkout>` first runs the same in a child process on another checkout's code (its node_modules and
 * tsconfig; the child runs this file with that checkout as its working directory), then on this one: an A/B in the
 * same run, the machine's speed varying by up to 2x from hour to hour.
 *
 * Usage: npm run bench -- snapshot-stall [-- --items 200000 --rounds 3 --fold 5 --base /work/wt-base]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeVector, event, type EventData, type EventType, type StoredEvent } from '@tg/contracts';
import { CatalogCapture, CatalogProjection } from '@tg/domain';
import { percentile } from '@tg/math';
import { writeSnapshot } from '@tg/read-model';
import { arg, strArg, syntheticText } from './support';

interface Round {
  captureMs: number;
  releaseMs: number;
  snapshotS: number;
  turns: number;
  maxMs: number;
  p99Ms: number;
  p50Ms: number;
  folded: number;
}

/** Builds the catalog and writes the snapshots; the rounds' figures. */
async function measure(items: number, rounds: number, foldPerTurn: number): Promise<{ buildS: number; rounds: Round[] }> {
  const WS = 'ws_big';
  let seq = 0;
  let rnd = 12345;
  const rand = () => ((rnd = (Math.imul(rnd, 1103515245) + 12345) >>> 0) / 2 ** 32) * 2 - 1;
  const p = new CatalogProjection();
  const apply = <T extends EventType>(type: T, data: EventData<T>) =>
    p.apply({ ...event(type, data, { workspace: WS, at: 1 }), seq: ++seq, subject: `tg.evt.${WS}.x.y` } as StoredEvent);
  const item = (i: number) => {
    apply('ContentIndexed', {
      entity_id: `c${i}`, url: `https://synthetic.test/${i}`, media_type: 'text', name: `Item ${i}`, description: '', text: syntheticText(i), text_digest: `d${i}`,
      source: 'inline', skip_url_fetch: true, skip_media_enrich: true, indexed_at: 1,
    } as EventData<'ContentIndexed'>);
    const v = new Float32Array(100);
    let n = 0;
    for (let k = 0; k < 100; k++) n += (v[k] = rand()) ** 2;
    for (let k = 0; k < 100; k++) v[k]! /= Math.sqrt(n);
    apply('ContentEmbedded', { entity_id: `c${i}`, of: 'content', model: 'm', dim: 100, vector: encodeVector(v), text_digest: `d${i}`, embedded_at: 1 });
    if (i % 10 === 0) apply('ChildLinked', { parent_id: `u${i % 1000}`, child_id: `c${i}`, rel: 'likes', weight: 1, linked_at: 1 });
  };
  // The release, timed where it happens (inside writeSnapshot).
  let releaseMs = 0;
  const release = CatalogCapture.prototype.release;
  CatalogCapture.prototype.release = function (this: CatalogCapture) {
    const t0 = performance.now();
    release.call(this);
    releaseMs = performance.now() - t0;
  };
  let t = performance.now();
  for (let u = 0; u < 1000; u++) apply('EntityCreated', { entity_id: `u${u}`, type: 'user', name: `User ${u}`, description: '', created_at: 1 });
  for (let i = 0; i < items; i++) item(i);
  void p.ws(WS).lexical;
  const buildS = (performance.now() - t) / 1000;
  const dir = mkdtempSync(join(tmpdir(), 'tg-snapshot-stall-'));
  const out: Round[] = [];
  try {
    let next = items;
    for (let round = 0; round < rounds; round++) {
      t = performance.now();
      p.capture().release();
      const captureMs = performance.now() - t;
      const gaps: number[] = [];
      let last = performance.now();
      let stop = false;
      const from = next;
      const tick = () => {
        const now = performance.now();
        gaps.push(now - last);
        last = now;
        for (let k = 0; k < foldPerTurn; k++) item(next++);
        if (!stop) setImmediate(tick);
      };
      setImmediate(tick);
      t = performance.now();
      await writeSnapshot(p, join(dir, `r${round}`), { position: seq, streamCreated: 's', partitions: 'all', takenAt: 1, id: `r${round}` });
      const snapshotS = (performance.now() - t) / 1000;
      stop = true;
      await new Promise((r) => setImmediate(r));
      out.push({
        captureMs, releaseMs, snapshotS, turns: gaps.length, maxMs: Math.max(...gaps), p99Ms: percentile(gaps, 99), p50Ms: percentile(gaps, 50), folded: next - from,
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { buildS, rounds: out };
}

const line = (who: string, r: Round, i: number) =>
  `| ${who} | ${i + 1} | ${r.captureMs.toFixed(1)} | ${r.releaseMs.toFixed(1)} | ${r.snapshotS.toFixed(1)} | ${r.folded} | ${r.maxMs.toFixed(0)} / ${r.p99Ms.toFixed(0)} / ${r.p50Ms.toFixed(1)} |`;

export async function run(args: string[]) {
  const items = arg(args, 'items', 200_000);
  const rounds = arg(args, 'rounds', 3);
  const fold = arg(args, 'fold', 5);
  const base = strArg(args, 'base', '');
  const results: { who: string; buildS: number; rounds: Round[]; load: string }[] = [];
  if (base) {
    const load = loadavg()[0]!.toFixed(1);
    const child = spawnSync(process.execPath, ['--max-old-space-size=12000', '--import', 'tsx', fileURLToPath(import.meta.url), '--child', `${items}`, `${rounds}`, `${fold}`], {
      cwd: base,
      encoding: 'utf8',
      maxBuffer: 1 << 24,
    });
    const json = child.stdout.split('\n').find((l) => l.startsWith('{"buildS"'));
    if (!json) throw new Error(`the base run failed: ${child.stderr.slice(-2000)}`);
    results.push({ who: 'base', ...(JSON.parse(json) as { buildS: number; rounds: Round[] }), load });
    console.log(`base: built in ${results[0]!.buildS.toFixed(1)} s`);
  }
  const load = loadavg()[0]!.toFixed(1);
  results.push({ who: 'this', ...(await measure(items, rounds, fold)), load });
  const markdown = [
    `${items.toLocaleString('en')} items, ${fold} new items folded every turn while each snapshot is written (in process)`,
    '',
    '| code | round | capture alone (ms) | release (ms) | snapshot (s) | items folded meanwhile | turns max / p99 / p50 (ms) |',
    '|---|---|---|---|---|---|---|',
    ...results.flatMap((r) => r.rounds.map((x, i) => line(`${r.who} (built in ${r.buildS.toFixed(1)} s, load ${r.load})`, x, i))),
  ].join('\n');
  const figures: Record<string, number | string> = {};
  for (const r of results) r.rounds.forEach((x, i) => Object.entries(x).forEach(([k, v]) => (figures[`${r.who}.${i}.${k}`] = v)));
  return { figures, markdown };
}

// As a child of `--base`: measure and print the figures as one line of JSON.
if (process.argv[2] === '--child') {
  const [items, rounds, fold] = process.argv.slice(3).map(Number);
  console.log(JSON.stringify(await measure(items!, rounds!, fold!)));
  process.exit(0);
}
