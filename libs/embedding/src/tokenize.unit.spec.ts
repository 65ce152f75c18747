import { describe, expect, it } from 'vitest';
import { forEachKnownToken, normalizeText } from './tokenize';

const VOCAB = new Map(
  ['the', 'jazz', 'club', 'do', 'not', 'can', 'will', 'parker', 'oneill', 'cafe', 'naive', 'well-known', 'hip-hop', 'post', 'bebop', 'covid', 'mp3', 'stop', 'rock', 'roll', 'g20'].map(
    (w, i) => [w, i] as const,
  ),
);

function known(text: string): string[] {
  const out: string[] = [];
  forEachKnownToken(text, VOCAB, (rank, word) => {
    expect(VOCAB.get(word)).toBe(rank);
    out.push(word);
  });
  return out;
}

describe('normalizeText', () => {
  it('lowercases and folds accents, curly apostrophes and unicode hyphens', () => {
    expect(normalizeText('Café NAÏVE')).toBe('cafe naive');
    expect(normalizeText('Don’t')).toBe("don't");
    expect(normalizeText('hip\u2010hop')).toBe('hip-hop');
  });
});

describe('forEachKnownToken', () => {
  it('keeps known words in order, with repeats, and skips unknown ones and punctuation', () => {
    expect(known('The JAZZ club, the zzyzx club!')).toEqual(['the', 'jazz', 'club', 'the', 'club']);
  });

  it('keeps hyphenated compounds whole when known and splits them otherwise', () => {
    expect(known('a well-known hip-hop post-bebop act')).toEqual(['well-known', 'hip-hop', 'post', 'bebop']);
  });

  it('handles negations, possessives and inner apostrophes', () => {
    expect(known("Don't stop")).toEqual(['do', 'not', 'stop']);
    expect(known("can't won't")).toEqual(['can', 'not', 'will', 'not']);
    expect(known("Parker's club")).toEqual(['parker', 'club']);
    expect(known("O'Neill’s café")).toEqual(['oneill', 'cafe']);
    expect(known("rock'n'roll")).toEqual(['rock', 'roll']);
  });

  it('drops pure numbers but keeps known alphanumerics and the word inside unknown ones', () => {
    expect(known('1959 jazz 3.5 mp3 g20 covid19')).toEqual(['jazz', 'mp3', 'g20', 'covid']);
  });

  it('finds nothing in empty, numeric or foreign-script text', () => {
    expect(known('')).toEqual([]);
    expect(known('12345 !!! ...')).toEqual([]);
    expect(known('ジャズ クラブ')).toEqual([]);
  });
});
