/**
 * `node --import tsx tools/movielens-jsonl.ts <movielens dir> <out dir>`: writes the MovieLens movies and the
 * users' links as files `tastegraph import` reads (the text of a movie as bench/quality.ts builds it):
 *   movies.jsonl  one content record per movie (id ml-<movieId>, url, title, genres and tags as text)
 *   users.jsonl   one `user` entity per user, then a link from the user to every movie rated ≥ 4
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';

const [dir, out] = process.argv.slice(2);
if (!dir || !out) {
  console.error('usage: node --import tsx tools/movielens-jsonl.ts <movielens dir> <out dir>');
  process.exit(2);
}
const rows = (f: string) =>
  (parse(readFileSync(join(dir, f), 'utf8'), { skip_empty_lines: true, relax_column_count: true }) as string[][]).filter((r) => /^\d+$/.test(r[0] ?? ''));
const tags = new Map<string, Set<string>>();
try {
  for (const [, m, tag] of rows('tags.csv')) {
    if (!tag?.trim()) continue;
    let s = tags.get(m!);
    if (!s) tags.set(m!, (s = new Set()));
    s.add(tag.trim().toLowerCase());
  }
} catch {
  /* tags.csv is optional */
}
mkdirSync(out, { recursive: true });
const movies = rows('movies.csv').map(([id, title, genres]) => {
  const g = (genres ?? '').split('|').filter((x) => x && x !== '(no genres listed)');
  const t = [...(tags.get(id!) ?? [])];
  return JSON.stringify({ id: `ml-${id}`, url: `https://movielens.test/movie/${id}`, type: 'text', title, content: `${g.join(', ')}.${t.length ? ` Tags: ${t.join(', ')}.` : ''}`, skip_url_fetch: true, skip_media_enrich: true });
});
writeFileSync(join(out, 'movies.jsonl'), movies.join('\n') + '\n');
const users = new Set<string>();
const links: string[] = [];
for (const [u, m, r] of rows('ratings.csv')) {
  users.add(u!);
  if (Number(r) >= 4) links.push(JSON.stringify({ parent_id: `ml-user-${u}`, entity_id: `ml-${m}`, rel: 'liked' }));
}
const userLines = [...users].map((u) => JSON.stringify({ kind: 'entity', id: `ml-user-${u}`, type: 'user', name: `MovieLens user ${u}` }));
writeFileSync(join(out, 'users.jsonl'), [...userLines, ...links].join('\n') + '\n');
console.log(`${movies.length} movies, ${users.size} users, ${links.length} links → ${out}`);
