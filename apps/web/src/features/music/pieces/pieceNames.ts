import type { MusicModel } from '@studio/contracts';
import type { TFunction } from 'i18next';

/** A model's name as shown: the offline composer's in the reader's language, a provider's as it is. */
export function modelName(model: Pick<MusicModel, 'provider' | 'name'>, t: TFunction): string {
  return model.provider === 'composer' ? t('model.composerName') : model.name;
}
