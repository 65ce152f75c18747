import { CatalogProjection, ParentTaste, WorkspaceCatalog, type CatalogCapture, type ClusterSet, type EntityDoc, type WorkspaceImage } from '@tg/domain';
import { Bm25Index, ColumnMap } from '@tg/math';
import { ColumnFileError, ColumnReader, ColumnWriter } from '@tg/vector-store';
import { Pacer } from './pacer';

/**
 * Bumped whenever the snapshot layout changes; a snapshot of another format is ignored (the stream is
 * replayed). 1: node:v8 serialisation of the maps; 2: columnar (see {@link writeSnapshot}); 3: columns of
 * entity ids (URL index, vectors, links, lexical documents) as references to the documents' rows.
 */
export const SNAPSHOT_FORMAT = 3;

/** Which stream a snapshot belongs to, and how far into it. */
export interface SnapshotHeader {
  kind: 'catalog';
  format: number;
  projectionVersion: number;
  /** Stream sequence the snapshot includes (the feed resumes after it). */
  position: number;
  /** Creation time of the stream, so that a snapshot of another (or a re-created) stream is never used. */
  streamCreated: string;
  /** The workspace partitions the snapshot holds (`all`, or e.g. `0-3,8 of 12`). Another set replays. */
  partitions: string;
  takenAt: number;
  /** Names this snapshot: parts written beside it (the ranking service's vector graphs) carry it too. */
  id: string;
  /** Workspaces in the file. */
  workspaces: number;
}

/** Sizes of one workspace's columns, written before them. */
interface WorkspaceHead {
  id: string;
  version: number;
  types: [string, { description: string; registeredAt: number }][];
  clusters: [string, ClusterSet][];
  typeCounts: [string, number][];
  entities: number;
  urls: number;
  vectors: number;
  vectorFloats: number;
  parents: number;
  children: number;
  pooled: number;
  statsDims: number;
  childParents: number;
  childParentLinks: number;
  lexical: { k1: number; b: number; totalLength: number; docs: number; terms: number; docTerms: number; postings: number } | null;
}

const KINDS = ['entity', 'content'] as const;
const REPRESENTATIONS = ['point', 'subspace'] as const;
const turn = () => new Promise<void>((r) => setImmediate(r));

/** Writes a column of strings with few distinct values as a dictionary and one u32 code per row. */
async function writeDict(w: ColumnWriter, n: number, get: (i: number) => string | undefined): Promise<void> {
  const index = new Map<string | undefined, number>();
  const values: (string | undefined)[] = [];
  const codes = new Uint32Array(n);
  const pace = new Pacer();
  for (let i = 0; i < n; i++) {
    if (pace.step()) await turn();
    const v = get(i);
    let c = index.get(v);
    if (c === undefined) {
      c = values.length;
      values.push(v);
      index.set(v, c);
    }
    codes[i] = c;
  }
  await w.json(values.length);
  await w.strings(values.length, (i) => values[i]);
  await w.numbers('u32', n, (i) => codes[i]!);
}

/** A dictionary column as read: row i is `values[codes[i]]` (every code checked). */
interface Dict {
  values: (string | undefined)[];
  codes: Uint32Array;
}

function readDict(r: ColumnReader, n: number): Dict {
  const k = r.json<number>();
  if (!Number.isInteger(k) || k < 0 || k > n + 1) throw new ColumnFileError('damaged dictionary');
  const values = r.strings(k);
  const codes = r.numbers('u32', n);
  for (let i = 0; i < n; i++) if (codes[i]! >= k) throw new ColumnFileError('dictionary code out of range');
  return { values, codes };
}

/**
 * Writes a column of entity ids as references: the row of the id in the workspace's documents (written first),
 * or, for an id that is not a document (a URL claimed by a deleted entity, say), the document count plus its
 * place in a column of the other ids written after. A restore shares the documents' id strings instead of
 * making a copy of each id per column. `rows` may map another field of the documents (their URLs), with
 * `docs` the number of documents.
 */
async function writeRefs(w: ColumnWriter, rows: ReadonlyMap<string, number>, n: number, get: (i: number) => string, docs = rows.size): Promise<void> {
  const others: string[] = [];
  const codes = new Uint32Array(n);
  const pace = new Pacer();
  for (let i = 0; i < n; i++) {
    if (pace.step()) await turn();
    const id = get(i);
    const row = rows.get(id);
    if (row !== undefined) codes[i] = row;
    else {
      codes[i] = docs + others.length;
      others.push(id);
    }
  }
  await w.json(others.length);
  await w.numbers('u32', n, (i) => codes[i]!);
  await w.strings(others.length, (i) => others[i]);
}

