import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

// One source of truth for import aliases: tsconfig.base.json's `paths`.
const base = JSON.parse(readFileSync(new URL('./tsconfig.base.json', import.meta.url), 'utf8')) as {
  compilerOptions: { paths: Record<string, string[]> };
};
const alias = Object.fromEntries(
  Object.entries(base.compilerOptions.paths).map(([name, [target]]) => [name, resolve(import.meta.dirname, target)]),
);

/**
 * Three tiers, each runnable on its own (`npm run test:unit`, `test:service`, `test:e2e`; `npm test` runs all):
 * - unit (`*.unit.spec.ts`): pure code, the gateway over a fake operation client, decider specifications;
 *   no nats-server, no model files, no sockets beyond a loopback HTTP server. Seconds.
 * - service (`*.int.spec.ts`): real parts one at a time: a nats-server on a free port, the 38 MB embedding
 *   model built from its package, model fits, local HTTP servers for the fetcher.
 * - e2e (`*.e2e.spec.ts`): the whole system through the HTTP gateway (mostly the e2e/ project), the CLI and
 *   the start scripts.
 */
const tier = (name: string, include: string[], slow = false, extra: Record<string, unknown> = {}) => ({
  resolve: { alias },
  test: { name, include, environment: 'node', ...(slow ? { testTimeout: 60_000, hookTimeout: 120_000 } : {}), ...extra },
});

export default defineConfig({
  resolve: { alias },
  test: {
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    projects: [
      tier('unit', ['{apps,libs,tools,bench,e2e}/**/*.unit.spec.ts'], false, { isolate: false }),
      tier('service', ['{apps,libs,tools,bench}/**/*.int.spec.ts'], true),
      tier('e2e', ['{apps,libs,tools,e2e}/**/*.e2e.spec.ts'], true),
    ],
  },
});
