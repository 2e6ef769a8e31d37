import type { GeneratedImage } from '@studio/contracts';
import { Button, MediaCard } from '@studio/ui';
import { GitFork } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { madeDetail } from '../../../../components/media/mediaDetails';
import { useCardPicture } from '../../../../components/media/useCardPicture';
import { ImageActions } from '../../components/ImageActions';
import { useImageFacts } from '../../components/imageFacts';
import type { GallerySource } from '../gallerySource';
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

/**
 * One gallery picture as a MediaCard: the thumbnail (fetched, or read from this browser, only
 * once it nears the viewport, shown from a blob: URL) opens the viewer; its prompt (clamped),
 * model, seed, size, date and actions under it.
 */
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
  const picture = useCardPicture(image, source.file);
  const openLabel = t('item.open', { prompt: shortPrompt(image.prompt) });

  return (
    <MediaCard
      as="li"
      mediaRef={picture.mediaRef}
      media={picture.media}
      mediaStatus={picture.failed ? t('item.unavailable') : undefined}
      openAction={{
        // A picture that failed says so in its name too (its words are on the button).
        label: picture.failed ? `${t('item.unavailable')} ${openLabel}` : openLabel,
        onOpen,
      }}
      title={image.prompt || t('item.noPrompt')}
      titleTooltip={image.prompt}
      titleLines={3}
      details={[
        { label: t('item.model'), value: image.modelName },
        { label: t('item.seed'), value: facts.seed(image.seed) },
        { label: t('item.size'), value: facts.size(image) },
        madeDetail(t('item.date'), image.createdAt, i18n.language),
      ]}
      actions={
        <>
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
        </>
      }
    />
  );
}
