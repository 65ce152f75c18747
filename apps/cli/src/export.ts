import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { EventStore, connectNats } from '@tg/messaging';
import { catalogReplay, replayProjection } from '@tg/read-model';

/**
 * Writes a workspace's entities and links as JSONL, in the format `tastegraph import` reads back: content
 * first, then other entities, then links. Read from the event log (the NATS the stack uses): the API has no
 * listing of everything, and the log is the source of truth.
 */
export async function exportWorkspace(natsUrl: string, workspace: string, outPath: string | undefined): Promise<{ content: number; entities: number; links: number; seconds: number }> {
  const started = performance.now();
  // A person waits for this: a NATS that is not there is said within seconds.
  const nc = await connectNats(natsUrl, 'tastegraph-cli-export', { firstConnectMs: 5_000 });
  try {
    const store = await EventStore.open(nc);
    const { state } = await replayProjection(store, { ...catalogReplay, filterSubject: `tg.evt.${workspace}.*.*` });
    const cat = state.ws(workspace);
    const out = outPath ? createWriteStream(outPath) : process.stdout;
    const write = async (o: unknown) => {
      if (!out.write(JSON.stringify(o) + '\n')) await once(out, 'drain');
    };
    let content = 0;
    let entities = 0;
    let links = 0;
    const docs = [...cat.entities.values()];
    for (const d of docs) {
      if (d.kind !== 'content' || !d.url) continue;
      content++;
      await write({ kind: 'content', id: d.id, url: d.url, type: d.mediaType ?? 'text', title: d.name, ...(d.text ? { content: d.text } : {}), ...(d.domain ? { domain: d.domain } : {}), ...(d.ref ? { ref: d.ref } : {}) });
    }
    for (const d of docs) {
      if (d.kind === 'content') continue;
      entities++;
      await write({ kind: 'entity', id: d.id, type: d.type, name: d.name, ...(d.description ? { description: d.description } : {}) });
    }
    for (const [parent, p] of cat.parents) {
      for (const [child, l] of p.children) {
        links++;
        await write({ kind: 'link', parent_id: parent, entity_id: child, rel: l.rel, weight: l.weight });
      }
    }
    if (outPath) {
      (out as ReturnType<typeof createWriteStream>).end();
      await once(out, 'finish');
    }
    return { content, entities, links, seconds: (performance.now() - started) / 1000 };
  } finally {
    await nc.close();
  }
}
