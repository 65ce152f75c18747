import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { crc32 } from 'node:zlib';

/**
 * Columnar snapshot files: a magic, a JSON header, then blocks (each a u32 byte length and its bytes), then a
 * CRC-32 of everything after the magic (zlib's; half the CPU of the SHA-1 that layout TGCOLS01 wrote, which is
 * refused: about 0.6 s of a 1,000,000-item restore). Columns are written in chunks of {@link CHUNK_ROWS} rows, one block per
 * chunk: numbers as typed arrays, strings as their byte lengths and one UTF-8 buffer. Writing awaits each
 * block (the event loop turns between chunks); reading is synchronous and checks every length it meets, and
 * {@link ColumnReader.finish} the checksum, so a torn or damaged file throws instead of being misread.
 */
const MAGIC = Buffer.from('TGCOLS02');
/** The layout before: the same blocks, a SHA-1 at the end. */
const OLD_MAGIC = Buffer.from('TGCOLS01');
/** Rows per block: small enough that encoding one holds the event loop for a few milliseconds. */
export const CHUNK_ROWS = 16_384;
const END = 0xffffffff;

/** A column file that cannot be read (wrong magic, torn, a length out of range, checksum mismatch). */
export class ColumnFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ColumnFileError';
  }
}

type NumberKind = 'f64' | 'f32' | 'u32' | 'i32' | 'u8';
const ARRAYS = { f64: Float64Array, f32: Float32Array, u32: Uint32Array, i32: Int32Array, u8: Uint8Array } as const;
type ArrayOf<K extends NumberKind> = InstanceType<(typeof ARRAYS)[K]>;

/** Writes a column file (see the module comment). Call {@link close} to finish it, {@link abort} to drop it. */
export class ColumnWriter {
  private crc = 0;
  bytes = 0;
  private constructor(private readonly fh: FileHandle) {}

  static async create(path: string, header: unknown): Promise<ColumnWriter> {
    const fh = await open(path, 'w');
    const w = new ColumnWriter(fh);
    await w.raw(MAGIC, false);
    await w.block(Buffer.from(JSON.stringify(header)));
    return w;
  }

  private async raw(buf: Uint8Array, hashed = true): Promise<void> {
    if (hashed) this.crc = crc32(buf, this.crc);
    let off = 0;
    while (off < buf.byteLength) off += (await this.fh.write(buf, off, buf.byteLength - off)).bytesWritten;
    this.bytes += buf.byteLength;
  }

  /** One block: its length, then its bytes. */
  async block(buf: Uint8Array): Promise<void> {
    if (buf.byteLength >= END) throw new RangeError(`column block of ${buf.byteLength} bytes is too large`);
    const len = Buffer.allocUnsafe(4);
    len.writeUInt32LE(buf.byteLength);
    await this.raw(len);
    await this.raw(buf);
  }

  async json(value: unknown): Promise<void> {
    await this.block(Buffer.from(JSON.stringify(value)));
  }

