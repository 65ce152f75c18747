import { Readability } from '@mozilla/readability';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { extractHtml, normalizeWhitespace } from './extract-html';

afterEach(() => {
  vi.restoreAllMocks();
});

const paragraph = (n: number) =>
  `<p>Paragraph ${n} of the essay explains, at some length, why slow cooking brings out flavour in root vegetables,
   and how the <em>Maillard</em> reaction&nbsp;differs from caramelisation in everyday kitchens.</p>`;

const ARTICLE = `<!doctype html>
<html lang="en-GB"><head>
  <title>Slow Cooking | The Kitchen Blog</title>
  <meta property="og:title" content="Why slow cooking works">
  <meta name="description" content="A short essay on heat and time.">
  <meta property="og:site_name" content="The Kitchen Blog">
  <script>var tracking = "SCRIPT-NOISE";</script>
  <style>body { color: red } /* STYLE-NOISE */</style>
</head><body>
  <nav><a href="/">Home</a> <a href="/recipes">NAV-RECIPES</a> <a href="/about">NAV-ABOUT</a></nav>
  <header><img src="/logo.png" alt="Kitchen Blog logo"> SITE-HEADER</header>
  <article>
    <h1>Why slow cooking works</h1>
    ${[1, 2, 3, 4, 5, 6].map(paragraph).join('\n')}
    <figure><img src="/carrots.jpg" alt="Roasted carrots on a tray"><figcaption>Carrots after three hours.</figcaption></figure>
    <img src="/pot.jpg" alt="  A  cast-iron   pot ">
    <img src="/spacer.gif" alt="">
  </article>
  <aside>SIDEBAR-ADS buy now</aside>
  <footer>FOOTER-COPYRIGHT 2024 The Kitchen Blog. All rights reserved.</footer>
</body></html>`;

describe('extractHtml', () => {
  it('extracts metadata, main text and content image alts, dropping boilerplate', () => {
    const out = extractHtml(ARTICLE, 'https://kitchen.example/slow');
    expect(out.title).toBe('Why slow cooking works');
    expect(out.description).toBe('A short essay on heat and time.');
    expect(out.siteName).toBe('The Kitchen Blog');
    expect(out.lang).toBe('en-GB');
    expect(out.text).toContain('Paragraph 1 of the essay explains, at some length, why slow cooking');
    expect(out.text).toContain('how the Maillard reaction differs from caramelisation');
    expect(out.text).toContain('Paragraph 6');
    for (const noise of ['NAV-RECIPES', 'SITE-HEADER', 'SIDEBAR-ADS', 'FOOTER-COPYRIGHT', 'SCRIPT-NOISE', 'STYLE-NOISE']) {
      expect(out.text).not.toContain(noise);
    }
    expect(out.text).not.toMatch(/\s{2,}/);
    expect(out.imageAlts).toEqual(['Roasted carrots on a tray', 'A cast-iron pot']);
  });

  it('separates block elements that touch in the source', () => {
    const html = `<html><body><article>${[1, 2, 3, 4, 5].map((n) => `<p>Block${n} ${'words '.repeat(30)}</p>`).join('')}</article></body></html>`;
    expect(extractHtml(html, 'https://x.example/').text).toMatch(/words Block2 words/);
  });

  it('falls back to <title>, meta description, twitter tags and Content-Language', () => {
    const html = `<html><head><title> Plain   title </title><meta name="twitter:description" content="Tweet desc">
      <meta http-equiv="Content-Language" content="fr"><meta name="application-name" content="App"></head>
      <body><p>Bonjour tout le monde.</p></body></html>`;
    const out = extractHtml(html, 'https://x.example/');
    expect(out).toMatchObject({ title: 'Plain title', description: 'Tweet desc', lang: 'fr', siteName: 'App' });
    expect(out.text).toBe('Bonjour tout le monde.');
  });

  it('prefers og:description over the meta description', () => {
    const html = `<html><head><meta name="description" content="meta"><meta property="og:description" content="og"></head><body><p>x</p></body></html>`;
    expect(extractHtml(html, 'https://x.example/').description).toBe('og');
  });

  it('copes with fragments, empty input and documents without a body', () => {
    expect(extractHtml('<p>Hello <b>fragment</b></p>', 'https://x.example/').text).toBe('Hello fragment');
    expect(extractHtml('', 'https://x.example/')).toEqual({ text: '', imageAlts: [] });
    expect(extractHtml('<html><head><title>Only title</title></head></html>', 'https://x.example/')).toEqual({
      title: 'Only title',
      text: '',
      imageAlts: [],
    });
  });

  it('runs Readability on an ordinary article (the spy below would see it)', () => {
    const parse = vi.spyOn(Readability.prototype, 'parse');
    extractHtml(ARTICLE, 'https://x.example/');
    expect(parse).toHaveBeenCalledOnce();
  });

  it('skips Readability on pathologically deep pages and still returns the body text quickly', () => {
    const depth = 20_000;
    const html = `<html><body><nav>NAV</nav>${'<div>'.repeat(depth)}deep text <img src="a.png" alt="Deep picture">${'</div>'.repeat(depth)}</body></html>`;
    const parse = vi.spyOn(Readability.prototype, 'parse');
    const out = extractHtml(html, 'https://x.example/');
    // Bounded work is the point (Readability on linkedom takes minutes at this depth): it must not run at all.
    expect(parse).not.toHaveBeenCalled();
    expect(out).toEqual({ text: 'deep text', imageAlts: ['Deep picture'] });
  });

  it('skips Readability on pages with very many elements', () => {
    const html = `<html><body><nav>NAV</nav>${'<div><p>cell</p></div>'.repeat(10_000)}</body></html>`;
    const parse = vi.spyOn(Readability.prototype, 'parse');
    const out = extractHtml(html, 'https://x.example/');
    expect(parse).not.toHaveBeenCalled();
    expect(out.text.startsWith('cell cell')).toBe(true);
    expect(out.text).not.toContain('NAV');
  });
});

describe('normalizeWhitespace', () => {
  it('collapses spaces, tabs, newlines and NBSP and trims', () => {
    expect(normalizeWhitespace(' a\t\tb\n\nc\u00a0 d  ')).toBe('a b c d');
  });
});
