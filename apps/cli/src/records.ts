import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

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

/** Splits one CSV line (RFC 4180 quoting within the line; fields spanning lines are not supported). */
export function splitCsvLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"') {
        if (line[i + 1] === '"') {
          cur += '"';
          i++;
        } else quoted = false;
      } else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
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
  const csv = /\.csv$/i.test(path);
  const records: ImportRecord[] = [];
  const bad: BadLine[] = [];
  let header: string[] | undefined;
  let n = 0;
  const rl = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
  for await (const raw of rl) {
    n++;
    if (!raw.trim()) continue;
    let data: Record<string, unknown>;
    try {
      if (csv) {
        const cells = splitCsvLine(raw);
        if (!header) {
          header = cells.map((c) => c.trim());
          continue;
        }
        data = {};
        header.forEach((h, i) => {
          const v = cells[i];
          if (v === undefined || v === '') return;
          data[h] = NUMERIC.has(h) ? Number(v) : BOOLEAN.has(h) ? v === 'true' || v === '1' : v;
        });
      } else {
        const parsed: unknown = JSON.parse(raw);
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not a JSON object');
        data = parsed as Record<string, unknown>;
      }
    } catch (e) {
      bad.push({ line: n, error: `unreadable: ${(e as Error).message}`, raw: raw.slice(0, 500) });
      continue;
    }
    const kind = classify(data);
    if (!kind) {
      bad.push({ line: n, error: 'neither content (url), an entity (type, name) nor a link (parent_id, entity_id)', raw: raw.slice(0, 500) });
      continue;
    }
    records.push({ kind, line: n, data } as ImportRecord);
  }
  return { records, bad };
}
