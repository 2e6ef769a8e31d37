import type { GeneratedImage, LibraryItem } from '@studio/contracts';
import { Badge, Button, formatMoment, MediaCard, useToast } from '@studio/ui';
import { Download } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNearViewport } from '../../../components/markdown/MessageImage/useNearViewport';
import { downloadImage } from '../../../lib/api/endpoints/images/downloadImage';
import { useImageObjectUrl } from '../../../lib/api/endpoints/images/useImageObjectUrl';
import { saveFile } from '../../../lib/api/endpoints/jobs/downloadJobResult';
import { useErrorText } from '../../../lib/api/useErrorText';
import { imageFileName } from '../../../lib/media/imageFileName';
import type { LibrarySource } from '../librarySource';
import { ItemMenu } from './ItemMenu';
import { shortName } from './toolLinks';

export interface ImageItemCardProps {
  item: Extract<LibraryItem, { kind: 'image' }>;
  source: LibrarySource;
  onOpen: (image: GeneratedImage) => void;
  onDelete: (item: LibraryItem) => void;
}

/**
 * A picture as the gallery shows it: the thumbnail (fetched, or read from this browser, once it
 * nears the viewport) opens it large; its prompt, model, size and date; its PNG to download.
 */
export function ImageItemCard({ item, source, onOpen, onDelete }: ImageItemCardProps) {
  const { t, i18n } = useTranslation('library');
  const describe = useErrorText();
  const { toast } = useToast();
  const { image } = item;
  const frame = useRef<HTMLElement>(null);
  const near = useNearViewport(frame);
  const picture = useImageObjectUrl(near ? image.fileUrl : null, (_fileUrl, signal) =>
    source.imageFile(image, signal),
  );
  const name = shortName(image.prompt);

  const download = async () => {
    try {
      // A user's picture comes named by the server; a visitor's is this browser's copy.
      saveFile(
        source.owner === 'user'
          ? await downloadImage(image)
          : { blob: await source.imageFile(image), fileName: imageFileName(image) },
      );
    } catch (error) {
      toast({ tone: 'critical', title: t('item.downloadFailed'), description: describe(error) });
    }
  };

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
      openAction={{ label: t('item.openPicture', { name }), onOpen: () => onOpen(image) }}
      title={image.prompt || t('item.noPrompt')}
      titleTooltip={image.prompt}
      titleLines={2}
      details={[
        { label: t('item.kind'), value: <Badge tone="neutral">{t('kinds.image')}</Badge> },
        { label: t('item.model'), value: image.modelName },
        { label: t('item.size'), value: `${image.width}×${image.height}` },
        {
          label: t('item.date'),
          value: (
            <time dateTime={image.createdAt}>{formatMoment(image.createdAt, i18n.language)}</time>
          ),
        },
      ]}
      actions={
        <>
          <Button
            size="sm"
            variant="secondary"
            icon={<Download size={16} aria-hidden="true" />}
            aria-label={t('item.downloadNamed', { name })}
            onClick={() => void download()}
          >
            {t('item.download')}
          </Button>
          <ItemMenu item={item} onDelete={onDelete} />
        </>
      }
    />
  );
}
