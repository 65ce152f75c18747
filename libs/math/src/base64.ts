/**
 * Float64Array <-> base64 with an explicit little-endian byte order, so serialized taste
 * statistics mean the same thing on every host. Uses Buffer on Node and btoa/atob elsewhere.
 */

const LITTLE_ENDIAN_HOST = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

interface BufferLike {
  from(data: Uint8Array | string, encoding?: string): Uint8Array & { toString(encoding: string): string };
}
const NodeBuffer = (globalThis as { Buffer?: BufferLike }).Buffer;

function toLittleEndianBytes(values: Float64Array): Uint8Array {
  if (LITTLE_ENDIAN_HOST) return new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  const bytes = new Uint8Array(values.length * 8);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < values.length; i++) view.setFloat64(i * 8, values[i], true);
  return bytes;
}

/** Encodes doubles as base64 of their IEEE-754 little-endian bytes. */
export function float64ToBase64(values: Float64Array): string {
  const bytes = toLittleEndianBytes(values);
  if (NodeBuffer) return NodeBuffer.from(bytes).toString('base64');
  let binary = '';
  // Chunked to stay below the engine's argument-count limit for String.fromCharCode.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/**
 * Decodes the output of {@link float64ToBase64}.
 *
 * @throws RangeError when the decoded byte count is not a multiple of 8.
 */
export function base64ToFloat64(text: string): Float64Array {
  let bytes: Uint8Array;
  if (NodeBuffer) {
    bytes = NodeBuffer.from(text, 'base64');
  } else {
    const binary = atob(text);
    bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  }
  if (bytes.length % 8 !== 0) throw new RangeError(`base64ToFloat64: ${bytes.length} bytes is not a whole number of doubles`);
  const out = new Float64Array(bytes.length / 8);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat64(i * 8, true);
  return out;
}
