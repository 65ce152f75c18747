/**
 * Receives the events of {@link JsonEventParser}. Keys arrive through `key`; every value inside an
 * object is preceded by its key.
 */
export interface JsonEventHandler {
  /** `{` was read. */
  startObject(): void;
  /** `}` was read. */
  endObject(): void;
  /** `[` was read. */
  startArray(): void;
  /** `]` was read. */
  endArray(): void;
  /** An object key was read. */
  key(name: string): void;
  /** A string value was read. */
  string(value: string): void;
  /** A number value was read. */
  number(value: number): void;
  /** `true`, `false` or `null` was read. */
  literal(value: boolean | null): void;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const LBRACE = 0x7b;
const RBRACE = 0x7d;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;
const MINUS = 0x2d;
const DOT = 0x2e;
const ZERO = 0x30;

/** What the parser expects next inside the innermost container. */
const enum Expect {
  Value,
  KeyOrEnd,
  Key,
  Colon,
  CommaOrEnd,
  ValueOrEnd,
}

/** Exact powers of ten (exact in float64 up to 1e22) for the fast number path. */
const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i);

function isSpace(b: number): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
}

function isNumberByte(b: number): boolean {
  return (b >= ZERO && b <= 0x39) || b === MINUS || b === DOT || b === 0x2b || b === 0x65 || b === 0x45;
}

/**
 * Scans a number starting at `start` and returns the index just past it, or -1 when the buffer ends
 * inside it. The value lands in `out[0]`. Mantissa and power of ten are both exact doubles on the fast
 * path, so the single division is correctly rounded and equals `parseFloat`.
 */
function scanNumber(buf: Uint8Array, start: number, final: boolean, out: Float64Array): number {
  const n = buf.length;
  let i = start;
  const negative = buf[i] === MINUS;
  if (negative) i++;
  let mantissa = 0;
  let digits = 0;
  let fraction = 0;
  let seenDot = false;
  let slow = false;
  for (; i < n; i++) {
    const b = buf[i];
    if (b >= ZERO && b <= 0x39) {
      mantissa = mantissa * 10 + (b - ZERO);
      digits++;
      if (seenDot) fraction++;
    } else if (b === DOT && !seenDot) {
      seenDot = true;
    } else if (isNumberByte(b)) {
      slow = true;
    } else {
      break;
    }
  }
  if (i === n && !final) return -1;
  if (slow || digits > 15 || digits === 0) {
    out[0] = slowNumber(buf, start, i);
  } else {
    const value = mantissa / POW10[fraction];
    out[0] = negative ? -value : value;
  }
  return i;
}

function slowNumber(buf: Uint8Array, start: number, end: number): number {
  const text = Buffer.from(buf.buffer, buf.byteOffset + start, end - start).toString('latin1');
  if (!/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(text)) throw new SyntaxError(`invalid JSON number ${text}`);
  return Number(text);
}

/**
 * A small push parser for JSON that emits events while bytes arrive, so a 300 MB document never has to
 * be held as one string or one object tree. Chunks may split any token; the unfinished tail is kept
 * and completed by the next `write`.
 *
 * Kept instead of a library because it is measured faster where it matters (the one-off conversion of the
 * 307 MB wink JSON): on a 24.6 MB file of the same shape, 0.36–0.50 s here against 2.6 s for stream-json
 * 3.8.0's parser in a fused stream-chain and 10 s through its Node object stream (same run, load 9–14 on
 * 2 cores; issue 13, docs/benchmarks.md).
 */
export class JsonEventParser {
  private tail: Buffer | null = null;
  private readonly stack: Array<'o' | 'a'> = [];
  private expect: Expect = Expect.Value;
  private done = false;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private readonly numberValue = new Float64Array(1);

  /** @param handler receives the events in document order. */
  constructor(private readonly handler: JsonEventHandler) {}

  /** Feeds the next chunk of the document. */
  write(chunk: Uint8Array): void {
    const buf = this.tail ? Buffer.concat([this.tail, chunk]) : chunk;
    const used = this.scan(buf, false);
    this.tail = used < buf.length ? Buffer.from(buf.subarray(used)) : null;
  }

  /** Signals the end of the document; throws when it is incomplete. */
  end(): void {
    if (this.tail) {
      const used = this.scan(this.tail, true);
      if (used < this.tail.length) throw new SyntaxError('unexpected end of JSON input');
      this.tail = null;
    }
    if (!this.done) throw new SyntaxError('unexpected end of JSON input');
  }

