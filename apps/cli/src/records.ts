import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { parse } from 'csv-parse';

/** One line of an import file, classified. */
export type ImportRecord =
  | { kind: 'content'; line: number; data: Record<string, unknown> }
  | { kind: 'entity'; line: number; data: Record<string, unknown> }
  | { kind: 'link'; line: number; data: Record<string, unknown> };

/** A line that could not be read or classified. */
export interface BadLine {
  line: number;
  error: string;
  raw: string;
}

const NUMERIC = new Set(['weight']);
const BOOLEAN = new Set(['skip_url_fetch', 'skip_media_enrich', 'force_reindex']);

/**
 * The kind of a record: its `kind` field when given (`content`, `entity`, `link`), else a link when it names a
 * `parent_id`, content when it has a `url`, an entity when it has `type` and `name`.
 */
export function classify(data: Record<string, unknown>): ImportRecord['kind'] | undefined {
  const k = data['kind'];
  if (k === 'content' || k === 'entity' || k === 'link') return k;
  if (data['parent_id'] !== undefined) return 'link';
  if (typeof data['url'] === 'string') return 'content';
  if (typeof data['type'] === 'string' && typeof data['name'] === 'string') return 'entity';
  return undefined;
}

/** Reads a JSONL file (one object a line) or a CSV file with a header row (by extension: `.csv`). */
export async function readRecords(path: string): Promise<{ records: ImportRecord[]; bad: BadLine[] }> {
  const records: ImportRecord[] = [];
  const bad: BadLine[] = [];
  const add = (line: number, data: Record<string, unknown>, raw: string) => {
    const kind = classify(data);
    if (!kind) bad.push({ line, error: 'neither content (url), an entity (type, name) nor a link (parent_id, entity_id)', raw: raw.slice(0, 500) });
    else records.push({ kind, line, data } as ImportRecord);
  };
  if (/\.csv$/i.test(path)) {
    // RFC 4180 (quoted fields, also across lines) by csv-parse; the header row names the fields.
    const parser = createReadStream(path, 'utf8').pipe(
      parse({ columns: (h: string[]) => h.map((c) => c.trim()), skip_empty_lines: true, relax_column_count: true, info: true, raw: true, skip_records_with_error: false }),
    );
    for await (const { record, info, raw } of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number }; raw: string }>) {
      const data: Record<string, unknown> = {};
      for (const [h, v] of Object.entries(record)) {
        if (v === undefined || v === '') continue;
        data[h] = NUMERIC.has(h) ? Number(v) : BOOLEAN.has(h) ? v === 'true' || v === '1' : v;
      }
      add(info.lines, data, raw);
    }
    return { records, bad };
  }
  let n = 0;
  const rl = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
  for await (const raw of rl) {
    n++;
    if (!raw.trim()) continue;
    let data: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not a JSON object');
      data = parsed as Record<string, unknown>;
    } catch (e) {
      bad.push({ line: n, error: `unreadable: ${(e as Error).message}`, raw: raw.slice(0, 500) });
      continue;
    }
    add(n, data, raw);
  }
  return { records, bad };
}
