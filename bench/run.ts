/**
 * Benchmark runner: `npm run bench -- <name> [-- args]` runs `bench/<name>.ts`'s `run(args)`, prints its
 * figures with the machine they ran on, and writes them to bench/results/<name>.json (git-ignored).
 * The latest figures are copied by hand into docs/benchmarks.md.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus, freemem, totalmem } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** What every benchmark module exports. */
export interface BenchModule {
  run(args: string[]): Promise<{ figures: Record<string, number | string>; markdown: string }>;
}

/** One line describing this machine, printed with every result. */
export function machine(): string {
  const c = cpus();
  return `${c[0]?.model ?? 'cpu'} × ${c.length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB (${(freemem() / 2 ** 30).toFixed(0)} free), Node ${process.version}`;
}

const dir = new URL('.', import.meta.url).pathname;
const [name, ...rest] = process.argv.slice(2).filter((a, i) => !(i === 0 && a === '--'));
const args = rest.filter((a) => a !== '--');
const available = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !['run.ts', 'support.ts', 'profile.ts'].includes(f) && !f.includes('.spec.'))
  .map((f) => f.replace(/\.ts$/, ''));
if (!name || !available.includes(name)) {
  console.error(`usage: npm run bench -- <name> [-- args]\navailable: ${available.join(', ')}`);
  process.exit(2);
}
const mod = (await import(pathToFileURL(join(dir, `${name}.ts`)).href)) as BenchModule;
const started = new Date();
console.log(`# bench ${name} — ${started.toISOString()}\n# machine: ${machine()}\n`);
const { figures, markdown } = await mod.run(args);
console.log(`\n${markdown}\n`);
mkdirSync(join(dir, 'results'), { recursive: true });
writeFileSync(join(dir, 'results', `${name}.json`), JSON.stringify({ name, at: started.toISOString(), machine: machine(), args, figures }, null, 2));
process.exit(0);
