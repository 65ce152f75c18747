/**
 * Restore benchmark: how long a ranking instance takes to read its catalog snapshot, and what changes it — the
 * young generation's size (`--max-semi-space-size`) and the reader's code — as ratios measured in the same run.
 *
 * 1. Builds a workspace of `--items` content items in process (the million bench's shape: synthetic text, a
 *    random unit vector of `--dim`, one user), builds its lexical index (as ranking does) and writes a snapshot.
 * 2. Reads it in fresh processes (`bench/restore-child.mjs`), one per variant in turn for `--rounds` rounds:
 *    each variant is node flags and optionally another checkout's reader (`--base <dir>`: variants named
 *    `base…` read with that checkout's code, which must read the same format). Median read time per variant
 *    and its ratio to the first variant.
 *
 * Usage: npm run bench -- restore [-- --items 200000 --rounds 5 --variants 'default=;semi64=--max-semi-space-size=64' --base /tmp/old
 *   --file /tmp/200k.snap (kept, and reused when it exists) --base-file /tmp/200k-old.snap (the base checkout's own)]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeVector, event, type StoredEvent } from '@tg/contracts';
import { CatalogProjection } from '@tg/domain';
import { percentile } from '@tg/math';
import { writeSnapshot } from '@tg/read-model';
import { arg, strArg, syntheticText } from './support';

/** The million bench's workspace, folded in process. */
export function syntheticCatalog(items: number, dim: number, seed = 12345): CatalogProjection {
  let rnd = seed;
  const rand = () => ((rnd = (Math.imul(rnd, 1103515245) + 12345) >>> 0) / 2 ** 32) * 2 - 1;
  const ws = 'ws_restore';
  const meta = { workspace: ws, at: 1 };
  const p = new CatalogProjection();
  let seq = 0;
  const apply = (e: ReturnType<typeof event>) => p.apply({ ...e, seq: ++seq, subject: `tg.evt.${ws}.entity.x` } as StoredEvent);
  apply(event('EntityCreated', { entity_id: 'user', type: 'user', name: 'User', description: '', created_at: 1 }, meta));
  const v = new Float32Array(dim);
  for (let i = 0; i < items; i++) {
    const id = `c${i}`;
    apply(event('ContentIndexed', { entity_id: id, url: `https://synthetic.test/${ws}/${i}`, media_type: 'text', name: `Item ${i}`, description: '', text: syntheticText(i), text_digest: `d${i}`, source: 'inline', skip_url_fetch: true, skip_media_enrich: true, indexed_at: 1 }, meta));
    let norm = 0;
    for (let k = 0; k < dim; k++) norm += (v[k] = rand()) ** 2;
    for (let k = 0; k < dim; k++) v[k]! /= Math.sqrt(norm);
    apply(event('ContentEmbedded', { entity_id: id, of: 'content', model: 'synthetic', dim, vector: encodeVector(v), text_digest: `d${i}`, embedded_at: 1 }, meta));
  }
  return p;
}

