import type { GeneratedImage } from '@studio/contracts';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  Heading,
  Inline,
  Skeleton,
  SkeletonGroup,
  Stack,
  Text,
  Tiles,
  useToast,
} from '@studio/ui';
import { Images } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../../lib/api/endpoints/jobs/downloadJobResult';
import { useErrorText } from '../../../../lib/api/useErrorText';
import { useConfirmedMutation } from '../../../../lib/query';
import { imageFileName } from '../../../../lib/media/imageFileName';
import { userGallerySource, visitorGallerySource } from '../gallerySource';
import { useGalleryPages } from '../hooks/useGalleryPages';
import { useSentinel } from '../../../../lib/useSentinel';
import { isVisitorStorageUnavailable } from '../../../../lib/visitor/visitorStorage';
import { useOpenVisitorStore } from '../visitorImages';
import { GalleryItem } from './GalleryItem';
import * as styles from './gallery.css';

// The family tree loads when a family is first asked for.
const FamilyDialog = lazy(() =>
  import('../../family/components/FamilyDialog').then((module) => ({
    default: module.FamilyDialog,
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
  const describe = useErrorText();
  const { toast } = useToast();
  const headingId = useId();
  const openVisitorStore = useOpenVisitorStore();
  const source = useMemo(
    () => (signedIn ? userGallerySource : visitorGallerySource(openVisitorStore)),
    [signedIn, openVisitorStore],
  );
  const pages = useGalleryPages(source);
  const { state, hasMore, loadingMore, loadMoreError, loadMore } = pages;
  const [family, setFamily] = useState<GeneratedImage | null>(null);
  const listRef = useRef<HTMLElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  // Set when a confirmed deletion took the focused card away: the list takes the keyboard once
  // the dialog has let go of it (its focus trap would take it back before).
  const focusListAfterDelete = useRef(false);
  const deletion = useConfirmedMutation({
    mutation: {
      mutationFn: async (image: GeneratedImage) => {
        const restore = pages.removeOptimistically(image.id);
        focusListAfterDelete.current = true;
        try {
          await source.remove(image.id);
        } catch (error) {
          restore();
          throw error;
        }
      },
    },
    // Gone from the list at once, back in it if the deletion is refused.
    waitForAnswer: false,
    onSuccess: () => toast({ tone: 'success', title: t('delete.done') }),
    onError: (error) =>
      toast({ tone: 'critical', title: t('delete.failed'), description: describe(error) }),
  });
  const deleting = deletion.target;
  useEffect(() => {
    if (deleting !== null || !focusListAfterDelete.current) return;
    focusListAfterDelete.current = false;
    listRef.current?.focus();
  }, [deleting]);

  const images = state.status === 'ready' ? state.images : [];
  // A failed page is not asked for again by scrolling: "Load more" retries it.
  useSentinel(sentinelRef, loadMore, hasMore && !loadingMore && !loadMoreError, images.length);

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

      {state.status === 'loading' ? (
        <SkeletonGroup label={t('loading')}>
          <Tiles minItemWidth="md">
            {[0, 1, 2].map((n) => (
              <Skeleton key={n} shape="rect" height="15rem" />
            ))}
          </Tiles>
        </SkeletonGroup>
      ) : null}

      {state.status === 'error' ? (
        <div role="alert" className={styles.notice}>
          <Text as="p" weight="semibold">
            {isVisitorStorageUnavailable(state.error) ? t('unavailable.title') : t('loadFailed')}
          </Text>
          <Text as="p" size="sm" tone="secondary">
            {isVisitorStorageUnavailable(state.error)
              ? t('unavailable.description')
              : describe(state.error)}
          </Text>
          <Button size="sm" variant="secondary" onClick={pages.retry}>
            {t('retry')}
          </Button>
        </div>
      ) : null}

      {state.status === 'ready' && images.length === 0 ? (
        <EmptyState
          headingLevel={3}
          bordered
          icon={<Images size={28} />}
          title={t('empty.title')}
          description={signedIn ? t('empty.description') : t('empty.visitorDescription')}
        />
      ) : null}

      {images.length > 0 ? (
        <Tiles
          as="ul"
          ref={listRef}
          tabIndex={-1}
          minItemWidth="md"
          aria-labelledby={headingId}
          aria-busy={(state.status === 'ready' && state.refreshing) || loadingMore || undefined}
        >
          {images.map((image, index) => (
            <GalleryItem
              key={image.id}
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
          ))}
        </Tiles>
      ) : null}

      {hasMore ? (
        <Stack gap="sm" align="center">
          <div ref={sentinelRef} className={styles.sentinel} />
          {loadMoreError ? (
            <Text as="p" role="alert" size="sm" tone="secondary">
              {t('loadMoreFailed', { reason: describe(loadMoreError) })}
            </Text>
          ) : null}
          <Button size="sm" variant="secondary" loading={loadingMore} onClick={loadMore}>
            {t('loadMore')}
          </Button>
        </Stack>
      ) : null}

      {family ? (
        <Suspense fallback={null}>
          <FamilyDialog
            image={family}
            source={source}
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
