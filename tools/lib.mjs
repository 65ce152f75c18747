// Helpers shared by tools/start.mjs and tools/test.mjs. Plain Node (no dependencies): these run
// before `npm install` may have happened.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');

/** Installs node dependencies when node_modules is missing or older than the lock file. */
export function ensureNodeModules() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  if (existsSync(marker)) return;
  console.log('> installing node dependencies (npm ci, about a minute)…');
  // The committed lock file is complete for every platform (regenerated from scratch, checked with `npm ci`
  // in a fresh clone), so `npm ci` installs exactly it. Only errors are shown: engine and install-script
  // warnings of transitive packages are noise on a first run.
  let r = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.log('> npm ci failed (see above); trying npm install…');
    r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: root, stdio: 'inherit' });
  }
  if (r.status !== 0) throw new Error('installing node dependencies failed');
}

/** Finds nats-server, installing Debian's package when missing and allowed (root on Debian). */
export function ensureNatsServer() {
  const candidates = [process.env.NATS_SERVER_BIN, '/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'];
  for (const dir of (process.env.PATH ?? '').split(':')) if (dir) candidates.push(join(dir, 'nats-server'));
  for (const c of candidates) if (c && existsSync(c)) return c;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('> nats-server not found: installing it (apt-get install -y nats-server)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    const r = spawnSync('apt-get', ['install', '-y', 'nats-server'], { stdio: 'inherit', env });
    if (r.status === 0 && existsSync('/usr/sbin/nats-server')) return '/usr/sbin/nats-server';
  }
  throw new Error('nats-server is required: install it (e.g. apt-get install -y nats-server) or set NATS_URL to an existing server');
}

/** Version string of a binary, or undefined. */
export function versionOf(bin) {
  try {
    return execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}
