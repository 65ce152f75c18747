import { event } from '@tg/contracts';
import type { EntityCommand } from '../entity';

// Fixtures of the decider specifications (not exported from the library): an IndexContent command and the
// events a full index of it writes.

export type IndexContent = Extract<EntityCommand, { type: 'IndexContent' }>;

/** An IndexContent command of https://x.test/a under id `c1`, at 1000 by request `req-1`, with `over` applied. */
export function indexContent(over: Partial<IndexContent> = {}): IndexContent {
  return {
    type: 'IndexContent',
    entity_id: 'c1',
    url: 'https://x.test/a',
    media_type: 'text',
    text: 'hello jazz',
    text_digest: 'd1',
    name: 'x.test',
    description: 'Content from x.test',
    source: 'inline',
    skip_url_fetch: true,
    skip_media_enrich: false,
    force_reindex: false,
    vector: 'AAAA',
    model: 'm1',
    dim: 1,
    workspace: 'ws_1',
    at: 1000,
    request_id: 'req-1',
    ...over,
  };
}

const metaOf = (cmd: IndexContent) => ({ workspace: cmd.workspace, at: cmd.at, request_id: cmd.request_id });

/** The ContentEmbedded a full index of `cmd` writes. */
export const embeddedBy = (cmd: IndexContent) =>
  event('ContentEmbedded', { entity_id: cmd.entity_id, of: 'content', model: cmd.model, dim: cmd.dim, vector: cmd.vector, text_digest: cmd.text_digest, embedded_at: cmd.at }, metaOf(cmd));

/** The ContentIndexed a full index of `cmd` writes (`names`: an enrichment kept over the command's names). */
export const contentIndexedBy = (cmd: IndexContent, names: { name?: string; description?: string } = {}) =>
  event(
    'ContentIndexed',
    {
      entity_id: cmd.entity_id, url: cmd.url, media_type: cmd.media_type, name: names.name ?? cmd.name, description: names.description ?? cmd.description,
      text: cmd.text, text_digest: cmd.text_digest, title: cmd.title, page_description: cmd.page_description, domain: cmd.domain, ref: cmd.ref,
      source: cmd.source, skip_url_fetch: cmd.skip_url_fetch, skip_media_enrich: cmd.skip_media_enrich, indexed_at: cmd.at,
    },
    metaOf(cmd),
  );

/** Both events of a full index of `cmd`, in order. */
export const indexedBy = (cmd: IndexContent, names: { name?: string; description?: string } = {}) => [contentIndexedBy(cmd, names), embeddedBy(cmd)] as const;
