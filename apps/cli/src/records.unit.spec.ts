import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRecords } from './records';

const file = (name: string, text: string) => {
  const p = join(mkdtempSync(join(tmpdir(), 'tg-records-')), name);
  writeFileSync(p, text);
  return p;
};

describe('readRecords', () => {
  it('reads CSV with quoted commas, doubled quotes and a field across lines, typed columns, and bad rows by line', async () => {
    const path = file(
      'in.csv',
      'url,title,content,weight,skip_url_fetch\n' +
        'https://a.example/1,"Kind of Blue, remastered","He said ""so what""",0.5,true\n' +
        'https://a.example/2,Trail map,"first line\nsecond line",,0\n' +
        ',no url here,,,\n',
    );
    const { records, bad } = await readRecords(path);
    expect(records.map((r) => r.data)).toEqual([
      { url: 'https://a.example/1', title: 'Kind of Blue, remastered', content: 'He said "so what"', weight: 0.5, skip_url_fetch: true },
      { url: 'https://a.example/2', title: 'Trail map', content: 'first line\nsecond line', skip_url_fetch: false },
    ]);
    expect(records.map((r) => r.kind)).toEqual(['content', 'content']);
    expect(bad).toHaveLength(1);
    expect(bad[0]!.line).toBe(5);
  });

  it('reads JSONL and reports unreadable lines by number', async () => {
    const path = file('in.jsonl', '{"type":"user","name":"Ann"}\nnot json\n\n{"parent_id":"ann","entity_id":"c1"}\n');
    const { records, bad } = await readRecords(path);
    expect(records.map((r) => [r.kind, r.line])).toEqual([
      ['entity', 1],
      ['link', 4],
    ]);
    expect(bad.map((b) => b.line)).toEqual([2]);
  });
});
