import type { GeneratedImage } from '@studio/contracts';
import { useTranslation } from 'react-i18next';
import { useImageObjectUrl } from '../../../lib/api/endpoints/images/useImageObjectUrl';
import * as styles from './studio.css';

export interface ImagePictureProps {
  image: GeneratedImage;
  className?: string;
}

/** A generated picture, its bytes fetched with the caller's credentials and shown from a blob: URL. */
export function ImagePicture({ image, className = styles.thumb }: ImagePictureProps) {
  const { t } = useTranslation('images');
  const picture = useImageObjectUrl(image.fileUrl);
  // The picture's own shape while it loads: nothing moves when it arrives (a new run brought
  // into view stays in view).
  const shape = { aspectRatio: `${image.width} / ${image.height}` };
  if (picture.status === 'failed') {
    return (
      <span className={styles.placeholder} style={shape}>
        {t('results.unavailable')}
      </span>
    );
  }
  if (picture.status === 'loading') {
    return (
      <span className={styles.placeholder} style={shape}>
        {t('results.loadingImage')}
      </span>
    );
  }
  return (
    <img
      className={className}
      src={picture.url}
      width={image.width}
      height={image.height}
      alt={t('results.alt', { number: image.index + 1, prompt: image.prompt })}
      decoding="async"
    />
  );
}
