import type { GeneratedImage } from '@studio/contracts';
import { Button, ConfirmDialog, EmptyState, Skeleton, SkeletonGroup, useToast } from '@studio/ui';
import { Images } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../../lib/api/endpoints/jobs/downloadJobResult';
import { useErrorText } from '../../../../lib/api/useErrorText';
import { useConfirmedMutation } from '../../../../lib/query';
import { imageFileName } from '../../api/imageFileName';
import { userGallerySource, visitorGallerySource } from '../gallerySource';
import { useGalleryPages } from '../hooks/useGalleryPages';
import { useSentinel } from '../hooks/useSentinel';
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
  const listRef = useRef<HTMLUListElement>(null);
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
    <section className={styles.gallery} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.heading}>
          {t('title')}
        </h2>
        {signedIn ? null : <p className={styles.muted}>{t('visitorNote')}</p>}
      </div>

      {state.status === 'loading' ? (
        <SkeletonGroup label={t('loading')}>
          <div className={styles.grid}>
            {[0, 1, 2].map((n) => (
              <Skeleton key={n} shape="rect" height="15rem" />
            ))}
          </div>
        </SkeletonGroup>
      ) : null}

      {state.status === 'error' && isVisitorStorageUnavailable(state.error) ? (
        <div role="alert" className={styles.notice}>
          <p className={styles.noticeTitle}>{t('unavailable.title')}</p>
          <p className={styles.muted}>{t('unavailable.description')}</p>
          <Button size="sm" variant="secondary" onClick={pages.retry}>
            {t('retry')}
          </Button>
        </div>
      ) : null}

      {state.status === 'error' && !isVisitorStorageUnavailable(state.error) ? (
        <div role="alert" className={styles.notice}>
          <p className={styles.noticeTitle}>{t('loadFailed')}</p>
          <p className={styles.muted}>{describe(state.error)}</p>
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
        <ul
          ref={listRef}
          tabIndex={-1}
          className={styles.grid}
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
        </ul>
      ) : null}

      {hasMore ? (
        <div className={styles.more}>
          <div ref={sentinelRef} className={styles.sentinel} />
          {loadMoreError ? (
            <p role="alert" className={styles.muted}>
              {t('loadMoreFailed', { reason: describe(loadMoreError) })}
            </p>
          ) : null}
          <Button size="sm" variant="secondary" loading={loadingMore} onClick={loadMore}>
            {t('loadMore')}
          </Button>
        </div>
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
    </section>
  );
}
