import { OP, type EmbedReply } from '@tg/contracts';
import type { Runtime } from './runtime';

/**
 * Embeds texts through the embedding service: its handler in this process when there is one (the all-in-one
 * app, see `createRuntime`), else any instance of its queue group. `lane`: `query` for texts a reader waits for
 * (search and score queries), answered ahead of `bulk` work (ingestion), which the service embeds a chunk at a time.
 */
export async function embedTexts(rt: Runtime, texts: string[], requestId?: string, lane: 'bulk' | 'query' = 'bulk'): Promise<EmbedReply> {
  const op = lane === 'query' ? OP.embed.query : OP.embed.texts;
  const out: EmbedReply = { model: '', dim: 0, vectors: [] };
  // Bounded requests, by count and by bytes: each one message well under the bus payload limit (1 MiB).
  for (const slice of embedSlices(texts)) {
    const { data } = await rt.rpc.call(op, { ws: '_', data: { texts: slice } }, { requestId, timeoutMs: 60_000 });
    out.model = data.model;
    out.dim = data.dim;
    out.vectors.push(...data.vectors);
  }
  return out;
}

/** Consecutive slices of at most `maxCount` texts and about `maxBytes` of UTF-8 each (a longer text goes alone). */
export function embedSlices(texts: string[], maxCount = 256, maxBytes = 512 * 1024): string[][] {
  const out: string[][] = [];
  let cur: string[] = [];
  let bytes = 0;
  for (const t of texts) {
    const size = Buffer.byteLength(t, 'utf8') + 4;
    if (cur.length && (cur.length >= maxCount || bytes + size > maxBytes)) {
      out.push(cur);
      cur = [];
      bytes = 0;
    }
    cur.push(t);
    bytes += size;
  }
  if (cur.length) out.push(cur);
  return out;
}
