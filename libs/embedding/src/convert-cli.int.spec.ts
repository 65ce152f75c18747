import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const CLI = join(import.meta.dirname, 'convert-cli.ts');
/** Shared with the other spec files: converting the package JSON takes seconds, so it is done once. */
const SHARED_CACHE = join(tmpdir(), 'tastegraph-embedding-cache');

describe('convert-cli', () => {
  it('makes sure the binary exists and says what it did', async () => {
    await run(process.execPath, ['--import', 'tsx', CLI, SHARED_CACHE]);
    const { stdout } = await run(process.execPath, ['--import', 'tsx', CLI, SHARED_CACHE]);
    expect(stdout).toMatch(/^valid binary already at .*glove-sg-100d\.v1\.bin \(\d+\.\d MB\), checked in \d+ ms: nothing to do\n$/);
  });

  it('prints usage and exits 2 without a directory', async () => {
    const err = await run(process.execPath, ['--import', 'tsx', CLI]).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(err?.code).toBe(2);
    expect(err?.stderr).toContain('usage: node --import tsx libs/embedding/src/convert-cli.ts <cacheDir>');
  });
});
