import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TastegraphClient } from '@tg/client';
import { startStack, type TestStack } from '@tg/test-stack';

const run = promisify(execFile);
const CLI = join(__dirname, '../../../tools/cli.mjs');

/** The CLI as an operator runs it (a child process: the stack answers in this one, so never spawnSync). */
async function cli(args: string[], env: Record<string, string> = {}) {
  try {
    const r = await run(process.execPath, [CLI, ...args], { env: { ...process.env, ...env }, timeout: 120_000 });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const x = e as { code?: number; stdout: string; stderr: string };
    return { code: x.code ?? 1, stdout: x.stdout, stderr: x.stderr };
  }
}

describe('tastegraph CLI against a running stack', () => {
  let s: TestStack;
  let dir: string;
  let url: string;
  const admin = () => ['--url', url, '--key', s.tg.accountSecret];
  beforeAll(async () => {
    s = await startStack();
    url = s.baseUrl;
    dir = mkdtempSync(join(tmpdir(), 'tg-cli-'));
  });
  afterAll(async () => {
    await s?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('creates and lists workspaces with the account secret', async () => {
    const made = await cli([...admin(), 'workspaces', 'create', 'from-cli', '--json']);
    expect(made.code, made.stderr).toBe(0);
    const w = JSON.parse(made.stdout);
    expect(w.public_id).toMatch(/^ws_/);
    const list = await cli([...admin(), 'ws', 'list']);
    expect(list.stdout).toContain(`${w.public_id}`);
    expect(list.stdout).toContain('from-cli');
    expect(list.stdout).not.toContain(w.workspace_api_key);
    const refused = await cli(['--url', url, '--key', w.workspace_api_key, 'workspaces', 'list']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/403/);
  });

  it('imports content, entities and links (JSONL and CSV), writes failures to a file, exports and re-imports the same graph', async () => {
    const { workspace_api_key: key, public_id: wsId } = await s.admin.createWorkspace('import');
    const jsonl = join(dir, 'catalog.jsonl');
    const lines = [
      ...Array.from({ length: 25 }, (_, i) => JSON.stringify({ id: `m${i}`, url: `https://cli.example/m/${i}`, title: `Movie ${i}`, content: i % 2 ? 'A jazz film about saxophone players in New York' : 'A mountain hiking documentary in the Alps' })),
      JSON.stringify({ url: 'https://cli.example/empty' }),
      '{ not json',
      JSON.stringify({ kind: 'entity', id: 'u1', type: 'user', name: 'Ada' }),
      JSON.stringify({ type: 'user', name: 'Bob', id: 'u2' }),
      JSON.stringify({ parent_id: 'u1', entity_id: 'm1', weight: 1 }),
      JSON.stringify({ parent_id: 'u1', entity_id: 'm3' }),
      JSON.stringify({ parent_id: 'u2', entity_id: 'm0', rel: 'liked' }),
      JSON.stringify({ parent_id: 'u2', entity_id: 'no-such-movie' }),
    ];
    writeFileSync(jsonl, lines.join('\n') + '\n');
    const failures = join(dir, 'failures.jsonl');
    const r = await cli(['--url', url, '--key', key, 'import', jsonl, '--batch', '10', '--failures', failures, '--json']);
    expect(r.code, r.stderr).toBe(1); // some records failed
    const summary = JSON.parse(r.stdout);
    expect(summary.phases.map((p: { kind: string; total: number; ok: number }) => [p.kind, p.total, p.ok])).toEqual([
      ['content', 26, 25],
      ['entity', 2, 2],
      ['link', 4, 3],
    ]);
    // Progress was reported (a line every 2 s off a terminal, and at the end).
    expect(r.stderr).toMatch(/content .*\d+\/26/);
    const failed = readFileSync(failures, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(failed.map((f) => f.line).sort((a, b) => a - b)).toEqual([26, 27, 33]);
    expect(failed.find((f) => f.line === 26).error).toMatch(/no_text_to_embed/);
    expect(failed.find((f) => f.line === 33).error).toMatch(/404/);

    const c = new TastegraphClient({ baseUrl: url, apiKey: key });
    expect((await c.getEntity('m7')).id).toBe('m7');
    const ranked = await c.rerank({ relative_to_entity_id: 'u1', in_terms_of_entity_type: 'content' }, { candidates: ['m2', 'm5'] });
    expect(ranked.results[0].entity_id).toBe('m5'); // u1 likes the jazz films

    // CSV (header row) of more links.
    const csv = join(dir, 'links.csv');
    writeFileSync(csv, 'parent_id,entity_id,rel,weight\nu2,m2,liked,0.5\n"u2","m4",,\n');
    const r2 = await cli(['--url', url, '--key', key, 'import', csv, '--json']);
    expect(r2.code, r2.stderr).toBe(0);
    expect(JSON.parse(r2.stdout).phases).toEqual([expect.objectContaining({ kind: 'link', total: 2, ok: 2 })]);

    // Export (from the event log) and re-import into a new workspace: the same graph.
    const out = join(dir, 'export.jsonl');
    const e = await cli(['export', '--workspace-id', wsId, '--nats', s.nats.url, '--out', out]);
    expect(e.code, e.stderr).toBe(0);
    expect(e.stderr).toMatch(/exported 25 content items, 2 entities, 5 links/);
    const { workspace_api_key: key2 } = await s.admin.createWorkspace('copy');
    const r3 = await cli(['--url', url, '--key', key2, 'import', out, '--json']);
    expect(r3.code, r3.stderr).toBe(0);
    expect(JSON.parse(r3.stdout).phases.map((p: { kind: string; ok: number }) => [p.kind, p.ok])).toEqual([
      ['content', 25],
      ['entity', 2],
      ['link', 5],
    ]);
    const c2 = new TastegraphClient({ baseUrl: url, apiKey: key2 });
    const again = await c2.rerank({ relative_to_entity_id: 'u1', in_terms_of_entity_type: 'content' }, { candidates: ['m2', 'm5'] });
    expect(again.results.map((x: { entity_id: string }) => x.entity_id)).toEqual(ranked.results.map((x: { entity_id: string }) => x.entity_id));
  });

  it('replays the read models from the event log', async () => {
    const r = await cli(['replay', 'catalog'], { NATS_URL: s.nats.url });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/catalog/);
  });
});