/** Reads a column written by {@link writeRefs}: the ids, sharing the strings of `ids` (the documents' ids, or URLs). */
function readRefs(r: ColumnReader, n: number, ids: readonly (string | undefined)[]): string[] {
  const k = r.json<number>();
  if (!Number.isInteger(k) || k < 0 || k > n) throw new ColumnFileError('damaged id references');
  const codes = r.numbers('u32', n);
  const others = r.definedStrings(k);
  const out = new Array<string>(n);
  const docs = ids.length;
  for (let i = 0; i < n; i++) {
    const c = codes[i]!;
    const id = c < docs ? ids[c] : others[c - docs];
    if (id === undefined) throw new ColumnFileError('id reference out of range');
    out[i] = id;
  }
  return out;
}

/**
 * Writes the whole catalog projection to `path`, columnar: per workspace, each field of the entity documents
 * as a column (strings in one buffer with their lengths, numbers as typed arrays, repeated strings as a
 * dictionary), vectors as one float column, links and running statistics flattened, and the lexical index
 * (where it was built) as a term dictionary, each document's term codes and the postings in their order, so a
 * restore rebuilds every map in the order it had. The catalog is captured when this is called (synchronously:
 * the snapshot holds the state at the caller's stream position) and written from the capture, with the event loop
 * turning between chunks; events folded meanwhile do not reach the file ({@link CatalogProjection.capture}).
 */
export async function writeSnapshot(catalog: CatalogProjection, path: string, header: Omit<SnapshotHeader, 'kind' | 'format' | 'projectionVersion' | 'workspaces'>): Promise<number> {
  const capture = catalog.capture();
  try {
    const w = await ColumnWriter.create(path, { ...header, kind: 'catalog', format: SNAPSHOT_FORMAT, projectionVersion: CatalogProjection.version, workspaces: capture.workspaces.length } satisfies SnapshotHeader);
    try {
      // What the capture copies a slice at a time, first: the sooner it is copied, the fewer changes keep values for it.
      const pace = new Pacer();
      for (const img of capture.workspaces) while (!img.advance(1_024)) if (pace.step(1_024)) await turn();
      for (const img of capture.workspaces) await writeWorkspace(w, img, capture);
      await w.close();
    } catch (e) {
      await w.abort();
      throw e;
    }
    return w.bytes;
  } finally {
    capture.release();
    // The lexical changes kept for the capture, applied a slice at a time (nothing waits for them).
    const pace = new Pacer();
    while (!capture.settle(1_024)) if (pace.step(1_024)) await turn();
  }
}

/** The model of each vector, in the vectors' order (the two maps are set and deleted together, so their orders agree). */
async function modelsOf(img: WorkspaceImage, pace: Pacer): Promise<readonly (string | undefined)[]> {
  const vectorIds = img.maps.vectors.keys;
  const { keys: modelIds, values: models } = img.maps.models;
  let aligned = modelIds.length === vectorIds.length;
  for (let i = 0; aligned && i < vectorIds.length; i++) {
    aligned = modelIds[i] === vectorIds[i];
    if (pace.step()) await turn();
  }
  if (aligned) return models;
  const byId = new Map<string, string>();
  for (let i = 0; i < modelIds.length; i++) byId.set(modelIds[i]!, models[i]!);
  return vectorIds.map((id) => byId.get(id));
}

