import { RPC } from '@tg/contracts';
import type { Runtime } from '../runtime';

/** Reply of the embedding service. Vectors are base64 float32, null for a text with no known token. */
export interface EmbedReply {
  model: string;
  dim: number;
  vectors: (string | null)[];
}

/** Embeds texts through the embedding service (queue group: any instance answers). */
export async function embedTexts(rt: Runtime, texts: string[], requestId?: string): Promise<EmbedReply> {
  const out: EmbedReply = { model: '', dim: 0, vectors: [] };
  // Bounded request size: NATS payloads stay well under the 1 MiB default.
  for (let i = 0; i < texts.length; i += 256) {
    const { data } = await rt.rpc.call<EmbedReply>(RPC.embed.texts, { ws: '_', data: { texts: texts.slice(i, i + 256) } }, { requestId, timeoutMs: 60_000 });
    out.model = data.model;
    out.dim = data.dim;
    out.vectors.push(...data.vectors);
  }
  return out;
}
