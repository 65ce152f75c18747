// `npm test`: typecheck, lint (module boundaries), then every Vitest tier (unit, service, e2e; vitest.config.ts).
// With arguments, only Vitest with those arguments (`npm run test:service` = `node tools/test.mjs --project service`).
// Prints a plain "N passed, N failed" line and exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureNatsServer, ensureNodeModules, root } from './lib.mjs';

ensureNodeModules();
process.env.NATS_SERVER_BIN ||= ensureNatsServer();
const run = (label, cmd, args) => {
  console.log(`\n> ${label}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  return r.status === 0;
};
const extra = process.argv.slice(2);
let ok = true;
process.env.NX_DAEMON ||= 'false';
process.env.NX_NO_CLOUD ||= 'true';
if (!extra.length) {
  // The module-boundary rule reads Nx's project graph; build it first (on a clean clone there is none,
  // and the rule would silently skip itself).
  ok = run('project graph (nx show projects)', 'npx', ['nx', 'show', 'projects']) && ok;
  ok = run('typecheck (tsc --noEmit)', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']) && ok;
  ok = run('lint (eslint, module boundaries)', 'npx', ['eslint', '--max-warnings=0', 'apps', 'libs', 'e2e', 'bench', 'tools']) && ok;
}
const out = join(root, '.test-results.json');
rmSync(out, { force: true });
run('tests (vitest)', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}`, ...extra]);
let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(out)) {
  const r = JSON.parse(readFileSync(out, 'utf8'));
  passed = r.numPassedTests;
  failed = r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
  skipped = r.numPendingTests + r.numTodoTests;
  for (const f of r.testResults ?? []) if (f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed')) failed++;
} else failed = 1;
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(ok && failed === 0 && passed > 0 ? 0 : 1);
