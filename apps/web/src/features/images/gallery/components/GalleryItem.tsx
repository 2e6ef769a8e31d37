import type { GeneratedImage } from '@studio/contracts';
import { formatMoment } from '@studio/ui';
import { Button } from '@studio/ui';
import { GitFork } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ImageActions } from '../../components/ImageActions';
import { useImageFacts } from '../../components/imageFacts';
import type { GallerySource } from '../gallerySource';
import { GalleryThumbnail } from './GalleryThumbnail';
import * as styles from './gallery.css';
import { shortPrompt } from './shortPrompt';

export interface GalleryItemProps {
  image: GeneratedImage;
  source: GallerySource;
  onOpen: () => void;
  onReuse: (image: GeneratedImage) => void;
  onIterate: (image: GeneratedImage) => void;
  onVariation: (image: GeneratedImage) => void;
  onDelete: (image: GeneratedImage) => void;
  onFamily: (image: GeneratedImage) => void;
  /** Set for a visitor's images: the browser's copy is saved (the server's lasts a day). */
  onDownload?: (image: GeneratedImage) => Promise<void>;
}

/** One gallery picture: the thumbnail, its prompt (clamped), model, seed, size, date and actions. */
export function GalleryItem({
  image,
  source,
  onOpen,
  onReuse,
  onIterate,
  onVariation,
  onDelete,
  onFamily,
  onDownload,
}: GalleryItemProps) {
  const { t, i18n } = useTranslation('imageGallery');
  const facts = useImageFacts();
  return (
    <li className={styles.item}>
      <GalleryThumbnail image={image} source={source} onOpen={onOpen} />
      <p className={styles.prompt} title={image.prompt}>
        {image.prompt || t('item.noPrompt')}
      </p>
      <dl className={styles.details}>
        <dt className={styles.term}>{t('item.model')}</dt>
        <dd className={styles.value}>{image.modelName}</dd>
        <dt className={styles.term}>{t('item.seed')}</dt>
        <dd className={styles.value}>{facts.seed(image.seed)}</dd>
        <dt className={styles.term}>{t('item.size')}</dt>
        <dd className={styles.value}>{facts.size(image)}</dd>
        <dt className={styles.term}>{t('item.date')}</dt>
        <dd className={styles.value}>
          <time dateTime={image.createdAt}>{formatMoment(image.createdAt, i18n.language)}</time>
        </dd>
      </dl>
      <div className={styles.itemFooter}>
        <ImageActions
          image={image}
          onReuse={onReuse}
          onIterate={onIterate}
          onVariation={onVariation}
          onDelete={onDelete}
          onDownload={onDownload}
        />
        <Button
          size="sm"
          variant="ghost"
          icon={<GitFork size={16} aria-hidden="true" />}
          aria-label={t('item.familyOf', { prompt: shortPrompt(image.prompt) })}
          onClick={() => onFamily(image)}
        >
          {t('item.family')}
        </Button>
      </div>
    </li>
  );
}
