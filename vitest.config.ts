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

export default defineConfig({
  resolve: { alias },
  test: {
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', include: ['{apps,libs,tools,bench}/**/*.unit.spec.ts'], environment: 'node' },
      },
      {
        resolve: { alias },
        test: {
          name: 'int',
          include: ['{apps,libs,tools}/**/*.{int,e2e}.spec.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
    ],
  },
});