async function writeWorkspace(w: ColumnWriter, img: WorkspaceImage, capture: CatalogCapture): Promise<void> {
  const pace = new Pacer();
  const { entities, urls, vectors: vectorMap, parents: parentMap, childParents: childMap } = img.maps;
  const docs = entities.values;
  const { keys: urlKeys, values: urlIds } = urls;
  const { keys: vectorIds, values: vectors } = vectorMap;
  // Each document's row: the other columns of ids refer to it.
  const rows = new Map<string, number>();
  for (let i = 0; i < docs.length; i++) {
    rows.set(docs[i]!.id, i);
    if (pace.step()) await turn();
  }
  const models = await modelsOf(img, pace);
  // Parents and each child's parents are read through the capture at every use: the projection keeps a copy of one
  // before it changes it, so each read, whenever it comes, sees it as it was at the capture.
  const parentIds = parentMap.keys;
  const parents = parentMap.values.map((p, i): [string, ParentTaste] => [parentIds[i]!, p]);
  const { keys: childIds, values: childParents } = childMap;
  const at = (p: ParentTaste) => capture.parent(p);
  const parentsOf = (s: ReadonlySet<string>) => capture.parentsOf(s);
  let vectorFloats = 0;
  for (const v of vectors) vectorFloats += v.length;
  let children = 0;
  let pooled = 0;
  let statsDims = 0;
  for (const [, p] of parents) {
    children += at(p).children.size;
    pooled += at(p).pooled.size;
    statsDims += at(p).stats?.dim ?? 0;
  }
  let childParentLinks = 0;
  for (const s of childParents) childParentLinks += parentsOf(s).size;
  const lexical = img.lexical;
  // The lexical index flattened: documents in their order, their terms as codes into one dictionary, and each
  // term's postings (document code, term frequency) in their order.
  let lex: { terms: readonly string[]; docIds: readonly string[]; docLength: Uint32Array; docTermCount: Uint32Array; docTerms: Uint32Array; postingSize: Uint32Array; postingDoc: Uint32Array; postingTf: Uint32Array } | undefined;
  if (lexical) {
    const { terms, docIds } = lexical;
    const termCode = new Map<string, number>();
    for (let k = 0; k < terms.length; k++) {
      termCode.set(terms[k]!, k);
      if (pace.step()) await turn();
    }
    const docCode = new Map<string, number>();
    const nd = docIds.length;
    const docLength = new Uint32Array(nd);
    const docTermCount = new Uint32Array(nd);
    // Every (document, term) pair is in exactly one posting: their count sizes the documents' term column, which is
    // then filled in one pass (a restored document's entry is made on each ask, from its columns: once here, paced).
    let docTermTotal = 0;
    for (const posting of lexical.postings) docTermTotal += posting.size;
    const docTerms = new Uint32Array(docTermTotal);
    let o = 0;
    for (let i = 0; i < nd; i++) {
      const d = lexical.doc(i);
      docTermCount[i] = d.terms.length;
      docLength[i] = d.length;
      docCode.set(docIds[i]!, i);
      for (const t of d.terms) {
        const code = termCode.get(t);
        if (code === undefined) throw new Error(`lexical index: term '${t}' of a document has no postings`);
        if (o >= docTermTotal) throw new Error('lexical index: postings and documents disagree');
        docTerms[o++] = code;
      }
      if (pace.step(d.terms.length + 1)) await turn();
    }
    if (o !== docTermTotal) throw new Error('lexical index: postings and documents disagree');
    const postingSize = new Uint32Array(terms.length);
    const postingDoc = new Uint32Array(docTermTotal);
    const postingTf = new Uint32Array(docTermTotal);
    o = 0;
    let n = 0;
    for (const posting of lexical.postings) {
      postingSize[n++] = posting.size;
      // A posting can hold every document: the pace is kept inside it.
      for (const [id, tf] of posting) {
        const code = docCode.get(id);
        if (code === undefined || o >= docTermTotal) throw new Error(`lexical index: posting of '${id}', which is not indexed`);
        postingDoc[o] = code;
        postingTf[o++] = tf;
        if (pace.step()) await turn();
      }
      if (pace.step()) await turn();
    }
    if (o !== docTermTotal) throw new Error('lexical index: postings and documents disagree');
    lex = { terms, docIds, docLength, docTermCount, docTerms, postingSize, postingDoc, postingTf };
  }
  const head: WorkspaceHead = {
    id: img.id,
    version: img.version,
    types: [...img.types],
    clusters: [...img.clusters],
    typeCounts: [...img.typeCounts],
    entities: docs.length,
    urls: urlKeys.length,
    vectors: vectors.length,
    vectorFloats,
    parents: parents.length,
    children,
    pooled,
    statsDims,
    childParents: childParents.length,
    childParentLinks,
    lexical:
      lexical && lex
        ? { k1: lexical.k1, b: lexical.b, totalLength: lexical.totalLength, docs: lex.docIds.length, terms: lex.terms.length, docTerms: lex.docTerms.length, postings: lex.postingDoc.length }
        : null,
  };
  await w.json(head);
  // Entity documents, one column per field.
  await w.strings(docs.length, (i) => docs[i]!.id);
  await writeDict(w, docs.length, (i) => docs[i]!.kind);
  await writeDict(w, docs.length, (i) => docs[i]!.type);
  await w.strings(docs.length, (i) => docs[i]!.name);
  await w.strings(docs.length, (i) => docs[i]!.description);
  await w.strings(docs.length, (i) => docs[i]!.url);
  await writeDict(w, docs.length, (i) => docs[i]!.mediaType);
  await writeDict(w, docs.length, (i) => docs[i]!.domain);
  await w.strings(docs.length, (i) => docs[i]!.ref);
  await w.strings(docs.length, (i) => docs[i]!.text);
  await w.numbers('f64', docs.length, (i) => docs[i]!.createdAt);
  await w.numbers('f64', docs.length, (i) => docs[i]!.updatedAt);
  await w.numbers('f64', docs.length, (i) => docs[i]!.incarnation ?? NaN);
  // URL index: a key that is its document's URL refers to that row (as ids do), so a restore shares the string.
  const urlRows = new Map<string, number>();
  for (let i = 0; i < docs.length; i++) {
    const url = docs[i]!.url;
    if (url !== undefined && !urlRows.has(url)) urlRows.set(url, i);
    if (pace.step()) await turn();
  }
  await writeRefs(w, urlRows, urlKeys.length, (i) => urlKeys[i]!, docs.length);
  await writeRefs(w, rows, urlIds.length, (i) => urlIds[i]!);
  // Vectors and the model of each.
  await writeRefs(w, rows, vectorIds.length, (i) => vectorIds[i]!);
  await w.numbers('u32', vectors.length, (i) => vectors[i]!.length);
  await w.floatRows(vectors.length, (i) => vectors[i]!);
  await writeDict(w, vectors.length, (i) => models[i]);
  // Parents: settings, version and statistics per parent; children and pooled children flattened.
  const stats = parents.filter(([, p]) => at(p).stats);
  await writeRefs(w, rows, parents.length, (i) => parents[i]![0]);
  await w.numbers('f64', parents.length, (i) => at(parents[i]![1]).version);
  await w.numbers('u8', parents.length, (i) => REPRESENTATIONS.indexOf(at(parents[i]![1]).settings.representation));
  await w.numbers('f64', parents.length, (i) => at(parents[i]![1]).settings.maxRank);
  await w.numbers('f64', parents.length, (i) => at(parents[i]![1]).settings.energy);
  await w.numbers('u32', parents.length, (i) => at(parents[i]![1]).children.size);
  await w.numbers('u32', parents.length, (i) => at(parents[i]![1]).pooled.size);
  await w.numbers('u32', parents.length, (i) => at(parents[i]![1]).stats?.dim ?? 0);
  const links = parents.flatMap(([, p]) => [...at(p).children]);
  await writeRefs(w, rows, links.length, (i) => links[i]![0]);
  await writeDict(w, links.length, (i) => links[i]![1].rel);
  await w.numbers('f64', links.length, (i) => links[i]![1].weight);
  const pooledIds = parents.flatMap(([, p]) => [...at(p).pooled]);
  await writeRefs(w, rows, pooledIds.length, (i) => pooledIds[i]!);
  await w.numbers('f64', stats.length, (i) => at(stats[i]![1]).stats!.count);
  await w.numbers('f64', stats.length, (i) => at(stats[i]![1]).stats!.weight);
  await w.floatRows(stats.length, (i) => at(stats[i]![1]).stats!.sum, 'f64');
  await w.floatRows(stats.length, (i) => at(stats[i]![1]).stats!.second, 'f64');
  // Parents of each child.
  await writeRefs(w, rows, childIds.length, (i) => childIds[i]!);
  await w.numbers('u32', childParents.length, (i) => parentsOf(childParents[i]!).size);
  const childParentIds = childParents.flatMap((s) => [...parentsOf(s)]);
  await writeRefs(w, rows, childParentIds.length, (i) => childParentIds[i]!);
  if (lex) {
    await w.strings(lex.terms.length, (i) => lex.terms[i]);
    await writeRefs(w, rows, lex.docIds.length, (i) => lex.docIds[i]!);
    await w.numbers('u32', lex.docIds.length, (i) => lex.docLength[i]!);
    await w.numbers('u32', lex.docIds.length, (i) => lex.docTermCount[i]!);
    await w.numbers('u32', lex.docTerms.length, (i) => lex.docTerms[i]!);
    await w.numbers('u32', lex.terms.length, (i) => lex.postingSize[i]!);
    await w.numbers('u32', lex.postingDoc.length, (i) => lex.postingDoc[i]!);
    await w.numbers('u32', lex.postingTf.length, (i) => lex.postingTf[i]!);
  }
}

