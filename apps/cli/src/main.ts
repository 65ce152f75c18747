// `tastegraph` (npx tastegraph …, npm run cli -- …): the operator's command line. See README.md ("CLI").
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TastegraphClient } from '@tg/client';
import { Command, InvalidArgumentError } from 'commander';
import { exportWorkspace } from './export';
import { importRecords } from './import';
import { readRecords } from './records';

const root = resolve(new URL('../../..', import.meta.url).pathname);

interface Conn {
  url: string;
  key?: string;
  workspace?: string;
  dataDir: string;
}

const int = (name: string, min: number, max: number) => (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new InvalidArgumentError(`${name} must be an integer in [${min}, ${max}]`);
  return n;
};

/** The key: --key, else TASTEGRAPH_API_KEY, else (for admin commands) the account secret in the data dir. */
function keyOf(c: Conn, admin: boolean): string {
  const key = c.key ?? process.env['TASTEGRAPH_API_KEY'] ?? (admin ? process.env['TG_ACCOUNT_SECRET'] : undefined);
  if (key) return key;
  const file = join(c.dataDir, 'account-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  throw new Error(`no API key: pass --key, set TASTEGRAPH_API_KEY${admin ? `, or run where ${file} exists` : ''}`);
}

function clientOf(c: Conn, admin = false): TastegraphClient {
  return new TastegraphClient({ baseUrl: c.url.replace(/\/+$/, '').replace(/(?<!\/v1)$/, '/v1'), apiKey: keyOf(c, admin), workspaceId: admin ? undefined : c.workspace });
}

async function ok<T>(p: Promise<{ status: number; body: T }>): Promise<T> {
  const r = await p;
  if (r.status >= 300) {
    const b = r.body as { code?: string; error?: string };
    throw new Error(`${r.status} ${b?.code ?? ''}: ${b?.error ?? JSON.stringify(r.body)}`);
  }
  return r.body;
}

const program = new Command('tastegraph')
  .description('Operate a tastegraph server: workspaces, bulk import with progress, export, replay')
  .option('--url <url>', 'base URL of the API (TASTEGRAPH_URL)', process.env['TASTEGRAPH_URL'] ?? 'http://127.0.0.1:8080/v1')
  .option('--key <key>', 'API key: a workspace key, or the account secret (TASTEGRAPH_API_KEY)')
  .option('--workspace <id>', 'workspace id, with the account secret (X-Workspace-Id)')
  .option('--data-dir <dir>', 'data dir holding account-secret (TG_DATA_DIR)', process.env['TG_DATA_DIR'] ?? join(process.cwd(), '.data'))
  .showHelpAfterError();
const conn = (): Conn => {
  const o = program.opts<{ url: string; key?: string; workspace?: string; dataDir: string }>();
  return { url: o.url, key: o.key, workspace: o.workspace, dataDir: o.dataDir };
};

const ws = program.command('workspaces').alias('ws').description('workspaces (account secret)');
ws.command('create <name>')
  .description('create a workspace; prints its id and key (the key is shown once)')
  .option('--json', 'print the whole answer as JSON')
  .action(async (name: string, o: { json?: boolean }) => {
    const r = await ok(clientOf(conn(), true).request('POST', '/admin/workspaces', { body: { name } }));
    if (o.json) console.log(JSON.stringify(r));
    else console.log(`workspace ${r.public_id} (${r.name})\nkey       ${r.workspace_api_key}   (shown once)`);
  });
ws.command('list')
  .description('list workspaces')
  .option('--json', 'print JSON')
  .action(async (o: { json?: boolean }) => {
    const r = await ok(clientOf(conn(), true).request('GET', '/admin/workspaces'));
    if (o.json) return console.log(JSON.stringify(r));
    for (const w of r.workspaces as { public_id: string; name: string; created_at: number; api_key_prefix: string }[]) {
      console.log(`${w.public_id}  ${new Date(w.created_at).toISOString()}  ${w.api_key_prefix}…  ${w.name}`);
    }
  });

program
  .command('import <file>')
  .description('import content, entities and links from JSONL (one object a line) or CSV (header row) through the batch API')
  .option('--batch <n>', 'content items per POST /entity/batch', int('--batch', 1, 200), 200)
  .option('--concurrency <n>', 'batches in flight (entities and links: 4× as many requests)', int('--concurrency', 1, 64), 4)
  .option('--failures <file>', 'where failed records go, one JSON line each (default <file>.failures.jsonl)')
  .option('--no-progress', 'print a progress line every 2 s instead of a bar')
  .option('--json', 'print the summary as JSON on stdout')
  .action(async (file: string, o: { batch: number; concurrency: number; failures?: string; progress: boolean; json?: boolean }) => {
    const { records, bad } = await readRecords(file);
    const failuresPath = o.failures ?? `${file}.failures.jsonl`;
    const summary = await importRecords(clientOf(conn()), records, bad, {
      batch: o.batch,
      concurrency: o.concurrency,
      failuresPath,
      progress: o.progress && process.stderr.isTTY === true,
    });
    if (o.json) console.log(JSON.stringify(summary));
    else {
      for (const p of summary.phases) console.log(`${p.kind}: ${p.ok}/${p.total} in ${p.seconds.toFixed(1)} s (${Math.round(p.perSecond).toLocaleString('en-US')} items/s), ${p.failed} failed`);
      console.log(summary.failed ? `${summary.failed} failed: see ${failuresPath}` : 'no failures');
    }
    if (summary.failed) process.exitCode = 1;
  });

program
  .command('export')
  .description("write a workspace's entities and links as JSONL (re-importable), read from the event log")
  .requiredOption('--workspace-id <id>', 'the workspace (ws_…)')
  .option('--nats <url>', 'NATS of the stack (NATS_URL)', process.env['NATS_URL'])
  .option('--out <file>', 'output file (default stdout)')
  .action(async (o: { workspaceId: string; nats?: string; out?: string }) => {
    if (!o.nats) throw new Error('export reads the event log: pass --nats or set NATS_URL (npm start prints it)');
    const r = await exportWorkspace(o.nats, o.workspaceId, o.out);
    console.error(`exported ${r.content} content items, ${r.entities} entities, ${r.links} links in ${r.seconds.toFixed(1)} s`);
  });

program
  .command('replay')
  .description('rebuild read models from the event log and print their digests (npm run replay; NATS_URL)')
  .allowUnknownOption()
  .argument('[args...]', 'projections and options, e.g. catalog --compare')
  .action((args: string[]) => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'tools/replay.ts'), ...args], { stdio: 'inherit', cwd: root });
    process.exitCode = r.status ?? 1;
  });

try {
  await program.parseAsync(process.argv);
} catch (e) {
  console.error(`tastegraph: ${(e as Error).message}`);
  process.exitCode = 1;
}
