import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';

/** A nats-server with JetStream started for a test, on a free loopback port with a temporary store. */
export interface TestNats {
  url: string;
  port: number;
  storeDir: string;
  /** Stops the server (SIGKILL when `crash`, to simulate a crash) and keeps the store. */
  stop(opts?: { crash?: boolean }): Promise<void>;
  /** Starts it again on the same port and store. */
  restart(): Promise<void>;
  /** Stops it and removes the store. */
  dispose(): Promise<void>;
}

/** Finds the nats-server binary (PATH, /usr/sbin, /usr/local/bin, or NATS_SERVER_BIN). */
export function findNatsServer(): string {
  const candidates = [process.env['NATS_SERVER_BIN'], '/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'];
  for (const c of candidates) if (c && existsSync(c)) return c;
  for (const dir of (process.env['PATH'] ?? '').split(':')) {
    const p = join(dir, 'nats-server');
    if (dir && existsSync(p)) return p;
  }
  throw new Error('nats-server not found: install it (apt-get install -y nats-server) or set NATS_SERVER_BIN');
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** `n` distinct free loopback ports (all held open at once while chosen, so none is handed out twice). */
export async function freePorts(n: number): Promise<number[]> {
  const servers = Array.from({ length: n }, () => createServer());
  try {
    return await Promise.all(
      servers.map(
        (srv) =>
          new Promise<number>((resolve, reject) => {
            srv.once('error', reject);
            srv.listen(0, '127.0.0.1', () => {
              const addr = srv.address();
              resolve(typeof addr === 'object' && addr ? addr.port : 0);
            });
          }),
      ),
    );
  } finally {
    await Promise.all(servers.map((srv) => new Promise((r) => (srv.listening ? srv.close(r) : r(undefined)))));
  }
}

/**
 * Waits until a NATS client can connect (a condition, polled, bounded); with `serverName`, until the server
 * answering at `url` is that one (a port freed a moment ago may have been taken by another suite's server).
 */
export async function waitForNats(url: string, timeoutMs = 15_000, serverName?: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const nc = await connect({ servers: url, timeout: 1_000, reconnect: false });
      const name = nc.info?.server_name;
      await nc.close();
      if (serverName === undefined || name === serverName) return;
      last = new Error(`another server (${name}) answers there`);
      await new Promise((r) => setTimeout(r, 50));
    } catch (e) {
      last = e;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`nats-server at ${url} did not come up: ${String(last)}`);
}

/** Starts a nats-server with JetStream for a test. */
export async function startNats(opts: { storeDir?: string; port?: number } = {}): Promise<TestNats> {
  const bin = findNatsServer();
  const storeDir = opts.storeDir ?? mkdtempSync(join(tmpdir(), 'tg-nats-'));
  const port = opts.port ?? (await freePort());
  const url = `nats://127.0.0.1:${port}`;
  // Its own name: a restart on the same port must find this server there, never another suite's that took the
  // port meanwhile (the clients of this stack would then join that suite's queue groups).
  const name = `tg-test-${port}-${randomUUID().slice(0, 8)}`;
  let child: ChildProcess | undefined;
  const launch = async () => {
    const c = (child = spawn(bin, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir, '--http_port', '0', '--server_name', name], { stdio: 'ignore' }));
    // A server that cannot listen (the port is taken) exits at once: fail then, not after the whole wait.
    const exited = new Promise<never>((_, reject) => c.once('exit', (code) => reject(new Error(`nats-server on port ${port} exited (code ${code}) before it answered`))));
    await Promise.race([waitForNats(url, undefined, name), exited]);
  };
  const stop = async (o: { crash?: boolean } = {}) => {
    const c = child;
    child = undefined;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise<void>((r) => c.once('exit', () => r()));
    c.kill(o.crash ? 'SIGKILL' : 'SIGTERM');
    await exited;
  };
  await launch();
  return {
    url,
    port,
    storeDir,
    stop,
    restart: launch,
    async dispose() {
      await stop();
      rmSync(storeDir, { recursive: true, force: true });
    },
  };
}