export async function run(args: string[]) {
  const items = arg(args, 'items', 200_000);
  const dim = arg(args, 'dim', 100);
  const rounds = arg(args, 'rounds', 5);
  const base = strArg(args, 'base', '');
  // A snapshot written by the other checkout (its own format), read by the `base…` variants.
  const baseFile = strArg(args, 'base-file', '');
  const variants = strArg(args, 'variants', 'default=;semi32=--max-semi-space-size=32;semi64=--max-semi-space-size=64')
    .split(';')
    .map((s) => {
      const [name, flags = ''] = s.split('=', 2).length === 2 ? [s.slice(0, s.indexOf('=')), s.slice(s.indexOf('=') + 1)] : [s, ''];
      return { name: name!, flags: flags.split(' ').filter(Boolean) };
    });
  const keep = strArg(args, 'file', '');
  const dir = mkdtempSync(join(tmpdir(), 'tg-restore-'));
  const file = keep || join(dir, 'catalog.snap');
  const figures: Record<string, number | string> = { items, dim, rounds };
  try {
    // `--file`: a snapshot written by an earlier run is read again (it is written there when missing).
    if (!existsSync(file)) {
      let t = performance.now();
      const catalog = syntheticCatalog(items, dim);
      for (const c of catalog.all()) void c.lexical.size;
      figures['build_s'] = +((performance.now() - t) / 1000).toFixed(1);
      t = performance.now();
      await writeSnapshot(catalog, file, { position: 1, streamCreated: 'bench', partitions: 'all', takenAt: 1, id: 'bench' });
      figures['write_s'] = +((performance.now() - t) / 1000).toFixed(1);
    }
    figures['snapshot_mb'] = +(statSync(file).size / 1e6).toFixed(0);
    const times = new Map(variants.map((v) => [v.name, [] as { readMs: number; cpuMs: number; gcMs: number; rssMb: number }[]]));
    const loads: number[] = [];
    for (let r = 0; r < rounds; r++) {
      for (const v of variants) {
        const other = v.name.startsWith('base') && base;
        const out = execFileSync(process.execPath, [...v.flags, '--import', 'tsx', join(process.cwd(), 'bench', 'restore-child.mjs'), other && baseFile ? baseFile : file], { cwd: other ? base : process.cwd(), encoding: 'utf8' });
        const line = JSON.parse(out.trim().split('\n').pop()!) as { readMs: number; cpuMs: number; gcMs: number; rssMb: number };
        times.get(v.name)!.push(line);
        console.log(`round ${r + 1} ${v.name}: read ${line.readMs.toFixed(0)} ms, cpu ${line.cpuMs.toFixed(0)} ms, gc ${line.gcMs.toFixed(0)} ms, RSS after ${line.rssMb.toFixed(0)} MB (load ${loadavg()[0]!.toFixed(1)})`);
      }
      loads.push(loadavg()[0]!);
    }
    const ref = percentile(times.get(variants[0]!.name)!.map((x) => x.readMs), 50);
    const refCpu = percentile(times.get(variants[0]!.name)!.map((x) => x.cpuMs), 50);
    const rows = ['| variant | node flags | read p50 (ms) | CPU p50 (ms) | gc pauses p50 (ms) | RSS after p50 (MB) | read vs first | CPU vs first |', '|---|---|---|---|---|---|---|---|'];
    for (const v of variants) {
      const xs = times.get(v.name)!;
      const readMs = percentile(xs.map((x) => x.readMs), 50);
      const gcMs = percentile(xs.map((x) => x.gcMs), 50);
      const cpuMs = percentile(xs.map((x) => x.cpuMs), 50);
      const rssMb = percentile(xs.map((x) => x.rssMb), 50);
      figures[`${v.name}_rss_mb`] = Math.round(rssMb);
      figures[`${v.name}_cpu_ms`] = Math.round(cpuMs);
      figures[`${v.name}_cpu_vs_first`] = +(cpuMs / refCpu).toFixed(3);
      figures[`${v.name}_read_ms`] = Math.round(readMs);
      figures[`${v.name}_gc_ms`] = Math.round(gcMs);
      figures[`${v.name}_vs_first`] = +(readMs / ref).toFixed(3);
      figures[`${v.name}_per_round`] = xs.map((x) => Math.round(x.readMs)).join(' ');
      figures[`${v.name}_cpu_per_round`] = xs.map((x) => Math.round(x.cpuMs)).join(' ');
      rows.push(`| ${v.name} | ${v.flags.join(' ') || '—'} | ${Math.round(readMs)} | ${Math.round(cpuMs)} | ${Math.round(gcMs)} | ${Math.round(rssMb)} | ${(readMs / ref).toFixed(3)} | ${(cpuMs / refCpu).toFixed(3)} |`);
    }
    figures['load_1m'] = loads.map((l) => l.toFixed(1)).join(' ');
    const markdown = [
      `Snapshot of ${items.toLocaleString('en')} items (d = ${dim}, lexical index included): ${figures['snapshot_mb']} MB. ${rounds} rounds, variants in turn, each read in a fresh process; load average per round ${figures['load_1m']}.`,
      '',
      ...rows,
    ].join('\n');
    return { figures, markdown };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
