import { appendFileSync, writeFileSync } from 'node:fs';
import { TastegraphClient } from '@tg/client';
import cliProgress from 'cli-progress';
import type { BadLine, ImportRecord } from './records';

/** Options of {@link importRecords}. */
export interface ImportOptions {
  /** Content items per POST /entity/batch (≤ the server's synchronous limit, 200 by default). */
  batch: number;
  /** Batches (content) or requests (entities, links) in flight. */
  concurrency: number;
  /** File receiving one JSON line per failed record (`{ line, kind, error, record }`). */
  failuresPath: string;
  /** Show a progress bar (a terminal) or print a line every few seconds (anything else). */
  progress: boolean;
  /** Where progress goes (stderr by default, so stdout stays machine-readable). */
  stream?: NodeJS.WritableStream;
}

/** What an import did, per kind. */
export interface ImportSummary {
  phases: { kind: ImportRecord['kind']; total: number; ok: number; failed: number; seconds: number; perSecond: number }[];
  failed: number;
  failuresPath: string;
}

const CONTENT_FIELDS = ['url', 'type', 'content', 'skip_url_fetch', 'skip_media_enrich', 'title', 'description', 'domain', 'ref', 'alt'] as const;
const ENTITY_FIELDS = ['type', 'name', 'description', 'id'] as const;

function pick(data: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) if (data[f] !== undefined) out[f] = data[f];
  return out;
}

function errorText(status: number, body: unknown): string {
  const b = body as { code?: string; error?: string } | undefined;
  return `${status} ${b?.code ?? ''}: ${b?.error ?? JSON.stringify(body)?.slice(0, 300)}`.trim();
}

/** Runs `fn` over items with at most `inflight` at once. */
async function pool<T>(items: T[], inflight: number, fn: (x: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(items.length, inflight) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

/**
 * Imports records through the public API: content through POST /entity/batch (pages, in input order), then
 * entities through POST /entity, then links through POST /entity/{parent}/link, so links find both ends. A
 * failed record never stops the import: it is written to the failures file with the server's answer.
 */
export async function importRecords(client: TastegraphClient, records: ImportRecord[], bad: BadLine[], opts: ImportOptions): Promise<ImportSummary> {
  writeFileSync(opts.failuresPath, '');
  let failed = 0;
  const fail = (line: number, kind: string, error: string, record: unknown) => {
    failed++;
    appendFileSync(opts.failuresPath, JSON.stringify({ line, kind, error, record }) + '\n');
  };
  for (const b of bad) fail(b.line, 'unreadable', b.error, b.raw);
  const stream = opts.stream ?? process.stderr;
  const phases: ImportSummary['phases'] = [];

  const run = async (kind: ImportRecord['kind'], items: ImportRecord[], work: (bump: (ok: number, bad: number) => void) => Promise<void>) => {
    if (!items.length) return;
    const bar = new cliProgress.SingleBar(
      {
        format: `${kind.padEnd(7)} |{bar}| {percentage}% | {value}/{total} | {speed} items/s | ETA {eta_formatted} | failed {failed}`,
        stream: stream as NodeJS.WriteStream,
        noTTYOutput: !opts.progress,
        notTTYSchedule: 2_000,
        etaBuffer: 50,
        fps: 10,
        hideCursor: true,
      },
      cliProgress.Presets.shades_classic,
    );
    const started = performance.now();
    let done = 0;
    let phaseFailed = 0;
    const speed = () => Math.round(done / Math.max(1e-3, (performance.now() - started) / 1000)).toLocaleString('en-US');
    bar.start(items.length, 0, { speed: '0', failed: 0 });
    await work((ok, bad) => {
      done += ok + bad;
      phaseFailed += bad;
      bar.update(done, { speed: speed(), failed: phaseFailed });
    });
    bar.update(done, { speed: speed(), failed: phaseFailed });
    bar.stop();
    const seconds = (performance.now() - started) / 1000;
    phases.push({ kind, total: items.length, ok: items.length - phaseFailed, failed: phaseFailed, seconds, perSecond: items.length / seconds });
  };

  const content = records.filter((r) => r.kind === 'content');
  const entities = records.filter((r) => r.kind === 'entity');
  const links = records.filter((r) => r.kind === 'link');

  await run('content', content, async (bump) => {
    const pages: ImportRecord[][] = [];
    for (let i = 0; i < content.length; i += opts.batch) pages.push(content.slice(i, i + opts.batch));
    await pool(pages, opts.concurrency, async (page) => {
      const body = {
        content: page.map((r) => ({ type: 'text', skip_url_fetch: true, ...pick(r.data, CONTENT_FIELDS) })),
        ids: page.map((r) => (typeof r.data['id'] === 'string' ? r.data['id'] : null)),
      };
      const r = await client.request('POST', '/entity/batch', { body });
      if (r.status !== 200 || !Array.isArray(r.body?.results)) {
        for (const rec of page) fail(rec.line, 'content', errorText(r.status, r.body), rec.data);
        return bump(0, page.length);
      }
      let bad = 0;
      page.forEach((rec, i) => {
        const res = r.body.results[i];
        if (!res || res.error) {
          bad++;
          fail(rec.line, 'content', res ? `${res.code ?? ''}: ${res.error}` : 'no result', rec.data);
        }
      });
      bump(page.length - bad, bad);
    });
  });

  await run('entity', entities, async (bump) => {
    await pool(entities, opts.concurrency * 4, async (rec) => {
      const r = await client.request('POST', '/entity', { body: pick(rec.data, ENTITY_FIELDS) });
      if (r.status === 200 || r.status === 201) return bump(1, 0);
      fail(rec.line, 'entity', errorText(r.status, r.body), rec.data);
      bump(0, 1);
    });
  });

  await run('link', links, async (bump) => {
    await pool(links, opts.concurrency * 4, async (rec) => {
      const d = rec.data;
      const body: Record<string, unknown> = { entity_id: d['entity_id'] ?? d['child_id'] ?? d['content_id'] };
      if (d['rel'] ?? d['relation']) body['rel'] = d['rel'] ?? d['relation'];
      if (d['weight'] !== undefined) body['weight'] = d['weight'];
      const r = await client.request('POST', `/entity/${encodeURIComponent(String(d['parent_id']))}/link`, { body });
      if (r.status === 200 || r.status === 201) return bump(1, 0);
      fail(rec.line, 'link', errorText(r.status, r.body), d);
      bump(0, 1);
    });
  });

  return { phases, failed, failuresPath: opts.failuresPath };
}
