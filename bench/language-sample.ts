/**
 * Language sample on MovieLens (issue 17): ten users' /ask and /explain answers, printed as markdown for a
 * reader to judge (docs/language.md), and a check of the theme and cluster labels for URL, host or markup
 * tokens.
 *
 * The workspace holds every MovieLens movie (title, genres and tags as text, URL https://movielens.test/…);
 * each sampled user is linked to the movies they rated ≥ 4 (up to --links, in time order). The first five
 * users are asked a generic question ("What should I watch next?"), the other five a specific one built from
 * a genre they like; every user is explained. The choice of items is deterministic given the data; the wording
 * varies with the generated entity ids (the template seeds its phrasing with the anchor id).
 *
 * Usage: npm run bench -- language-sample -- --data ../shared/data/movielens [--users 10] [--links 60]
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startStack } from '@tg/test-stack';
import { parseCsv } from './quality';
import { arg, pool } from './support';

/** Tokens a label must never contain: URL parts, hosts and markup. */
const URL_TOKENS = /\b(com|www|https?|html?|example|movielens|test)\b|<|>|\.\w{2,4}\b/;

const SPECIFIC: Record<string, string> = {
  Comedy: 'Any comedies that would make me laugh tonight?',
  Drama: 'Which drama should I watch this weekend?',
  Thriller: 'Got a tense thriller for tonight?',
  Action: 'What action film should I put on?',
  'Sci-Fi': 'Any science fiction I would like?',
  Romance: 'A romantic film for date night?',
  Crime: 'Which crime movie should I see next?',
  Animation: 'Any animated films for the weekend?',
  Horror: 'Something scary for Halloween?',
  Adventure: 'An adventure film for a rainy Sunday?',
};