/** A count from a header, checked before anything is allocated for it. */
function count(n: unknown, what: string, max: number): number {
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > max) throw new ColumnFileError(`damaged snapshot: ${what} = ${String(n)}`);
  return n;
}

function readWorkspace(r: ColumnReader): WorkspaceCatalog {
  const h = r.json<WorkspaceHead>();
  // Every row takes at least a byte of the file: a count beyond its size is damage, not a large workspace.
  const max = r.size;
  if (!h || typeof h.id !== 'string' || typeof h.version !== 'number' || !Array.isArray(h.types) || !Array.isArray(h.clusters) || !Array.isArray(h.typeCounts)) {
    throw new ColumnFileError('damaged workspace header');
  }
  // The large typed columns are allocated first, while the heap is small: V8 counts their memory, outside its heap,
  // towards starting a full collection, which costs what the heap holds at that moment.
  const vectorFloats = new Float32Array(count(h.vectorFloats, 'vector floats', max / 4));
  const pairs = h.lexical ? count(h.lexical.docTerms, 'doc terms', max / 4) : 0;
  const lexicalInto = { docTerms: new Uint32Array(pairs), postingDoc: new Uint32Array(pairs), postingTf: new Uint32Array(pairs) };
  const n = count(h.entities, 'entities', max);
  const ids = r.definedStrings(n);
  const kinds = readDict(r, n);
  const types = readDict(r, n);
  const names = r.strings(n);
  const descriptions = r.strings(n);
  const urls = r.strings(n);
  const mediaTypes = readDict(r, n);
  const domains = readDict(r, n);
  const refs = r.strings(n);
  const texts = r.strings(n);
  const createdAt = r.numbers('f64', n);
  const updatedAt = r.numbers('f64', n);
  const incarnation = r.numbers('f64', n);
  for (const k of kinds.values) if (!KINDS.includes(k as EntityDoc['kind'])) throw new ColumnFileError('damaged entity document');
  // The large maps are indexed in place (ColumnMap), each from its column of keys, instead of a `Map.set` per entry.
  const docs = new Array<EntityDoc>(n);
  for (let i = 0; i < n; i++) {
    const kind = kinds.values[kinds.codes[i]!] as EntityDoc['kind'];
    const type = types.values[types.codes[i]!];
    if (type === undefined || names[i] === undefined || descriptions[i] === undefined) throw new ColumnFileError('damaged entity document');
    const inc = incarnation[i]!;
    const d: EntityDoc = {
      id: ids[i]!,
      kind,
      type,
      name: names[i]!,
      description: descriptions[i]!,
      url: urls[i],
      mediaType: mediaTypes.values[mediaTypes.codes[i]!],
      domain: domains.values[domains.codes[i]!],
      ref: refs[i],
      text: texts[i],
      createdAt: createdAt[i]!,
      updatedAt: updatedAt[i]!,
      incarnation: Number.isNaN(inc) ? undefined : inc,
    };
    docs[i] = d;
  }

  const nu = count(h.urls, 'urls', max);
  const urlKeys = readRefs(r, nu, urls);
  const urlIds = readRefs(r, nu, ids);

  const nv = count(h.vectors, 'vectors', max);
  const vectorIds = readRefs(r, nv, ids);
  const dims = r.numbers('u32', nv);
  const floats = r.floatRows(dims, 'f32', 0, vectorFloats);
  if (floats.length !== h.vectorFloats) throw new ColumnFileError('damaged vectors');
  const models = readDict(r, nv);
  const views = new Array<Float32Array>(nv);
  let modelled = 0;
  for (let i = 0, o = 0; i < nv; i++) {
    const d = dims[i]!;
    // Views into one array (a million small allocations cost seconds). Every place that posts vectors to a
    // worker copies them into a flat array first, so no view is ever cloned with the whole buffer.
    views[i] = floats.subarray(o, o + d);
    o += d;
    if (models.values[models.codes[i]!] !== undefined) modelled++;
  }
  // Each vector's model, when every vector has one (as a fold leaves them: the two maps are set and deleted
  // together); else the vectors that have one, in their order.
  const modelOf = (i: number) => models.values[models.codes[i]!]!;
  let c: WorkspaceCatalog;
  let docMap: ColumnMap<EntityDoc>;
  try {
    // The models share the vectors' index (the same keys), as the lexical documents share the documents' below.
    const vectorMap = new ColumnMap(vectorIds, views);
    let modelMap: Map<string, string>;
    if (modelled === nv) modelMap = new ColumnMap<string>(vectorIds, modelOf, vectorMap);
    else {
      modelMap = new Map();
      for (let i = 0; i < nv; i++) if (models.values[models.codes[i]!] !== undefined) modelMap.set(vectorIds[i]!, modelOf(i));
    }
    docMap = new ColumnMap(ids, docs);
    c = new WorkspaceCatalog(h.id, { entities: docMap, urls: new ColumnMap(urlKeys, urlIds), vectors: vectorMap, models: modelMap });
  } catch (e) {
    // A key twice: no writer writes that.
    if (e instanceof RangeError) throw new ColumnFileError(`damaged snapshot: ${e.message}`);
    throw e;
  }
  c.version = h.version;
  for (const [k, v] of h.types) c.types.set(k, v);
  for (const [k, v] of h.clusters) c.clusters.set(k, v);
  for (const [k, v] of h.typeCounts) c.typeCounts.set(k, v);

  const np = count(h.parents, 'parents', max);
  const parentIds = readRefs(r, np, ids);
  const versions = r.numbers('f64', np);
  const reprs = r.numbers('u8', np);
  const maxRanks = r.numbers('f64', np);
  const energies = r.numbers('f64', np);
  const childCounts = r.numbers('u32', np);
  const pooledCounts = r.numbers('u32', np);
  const statDims = r.numbers('u32', np);
  const nl = count(h.children, 'children', max);
  const linkIds = readRefs(r, nl, ids);
  const rels = readDict(r, nl);
  const weights = r.numbers('f64', nl);
  const npool = count(h.pooled, 'pooled', max);
  const pooledIds = readRefs(r, npool, ids);
  let withStats = 0;
  for (let i = 0; i < np; i++) if (statDims[i]) withStats++;
  const statCounts = r.numbers('f64', withStats);
  const statWeights = r.numbers('f64', withStats);
  const sums = r.floatRows(Array.from(statDims.filter((d) => d > 0)), 'f64');
  const seconds = r.floatRows(Array.from(statDims.filter((d) => d > 0), (d) => (d * (d + 1)) / 2), 'f64');
  let li = 0;
  let pi = 0;
  let si = 0;
  let so = 0;
  let qo = 0;
  for (let i = 0; i < np; i++) {
    const representation = REPRESENTATIONS[reprs[i]!];
    if (!representation) throw new ColumnFileError('damaged parent settings');
    const p = new ParentTaste({ representation, maxRank: maxRanks[i]!, energy: energies[i]! }, versions[i]!);
    for (let k = 0; k < childCounts[i]!; k++, li++) {
      const rel = li < nl ? rels.values[rels.codes[li]!] : undefined;
      if (rel === undefined) throw new ColumnFileError('damaged links');
      p.children.set(linkIds[li]!, { rel, weight: weights[li]! });
    }
    for (let k = 0; k < pooledCounts[i]!; k++, pi++) {
      if (pi >= npool) throw new ColumnFileError('damaged pooled children');
      p.pooled.add(pooledIds[pi]!);
    }
    const d = statDims[i]!;
    if (d) {
      const packed = (d * (d + 1)) / 2;
      p.stats = { dim: d, count: statCounts[si]!, weight: statWeights[si]!, sum: sums.slice(so, so + d), second: seconds.slice(qo, qo + packed) };
      si++;
      so += d;
      qo += packed;
    }
    c.parents.set(parentIds[i]!, p);
  }
  if (li !== nl || pi !== npool) throw new ColumnFileError('damaged links');

  const nc = count(h.childParents, 'childParents', max);
  const cpIds = readRefs(r, nc, ids);
  const cpCounts = r.numbers('u32', nc);
  const ncl = count(h.childParentLinks, 'childParentLinks', max);
  const cpParents = readRefs(r, ncl, ids);
  for (let i = 0, o = 0; i < nc; i++) {
    const set = new Set<string>();
    for (let k = 0; k < cpCounts[i]!; k++, o++) {
      if (o >= ncl) throw new ColumnFileError('damaged child links');
      set.add(cpParents[o]!);
    }
    c.childParents.set(cpIds[i]!, set);
  }

  if (h.lexical) c.lexical = readLexical(r, h.lexical, max, ids, docMap, lexicalInto);
  return c;
}

