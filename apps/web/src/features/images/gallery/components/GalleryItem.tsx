import type { GeneratedImage } from '@studio/contracts';
import { Button, formatMoment, MediaCard } from '@studio/ui';
import { GitFork } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNearViewport } from '../../../../components/markdown/MessageImage/useNearViewport';
import { ImageActions } from '../../components/ImageActions';
import { useImageFacts } from '../../components/imageFacts';
import { useImageObjectUrl } from '../../../../lib/api/endpoints/images/useImageObjectUrl';
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
  const frame = useRef<HTMLElement>(null);
  const near = useNearViewport(frame);
  const picture = useImageObjectUrl(near ? image.fileUrl : null, (_fileUrl, signal) =>
    source.file(image, signal),
  );
  const openLabel = t('item.open', { prompt: shortPrompt(image.prompt) });

  return (
    <MediaCard
      as="li"
      mediaRef={frame}
      media={
        picture.status === 'ready' ? (
          <img
            src={picture.url}
            alt=""
            width={image.width}
            height={image.height}
            decoding="async"
          />
        ) : null
      }
      mediaStatus={picture.status === 'failed' ? t('item.unavailable') : undefined}
      openAction={{
        // A picture that failed says so in its name too (its words are on the button).
        label: picture.status === 'failed' ? `${t('item.unavailable')} ${openLabel}` : openLabel,
        onOpen,
      }}
      title={image.prompt || t('item.noPrompt')}
      titleTooltip={image.prompt}
      titleLines={3}
      details={[
        { label: t('item.model'), value: image.modelName },
        { label: t('item.seed'), value: facts.seed(image.seed) },
        { label: t('item.size'), value: facts.size(image) },
        {
          label: t('item.date'),
          value: (
            <time dateTime={image.createdAt}>{formatMoment(image.createdAt, i18n.language)}</time>
          ),
        },
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
