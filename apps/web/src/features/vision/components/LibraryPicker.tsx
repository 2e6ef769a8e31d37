import type { GeneratedImage } from '@studio/contracts';
import { EmptyState, MediaCard, Modal } from '@studio/ui';
import { Images } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PagedTiles } from '../../../components/PagedTiles';
import { useCardPicture } from '../../../components/media/useCardPicture';
import { queryOptions, usePagedQuery } from '../../../lib/query';
import type { PictureLibrary, PicturePage } from '../api/pictureSources';

export interface LibraryPickerProps {
  library: PictureLibrary;
  onPick: (image: GeneratedImage) => void;
  onClose: () => void;
}

function PictureTile({
  image,
  library,
  onPick,
}: {
  image: GeneratedImage;
  library: PictureLibrary;
  onPick: (image: GeneratedImage) => void;
}) {
  const { t } = useTranslation('vision');
  const picture = useCardPicture(image, library.file);
  return (
    <MediaCard
      as="li"
      mediaRef={picture.mediaRef}
      media={picture.media}
      aspectRatio="square"
      openAction={{
        label: t('library.pick', { prompt: image.prompt }),
        onOpen: () => onPick(image),
      }}
      title={image.prompt}
      titleTooltip={image.prompt}
      titleLines={2}
    />
  );
}

/** The person's generated pictures in a dialog, a page at a time: choosing one reads it. */
export function LibraryPicker({ library, onPick, onClose }: LibraryPickerProps) {
  const { t } = useTranslation('vision');
  const pages = usePagedQuery({
    query: queryOptions({
      queryKey: ['vision', 'library', library.owner],
      queryFn: (signal): Promise<PicturePage> => library.page(null, signal),
    }),
    items: (page: PicturePage) => page.images,
    idOf: (image: GeneratedImage) => image.id,
    withItems: (page, images) => ({ ...page, images }),
    nextOf: (page) => page.nextCursor,
    fetchPage: (cursor: string) => library.page(cursor),
    itemsOfPage: (next) => next.images,
    append: (latest, next, fresh) => ({
      images: [...latest.images, ...fresh],
      nextCursor: next.nextCursor,
    }),
  });
  return (
    <Modal.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Modal.Content
        size="lg"
        title={t('library.title')}
        description={
          library.owner === 'user' ? t('library.description') : t('library.visitorDescription')
        }
      >
        <Modal.Body>
          <PagedTiles
            list={pages}
            label={t('library.title')}
            minItemWidth="sm"
            placeholders={{ count: 3, height: '12rem' }}
            texts={{
              loading: t('library.loading'),
              loadFailed: t('library.loadFailed'),
              unavailableTitle: t('library.unavailableTitle'),
              unavailableDescription: t('library.unavailableDescription'),
              retry: t('library.retry'),
              loadMore: t('library.loadMore'),
              loadMoreFailed: (reason) => t('library.loadMoreFailed', { reason }),
            }}
            empty={
              <EmptyState
                headingLevel={3}
                bordered
                icon={<Images size={28} />}
                title={t('library.emptyTitle')}
                description={t('library.emptyDescription')}
              />
            }
            renderItem={(image) => <PictureTile image={image} library={library} onPick={onPick} />}
          />
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