export async function run(args: string[]) {
  const dir = resolve(args.includes('--data') ? args[args.indexOf('--data') + 1]! : '../shared/data/movielens');
  for (const f of ['ratings.csv', 'movies.csv']) if (!existsSync(join(dir, f))) throw new Error(`--data ${dir}: ${f} not found`);
  const nUsers = arg(args, 'users', 10);
  const nLinks = arg(args, 'links', 60);

  const movies = parseCsv(readFileSync(join(dir, 'movies.csv'), 'utf8')).map(([id, title, genres]) => ({
    id: id!,
    title: title!,
    genres: (genres ?? '').split('|').filter((g) => g && g !== '(no genres listed)'),
  }));
  const byId = new Map(movies.map((m) => [m.id, m]));
  const tagsOf = new Map<string, Set<string>>();
  if (existsSync(join(dir, 'tags.csv'))) {
    for (const [, m, tag] of parseCsv(readFileSync(join(dir, 'tags.csv'), 'utf8'))) {
      let s = tagsOf.get(m!);
      if (!s) tagsOf.set(m!, (s = new Set()));
      if (tag?.trim()) s.add(tag.trim().toLowerCase());
    }
  }
  const liked = new Map<string, { m: string; t: number }[]>();
  for (const r of parseCsv(readFileSync(join(dir, 'ratings.csv'), 'utf8'))) {
    if (Number(r[2]) < 4) continue;
    let a = liked.get(r[0]!);
    if (!a) liked.set(r[0]!, (a = []));
    a.push({ m: r[1]!, t: Number(r[3]) });
  }
  // Every 7th user with at least 20 liked movies, so the sample spreads over the file.
  const users = [...liked.entries()]
    .filter(([, a]) => a.length >= 20)
    .sort((a, b) => Number(a[0]) - Number(b[0]))
    .filter((_, i) => i % 7 === 0)
    .slice(0, nUsers);

  const contentOf = (m: (typeof movies)[number]) => {
    const tags = [...(tagsOf.get(m.id) ?? [])].slice(0, 20);
    return {
      url: `https://movielens.test/movie/${m.id}`,
      type: 'text',
      title: m.title,
      content: `${m.genres.join(', ')}.${tags.length ? ` Tags: ${tags.join(', ')}.` : ''}`,
      skip_url_fetch: true,
      skip_media_enrich: true,
    };
  };

  const s = await startStack({ logLevel: 'silent', clusterDebounceMs: 2_000 });
  try {
    const ws = await s.workspace('bench-language-sample');
    await pool(Math.ceil(movies.length / 200), 4, async (p) => {
      const r = await ws.request('POST', '/entity/batch', { body: { content: movies.slice(p * 200, p * 200 + 200).map(contentOf) } });
      if (r.status !== 200) throw new Error(`batch: ${r.status}`);
    });
    const sections: string[] = [];
    const labels: string[] = [];
    let i = 0;
    for (const [uid, a] of users) {
      const u = await ws.request('POST', '/entity', { body: { type: 'user', name: `MovieLens user ${uid}` } });
      if (u.status !== 200) throw new Error(`user: ${u.status}`);
      const mine = a.sort((x, y) => x.t - y.t).slice(0, nLinks).map((x) => byId.get(x.m)).filter((m) => !!m);
      const lr = await ws.request('POST', '/entity/batch', { body: { content: mine.map(contentOf), entity_ids: mine.map(() => u.body.id) } });
      if (lr.status !== 200) throw new Error(`link: ${lr.status}`);
      const genreCount = new Map<string, number>();
      for (const m of mine) for (const g of m.genres) genreCount.set(g, (genreCount.get(g) ?? 0) + 1);
      const topGenre = [...genreCount].filter(([g]) => SPECIFIC[g]).sort((x, y) => y[1] - x[1])[0]?.[0] ?? 'Drama';
      const query = i < nUsers / 2 ? 'What should I watch next?' : SPECIFIC[topGenre]!;
      const q = { relative_to_entity_id: u.body.id, in_terms_of_entity_type: 'content' };
      const ask = await ws.request('POST', '/ask', { query: q, body: { query } });
      const explain = await ws.request('POST', '/explain', { query: q, body: { query: 'What kind of films do they like?' } });
      if (ask.status !== 200 || explain.status !== 200) throw new Error(`ask ${ask.status} explain ${explain.status}`);
      labels.push(...(explain.body.grounding.themes as { label: string }[]).map((t) => t.label));
      const likes = mine.slice(0, 4).map((m) => m.title).join('; ');
      sections.push(
        [
          `### User ${uid} (${mine.length} liked movies, e.g. ${likes})`,
          '',
          `**/ask** “${query}”`,
          '',
          `> ${String(ask.body.answer.content[0].text).replace(/\n+/g, '\n> ')}`,
          '',
          '**/explain** “What kind of films do they like?”',
          '',
          `> ${String(explain.body.explanation).replace(/\n+/g, '\n> ')}`,
        ].join('\n'),
      );
      i++;
    }
    // Clusters of the workspace's users and content, recomputed after the links (debounced).
    let clusterLabels: string[] = [];
    for (let tries = 0; tries < 60 && !clusterLabels.length; tries++) {
      const c = await ws.request('GET', '/clusters', { query: { entity_type: 'content', limit: 50 } });
      clusterLabels = ((c.body?.clusters ?? c.body?.results ?? []) as { label: string }[]).map((x) => x.label);
      if (!clusterLabels.length) await new Promise((r) => setTimeout(r, 500));
    }
    const bad = [...labels, ...clusterLabels].filter((l) => URL_TOKENS.test(l));
    const figures = { users: users.length, themeLabels: labels.length, clusterLabels: clusterLabels.length, labelsWithUrlTokens: bad.length };
    const markdown = [
      `Theme labels checked: ${labels.length} (explain) and ${clusterLabels.length} (content clusters); with URL, host or markup tokens: ${bad.length}${bad.length ? ` (${bad.join('; ')})` : ''}.`,
      '',
      `Cluster labels: ${clusterLabels.slice(0, 12).join('; ')}`,
      '',
      ...sections.flatMap((x) => [x, '']),
    ].join('\n');
    return { figures, markdown };
  } finally {
    await s.stop();
  }
}
