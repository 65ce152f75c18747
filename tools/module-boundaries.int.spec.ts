import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Proves the tag rule bites: `npm run lint` runs the same ESLint configuration over every project, so a
// service that imports another service fails it. The fixtures sit inside the ranking service's project
// (so Nx attributes them to it) and are ignored by the normal lint run; here they are linted on purpose.
const root = resolve(import.meta.dirname, '..');
const fixtures = 'libs/services/ranking/src/boundary-fixtures';
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' };

async function lint(file: string) {
  const eslint = new ESLint({ cwd: root, ignore: false });
  const [result] = await eslint.lintFiles([`${fixtures}/${file}`]);
  return result!.messages.map((m) => ({ ruleId: m.ruleId, message: m.message }));
}

describe('module boundaries (type:service may not import type:service)', () => {
  beforeAll(() => {
    // The rule reads Nx's project graph; on a clean clone there is none and the rule would skip itself.
    Object.assign(process.env, env);
    const r = spawnSync('npx', ['nx', 'show', 'projects'], { cwd: root, env, encoding: 'utf8' });
    expect(r.stdout).toContain('service-ranking');
  }, 120_000);

  it('a service importing another service is a lint error', async () => {
    const messages = await lint('imports-another-service.lint-fixture.ts');
    expect(messages).toEqual([
      {
        ruleId: '@nx/enforce-module-boundaries',
        message: expect.stringMatching(/A project tagged with "type:service" can only depend on libs tagged with .*"type:read-model"/),
      },
    ]);
  }, 120_000);

  it('a service importing only shared libraries passes', async () => {
    expect(await lint('shared-only.lint-fixture.ts')).toEqual([]);
  }, 120_000);
});