  /** A numeric column of `n` rows, each `get(i)` (stored as `kind`). */
  async numbers(kind: NumberKind, n: number, get: (i: number) => number): Promise<void> {
    for (let start = 0; start < n; start += CHUNK_ROWS) {
      const end = Math.min(n, start + CHUNK_ROWS);
      const a = new ARRAYS[kind](end - start);
      for (let i = start; i < end; i++) a[i - start] = get(i);
      await this.block(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
    }
  }

  /** Float rows (each `get(i)`, any length: write the lengths as a column of their own), concatenated. */
  async floatRows(n: number, get: (i: number) => ArrayLike<number>, kind: 'f32' | 'f64' = 'f32'): Promise<void> {
    for (let start = 0; start < n; start += CHUNK_ROWS) {
      const end = Math.min(n, start + CHUNK_ROWS);
      let total = 0;
      for (let i = start; i < end; i++) total += get(i).length;
      const a = new ARRAYS[kind](total);
      let o = 0;
      for (let i = start; i < end; i++) {
        const row = get(i);
        a.set(row, o);
        o += row.length;
      }
      await this.block(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
    }
  }

  /** A string column of `n` rows (`undefined` kept apart from the empty string). */
  async strings(n: number, get: (i: number) => string | undefined): Promise<void> {
    for (let start = 0; start < n; start += CHUNK_ROWS) {
      const end = Math.min(n, start + CHUNK_ROWS);
      const lengths = new Int32Array(end - start);
      let total = 0;
      let chars = 0;
      for (let i = start; i < end; i++) {
        const s = get(i);
        if (s === undefined) lengths[i - start] = -1;
        else {
          const b = Buffer.byteLength(s);
          lengths[i - start] = b;
          total += b;
          chars += s.length;
        }
      }
      // [u32 rows][u32 ascii flag][i32 × rows byte lengths][UTF-8 bytes]
      const head = 8 + lengths.byteLength;
      const buf = Buffer.allocUnsafe(head + total);
      buf.writeUInt32LE(end - start, 0);
      buf.writeUInt32LE(chars === total ? 1 : 0, 4);
      Buffer.from(lengths.buffer).copy(buf, 8);
      let o = head;
      for (let i = start; i < end; i++) {
        const s = get(i);
        if (s) o += buf.write(s, o);
      }
      await this.block(buf);
    }
  }

  /** Writes the checksum and closes the file. */
  async close(): Promise<void> {
    const end = Buffer.allocUnsafe(4);
    end.writeUInt32LE(END);
    await this.raw(end);
    const sum = Buffer.allocUnsafe(4);
    sum.writeUInt32LE(this.crc);
    await this.raw(sum, false);
    await this.fh.close();
  }

  async abort(): Promise<void> {
    await this.fh.close().catch(() => undefined);
  }
}

/** Reads a column file written by {@link ColumnWriter}, in the order it was written. */
export class ColumnReader {
  private crc = 0;
  private pos = 0;
  readonly header: unknown;

  private constructor(
    private readonly fd: number,
    readonly size: number,
  ) {
    const magic = this.read(MAGIC.length, false);
    if (magic.equals(OLD_MAGIC)) throw new ColumnFileError('a column file of the older column-file layout (SHA-1)');
    if (!magic.equals(MAGIC)) throw new ColumnFileError('not a column file');
    this.header = JSON.parse(this.block().toString('utf8'));
  }

  /** Opens a file (throws {@link ColumnFileError} when it is not a column file). Close it with {@link close}. */
  static open(path: string): ColumnReader {
    const fd = openSync(path, 'r');
    try {
      return new ColumnReader(fd, fstatSync(fd).size);
    } catch (e) {
      closeSync(fd);
      throw e instanceof ColumnFileError ? e : new ColumnFileError(`unreadable column file: ${(e as Error).message}`);
    }
  }

  private read(n: number, hashed = true): Buffer {
    // Its own ArrayBuffer at offset 0: typed-array views of it are aligned.
    return this.readInto(Buffer.from(new ArrayBuffer(n)), hashed);
  }

  /** Reused by {@link transient} (grown, never shrunk). */
  private scratch = Buffer.from(new ArrayBuffer(64 * 1024));

  /**
   * The next `n` bytes in a buffer the next call overwrites: for what is decoded at once and dropped (string
   * chunks, JSON, lengths). A fresh buffer per chunk cost a page fault per 4 KB of it, every time (13 % of a
   * million-item read); this one's pages stay mapped.
   */
  private transient(n: number, hashed = true): Buffer {
    if (n > this.scratch.byteLength) this.scratch = Buffer.from(new ArrayBuffer(Math.max(n, 2 * this.scratch.byteLength)));
    return this.readInto(this.scratch.subarray(0, n), hashed);
  }

  /** Reads the next `buf.length` bytes into `buf`. */
  private readInto(buf: Buffer, hashed = true): Buffer {
    const n = buf.byteLength;
    if (n < 0 || this.pos + n > this.size) throw new ColumnFileError(`torn column file: ${n} bytes wanted at ${this.pos} of ${this.size}`);
    let got = 0;
    while (got < n) {
      const r = readSync(this.fd, buf, got, n - got, this.pos + got);
      if (r === 0) throw new ColumnFileError('torn column file');
      got += r;
    }
    this.pos += n;
    if (hashed) this.crc = crc32(buf, this.crc);
    return buf;
  }

  /** The next block, in a buffer the next read overwrites (see {@link transient}). */
  private block(): Buffer {
    return this.transient(this.blockLength());
  }

  private blockLength(): number {
    const len = this.transient(4).readUInt32LE(0);
    if (len === END) throw new ColumnFileError('column file ended early');
    return len;
  }

  /** The next block, read straight into `target` (it must be exactly the block's length). */
  private blockInto(target: ArrayBufferView, what: string): void {
    const len = this.blockLength();
    if (len !== target.byteLength) throw new ColumnFileError(`${what}: a block of ${len} bytes where ${target.byteLength} were expected`);
    this.readInto(Buffer.from(target.buffer, target.byteOffset, target.byteLength));
  }

  json<T>(): T {
    try {
      return JSON.parse(this.block().toString('utf8')) as T;
    } catch (e) {
      if (e instanceof ColumnFileError) throw e;
      throw new ColumnFileError('damaged JSON block');
    }
  }

  /** A numeric column of `n` rows. */
  numbers<K extends NumberKind>(kind: K, n: number, into?: ArrayOf<K>): ArrayOf<K> {
    const Ctor = ARRAYS[kind];
    if (into && (!(into instanceof Ctor) || into.length !== n)) throw new ColumnFileError(`${kind} column: ${n} rows where ${into.length} were allocated`);
    const out = into ?? (new Ctor(n) as ArrayOf<K>);
    for (let start = 0; start < n; start += CHUNK_ROWS) {
      const rows = Math.min(n, start + CHUNK_ROWS) - start;
      this.blockInto(out.subarray(start, start + rows), `${kind} column`);
    }
    return out;
  }

  /**
   * Float rows of the given lengths, concatenated into one array (row i starts at the sum of lengths before it),
   * followed by `spare` zeros (room to grow that costs no page until written).
   */
  floatRows<K extends 'f32' | 'f64'>(lengths: ArrayLike<number>, kind: K, spare = 0, into?: ArrayOf<K>): ArrayOf<K> {
    const Ctor = ARRAYS[kind];
    let total = 0;
    for (let i = 0; i < lengths.length; i++) total += lengths[i]!;
    if (into && (!(into instanceof Ctor) || into.length !== total + spare)) throw new ColumnFileError(`float rows: ${total + spare} values where ${into.length} were allocated`);
    const out = into ?? (new Ctor(total + spare) as ArrayOf<K>);
    let o = 0;
    for (let start = 0; start < lengths.length; start += CHUNK_ROWS) {
      const end = Math.min(lengths.length, start + CHUNK_ROWS);
      let want = 0;
      for (let i = start; i < end; i++) want += lengths[i]!;
      this.blockInto(out.subarray(o, o + want), 'float rows');
      o += want;
    }
    return out;
  }

  /** A string column of `n` rows. */
  strings(n: number): (string | undefined)[] {
    const out = new Array<string | undefined>(n);
    for (let start = 0; start < n; start += CHUNK_ROWS) {
      const rows = Math.min(n, start + CHUNK_ROWS) - start;
      const b = this.block();
      if (b.byteLength < 8 || b.readUInt32LE(0) !== rows || b.byteLength < 8 + rows * 4) throw new ColumnFileError('damaged string chunk');
      const ascii = b.readUInt32LE(4) === 1;
      const lengths = new Int32Array(b.buffer, b.byteOffset + 8, rows);
      const head = 8 + rows * 4;
      let o = head;
      // An ASCII chunk is decoded once and cut into its rows (a substring is several times cheaper than a
      // decode per row); other chunks are decoded row by row (their byte lengths are not character counts).
      const all = ascii ? b.toString('latin1', head) : '';
      for (let i = 0; i < rows; i++) {
        const len = lengths[i]!;
        if (len < 0) out[start + i] = undefined;
        else {
          if (o + len > b.byteLength) throw new ColumnFileError('damaged string chunk');
          out[start + i] = ascii ? all.substring(o - head, o - head + len) : b.toString('utf8', o, o + len);
          o += len;
        }
      }
      if (o !== b.byteLength) throw new ColumnFileError('damaged string chunk');
    }
    return out;
  }

  /** A string column whose rows are all defined. */
  definedStrings(n: number): string[] {
    const s = this.strings(n);
    for (const x of s) if (x === undefined) throw new ColumnFileError('a missing string where every row has one');
    return s as string[];
  }

  /** Checks the end marker and the checksum (throws {@link ColumnFileError} on a mismatch) and closes the file. */
  finish(): void {
    try {
      if (this.transient(4).readUInt32LE(0) !== END) throw new ColumnFileError('column file has more blocks than its reader expects');
      const sum = this.transient(4, false).readUInt32LE(0);
      if (this.pos !== this.size) throw new ColumnFileError('trailing bytes after the checksum');
      if (sum !== this.crc) throw new ColumnFileError('checksum mismatch');
    } finally {
      this.close();
    }
  }

  private closed = false;
  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }
}