function readLexical(r: ColumnReader, h: NonNullable<WorkspaceHead['lexical']>, max: number, ids: readonly string[], docsLike: ColumnMap<unknown>, into: { docTerms: Uint32Array<ArrayBuffer>; postingDoc: Uint32Array<ArrayBuffer>; postingTf: Uint32Array<ArrayBuffer> }): Bm25Index {
  const nt = count(h.terms, 'terms', max);
  const nd = count(h.docs, 'lexical docs', max);
  const ndt = count(h.docTerms, 'doc terms', max);
  const terms = r.definedStrings(nt);
  const docIds = readRefs(r, nd, ids);
  const lengths = r.numbers('u32', nd);
  const termCounts = r.numbers('u32', nd);
  const docTerms = r.numbers('u32', ndt, into.docTerms);
  const postingSize = r.numbers('u32', nt);
  const postingDoc = r.numbers('u32', ndt, into.postingDoc);
  const postingTf = r.numbers('u32', ndt, into.postingTf);
  // The documents and postings stay columns (Bm25Index.fromColumns): a term becomes a map, and a document an
  // entry of its own, only when a change touches it.
  try {
    return Bm25Index.fromColumns({ k1: h.k1, b: h.b, totalLength: h.totalLength, terms, docIds, docLength: lengths, docTermCount: termCounts, docTerms, postingSize, postingDoc, postingTf, docsLike });
  } catch (e) {
    if (e instanceof RangeError) throw new ColumnFileError(`damaged postings: ${e.message}`);
    throw e;
  }
}

