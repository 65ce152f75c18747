import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';

// Infrastructure clients that pure libraries (contracts, domain, math, models) must never import.
const IO_PACKAGES = ['@nats-io/*', 'fastify', '@fastify/*', '@nestjs/*', '@qdrant/*', 'undici', 'pg', 'ioredis', 'linkedom', 'pino'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.nx/**', '.data/**', '**/*.lint-fixture.ts', 'apps/gateway/assets/vendor/**', '**/*.min.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.mjs', '**/*.js'],
    plugins: { '@nx': nx },
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', Buffer: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', setImmediate: 'readonly', performance: 'readonly', fetch: 'readonly', AbortController: 'readonly', AbortSignal: 'readonly', TextEncoder: 'readonly', TextDecoder: 'readonly', structuredClone: 'readonly', queueMicrotask: 'readonly', document: 'readonly', window: 'readonly' } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            // Apps and the composition root wire services together; nothing else may.
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:composition', 'type:service', 'type:service-runtime', 'type:read-model', 'type:feature', 'type:infra', 'type:domain', 'type:math', 'type:model', 'type:contracts', 'type:util', 'type:client'] },
            { sourceTag: 'type:composition', onlyDependOnLibsWithTags: ['type:service', 'type:service-runtime', 'type:read-model', 'type:feature', 'type:infra', 'type:domain', 'type:math', 'type:model', 'type:contracts', 'type:util'] },
            // A service never imports another service: shared code lives in read-model, service-runtime or a pure library.
            { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:service-runtime', 'type:read-model', 'type:infra', 'type:domain', 'type:math', 'type:model', 'type:contracts', 'type:util'] },
            { sourceTag: 'type:read-model', onlyDependOnLibsWithTags: ['type:service-runtime', 'type:infra', 'type:domain', 'type:math', 'type:model', 'type:contracts', 'type:util'] },
            { sourceTag: 'type:service-runtime', onlyDependOnLibsWithTags: ['type:infra', 'type:contracts', 'type:math', 'type:util'] },
            // The gateway (http-api) talks to services over the bus only.
            { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:infra', 'type:domain', 'type:math', 'type:model', 'type:contracts', 'type:util'] },
            { sourceTag: 'type:infra', onlyDependOnLibsWithTags: ['type:infra', 'type:contracts', 'type:math', 'type:util'] },
            { sourceTag: 'type:domain', onlyDependOnLibsWithTags: ['type:domain', 'type:contracts', 'type:math', 'type:util'], bannedExternalImports: IO_PACKAGES },
            { sourceTag: 'type:model', onlyDependOnLibsWithTags: ['type:model', 'type:math', 'type:contracts', 'type:util'], bannedExternalImports: IO_PACKAGES },
            { sourceTag: 'type:math', onlyDependOnLibsWithTags: ['type:math'], bannedExternalImports: IO_PACKAGES },
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:contracts'], bannedExternalImports: IO_PACKAGES },
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util', 'type:contracts'], bannedExternalImports: IO_PACKAGES },
            { sourceTag: 'type:client', onlyDependOnLibsWithTags: ['type:contracts'], bannedExternalImports: ['@nats-io/*', 'fastify', '@fastify/*', '@qdrant/*'] },
            { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:testing', 'type:composition', 'type:infra', 'type:contracts', 'type:util', 'type:client', 'type:feature', 'type:domain', 'type:math', 'type:model'] },
            { sourceTag: 'scope:client', onlyDependOnLibsWithTags: ['scope:client', 'scope:shared'] },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.spec.ts', 'bench/**/*.ts', 'tools/**/*.ts'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  {
    // The system e2e project (type:e2e) drives the whole system from outside: it may use any library (the test
    // harness, the client, read-model internals to compare states) but no app entry point, and nothing may
    // import it.
    files: ['e2e/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': ['error', { enforceBuildableLibDependency: false, allow: [], depConstraints: [{ sourceTag: 'type:e2e', notDependOnLibsWithTags: ['type:app', 'type:e2e'] }] }],
    },
  },
);
