import type { GeneratedImage } from '@studio/contracts';
import { ConfirmDialog, EmptyState, Heading, Inline, Stack, Text } from '@studio/ui';
import { Images } from 'lucide-react';
import { lazy, Suspense, useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTiles } from '../../../../components/PagedTiles';
import { useOptimisticDeletion } from '../../../../components/useOptimisticDeletion';
import { saveFile } from '../../../../lib/api/endpoints/jobs/downloadJobResult';
import { imageFileName } from '../../../../lib/media/imageFileName';
import { galleryQueryKey } from '../api/listGallery';
import { userGallerySource, visitorGallerySource } from '../gallerySource';
import { useGalleryPages } from '../hooks/useGalleryPages';
import { useOpenVisitorStore } from '../visitorImages';
import { GalleryItem } from './GalleryItem';

// The family tree loads when a family is first asked for.
const ImageFamilyDialog = lazy(() =>
  import('../../../../components/family/ImageFamilyDialog').then((module) => ({
    default: module.ImageFamilyDialog,
  })),
);

export interface GalleryProps {
  /** Signed in: the server's gallery; a visitor: the pictures kept in this browser. */
  signedIn: boolean;
  onReuse: (image: GeneratedImage) => void;
  onIterate: (image: GeneratedImage) => void;
  onVariation: (image: GeneratedImage) => void;
  /** Opens the viewer on `images[index]` (it cycles through `images`). */
  onOpen: (images: GeneratedImage[], index: number) => void;
}

/**
 * Every picture the person made, newest first: the next page loads as the end of the list nears
 * the viewport (or with "Load more"); each with reuse, iterate, variation, download, delete and
 * its family tree. A deletion is confirmed, shown at once and undone if the server refuses.
 */
export function Gallery({ signedIn, onReuse, onIterate, onVariation, onOpen }: GalleryProps) {
  const { t } = useTranslation('imageGallery');
  const headingId = useId();
  const openVisitorStore = useOpenVisitorStore();
  const source = useMemo(
    () => (signedIn ? userGallerySource : visitorGallerySource(openVisitorStore)),
    [signedIn, openVisitorStore],
  );
  const pages = useGalleryPages(source);
  const [family, setFamily] = useState<GeneratedImage | null>(null);
  const { deletion, listRef } = useOptimisticDeletion({
    list: pages,
    remove: (image: GeneratedImage) => source.remove(image.id),
    texts: { done: t('delete.done'), failed: t('delete.failed') },
  });

  // A visitor's picture is saved from this browser's copy: the server keeps it a day only.
  const downloadStored = useCallback(
    async (image: GeneratedImage) =>
      saveFile({ blob: await source.file(image), fileName: imageFileName(image) }),
    [source],
  );

  return (
    <Stack as="section" gap="md" aria-labelledby={headingId}>
      <Inline gap="sm" align="baseline">
        <Heading level={3} as="h2" id={headingId}>
          {t('title')}
        </Heading>
        {signedIn ? null : (
          <Text as="p" size="sm" tone="secondary">
            {t('visitorNote')}
          </Text>
        )}
      </Inline>

      <PagedTiles
        list={pages}
        labelledBy={headingId}
        listRef={listRef}
        minItemWidth="md"
        placeholders={{ count: 3, height: '15rem' }}
        loadsAhead
        texts={{
          loading: t('loading'),
          loadFailed: t('loadFailed'),
          unavailableTitle: t('unavailable.title'),
          unavailableDescription: t('unavailable.description'),
          retry: t('retry'),
          loadMore: t('loadMore'),
          loadMoreFailed: (reason) => t('loadMoreFailed', { reason }),
        }}
        empty={
          <EmptyState
            headingLevel={3}
            bordered
            icon={<Images size={28} />}
            title={t('empty.title')}
            description={signedIn ? t('empty.description') : t('empty.visitorDescription')}
          />
        }
        renderItem={(image, index, images) => (
          <GalleryItem
            image={image}
            source={source}
            onOpen={() => onOpen(images, index)}
            onReuse={onReuse}
            onIterate={onIterate}
            onVariation={onVariation}
            onDelete={deletion.ask}
            onFamily={setFamily}
            onDownload={signedIn ? undefined : downloadStored}
          />
        )}
      />

      {family ? (
        <Suspense fallback={null}>
          <ImageFamilyDialog
            image={family}
            // Under the gallery's key: a new picture (possibly a new member) or a deletion reads
            // the family again along with the gallery.
            queryKey={[...galleryQueryKey, source.owner, 'family', family.id]}
            loadFamily={(signal) => source.family(family, signal)}
            loadFile={source.file}
            onOpenChange={(open) => {
              if (!open) setFamily(null);
            }}
            onOpen={(members, index) => {
              setFamily(null);
              onOpen(members, index);
            }}
          />
        </Suspense>
      ) : null}

      <ConfirmDialog
        {...deletion.dialog}
        tone="danger"
        title={t('delete.title')}
        description={t('delete.description')}
        confirmLabel={t('delete.confirm')}
      />
    </Stack>
  );
}
