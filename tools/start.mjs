// `npm start`: the embedded default. Installs what is missing, starts a nats-server with JetStream on
// the data directory (unless NATS_URL names one), then every service and the gateway in one process.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { ensureNatsServer, ensureNodeModules, root } from './lib.mjs';

ensureNodeModules();
const dataDir = resolve(process.env.TG_DATA_DIR || join(root, '.data'));
mkdirSync(dataDir, { recursive: true });
const env = { ...process.env, TG_DATA_DIR: dataDir };
let nats;

function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => res(p));
    });
  });
}

async function waitForPort(port, ms = 15000) {
  const { connect } = await import('node:net');
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const ok = await new Promise((r) => {
      const c = connect(port, '127.0.0.1', () => (c.end(), r(true)));
      c.on('error', () => r(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nats-server did not listen on ${port}`);
}

if (!env.NATS_URL) {
  const bin = ensureNatsServer();
  const port = Number(process.env.TG_NATS_PORT || (await freePort()));
  const store = join(dataDir, 'nats');
  mkdirSync(store, { recursive: true });
  nats = spawn(bin, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', store, '-l', join(dataDir, 'nats-server.log')], { stdio: 'inherit' });
  nats.on('exit', (code) => {
    if (!stopping) {
      console.error(`nats-server exited (${code}); stopping`);
      process.exit(1);
    }
  });
  await waitForPort(port);
  env.NATS_URL = `nats://127.0.0.1:${port}`;
  console.log(`> nats-server with JetStream on ${env.NATS_URL} (store: ${store})`);
}

let stopping = false;
const app = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/tastegraph/src/main.ts')], { stdio: 'inherit', env, cwd: root });
const stop = (sig) => {
  if (stopping) return;
  stopping = true;
  app.kill(sig);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
app.on('exit', (code) => {
  stopping = true;
  if (nats) {
    nats.once('exit', () => process.exit(code ?? 0));
    nats.kill('SIGTERM');
  } else process.exit(code ?? 0);
});
