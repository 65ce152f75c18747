import type { OP, ReplyOf } from '@tg/contracts';
import { catalogDigest, diffCatalogDigests, lexicalDigest, type CatalogDigest, type CatalogProjection, type LexicalDigest } from '@tg/domain';
import type { EventStore, OperationHandler } from '@tg/messaging';
import { diffVectorIndexDigests, vectorIndexDigest, type VectorEntry, type VectorIndexDigest } from '@tg/vector-store';
import type { ReadModelHost } from './host';
import { representativeVector } from './profiles';
import { catalogReplay, digestScope, replayProjection } from './replay';

/** The reply of every `*.digest` operation (taste, entity, ranking, visualize: one schema). */
export type LiveDigestReply = ReplyOf<typeof OP.taste.digest>;

/** What a service adds to its catalog's digest, taken synchronously at the same position (promises settle later). */
export interface DigestExtra {
  /** Whether background work derived from the read model has caught up (taste: its cluster fits). */
  settled?: boolean;
  /** The vectors an in-process index searches, on the main thread. */
  index?: VectorIndexDigest;
  /** The vectors its search worker holds (null when none runs). */
  graphs?: Promise<VectorIndexDigest | null>;
  /** The lexical (BM25) indexes its searches score with. */
  lexical?: LexicalDigest;
}

/**
 * The `*.digest` operation of a service hosting the catalog projection: the catalog's digest at the projection's
 * position, the position its snapshot restored (0: replayed), the workspace partitions it holds, and what the service
 * adds ({@link DigestExtra}), all taken in one synchronous step so that they describe the same state. Not on the HTTP API: replay checks
 * (`npm run replay -- --compare`, the kill campaign).
 */
export function catalogDigestHandler(host: ReadModelHost, extra: () => DigestExtra = () => ({})): OperationHandler<typeof OP.taste.digest> {
  return async (req) => {
    await host.ready(req);
    // Synchronous from here to the first await: the digests and the position describe the same state.
    const position = host.cursor.position;
    const restored_from = host.restoredFrom;
    const partitions = host.partitions;
    const digest = catalogDigest(host.catalog);
    const x = extra();
    const graphs = x.graphs ? await x.graphs : undefined;
    return {
      data: {
        position,
        restored_from,
        settled: x.settled ?? true,
        digest,
        ...(x.index ? { index: x.index } : {}),
        ...(graphs !== undefined ? { graphs } : {}),
        ...(x.lexical ? { lexical: x.lexical } : {}),
        partitions,
      },
    };
  };
}

/** The vectors a ranking index built from `catalog` holds: each entity's representative vector, under its type. */
export function expectedVectorEntries(catalog: CatalogProjection): VectorEntry[] {
  const out: VectorEntry[] = [];
  for (const cat of catalog.all()) {
    for (const [id, d] of cat.entities) {
      const vector = representativeVector(cat, id, d);
      if (vector) out.push({ ns: cat.id, collection: d.type, id, vector });
    }
  }
  return out;
}

/** A live digest compared with a replay of the log to its position. */
export interface LiveDigestCheck {
  position: number;
  restoredFrom: number;
  /** Differences (empty when the live read model equals the replay in every part it reported). */
  differences: string[];
  /** Parts compared: `catalog`, and `index`/`graphs`/`lexical` when the service reported them. */
  compared: string[];
  /** The partitions the replay folded (`0,2 of 4`), or `all`. */
  partitions: string;
}

/**
 * Rebuilds the catalog from the stream up to the live digest's position (of the workspaces of the partitions the
 * instance holds, {@link digestScope}) and compares: the catalog, and (when
 * reported) the vectors of the ranking index on the main thread and in its search worker against the
 * representative vectors of the rebuilt catalog, and the lexical indexes against ones built from its entities.
 */
export async function checkLiveDigest(store: EventStore, live: LiveDigestReply): Promise<LiveDigestCheck> {
  const scope = digestScope(live);
  const replay = await replayProjection(store, catalogReplay, { untilSeq: live.position, accept: scope.accept });
  const rebuilt = (replay.digest.detail as { catalog: CatalogDigest }).catalog;
  const differences = diffCatalogDigests(live.digest as CatalogDigest, rebuilt, ['live', 'replay']).map((d) => `catalog: ${d}`);
  // A read that stopped short (the stream as served to it ended earlier: a lagging replica) is not a replay to that
  // position: said first, so that its differences are not taken for the live read model's.
  if (replay.lastSeq !== live.position) differences.unshift(`replay: read up to ${replay.lastSeq}, not ${live.position}`);
  const compared = ['catalog'];
  if (live.index || live.graphs) {
    const expected = vectorIndexDigest(expectedVectorEntries(replay.state));
    if (live.index) {
      compared.push('index');
      differences.push(...diffVectorIndexDigests(live.index, expected, ['live', 'replay']).map((d) => `index: ${d}`));
    }
    if (live.graphs) {
      compared.push('graphs');
      differences.push(...diffVectorIndexDigests(live.graphs, expected, ['worker', 'replay']).map((d) => `graphs: ${d}`));
    }
  }
  if (live.lexical) {
    compared.push('lexical');
    const expected = lexicalDigest(replay.state);
    for (const ws of [...new Set([...Object.keys(live.lexical.workspaces), ...Object.keys(expected.workspaces)])].sort()) {
      const a = live.lexical.workspaces[ws];
      const b = expected.workspaces[ws];
      if (a?.hash !== b?.hash) differences.push(`lexical: ${ws}: documents and postings differ (live ${a?.docs ?? 'none'}, replay ${b?.docs ?? 'none'})`);
    }
    if (live.lexical.hash !== expected.hash && !differences.some((d) => d.startsWith('lexical:'))) differences.push('lexical: hashes differ');
  }
  return { position: live.position, restoredFrom: live.restored_from, differences, compared, partitions: scope.label };
}
