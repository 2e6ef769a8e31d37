import type { MusicModel, MusicPiece } from '@studio/contracts';
import type { TFunction } from 'i18next';

/**
 * A piece's name in the reader's language: the start of its prompt when it has one (the user's own
 * words), else its mood and genre, translated. The API's `title` says the latter in English only.
 */
export function pieceTitle(piece: Pick<MusicPiece, 'title' | 'settings'>, t: TFunction): string {
  if (piece.settings.prompt.trim()) return piece.title;
  // Both words go in lower case and the name is sentence-cased after: English puts the mood
  // first ("Calm lo-fi"), Vietnamese the genre ("Lo-fi bình yên").
  const name = t('piece.defaultTitle', {
    mood: t(`moods.${piece.settings.mood}`).toLocaleLowerCase(),
    genre: t(`genres.${piece.settings.genre}`).toLocaleLowerCase(),
  });
  return name.charAt(0).toLocaleUpperCase() + name.slice(1);
}

/** A model's name as shown: the offline composer's in the reader's language, a provider's as it is. */
export function modelName(model: Pick<MusicModel, 'provider' | 'name'>, t: TFunction): string {
  return model.provider === 'composer' ? t('model.composerName') : model.name;
}