  /** Returns how many bytes were consumed; an unfinished token at the end is left unconsumed. */
  private scan(buf: Uint8Array, final: boolean): number {
    const n = buf.length;
    let i = 0;
    while (i < n) {
      const b = buf[i];
      if (isSpace(b)) {
        i++;
        continue;
      }
      if (this.done) throw new SyntaxError('unexpected data after JSON document');
      if (b === QUOTE) {
        const end = this.findStringEnd(buf, i + 1);
        if (end < 0) return i;
        this.onString(this.decodeString(buf, i, end));
        i = end + 1;
      } else if (isNumberByte(b)) {
        const j = scanNumber(buf, i, final, this.numberValue);
        if (j < 0) return i;
        this.beforeValue();
        this.handler.number(this.numberValue[0]);
        this.afterValue();
        i = j;
      } else if (b >= 0x61 && b <= 0x7a) {
        let j = i + 1;
        while (j < n && buf[j] >= 0x61 && buf[j] <= 0x7a) j++;
        if (j === n && !final) return i;
        this.onLiteral(Buffer.from(buf.buffer, buf.byteOffset + i, j - i).toString('latin1'));
        i = j;
      } else {
        this.onPunctuation(b);
        i++;
      }
    }
    return n;
  }

  private findStringEnd(buf: Uint8Array, from: number): number {
    for (let j = from; j < buf.length; j++) {
      const c = buf[j];
      if (c === QUOTE) return j;
      if (c === BACKSLASH) j++;
    }
    return -1;
  }

  private decodeString(buf: Uint8Array, open: number, close: number): string {
    const raw = buf.subarray(open + 1, close);
    if (raw.indexOf(BACKSLASH) < 0) return this.decoder.decode(raw);
    return JSON.parse(this.decoder.decode(buf.subarray(open, close + 1))) as string;
  }

  private onString(value: string): void {
    if (this.expect === Expect.Key || this.expect === Expect.KeyOrEnd) {
      this.handler.key(value);
      this.expect = Expect.Colon;
      return;
    }
    this.beforeValue();
    this.handler.string(value);
    this.afterValue();
  }

  private onLiteral(word: string): void {
    const value = word === 'true' ? true : word === 'false' ? false : word === 'null' ? null : undefined;
    if (value === undefined) throw new SyntaxError(`unexpected token ${word} in JSON`);
    this.beforeValue();
    this.handler.literal(value);
    this.afterValue();
  }

  private onPunctuation(b: number): void {
    switch (b) {
      case LBRACE:
        this.beforeValue();
        this.stack.push('o');
        this.expect = Expect.KeyOrEnd;
        this.handler.startObject();
        return;
      case LBRACKET:
        this.beforeValue();
        this.stack.push('a');
        this.expect = Expect.ValueOrEnd;
        this.handler.startArray();
        return;
      case RBRACE:
        this.close('o', Expect.KeyOrEnd);
        this.handler.endObject();
        this.afterValue();
        return;
      case RBRACKET:
        this.close('a', Expect.ValueOrEnd);
        this.handler.endArray();
        this.afterValue();
        return;
      case COLON:
        if (this.expect !== Expect.Colon) throw new SyntaxError('unexpected : in JSON');
        this.expect = Expect.Value;
        return;
      case COMMA:
        if (this.expect !== Expect.CommaOrEnd) throw new SyntaxError('unexpected , in JSON');
        this.expect = this.stack[this.stack.length - 1] === 'o' ? Expect.Key : Expect.Value;
        return;
      default:
        throw new SyntaxError(`unexpected byte 0x${b.toString(16)} in JSON`);
    }
  }

  private close(kind: 'o' | 'a', emptyState: Expect): void {
    if (this.stack[this.stack.length - 1] !== kind || (this.expect !== Expect.CommaOrEnd && this.expect !== emptyState)) {
      throw new SyntaxError(`unexpected ${kind === 'o' ? '}' : ']'} in JSON`);
    }
    this.stack.pop();
  }

  private beforeValue(): void {
    if (this.expect !== Expect.Value && this.expect !== Expect.ValueOrEnd) throw new SyntaxError('unexpected value in JSON');
  }

  private afterValue(): void {
    if (this.stack.length === 0) {
      this.done = true;
      this.expect = Expect.CommaOrEnd;
      return;
    }
    this.expect = Expect.CommaOrEnd;
  }
}
