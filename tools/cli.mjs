#!/usr/bin/env node
// `npx tastegraph …` / `npm run cli -- …`: loads the TypeScript CLI (apps/cli) through tsx with the
// repository's tsconfig, so it works from any directory.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
register({ tsconfig: join(root, 'tsconfig.json') });
await import(join(root, 'apps/cli/src/main.ts'));
