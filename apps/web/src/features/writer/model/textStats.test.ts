import { describe, expect, it } from 'vitest';
import { characterCount, textStats } from './textStats';

describe('textStats', () => {
  it('counts nothing in an empty text', () => {
    expect(textStats('   ')).toEqual({ words: 0, characters: 3, readingMinutes: 0 });
  });

  it("leaves Markdown's marks out of the words", () => {
    const stats = textStats('# A title\n\n- **bold** item\n- [a link](https://example.com)');
    expect(stats.words).toBe(6);
  });

  it('counts Vietnamese words and letters as a reader sees them', () => {
    expect(textStats('Xin chào thế giới').words).toBe(4);
    // "ệ" written as e + two combining marks is one character.
    expect(characterCount('Vie\u0323\u0302t')).toBe(4);
    expect(characterCount('👍🏽 ok')).toBe(4);
  });

  it('gives a minute to read for a short text and more for a long one', () => {
    expect(textStats('one two three').readingMinutes).toBe(1);
    expect(textStats(Array.from({ length: 1190 }, () => 'word').join(' ')).readingMinutes).toBe(5);
  });
});
