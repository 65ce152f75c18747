/** Whether `v` starts where `prev` ends, in the same array. */
function follows(prev: Float32Array, v: Float32Array): boolean {
  return v.buffer === prev.buffer && v.byteOffset === prev.byteOffset + prev.byteLength;
}

/**
 * The vectors (each `dim` long) one after another in one array. A restored catalog's vectors are views into the
 * few large arrays its snapshot was read into, mostly in the catalog's order. When they form one run, that run is
 * answered as a view, not copied (`borrowed`: the caller must not write it); otherwise each run of adjacent views
 * is copied at once into a new array (a million copies of 100 floats took 1.4 s on the benchmark machine).
 */
export function packVectors(vectors: readonly Float32Array[], dim: number): { data: Float32Array; borrowed: boolean } {
  for (const v of vectors) if (v.length !== dim) throw new RangeError(`packVectors: a vector of ${v.length} floats where ${dim} were expected`);
  const first = vectors[0];
  let runs = first ? 1 : 0;
  for (let i = 1; i < vectors.length; i++) if (!follows(vectors[i - 1]!, vectors[i]!)) runs++;
  if (first && runs === 1) return { data: new Float32Array(first.buffer, first.byteOffset, vectors.length * dim), borrowed: true };
  const data = new Float32Array(vectors.length * dim);
  let start = 0;
  for (let i = 1; i <= vectors.length; i++) {
    if (i < vectors.length && follows(vectors[i - 1]!, vectors[i]!)) continue;
    const head = vectors[start]!;
    data.set(new Float32Array(head.buffer, head.byteOffset, (i - start) * dim), start * dim);
    start = i;
  }
  return { data, borrowed: false };
}
