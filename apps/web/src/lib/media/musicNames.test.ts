import type { MusicPiece } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../test/i18n';
import { pieceTitle } from './musicNames';

const en = createTestI18n('en').getFixedT('en', 'media');
const vi = createTestI18n('vi').getFixedT('vi', 'media');

const piece = (prompt: string): Pick<MusicPiece, 'title' | 'settings'> => ({
  title: prompt || 'Romantic pop',
  settings: {
    prompt,
    lyrics: null,
    instrumental: true,
    genre: 'pop',
    mood: 'romantic',
    tempo: 94,
    key: { tonic: 'D', mode: 'minor' },
    durationSeconds: 16,
    instruments: ['piano'],
    structure: ['verse'],
    seed: 1,
  },
});

describe("a piece's name in the reader's language", () => {
  it('names a piece without a prompt by its mood and genre, translated', () => {
    expect(pieceTitle(piece(''), en)).toBe('Romantic pop');
    expect(pieceTitle(piece(''), vi)).toBe('Pop lãng mạn');
  });

  it("keeps the user's own words when the piece has a prompt", () => {
    expect(pieceTitle(piece('Rainy night piano'), vi)).toBe('Rainy night piano');
  });
});
