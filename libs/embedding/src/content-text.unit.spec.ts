import { describe, expect, it } from 'vitest';
import { textForContent, urlWords } from './content-text';

describe('urlWords', () => {
  it('turns a media file name into words', () => {
    expect(urlWords('https://x.com/img/red-leather-boots.jpg')).toBe('red leather boots');
    expect(urlWords('https://x.com/img/RedLeatherBoots.JPG?w=300#top')).toBe('red leather boots');
    expect(urlWords('https://cdn.example.org/Caf%C3%A9_Terrace_at_Night.webp')).toBe('café terrace at night');
  });

  it('adds up to two meaningful parent folders and drops storage jargon, numbers and hashes', () => {
    expect(urlWords('https://x.com/uploads/miles-davis/So_What.mp3')).toBe('so what miles davis');
    expect(urlWords('https://x.com/wp-content/uploads/2024/05/sunset-beach-1920x1080.jpg')).toBe('sunset beach');
    expect(urlWords('https://x.com/media/9f8e7d6c5b4a39281706/IMG_1234.jpeg')).toBe('');
    expect(urlWords('https://x.com/music/jazz/live/coltrane.flac')).toBe('coltrane live jazz');
  });

  it('copes with relative paths, bare hosts and malformed escapes', () => {
    expect(urlWords('/videos/cooking/pasta-carbonara.mp4')).toBe('pasta carbonara cooking');
    expect(urlWords('https://x.com/')).toBe('');
    expect(urlWords('https://x.com/bad%E0%A4%A-name.png')).toBe('bad name');
  });
});

describe('textForContent', () => {
  it('composes media items from title, description, alt text, content and URL words', () => {
    expect(
      textForContent({
        type: 'image',
        url: 'https://x.com/img/red-leather-boots.jpg',
        title: 'Autumn boots',
        alt: 'A pair of red boots on a wooden floor',
        description: 'Hand-made   in Italy',
      }),
    ).toBe('Autumn boots\nHand-made in Italy\nA pair of red boots on a wooden floor\nred leather boots');
    expect(textForContent({ type: 'image', url: 'https://x.com/img/red-leather-boots.jpg' })).toBe('red leather boots');
    expect(textForContent({ type: 'AUDIO', url: 'https://x.com/a/blue-train.mp3', content: 'Coltrane, 1957' })).toBe(
      'Coltrane, 1957\nblue train',
    );
  });

  it('never uses the URL for text items, so a text item without text stays empty', () => {
    expect(textForContent({ type: 'text', url: 'https://x.com/blog/jazz-history', title: 'Jazz history', content: 'Bebop began in the 1940s.' })).toBe(
      'Jazz history\nBebop began in the 1940s.',
    );
    expect(textForContent({ type: 'text', url: 'https://x.com/blog/jazz-history' })).toBe('');
    expect(textForContent({})).toBe('');
  });

  it('drops parts that repeat an earlier one', () => {
    expect(textForContent({ type: 'image', title: 'Red boots', alt: 'red  boots', url: 'https://x.com/red-boots.png' })).toBe('Red boots');
  });

  it('caps long text at a word boundary', () => {
    const content = 'word '.repeat(5000);
    const text = textForContent({ type: 'text', content }, { maxChars: 1000 });
    expect(text.length).toBeLessThanOrEqual(1000);
    expect(text.length).toBeGreaterThan(990);
    expect(text.endsWith('word')).toBe(true);
    expect(textForContent({ type: 'text', content }).length).toBeLessThanOrEqual(8000);
  });
});
