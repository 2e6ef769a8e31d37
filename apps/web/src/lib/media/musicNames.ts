import type {
  MusicGenre,
  MusicInstrument,
  MusicMood,
  MusicOperation,
  MusicPiece,
} from '@studio/contracts';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/*
 * The music's words as the music creator and the library both show them, from the `media`
 * namespace: a genre's, a mood's, an instrument's and a family step's names, and a piece's title.
 */

/**
 * A piece's name in the reader's language: the start of its prompt when it has one (the user's own
 * words), else its mood and genre, translated. The API's `title` says the latter in English only.
 * `t` reads the `media` namespace.
 */
export function pieceTitle(piece: Pick<MusicPiece, 'title' | 'settings'>, t: TFunction): string {
  if (piece.settings.prompt.trim()) return piece.title;
  // Both words go in lower case and the name is sentence-cased after: English puts the mood
  // first ("Calm lo-fi"), Vietnamese the genre ("Lo-fi bình yên").
  const name = t('pieceTitle', {
    mood: t(`moods.${piece.settings.mood}`).toLocaleLowerCase(),
    genre: t(`genres.${piece.settings.genre}`).toLocaleLowerCase(),
  });
  return name.charAt(0).toLocaleUpperCase() + name.slice(1);
}

export interface MusicNames {
  genre: (genre: MusicGenre) => string;
  mood: (mood: MusicMood) => string;
  instrument: (instrument: MusicInstrument) => string;
  /** How a piece was made from its parent (extended, a section rewritten, a variation). */
  operation: (operation: MusicOperation) => string;
  pieceTitle: (piece: Pick<MusicPiece, 'title' | 'settings'>) => string;
}

/** The music's names in the reader's language (suspends until the `media` namespace is in). */
export function useMusicNames(): MusicNames {
  const { t } = useTranslation('media');
  return useMemo(
    () => ({
      genre: (genre) => t(`genres.${genre}`),
      mood: (mood) => t(`moods.${mood}`),
      instrument: (instrument) => t(`instruments.${instrument}`),
      operation: (operation) => t(`operations.${operation}`),
      pieceTitle: (piece) => pieceTitle(piece, t),
    }),
    [t],
  );
}
