import { describe, expect, it } from 'vitest';
import { API_KEY_PATTERN, canonicalKey, styledKey } from './keys';

describe('key prefixes', () => {
  it('maps a Galya-style key to the same random part under our prefix', () => {
    expect(canonicalKey('galya_wsk_Abc123')).toBe('tg_wsk_Abc123');
    expect(canonicalKey('galya_sk_Abc123')).toBe('tg_sk_Abc123');
    expect(canonicalKey('galya_pk_Abc123')).toBe('tg_pk_Abc123');
    expect(canonicalKey('tg_wsk_Abc123')).toBe('tg_wsk_Abc123');
    // Only a leading prefix counts; nothing else is rewritten.
    expect(canonicalKey('xgalya_wsk_Abc')).toBe('xgalya_wsk_Abc');
    expect(canonicalKey('galya_wskAbc')).toBe('galya_wskAbc');
    expect(canonicalKey('')).toBe('');
  });
  it('prints a key in either style, round trip', () => {
    expect(styledKey('tg_wsk_Q1', 'galya')).toBe('galya_wsk_Q1');
    expect(styledKey('galya_sk_Q1', 'tg')).toBe('tg_sk_Q1');
    expect(styledKey('galya_sk_Q1', 'galya')).toBe('galya_sk_Q1');
    expect(canonicalKey(styledKey('tg_sk_Q1', 'galya'))).toBe('tg_sk_Q1');
  });
  it('finds keys of both styles inside text', () => {
    const text = 'bad key galya_wsk_AAA and tg_sk_BBB, not galyawsk';
    expect(text.match(API_KEY_PATTERN)).toEqual(['galya_wsk_AAA', 'tg_sk_BBB']);
  });
});
