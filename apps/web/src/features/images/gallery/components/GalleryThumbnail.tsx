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

  return (
    <button
      ref={frame}
      type="button"
      className={styles.thumbnailButton}
      aria-label={t('item.open', { prompt: shortPrompt(image.prompt) })}
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
      ) : (
        <span className={styles.thumbnailStatus} aria-busy={picture.status === 'loading'}>
          {picture.status === 'failed' ? t('item.unavailable') : t('item.loading')}
        </span>
      )}
    </button>
  );
}
