import { describe, expect, it } from 'vitest';
import { detectTextLanguage } from './textLanguage.ts';

describe('detectTextLanguage', () => {
  it('reads Vietnamese letters as Vietnamese', () => {
    expect(detectTextLanguage('Xin chào, hôm nay trời đẹp quá.')).toBe('vi');
    expect(detectTextLanguage('ĐƯỜNG PHỐ HÀ NỘI')).toBe('vi');
    // A whole text without tone marks still has its đ and horn vowels.
    expect(detectTextLanguage('đi đâu đó')).toBe('vi');
  });

  it('reads plain Latin letters as English, a borrowed word or two included', () => {
    expect(detectTextLanguage('The quick brown fox jumps over the lazy dog.')).toBe('en');
    expect(detectTextLanguage('We had a bowl of phở and a café latte this morning.')).toBe('en');
  });

  it('composes decomposed letters first (e + combining marks)', () => {
    expect(detectTextLanguage('Xin chào'.normalize('NFD') + ' các bạn'.normalize('NFD'))).toBe(
      'vi',
    );
  });

  it('has no answer for a text without letters', () => {
    expect(detectTextLanguage('')).toBeNull();
    expect(detectTextLanguage('  123 — 456 !!! ')).toBeNull();
  });
});
