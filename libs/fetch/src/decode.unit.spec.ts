import { describe, expect, it } from 'vitest';
import { decodeBody, parseContentType, sniffHtmlCharset } from './decode';

describe('parseContentType', () => {
  it.each([
    [undefined, { essence: '' }],
    ['', { essence: '' }],
    ['text/html', { essence: 'text/html' }],
    ['Text/HTML; Charset="UTF-8"', { essence: 'text/html', charset: 'utf-8' }],
    ['text/plain; format=flowed; charset=ISO-8859-1', { essence: 'text/plain', charset: 'iso-8859-1' }],
    ['text/csv;charset=', { essence: 'text/csv' }],
  ])('%s', (header, expected) => {
    expect(parseContentType(header)).toEqual(expected);
  });
});

describe('decodeBody', () => {
  const latin1 = Buffer.from('caf\xe9', 'latin1');
  it('uses the header charset', () => {
    expect(decodeBody(latin1, { essence: 'text/plain', charset: 'iso-8859-1' }, false)).toBe('café');
  });
  it('defaults to UTF-8 and replaces invalid bytes', () => {
    expect(decodeBody(Buffer.from('café'), { essence: 'text/plain' }, false)).toBe('café');
    expect(decodeBody(latin1, { essence: 'text/plain' }, false)).toBe('caf\ufffd');
  });
  it('falls back to UTF-8 for unknown labels', () => {
    expect(decodeBody(Buffer.from('ok'), { essence: 'text/plain', charset: 'x-klingon' }, false)).toBe('ok');
  });
  it('lets a BOM win and strips it', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hé', 'utf16le')]);
    expect(decodeBody(utf16, { essence: 'text/plain', charset: 'iso-8859-1' }, false)).toBe('hé');
    expect(decodeBody(Buffer.from('\ufeffhi'), { essence: 'text/plain' }, false)).toBe('hi');
  });
  it('reads <meta charset> for HTML only', () => {
    const html = Buffer.concat([Buffer.from('<html><head><meta charset="windows-1252"></head><body>'), latin1]);
    expect(decodeBody(html, { essence: 'text/html' }, true)).toContain('café');
    expect(decodeBody(html, { essence: 'text/plain' }, false)).toContain('caf\ufffd');
    expect(sniffHtmlCharset(Buffer.from('<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">'))).toBe('shift_jis');
  });
});