/** A snapshot read whole and checked, ready to be put in place. */
export interface ReadSnapshot {
  header: SnapshotHeader;
  /** Puts every workspace of the snapshot into the projection (replacing any of the same id). */
  restoreInto(catalog: CatalogProjection): void;
}

/** Reads the header of a snapshot file (null when it is not a snapshot of this format and projection version). */
function checkHeader(h: unknown): SnapshotHeader | null {
  const x = h as Partial<SnapshotHeader> | null;
  if (!x || x.kind !== 'catalog' || x.format !== SNAPSHOT_FORMAT || x.projectionVersion !== CatalogProjection.version) return null;
  if (typeof x.position !== 'number' || typeof x.streamCreated !== 'string' || typeof x.id !== 'string' || typeof x.partitions !== 'string' || !Number.isInteger(x.workspaces)) return null;
  return x as SnapshotHeader;
}

/**
 * Reads a snapshot: null when the file is not a snapshot this code can use (another format or projection
 * version: the stream is replayed) or when it is damaged (torn, a length out of range, checksum mismatch).
 * `accept` sees the header first; returning false stops before the workspaces are read.
 */
export function readSnapshot(path: string, accept: (h: SnapshotHeader) => boolean = () => true): { snapshot: ReadSnapshot | null; reason?: string } {
  let r: ColumnReader;
  try {
    r = ColumnReader.open(path);
  } catch (e) {
    return { snapshot: null, reason: (e as Error).message };
  }
  try {
    const header = checkHeader(r.header);
    if (!header) return { snapshot: null, reason: 'another snapshot format or projection version' };
    if (!accept(header)) return { snapshot: null, reason: 'another stream or partition set' };
    const workspaces: WorkspaceCatalog[] = [];
    for (let i = 0; i < header.workspaces; i++) workspaces.push(readWorkspace(r));
    r.finish();
    return {
      snapshot: {
        header,
        restoreInto(catalog) {
          for (const c of workspaces) catalog.restore(c);
        },
      },
    };
  } catch (e) {
    // Damage shows as a ColumnFileError, or as a RangeError/TypeError from a length no writer wrote.
    return { snapshot: null, reason: String((e as Error)?.message ?? e) };
  } finally {
    r.close();
  }
}
