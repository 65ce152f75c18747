import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TastegraphClient } from '@tg/client';
import { freePort } from '@tg/test-stack/nats';
import { TEST_MODEL_DIR, eventually } from '@tg/test-stack';

const root = new URL('..', import.meta.url).pathname;

/** Runs `npm start`'s script as a user would, collecting its output. */
function start(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let out = '';
  const child = spawn(process.execPath, [join(root, 'tools/start.mjs')], { cwd: root, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.on('exit', r));
  return { child, output: () => out, exited };
}

describe('npm start (tools/start.mjs): the embedded default as a user runs it', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tg-start-'));
  mkdirSync(TEST_MODEL_DIR, { recursive: true });
  symlinkSync(TEST_MODEL_DIR, join(dataDir, 'models'));
  let running: ReturnType<typeof start> | undefined;
  afterAll(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGINT');
      await running.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts NATS and every service, prints the URL and the secret once, stops cleanly, and keeps data across restarts', async () => {
    const port = await freePort();
    running = start({ TG_DATA_DIR: dataDir, PORT: String(port) });
    const base = `http://127.0.0.1:${port}/v1`;
    await eventually(() => running!.output().includes('is running'), { timeoutMs: 60_000, what: 'npm start prints the URL' });
    expect(running.output()).toContain(`tastegraph is running at ${base}`);
    const secret = readFileSync(join(dataDir, 'account-secret'), 'utf8').trim();
    expect(secret).toMatch(/^tg_sk_/);
    expect(running.output()).toContain(secret);
    const admin = new TastegraphClient({ baseUrl: base, apiKey: secret });
    const w = await admin.createWorkspace('from-npm-start');
    const ws = admin.with({ apiKey: w.workspace_api_key });
    await ws.createEntity({ type: 'user', name: 'Persisted', id: 'p1' });
    running.child.kill('SIGINT');
    expect(await running.exited).toBe(0);

    running = start({ TG_DATA_DIR: dataDir, PORT: String(port) });
    await eventually(() => running!.output().includes('is running'), { timeoutMs: 60_000, what: 'second start' });
    expect(running.output()).not.toContain(secret);
    expect((await ws.getEntity('p1')).name).toBe('Persisted');
    running.child.kill('SIGINT');
    expect(await running.exited).toBe(0);
  });
});
