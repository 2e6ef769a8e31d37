import type { GeneratedImage } from '@studio/contracts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNearViewport } from '../../../../components/markdown/MessageImage/useNearViewport';
import { useImageObjectUrl } from '../../hooks/useImageObjectUrl';
import type { GallerySource } from '../gallerySource';
import * as styles from './gallery.css';
import { shortPrompt } from './shortPrompt';

export interface GalleryThumbnailProps {
  image: GeneratedImage;
  source: GallerySource;
  onOpen: () => void;
}

/**
 * A gallery picture, fetched (or read from this browser) only once it nears the viewport, shown
 * from a blob: URL; a button that opens the viewer.
 */
export function GalleryThumbnail({ image, source, onOpen }: GalleryThumbnailProps) {
  const { t } = useTranslation('imageGallery');
  const frame = useRef<HTMLButtonElement>(null);
  const near = useNearViewport(frame);
  const picture = useImageObjectUrl(near ? image.fileUrl : null, (_fileUrl, signal) =>
    source.file(image, signal),
  );

  const label = t('item.open', { prompt: shortPrompt(image.prompt) });

  return (
    <button
      ref={frame}
      type="button"
      className={styles.thumbnailButton}
      // A picture that failed says so in its name too (its words are on the button).
      aria-label={picture.status === 'failed' ? `${t('item.unavailable')} ${label}` : label}
      onClick={onOpen}
    >
      {picture.status === 'ready' ? (
        <img
          className={styles.thumbnail}
          src={picture.url}
          alt=""
          width={image.width}
          height={image.height}
          decoding="async"
        />
      ) : null}
      {picture.status === 'failed' ? (
        <span className={styles.thumbnailStatus}>{t('item.unavailable')}</span>
      ) : null}
    </button>
  );
}
