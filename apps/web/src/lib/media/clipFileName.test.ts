import { describe, expect, it } from 'vitest';
import { clipFileName } from './clipFileName';

describe('clipFileName', () => {
  it("names a clip by its text's first words and its format", () => {
    expect(clipFileName('Hello, world! This is a test of the voice.', 'mp3')).toBe(
      'hello-world-this-is-a-test.mp3',
    );
    expect(clipFileName('Short.', 'ogg')).toBe('short.ogg');
  });

  it('writes Vietnamese without its marks', () => {
    expect(clipFileName('Đường phố Hà Nội về đêm', 'wav')).toBe('duong-pho-ha-noi-ve-dem.wav');
  });

  it('stops at a whole word within 40 characters, and cuts one long word', () => {
    const name = clipFileName('Supercalifragilistic expialidocious antidisestablishment', 'mp3');
    expect(name).toBe('supercalifragilistic-expialidocious.mp3');
    expect(clipFileName('a'.repeat(60), 'mp3')).toBe(`${'a'.repeat(40)}.mp3`);
  });

  it('falls back to "voice" for a text without letters or digits', () => {
    expect(clipFileName('?!… —', 'mp3')).toBe('voice.mp3');
    expect(clipFileName('', 'wav')).toBe('voice.wav');
  });
});
