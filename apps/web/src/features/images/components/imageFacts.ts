import { useTranslation } from 'react-i18next';

/**
 * The facts a picture shows wherever it is listed (the gallery, the viewer, a dropped PNG),
 * worded once: its seed, or that none was reported, and its size in pixels.
 */
export function useImageFacts() {
  const { t } = useTranslation('images');
  return {
    seed: (seed: number | null) => (seed === null ? t('facts.seedUnknown') : String(seed)),
    size: ({ width, height }: { width: number; height: number }) =>
      t('facts.size', { width, height }),
  };
}
